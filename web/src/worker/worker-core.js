// The worker's side of the protocol: {id, action, payload} in, {id, result} | {id, error} |
// {id, progress} out (a request with `hold` set is a test hook, client.js: it is never answered,
// so that a test can Cancel work under way without racing it). All parsing and evaluation happens here, on the irlens JS API (wasm/api.mjs);
// the page only streams bytes in (transferred ArrayBuffers) and renders what comes back.
//
// Actions:
//   init                                   -> {version, registry, groups, metaAnalyses}
//   begin   {slot, kind: qrels|run|check, name, format, options}  starts a streaming reader (a run
//                                             is read against the current qrels; check: a run
//                                             checker, options as runChecker's, useQrels: the
//                                             current qrels' topics)
//   feed    {slot, chunk: ArrayBuffer}
//   readFile {slot, blob: File | Blob}     feeds the whole of a plain file, read here (base/files.js
//                                             slices()); progress: bytes read
//   finish  {slot}                         -> info of the qrels / run (a run replaces one of the same name);
//                                             check: the report (irlens check --format json)
//   abort   {slot}
//   dropRun {name}
//   clear                                  forgets the qrels and every run (side inputs: dropSide)
//   parse   {text}                         -> [{name, full}] or the parser's UsageError
//   evaluate {measures, missing, seed}     -> {result: the evaluation's columnar data
//                                             (wasm/evaluation.mjs) with the table's percentile
//                                             intervals (table-intervals.js), transferred, not
//                                             copied; correlations}; raw: true -> {result: the
//                                             columnar data alone} (a part for combine);
//                                             intervals: 'later' -> the table's intervals are
//                                             left out (result.percentile.pending = KEY) and
//                                             computed on tableIntervals {key: KEY}
//   tableIntervals {key}                   -> the intervals held back by the last evaluate or
//                                             combine with intervals: 'later' (table-intervals.js
//                                             percentileAnswer), transferred; null when a later
//                                             evaluation (or clear) superseded KEY
//   shardable {measures}                   -> true when the runs may be evaluated apart, in
//                                             several workers (shell/parallel.js): plain qrels, no
//                                             side input, no measure that needs anything but the
//                                             qrels and its own run (NRG, rareness need all runs)
//   combine {parts, seed, join}            -> evaluate's answer for the runs of every part (raw
//                                             evaluations of the same qrels and measures, from
//                                             several workers), runs in the parts' order; join
//                                             (the missing mode): the parts hold topics of the
//                                             same runs (irlens.joinTopics; UsageError when a
//                                             topic is in two parts); intervals: as evaluate's
//   reorder {names}                        puts the runs in this order (the evaluation's run order)
//   curves  {missing}                      -> {levels, runs: {NAME: [IPrec@0 .. IPrec@1 means]}}
//   ranking {runs, topic, depth}           -> {NAME: {docs, rels}}
//   explain {run, topic, measure}          -> explanation (api.mjs explain, against every loaded run)
//   axioms  {measures, seed}               -> the axiomatic audit (api-axioms.mjs: irlens axioms --format json)
//   timings                                -> [{name, start (ms since the epoch), ms, detail}]: the
//                                             phases recorded here since the last call (base/phases.js;
//                                             bench/web-phases.mjs), then forgotten
//   compareScores, comparePValues, metaScores, intervals, metaLoo: the statistics (stats-actions.js)
//   streamRun {file, name, measures, missing} -> info of a run too large to hold, read here one
//                                             topic at a time (worker-stream.js)
//   loadSide, dropSide, measure, rarity, unique, alphaSweep, sampleSizeTau, coverage: worker-relative.js
//   judgments: worker-judgments.js (two sets of judgments compared)
//   compareRankings, reproducibility: worker-compare-runs.js (run versus run, reproducibility)
//   playgroundEvaluate, playgroundExplain: worker-playground.js (their own inputs, as text)

import { statsActions } from '../base/stats-actions.js';
import { relativeActions } from './worker-relative.js';
import { judgmentsActions } from './worker-judgments.js';
import { compareRunsActions } from './worker-compare-runs.js';
import { playgroundActions } from './worker-playground.js';
import { addPercentileIntervals, deferPercentileIntervals, percentileAnswer } from '../base/table-intervals.js';
import { buffersOf, evaluationView } from '../../../build-wasm/dist/evaluation.mjs';
import { streamActions } from './worker-stream.js';
import { slices } from '../base/files.js';
import { phase, takePhases } from '../base/phases.js';

export const RP_LEVELS = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];

/** An action's result sent with a transfer list (its ArrayBuffers move to the page, no copy). */
class Transfer {
  constructor(value, list) {
    this.value = value;
    this.list = list;
  }
}

function errorOf(e) {
  return { name: e && e.name ? e.name : 'Error', message: e && e.message ? e.message : String(e), file: e && e.file, line: e && e.line };
}

export function startWorker(irlensPromise, scope = self) {
  let irlens = null;
  let qrels = null;
  let qrelsFormat = 'plain';
  let heldIntervals = null; // what the table's intervals need, held back for tableIntervals (evaluate with intervals: 'later')
  let intervalsKey = 0;
  /** The table's intervals added to data now, or held back for tableIntervals (intervals: 'later'). */
  const tableIntervals = (data, seed, intervals) => {
    heldIntervals = intervals === 'later' ? deferPercentileIntervals(data, seed, ++intervalsKey) : null;
    if (!heldIntervals) addPercentileIntervals(irlens, data, seed);
    return data;
  };
  let registry = null; // name -> the registry's entry (init)
  const runs = new Map(); // name -> Run, in load order
  const readers = new Map(); // slot -> {kind, reader}
  const side = {}; // side inputs passed to every evaluation: groups, intents, docLengths, sessions (worker-relative.js)
  const stream = streamActions({ irlens: () => irlens, qrels: () => qrels, runs, side }); // runs too large to hold (worker-stream.js)

  /** Feeds `bytes` to the reader of `slot` (the copy into the WASM heap and the parse); a reading error aborts it. */
  function feed(slot, bytes) {
    const r = readers.get(slot);
    if (!r) throw new Error(`no reader ${slot}`);
    const t = performance.now();
    try {
      r.reader.feed(bytes);
      r.spent.feed += performance.now() - t;
      r.spent.bytes += bytes.length;
    } catch (e) {
      readers.delete(slot);
      r.reader.abort();
      throw e;
    }
  }

  const actions = {
    async init() {
      irlens = await irlensPromise;
      const list = irlens.measures();
      registry = new Map(list.map((m) => [m.name, m]));
      return { version: irlens.version, registry: list, groups: irlens.groups(), metaAnalyses: irlens.metaAnalyses() };
    },
    begin({ slot, kind, name, format = 'plain', options = {}, bytes = 0 }) {
      if (kind === 'check') {
        const { useQrels, ...rest } = options;
        readers.set(slot, { kind, name, reader: irlens.runChecker({ ...rest, name, qrels: useQrels && qrels ? qrels : undefined }) });
      } else if (kind === 'qrels') {
        readers.set(slot, { kind, name, format, reader: irlens.qrelsReader(name, { format, bytes }) });
      } else {
        if (!qrels) throw Object.assign(new Error('load a qrels file first'), { name: 'UsageError' });
        // A run's format: the page's Run format control ('plain', the qrels' default, means auto).
        const runFormat = ['trec', 'msmarco', 'json'].includes(format) ? format : 'auto';
        readers.set(slot, { kind, name, reader: irlens.runReader(qrels, name, { format: runFormat }) });
      }
      readers.get(slot).spent = { start: performance.now(), feed: 0, read: 0, bytes: 0 };
      return true;
    },
    feed({ slot, chunk }) {
      feed(slot, new Uint8Array(chunk));
      return true;
    },
    async readFile({ slot, blob }, progress) {
      const r = readers.get(slot);
      let read = 0;
      let t = performance.now();
      for await (const bytes of slices(blob)) {
        if (r) r.spent.read += performance.now() - t; // waiting for the File's bytes
        feed(slot, bytes);
        read += bytes.length;
        progress(read);
        t = performance.now();
      }
      return true;
    },
    finish({ slot }) {
      const r = readers.get(slot);
      if (!r) throw new Error(`no reader ${slot}`);
      readers.delete(slot);
      const t = performance.now();
      const done = r.reader.finish();
      // The worker's share of reading a file: feeding (the copy into the WASM heap and the parse) and finishing.
      phase(`parse ${r.kind}`, r.spent.start, { name: r.name, bytes: r.spent.bytes, readMs: r.spent.read, feedMs: r.spent.feed, finishMs: performance.now() - t });
      if (r.kind === 'check') return done;
      if (r.kind === 'qrels') {
        if (qrels) qrels.dispose();
        for (const run of runs.values()) run.dispose();
        runs.clear();
        stream.clear();
        qrels = done;
        qrelsFormat = r.format;
        return done.info;
      }
      if (runs.has(r.name)) runs.get(r.name).dispose();
      runs.delete(r.name);
      stream.drop(r.name);
      runs.set(r.name, done);
      return done.info;
    },
    abort({ slot }) {
      const r = readers.get(slot);
      if (r) r.reader.abort();
      readers.delete(slot);
      return true;
    },
    clear() {
      heldIntervals = null;
      for (const run of runs.values()) run.dispose();
      runs.clear();
      stream.clear();
      if (qrels) qrels.dispose();
      qrels = null;
      return true;
    },
    dropRun({ name }) {
      const r = runs.get(name);
      if (r) r.dispose();
      runs.delete(name);
      stream.drop(name);
      return true;
    },
    parse({ text }) {
      return irlens.parseMeasures(text).map((m) => ({ name: m.name, full: m.full }));
    },
    async evaluate({ measures, missing = 'zero', seed = '1', raw = false, intervals = 'now' }, progress) {
      if (!qrels) throw Object.assign(new Error('no qrels loaded'), { name: 'UsageError' });
      const list = [...runs.values()];
      const streamed = await stream.streamedData(measures, missing, progress); // kept: transfer copies
      if (!list.length && !streamed.length) return { result: null, correlations: null };
      let t = performance.now();
      let result = list.length ? irlens.evaluate(qrels, list, measures, { missing, progress, ...side }) : null;
      phase('evaluate', t, { runs: list.length });
      if (streamed.length) {
        const all = result ? result.raw : { ...structuredClone(streamed[0]), runs: [], warnings: [] };
        for (const d of streamed) {
          all.runs.push(...structuredClone(d.runs));
          all.warnings.push(...d.warnings);
        }
        result = evaluationView(all, { perTopic: false });
      }
      if (raw) return new Transfer({ result: result.raw }, buffersOf(result.raw)); // a helper's part (shell/parallel.js)
      t = performance.now();
      const data = tableIntervals(result.raw, seed, intervals);
      if (!heldIntervals) phase('intervals', t);
      t = performance.now();
      const correlations = irlens.rankCorrelations(result);
      phase('correlations', t);
      return new Transfer({ result: data, correlations }, buffersOf(data));
    },
    tableIntervals({ key }) {
      if (!heldIntervals || heldIntervals.key !== key) return null;
      const held = heldIntervals;
      heldIntervals = null;
      const t = performance.now();
      const answer = percentileAnswer(irlens, held);
      phase('intervals', t);
      return new Transfer(answer, answer.runs.flatMap((r) => [r.low.buffer, r.high.buffer]));
    },
    shardable({ measures }) {
      if (!qrels || qrelsFormat !== 'plain' || Object.values(side).some((v) => v != null)) return false;
      let specs;
      try {
        specs = measures.flatMap((text) => irlens.parseMeasures(text));
      } catch {
        return false; // the evaluation will say what is wrong with them, as with one worker
      }
      return specs.every((s) => registry.has(s.measure) && !registry.get(s.measure).needs.length);
    },
    combine({ parts, seed = '1', join = null, intervals = 'now' }) {
      const present = parts.filter((p) => p && p.runs.length);
      if (!present.length) return { result: null, correlations: null };
      // Each run's numbers depend on the qrels, the measures and that run alone (shardable), so
      // the runs of the parts are the runs of one evaluation of them all; and a topic's, on that
      // topic's entries alone, so the topics of the parts are those of the whole runs.
      const data = join
        ? irlens.joinTopics(qrels, present.map((p) => ({ ...p, missing: join }))).raw
        : { ...present[0], runs: present.flatMap((p) => p.runs), warnings: [...new Set(present.flatMap((p) => p.warnings))] };
      tableIntervals(data, seed, intervals);
      const correlations = irlens.rankCorrelations(evaluationView(data, { perTopic: false }));
      return new Transfer({ result: data, correlations }, buffersOf(data));
    },
    reorder({ names }) {
      const held = new Map(runs);
      runs.clear();
      for (const name of names) if (held.has(name)) runs.set(name, held.get(name));
      for (const [name, run] of held) if (!runs.has(name)) runs.set(name, run); // any not named: after, as they were
      return true;
    },
    curves({ missing = 'zero' }) {
      const names = RP_LEVELS.map((x) => `IPrec@${x}`);
      const list = [...runs.values()];
      const out = { levels: RP_LEVELS, runs: {} };
      if (!qrels || !list.length) return out;
      const res = irlens.evaluate(qrels, list, names, { missing, perTopic: false });
      for (const [name, r] of Object.entries(res.runs)) out.runs[name] = res.measures.map((m) => r.mean[m]);
      return out;
    },
    ranking({ runs: names, topic, depth = 20 }) {
      const out = {};
      for (const name of names) {
        const run = runs.get(name);
        if (run) out[name] = irlens.ranking(run, topic, depth);
      }
      return out;
    },
    explain({ run, topic, measure }) {
      const r = runs.get(run);
      if (!r) throw Object.assign(new Error(`no run named ${run}`), { name: 'UsageError' });
      // The evaluation's side inputs (intents, doc lengths, ...) and its runs: the relative measures
      // (rareness, NRG) score the run against the others, as evaluate did.
      return irlens.explain(r, topic, measure, { ...side, runs: [...runs.values()] });
    },
    axioms({ measures = '', seed = '2018' }) {
      return irlens.axioms({ measures, seed: String(seed) });
    },
    timings() {
      return takePhases();
    },
  };
  Object.assign(actions, stream.actions);
  Object.assign(actions, statsActions({ irlens: () => irlens, qrels: () => qrels, runs: () => [...runs.values()], transfer: (value, list) => new Transfer(value, list) }));

  Object.assign(actions, relativeActions({ irlens: () => irlens, qrels: () => qrels, runs, side }));
  Object.assign(actions, judgmentsActions({ irlens: () => irlens, qrels: () => qrels, runs, side }));
  Object.assign(actions, compareRunsActions({ irlens: () => irlens, qrels: () => qrels, runs }));
  Object.assign(actions, playgroundActions({ irlens: () => irlens }));

  scope.onmessage = async (event) => {
    const { id, action, payload, hold } = event.data;
    if (hold) return; // the test hook: never answered (the page terminates this worker)
    try {
      const fn = actions[action];
      if (!fn) throw new Error(`unknown action ${action}`);
      if (action !== 'init' && !irlens) irlens = await irlensPromise;
      let last = 0;
      const progress = (f) => {
        const now = Date.now();
        if (now - last > 100) {
          last = now;
          scope.postMessage({ id, progress: f });
        }
        return true;
      };
      const result = await fn(payload || {}, progress);
      if (result instanceof Transfer) {
        const t = performance.now();
        scope.postMessage({ id, result: result.value }, result.list);
        phase(`post ${action}`, t); // its end: when the answer left (the page's receipt minus it: the delivery)
      } else scope.postMessage({ id, result });
    } catch (e) {
      scope.postMessage({ id, error: errorOf(e) });
    }
  };
}
