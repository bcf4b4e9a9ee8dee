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

test('sameScores: the name and the tag each count; values compared over their whole length; transferred data never equal', () => {
  const x = data([[0.5, 1], [0, NaN]]);
  const retag = data([[0.5, 1], [0, NaN]]);
  retag.runs[1].tag = 'other';
  assert.equal(sameScores(x, retag), false);
  const rename = data([[0.5, 1], [0, NaN]]);
  rename.runs[1].name = 'other';
  assert.equal(sameScores(x, rename), false);
  const topics = data([[0.5, 1], [0, NaN]]);
  topics.runs[0].topics = ['1', '3'];
  assert.equal(sameScores(x, topics), false);
  const texts = data([[0.5, 1], [0, NaN]]);
  texts.runs[0].texts = { 0: ['a', 'b'] };
  assert.equal(sameScores(x, texts), false);
  const qrels = data([[0.5, 1], [0, NaN]]);
  qrels.qrels = { name: 'q2', topics: ['1', '2'] };
  assert.equal(sameScores(x, qrels), false);
  // one more value than the other (the first ones equal)
  const longer = data([[0.5, 1], [0, NaN]]);
  longer.runs[1].values = Float64Array.from([0, NaN, 0]);
  assert.equal(sameScores(x, longer), false);
  assert.equal(sameScores(longer, x), false);
  // values transferred away to a worker (length 0) are never the same scores, even as each other
  const gone = () => { const d = data([[0.5, 1], [0, NaN]]); for (const r of d.runs) r.values = new Float64Array(0); return d; };
  assert.equal(sameScores(gone(), gone()), false);
  // no topics: nothing to compare, the same
  const none = () => { const d = data([[], []]); for (const r of d.runs) r.topics = []; return d; };
  assert.equal(sameScores(none(), none()), true);
  // topics but no measure: no values either, the same
  assert.equal(sameScores(data([[], []], { measures: [] }), data([[], []], { measures: [] })), true);
});

test('StatsRunner: an entry runs, then is done, failed or cancelled; none without a result', async () => {
  const app = { state: { result: null }, renderToken: 1, render() {} };
  const runner = new StatsRunner(app, { onProgress() {} });
  assert.equal(runner.get('k', () => 1), null);
  assert.equal(runner.peek('k'), null);
  app.state.result = { raw: data([[0.5, 1], [0, 0.25]]) };
  let open;
  const e = runner.get('k', () => new Promise((r) => { open = r; }));
  assert.deepEqual([e.key, e.status, e.value, e.error, e.rerenderAt], ['k', 'running', null, null, null]);
  await Promise.resolve();
  open(42);
  await e.promise;
  assert.deepEqual([e.status, e.value, e.error], ['done', 42, null]);
  const failed = await runner.get('f', () => { throw new Error('no'); }).promise;
  assert.deepEqual([failed.status, failed.value, failed.error.message], ['error', null, 'no']);
  const cancelled = await runner.get('c', () => Promise.reject(Object.assign(new Error('stop'), { name: 'Cancelled' }))).promise;
  assert.equal(cancelled.status, 'cancelled');
});

test('StatsRunner: retry forgets an entry and renders; cancel stops the pool; no render unasked or for a replaced result', async () => {
  let renders = 0, cancels = 0;
  const app = { state: { result: { raw: data([[0.5, 1], [0, 0.25]]) } }, renderToken: 1, render() { renders++; } };
  const runner = new StatsRunner(app, { onProgress() {}, cancel() { cancels++; } });
  await runner.get('k', () => 1).promise;
  assert.equal(renders, 0); // not asked to render: a view awaits it
  runner.retry('k');
  assert.equal(renders, 1);
  assert.equal(runner.peek('k'), null);
  runner.cancel();
  assert.equal(cancels, 1);
  // asked to render, but the result changed to other scores before it ended: no render
  let open;
  runner.get('r', () => new Promise((r) => { open = r; }), { rerender: true });
  app.state.result = { raw: data([[0.5, 1], [0, 0.5]]) };
  await Promise.resolve();
  open(1);
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(renders, 1);
  app.state.result = null;
  runner.retry('x'); // no result: nothing to forget, the page still renders
  assert.equal(renders, 2);
});

test("StatsRunner: the pool's progress shows in every progress strip", () => {
  const strips = [0, 1].map(() => {
    const bar = { value: 0 }, text = { textContent: '' };
    return { hidden: true, bar, text, querySelector: (s) => (s === 'progress' ? bar : text) };
  });
  const saved = globalThis.document;
  globalThis.document = { querySelectorAll: (s) => (s === '.stats-progress' ? strips : []) };
  try {
    let report;
    new StatsRunner({ state: { result: null } }, { onProgress(f) { report = f; } });
    report(0.456);
    assert.deepEqual(strips.map((s) => [s.hidden, s.bar.value, s.text.textContent]), [[false, 0.456, 'Computing statistics: 46%'], [false, 0.456, 'Computing statistics: 46%']]);
    report(null);
    assert.deepEqual(strips.map((s) => s.hidden), [true, true]);
  } finally {
    globalThis.document = saved;
  }
});
