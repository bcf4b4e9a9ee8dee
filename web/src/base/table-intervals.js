// The interval the results table shows with each mean (issue 11), and in its CSV/JSON/LaTeX
// exports. Default: the seeded bootstrap percentile interval of the mean (Efron & Tibshirani
// 1993, ch. 13: the 2.5th and 97.5th percentiles of B = 1,000 resampled means), which lies within
// [min, max] of the observed scores, so never outside the measure's range; or, as a setting
// (`tci=t`), the 95% t interval the core computes with the evaluation (`ci95`), which can (AP:
// -0.971-1.571). Both are over the same topics as the table's mean; undefined (null, shown "–")
// with fewer than 2 scores or where the aggregate is not a mean.

import { evaluationView } from '../../../build-wasm/dist/evaluation.mjs';

export const TABLE_B = 1000;
export const TABLE_CONFIDENCE = 0.95;
export const TABLE_INTERVALS = [
  { value: 'percentile', label: 'bootstrap percentile (B = 1,000)' },
  { value: 't', label: 't' },
];

/**
 * Worker side: adds to the evaluation's columnar data (wasm/evaluation.mjs; the core's topic order)
 * runs[i].percentileLow / percentileHigh (Float64Array, a bound per measure; NaN undefined), the
 * percentile interval of irlens.stats.interval over the run's finite per-topic scores of each
 * measure (the ones its mean averages; a sparse measure's NaN topics are left out, as by the
 * mean), and data.percentile = {B, seed, confidence, error?}: a bad seed (the core's UsageError)
 * leaves every interval undefined and says why, the table stays. Returns data.
 */
export function addPercentileIntervals(irlens, data, seed) {
  data.percentile = { B: TABLE_B, seed: String(seed), confidence: TABLE_CONFIDENCE };
  const isMean = data.measures.map((m) => !m.textValued && m.aggregate === 'mean');
  const options = { ci: 'percentile', confidence: TABLE_CONFIDENCE, B: TABLE_B, seed: String(seed) };
  for (const r of data.runs) {
    const M = data.measures.length, T = r.topics.length;
    r.percentileLow = new Float64Array(M).fill(NaN);
    r.percentileHigh = new Float64Array(M).fill(NaN);
    for (let i = 0; i < M; i++) {
      if (!isMean[i] || !Number.isFinite(r.aggregate[i]) || data.percentile.error) continue;
      const x = Array.from(r.values.subarray(i * T, (i + 1) * T)).filter(Number.isFinite);
      if (x.length < 2) continue;
      try {
        const { low, high } = irlens.stats.interval(x, options);
        if (Number.isFinite(low) && Number.isFinite(high)) [r.percentileLow[i], r.percentileHigh[i]] = [low, high];
      } catch (e) {
        if (e.name !== 'UsageError') throw e;
        data.percentile.error = e.message;
      }
    }
  }
  return data;
}

/**
 * Worker side, the intervals after the first paint (issue 42): instead of addPercentileIntervals,
 * marks data.percentile = {B, seed, confidence, pending: key} (the table shows its means, each
 * interval "computing", until they come) and returns what percentileAnswer(irlens, held) needs
 * later: copies of the runs' per-topic scores and means (data's own buffers are transferred to the
 * page), so the intervals are those addPercentileIntervals would have added, bit for bit.
 */
export function deferPercentileIntervals(data, seed, key) {
  data.percentile = { B: TABLE_B, seed: String(seed), confidence: TABLE_CONFIDENCE, pending: key };
  return {
    key, seed,
    measures: data.measures.map(({ textValued, aggregate }) => ({ textValued, aggregate })),
    runs: data.runs.map((r) => ({ topics: { length: r.topics.length }, values: r.values.slice(), aggregate: r.aggregate.slice() })),
  };
}

/**
 * Worker side: the intervals of what deferPercentileIntervals held, as the page applies them
 * (applyPercentileIntervals): {percentile: {B, seed, confidence, error?}, runs: [{low, high}]}, the
 * runs in the evaluation's order, each bound a Float64Array per measure (NaN undefined).
 */
export function percentileAnswer(irlens, held) {
  addPercentileIntervals(irlens, held, held.seed);
  return { percentile: held.percentile, runs: held.runs.map((r) => ({ low: r.percentileLow, high: r.percentileHigh })) };
}

/**
 * Page side: puts percentileAnswer's intervals into `result` (tableResult's view, whose
 * percentile.pending they answer), in place: result.percentile without `pending`, each run's
 * percentile95, and the columnar data's percentileLow / percentileHigh. Returns result.
 */
export function applyPercentileIntervals(result, answer) {
  result.percentile = answer.percentile;
  result.raw.percentile = answer.percentile;
  result.raw.runs.forEach((r, i) => {
    [r.percentileLow, r.percentileHigh] = [answer.runs[i].low, answer.runs[i].high];
    result.runs[r.name].percentile95 = percentile95(result.measures, r);
  });
  return result;
}

const percentile95 = (measures, r) => Object.fromEntries(measures.map((m, i) =>
  [m, r.percentileLow && Number.isFinite(r.percentileLow[i]) ? [r.percentileLow[i], r.percentileHigh[i]] : null]));

/**
 * Page side: the nested view (evaluationView) of the data the worker transferred, with
 * `percentile` and each run's percentile95 = {M: [low, high] | null} beside the core's ci95.
 */
export function tableResult(data) {
  const result = evaluationView(data);
  result.percentile = data.percentile;
  for (const r of data.runs) result.runs[r.name].percentile95 = percentile95(result.measures, r);
  return result;
}

/** Page side: the method the table shows ('percentile' | 't', setting tci). */
export const intervalMethod = (app) => (app.state.settings.tci === 't' ? 't' : 'percentile');

/**
 * Page side: true while the table shows the percentile interval and the worker is still computing
 * it (deferPercentileIntervals): each interval is "computing", never a number, and the exports wait.
 */
export function intervalsPending(app) {
  const p = app.state.result && app.state.result.percentile;
  return intervalMethod(app) === 'percentile' && !!p && p.pending !== undefined;
}

/** The interval of `run`'s mean of `measure` the table shows: [low, high] or null (undefined). */
export function tableInterval(app, run, measure) {
  const r = app.state.result.runs[run];
  const all = intervalMethod(app) === 't' ? r.ci95 : r.percentile95;
  return (all && all[measure]) || null;
}

/** What the interval is, for the legend, captions and exports: "95% bootstrap percentile interval (B = 1,000, seed 1)". */
export function intervalName(app) {
  if (intervalMethod(app) === 't') return '95% t confidence interval';
  const p = app.state.result && app.state.result.percentile;
  return `95% bootstrap percentile interval (B = ${TABLE_B.toLocaleString('en-US')}, seed ${p ? p.seed : app.state.settings.seed})`;
}

/** The provenance record of the table's interval (exports.js). */
export function intervalRecord(app) {
  if (intervalMethod(app) === 't') return { method: 't', confidence: TABLE_CONFIDENCE };
  const p = app.state.result && app.state.result.percentile;
  return { method: 'percentile', confidence: TABLE_CONFIDENCE, B: TABLE_B, seed: p ? p.seed : app.state.settings.seed };
}
