// The worker actions of the metric playground (views/playground.js, widgets/playground.js), added
// to worker-core.js's protocol. They never touch the loaded qrels and runs: each request carries
// its own inputs as text (playground/model.js builds them from the lists), which are read,
// evaluated and disposed of within the request, so the playground works with or without files and
// several playgrounds can share one worker.
//   playgroundEvaluate {inputs, measures}           -> {measures, values: {TOPIC: {M: v}}, warnings}
//   playgroundExplain  {inputs, topic, measure}     -> explanation (api.mjs explain)
// inputs = {qrels, qrelsFormat: plain|diversity, run, docLengths?}: the texts `irlens eval` reads
// (--qrels-format, --doc-lengths), so the numbers are the CLI's for the same files.

export function playgroundActions(state) {
  /** Reads the inputs, calls use(qrels, run, side), disposes of everything. */
  function withInputs({ qrels: qrelsText, qrelsFormat = 'plain', run: runText, docLengths }, use) {
    const irlens = state.irlens();
    const made = [];
    try {
      const qrels = irlens.loadQrels(qrelsText, { name: 'playground.qrels', format: qrelsFormat });
      made.push(qrels);
      const run = irlens.loadRun(qrels, runText, { name: 'playground.run' });
      made.push(run);
      const side = {};
      if (docLengths) made.push((side.docLengths = irlens.loadDocLengths(docLengths, { name: 'playground.lengths' })));
      return use(qrels, run, side);
    } finally {
      for (const h of made.reverse()) h.dispose();
    }
  }

  return {
    playgroundEvaluate({ inputs, measures }) {
      return withInputs(inputs, (qrels, run, side) => {
        const result = state.irlens().evaluate(qrels, [run], measures, { missing: 'zero', ...side });
        const r = result.runs[run.name];
        return { measures: result.measures, measuresFull: result.measuresFull, values: r ? r.perTopic : {}, warnings: result.warnings || [] };
      });
    },
    playgroundExplain({ inputs, topic, measure }) {
      return withInputs(inputs, (qrels, run, side) => state.irlens().explain(run, topic, measure, side));
    },
  };
}
