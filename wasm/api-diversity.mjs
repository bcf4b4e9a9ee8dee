// The diversity part of the JS API (issue 6), merged in by api-relative.mjs: ndeval's CSV and the
// subtopic coverage of a ranked list. Diversity qrels load with loadQrels(data, {format:
// 'diversity'}); the diversity measures (alpha_nDCG@20, ERR_IA@20, D#-nDCG@10, RBU@20 ...) are
// registry measures computed by evaluate(), with intents from loadIntents.

/** null/undefined -> null; else an integer >= min, or a TypeError naming `what`. */
export function optionalInteger(value, what, min) {
  if (value === undefined || value === null) return null;
  if (!Number.isSafeInteger(value) || value < min) throw new TypeError(`${what} must be an integer >= ${min}, got ${value}`);
  return value;
}

export function diversityApi({ core, Qrels, Run }) {
  return {
    /**
     * NIST ndeval 4.5's CSV, byte for byte as `irlens ndeval [flags] QRELS RUN` prints it (as
     * trecEval does for trec_eval). qrels: diversity qrels; run: read with {order: 'rank'} (ndeval
     * orders by the rank column), or {order: 'score'} with '-traditional'. args: ndeval's flags,
     * e.g. ['-c', '-alpha', '0.3']; options.baseline: the baseline Run of risk-sensitive
     * evaluation (-baseline; -riskAlpha R).
     */
    ndeval(qrels, run, args = [], { baseline = null } = {}) {
      if (!(qrels instanceof Qrels) || !(run instanceof Run)) throw new TypeError('ndeval: expected (Qrels, Run, args)');
      if (!Array.isArray(args)) throw new TypeError('ndeval: args must be an array of strings');
      if (baseline !== null && !(baseline instanceof Run)) throw new TypeError('ndeval: baseline must be a Run');
      return core.ndeval(qrels.live, run.live, args.map(String), baseline ? baseline.live : 0);
    },
    /**
     * Which of a topic's intents (subtopics) each of the run's first `depth` documents covers:
     * {topic, intents (ndeval's order), docs, grades: [[grade per intent] per rank] (0: not
     * relevant), firstRank: [first rank covering each intent, 0 if none], covered: [intents
     * covered down to each rank]} (irlens/evaluation/coverage.hpp). options: depth (default 20), rel (1).
     */
    subtopicCoverage(run, topic, { depth = 20, rel = 1 } = {}) {
      if (!(run instanceof Run)) throw new TypeError('subtopicCoverage: the first argument must be a Run');
      if (typeof topic !== 'string') throw new TypeError('subtopicCoverage: topic must be a string');
      return core.subtopicCoverage(run.live, topic, optionalInteger(depth ?? 20, 'subtopicCoverage: depth', 1),
        optionalInteger(rel ?? 1, 'subtopicCoverage: rel', 1));
    },
  };
}
