// The worker action of the Judgments view (views/judgments.js), added to worker-core.js's protocol:
//   judgments {name, data: ArrayBuffer, measures, options} -> irlens.judgments(the loaded qrels (A),
//              qrels B read from `data`, the loaded runs, measures, options): the document of
//              `irlens judgments --format json` (wasm/api-judgments.mjs). Without measures (or
//              with fewer than 2 runs loaded) only the labels are compared.
// `state` gives the worker's irlens() and qrels(), its runs (Map name -> Run) and `side`, the side
// inputs as the API's options.
export function judgmentsActions(state) {
  return {
    judgments({ name, data, measures = [], options = {} }) {
      const irlens = state.irlens();
      const a = state.qrels();
      if (!a) throw Object.assign(new Error('load a qrels file (A, the reference) first'), { name: 'UsageError' });
      const b = irlens.loadQrels(new Uint8Array(data), { name });
      try {
        const runs = [...state.runs.values()];
        const withRuns = measures.length > 0 && runs.length >= 2;
        return irlens.judgments(a, b, withRuns ? runs : [], withRuns ? measures : [], { ...options, ...state.side });
      } finally {
        b.dispose();
      }
    },
  };
}
