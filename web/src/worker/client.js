// The page's side of the worker protocol: request(action, payload, {transfer, onProgress}) returns
// a promise of the result (rejected with an Error carrying name/file/line). cancel() terminates
// the worker and starts a fresh one: every pending request rejects with a Cancelled error, and the
// data the old worker held is gone (the app reloads its inputs); close() terminates it for good.
// While `gate` is a promise, requests wait for it before they are sent, except those made with
// {ungated: true} (shell/parallel.js: the runs read elsewhere first, completing the worker's set).
//
// Test hook (the browser tests only): on a page loaded with `?test-hooks`, window.irlensHold(ACTION)
// makes the next request of ACTION, on any client (the app's worker or a stats worker), go with
// `hold` set; the worker (worker-core.js) takes it and never answers, so the work stays under way
// until Cancel. Without the flag there is no window.irlensHold and nothing changes.
const held = new Set();
if (globalThis.location && new URLSearchParams(globalThis.location.search).has('test-hooks')) globalThis.irlensHold = (action) => held.add(action);

export class WorkerClient {
  constructor(createWorker) {
    this.createWorker = createWorker;
    this.generation = 0;
    this.gate = null;
    this.start();
  }

  start() {
    this.worker = this.createWorker();
    this.pending = new Map();
    this.nextId = 1;
    this.generation += 1;
    this.worker.onmessage = (event) => {
      const { id, result, error, progress } = event.data;
      const p = this.pending.get(id);
      if (!p) return;
      if (progress !== undefined) {
        if (p.onProgress) p.onProgress(progress);
        return;
      }
      this.pending.delete(id);
      if (error) p.reject(Object.assign(new Error(error.message), error));
      else p.resolve(result);
    };
    this.worker.onerror = (event) => {
      const err = Object.assign(new Error(`worker failed: ${event.message || 'unknown error'}`), { name: 'Error' });
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
  }

  /** generation: the client.generation the caller started under; a request made after a cancel
   *  (a newer generation) is refused with a Cancelled error instead of reaching the new worker. */
  request(action, payload = {}, { transfer = [], onProgress, generation, ungated = false } = {}) {
    if (this.gate && !ungated) {
      const g = generation === undefined ? this.generation : generation;
      return this.gate.then(() => this.request(action, payload, { transfer, onProgress, generation: g }));
    }
    if (generation !== undefined && generation !== this.generation)
      return Promise.reject(Object.assign(new Error('cancelled'), { name: 'Cancelled' }));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage(held.delete(action) ? { id, action, payload, hold: true } : { id, action, payload }, transfer);
    });
  }

  cancel() {
    this.close();
    this.start();
  }

  /** Terminates the worker: every pending request rejects with a Cancelled error. */
  close() {
    this.worker.terminate();
    this.gate = null;
    const err = Object.assign(new Error('cancelled'), { name: 'Cancelled' });
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }
}
