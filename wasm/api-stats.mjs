// The statistics area of the JS API (wasm/bind_stats.cpp): significance tests between runs
// (`irlens compare`) and meta-evaluation (`irlens meta`), over qrels and runs or over the scores of
// an evaluate() result, and tests, rank correlations, intervals and corrections on plain vectors.
//
// Options are the CLI's, camelCased (--exact-limit -> exactLimit, --rbo-p -> rboP, -B -> B): this
// module turns them into the CLI's option list, which the front-end library reads (irlens/frontends/stats_flags.hpp),
// so the defaults, checks and error messages (UsageError, naming the CLI's option) are the CLI's.
// compare() and meta() return the document `irlens compare|meta --format json` prints (the core
// builds it for both): same keys, same values, NaN as null.
import { dataOf, selectMeasures } from './evaluation.mjs';

const COMPARE_OPTIONS = {
  baseline: '--baseline', pairs: '--pairs', test: '--test', correction: '--correction', alternative: '--alternative',
  confidence: '--confidence', ci: '--ci', risk: '--risk', B: '-B', seed: '--seed', exactLimit: '--exact-limit',
  only: '--only', // the JS API's own (CompareSettings::only): the CLI has no --only
};
const META_OPTIONS = {
  test: '--test', correction: '--correction', topics: '--topics', trials: '--trials', binWidth: '--bin-width',
  rboP: '--rbo-p', gold: '--gold', depth: '--depth', B: '-B', seed: '--seed', exactLimit: '--exact-limit',
  stability: '--stability', fuzziness: '--fuzziness', alpha: '--alpha', beta: '--beta', minDiff: '--min-diff',
  ciWidth: '--ci-width',
};
const NULL_OPTIONS = { test: '--test', alternative: '--alternative', B: '-B', seed: '--seed', exactLimit: '--exact-limit' };
const EVAL_OPTIONS = ['missing', 'progress', 'groups', 'intents', 'docLengths', 'sessions'];
const PREFERENCE_OPTIONS = ['preferences', 'preferencesName'];

export default function stats({ core, Qrels, Run, evalOptions, checkInputs, checkString, stageWhole, api }) {
  /** The CLI's option list for `options` (keys of `table`); a Run stands for its name. */
  function toArgs(options, table, what, extra = []) {
    const args = [];
    for (const [key, value] of Object.entries(options)) {
      if (value === undefined || value === null) continue;
      const flag = table[key];
      if (!flag) throw new TypeError(`${what}: unknown option '${key}' (options: ${[...Object.keys(table), ...extra].join(', ')})`);
      for (const v of Array.isArray(value) ? value : [value]) {
        const text = v instanceof Run ? v.name : typeof v === 'number' || typeof v === 'bigint' ? String(v) : v;
        if (typeof text !== 'string') throw new TypeError(`${what}: option '${key}' must be a string or a number`);
        if (flag.startsWith('--')) args.push(`${flag}=${text}`);
        else args.push(flag, text);
      }
    }
    return args;
  }

  function measureList(measures, what) {
    if (typeof measures === 'string') measures = [measures];
    if (!Array.isArray(measures) || measures.some((m) => typeof m !== 'string'))
      throw new TypeError(`${what}: measures must be an array of measure names`);
    return measures;
  }

  function checkProgress(progress, what) {
    if (progress !== undefined && progress !== null && typeof progress !== 'function')
      throw new TypeError(`${what}: progress must be a function (fraction) => false to cancel`);
  }

  /** Numbers of an array or typed array (null -> NaN); non-finite values are refused. */
  function finiteNumbers(a, what) {
    if (!Array.isArray(a) && !ArrayBuffer.isView(a)) throw new TypeError(`${what} must be an array of numbers`);
    const out = Float64Array.from(a, (v) => (v === null ? NaN : Number(v)));
    const bad = out.findIndex((v) => !Number.isFinite(v));
    if (bad >= 0) throw new TypeError(`${what}[${bad}] is not a finite number (${a[bad]})`);
    return out;
  }

  /**
   * The scores of an evaluate() result in the binding's form (the evaluation's wire format,
   * evaluation.mjs), for `measures`: the result's columnar data as it is when the measures are all
   * of it in order, else a copy of those measures. A nested object without that data ({measures,
   * runs: {NAME: {tag, perTopic}}}, e.g. read from JSON) is turned into it.
   */
  function scoresOf(result, measures, what) {
    const data = dataOf(result);
    if (data && result.raw) {
      for (const [name, r] of Object.entries(result.runs))
        if (!('perTopic' in r)) throw new TypeError(`${what}: run '${name}' has no per-topic scores (evaluate with perTopic: true)`);
    }
    if (data) {
      const names = data.measures.map((m) => (typeof m === 'string' ? m : m.name));
      for (const m of measures) if (!names.includes(m)) throw new TypeError(`${what}: measure '${m}' is not in the result (${names.join(', ')})`);
      return measures.length === names.length && measures.every((m, i) => m === names[i]) ? data : selectMeasures(data, measures);
    }
    if (!result || !Array.isArray(result.measures) || !result.runs || typeof result.runs !== 'object')
      throw new TypeError(`${what}: expected an evaluate() result`);
    for (const m of measures) if (!result.measures.includes(m)) throw new TypeError(`${what}: measure '${m}' is not in the result (${result.measures.join(', ')})`);
    const runs = Object.entries(result.runs).map(([name, r]) => {
      if (!r.perTopic) throw new TypeError(`${what}: run '${name}' has no per-topic scores (evaluate with perTopic: true)`);
      const topics = Object.keys(r.perTopic);
      const values = new Float64Array(measures.length * topics.length);
      measures.forEach((m, i) => topics.forEach((t, j) => {
        const v = r.perTopic[t][m];
        values[i * topics.length + j] = typeof v === 'number' ? v : NaN;
      }));
      return { name, tag: r.tag || '', topics, values };
    });
    return { measures, missing: result.missing || 'skip', warnings: result.warnings || [], runs };
  }

  /** The measure names of an evaluate() result or its data. */
  function measuresOf(result) {
    const data = dataOf(result);
    return data ? data.measures.map((m) => (typeof m === 'string' ? m : m.name)) : result && result.measures;
  }

  /** {name, topics: count} of the qrels option of the *Scores functions. */
  function qrelsOf(qrels, what) {
    if (qrels instanceof Qrels) return { name: qrels.name, topics: qrels.topics.length };
    if (qrels && typeof qrels.name === 'string' && (Array.isArray(qrels.topics) || Number.isInteger(qrels.topics)))
      return { name: qrels.name, topics: Array.isArray(qrels.topics) ? qrels.topics.length : qrels.topics };
    throw new TypeError(`${what}: options.qrels must be the Qrels (or its info {name, topics}) the result was evaluated with`);
  }

  /**
   * Significance tests between runs, as `irlens compare`: every run against options.baseline (a
   * run name or Run), the pairs of options.pairs ('a:b,c:d' or ['a:b', 'c:d']: only these, the
   * correction over them) or every pair of runs, on each measure. Returns the document of
   * `irlens compare --format json`: {irlens, command, qrels, missing, test, alternative,
   * correction, B, seed, intervals, confidence, baseline?, risk_alpha?, warnings,
   * measures: [{measure, measure_full, topic_policy, comparisons: [{run, versus, mean,
   * mean_interval, versus_mean, versus_interval, difference, difference_interval, statistic, p,
   * p_adjusted, marker, cohen_d, cohen_d_interval, urisk?, trisk?, wins?, losses?, ties?, topics,
   * method, note}]}]}.
   * options (defaults as the CLI): test 't' | 'wilcoxon' | 'sign' | 'randomisation' | 'bootstrap' |
   * 'unpaired-bootstrap' | 'tukey'; correction 'none' | 'bonferroni' | 'holm' | 'bh';
   * alternative 'two-sided' | 'greater' | 'less'; confidence 0.95; ci 't' | 'percentile' | 'bca';
   * risk (alpha: URisk and TRisk, needs a baseline); B 10000; seed 1; exactLimit 20;
   * missing 'zero' (compare's default) | 'skip'; groups, intents, docLengths, sessions (side
   * inputs); progress: (fraction) => false cancels (an Error named Cancelled is thrown);
   * only 'p-values' | 'details': a part of each comparison (the test and the means; or the
   * intervals, Cohen's d and risk), the same numbers as the full document's, the other part's keys
   * left out and the document's `only` saying so (default: everything; the CLI has no such option).
   */
  function compare(qrels, runs, measures, options = {}) {
    checkInputs(qrels, runs, 'compare');
    const { missing = 'zero', progress, groups, intents, docLengths, sessions, ...rest } = options;
    checkProgress(progress, 'compare');
    const args = toArgs(rest, COMPARE_OPTIONS, 'compare', EVAL_OPTIONS);
    const eo = evalOptions({ missing, progress, groups, intents, docLengths, sessions });
    return JSON.parse(core.compare(qrels.live, runs.map((r) => r.live), measureList(measures, 'compare'), args, eo));
  }

  /**
   * compare() on the scores of an evaluate() result (perTopic needed), e.g. in a worker that holds
   * no runs: the same document, the same numbers. options: as compare() without the evaluation
   * options, plus qrels (required: the Qrels, or its info {name, topics}, the result came from)
   * and measures (a subset of result.measures; default all). Runs in the order of result.runs.
   */
  function compareScores(result, { qrels, measures, progress, ...rest } = {}) {
    checkProgress(progress, 'compareScores');
    const q = qrelsOf(qrels, 'compareScores');
    const args = toArgs(rest, COMPARE_OPTIONS, 'compareScores', ['qrels', 'measures', 'progress']);
    const scores = scoresOf(result, measureList(measures || measuresOf(result), 'compareScores'), 'compareScores');
    return JSON.parse(core.compareScores(scores, q.name, q.topics, args, progress));
  }

  /**
   * compareScores' p-values part (only: 'p-values') as columns, for hundreds of runs (the page's
   * p-value matrix: 124,750 pairs for 500 runs, which as JSON rows took seconds to build, parse
   * and send between threads): the same numbers, typed arrays instead of one object per pair.
   * Returns the document compareScores returns with only: 'p-values', plus `runs` (the run
   * names, in the result's order), each measure's `comparisons` replaced by `pairs`: {run, versus
   * (Uint32Array: indices into runs), mean, versus_mean, difference, statistic, p, p_adjusted
   * (Float64Array: NaN where the document has null), marker (Uint8Array: the number of stars),
   * topics (Uint32Array), method, note (Uint32Array: indices into methods, notes, the distinct
   * strings)}, pair k being the document's comparisons[k]. options: as compareScores (not `only`).
   */
  function comparePValues(result, { qrels, measures, progress, ...rest } = {}) {
    checkProgress(progress, 'comparePValues');
    const q = qrelsOf(qrels, 'comparePValues');
    const { only, ...options } = rest;
    if (only !== undefined && only !== 'p-values') throw new TypeError(`comparePValues: the p-values part only (only: '${only}')`);
    const args = toArgs(options, COMPARE_OPTIONS, 'comparePValues', ['qrels', 'measures', 'progress']);
    const scores = scoresOf(result, measureList(measures || measuresOf(result), 'comparePValues'), 'comparePValues');
    const { head, runs, columns } = core.comparePValues(scores, q.name, q.topics, args, progress);
    const doc = JSON.parse(head);
    doc.runs = runs;
    doc.measures = doc.measures.map(({ comparisons, ...m }, i) => ({ ...m, pairs: columns[i] }));
    return doc;
  }

  /**
   * The null distribution behind one paired test between two runs of an evaluate() result (perTopic
   * needed), on one measure, paired on the topics compare() pairs them on: what the p-value is, as
   * numbers a chart can draw. options: qrels (as compareScores), measure, run and versus (names or
   * Runs: the difference is run - versus), test 't' | 'wilcoxon' | 'sign' | 'randomisation' |
   * 'bootstrap', alternative, B, seed, exactLimit (as compare()). Returns {measure, run, versus,
   * test, alternative, B, seed, statistic_name ('mean difference' | 't'), statistic, p, n, method,
   * note, df (t-test: n - 1, else NaN), no_picture ('' or why nothing can be drawn: too few
   * topics, all differences 0, a test without a distribution here), topic_policy, qrels, topics,
   * x, y (Float64Array: the paired scores), samples (Float64Array: the randomisation's mean
   * differences or the bootstrap's t statistics, one per sign flip or resample, from the same seed
   * as the test), extreme (Uint8Array: 1 where the test counted the sample as at least as
   * extreme)}. The count of extreme samples over their number is p exactly.
   */
  function nullDistribution(result, { qrels, measure, run, versus, test = 't', ...rest } = {}) {
    const q = qrelsOf(qrels, 'nullDistribution');
    checkString(measure, 'nullDistribution measure');
    const nameOf = (r, what) => { const v = r instanceof Run ? r.name : r; checkString(v, `nullDistribution ${what}`); return v; };
    const args = toArgs({ test, ...rest }, NULL_OPTIONS, 'nullDistribution', ['qrels', 'measure', 'run', 'versus']);
    const scores = scoresOf(result, [measure], 'nullDistribution');
    return core.nullDistribution(scores, q.name, q.topics, measure, nameOf(run, 'run'), nameOf(versus, 'versus'), args);
  }

  /**
   * predictive-power's judgments (options.preferences: the file's text or bytes, named
   * options.preferencesName, default 'preferences', in messages), staged for the binding: {name,
   * size}, or undefined without them. Stage last: the binding reads them first.
   */
  function stagedPreferences(preferences, name = 'preferences', what) {
    if (preferences === undefined || preferences === null) return undefined;
    checkString(name, `${what} preferencesName`);
    const [size] = stageWhole(preferences);
    return { name, size };
  }

  /**
   * Meta-evaluation, as `irlens meta ANALYSIS`: 'correlation' | 'discriminative-power' |
   * 'stability' | 'concordance' | 'unanimity' | 'predictive-power' | 'loo' | 'topic-set-size' |
   * 'power'. Returns the document of
   * `irlens meta ANALYSIS --format json` (keys per analysis: pairs; measures [{..., asl_curve}];
   * measures [{stability, swap_rate, swap_bins ...}], seed; measure_1, measure_2, gold, conc_1 ...;
   * measures [{mu ...}]; preferences_file, judgments, human_ties, interval, confidence, B, seed,
   * measures [{measure, preferences, agreements, measure_ties, unscored, predictive_power, ci_low,
   * ci_high, note}]; pool_depth, groups_file, measures [{runs: [...]}]; alpha, beta, min_diff,
   * ci_width, curve_topics, designs [{measure, design, variance, ..., topics, achieved, note}],
   * measures [{v_e, v_w, power_curve}]; alpha, beta, min_diff, measures [{topics, runs, v_e,
   * min_detectable_diff, power, note}]).
   * options (defaults as the CLI): test ('bootstrap'; discriminative power), correction, B, seed,
   * exactLimit, topics (stability: half), trials (1000), binWidth (0.01), stability ('half-ties' |
   * 'fuzzy'), fuzziness (0.05, with stability: 'fuzzy'), rboP (0.9), gold
   * (concordance: gold-standard measure names), depth (loo: 100), preferences (predictive-power:
   * the text or bytes of a `topic<TAB>run X<TAB>run Y<TAB>X|Y|tie` file; preferencesName names it
   * in messages), alpha (0.05), beta (0.2), minDiff (0.05) (topic-set-size, power), ciWidth (topic-set-size),
   * missing ('zero'), groups (loo: from loadGroups), intents, docLengths, sessions,
   * progress.
   */
  function meta(analysis, qrels, runs, measures, options = {}) {
    checkString(analysis, 'meta analysis');
    checkInputs(qrels, runs, 'meta');
    const { missing = 'zero', progress, groups, intents, docLengths, sessions, preferences, preferencesName, ...rest } = options;
    checkProgress(progress, 'meta');
    const args = toArgs(rest, META_OPTIONS, 'meta', [...EVAL_OPTIONS, ...PREFERENCE_OPTIONS]);
    const eo = evalOptions({ missing, progress, groups, intents, docLengths, sessions });
    const prefs = stagedPreferences(preferences, preferencesName, 'meta');
    return JSON.parse(core.meta(analysis, qrels.live, runs.map((r) => r.live), measureList(measures, 'meta'), args, eo, prefs));
  }

  /**
   * meta() on the scores of an evaluate() result (every analysis but 'loo', which re-reads the
   * runs). options: as meta() without the evaluation options, plus qrels (required, as for
   * compareScores) and measures (a subset of result.measures). Concordance: options.gold names
   * measures of the result, which are taken as the gold standard (and left out of the compared
   * measures).
   */
  function metaScores(analysis, result, { qrels, measures, progress, preferences, preferencesName, ...rest } = {}) {
    checkString(analysis, 'metaScores analysis');
    checkProgress(progress, 'metaScores');
    const q = qrelsOf(qrels, 'metaScores');
    const args = toArgs(rest, META_OPTIONS, 'metaScores', ['qrels', 'measures', 'progress', ...PREFERENCE_OPTIONS]);
    let list = measureList(measures || measuresOf(result), 'metaScores');
    if (rest.gold !== undefined && rest.gold !== null) {
      const gold = (Array.isArray(rest.gold) ? rest.gold : [rest.gold]).map((g) => api.parseMeasure(String(g)).name);
      list = [...list.filter((m) => !gold.includes(m)), ...gold];
    }
    const scores = scoresOf(result, list, 'metaScores');
    const prefs = stagedPreferences(preferences, preferencesName, 'metaScores');
    return JSON.parse(core.metaScores(analysis, scores, q.name, q.topics, args, progress, prefs));
  }

  const statsApi = {
    /**
     * One test between score vectors x and y: 't' | 'wilcoxon' | 'sign' | 'randomisation' |
     * 'bootstrap' (paired: same topics, same order) | 'unpaired-bootstrap'. options: alternative,
     * B, seed, exactLimit (as compare). Returns {statistic, p, n, method, note}.
     */
    test(name, x, y, options = {}) {
      checkString(name, 'stats.test name');
      const args = toArgs(options, { alternative: '--alternative', B: '-B', seed: '--seed', exactLimit: '--exact-limit' }, 'stats.test');
      return core.statsTest(name, finiteNumbers(x, 'stats.test x'), finiteNumbers(y, 'stats.test y'), args);
    },
    /**
     * Rank correlation of two scorings of the same items (higher scores rank first):
     * 'tau_a' | 'tau_b' | 'tau_ap' (x evaluated, y the reference: asymmetric) |
     * 'tau_ap_symmetric' | 'spearman' | 'rbo' (options.rboP, default 0.9). Returns {coefficient}
     * and, for tau_b and spearman, {p, method, note} (options.alternative). NaN where undefined.
     */
    correlation(method, x, y, { rboP = 0.9, ...options } = {}) {
      checkString(method, 'stats.correlation method');
      const args = toArgs(options, { alternative: '--alternative' }, 'stats.correlation', ['rboP']);
      return core.statsCorrelation(method, finiteNumbers(x, 'stats.correlation x'), finiteNumbers(y, 'stats.correlation y'), Number(rboP), args);
    },
    /**
     * The interval of mean(x); with y, of the paired difference mean(x - y), or with
     * options.unpaired of mean(x) - mean(y) (Welch or percentile). options: ci ('t' |
     * 'percentile' | 'bca'), confidence (0.95), B, seed. Returns {low, high} (NaN if undefined).
     * Also interval(x, options).
     */
    interval(x, y, options = {}) {
      if (y !== undefined && y !== null && !Array.isArray(y) && !ArrayBuffer.isView(y)) [y, options] = [undefined, y];
      const { unpaired = false, ...rest } = options;
      const args = toArgs(rest, { ci: '--ci', confidence: '--confidence', B: '-B', seed: '--seed' }, 'stats.interval', ['unpaired']);
      const yy = y === undefined || y === null ? undefined : finiteNumbers(y, 'stats.interval y');
      return core.statsInterval(finiteNumbers(x, 'stats.interval x'), yy, !!unpaired, args);
    },
    /** p-values adjusted for their family: 'none' | 'bonferroni' | 'holm' | 'bh'. */
    adjust(p, correction = 'none') {
      checkString(correction, 'stats.adjust correction');
      return core.statsAdjust(finiteNumbers(p, 'stats.adjust p'), correction);
    },
  };

  /**
   * What each meta analysis needs, as `irlens meta` checks it: [{name, min_topics, min_measures,
   * why}] in the order of the analyses (min_topics: topics common to every run; unanimity 1,
   * topic-set-size, power and loo 0, the others 2; why: the reason, "" without a minimum).
   */
  const metaAnalyses = () => core.metaAnalyses();

  return { compare, compareScores, comparePValues, nullDistribution, meta, metaScores, metaAnalyses, stats: statsApi };
}
