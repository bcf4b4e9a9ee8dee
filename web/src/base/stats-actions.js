// The worker actions of the statistics (merged into the protocol of worker-core.js). The *Scores
// actions need no loaded data: the page's stats workers (stats-pool.js) get the evaluation's
// scores in the payload. metaLoo re-reads the runs, so it runs in the worker holding them.
//
// `result` is the evaluation's columnar data (wasm/evaluation.mjs), transferred by the page.
//   compareScores {result, qrels, options}            -> irlens.compareScores document
//   comparePValues {result, qrels, options}           -> irlens.comparePValues document (its
//                  typed arrays transferred, p-value-columns.js)
//   metaScores    {analysis, result, qrels, options}  -> irlens.metaScores document
//   intervals     {result, measure, options}          -> {runs: {NAME: {n, mean, low, high}}}
//                  (the interval of each run's mean over the topics it was scored on)
//   nullDistribution {result, qrels, options}        -> irlens.nullDistribution document
//   winsTiesLosses {result, baseline}                 -> irlens.winsTiesLosses(result, baseline)
//   metaLoo       {measures, missing, groups: {name, text}, options} -> irlens.meta('loo') document
import { buffersOfPairs } from './p-value-columns.js';

// transfer(value, buffers): the answer sent with its buffers moved, not copied (worker-core.js).
export function statsActions({ irlens, qrels, runs, transfer }) {
  return {
    compareScores({ result, qrels: q, options = {} }, progress) {
      return irlens().compareScores(result, { ...options, qrels: q, progress });
    },
    comparePValues({ result, qrels: q, options = {} }, progress) {
      const doc = irlens().comparePValues(result, { ...options, qrels: q, progress });
      return transfer(doc, buffersOfPairs(doc));
    },
    metaScores({ analysis, result, qrels: q, options = {} }, progress) {
      return irlens().metaScores(analysis, result, { ...options, qrels: q, progress });
    },
    intervals({ result, measure, options = {} }) {
      const out = { runs: {} };
      const i = result.measures.findIndex((m) => m.name === measure);
      for (const r of result.runs) {
        const T = r.topics.length;
        const values = Array.from(r.values.subarray(i * T, (i + 1) * T)).filter(Number.isFinite);
        const mean = values.length ? values.reduce((s, v) => s + v, 0) / values.length : null;
        const { low, high } = values.length ? irlens().stats.interval(values, options) : { low: NaN, high: NaN };
        out.runs[r.name] = { n: values.length, mean, low: Number.isFinite(low) ? low : null, high: Number.isFinite(high) ? high : null };
      }
      return out;
    },
    nullDistribution({ result, qrels: q, options = {} }) {
      return irlens().nullDistribution(result, { ...options, qrels: q });
    },
    winsTiesLosses({ result, baseline }) {
      return irlens().winsTiesLosses(result, baseline);
    },
    metaLoo({ measures, missing, groups, options = {} }, progress) {
      const q = qrels();
      if (!q) throw Object.assign(new Error('no qrels loaded'), { name: 'UsageError' });
      const g = irlens().loadGroups(groups.text, { name: groups.name });
      try {
        return irlens().meta('loo', q, runs(), measures, { ...options, missing, groups: g, progress });
      } finally {
        g.dispose();
      }
    },
  };
}
