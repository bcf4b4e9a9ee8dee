// The irlens JavaScript API, shared by the browser and node entry points: wraps the raw Embind
// module (wasm/bind*.cpp) into plain JS objects. Qrels, runs and side inputs (groups, intents,
// document lengths, sessions) are JS objects holding an integer handle; their C++ side is freed by
// dispose() or, failing that, when they are garbage collected (FinalizationRegistry) - JS never
// has to call .delete().
//
// wrap() builds the basics here; each further area (api-*.mjs) is a function of the shared
// context `ctx` returning its part of the API, merged in at the end.

import stats from './api-stats.mjs';
import { relativeApi } from './api-relative.mjs';
import { checkApi } from './api-check.mjs';
import { axiomsApi } from './api-axioms.mjs';
import { streamApi } from './api-stream.mjs';
import { judgmentsApi } from './api-judgments.mjs';
import { compareRunsApi } from './api-compare-runs.mjs';
import { evaluationView, dataOf } from './evaluation.mjs';

const CHUNK = 8 << 20; // bytes per crossing into WASM memory

function toBytes(data, what) {
  if (typeof data === 'string') return new TextEncoder().encode(data);
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  throw new TypeError(`${what}: expected a string, Uint8Array or ArrayBuffer, got ${typeof data}`);
}

function checkString(value, what) {
  if (typeof value !== 'string') throw new TypeError(`${what}: expected a string, got ${typeof value}`);
}

// The further areas of the API, each (ctx) => {name: function, ...}.
const AREAS = [
  stats, // api-stats.mjs: significance tests and meta-evaluation
  relativeApi, // api-relative.mjs: relative measures' analyses, diversity (ndeval), preferences
  checkApi, // api-check.mjs: run validation (irlens check)
  axiomsApi, // api-axioms.mjs: the axiomatic audit (irlens axioms)
  streamApi, // api-stream.mjs: a run of any size, scored one topic at a time
  judgmentsApi, // api-judgments.mjs: two sets of judgments compared (irlens judgments)
  compareRunsApi, // api-compare-runs.mjs: run versus run, reproducibility (irlens runs, irlens repro)
];

export function wrap(core) {
  const finalizer = new FinalizationRegistry((handle) => core.release(handle));

  class Handle {
    constructor(handle) {
      this.handle = handle;
      finalizer.register(this, handle, this);
    }
    dispose() {
      if (this.handle) {
        core.release(this.handle);
        finalizer.unregister(this);
        this.handle = 0;
      }
    }
    get live() {
      if (!this.handle) throw new Error(`${this.constructor.name} was disposed`);
      return this.handle;
    }
  }

  /** Relevance judgments, indexed once. info: {name, format, topics, judgments, maxGrade, warnings (as Run's)}. */
  class Qrels extends Handle {
    constructor(handle) {
      super(handle);
      this.info = core.qrelsInfo(handle);
    }
    get name() { return this.info.name; }
    get topics() { return this.info.topics; }
  }

  /**
   * A run read against a Qrels. info: {name, tag, mixedTags, linesRead, topicsAnswered, ignoredLines,
   * ignoredTopics, warnings (the reader's: a byte-order mark, the first line with invalid UTF-8)}.
   */
  class Run extends Handle {
    constructor(handle, qrels) {
      super(handle);
      this.qrels = qrels;
      this.info = core.runInfo(handle);
    }
    get name() { return this.info.name; }
    get tag() { return this.info.tag; }
  }

  /** Run -> group (a `run<TAB>group` TSV or a CSV with run and group columns). info: {source, runs, groups}. */
  class Groups extends Handle {
    constructor(handle) {
      super(handle);
      this.info = core.groupsInfo(handle);
    }
    /** The group of each listed run: {RUN: GROUP}. */
    get byRun() { return Object.fromEntries(this.info.runs.map((r, i) => [r, this.info.groups[i]])); }
  }
  /** Intent probabilities and/or types of diversity topics. */
  class Intents extends Handle {}
  /** Document lengths (characters, optionally words) for TBG and the U-measure. */
  class DocLengths extends Handle {
    get size() { return core.docLengthsSize(this.live); }
  }
  /** Multi-query sessions for session DCG. info: [{id, topics}]. */
  class Sessions extends Handle {
    constructor(handle) {
      super(handle);
      this.info = core.sessionsInfo(handle);
    }
  }

  // Copies whole inputs into the staging buffer (consecutively) and returns their sizes.
  function stageWhole(...inputs) {
    const parts = inputs.map((d, i) => (d == null ? new Uint8Array(0) : toBytes(d, `input ${i + 1}`)));
    const total = parts.reduce((n, p) => n + p.length, 0);
    let at = core.staging(total);
    for (const p of parts) {
      core.HEAPU8.set(p, at);
      at += p.length;
    }
    return parts.map((p) => p.length);
  }

  function optionalHandle(value, Class, what) {
    if (value === undefined || value === null) return undefined;
    if (!(value instanceof Class)) throw new TypeError(`${what} must be a ${Class.name} (see load${Class.name})`);
    return value.live;
  }

  /** The options every evaluating call shares, with side inputs turned into handles. */
  function evalOptions({ missing = 'zero', progress, groups, intents, docLengths, sessions } = {}) {
    const o = { missing };
    if (progress) o.progress = progress;
    o.groups = optionalHandle(groups, Groups, 'groups');
    o.intents = optionalHandle(intents, Intents, 'intents');
    o.docLengths = optionalHandle(docLengths, DocLengths, 'docLengths');
    o.sessions = optionalHandle(sessions, Sessions, 'sessions');
    return o;
  }

  function checkInputs(qrels, runs, what) {
    if (!(qrels instanceof Qrels)) throw new TypeError(`${what}: the first argument must be a Qrels`);
    if (!Array.isArray(runs) || runs.some((r) => !(r instanceof Run))) throw new TypeError(`${what}: runs must be an array of Run`);
  }

  // Copies bytes into WASM memory (a staging buffer owned by C++) and feeds them, CHUNK at a time.
  // HEAPU8 is read after staging(): growing the memory replaces it.
  function feedAll(feed, handle, bytes) {
    for (let i = 0; i < bytes.length; i += CHUNK) {
      const part = bytes.subarray(i, Math.min(bytes.length, i + CHUNK));
      const ptr = core.staging(part.length);
      core.HEAPU8.set(part, ptr);
      feed(handle, part.length);
    }
  }

  // bytes: the input's size when known (a plain file's size), a hint that sizes the judgments'
  // storage once instead of copying it each time it doubles; any size is read whatever it says.
  function qrelsReader(name = 'qrels', { format = 'plain', bytes = 0 } = {}) {
    checkString(name, 'qrelsReader name');
    if (typeof bytes !== 'number' || !(bytes >= 0) || !Number.isFinite(bytes))
      throw new TypeError(`qrelsReader: bytes must be a number of bytes (0 or more), got ${String(bytes)}`);
    const h = core.qrelsBegin(name, format, bytes);
    return {
      feed(chunk) { feedAll(core.qrelsFeed, h, toBytes(chunk, 'qrelsReader.feed')); },
      finish() { return new Qrels(core.qrelsFinish(h)); },
      abort() { core.release(h); },
    };
  }

  function runReader(qrels, name = 'run', { order = 'score', format = 'auto' } = {}) {
    if (!(qrels instanceof Qrels)) throw new TypeError('runReader: the first argument must be a Qrels');
    checkString(name, 'runReader name');
    if (!['auto', 'trec', 'msmarco', 'json'].includes(format))
      throw new TypeError(`runReader: format must be 'auto', 'trec', 'msmarco' or 'json', got ${JSON.stringify(format)}`);
    const h = core.runBegin(qrels.live, name, order, format);
    return {
      feed(chunk) { feedAll(core.runFeed, h, toBytes(chunk, 'runReader.feed')); },
      finish() { return new Run(core.runFinish(h), qrels); },
      abort() { core.release(h); },
    };
  }

  /**
   * Evaluates runs for a list of measure names. Returns the nested view of the evaluation
   * (evaluation.mjs): {measures, measuresFull, missing, warnings, runs: {NAME: {tag, mean: {M: v},
   * ci95: {M: [low, high] | null}, perTopic: {TOPIC: {M: v}}}}}, NaN as null, perTopic built on
   * first use; plus `raw`, the columnar data behind it (the evaluation's wire format: typed arrays,
   * values[m * topics.length + t]), which evaluationJson, winsTiesLosses, compareScores and
   * metaScores take as they take the result.
   * options: {missing: 'zero' (the default: unanswered topics scored as trec_eval -c) | 'skip',
   * perTopic, progress: (fraction) => false to cancel,
   * groups, intents, docLengths, sessions (from loadGroups ...) for the measures that need them}.
   */
  function evaluate(qrels, runs, measures, { perTopic = true, ...options } = {}) {
    checkInputs(qrels, runs, 'evaluate');
    if (typeof measures === 'string') measures = [measures];
    if (!Array.isArray(measures) || measures.some((m) => typeof m !== 'string'))
      throw new TypeError('evaluate: measures must be an array of measure names');
    return evaluationView(core.evaluate(qrels.live, runs.map((r) => r.live), measures, evalOptions(options)), { perTopic });
  }

  function evaluationData(result, what) {
    const data = dataOf(result);
    if (!data) throw new TypeError(`${what}: expected an evaluate() result (or its raw data)`);
    return data;
  }

  const api = {
    version: core.version(),
    Qrels,
    Run,
    Groups,
    Intents,
    DocLengths,
    Sessions,
    /** The measure registry: [{name, aliases, family, help, citation, cutoff, params, ...}]. */
    measures: () => core.registry(),
    /** Named presets: [{name, help, measures}]. */
    groups: () => core.groups(),
    /** Parses one measure name: {name (canonical), full, measure, cutoff, aggregate}; throws UsageError. */
    parseMeasure: (text) => { checkString(text, 'parseMeasure'); return core.parseMeasure(text); },
    parseMeasures: (text) => { checkString(text, 'parseMeasures'); return core.parseMeasures(text); },
    qrelsReader,
    runReader,
    loadQrels(data, { name = 'qrels', format = 'plain' } = {}) {
      const r = qrelsReader(name, { format });
      r.feed(data);
      return r.finish();
    },
    loadRun(qrels, data, { name = 'run', order = 'score', format = 'auto' } = {}) {
      const r = runReader(qrels, name, { order, format });
      r.feed(data);
      return r.finish();
    },
    /** Run groups from a `run<TAB>group` TSV or a CSV whose header names run and group columns. */
    loadGroups(data, { name = 'groups' } = {}) {
      const [size] = stageWhole(data);
      return new Groups(core.loadGroups(name, size));
    },
    /** Intent probabilities (`topic subtopic prob`) and/or types (`topic subtopic inf|nav`). */
    loadIntents({ probabilities = null, types = null, probabilitiesName = 'intents', typesName = 'intent-types' } = {}) {
      if (probabilities == null && types == null) throw new TypeError('loadIntents: give probabilities and/or types');
      const [p, t] = stageWhole(probabilities, types);
      return new Intents(core.loadIntents(probabilitiesName, p, typesName, t));
    },
    /** Document lengths: `doc<TAB>characters[<TAB>words]` lines. */
    loadDocLengths(data, { name = 'doc-lengths' } = {}) {
      const [size] = stageWhole(data);
      return new DocLengths(core.loadDocLengths(name, size));
    },
    /** Sessions: `session<TAB>position<TAB>topic` lines. */
    loadSessions(data, { name = 'sessions' } = {}) {
      const [size] = stageWhole(data);
      return new Sessions(core.loadSessions(name, size));
    },
    evaluate,
    /**
     * The document `irlens eval --format json [--per-topic]` prints, built by the same C++
     * (irlens/eval_json.hpp), of an evaluate() result: {irlens, qrels, missing, measures,
     * measures_full, measures_typed, warnings, runs: {NAME: {tag, mean, ci95, per_topic?}}} (no
     * provenance: the CLI's names its input files). options: {perTopic: true}.
     */
    evaluationJson(result, { perTopic = true } = {}) {
      return JSON.parse(core.evaluationJson(evaluationData(result, 'evaluationJson'), !!perTopic));
    },
    /**
     * One evaluation of runs whose topics were evaluated apart (e.g. one run cut in pieces read by
     * several workers, each piece answering its own topics): parts are evaluate() results (or
     * their raw data) of the same qrels and measures; a run's scores are those of its name in every
     * part, each topic in one part only. Returns what evaluate() returns for the whole runs: the
     * topics in the qrels' order, aggregates and 95% t intervals computed by the core again from
     * the per-topic scores. UsageError when a topic of a run is in two parts.
     */
    joinTopics(qrels, parts) {
      if (!(qrels instanceof Qrels)) throw new TypeError('joinTopics: the first argument must be a Qrels');
      if (!Array.isArray(parts) || !parts.length) throw new TypeError('joinTopics: parts must be a non-empty array of evaluations');
      const datas = parts.map((p) => evaluationData(p, 'joinTopics'));
      const nameOf = (m) => (typeof m === 'string' ? m : m.name);
      const first = datas[0];
      const M = first.measures.length;
      for (const d of datas)
        if (d.measures.length !== M || d.measures.some((m, i) => nameOf(m) !== nameOf(first.measures[i])))
          throw new TypeError('joinTopics: the parts must have the same measures');
      const byRun = new Map();
      for (const d of datas) for (const r of d.runs) byRun.set(r.name, [...(byRun.get(r.name) || []), r]);
      const runs = [...byRun].map(([name, pieces]) => {
        const topics = pieces.flatMap((r) => r.topics);
        const seen = new Set();
        for (const t of topics) {
          if (seen.has(t)) throw Object.assign(new Error(`joinTopics: topic '${t}' of run '${name}' is in two parts`), { name: 'UsageError' });
          seen.add(t);
        }
        const T = topics.length;
        const values = new Float64Array(M * T);
        const texts = {};
        let at = 0;
        for (const r of pieces) {
          const n = r.topics.length;
          for (let m = 0; m < M; m++) {
            values.set(r.values.subarray(m * n, (m + 1) * n), m * T + at);
            if (r.texts && r.texts[m]) (texts[m] ||= new Array(T).fill('')).splice(at, n, ...r.texts[m]);
          }
          at += n;
        }
        return { name, tag: pieces[pieces.length - 1].tag, topics, values, texts }; // a reader reports the last tag it read
      });
      const warnings = [...new Set(datas.flatMap((d) => d.warnings || []))];
      return evaluationView(core.joinTopics(qrels.live, { ...first, warnings, runs }));
    },
    /**
     * Wins, ties and losses of every run of an evaluate() result against the run named
     * `baseline`, per measure, over the topics both were scored on, by the core's one rule
     * (irlens/stats/risk.hpp: exact signs, no tolerance; a NaN pair is not counted):
     * {baseline, runs: {NAME: {M: {wins, ties, losses}}}}.
     */
    winsTiesLosses(result, baseline) {
      if (baseline instanceof Run) baseline = baseline.name;
      checkString(baseline, 'winsTiesLosses baseline');
      const data = evaluationData(result, 'winsTiesLosses');
      const raw = core.winsTiesLosses(data, baseline);
      const names = data.measures.map((m) => (typeof m === 'string' ? m : m.name));
      const runs = {};
      for (const r of raw.runs) runs[r.name] = Object.fromEntries(names.map((m, i) => [m, { wins: r.wins[i], ties: r.ties[i], losses: r.losses[i] }]));
      return { baseline, runs };
    },
    /** The ranked list of one topic: {docs, rels} (rels: grade, -1 not judged, -2 judged negative). */
    ranking(run, topic, depth = 0) {
      if (!(run instanceof Run)) throw new TypeError('ranking: the first argument must be a Run');
      checkString(topic, 'ranking topic');
      return core.ranking(run.live, topic, depth);
    },
    /**
     * Explain mode: the arithmetic of one measure for one topic of a run, recorded by the core's
     * own computation: {measure, run, topic, formula, columns, rows: [{rank, retrieved, doc, rel,
     * values}], terms: [{name, value}], value, text, missing} (text: a text-valued measure's value,
     * RelString's; its value is NaN). The objects of `irlens explain -f json`'s "explanations" have
     * the same keys. Every registered measure is explained (the registry's `explainable` field).
     * options: the side inputs some measures need, as evaluate() takes them (intents, docLengths,
     * sessions, groups); preferences come with a run read against loadPrefs' judgments;
     * and runs: the evaluation's runs (an array of Run), which the relative measures (P_rareness,
     * AP_rareness, NRG) score the run against; without it the run is scored alone.
     */
    explain(run, topic, measure, { runs, ...options } = {}) {
      if (!(run instanceof Run)) throw new TypeError('explain: the first argument must be a Run');
      checkString(topic, 'explain topic');
      checkString(measure, 'explain measure');
      const o = evalOptions(options);
      if (runs !== undefined && runs !== null) {
        if (!Array.isArray(runs) || runs.some((r) => !(r instanceof Run))) throw new TypeError('explain: options.runs must be an array of Run');
        o.runs = runs.map((r) => r.live);
      }
      return core.explain(run.live, topic, measure, o);
    },
    /** Kendall's tau ('b' by default, as scipy; or 'a') between two equally long number arrays; NaN where undefined. */
    kendallTau(x, y, { variant = 'b' } = {}) {
      const nums = (a, what) => {
        if (!Array.isArray(a) && !ArrayBuffer.isView(a)) throw new TypeError(`kendallTau: ${what} must be an array of numbers`);
        return Array.from(a, (v) => (v === null ? NaN : Number(v)));
      };
      return core.kendallTau(nums(x, 'x'), nums(y, 'y'), variant);
    },
    /**
     * Kendall's tau-b between the orderings of the runs under each pair of measures of an
     * evaluate() result: {measures, tau: [[...]] (tau[i][j])}. Text-valued measures are left out.
     */
    rankCorrelations(result, { variant = 'b' } = {}) {
      const runs = Object.values(result.runs);
      const measures = result.measures.filter((m) => runs.every((r) => r.mean[m] !== null));
      const column = (m) => runs.map((r) => r.mean[m]);
      const tau = measures.map((a) => measures.map((b) => core.kendallTau(column(a), column(b), variant)));
      return { measures, tau };
    },
    /** trec_eval's output for its flags (without file names), e.g. ['-q', '-m', 'all_trec']. */
    trecEval(qrels, run, args = [], { zscores = '' } = {}) {
      if (!(qrels instanceof Qrels) || !(run instanceof Run)) throw new TypeError('trecEval: expected (Qrels, Run, args)');
      if (!Array.isArray(args)) throw new TypeError('trecEval: args must be an array of strings');
      return core.trecEval(qrels.live, run.live, args.map(String), zscores);
    },
  };
  // The shared context of the further areas of the API (api-*.mjs).
  const ctx = { core, api, evaluationData, Qrels, Run, Groups, Intents, DocLengths, Sessions, evalOptions, checkInputs, checkString, toBytes, stageWhole, feedAll };
  for (const area of AREAS) Object.assign(api, area(ctx));
  return api;
}
