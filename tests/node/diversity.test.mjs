// The diversity part of the JS API (issue 6; wasm/api-diversity.mjs): ndeval's CSV, byte for
// byte as `irlens ndeval` and NIST's ndeval 4.5 (../shared/data/web2012/ref), the subtopic
// coverage of a ranked list, and the diversity measures through evaluate with intents, on the
// hand-made collection of examples/diversity (the arithmetic in the comments).
// Run: IRLENS_DIST=build-wasm/dist IRLENS_NATIVE=build/cli/irlens node --test tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { irlens, node, noNative, cli, sharedData } from './native-cli.mjs';

const EX = fileURLToPath(new URL('../../examples/diversity/', import.meta.url));
const file = (name) => join(EX, name);
const text = (name) => readFileSync(file(name), 'utf8');
const RUNS = ['div-a.run', 'div-b.run', 'div-c.run'];

const q = irlens.loadQrels(text('qrels.txt'), { name: file('qrels.txt'), format: 'diversity' });
const byRank = Object.fromEntries(RUNS.map((r) => [r, irlens.loadRun(q, text(r), { name: r, order: 'rank' })]));
const byScore = Object.fromEntries(RUNS.map((r) => [r, irlens.loadRun(q, text(r), { name: r })]));
const intents = irlens.loadIntents({ probabilities: text('intents.txt'), types: text('intent-types.txt') });

test('ndeval: the CSV of ndeval 4.5, with its flags', () => {
  const csv = irlens.ndeval(q, byRank['div-b.run'], []);
  const lines = csv.trimEnd().split('\n');
  assert.equal(lines[0].split(',').slice(0, 3).join(','), 'runid,topic,ERR-IA@5');
  assert.deepEqual(lines.map((l) => l.split(',')[1]), ['topic', '201', '202', 'amean']);
  const col = (out, name, row) => out.trimEnd().split('\n').map((l) => l.split(','))
    .reduce((acc, cells, i, all) => (cells[1] === row ? cells[all[0].indexOf(name)] : acc), null);
  // strec@5 (subtopic recall): div-c's top 2 of topic 201 (-M 2) are a08 (not relevant) and a04
  // (subtopic 3): 1 of the 3 subtopics with a relevant document.
  assert.equal(col(irlens.ndeval(q, byRank['div-c.run'], ['-M', '2']), 'strec@5', '201'), '0.333333');
  // The whole run covers all three subtopics of both topics (202's subtopic 4 has none relevant).
  assert.equal(col(csv, 'strec@5', 'amean'), '1.000000');
  // -traditional orders by score: a run read in score order.
  assert.equal(irlens.ndeval(q, byScore['div-a.run'], ['-traditional']), irlens.ndeval(q, byRank['div-a.run'], []));
  assert.match(irlens.ndeval(q, byRank['div-a.run'], ['-help']), /^usage: irlens ndeval/);
});

test('ndeval: errors with the CLI\'s messages', () => {
  assert.throws(() => irlens.ndeval(q, byRank['div-a.run'], ['-x']), { name: 'UsageError', message: "unknown option '-x' (see irlens ndeval --help)" });
  assert.throws(() => irlens.ndeval(q, byRank['div-a.run'], ['-alpha', 'big']), { name: 'UsageError', message: "option -alpha needs a number, got 'big'" });
  assert.throws(() => irlens.ndeval(q, byRank['div-a.run'], ['-alpha', '2']), (e) => e.name === 'UsageError' && /-alpha must be in \[0,1\]/.test(e.message));
  assert.throws(() => irlens.ndeval(q, byRank['div-a.run'], ['-M', '0']), { name: 'UsageError', message: "option -M needs a positive integer, got '0'" });
  assert.throws(() => irlens.ndeval(q, byScore['div-a.run'], []), { name: 'UsageError', message: "ndeval orders the run by its rank column: load it with {order: 'rank'} (or pass -traditional)" });
  assert.throws(() => irlens.ndeval(q, byRank['div-a.run'], ['-baseline', 'b.run']), { name: 'UsageError', message: 'ndeval -baseline b.run: pass the baseline run as {baseline: Run}' });
  assert.throws(() => irlens.ndeval(q, byRank['div-a.run'], ['qrels.txt']), (e) => e.name === 'UsageError' && /flags only/.test(e.message));
  const plain = irlens.loadQrels('201 0 a01 1\n');
  assert.throws(() => irlens.ndeval(plain, irlens.loadRun(plain, '201 Q0 a01 1 1 t\n', { order: 'rank' })), (e) => e.name === 'UsageError' && /diversity qrels/.test(e.message));
  // ndeval refuses negative judgments (spam): an InputError naming the qrels and the line.
  const spam = irlens.loadQrels('201 1 a01 1\n201 2 a02 -2\n', { name: 'spam.txt', format: 'diversity' });
  assert.throws(() => irlens.ndeval(spam, irlens.loadRun(spam, '201 Q0 a01 1 1 t\n', { order: 'rank' })),
    (e) => e.name === 'InputError' && e.file === 'spam.txt' && e.line === 2 && /negative judgment -2/.test(e.message));
  // A repeated rank (the rank column orders the run).
  assert.throws(() => irlens.ndeval(q, irlens.loadRun(q, '201 Q0 a01 1 2 t\n201 Q0 a02 1 1 t\n', { name: 'dup.run', order: 'rank' })),
    (e) => e.name === 'InputError' && e.file === 'dup.run' && e.line === 2);
});

test('ndeval: byte for byte as `irlens ndeval`', { skip: noNative }, () => {
  for (const run of RUNS) {
    for (const flags of [[], ['-c'], ['-alpha', '0.3', '-beta', '0.7'], ['-M', '3'], ['-a', '-c']])
      assert.equal(irlens.ndeval(q, byRank[run], flags), cli(['ndeval', ...flags, file('qrels.txt'), file(run)]), `${run} ${flags}`);
    assert.equal(irlens.ndeval(q, byScore[run], ['-traditional']), cli(['ndeval', '-traditional', file('qrels.txt'), file(run)]));
  }
  // Risk-sensitive evaluation against a baseline run.
  assert.equal(irlens.ndeval(q, byRank['div-a.run'], ['-riskAlpha', '1'], { baseline: byRank['div-c.run'] }),
    cli(['ndeval', '-baseline', file('div-c.run'), '-riskAlpha', '1', file('qrels.txt'), file('div-a.run')]));
  assert.equal(irlens.ndeval(q, byRank['div-c.run'], ['-c', '-baseline', 'div-b.run', '-riskAlpha', '0.5'], { baseline: byRank['div-b.run'] }),
    cli(['ndeval', '-c', '-baseline', file('div-b.run'), '-riskAlpha', '0.5', file('qrels.txt'), file('div-c.run')]));
});

const { dir: web, skip: noWeb } = sharedData('web2012', "the comparison with ndeval 4.5's outputs");
test('ndeval: byte for byte as NIST ndeval 4.5 on the 8 TREC 2012 Web track runs', { skip: noWeb }, async () => {
  const wq = await node.loadQrelsFile(irlens, join(web, 'qrels/qrels-for-ndeval.txt'), { format: 'diversity' });
  const runs = readdirSync(join(web, 'runs')).filter((f) => f.endsWith('.txt.gz')).sort();
  assert.equal(runs.length, 8);
  for (const f of runs) {
    const run = await node.loadRunFile(irlens, wq, join(web, 'runs', f), { order: 'rank' });
    assert.equal(irlens.ndeval(wq, run), readFileSync(join(web, 'ref', `${f.slice(0, -7)}.ndeval.csv`), 'latin1'), f);
    run.dispose();
  }
});

test('subtopicCoverage: which intents each rank covers (hand-checked)', () => {
  // div-a, topic 201: a01 (subtopic 1), a05 (judged 0), a02 (1 and 2, grade 2 for 2), a08 (not
  // judged), a04 (3).
  const c = irlens.subtopicCoverage(byScore['div-a.run'], '201', { depth: 5 });
  assert.deepEqual(c.intents, ['1', '2', '3']);
  assert.deepEqual(c.docs, ['a01', 'a05', 'a02', 'a08', 'a04']);
  assert.deepEqual(c.grades, [[1, 0, 0], [0, 0, 0], [1, 2, 0], [0, 0, 0], [0, 0, 1]]);
  assert.deepEqual(c.firstRank, [1, 3, 5]);
  assert.deepEqual(c.covered, [1, 1, 2, 2, 3]);
  // Topic 202: subtopic 4 has no relevant document, so it is no intent; div-c's b02 (rank 4) is
  // its first document of subtopic 2; depth 3 stops before it.
  const d = irlens.subtopicCoverage(byScore['div-c.run'], '202', { depth: 3 });
  assert.deepEqual(d.intents, ['1', '2', '3']);
  assert.deepEqual(d.firstRank, [1, 0, 3]);
  // rel 2: only b04 (grade 2 for subtopic 3) covers anything.
  assert.deepEqual(irlens.subtopicCoverage(byScore['div-c.run'], '202', { rel: 2 }).firstRank, [0, 0, 3]);
  // StRecall@k is the covered fraction at rank k.
  const res = irlens.evaluate(q, [byScore['div-a.run']], ['StRecall@3']);
  assert.equal(res.runs['div-a.run'].perTopic['201']['StRecall@3'], c.covered[2] / c.intents.length);
  // Plain qrels: one intent, "0".
  const plain = irlens.loadQrels('1 0 a 1\n1 0 b 0\n');
  assert.deepEqual(irlens.subtopicCoverage(irlens.loadRun(plain, '1 Q0 b 1 2 t\n1 Q0 a 2 1 t\n'), '1').grades, [[0], [1]]);
  assert.throws(() => irlens.subtopicCoverage(byScore['div-a.run'], '999'), { name: 'UsageError', message: "subtopic coverage: topic '999' is not in the qrels" });
  assert.throws(() => irlens.subtopicCoverage(byScore['div-a.run'], '201', { depth: 0 }), TypeError);
});

test('diversity measures with intents through evaluate, as `irlens eval --qrels-format diversity`', { skip: noNative }, () => {
  const measures = 'alpha_nDCG@5 ERR_IA@5 nERR_IA@5 NRBP AP_IA P_IA@3 StRecall@3 nDCG_IA@5 RR_IA RBP_IA ERR_IA(graded=True)@5 D-nDCG@5 D#-nDCG@5 DIN-nDCG@5 DIN#-nDCG@5 P+Q P+Q# S-RR@100% EU CT@5 RBU@5';
  const ev = JSON.parse(cli(['eval', '--qrels-format', 'diversity', file('qrels.txt'), ...RUNS.map(file), '-m', measures,
    '--intents', file('intents.txt'), '--intent-types', file('intent-types.txt'), '-q', '-f', 'json']));
  const wasm = irlens.evaluate(q, Object.values(byScore), [measures], { intents });
  assert.deepEqual(wasm.measures, ev.measures);
  let compared = 0;
  for (const [run, entry] of Object.entries(ev.runs))
    for (const [topic, row] of Object.entries(entry.per_topic))
      for (const [m, v] of Object.entries(row)) {
        assert.ok(Math.abs(wasm.runs[run].perTopic[topic][m] - v) <= 1e-12, `${run} ${topic} ${m}`);
        compared++;
      }
  assert.equal(compared, 3 * 2 * ev.measures.length);
  // Intent types matter: DIN-nDCG differs from D-nDCG once subtopic 3 of 201 is navigational.
  assert.notEqual(wasm.runs['div-b.run'].perTopic['201']['DIN-nDCG@5'], wasm.runs['div-b.run'].perTopic['201']['D-nDCG@5']);
});

test('explain: RBU in both forms, EU, CT and Compat give the evaluated value bit for bit on the example', () => {
  // explain() scores with uniform intent weights (no intents file), as evaluate without one.
  const measures = ['RBU(form=authors)', 'RBU@5', 'EU@5', 'CT@5', 'Compat'];
  for (const name of RUNS) {
    const result = irlens.evaluate(q, [byScore[name]], measures, { missing: 'zero' });
    for (const [topic, row] of Object.entries(result.runs[name].perTopic))
      for (const m of measures) {
        const e = irlens.explain(byScore[name], topic, m);
        assert.equal(e.value, row[m], `${name} ${topic} ${m}`);
        if (m.startsWith('RBU') && !e.missing) assert.ok(e.columns.some((c) => c.startsWith('r(d, intent ')), 'r(d, t) of every intent per rank');
      }
  }
});
