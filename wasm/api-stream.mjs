// The JS API of the streaming evaluation (wasm/bind_stream.cpp, irlens/evaluation/stream.hpp): a
// run of any size - larger than the WASM heap - read in chunks and scored one topic at a time,
// with memory for the qrels and one topic's entries. The run must be grouped by topic (every
// qrels topic's lines together, as TREC runs are); feed() or finish() throws an Error named NotGrouped (with
// file and line) when a qrels topic appears again after another one started: read the run into
// memory instead (loadRun + evaluate) or sort it as the message says.
//   streamObstacle(measures)  -> '' or why these measures cannot be scored one topic of one run at
//                                a time (rareness, NRG: every run; sDCG: a session's other topics)
//   evaluationStream(qrels, measures, options) -> {feed(chunk), finish(), abort()}; finish()
//       returns what evaluate(qrels, [run], measures, options) returns (the same values, bit for
//       bit), with `run`: a Run without entries (its info and warnings; not for explain or
//       trecEval). options: evaluate's, plus name ('run') and order ('score' | 'rank').
//   trecEvalStream(qrels, args, {name}) -> {feed(chunk), finish() -> trec_eval's output bytes as
//       trecEval(qrels, run, args) prints them, abort()}; every flag but -Z and -R.
//   evaluateRunStream(qrels, chunks, measures, options) -> a promise of finish()'s result, for an
//       async iterable of chunks (a node stream, a ReadableStream): no fallback when the run is not
//       grouped, since the chunks cannot be read again.
import { evaluationView } from './evaluation.mjs';

export function streamApi({ core, Qrels, Run, toBytes, feedAll, checkString, evalOptions }) {
  function measureList(measures, what) {
    if (typeof measures === 'string') measures = [measures];
    if (!Array.isArray(measures) || measures.some((m) => typeof m !== 'string'))
      throw new TypeError(`${what}: measures must be an array of measure names`);
    return measures;
  }

  function streamObstacle(measures) {
    return core.streamObstacle(measureList(measures, 'streamObstacle'));
  }

  function evaluationStream(qrels, measures, { name = 'run', order = 'score', perTopic = true, ...options } = {}) {
    if (!(qrels instanceof Qrels)) throw new TypeError('evaluationStream: the first argument must be a Qrels');
    checkString(name, 'evaluationStream name');
    const h = core.streamBegin(qrels.live, name, measureList(measures, 'evaluationStream'), evalOptions(options), order);
    return {
      feed(chunk) { feedAll(core.streamFeed, h, toBytes(chunk, 'evaluationStream.feed')); },
      finish() {
        const { evaluation, run, topicsAnswered } = core.streamFinish(h);
        const view = evaluationView(evaluation, { perTopic });
        view.run = new Run(run, qrels);
        view.run.info.topicsAnswered = topicsAnswered; // the Run keeps no entries to count
        return view;
      },
      abort() { core.streamRelease(h); },
    };
  }

  function trecEvalStream(qrels, args = [], { name = 'run' } = {}) {
    if (!(qrels instanceof Qrels)) throw new TypeError('trecEvalStream: the first argument must be a Qrels');
    if (!Array.isArray(args) || args.some((a) => typeof a !== 'string')) throw new TypeError('trecEvalStream: args must be an array of strings');
    checkString(name, 'trecEvalStream name');
    const h = core.trecEvalStreamBegin(qrels.live, name, args);
    return {
      feed(chunk) { feedAll(core.streamFeed, h, toBytes(chunk, 'trecEvalStream.feed')); },
      finish() { return core.trecEvalStreamFinish(h); },
      abort() { core.streamRelease(h); },
    };
  }

  async function evaluateRunStream(qrels, chunks, measures, options = {}) {
    const s = evaluationStream(qrels, measures, options);
    try {
      for await (const chunk of chunks) s.feed(chunk);
    } catch (e) {
      s.abort();
      throw e;
    }
    return s.finish();
  }

  return { streamObstacle, evaluationStream, trecEvalStream, evaluateRunStream };
}
