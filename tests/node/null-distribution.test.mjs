// The JS API's nullDistribution(): the share of samples the test counted as extreme is the p of
// `irlens compare` for the same pair, test, alternative, B and seed (the native CLI), bit for bit;
// the t-test's degrees of freedom; undefined cases say why; bad options are refused.
// Run: IRLENS_DIST=build-wasm/dist [IRLENS_NATIVE=build/cli/irlens] node --test tests/node/null-distribution.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { irlens, node, noNative, cliDocument } from './native-cli.mjs';

const ex = fileURLToPath(new URL('../../examples', import.meta.url)); // whatever the working directory (ctest runs in build-wasm/tests)
const qrelsPath = join(ex, 'qrels.txt');
const runPaths = ['bm25.run', 'dense.run', 'hybrid.run'].map((f) => join(ex, f));
const q = await node.loadQrelsFile(irlens, qrelsPath);
const runs = [];
for (const p of runPaths) runs.push(await node.loadRunFile(irlens, q, p));
const result = irlens.evaluate(q, runs, ['AP', 'P@5'], { missing: 'zero' });
const share = (nd) => nd.extreme.reduce((s, e) => s + e, 0) / nd.samples.length;

const CASES = [
  { test: 'randomisation', alternative: 'two-sided', B: 2000, seed: 7, exactLimit: 0 },
  { test: 'randomisation', alternative: 'greater', B: 2000, seed: 3 },
  { test: 'bootstrap', alternative: 'two-sided', B: 3000, seed: 11 },
  { test: 'bootstrap', alternative: 'less', B: 1000, seed: 1 },
];

test('the shaded share is the test p, and the CLI gives the same p', { skip: noNative }, () => {
  for (const c of CASES)
    for (const measure of ['AP', 'P@5']) {
      const nd = irlens.nullDistribution(result, { qrels: q, measure, run: 'bm25.run', versus: 'dense.run', ...c });
      assert.equal(nd.no_picture, '');
      assert.equal(nd.samples.length, nd.extreme.length);
      assert.equal(share(nd), nd.p, `${measure} ${JSON.stringify(c)}`);
      const args = ['compare', qrelsPath, ...runPaths, '-m', measure, '--baseline', runPaths[1], '--test', c.test, '--alternative', c.alternative, '-B', String(c.B), '--seed', String(c.seed), '-f', 'json'];
      if (c.exactLimit !== undefined) args.push('--exact-limit', String(c.exactLimit));
      const row = cliDocument(args).measures[0].comparisons.find((r) => r.run === 'bm25.run');
      assert.equal(nd.p, row.p, `CLI p for ${measure} ${JSON.stringify(c)}`);
      assert.equal(nd.statistic, row.statistic);
    }
});

test('the share equals the p of compareScores (no CLI needed)', () => {
  for (const c of CASES) {
    const nd = irlens.nullDistribution(result, { qrels: q, measure: 'AP', run: 'hybrid.run', versus: 'bm25.run', ...c });
    const doc = irlens.compareScores(result, { qrels: q, measures: ['AP'], pairs: 'hybrid.run:bm25.run', ...c });
    assert.equal(share(nd), doc.measures[0].comparisons[0].p);
    assert.equal(nd.p, doc.measures[0].comparisons[0].p);
    assert.equal(nd.topics.length, nd.n);
    assert.deepEqual(Array.from(nd.x, (x, i) => x - nd.y[i]).length, nd.n);
  }
});

test('t-test: no samples, df = topics - 1', () => {
  const nd = irlens.nullDistribution(result, { qrels: q, measure: 'AP', run: 'bm25.run', versus: 'dense.run', test: 't' });
  assert.equal(nd.samples.length, 0);
  assert.equal(nd.df, nd.n - 1);
  assert.equal(nd.n, q.topics.length); // missing zero: every qrels topic
});

test('identical runs: no picture, the reason instead', () => {
  const nd = irlens.nullDistribution(result, { qrels: q, measure: 'AP', run: 'bm25.run', versus: 'bm25.run', test: 'randomisation' });
  assert.match(nd.no_picture, /all differences are 0/);
  assert.equal(nd.samples.length, 0);
});

test('bad options are refused with a clear message', () => {
  assert.throws(() => irlens.nullDistribution(result, { qrels: q, measure: 'AP', run: 'bm25.run', versus: 'dense.run', test: 'tukey' }), /one paired test/);
  assert.throws(() => irlens.nullDistribution(result, { qrels: q, measure: 'nDCG', run: 'bm25.run', versus: 'dense.run' }), /not in the result/);
  assert.throws(() => irlens.nullDistribution(result, { qrels: q, measure: 'AP', run: 'nope', versus: 'dense.run' }), /nope/);
  assert.throws(() => irlens.nullDistribution(result, { qrels: q, measure: 'AP', run: 'bm25.run', versus: 'dense.run', colour: 1 }), /unknown option 'colour'/);
});
