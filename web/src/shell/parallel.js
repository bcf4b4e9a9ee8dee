// Reading and evaluating runs in several workers at once (issue 15). The app's worker keeps the
// contract every other action relies on - it ends up holding the qrels and every run - but the
// table does not wait for it:
//   0. when a qrels file of at least WARM_MIN bytes is read, W - 1 helper workers (each its own
//      WASM instance) read it too, at the same time as the app's worker (warmUp): the runs that
//      follow find them ready. They are closed after the next runs are read, used or not, so
//      their copies of the qrels live only that long;
//   1. the work is shared out between the app's worker and the helpers (started now, reading the
//      qrels first, when none were warmed up for this qrels):
//      - several runs: whole runs, the largest first to the least loaded worker (a helper's load
//        starts with the qrels' bytes at QRELS_COST);
//      - one run (and no other run loaded), plain text: byte ranges of it, cut at line boundaries
//        where the topic changes (cuts()), so that a grouped run's topics are each in one range,
//        a helper's range smaller by the qrels it reads first (rangeSizes());
//   2. each worker reads its share and evaluates it (evaluate raw). Whole runs: each run's numbers
//      depend on the qrels, the measures and that run alone (the app's worker says when that
//      holds: shardable, worker-core.js), so the parts' runs are the runs of one evaluation.
//      Ranges: each is evaluated over the topics it answers (missing=skip) and the core puts the
//      topics together (irlens.joinTopics: aggregates and intervals computed again). The app's
//      worker adds the correlations (combine) and the table's percentile intervals (combine, or
//      after the means are shown: intervals 'later', app.js requestIntervals);
//   3. the helpers are closed (their memory goes) once they have answered; the table shows and
//      the app's worker reads what the helpers read (a range read first is replaced by the whole run) while every other
//      request to it waits (WorkerClient.gate), so no action ever sees part of the runs.
// Numbers are those of one worker (tests/web/parallel.test.mjs). Whenever a range's answer could
// differ from the whole run's, the run is read whole by the app's worker instead (the one-worker
// path): a reading error or a reader warning (their line numbers count from the range's start),
// a topic in two ranges (an ungrouped run), a run with an evaluation warning (qrels topics it does
// not answer, lines of topics not in the qrels, several tags).
// Not parallel at all: fewer bytes than parallelMin(), side inputs, diversity qrels, measures
// that need all runs (NRG, rareness), a gzip run alone.
//
// Settings (URL query, for the bench and the tests): ?workers=N (default: one core left to the
// page and the browser, navigator.hardwareConcurrency - 1, up to DEFAULT_MAX; at most MAX_WORKERS;
// 1 = the one-worker path: on a 2-core machine two workers were slower than one, bench/README.md),
// ?parallel-min=BYTES (default PARALLEL_MIN), ?warm-min=BYTES (default the smaller of WARM_MIN
// and parallel-min).
import { WorkerClient } from '../worker/client.js';
import { ingest, isGzip } from '../base/files.js';
import { buffersOf } from '../../../build-wasm/dist/evaluation.mjs';

const MAX_WORKERS = 8;
const DEFAULT_MAX = 4;
const PARALLEL_MIN = 8 << 20; // below this a second WASM instance costs more than it saves
const QRELS_COST = 1.5; // reading a qrels byte / reading a run byte (bench/README.md: 0.39 s for 68 MB, 0.93 s for 244 MB)
const WARM_MIN = 1 << 20; // a smaller qrels is read again quickly enough when a large run comes (and costs no idle copies)
const WINDOW = 1 << 16; // bytes looked at from a nominal cut for the next topic change (doubled up to MAX_WINDOW)
const MAX_WINDOW = 16 << 20;

function query(name) {
  return globalThis.location ? new URLSearchParams(globalThis.location.search).get(name) : null;
}

/**
 * How many workers read runs: ?workers=N (1..MAX_WORKERS), else the cores the browser reports minus
 * one (left to the page's main thread and the browser), at most DEFAULT_MAX (each helper holds a
 * copy of the qrels while it reads).
 */
export function workerCount() {
  const asked = Number.parseInt(query('workers') || '', 10);
  const cores = (globalThis.navigator && navigator.hardwareConcurrency) || 1;
  const n = Number.isInteger(asked) ? asked : Math.min(DEFAULT_MAX, cores - 1);
  return Math.max(1, Math.min(MAX_WORKERS, n));
}

function parallelMin() {
  const asked = Number.parseInt(query('parallel-min') || '', 10);
  return Number.isInteger(asked) && asked >= 0 ? asked : PARALLEL_MIN;
}

/**
 * The entries ({source}) shared out over `workers` bins (bin 0: the app's worker), each bin in the
 * entries' order; a helper's bin starts with the qrels' cost. Empty helper bins are left out.
 */
export function shareOut(entries, qrelsBytes, workers) {
  const bins = Array.from({ length: workers }, (_, i) => ({ load: i ? qrelsBytes * QRELS_COST : 0, items: [] }));
  const bySize = entries.map((e, i) => ({ e, i })).sort((a, b) => b.e.source.size - a.e.source.size || a.i - b.i);
  for (const x of bySize) {
    const bin = bins.reduce((best, b) => (b.load < best.load ? b : best));
    bin.load += x.e.source.size;
    bin.items.push(x);
  }
  return bins.filter((b, i) => i === 0 || b.items.length).map((b) => b.items.sort((x, y) => x.i - y.i).map((x) => x.e));
}

const isBlank = (c) => c === 0x20 || c === 0x09 || c === 0x0d;

/** The topic (first field) of the line starting at `at` in `bytes`, as a string; '' for a blank line; null when the line is not whole in `bytes`. */
function topicAt(bytes, at) {
  let i = at;
  while (i < bytes.length && isBlank(bytes[i])) i++;
  const start = i;
  while (i < bytes.length && !isBlank(bytes[i]) && bytes[i] !== 0x0a) i++;
  if (i === bytes.length) return null;
  let s = '';
  for (let k = start; k < i; k++) s += String.fromCharCode(bytes[k]);
  return s;
}

/**
 * The offset of the first line after `from` whose topic differs from the topic of the first whole
 * line after `from` (so the topic at that line, when grouped, lies wholly before the cut), or null
 * when none is found within MAX_WINDOW bytes or before the end.
 */
async function cutAfter(blob, from) {
  for (let w = WINDOW; w <= MAX_WINDOW; w *= 2) {
    const bytes = new Uint8Array(await blob.slice(from, Math.min(blob.size, from + w)).arrayBuffer());
    let line = bytes.indexOf(0x0a) + 1;
    if (line === 0) continue;
    let first = null;
    while (line < bytes.length) {
      const t = topicAt(bytes, line);
      if (t === null) break;
      if (t !== '') {
        if (first === null) first = t;
        else if (t !== first) return from + line;
      }
      const next = bytes.indexOf(0x0a, line);
      if (next < 0) break;
      line = next + 1;
    }
    if (from + w >= blob.size) return null;
  }
  return null;
}

/**
 * The bytes of a run of `size` bytes each of `workers` workers should read so that they finish
 * together: the app's worker has the qrels, every helper reads them first (qrelsBytes at
 * QRELS_COST), so helpers get less; a helper that would get nothing is left out.
 */
export function rangeSizes(size, qrelsBytes, workers) {
  const q = qrelsBytes * QRELS_COST;
  for (let w = workers; w > 1; w--) {
    const each = (size + (w - 1) * q) / w; // the app's worker's share; a helper's is each - q
    if (each - q > 0) return [each, ...Array(w - 1).fill(each - q)];
  }
  return [size];
}

/** Byte ranges [start, end) of `blob`, cut where the topic changes after each nominal size in `sizes` (at most sizes.length ranges). */
export async function cuts(blob, sizes) {
  const at = [0];
  let nominal = 0;
  for (let k = 0; k + 1 < sizes.length; k++) {
    nominal += sizes[k];
    const from = Math.max(at[at.length - 1], Math.floor(nominal));
    const c = await cutAfter(blob, from);
    if (c !== null && c > at[at.length - 1] && c < blob.size) at.push(c);
  }
  at.push(blob.size);
  return at.slice(1).map((end, i) => [at[i], end]);
}

/** The client's requests made with {ungated: true} (they pass the gate), of its current worker only. */
function ungated(client) {
  const generation = client.generation;
  return { generation, request: (a, p, o = {}) => client.request(a, p, { generation, ...o, ungated: true }) };
}

/** One run's info from its ranges' infos (in file order), as reading it whole gives it. */
function joinInfos(infos) {
  const tags = new Set(infos.filter((i) => i.linesRead > 0).map((i) => i.tag));
  const sum = (k) => infos.reduce((s, i) => s + i[k], 0);
  const last = infos.filter((i) => i.linesRead > 0).pop() || infos[0];
  return {
    ...infos[0],
    tag: last.tag, // the reader reports the last tag it read
    mixedTags: infos.some((i) => i.mixedTags) || tags.size > 1,
    linesRead: sum('linesRead'),
    topicsAnswered: sum('topicsAnswered'),
    ignoredLines: sum('ignoredLines'),
    ignoredTopics: [...new Set(infos.flatMap((i) => i.ignoredTopics))],
  };
}

/** Closes the helpers warmUp() started, if any. */
export function closeWarm(app) {
  if (app.warm) for (const h of app.warm.helpers) h.close();
  app.warm = null;
}

/**
 * Starts the helpers for the qrels `source` the app's worker is about to read (closing earlier
 * ones): they read it at the same time. readInParallel takes them when the app's qrels is still
 * `source`; closeWarm(app) when the app's worker fails to read it.
 */
export function warmUp(app, source) {
  closeWarm(app);
  const n = workerCount() - 1;
  const asked = Number.parseInt(query('warm-min') || '', 10);
  if (n < 1 || source.size < (Number.isInteger(asked) ? asked : Math.min(WARM_MIN, parallelMin()))) return;
  const helpers = Array.from({ length: n }, () => new WorkerClient(app.client.createWorker));
  const ready = Promise.all(helpers.map(async (h) => {
    await h.request('init');
    await ingest(h, 'qrels', source);
  })).then(() => true, () => false); // a helper that failed: the runs start their own
  app.warm = { source, helpers, ready };
}

/**
 * Reads the runs of `entries` ({source, info, error}: info/error filled in by readRun(client,
 * entry, onBytes)) in several workers when that applies (above); else returns null, having read
 * nothing (the caller reads them in the app's worker). Returns {workers, evaluate(payload,
 * onProgress) -> evaluate's answer, complete()}: complete() must be called after (it closes the
 * helpers, has the app's worker read what they read and lets other requests through).
 */
export async function readInParallel(app, entries, progress, readRun) {
  const warm = app.warm && app.warm.source === app.state.qrels.source ? app.warm : null;
  if (app.warm && !warm) closeWarm(app);
  app.warm = null;
  try {
    return await share(app, entries, progress, readRun, warm && (await warm.ready) ? warm.helpers : null);
  } finally {
    if (warm && !warm.helpers.used) for (const h of warm.helpers) h.close();
  }
}

/** readInParallel with `ready` helpers that hold the qrels already (warmUp), or null; sets ready.used when it takes them (then closes them). */
async function share(app, entries, progress, readRun, ready) {
  const workers = workerCount();
  const bytes = entries.reduce((s, e) => s + e.source.size, 0);
  if (workers < 2 || !entries.length || bytes < parallelMin()) return null;
  const alone = entries.length === 1 && app.state.runs.every((r) => r === entries[0] || !r.info || r.excluded);
  if (entries.length === 1 && (!alone || (await isGzip(entries[0].source.blob)))) return null;
  const main = ungated(app.client);
  let release;
  app.client.gate = new Promise((resolve) => { release = resolve; });
  const open = () => {
    app.client.gate = null;
    release();
  };
  let ranges = null;
  let shares;
  const qrelsBytes = ready && ready.length === workers - 1 ? 0 : app.state.qrels.source.size; // what a helper reads first
  try {
    if (!(await main.request('shardable', { measures: [app.state.settings.m] }))) {
      open();
      return null;
    }
    if (entries.length === 1) {
      ranges = await cuts(entries[0].source.blob, rangeSizes(entries[0].source.size, qrelsBytes, workers));
      shares = ranges.map(() => []);
    } else shares = shareOut(entries, qrelsBytes, workers);
    if (shares.length < 2) {
      open();
      return null;
    }
    // A run read by a helper replaces the app's worker's run of that name (as reading it there would).
    for (const entry of ranges ? [] : shares.slice(1).flat()) await main.request('dropRun', { name: entry.source.name });
  } catch (e) {
    open();
    throw e;
  }
  const warmed = qrelsBytes === 0;
  const helpers = warmed ? ready.slice(0, shares.length - 1) : shares.slice(1).map(() => new WorkerClient(app.client.createWorker));
  if (warmed) {
    ready.used = true;
    for (const h of ready.slice(shares.length - 1)) h.close(); // not needed: fewer ranges than workers
  }
  app.helpers = helpers;
  const closeHelpers = () => {
    for (const h of helpers) h.close();
    if (app.helpers === helpers) app.helpers = [];
  };
  const done = new Map(); // piece -> bytes read, for the progress bar
  const onBytes = (key, name) => (n) => {
    done.set(key, n);
    let sum = 0;
    for (const v of done.values()) sum += v;
    progress(sum / Math.max(1, bytes), name);
  };
  const clients = [main, ...helpers];
  const entry = entries[0];
  const pieces = ranges && ranges.map(([start, end], i) => ({
    source: { ...entry.source, size: end - start, blob: entry.source.blob.slice(start, end) },
    range: i,
  }));
  try {
    await Promise.all(clients.map(async (client, i) => {
      if (i && !warmed) {
        await client.request('init');
        await ingest(client, 'qrels', app.state.qrels.source);
      }
      if (pieces) await readRun(client, pieces[i], onBytes(i, entry.source.name));
      else for (const e of shares[i]) await readRun(client, e, onBytes(e.source.name, e.source.name));
    }));
  } catch (e) {
    closeHelpers();
    open();
    throw e;
  }
  if (pieces && pieces.some((p, i) => p.error || (i > 0 && p.info.warnings.length))) {
    // Line numbers would count from a range's start: the app's worker reads the run whole.
    closeHelpers();
    open();
    return null;
  }
  let whole = false; // a range's answer could differ: the app's worker read the run whole and evaluated
  if (pieces) {
    entry.info = joinInfos(pieces.map((p) => p.info));
    if (entry.info.topicsAnswered === 0) {
      entry.excluded = true;
      for (const p of pieces) p.excluded = true;
      await main.request('dropRun', { name: entry.source.name });
    }
  }
  const readWhole = async () => {
    closeHelpers();
    whole = true;
    app.readers = 1; // what the table shows was read by the app's worker alone
    await main.request('dropRun', { name: entry.source.name });
    entry.info = await ingest(main, 'run', entry.source);
  };
  return {
    workers: clients.length,
    async evaluate(payload, onProgress) {
      const answers = await Promise.all(clients.map((c, i) =>
        c.request('evaluate', { ...payload, ...(pieces ? { missing: 'skip' } : {}), raw: true }, i ? {} : { onProgress })));
      closeHelpers(); // done: their memory goes before the app's worker reads what they read
      const parts = answers.map((a) => a.result).filter(Boolean);
      if (!parts.length) return { result: null, correlations: null };
      if (pieces) {
        // The ranges' evaluations stand for the whole run's when it answers every qrels topic
        // with no line ignored and one tag: then the whole run's evaluation has no warning (the
        // ranges' say which topics each lacks) and missing=zero scores nothing in place.
        const answered = parts.reduce((s, p) => s + p.runs.reduce((t, r) => t + r.topics.length, 0), 0);
        if (answered < parts[0].qrels.topics || entry.info.ignoredLines || entry.info.mixedTags) {
          await readWhole();
          return main.request('evaluate', payload, { onProgress });
        }
        for (const p of parts) p.warnings = [];
        try {
          return await main.request('combine', { parts, seed: payload.seed, join: payload.missing || 'zero', intervals: payload.intervals }, { transfer: parts.flatMap(buffersOf) });
        } catch (e) {
          if (e.name !== 'UsageError') throw e;
          await readWhole(); // a topic in two ranges: the run is not grouped by topic
          return main.request('evaluate', payload, { onProgress });
        }
      }
      const order = app.runNames; // the runs' order in the app, which is one worker's order
      const rank = new Map(order.map((n, i) => [n, i]));
      const runs = parts.flatMap((p) => p.runs).sort((a, b) => rank.get(a.name) - rank.get(b.name));
      const data = { ...parts[0], runs, warnings: [...new Set(parts.flatMap((p) => p.warnings))] };
      return main.request('combine', { parts: [data], seed: payload.seed, intervals: payload.intervals }, { transfer: buffersOf(data) });
    },
    async complete() {
      closeHelpers();
      try {
        if (pieces) {
          if (!whole && !entry.excluded) {
            await main.request('dropRun', { name: entry.source.name });
            entry.info = await ingest(main, 'run', entry.source);
          }
        } else {
          for (const e of shares.slice(1).flat()) if (e.info && !e.excluded) await ingest(main, 'run', e.source);
          await main.request('reorder', { names: app.runNames });
        }
      } finally {
        open();
      }
    },
  };
}
