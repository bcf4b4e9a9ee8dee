// The workers that run the statistics (significance tests, meta-evaluation) for the page, apart
// from the worker that holds the qrels and runs: they receive the evaluation's per-topic scores
// (the JS API's compareScores / metaScores work on them), so cancelling long randomised work
// terminates only them and the loaded data stay.
//
// The workers are started ahead of use (warm(): with the app, and again after a cancel),
// so that the served site keeps working offline: a worker started later would fetch worker.js and
// the WASM again.
//
// A job over several measures fans out: the measures are split into consecutive chunks, one per
// worker, and the documents merged back in measure order. Each measure is computed from the same
// seed whichever worker runs it (a measure's resamples do not depend on the other measures), so
// the merged document is the one a single call would return. Correlation, concordance and
// unanimity look at all measures together and run in one worker.
//
// The evaluation travels as its columnar data (wasm/evaluation.mjs): a request whose payload.result
// is the page's evaluation (its nested view) gets a copy of the data of the measures it needs
// (the chunk's, or all), transferred to the worker - one copy of typed arrays, never the nested
// objects.
import { WorkerClient } from './client.js';
import { dataOf, selectMeasures, buffersOf } from '../../../build-wasm/dist/evaluation.mjs';

const cancelledError = () => Object.assign(new Error('cancelled'), { name: 'Cancelled' });

export class StatsPool {
  /** createWorker: as the app's (a module worker over http, a Blob URL worker in the single file). */
  constructor(createWorker, size = Math.min(3, Math.max(2, ((globalThis.navigator && navigator.hardwareConcurrency) || 2) - 1))) {
    this.createWorker = createWorker;
    this.size = size;
    this.clients = [];
    this.next = 0;
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

  client() {
    if (this.clients.length < this.size) this.clients.push(new WorkerClient(this.createWorker));
    const c = this.clients[this.next % this.clients.length];
    this.next += 1;
    return c;
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
   */
  async run(action, payload, { chunks = null, merge = null } = {}) {
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
          p.result = own ? selectMeasures(data, measures) : data;
          transfer = buffersOf(p.result);
        }
        return this.client().request(action, p, { transfer, onProgress: (f) => { job.fractions[k] = f; this.notify(); } });
      }));
      if (this.holding) await new Promise((resolve, reject) => this.held.add({ resolve, reject }));
      return parts.length > 1 ? merge(results) : results[0];
    } finally {
      this.jobs.delete(job);
      this.notify();
    }
  }

  /** Splits measures into at most `size` consecutive chunks. */
  chunksOf(measures) {
    const n = Math.min(this.size, measures.length);
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
