// The JS API of the axiomatic audit (`irlens axioms`; wasm/bind_axioms.cpp, irlens/axioms/axioms.hpp):
//   axioms({measures, seed}) -> the document `irlens axioms --format json` prints:
//     {irlens, command: 'axioms', paper, seed, random_cases, depth_bound, grade_bound,
//      results: [{measure, paper_metric, constraint, verdict, kind, cases, undefined, witness, bound,
//                 max_grade, reason, counterexample}]}
// measures: omitted or [] -> the metrics of the paper's Table 1; 'all' -> every registered measure;
// else an array of measure names (or one string listing them). seed: a whole number (default 2018;
// a string or BigInt for seeds beyond 2^53). An unknown measure throws the core's UsageError.

export function axiomsApi({ core }) {
  function axioms({ measures = [], seed = 2018, ...rest } = {}) {
    const unknown = Object.keys(rest);
    if (unknown.length) throw new TypeError(`axioms: unknown option '${unknown[0]}'`);
    let list;
    if (measures === 'all') list = 'all';
    else if (typeof measures === 'string') list = measures;
    else if (Array.isArray(measures) && measures.every((m) => typeof m === 'string' && m && m !== 'all')) list = measures.join(' ');
    else throw new TypeError("axioms: measures must be 'all', a string or an array of measure names");
    const seedText = typeof seed === 'bigint' ? seed.toString() : typeof seed === 'number' && Number.isSafeInteger(seed) && seed >= 0 ? String(seed)
      : typeof seed === 'string' && /^[0-9]+$/.test(seed) ? seed : null;
    if (seedText == null) throw new TypeError('axioms: seed must be a whole number >= 0');
    return JSON.parse(core.axiomsRun(list, seedText));
  }
  return { axioms };
}
