// The interval the results table shows with each mean (issue 11), and in its CSV/JSON/LaTeX
// exports. Default: the seeded bootstrap percentile interval of the mean (Efron & Tibshirani
// 1993, ch. 13: the 2.5th and 97.5th percentiles of B = 1,000 resampled means), which lies within
// [min, max] of the observed scores, so never outside the measure's range; or, as a setting
// (`tci=t`), the 95% t interval the core computes with the evaluation (`ci95`), which can (AP:
// -0.971-1.571). Both are over the same topics as the table's mean; undefined (null, shown "–")
// with fewer than 2 scores or where the aggregate is not a mean.

export const TABLE_B = 1000;
export const TABLE_CONFIDENCE = 0.95;
export const TABLE_INTERVALS = [
  { value: 'percentile', label: 'bootstrap percentile (B = 1,000)' },
  { value: 't', label: 't' },
];

/**
 * Worker side: adds to an evaluate() result (its `raw` still there: the core's topic order)
 * runs[R].percentile95 = {M: [low, high] | null}, the percentile interval of irlens.stats.interval
 * over the run's finite per-topic scores of M (the ones its mean averages; a sparse measure's NaN
 * topics are left out, as by the mean), and result.percentile = {B, seed, confidence, error?}: a
 * bad seed (the core's UsageError) leaves every interval undefined and says why, the table stays.
 */
export function addPercentileIntervals(irlens, result, seed) {
  const { raw } = result;
  result.percentile = { B: TABLE_B, seed: String(seed), confidence: TABLE_CONFIDENCE };
  const isMean = raw.measures.map((m) => {
    try {
      return !m.textValued && irlens.parseMeasure(m.name).aggregate === 'mean';
    } catch {
      return false;
    }
  });
  const options = { ci: 'percentile', confidence: TABLE_CONFIDENCE, B: TABLE_B, seed: String(seed) };
  for (const r of raw.runs) {
    const entry = result.runs[r.name];
    entry.percentile95 = {};
    raw.measures.forEach((m, i) => {
      let ci = null;
      if (isMean[i] && entry.mean[m.name] !== null && !result.percentile.error) {
        const n = r.topics.length;
        const x = Array.from({ length: n }, (_, t) => r.values[i * n + t]).filter(Number.isFinite);
        if (x.length >= 2) {
          try {
            const { low, high } = irlens.stats.interval(x, options);
            if (Number.isFinite(low) && Number.isFinite(high)) ci = [low, high];
          } catch (e) {
            if (e.name !== 'UsageError') throw e;
            result.percentile.error = e.message;
          }
        }
      }
      entry.percentile95[m.name] = ci;
    });
  }
  return result;
}

/** Page side: the method the table shows ('percentile' | 't', setting tci). */
export const intervalMethod = (app) => (app.state.settings.tci === 't' ? 't' : 'percentile');

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
