// The streaming evaluation through the JS API (wasm/api-stream.mjs, node.mjs evaluateRunFile /
// trecEvalRunFile): the same values as evaluate, bit for bit, on the shared runs (covid-r1,
// web2012, trec_eval-test; SKIPPED without ../shared); trec_eval's bytes; NotGrouped and the
// fallback into memory of evaluateRunFile; the async-iterable variant.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, writeFileSync, createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { irlens, node, sharedData } from './native-cli.mjs';

const MEASURES = ['P@5', 'P@10', 'AP', 'nDCG@10', 'RR', 'RBP(p=0.8)', 'bpref', 'NumRel', 'RelString@10'];
const tmp = mkdtempSync(join(tmpdir(), 'irlens-node-stream-'));

/** Bit-for-bit equality of two evaluations' data (typed arrays compared as bytes). */
function sameData(a, b, what) {
  assert.deepEqual(a.warnings, b.warnings, `${what}: warnings`);
  assert.equal(a.runs.length, b.runs.length);
  for (let i = 0; i < a.runs.length; i++) {
    const [x, y] = [a.runs[i], b.runs[i]];
    assert.deepEqual(x.topics, y.topics, `${what}: topics`);
    assert.deepEqual(x.texts, y.texts, `${what}: texts`);
    for (const k of ['values', 'aggregate'])
      assert.ok(Buffer.from(x[k].buffer, x[k].byteOffset, x[k].byteLength).equals(Buffer.from(y[k].buffer, y[k].byteOffset, y[k].byteLength)), `${what}: ${k}`);
  }
}

const small = {
  qrels: '1 0 a 1\n1 0 b 0\n1 0 c 1\n2 0 x 1\n3 0 y 1\n',
  run: '1 Q0 a 1 3 t\n1 Q0 b 2 2 t\n1 Q0 d 3 1 t\n9 Q0 q 1 1 t\n2 Q0 x 1 2 t\n2 Q0 z 2 1 t\n',
  ungrouped: '1 Q0 a 1 3 t\n2 Q0 x 1 2 t\n1 Q0 b 2 2 t\n',
};

test('evaluationStream: evaluate\'s values, whatever the chunks; trecEvalStream: trecEval\'s bytes', () => {
  const q = irlens.loadQrels(small.qrels);
  const run = irlens.loadRun(q, small.run, { name: 'r' });
  for (const missing of ['zero', 'skip']) {
    const s = irlens.evaluationStream(q, MEASURES, { name: 'r', missing });
    for (let i = 0; i < small.run.length; i += 5) s.feed(small.run.slice(i, i + 5));
    const streamed = s.finish();
    sameData(streamed.raw, irlens.evaluate(q, [run], MEASURES, { missing }).raw, missing);
    // By hand: P@5 topic 1 = a (relevant), b, d -> 1/5 = 0.2; topic 2 = x (relevant), z -> 1/5 = 0.2.
    assert.equal(streamed.runs.r.perTopic['1']['P@5'], 0.2);
    assert.equal(streamed.run.info.topicsAnswered, 2);
    assert.equal(streamed.run.info.ignoredLines, 1);
  }
  const t = irlens.trecEvalStream(q, ['-q', '-c'], { name: 'r' });
  t.feed(small.run);
  assert.equal(t.finish(), irlens.trecEval(q, run, ['-q', '-c']));
});

test('a run not grouped by topic: NotGrouped, naming the line and how to sort', async () => {
  const q = irlens.loadQrels(small.qrels);
  const s = irlens.evaluationStream(q, ['AP'], { name: 'r' });
  // The reader holds the last bytes until a block fills or finish(): either may throw.
  assert.throws(() => { s.feed(small.ungrouped); s.finish(); }, (e) => e.name === 'NotGrouped' && e.line === 3 &&
    e.message === "r:3: topic '1' appears again (its lines from line 1 on stopped at topic '2'): the run is not grouped by topic, so it cannot be read one topic at a time; group it with `LC_ALL=C sort -s -k1,1 RUN > SORTED`");
  s.abort();
  // evaluateRunFile: read into memory instead when it fits, with a warning; else the error.
  const path = join(tmp, 'ungrouped.run');
  writeFileSync(path, small.ungrouped);
  const r = await node.evaluateRunFile(irlens, q, path, ['AP']);
  assert.equal(r.streamed, false);
  assert.match(r.warnings.at(-1), /^ungrouped\.run: not grouped by topic \(ungrouped\.run:3\), so read into memory/);
  assert.deepEqual(r.raw.runs[0].aggregate, irlens.evaluate(q, [irlens.loadRun(q, small.ungrouped, { name: 'ungrouped.run' })], ['AP']).raw.runs[0].aggregate);
  await assert.rejects(node.evaluateRunFile(irlens, q, path, ['AP'], { memoryLimit: 10 }),
    (e) => e.name === 'NotGrouped' && /group it with `LC_ALL=C sort -s -k1,1 RUN > SORTED`; it is too large to read into memory/.test(e.message));
  // Measures that need every run are read into memory.
  assert.match(irlens.streamObstacle(['AP', 'P_rareness(alpha=1)@10']), /needs every run at once/);
});

test('evaluateRunStream reads an async iterable (a node stream)', async () => {
  const q = irlens.loadQrels(small.qrels);
  const path = join(tmp, 'grouped.run');
  writeFileSync(path, small.run);
  const r = await irlens.evaluateRunStream(q, createReadStream(path, { highWaterMark: 7 }), ['AP'], { name: 'r' });
  assert.equal(r.runs.r.mean.AP, 0.5); // topic 1: (1/1) / 2 relevant = 0.5; topic 2: 1; topic 3 unanswered, scored 0 (the default): (0.5 + 1 + 0) / 3
});

for (const [name, qrelsFile, runsOf] of [
  ['trec_eval-test', 'qrels.test', (dir) => ['results.test', 'results.trunc'].map((f) => join(dir, f))],
  ['covid-r1', 'qrels-rnd1.txt', (dir) => readdirSync(join(dir, 'runs')).sort().map((f) => join(dir, 'runs', f))],
  ['web2012', 'qrels/qrels.adhoc.txt', (dir) => readdirSync(join(dir, 'runs')).sort().map((f) => join(dir, 'runs', f))],
]) {
  const { dir, skip } = sharedData(name, 'the streamed-vs-in-memory comparison');
  test(`${name}: every grouped run streamed (evaluateRunFile, trecEvalRunFile) as in memory`, { skip }, async () => {
    const q = await node.loadQrelsFile(irlens, join(dir, qrelsFile));
    let grouped = 0;
    for (const path of runsOf(dir)) {
      const result = await node.evaluateRunFile(irlens, q, path, MEASURES, { missing: 'skip' });
      const run = await node.loadRunFile(irlens, q, path);
      const memory = irlens.evaluate(q, [run], MEASURES, { missing: 'skip' });
      if (!result.streamed) { // not grouped: said so, and then evaluated in memory
        assert.match(result.warnings.at(-1), /not grouped by topic/);
        result.warnings.pop();
      } else {
        grouped++;
        assert.equal(await node.trecEvalRunFile(irlens, q, path, ['-q', '-c', '-m', 'all_trec']), irlens.trecEval(q, run, ['-q', '-c', '-m', 'all_trec']), path);
      }
      sameData(result.raw, memory.raw, path);
      run.dispose();
      result.run.dispose();
    }
    assert.ok(grouped > 0, 'at least one grouped run');
  });
}
