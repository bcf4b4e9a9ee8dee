// The workers that run the statistics (significance tests, meta-evaluation) for the page, apart
// from the worker that holds the qrels and runs: they receive the evaluation's per-topic scores
// (the JS API's compareScores / metaScores work on them), so cancelling long randomised work
// terminates only them and the loaded data stay.
//
// The workers are started ahead of use (warm(): with the app, and again after a cancel),
// so that the served site keeps working offline: a worker started later would fetch worker.js and
// the WASM again.
//
// A job over several measures fans out: the measures are split into consecutive chunks (one per
// worker, chunksOf; the Meta-evaluation tab's resampled analyses one per measure), and the
// documents merged back in measure order. Each measure is computed from the same
// seed whichever worker runs it (a measure's resamples do not depend on the other measures), so
// the merged document is the one a single call would return. Correlation, concordance and
// unanimity look at all measures together and run in one worker.
//
// Scheduling (issue 25): a worker takes one request at a time; the others wait in the pool's
// queue, and a request goes to whichever worker is idle (not to the workers in turn: a cheap
// analysis behind a long bootstrap in one worker's queue waited for it while the other worker was
// idle). The queue is ordered by priority, then by arrival: PRIORITY.first (the default: cheap
// analyses, first results with fewer resamples) before PRIORITY.final (the final numbers that
// replace first results), so first results never wait for a final computation that has not
// started. A request under way is never interrupted (WASM cannot be), so a first result asked for
// while both workers run final ones waits for one of them to end; finals split into one request
// per measure keep that wait short.
//
// The evaluation travels as its columnar data (wasm/evaluation.mjs): a request whose payload.result
// is the page's evaluation (its nested view) gets a copy of the data of the measures it needs
// (the chunk's, or all), transferred to the worker - one copy of typed arrays, never the nested
// objects.
import { WorkerClient } from './client.js';
import { dataOf, selectMeasures, buffersOf } from '../../../build-wasm/dist/evaluation.mjs';

const cancelledError = () => Object.assign(new Error('cancelled'), { name: 'Cancelled' });

// The statistics read each run's name, tag, topics, per-topic values and texts (the JS API's
// scores: wasm/convert.cpp evaluation_from_js), not the table's means and intervals: only these
// are copied and transferred (one array per run, not one per column: the Meta-evaluation tab
// sends 17 requests as it opens, each copied on the page's main thread).
const scoresOnly = (data) => ({ ...data, runs: data.runs.map(({ name, tag, topics, values, texts }) => ({ name, tag, topics, values, texts })) });

/** The queue's order: lower first. */
export const PRIORITY = { first: 0, final: 1 };

export class StatsPool {
  /** createWorker: as the app's (a module worker over http, a Blob URL worker in the single file). */
  constructor(createWorker, size = Math.min(3, Math.max(2, ((globalThis.navigator && navigator.hardwareConcurrency) || 2) - 1))) {
    this.createWorker = createWorker;
    this.size = size;
    this.clients = [];
    this.busy = new Set(); // the clients running a request
    this.queue = []; // {priority, order, action, payload, transfer, onProgress, resolve, reject}, waiting for an idle worker
    this.arrivals = 0;
    this.firsts = 0; // requests of PRIORITY.first queued or running
    this.firstsWaiting = []; // firstsDone()'s resolvers
    this.jobs = new Set(); // {fractions: [..]} of the jobs in progress
    this.listeners = new Set();
    // Test hook (tests/web): while `holding`, a finished job waits (still in progress, its
    // progress shown) until release() or Cancel, so a test can cancel work whatever the speed
    // of the machine.
    this.holding = false;
    this.held = new Set();
  }

  /** Ends the test hook: held jobs finish. */
  release() {
    this.holding = false;
    for (const h of this.held) h.resolve();
    this.held.clear();
  }

  /** Starts every worker of the pool that is not running. */
  warm() {
    while (this.clients.length < this.size) this.clients.push(new WorkerClient(this.createWorker));
  }

  /** A promise of `action`'s result, run by the first idle worker in the queue's order. */
  request(action, payload, { transfer = [], onProgress, priority = PRIORITY.first } = {}) {
    const first = priority < PRIORITY.final;
    if (first) this.firsts++;
    const settled = () => {
      if (first && --this.firsts === 0) for (const r of this.firstsWaiting.splice(0)) r();
    };
    return new Promise((resolve, reject) => {
      this.queue.push({ priority, order: this.arrivals++, action, payload, transfer, onProgress,
        resolve: (v) => { settled(); resolve(v); }, reject: (e) => { settled(); reject(e); } });
      this.queue.sort((a, b) => a.priority - b.priority || a.order - b.order);
      this.dispatch();
    });
  }

  /**
   * Resolves when no request of PRIORITY.first is queued or running (at once if none): every first
   * result is in, and what the page draws later (charts.js chartLater) no longer delays one.
   */
  firstsDone() {
    return this.firsts ? new Promise((resolve) => this.firstsWaiting.push(resolve)) : Promise.resolve();
  }

  /** Gives queued requests to idle workers, first in the queue's order. */
  dispatch() {
    this.warm();
    for (const client of this.clients) {
      if (!this.queue.length) return;
      if (this.busy.has(client)) continue;
      const r = this.queue.shift();
      this.busy.add(client);
      const done = () => {
        // A cancelled client (cancel(): replaced) frees nothing: its successor is idle.
        if (this.busy.delete(client)) this.dispatch();
      };
      client.request(r.action, r.payload, { transfer: r.transfer, onProgress: r.onProgress })
        .then((v) => { done(); r.resolve(v); }, (e) => { done(); r.reject(e); });
    }
  }

  /** Fraction done of all jobs in progress (null when idle). */
  get progress() {
    const all = [...this.jobs].flatMap((j) => j.fractions);
    return all.length ? all.reduce((s, f) => s + f, 0) / all.length : null;
  }

  /** listener(progress | null) on every progress message and when a job starts or ends. */
  onProgress(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify() {
    for (const l of this.listeners) l(this.progress);
  }

  /**
   * Runs `action` with `payload` in the workers. With chunks (a list of measure lists), one
   * request per chunk (payload.options.measures set to it), merged by `merge`; else one request.
   * priority: the queue's order of its requests (PRIORITY).
   */
  async run(action, payload, { chunks = null, merge = null, priority = PRIORITY.first } = {}) {
    const parts = chunks && chunks.length > 1 ? chunks : [null];
    const job = { fractions: parts.map(() => 0) };
    this.jobs.add(job);
    this.notify();
    try {
      const results = await Promise.all(parts.map((measures, k) => {
        const p = measures ? { ...payload, options: { ...payload.options, measures } } : { ...payload };
        const data = dataOf(p.result);
        let transfer = [];
        if (data) {
          // The page's result (a view) stays the page's: its data is copied; data given as is
          // (a copy made for this request) moves unless it is split into chunks.
          const own = data !== p.result || parts.length > 1;
          p.result = own ? selectMeasures(scoresOnly(data), measures) : data;
          transfer = buffersOf(p.result);
        }
        return this.request(action, p, { transfer, priority, onProgress: (f) => { job.fractions[k] = f; this.notify(); } });
      }));
      if (this.holding) await new Promise((resolve, reject) => this.held.add({ resolve, reject }));
      return parts.length > 1 ? merge(results) : results[0];
    } finally {
      this.jobs.delete(job);
      this.notify();
    }
  }

  /** Splits measures into at most `count` (the number of workers) consecutive chunks. */
  chunksOf(measures, count = this.size) {
    const n = Math.min(count, measures.length);
    const per = Math.ceil(measures.length / Math.max(1, n));
    const out = [];
    for (let i = 0; i < measures.length; i += per) out.push(measures.slice(i, i + per));
    return out;
  }

  /** Terminates every worker (their requests reject with Cancelled) and starts fresh ones. */
  cancel() {
    for (const c of this.clients) c.worker.terminate();
    const clients = this.clients;
    this.clients = [];
    this.busy.clear();
    for (const r of this.queue.splice(0)) r.reject(cancelledError());
    for (const c of clients) {
      for (const p of c.pending.values()) p.reject(cancelledError());
      c.pending.clear();
    }
    for (const h of this.held) h.reject(cancelledError());
    this.held.clear();
    this.jobs.clear();
    this.notify();
    this.warm();
  }
}

/** Merges documents of compare / meta computed on consecutive chunks of the measures. */
export function mergeByMeasure(docs) {
  return { ...docs[0], measures: docs.flatMap((d) => d.measures) };
}
