// The evaluation's one format (wasm/evaluation.mjs): the columnar data behind evaluate(), the
// nested view built from it, the eval document shared with the CLI (irlens/eval_json.hpp), and
// wins/ties/losses by the core's one rule (irlens/stats/risk.hpp).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { irlens, cliDocument, noNative } from './native-cli.mjs';

// Topic 1: qrels a=2, c=1 (R = 2); run A ranks a x c, run B ranks x a c.
// Topic 2: qrels d=1; run A ranks d, run B ranks e d.
// P@1: A 1, 1; B 0, 0. AP: A (1 + 2/3)/2 = 0.8333, 1; B (1/2 + 2/3)/2 = 0.5833, 1/2.
const QRELS = '1 0 a 2\n1 0 c 1\n2 0 d 1\n';
const A = '1 Q0 a 1 3 A\n1 Q0 x 2 2 A\n1 Q0 c 3 1 A\n2 Q0 d 1 1 A\n';
const B = '1 Q0 x 1 3 B\n1 Q0 a 2 2 B\n1 Q0 c 3 1 B\n2 Q0 e 1 2 B\n2 Q0 d 2 1 B\n';

function evaluation(measures = ['P@1', 'AP', 'NumRet']) {
  const q = irlens.loadQrels(QRELS, { name: 'qrels.txt' });
  const runs = [irlens.loadRun(q, A, { name: 'A.run' }), irlens.loadRun(q, B, { name: 'B.run' })];
  return { q, runs, result: irlens.evaluate(q, runs, measures) };
}

test('evaluate: columnar data behind a nested view built from it', () => {
  const { result } = evaluation();
  const data = result.raw;
  assert.deepEqual(data.qrels, { name: 'qrels.txt', topics: 2 });
  assert.deepEqual(data.measures.map((m) => m.name), ['P@1', 'AP', 'NumRet']);
  const a = data.runs[0];
  assert.ok(a.values instanceof Float64Array);
  // measure-major: P@1 of topics 1, 2, then AP, then NumRet (3, 1)
  assert.deepEqual(Array.from(a.values), [1, 1, (1 + 2 / 3) / 2, 1, 3, 1]);
  assert.equal(result.runs['A.run'].perTopic['2'].AP, 1);
  assert.equal(result.runs['B.run'].mean.AP, ((1 / 2 + 2 / 3) / 2 + 1 / 2) / 2);
  // ci95 is asked for apart from evaluate() (mean_intervals) and comes with the data: NumRet is
  // a sum (no interval); P@1 of A is constant (zero width).
  assert.equal(result.runs['A.run'].ci95.NumRet, null);
  assert.deepEqual(result.runs['A.run'].ci95['P@1'], [1, 1]);
});

test('the data survives a transfer (structured clone with a transfer list) and selects measures', async () => {
  const { result } = evaluation();
  const { buffersOf, selectMeasures, evaluationView } = await import(join(resolve(process.env.IRLENS_DIST || 'build-wasm/dist'), 'evaluation.mjs'));
  const copy = selectMeasures(result.raw, ['AP']);
  assert.deepEqual(Array.from(copy.runs[1].values), [(1 / 2 + 2 / 3) / 2, 1 / 2]);
  assert.deepEqual(Array.from(copy.runs[1].aggregate), [result.runs['B.run'].mean.AP]);
  const moved = structuredClone(copy, { transfer: buffersOf(copy) });
  assert.equal(copy.runs[1].values.length, 0, 'the copy was transferred, not cloned');
  assert.deepEqual(evaluationView(moved).runs['B.run'].perTopic['1'], { AP: (1 / 2 + 2 / 3) / 2 });
  assert.equal(result.runs['B.run'].perTopic['1'].AP, (1 / 2 + 2 / 3) / 2, 'the original is untouched');
  // The statistics take the data as they take the result.
  const doc = irlens.compareScores(moved, { qrels: moved.qrels, test: 't' });
  assert.equal(doc.qrels, 'qrels.txt');
  assert.equal(doc.measures[0].comparisons[0].mean, result.runs['A.run'].mean.AP);
});

test('wins, ties and losses: the core counts exact signs', () => {
  const { result } = evaluation();
  // A vs B: P@1 1-0, 1-0: 2 wins; AP 0.8333 > 0.5833, 1 > 0.5: 2 wins; NumRet 3 = 3 (tie), 1 < 2 (loss).
  const w = irlens.winsTiesLosses(result, 'B.run');
  assert.deepEqual(w.runs['A.run'], { 'P@1': { wins: 2, ties: 0, losses: 0 }, AP: { wins: 2, ties: 0, losses: 0 }, NumRet: { wins: 0, ties: 1, losses: 1 } });
  assert.deepEqual(w.runs['B.run'].AP, { wins: 0, ties: 2, losses: 0 });
  assert.throws(() => irlens.winsTiesLosses(result, 'C.run'), { name: 'UsageError', message: "winsTiesLosses: no run named 'C.run'" });
});

test('evaluationJson is the document of irlens eval --format json', { skip: noNative }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'irlens-eval-'));
  for (const [name, text] of [['qrels.txt', QRELS], ['A.run', A], ['B.run', B]]) writeFileSync(join(dir, name), text);
  const measures = ['P@1', 'MAP', 'NumRet'];
  const q = irlens.loadQrels(QRELS, { name: join(dir, 'qrels.txt') });
  const runs = [irlens.loadRun(q, A, { name: 'A.run' }), irlens.loadRun(q, B, { name: 'B.run' })]; // the CLI names a run by its file name
  const js = irlens.evaluationJson(irlens.evaluate(q, runs, measures, { missing: 'skip' }));
  const cli = cliDocument(['eval', join(dir, 'qrels.txt'), join(dir, 'A.run'), join(dir, 'B.run'), '-m', measures.join(' '), '-q', '-f', 'json', '--missing', 'skip']);
  assert.deepEqual(js, cli);
  assert.deepEqual(js.measures_typed, { 'P@1': 'P@1', AP: 'MAP', NumRet: 'NumRet' });
  assert.deepEqual(js.runs['A.run'].ci95['P@1'], [1, 1]);
  assert.ok(!('per_topic' in irlens.evaluationJson(irlens.evaluate(q, runs, measures), { perTopic: false }).runs['A.run']));
});

test('joinTopics: the topics of runs evaluated apart make the evaluation of the whole runs', () => {
  const q = irlens.loadQrels(QRELS, { name: 'qrels.txt' });
  const lines = (text, topic) => text.split('\n').filter((l) => l.startsWith(`${topic} `)).join('\n') + '\n';
  // Run A's topic 2 read apart from its topic 1, and B's likewise, named as the whole runs.
  const piece = (text, topic, name) => irlens.loadRun(q, lines(text, topic), { name });
  const measures = ['P@1', 'AP', 'AP(agg=gmean)', 'NumRet(agg=sum)', 'relstring@3'];
  const whole = [irlens.loadRun(q, A, { name: 'A.run' }), irlens.loadRun(q, B, { name: 'B.run' })];
  const first = irlens.evaluate(q, [piece(A, 1, 'A.run'), piece(B, 1, 'B.run')], measures, { missing: 'skip' });
  const second = irlens.evaluate(q, [piece(A, 2, 'A.run'), piece(B, 2, 'B.run')], measures, { missing: 'skip' });
  const joined = irlens.joinTopics(q, [second, { ...first.raw, warnings: [] }]).raw; // parts in any order
  const want = irlens.evaluate(q, whole, measures, { missing: 'skip' }).raw;
  const plain = (d) => JSON.parse(JSON.stringify(d, (k, v) => (ArrayBuffer.isView(v) ? Array.from(v, String) : v)));
  // The pieces' warnings say which topic each lacks; the rest is the whole runs' evaluation, to the bit.
  assert.deepEqual(plain({ ...joined, warnings: [] }), plain(want));
  // A's AP: (1 + 2/3)/2 = 0.8333 and 1, mean 0.9167; geometric mean sqrt(0.8333 * 1) = 0.9129.
  assert.ok(Math.abs(joined.runs[0].aggregate[1] - (5 / 6 + 1) / 2) < 1e-15);
  assert.ok(Math.abs(joined.runs[0].aggregate[2] - Math.sqrt(5 / 6)) < 1e-15);
  assert.deepEqual(joined.runs[0].topics, ['1', '2']);
  assert.throws(() => irlens.joinTopics(q, [first, first]), { name: 'UsageError', message: /topic '1' of run 'A.run' is in two parts/ });
  assert.throws(() => irlens.joinTopics(q, [first, irlens.evaluate(q, whole, ['P@1'])]), TypeError);
});
