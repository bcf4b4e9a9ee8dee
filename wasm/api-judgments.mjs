// The JS API of two sets of judgments compared (`irlens judgments`; wasm/bind_judgments.cpp,
// irlens/stats/judgments.hpp):
//   judgments(qrelsA, qrelsB, runs = [], measures = [], options = {}) -> the document
//   `irlens judgments --format json` prints (without its provenance): {irlens, command, qrels_a,
//   qrels_b, threshold, map_b, topics, grades, labels, topic_labels, only_a, only_b, conclusions,
//   warnings}; NaN as null with the reason in `note`.
// runs: Run objects read against qrelsA (each is re-read against both sets, on the topics both
// judge); at least 2 with measures, or none (the labels only).
// options: threshold, mapB ('3:2,2:1,1:1,0:0'), test, correction, alpha, rboP, topK, confidence, B,
// seed, exactLimit (the CLI's options, same defaults and messages); side inputs (groups, intents,
// docLengths, sessions) and progress as evaluate()'s. Every topic both sets judge is scored (an
// unanswered one as trec_eval -c scores it): there is no `missing` option.

const JUDGMENTS_OPTIONS = {
  threshold: '--threshold', mapB: '--map-b', test: '--test', correction: '--correction', alpha: '--alpha',
  rboP: '--rbo-p', topK: '--top-k', confidence: '--confidence', B: '-B', seed: '--seed', exactLimit: '--exact-limit',
};
const SIDE_OPTIONS = ['groups', 'intents', 'docLengths', 'sessions', 'progress'];

export function judgmentsApi({ core, Qrels, Run, evalOptions }) {
  function judgments(qrelsA, qrelsB, runs = [], measures = [], options = {}) {
    if (!(qrelsA instanceof Qrels) || !(qrelsB instanceof Qrels)) throw new TypeError('judgments: qrelsA and qrelsB must be Qrels');
    if (!Array.isArray(runs) || runs.some((r) => !(r instanceof Run))) throw new TypeError('judgments: runs must be an array of Run');
    if (runs.some((r) => r.qrels !== qrelsA)) throw new TypeError('judgments: read the runs against qrelsA (loadRun(qrelsA, ...))');
    if (typeof measures === 'string') measures = [measures];
    if (!Array.isArray(measures) || measures.some((m) => typeof m !== 'string'))
      throw new TypeError('judgments: measures must be an array of measure names');
    const args = [];
    const side = {};
    for (const [key, value] of Object.entries(options)) {
      if (value === undefined || value === null) continue;
      if (SIDE_OPTIONS.includes(key)) { side[key] = value; continue; }
      const flag = JUDGMENTS_OPTIONS[key];
      if (!flag)
        throw new TypeError(`judgments: unknown option '${key}' (options: ${[...Object.keys(JUDGMENTS_OPTIONS), ...SIDE_OPTIONS].join(', ')})`);
      const text = typeof value === 'number' || typeof value === 'bigint' ? String(value) : value;
      if (typeof text !== 'string') throw new TypeError(`judgments: option '${key}' must be a string or a number`);
      args.push(flag.startsWith('--') ? `${flag}=${text}` : flag, ...(flag.startsWith('--') ? [] : [text]));
    }
    return JSON.parse(core.judgments(qrelsA.live, qrelsB.live, runs.map((r) => r.live), measures, args, evalOptions(side)));
  }
  return { judgments };
}
