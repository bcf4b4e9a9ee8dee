// The interval the results table shows with each mean (web/src/base/table-intervals.js): which
// (run, measure) get a bootstrap percentile interval, with what options, and which say "undefined";
// the interval, its name and its provenance record as the table and its exports show them. The
// core's interval itself is stubbed here (its numbers: tests/unit-confidence.cpp, tests/node/stats.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  TABLE_B, TABLE_CONFIDENCE, TABLE_INTERVALS, addPercentileIntervals, tableResult, intervalMethod, tableInterval, intervalName, intervalRecord,
  deferPercentileIntervals, percentileAnswer, applyPercentileIntervals, intervalsPending,
} from '../../web/src/base/table-intervals.js';

/** irlens.stats.interval stubbed: [min, max] of the scores, every call recorded; fail(x) may throw. */
function stubIrlens(fail = () => {}) {
  const calls = [];
  return { calls, stats: { interval(x, options) { calls.push({ x, options }); fail(x); return { low: Math.min(...x), high: Math.max(...x) }; } } };
}

/** Columnar data (wasm/evaluation.mjs) of one run on topics 1-3; values[measure][topic]. */
function data(measures, values, aggregate) {
  return {
    qrels: { name: 'q', topics: ['1', '2', '3'] }, missing: 'zero', warnings: [],
    measures: measures.map((m) => ({ name: m.name, full: m.name, aggregate: 'mean', textValued: false, ...m })),
    runs: [{ name: 'r', tag: 'r', topics: ['1', '2', '3'], values: Float64Array.from(values.flat()), aggregate: Float64Array.from(aggregate), texts: {} }],
  };
}

test('the table interval: bootstrap percentile, B = 1,000, 95%, over the finite scores of each mean', () => {
  assert.equal(TABLE_B, 1000);
  assert.equal(TABLE_CONFIDENCE, 0.95);
  assert.deepEqual(TABLE_INTERVALS, [{ value: 'percentile', label: 'bootstrap percentile (B = 1,000)' }, { value: 't', label: 't' }]);
  const irlens = stubIrlens();
  // AP: three scores; P@5: a NaN topic left out (as by the mean); RR: one finite score (< 2);
  // N: the mean is undefined; S: summed, not a mean; T: text-valued
  const d = data(
    [{ name: 'AP' }, { name: 'P@5' }, { name: 'RR' }, { name: 'N' }, { name: 'S', aggregate: 'sum' }, { name: 'T', textValued: true }],
    [[0.1, 0.5, 0.3], [0.2, NaN, 0.4], [NaN, 1, NaN], [0.1, 0.2, 0.3], [1, 2, 3], [0, 0, 0]],
    [0.3, 0.3, 1, NaN, 6, 0],
  );
  assert.equal(addPercentileIntervals(irlens, d, 7), d);
  assert.deepEqual(d.percentile, { B: 1000, seed: '7', confidence: 0.95 });
  assert.deepEqual(irlens.calls, [
    { x: [0.1, 0.5, 0.3], options: { ci: 'percentile', confidence: 0.95, B: 1000, seed: '7' } },
    { x: [0.2, 0.4], options: { ci: 'percentile', confidence: 0.95, B: 1000, seed: '7' } },
  ]);
  assert.deepEqual([...d.runs[0].percentileLow], [0.1, 0.2, NaN, NaN, NaN, NaN]);
  assert.deepEqual([...d.runs[0].percentileHigh], [0.5, 0.4, NaN, NaN, NaN, NaN]);
  // the page's view: [low, high] beside the core's ci95, null where undefined
  const result = tableResult(d);
  assert.deepEqual(result.percentile, d.percentile);
  assert.deepEqual(result.runs.r.percentile95, { AP: [0.1, 0.5], 'P@5': [0.2, 0.4], RR: null, N: null, S: null, T: null });
});

test('a bad seed leaves every interval undefined and says why; an infinite bound is no interval; other errors are thrown', () => {
  const usage = () => { throw Object.assign(new Error('seed: expected a number'), { name: 'UsageError' }); };
  const irlens = stubIrlens(usage);
  const d = data([{ name: 'AP' }, { name: 'P@5' }], [[0.1, 0.5, 0.3], [0.2, 0.6, 0.4]], [0.3, 0.4]);
  addPercentileIntervals(irlens, d, 'x');
  assert.deepEqual(d.percentile, { B: 1000, seed: 'x', confidence: 0.95, error: 'seed: expected a number' });
  assert.equal(irlens.calls.length, 1); // asked once: the error stands for every interval
  assert.deepEqual([...d.runs[0].percentileLow, ...d.runs[0].percentileHigh], [NaN, NaN, NaN, NaN]);
  const infinite = { stats: { interval: () => ({ low: -Infinity, high: 1 }) } };
  const e = data([{ name: 'AP' }], [[0.1, 0.5, 0.3]], [0.3]);
  addPercentileIntervals(infinite, e, 1);
  assert.deepEqual([...e.runs[0].percentileLow, ...e.runs[0].percentileHigh], [NaN, NaN]);
  const broken = stubIrlens(() => { throw new TypeError('bug'); });
  assert.throws(() => addPercentileIntervals(broken, data([{ name: 'AP' }], [[0.1, 0.5, 0.3]], [0.3]), 1), TypeError);
  // data from before the intervals (no percentileLow): every interval undefined
  assert.deepEqual(tableResult(data([{ name: 'AP' }], [[0.1, 0.5, 0.3]], [0.3])).runs.r.percentile95, { AP: null });
});

test("the interval shown, its name and its record follow the setting tci (percentile unless 't')", () => {
  const run = { ci95: { AP: [-0.1, 0.7] }, percentile95: { AP: [0.1, 0.5], RR: null } };
  const app = (tci, percentile = { seed: '3' }) => ({ state: { settings: { tci, seed: '9' }, result: { runs: { r: run }, percentile } } });
  assert.equal(intervalMethod(app('t')), 't');
  assert.equal(intervalMethod(app('percentile')), 'percentile');
  assert.equal(intervalMethod(app('x')), 'percentile');
  assert.deepEqual(tableInterval(app('t'), 'r', 'AP'), [-0.1, 0.7]);
  assert.deepEqual(tableInterval(app('percentile'), 'r', 'AP'), [0.1, 0.5]);
  assert.equal(tableInterval(app('percentile'), 'r', 'RR'), null);
  assert.equal(tableInterval(app('t'), 'r', 'RR'), null);
  assert.equal(tableInterval({ state: { settings: { tci: 't' }, result: { runs: { r: {} } } } }, 'r', 'AP'), null);
  assert.equal(intervalName(app('t')), '95% t confidence interval');
  assert.equal(intervalName(app('percentile')), '95% bootstrap percentile interval (B = 1,000, seed 3)');
  // before a result says its seed: the setting's
  assert.equal(intervalName(app('percentile', null)), '95% bootstrap percentile interval (B = 1,000, seed 9)');
  assert.equal(intervalName({ state: { settings: { tci: '', seed: '4' } } }), '95% bootstrap percentile interval (B = 1,000, seed 4)');
  assert.deepEqual(intervalRecord(app('t')), { method: 't', confidence: 0.95 });
  assert.deepEqual(intervalRecord(app('percentile')), { method: 'percentile', confidence: 0.95, B: 1000, seed: '3' });
  assert.deepEqual(intervalRecord({ state: { settings: { tci: '', seed: '4' } } }), { method: 'percentile', confidence: 0.95, B: 1000, seed: '4' });
});

test('the intervals after the means (issue 42): held back, computed later from copies, applied in place as addPercentileIntervals would have added them', () => {
  // AP over topics 1-3: 0.1, 0.5, 0.3 (the stub's interval: [min, max] = [0.1, 0.5]); P@5: a NaN
  // topic left out: [0.2, 0.4]; RR: one finite score, no interval.
  const values = [[0.1, 0.5, 0.3], [0.2, NaN, 0.4], [NaN, 1, NaN]];
  const d = data([{ name: 'AP' }, { name: 'P@5' }, { name: 'RR' }], values, [0.3, 0.3, 1]);
  const held = deferPercentileIntervals(d, 7, 5);
  assert.deepEqual(d.percentile, { B: 1000, seed: '7', confidence: 0.95, pending: 5 });
  assert.equal(d.runs[0].percentileLow, undefined); // nothing computed yet
  const result = tableResult(d);
  assert.deepEqual(result.runs.r.percentile95, { AP: null, 'P@5': null, RR: null });
  const app = (tci) => ({ state: { settings: { tci, seed: '7' }, result } });
  assert.equal(intervalsPending(app('percentile')), true);
  assert.equal(intervalsPending(app('t')), false); // the t interval came with the evaluation
  assert.equal(intervalsPending({ state: { settings: { tci: 'percentile' }, result: null } }), false);
  // the page's copy of the scores goes away (transferred): the held copies still give the intervals
  d.runs[0].values.fill(0);
  const irlens = stubIrlens();
  const answer = percentileAnswer(irlens, held);
  assert.deepEqual(irlens.calls.map((c) => c.x), [[0.1, 0.5, 0.3], [0.2, 0.4]]);
  assert.deepEqual(answer.percentile, { B: 1000, seed: '7', confidence: 0.95 });
  assert.deepEqual(answer.runs.map((r) => [[...r.low], [...r.high]]), [[[0.1, 0.2, NaN], [0.5, 0.4, NaN]]]);
  assert.equal(applyPercentileIntervals(result, answer), result);
  assert.deepEqual(result.percentile, { B: 1000, seed: '7', confidence: 0.95 });
  assert.deepEqual(result.runs.r.percentile95, { AP: [0.1, 0.5], 'P@5': [0.2, 0.4], RR: null });
  assert.deepEqual([...result.raw.runs[0].percentileLow], [0.1, 0.2, NaN]);
  assert.equal(intervalsPending(app('percentile')), false);
  // the same as computed with the evaluation
  const now = addPercentileIntervals(stubIrlens(), data([{ name: 'AP' }, { name: 'P@5' }, { name: 'RR' }], values, [0.3, 0.3, 1]), 7);
  assert.deepEqual(tableResult(now).runs.r.percentile95, result.runs.r.percentile95);
  // a bad seed: the held intervals say why, as addPercentileIntervals does
  const bad = deferPercentileIntervals(data([{ name: 'AP' }], [[0.1, 0.5, 0.3]], [0.3]), 'x', 6);
  const failing = stubIrlens(() => { throw Object.assign(new Error('seed: expected a number'), { name: 'UsageError' }); });
  assert.equal(percentileAnswer(failing, bad).percentile.error, 'seed: expected a number');
});
