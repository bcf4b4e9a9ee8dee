// The page's statistics runner (web/src/ui/stats-runner.js) keeps its computations per
// evaluation *scores*: a new result with the very same per-topic scores (the table's seed changed)
// keeps them, any other result starts afresh; and a computation ends with a render of the page
// only when the latest render asked for one (the markers race of tests/web/stats.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatsRunner, sameScores } from '../../web/src/ui/stats-runner.js';

/** Columnar data (wasm/evaluation.mjs) of runs a and b on topics 1-2, one measure; values[run][topic]. */
function data(values, { measures = [{ name: 'AP', full: 'AP' }], missing = 'zero', names = ['a', 'b'] } = {}) {
  return {
    qrels: { name: 'q', topics: ['1', '2'] },
    measures,
    missing,
    runs: values.map((v, i) => ({ name: names[i], tag: names[i], topics: ['1', '2'], values: Float64Array.from(v), texts: {} })),
  };
}

test('sameScores: equal only when every per-topic value, name, measure and policy is', () => {
  const x = data([[0.5, 1], [0, NaN]]);
  assert.equal(sameScores(x, data([[0.5, 1], [0, NaN]])), true); // NaN (undefined) equals NaN
  assert.equal(sameScores(x, data([[0.5, 1], [0, 0]])), false);
  assert.equal(sameScores(x, data([[0.5, 1 - 2 ** -52], [0, NaN]])), false); // one ulp
  assert.equal(sameScores(x, data([[0.5, 1], [0, NaN]], { missing: 'skip' })), false);
  assert.equal(sameScores(x, data([[0.5, 1], [0, NaN]], { names: ['a', 'c'] })), false);
  assert.equal(sameScores(x, data([[0.5, 1], [0, NaN]], { measures: [{ name: 'P@5', full: 'P@5' }] })), false);
  assert.equal(sameScores(x, data([[0.5, 1]])), false);
  assert.equal(sameScores(null, x), false);
});

test('StatsRunner: entries survive a result with the same scores, not one with other scores', async () => {
  const app = { state: { result: { raw: data([[0.5, 1], [0, 0.25]]) } }, render() {} };
  const runner = new StatsRunner(app, { onProgress() {} });
  let started = 0;
  const e = runner.get('k', () => ++started);
  await e.promise;
  assert.equal(e.status, 'done');
  app.state.result = { raw: data([[0.5, 1], [0, 0.25]]) }; // re-evaluated, same scores: kept
  assert.equal(runner.peek('k'), e);
  assert.equal(runner.get('k', () => ++started), e);
  assert.equal(started, 1);
  app.state.result = { raw: data([[0.5, 1], [0, 0.5]]) }; // other scores: started again
  assert.equal(runner.peek('k'), null);
  await runner.get('k', () => ++started).promise;
  assert.equal(started, 2);
  app.state.result = null;
  assert.equal(runner.entries(), null);
});

test('StatsRunner: an entry ends with a render only if the latest render asked for one', async () => {
  let renders = 0;
  const app = { state: { result: { raw: data([[0.5, 1], [0, 0.25]]) } }, renderToken: 1, render() { renders++; } };
  const runner = new StatsRunner(app, { onProgress() {} });
  const gate = () => { let open; const p = new Promise((r) => { open = r; }); return { p, open }; };
  // Asked with rerender by render 1, still asked by the latest render (2): one render at the end.
  const a = gate();
  runner.get('a', () => a.p, { rerender: true });
  app.renderToken = 2;
  runner.get('a', () => a.p, { rerender: true });
  a.open(1);
  await runner.peek('a').promise;
  assert.equal(renders, 1);
  // Asked with rerender by render 2, not by render 3 (its settings changed): no render at the end,
  // which would replace the page's inputs under a user (or a test) filling one.
  const b = gate();
  runner.get('b', () => b.p, { rerender: true });
  app.renderToken = 3;
  b.open(2);
  await runner.peek('b').promise;
  assert.equal(renders, 1);
  // Started by a view that awaits it (no rerender), later asked with rerender: a render at the end.
  const c = gate();
  runner.get('c', () => c.p);
  runner.get('c', () => c.p, { rerender: true });
  c.open(3);
  await runner.peek('c').promise;
  assert.equal(renders, 2);
});
