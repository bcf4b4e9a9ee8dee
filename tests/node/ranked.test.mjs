// Issue 7's ranked measures through the JS API: everything `irlens eval` offers is a measure
// name (aggregation by geometric mean, gain presets, discounts, IPrec curve points, RBP's
// residual, condensed lists, TBG / U / sDCG with their side inputs), so evaluate() reaches it; and
// preference judgments (trec_eval -R prefs / qrels_prefs) through loadPrefs, trecEval and
// evaluate. Hand-checked values in the comments; the rest equal to the native CLI's.
// Run: IRLENS_DIST=build-wasm/dist IRLENS_NATIVE=build/cli/irlens node --test tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { irlens, node, noNative, cli, close } from './native-cli.mjs';

const EX = fileURLToPath(new URL('../../examples/', import.meta.url));
const RUNS = ['bm25.run', 'dense.run', 'hybrid.run', 'shuffled.run'];
const read = (name) => readFileSync(join(EX, name), 'utf8');
const q = irlens.loadQrels(read('qrels.txt'), { name: join(EX, 'qrels.txt') });
const runs = RUNS.map((r) => irlens.loadRun(q, read(r), { name: r }));
const docLengths = irlens.loadDocLengths(read('doc-lengths.tsv'), { name: 'doc-lengths.tsv' });
const sessions = irlens.loadSessions(read('sessions.tsv'), { name: 'sessions.tsv' });

const MEASURES = ['AP(agg=gmean)', 'P(agg=gmean)@5', 'nDCG(gains=exp)@5', 'nDCG(gains={0:0,1:1,2:5})@5', 'nDCG(dcg=jk,b=2)@5',
  'nDCG(dcg=1+logb,b=3)@5', 'nDCG(dcg=exp-log2)@10', 'DCG@5', 'AP(denom=min)@3', 'IPrec@0', 'IPrec@0.5', 'IPrec@1', 'IPrecAvg',
  'Rprec', 'Q', 'Q(beta=0)', 'RMeasure', 'PMeasure', 'OMeasure', 'P+', 'ERR@5', 'nERR@5', 'ERR(max_grade=4)@5', 'RBP(p=0.5)',
  'RBP(p=0.5,rel=2)', 'RBPResid(p=0.5)', 'Bpref', 'BprefR', 'BprefN', 'SetP', 'SetR', 'SetF(beta=0.5)', 'F@5', 'E@5',
  'AP(judged_only=True)', 'nDCG(judged_only=True)@5', 'TBG', 'TBG@3', 'U', 'U(L=1000)@5', 'sDCG', 'sDCG@2'];

test('aggregation, gains, denominators: hand-checked through evaluate', () => {
  const res = irlens.evaluate(q, runs, ['AP', 'AP(agg=gmean)', 'Q(beta=0)', 'P@5', 'P(agg=gmean)@5', 'nDCG(gains=exp)@5', 'nDCG(gains={0:0,1:1,2:3})@5']);
  for (const run of RUNS) {
    const r = res.runs[run];
    const ap = Object.values(r.perTopic).map((row) => row.AP);
    // GMAP: exp(mean(log(max(AP, 1e-5)))) (trec_eval's gm_map).
    close(r.mean['AP(agg=gmean)'], Math.exp(ap.reduce((s, v) => s + Math.log(Math.max(v, 1e-5)), 0) / ap.length), run);
    // Q with beta = 0 is AP, topic by topic (Sakai Eq. 12).
    for (const row of Object.values(r.perTopic)) close(row['Q(beta=0)'], row.AP, run);
    // exp gains are 2^g - 1: 0, 1, 3 for the example's grades 0, 1, 2.
    for (const row of Object.values(r.perTopic)) close(row['nDCG(gains=exp)@5'], row['nDCG(gains={0:0,1:1,2:3})@5'], run);
  }
  // bm25, P@5 = 0.4 on every topic (examples/README.md): the geometric mean is 0.4 too.
  close(res.runs['bm25.run'].mean['P(agg=gmean)@5'], 0.4);
});

test('recall-precision curve points and RBP residuals are measure names', () => {
  const levels = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
  const res = irlens.evaluate(q, runs, levels.map((x) => `IPrec@${x}`));
  assert.deepEqual(res.measures, levels.map((x) => `IPrec@${x}`));
  for (const r of Object.values(res.runs)) {
    const curve = res.measures.map((m) => r.mean[m]);
    assert.ok(curve.every((v, i) => i === 0 || v <= curve[i - 1] + 1e-15), 'interpolated precision never rises');
  }
  // RBPResid: the RBP weight of the unjudged ranks plus the tail beyond the list (trec_eval). bm25,
  // topic 101: 8 documents, d09 at rank 4 not judged: (1 - p) p^3 + p^8. shuffled.run retrieves
  // judged documents only: 0 (trec_eval's rule).
  const rbp = irlens.evaluate(q, runs, ['RBPResid(p=0.5)']);
  close(rbp.runs['bm25.run'].perTopic['101']['RBPResid(p=0.5)'], 0.5 * 0.5 ** 3 + 0.5 ** 8);
  assert.equal(rbp.runs['shuffled.run'].mean['RBPResid(p=0.5)'], 0);
});

test('TBG, U and sDCG: usable once their side input is loaded, the core\'s message otherwise', () => {
  assert.throws(() => irlens.evaluate(q, runs, ['TBG']), (e) => e.name === 'UsageError' && /document lengths/.test(e.message));
  assert.throws(() => irlens.evaluate(q, runs, ['U']), (e) => e.name === 'UsageError' && /document lengths/.test(e.message));
  assert.throws(() => irlens.evaluate(q, runs, ['sDCG']), (e) => e.name === 'UsageError' && /session/.test(e.message));
  const res = irlens.evaluate(q, runs, ['TBG', 'U', 'sDCG'], { docLengths, sessions });
  for (const r of Object.values(res.runs)) for (const m of res.measures) assert.ok(Number.isFinite(r.mean[m]), m);
});

test('every ranked measure above equals `irlens eval` on the example collection', { skip: noNative }, () => {
  const ev = JSON.parse(cli(['eval', join(EX, 'qrels.txt'), ...RUNS.map((r) => join(EX, r)), '-m', MEASURES.join(' '),
    '--doc-lengths', join(EX, 'doc-lengths.tsv'), '--sessions', join(EX, 'sessions.tsv'), '-q', '-f', 'json']));
  const wasm = irlens.evaluate(q, runs, MEASURES, { docLengths, sessions });
  assert.deepEqual(wasm.measures, ev.measures);
  let compared = 0;
  for (const [run, entry] of Object.entries(ev.runs)) {
    for (const m of ev.measures) {
      const v = entry.mean[m], w = wasm.runs[run].mean[m];
      assert.ok(v === null ? w === null : Math.abs(w - v) <= 1e-12, `${run} ${m}: native ${v} wasm ${w}`);
    }
    for (const [topic, row] of Object.entries(entry.per_topic))
      for (const [m, v] of Object.entries(row)) {
        const w = wasm.runs[run].perTopic[topic][m];
        assert.ok(v === null ? w === null : Math.abs(w - v) <= 1e-12, `${run} ${topic} ${m}: native ${v} wasm ${w}`);
        compared++;
      }
  }
  assert.ok(compared >= MEASURES.length * 10, `compared ${compared}`);
});

// Preferences: topic 1, one judgment group whose single sub-group grades a 2, b 1, c 0: a > b,
// a > c, b > c. The run ranks b a c: a > c and b > c are fulfilled, a > b is not.
const PREFS = '1 g1 s1 a 2\n1 g1 s1 b 1\n1 g1 s1 c 0\n';
const PREFS_RUN = '1 Q0 b 1 3 t\n1 Q0 a 2 2 t\n1 Q0 c 3 1 t\n';

test('loadPrefs: trecEval -R prefs and evaluate\'s preference measures', () => {
  const prefs = irlens.loadPrefs(PREFS, { name: 'prefs.txt' });
  assert.ok(prefs instanceof irlens.Qrels);
  assert.deepEqual(prefs.prefsInfo, { name: 'prefs.txt', format: 'prefs', lines: 3 });
  const run = irlens.loadRun(prefs, PREFS_RUN, { name: 'r' });
  // 2 of the 3 preferences fulfilled.
  close(irlens.evaluate(prefs, [run], ['PrefsSimp']).runs.r.mean.PrefsSimp, 2 / 3);
  const out = irlens.trecEval(prefs, run, ['-R', 'prefs', '-m', 'prefs_simp', '-m', 'prefs_num_prefs_poss']);
  assert.match(out, /^prefs_num_prefs_poss\s+\tall\t3\n/m);
  assert.match(out, /^prefs_simp\s+\tall\t0\.6667\n/m);
  // The format must match the -R flag, and qrels are not preferences.
  assert.throws(() => irlens.trecEval(prefs, run, ['-R', 'qrels_prefs', '-m', 'all_prefs']), { name: 'UsageError', message: "-R qrels_prefs: load the judgments with loadPrefs(data, {format: 'qrels_prefs'})" });
  assert.throws(() => irlens.trecEval(prefs, run, ['-m', 'P.5']), (e) => e.name === 'UsageError' && /loaded as preferences/.test(e.message));
  const plainRun = irlens.loadRun(q, read('bm25.run'));
  assert.throws(() => irlens.trecEval(q, plainRun, ['-R', 'prefs', '-m', 'all_prefs']), { name: 'UsageError', message: "-R prefs: load the judgments with loadPrefs(data, {format: 'prefs'})" });
  assert.throws(() => irlens.evaluate(q, [plainRun], ['PrefsSimp']), (e) => e.name === 'UsageError' && /prefer/.test(e.message));
  // Bad input: file and line; a doc twice in a sub-group names both lines.
  assert.throws(() => irlens.loadPrefs('1 g1 s1 a 2\n1 g1 s1 a 1\n', { name: 'dup.prefs' }), (e) => e.name === 'InputError' && e.file === 'dup.prefs' && e.line === 2);
  assert.throws(() => irlens.loadPrefs(PREFS, { format: 'xml' }), (e) => e.name === 'UsageError' && /prefs or qrels_prefs/.test(e.message));
  // Streaming gives the same judgments whatever the chunking.
  const reader = irlens.prefsReader('chunks', { format: 'prefs' });
  for (let i = 0; i < PREFS.length; i += 5) reader.feed(PREFS.slice(i, i + 5));
  const chunked = reader.finish();
  assert.equal(irlens.trecEval(chunked, irlens.loadRun(chunked, PREFS_RUN), ['-R', 'prefs', '-m', 'all_prefs']), irlens.trecEval(prefs, run, ['-R', 'prefs', '-m', 'all_prefs']));
});

test('preferences: the bytes of `irlens trec_eval -R prefs | qrels_prefs`', { skip: noNative }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'irlens-prefs-'));
  const prefsPath = join(dir, 'prefs.txt'), runPath = join(dir, 'run.txt');
  // Two judgment groups; g2 has two sub-groups (its preferences are closed transitively).
  writeFileSync(prefsPath, `${PREFS}1 g2 s1 c 2\n1 g2 s1 a 1\n1 g2 s2 a 3\n1 g2 s2 d 1\n2 g1 s1 x 1\n2 g1 s1 y 0\n`);
  writeFileSync(runPath, `${PREFS_RUN}1 Q0 d 4 0 t\n2 Q0 y 1 2 t\n2 Q0 z 2 1 t\n`);
  const prefs = await node.loadPrefsFile(irlens, prefsPath);
  const run = irlens.loadRun(prefs, readFileSync(runPath), { name: runPath });
  for (const flags of [['-m', 'all_prefs'], ['-q', '-m', 'all_prefs'], ['-q', '-c', '-m', 'prefs']])
    assert.equal(irlens.trecEval(prefs, run, ['-R', 'prefs', ...flags]), cli(['trec_eval', '-R', 'prefs', ...flags, prefsPath, runPath]));
  const qrelsPrefs = await node.loadPrefsFile(irlens, join(EX, 'qrels.txt'), { format: 'qrels_prefs' });
  assert.equal(qrelsPrefs.format, 'qrels_prefs');
  const bm25 = irlens.loadRun(qrelsPrefs, read('bm25.run'), { name: 'bm25.run' });
  assert.equal(irlens.trecEval(qrelsPrefs, bm25, ['-R', 'qrels_prefs', '-q', '-m', 'all_prefs']),
    cli(['trec_eval', '-R', 'qrels_prefs', '-q', '-m', 'all_prefs', join(EX, 'qrels.txt'), join(EX, 'bm25.run')]));
});
