// The worker actions of the metric playground (views/playground.js, widgets/playground.js), added
// to worker-core.js's protocol. They never touch the loaded qrels and runs: each request carries
// its own inputs as text (playground/model.js builds them from the lists), which are read,
// evaluated and disposed of within the request, so the playground works with or without files and
// several playgrounds can share one worker.
//   playgroundEvaluate {inputs, measures}             -> {measures, measuresFull, values: {RUN: {TOPIC: {M: v}}}, warnings}
//   playgroundExplain  {inputs, run, topic, measure}  -> explanation (api.mjs explain)
// inputs = {qrels, qrelsFormat: plain|diversity, runs: [{name, text}], docLengths?}: the files
// `irlens eval` reads (--qrels-format, --doc-lengths), so the numbers are the CLI's for them.

export function playgroundActions(state) {
  /** Reads the inputs, calls use(qrels, run, side), disposes of everything. */
  function withInputs({ qrels: qrelsText, qrelsFormat = 'plain', runs: runTexts, docLengths }, use) {
    const irlens = state.irlens();
    const made = [];
    try {
      const qrels = irlens.loadQrels(qrelsText, { name: 'playground.qrels', format: qrelsFormat });
      made.push(qrels);
      const runs = runTexts.map((r) => irlens.loadRun(qrels, r.text, { name: r.name }));
      made.push(...runs);
      const side = {};
      if (docLengths) made.push((side.docLengths = irlens.loadDocLengths(docLengths, { name: 'playground.lengths' })));
      return use(qrels, runs, side);
    } finally {
      for (const h of made.reverse()) h.dispose();
    }
  }

  return {
    playgroundEvaluate({ inputs, measures }) {
      return withInputs(inputs, (qrels, runs, side) => {
        const result = state.irlens().evaluate(qrels, runs, measures, { missing: 'zero', ...side });
        const values = Object.fromEntries(Object.entries(result.runs).map(([name, r]) => [name, r.perTopic]));
        return { measures: result.measures, measuresFull: result.measuresFull, values, warnings: result.warnings || [] };
      });
    },
    playgroundExplain({ inputs, run, topic, measure }) {
      return withInputs(inputs, (qrels, runs, side) => {
        const r = runs.find((x) => x.name === run);
        if (!r) throw Object.assign(new Error(`no run named ${run}`), { name: 'UsageError' });
        // every run of the playground: the relative measures (NRG, rareness) explain a run against
        // the others, as they evaluate it (main's explain options take `runs`; older cores ignore it)
        return state.irlens().explain(r, topic, measure, { ...side, runs });
      });
    },
  };
}
