// The worker actions of the Reproducibility view (views/reproducibility.js), added to
// worker-core.js's protocol (the JS API's wasm/api-compare-runs.mjs, `irlens runs` / `irlens repro`):
//   compareRankings {a, b, persistence, depth, cutoffs}
//        -> irlens.compareRankings(run a, run b, {..., perTopic: true}): `irlens runs -q --format
//           json`'s document (per topic, most different first, then the row 'all': the means).
//   reproducibility {roles: {origBaseline, origAdvanced, reproBaseline, reproAdvanced} (loaded
//                    run names), measures, cutoffs, other: null | {name, data: ArrayBuffer (qrels),
//                    runs: {reproBaseline, reproAdvanced}: ArrayBuffer (the runs' decoded bytes)}}
//        -> {document: `irlens repro --format json`'s, perTopic: [{measure, topic, run: 'baseline' |
//           'advanced', original, reproduced, difference = reproduced - original}] over the topics
//           both runs of a pair were scored on (the pairs RMSE is over; evaluate with missing
//           'skip'), or null for replicability (other topics: no topic pairs)}. With `other` the
//           reproduced runs are read again against the other qrels (replicability), then dropped.
// `state` gives the worker's irlens() and qrels() and its runs (Map name -> Run).
const ROLES = ['origBaseline', 'origAdvanced', 'reproBaseline', 'reproAdvanced'];

function usage(message) {
  return Object.assign(new Error(message), { name: 'UsageError' });
}

export function compareRunsActions(state) {
  const loaded = (name) => {
    const run = state.runs.get(name);
    if (!run) throw usage(`no run named ${name} is loaded`);
    return run;
  };

  /** Per topic, each pair's original and reproduced scores (topics both were scored on). */
  function perTopic(irlens, runs, measures) {
    const unique = [...new Map(ROLES.map((r) => [runs[r].info.name, runs[r]])).values()];
    const result = irlens.evaluate(state.qrels(), unique, measures, { missing: 'skip' });
    const rows = [];
    for (const m of result.measures) {
      for (const [run, orig, rep] of [['baseline', 'origBaseline', 'reproBaseline'], ['advanced', 'origAdvanced', 'reproAdvanced']]) {
        const o = result.runs[runs[orig].info.name].perTopic;
        const r = result.runs[runs[rep].info.name].perTopic;
        for (const topic of Object.keys(o)) {
          const original = o[topic][m];
          const reproduced = r[topic] ? r[topic][m] : null;
          if (original === null || original === undefined || reproduced === null || reproduced === undefined) continue;
          rows.push({ measure: m, topic, run, original, reproduced, difference: reproduced - original });
        }
      }
    }
    return rows;
  }

  return {
    compareRankings({ a, b, persistence, depth, cutoffs }) {
      return state.irlens().compareRankings(loaded(a), loaded(b), { persistence, depth, cutoffs, perTopic: true });
    },
    reproducibility({ roles, measures, cutoffs, other = null }) {
      const irlens = state.irlens();
      if (!state.qrels()) throw usage('load a qrels file first');
      const runs = Object.fromEntries(ROLES.map((r) => [r, loaded(roles[r])]));
      if (!other) {
        const document = irlens.reproducibility(runs, { measures, cutoffs });
        return { document, perTopic: perTopic(irlens, runs, measures) };
      }
      const qrels = irlens.loadQrels(new Uint8Array(other.data), { name: other.name });
      const read = [];
      try {
        const again = new Map(); // one reading per run, should both roles name the same run
        for (const r of ['reproBaseline', 'reproAdvanced']) {
          const name = roles[r];
          if (!again.has(name)) {
            const run = irlens.loadRun(qrels, new Uint8Array(other.runs[r]), { name });
            read.push(run);
            again.set(name, run);
          }
          runs[r] = again.get(name);
        }
        return { document: irlens.reproducibility(runs, { measures, cutoffs, replicability: true }), perTopic: null };
      } finally {
        for (const run of read) run.dispose();
        qrels.dispose();
      }
    },
  };
}
