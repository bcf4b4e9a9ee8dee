// The JS API (wasm/api.mjs) under node: plain objects in and out, JS Errors with the CLI's
// messages, streaming readers, and the same numbers as the native CLI.
// Run: IRLENS_DIST=build-wasm/dist [IRLENS_NATIVE=build/cli/irlens] node --test tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const dist = resolve(process.env.IRLENS_DIST || 'build-wasm/dist');
const { createIrlens, loadQrelsFile, loadRunFile } = await import(join(dist, 'node.mjs'));
const irlens = await createIrlens();

const QRELS = '1 0 a 2\n1 0 b 0\n1 0 c 1\n2 0 d 1\n';
const RUN = '1 Q0 a 1 3 t\n1 Q0 b 2 2 t\n1 Q0 x 3 1 t\n2 Q0 d 1 1 t\n';

test('registry and measure names', () => {
  const names = irlens.measures().map((m) => m.name);
  for (const n of ['P', 'AP', 'nDCG', 'RBP', 'NumQ']) assert.ok(names.includes(n), n);
  const rbp = irlens.measures().find((m) => m.name === 'RBP');
  assert.equal(rbp.params.find((p) => p.name === 'p').default, '0.8');
  assert.ok(rbp.citation.includes('Moffat'));
  assert.equal(irlens.parseMeasure('RBP').name, 'RBP'); // defaults are not printed (issue 13)
  assert.equal(irlens.parseMeasure('P(rel=1)@5').full, 'P(rel=1,judged_only=False,agg=mean)@5');
  assert.throws(() => irlens.parseMeasure('Foo@3'), { name: 'UsageError', message: "unknown measure 'Foo' (see `irlens measures` for the list)" });
});

test('evaluate: hand-checked values, per topic, NaN-free JSON shape', () => {
  const q = irlens.loadQrels(QRELS);
  const r = irlens.loadRun(q, RUN, { name: 'r.txt' });
  const res = irlens.evaluate(q, [r], ['P@2', 'NumQ', 'RelString@3']);
  assert.deepEqual(res.measures, ['P@2', 'NumQ', 'RelString@3']);
  // topic 1: a b -> 1/2; topic 2: d -> 1/2; mean 0.5
  assert.equal(res.runs['r.txt'].mean['P@2'], 0.5);
  assert.equal(res.runs['r.txt'].mean.NumQ, 2);
  assert.equal(res.runs['r.txt'].perTopic['1']['RelString@3'], '20-');
  assert.equal(res.runs['r.txt'].tag, 't');
});

test('streaming readers give the same index whatever the chunking', () => {
  const q = irlens.loadQrels(QRELS);
  const reader = irlens.runReader(q, 'chunked');
  const bytes = new TextEncoder().encode(RUN);
  for (let i = 0; i < bytes.length; i += 3) reader.feed(bytes.subarray(i, i + 3));
  const r = reader.finish();
  const whole = irlens.loadRun(q, RUN);
  assert.deepEqual(irlens.evaluate(q, [r], ['AP']).runs.chunked.mean, irlens.evaluate(q, [whole], ['AP']).runs.run.mean);
});

test('input errors are JS Errors naming file and line', () => {
  const q = irlens.loadQrels(QRELS, { name: 'q.txt' });
  assert.throws(() => irlens.loadRun(q, '1 Q0 a 1 3 t\n1 Q0 a 2 2 t\n', { name: 'dup.txt' }), (e) => {
    assert.equal(e.name, 'InputError');
    assert.equal(e.message, "dup.txt:2: duplicate document 'a' for topic '1' (first at line 1)");
    assert.equal(e.file, 'dup.txt');
    assert.equal(e.line, 2);
    return true;
  });
  assert.throws(() => irlens.loadQrels('', { name: 'empty.txt' }), { name: 'InputError', message: 'empty.txt: no judgments found (empty file?)' });
  assert.throws(() => irlens.evaluate(q, [], ['P']), { name: 'UsageError' });
  assert.throws(() => irlens.loadQrels(42), TypeError);
});

test('dispose releases handles', () => {
  const q = irlens.loadQrels(QRELS);
  const r = irlens.loadRun(q, RUN);
  r.dispose();
  assert.throws(() => irlens.evaluate(q, [r], ['P@1']), /disposed/);
});

test('trec_eval output through WASM', () => {
  const q = irlens.loadQrels(QRELS);
  const r = irlens.loadRun(q, RUN);
  const out = irlens.trecEval(q, r, ['-m', 'P.2']);
  assert.equal(out, 'P_2                   \tall\t0.5000\n');
  // -R prefs needs preferences (loadPrefs, tests/node/ranked.test.mjs): a clear error rather than a format mix-up.
  assert.throws(() => irlens.trecEval(q, r, ['-m', 'all_prefs', '-R', 'prefs']),
    { name: 'UsageError', message: "-R prefs: load the judgments with loadPrefs(data, {format: 'prefs'})" });
});

const shared = resolve(process.env.IRLENS_SHARED || '../shared');
const native = process.env.IRLENS_NATIVE && resolve(process.env.IRLENS_NATIVE);
test('WASM and native give the same numbers (covid-r1, many measures)', { skip: !existsSync(join(shared, 'data/covid-r1')) || !native ? 'needs ../shared and IRLENS_NATIVE' : false }, async () => {
  const dir = join(shared, 'data/covid-r1');
  const runs = ['BBGhelani1', 'run1', 'BM25R2', '10x10.prf.unipd.it'].map((r) => join(dir, 'runs', `${r}.gz`));
  const measures = ['AP', 'nDCG@10', 'nDCG', 'P@5', 'RBP(p=0.5)', 'Bpref', 'infAP', 'AP(agg=gmean)', 'IPrec@0.5', 'RR@10', 'Judged@10'];
  const cli = JSON.parse(execFileSync(native, ['eval', join(dir, 'qrels-rnd1.txt'), ...runs, '-m', measures.join(' '), '-q', '-f', 'json', '--missing', 'zero']));
  const q = await loadQrelsFile(irlens, join(dir, 'qrels-rnd1.txt'));
  const loaded = [];
  for (const p of runs) loaded.push(await loadRunFile(irlens, q, p));
  const wasm = irlens.evaluate(q, loaded, measures, { missing: 'zero' });
  let compared = 0;
  for (const [run, entry] of Object.entries(cli.runs)) {
    for (const [topic, row] of Object.entries(entry.per_topic)) {
      for (const [m, v] of Object.entries(row)) {
        const w = wasm.runs[run].perTopic[topic][m];
        assert.ok(Math.abs(w - v) <= 1e-12 * Math.max(1, Math.abs(v)), `${run} ${topic} ${m}: native ${v} wasm ${w}`);
        compared++;
      }
    }
  }
  assert.ok(compared > 900, `compared ${compared} values`);
});

test('explain: the arithmetic of AP and nDCG@3 from the core, same value as evaluate', () => {
  const q = irlens.loadQrels(QRELS);
  const r = irlens.loadRun(q, RUN, { name: 'r.txt' });
  // topic 1: a (2) b (0) x (not judged); R = 2 (a, c): AP = (1/1) / 2 = 0.5
  const ap = irlens.explain(r, '1', 'AP');
  assert.equal(ap.measure, 'AP');
  assert.deepEqual(ap.rows.map((row) => row.doc), ['a', 'b', 'x']);
  assert.deepEqual(ap.rows.map((row) => row.rel), [2, 0, -1]);
  assert.equal(ap.rows[1].values[ap.columns.indexOf('precision at rank')], null); // NaN -> null
  assert.equal(ap.value, 0.5);
  const nd = irlens.explain(r, '1', 'nDCG@3');
  // DCG@3 = 2/log2(2) = 2; ideal 2, 1: IDCG@3 = 2 + 1/log2(3)
  assert.equal(nd.value, irlens.evaluate(q, [r], ['nDCG@3']).runs['r.txt'].perTopic['1']['nDCG@3']);
  assert.ok(Math.abs(nd.value - 2 / (2 + 1 / Math.log2(3))) < 1e-12);
  assert.equal(nd.terms.at(-1).value, nd.value);
  // Every measure is explained (tests/node/explain-registry.test.mjs): Bpref too.
  assert.equal(irlens.explain(r, '1', 'Bpref').value, irlens.evaluate(q, [r], ['Bpref']).runs['r.txt'].perTopic['1'].Bpref);
  assert.throws(() => irlens.explain(r, '7', 'AP'), { name: 'UsageError', message: "explain: topic '7' is not in the qrels" });
});

test('kendallTau and rankCorrelations come from the core', () => {
  // x 1 2 3 4, y 1 3 2 4: 6 pairs, 1 discordant -> tau = (5 - 1) / 6
  assert.ok(Math.abs(irlens.kendallTau([1, 2, 3, 4], [1, 3, 2, 4]) - 4 / 6) < 1e-15);
  // tau-b with a tie in y: x 1 2 3, y 1 1 2: C = 2, D = 0, Tx = 0, Ty = 1 -> 2 / sqrt(3 * 2)
  assert.ok(Math.abs(irlens.kendallTau([1, 2, 3], [1, 1, 2]) - 2 / Math.sqrt(6)) < 1e-15);
  assert.ok(Number.isNaN(irlens.kendallTau([1], [1])));
  assert.throws(() => irlens.kendallTau([1, 2], [1]), { name: 'UsageError', message: 'kendallTau: the two arrays differ in length' });
  const q = irlens.loadQrels(QRELS);
  const runs = [
    irlens.loadRun(q, RUN, { name: 'a' }),
    irlens.loadRun(q, '1 Q0 c 1 3 t\n1 Q0 a 2 2 t\n2 Q0 d 1 1 t\n', { name: 'b' }),
    irlens.loadRun(q, '1 Q0 b 1 3 t\n2 Q0 x 1 1 t\n', { name: 'c' }),
  ];
  const res = irlens.evaluate(q, runs, ['P@1', 'AP', 'RelString@2']);
  const rc = irlens.rankCorrelations(res);
  assert.deepEqual(rc.measures, ['P@1', 'AP']); // text-valued RelString left out
  assert.equal(rc.tau[0][0], 1);
  const col = (m) => Object.values(res.runs).map((r) => r.mean[m]);
  assert.equal(rc.tau[0][1], irlens.kendallTau(col('P@1'), col('AP')));
});
