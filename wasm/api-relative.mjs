// The JS API of the measures that score runs against each other (issue 4), of diversity (issue 6)
// and of preference judgments: merged into the API by api.mjs as one area, made of
//   this file          rarityReport, uniqueContributions, alphaSweep, sampleSizeTau
//   api-diversity.mjs  ndeval, subtopicCoverage
//   api-prefs.mjs      loadPrefs, prefsReader (trecEval and evaluate take what they return)
// The analyses are the core's (irlens/relative/rarity.hpp, irlens/relative/unique.hpp) and return the objects
// `irlens rarity | unique | relative sweep | relative sample --format json` print: {irlens,
// command, qrels (its name), ...settings, columns, rows: [{column: value}]}, NaN as null. Options
// left out take the CLI's defaults (the core's). The measures themselves (P_rareness,
// AP_rareness, NRG(...)) are registry measures: evaluate() computes them, with the groups of
// loadGroups for NRG's group policies; NRG's prior=list / prior=chronological runs and the
// rareness measures' pool are parameters of the measure name (runs=[a,b], pool=[a,b]), exactly as
// in the CLI.
import { diversityApi, optionalInteger } from './api-diversity.mjs';
import { prefsApi } from './api-prefs.mjs';

/** A list of run names: an array of strings, or a comma-separated string as the CLI's --pool. */
function runNames(value, what) {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') {
    const items = value.split(',');
    if (items.some((s) => !s)) throw new TypeError(`${what}: empty item in '${value}'`);
    return items;
  }
  if (!Array.isArray(value) || value.some((s) => typeof s !== 'string' || !s)) throw new TypeError(`${what} must be an array of run names`);
  return value;
}

/** One measure name or an array of them (the CLI's repeated -m). */
function measureNames(value, what) {
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || !list.length || list.some((m) => typeof m !== 'string'))
    throw new TypeError(`${what}: give a measure name or an array of them`);
  return list;
}

function numbers(value, what, check) {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new TypeError(`${what} must be an array of numbers`);
  for (const v of value) check(v);
  return value;
}

function relativeAnalyses({ core, Groups, checkInputs }) {
  return {
    /**
     * The rarity report (Türkmen et al., ECIR 2023, Eq. 2, Table 4), as `irlens rarity -f json`:
     * per topic every relevant document with found_by (S_d), systems (S), rarity (R), rarity_mixture
     * (R') and only_run, rarest first. options: depth (a run retrieved d when d is in its top
     * depth; default the whole run), pool (the runs counted: names, or 'a,b' as --pool; default
     * every run), rel (relevant: judged >= rel; default 1).
     */
    rarityReport(qrels, runs, { depth = null, pool = null, rel = null } = {}) {
      checkInputs(qrels, runs, 'rarityReport');
      return core.rarityReport(qrels.live, runs.map((r) => r.live), optionalInteger(depth, 'rarityReport: depth', 1),
        runNames(pool, 'rarityReport: pool'), optionalInteger(rel, 'rarityReport: rel', 0));
    },
    /**
     * Unique contributions to the relevant set (Clarke et al., SIGIR-AP 2024, Appendix B), as
     * `irlens unique -f json`: rows with scope 'run' and 'group', mean per topic and total.
     * options: depth (the pool depth, required), groups (from loadGroups; default: every run its
     * own group), rel (default 1), missing ('zero', the default: the mean is over all qrels topics;
     * 'skip': over the topics the run, or the group's runs, answered).
     */
    uniqueContributions(qrels, runs, { depth, groups = null, rel = null, missing = 'zero' } = {}) {
      checkInputs(qrels, runs, 'uniqueContributions');
      if (depth === undefined || depth === null) throw new TypeError('uniqueContributions: depth is required: the pool depth (e.g. {depth: 10})');
      optionalInteger(depth, 'uniqueContributions: depth', 1);
      if (groups !== null && !(groups instanceof Groups)) throw new TypeError('uniqueContributions: groups must be a Groups (see loadGroups)');
      return core.uniqueContributions(qrels.live, runs.map((r) => r.live), groups ? groups.live : 0, depth,
        optionalInteger(rel, 'uniqueContributions: rel', 0), missing);
    },
    /**
     * Kendall's tau-b between the ranking of the runs at each alpha and at alpha = 0 (Türkmen et
     * al., Fig. 2), as `irlens relative sweep -f json`. measure: a P_rareness / AP_rareness name
     * without alpha (or an array of them). options: alphas (default 0, 0.1, ..., 1), missing.
     */
    alphaSweep(qrels, runs, measure, { alphas = null, missing = 'zero' } = {}) {
      checkInputs(qrels, runs, 'alphaSweep');
      const list = numbers(alphas, 'alphaSweep: alphas', (a) => {
        if (typeof a !== 'number' || !Number.isFinite(a)) throw new TypeError(`alphaSweep: '${a}' is not a number`);
      });
      return core.alphaSweep(qrels.live, runs.map((r) => r.live), measureNames(measure, 'alphaSweep'), list, missing);
    },
    /**
     * Algorithm 1 of Türkmen et al.: for each sample size N, `trials` samples of N runs (seeded
     * with irlens' own generator: the same numbers as the CLI's for the same seed), rarity
     * recomputed over each sample, mean tau-b against the full ranking; as `irlens relative sample
     * -f json`. measure: a P_rareness / AP_rareness name with alpha (or an array). options: sizes
     * (default 2, 4, 8, ... up to 64, none above the number of runs), trials (1000), seed (1), missing,
     * progress (fraction done -> false to cancel: throws an Error named Cancelled).
     */
    sampleSizeTau(qrels, runs, measure, { sizes = null, trials = null, seed = null, missing = 'zero', progress } = {}) {
      checkInputs(qrels, runs, 'sampleSizeTau');
      const list = numbers(sizes, 'sampleSizeTau: sizes', (n) => optionalInteger(n, 'sampleSizeTau: a size', 2));
      if (progress !== undefined && typeof progress !== 'function') throw new TypeError('sampleSizeTau: progress must be a function');
      return core.sampleSizeTau(qrels.live, runs.map((r) => r.live), measureNames(measure, 'sampleSizeTau'), list,
        optionalInteger(trials, 'sampleSizeTau: trials', 1), optionalInteger(seed, 'sampleSizeTau: seed', 0), missing, progress);
    },
  };
}

/** The area merged into the API by api.mjs. */
export function relativeApi(ctx) {
  return { ...relativeAnalyses(ctx), ...diversityApi(ctx), ...prefsApi(ctx) };
}
