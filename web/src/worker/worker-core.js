// The worker's side of the protocol: {id, action, payload} in, {id, result} | {id, error} |
// {id, progress} out (a request with `hold` set is a test hook, client.js: it is never answered,
// so that a test can Cancel work under way without racing it). All parsing and evaluation happens here, on the irlens JS API (wasm/api.mjs);
// the page only streams bytes in (transferred ArrayBuffers) and renders what comes back.
//
// Actions:
//   init                                   -> {version, registry, groups}
//   begin   {slot, kind: qrels|run|check, name, format, options}  starts a streaming reader (a run
//                                             is read against the current qrels; check: a run
//                                             checker, options as runChecker's, useQrels: the
//                                             current qrels' topics)
//   feed    {slot, chunk: ArrayBuffer}
//   finish  {slot}                         -> info of the qrels / run (a run replaces one of the same name);
//                                             check: the report (irlens check --format json)
//   abort   {slot}
//   dropRun {name}
//   clear                                  forgets the qrels and every run (side inputs: dropSide)
//   parse   {text}                         -> [{name, full}] or the parser's UsageError
//   evaluate {measures, missing, seed}     -> {result: the evaluation's columnar data
//                                             (wasm/evaluation.mjs) with the table's percentile
//                                             intervals (table-intervals.js), transferred, not
//                                             copied; correlations}
//   curves  {missing}                      -> {levels, runs: {NAME: [IPrec@0 .. IPrec@1 means]}}
//   ranking {runs, topic, depth}           -> {NAME: {docs, rels}}
//   explain {run, topic, measure}          -> explanation (api.mjs explain, against every loaded run)
//   axioms  {measures, seed}               -> the axiomatic audit (api-axioms.mjs: irlens axioms --format json)
//   compareScores, metaScores, intervals, metaLoo: the statistics (stats-actions.js)
//   streamRun {file, name, measures, missing} -> info of a run too large to hold, read here one
//                                             topic at a time (worker-stream.js)
//   loadSide, dropSide, measure, rarity, unique, alphaSweep, sampleSizeTau, coverage: worker-relative.js
//   playgroundEvaluate, playgroundExplain: worker-playground.js (their own inputs, as text)

import { statsActions } from '../page/stats-actions.js';
import { relativeActions } from './worker-relative.js';
import { playgroundActions } from './worker-playground.js';
import { addPercentileIntervals } from '../page/table-intervals.js';
import { buffersOf, evaluationView } from '../../../build-wasm/dist/evaluation.mjs';
import { streamActions } from './worker-stream.js';

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
  const runs = new Map(); // name -> Run, in load order
  const readers = new Map(); // slot -> {kind, reader}
  const side = {}; // side inputs passed to every evaluation: groups, intents, docLengths, sessions (worker-relative.js)
  const stream = streamActions({ irlens: () => irlens, qrels: () => qrels, runs, side }); // runs too large to hold (worker-stream.js)

  const actions = {
    async init() {
      irlens = await irlensPromise;
      return { version: irlens.version, registry: irlens.measures(), groups: irlens.groups() };
    },
    begin({ slot, kind, name, format = 'plain', options = {} }) {
      if (kind === 'check') {
        const { useQrels, ...rest } = options;
        readers.set(slot, { kind, name, reader: irlens.runChecker({ ...rest, name, qrels: useQrels && qrels ? qrels : undefined }) });
      } else if (kind === 'qrels') {
        readers.set(slot, { kind, name, reader: irlens.qrelsReader(name, { format }) });
      } else {
        if (!qrels) throw Object.assign(new Error('load a qrels file first'), { name: 'UsageError' });
        readers.set(slot, { kind, name, reader: irlens.runReader(qrels, name) });
      }
      return true;
    },
    feed({ slot, chunk }) {
      const r = readers.get(slot);
      if (!r) throw new Error(`no reader ${slot}`);
      try {
        r.reader.feed(new Uint8Array(chunk));
      } catch (e) {
        readers.delete(slot);
        r.reader.abort();
        throw e;
      }
      return true;
    },
    finish({ slot }) {
      const r = readers.get(slot);
      if (!r) throw new Error(`no reader ${slot}`);
      readers.delete(slot);
      const done = r.reader.finish();
      if (r.kind === 'check') return done;
      if (r.kind === 'qrels') {
        if (qrels) qrels.dispose();
        for (const run of runs.values()) run.dispose();
        runs.clear();
        stream.clear();
        qrels = done;
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
    async evaluate({ measures, missing = 'zero', seed = '1' }, progress) {
      if (!qrels) throw Object.assign(new Error('no qrels loaded'), { name: 'UsageError' });
      const list = [...runs.values()];
      const streamed = await stream.streamedData(measures, missing, progress); // kept: transfer copies
      if (!list.length && !streamed.length) return { result: null, correlations: null };
      let result = list.length ? irlens.evaluate(qrels, list, measures, { missing, progress, ...side }) : null;
      if (streamed.length) {
        const raw = result ? result.raw : { ...structuredClone(streamed[0]), runs: [], warnings: [] };
        for (const d of streamed) {
          raw.runs.push(...structuredClone(d.runs));
          raw.warnings.push(...d.warnings);
        }
        result = evaluationView(raw, { perTopic: false });
      }
      const data = addPercentileIntervals(irlens, result.raw, seed);
      return new Transfer({ result: data, correlations: irlens.rankCorrelations(result) }, buffersOf(data));
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
  };
  Object.assign(actions, stream.actions);
  Object.assign(actions, statsActions({ irlens: () => irlens, qrels: () => qrels, runs: () => [...runs.values()] }));

  Object.assign(actions, relativeActions({ irlens: () => irlens, qrels: () => qrels, runs, side }));
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
      if (result instanceof Transfer) scope.postMessage({ id, result: result.value }, result.list);
      else scope.postMessage({ id, result });
    } catch (e) {
      scope.postMessage({ id, error: errorOf(e) });
    }
  };
}
