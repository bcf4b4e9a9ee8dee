// The JS API of run versus run and of the reproducibility measures (`irlens runs`, `irlens repro`;
// wasm/bind_compare_runs.cpp, irlens/compare_runs/*.hpp). Both return the document the CLI prints
// with --format json, without irlens' version and the provenance: {command, ..., columns, rows:
// [{column: value}]}, NaN as null (an undefined value; the row's note, if any, says why).
//   compareRankings(runA, runB, {persistence = 0.9, depth = 1000, cutoffs = [10], perTopic = false})
//     RBO_min/res/ext, KTU, overlap@k, Jaccard@k per topic (perTopic: most different first) and the
//     row 'all' (the means); only_a / only_b name the topics one run lacks (left out).
//   reproducibility({origBaseline, origAdvanced, reproBaseline, reproAdvanced},
//                   {measures = ['AP', 'nDCG', 'P@10'], cutoffs = [5, 10, 20, 50, 100, 1000],
//                    persistence = 0.95, rboDepth = 1000, runLength = 1000, replicability = false})
//     rows of quantity (KTU, KTU_repro_eval, RBO_repro_eval, RBO_ext, RMSE, nRMSE, ER, DeltaRI,
//     p_value), measure, cutoff, run, value, topics, note. Runs are read against one qrels, or the
//     reproduced ones against other qrels with replicability: true.

function positiveIntegers(value, what) {
  if (!Array.isArray(value) || value.some((k) => !Number.isSafeInteger(k) || k < 1))
    throw new TypeError(`${what} must be an array of whole numbers >= 1`);
  return value;
}

function positiveInteger(value, what) {
  if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`${what} must be a whole number >= 1`);
  return value;
}

function persistenceOf(value, what) {
  if (typeof value !== 'number' || !(value > 0 && value < 1)) throw new TypeError(`${what} must be a number between 0 and 1 (exclusive)`);
  return value;
}

function checkOptions(options, known, what) {
  const unknown = Object.keys(options).filter((k) => !known.includes(k));
  if (unknown.length) throw new TypeError(`${what}: unknown option '${unknown[0]}'`);
}

export function compareRunsApi({ core, Run }) {
  return {
    compareRankings(runA, runB, options = {}) {
      if (!(runA instanceof Run) || !(runB instanceof Run)) throw new TypeError('compareRankings: runA and runB must be Runs');
      checkOptions(options, ['persistence', 'depth', 'cutoffs', 'perTopic'], 'compareRankings');
      const { persistence = 0.9, depth = 1000, cutoffs = [10], perTopic = false } = options;
      return JSON.parse(core.compareRankings(runA.live, runB.live, persistenceOf(persistence, 'compareRankings: persistence'),
        positiveInteger(depth, 'compareRankings: depth'), positiveIntegers(cutoffs, 'compareRankings: cutoffs'), Boolean(perTopic)));
    },
    reproducibility(runs, options = {}) {
      const roles = ['origBaseline', 'origAdvanced', 'reproBaseline', 'reproAdvanced'];
      if (!runs || typeof runs !== 'object') throw new TypeError(`reproducibility: give {${roles.join(', ')}}`);
      for (const role of roles) if (!(runs[role] instanceof Run)) throw new TypeError(`reproducibility: ${role} must be a Run`);
      checkOptions(options, ['measures', 'cutoffs', 'persistence', 'rboDepth', 'runLength', 'replicability'], 'reproducibility');
      const { measures = ['AP', 'nDCG', 'P@10'], cutoffs = [5, 10, 20, 50, 100, 1000], persistence = 0.95, rboDepth = 1000,
        runLength = 1000, replicability = false } = options;
      const list = typeof measures === 'string' ? [measures] : measures;
      if (!Array.isArray(list) || !list.length || list.some((m) => typeof m !== 'string'))
        throw new TypeError('reproducibility: measures must be a measure name or an array of them');
      return JSON.parse(core.reproducibility(roles.map((role) => runs[role].live), list, positiveIntegers(cutoffs, 'reproducibility: cutoffs'),
        persistenceOf(persistence, 'reproducibility: persistence'), positiveInteger(rboDepth, 'reproducibility: rboDepth'),
        positiveInteger(runLength, 'reproducibility: runLength'), Boolean(replicability)));
    },
  };
}
