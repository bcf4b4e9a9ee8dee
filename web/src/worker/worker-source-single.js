// The worker of the single-file builds, started from memory: its source (irlens_single.js with the
// WASM inlined + worker-single.js) is the string IRLENS_WORKER_SOURCE that web/bundle.mjs puts in
// front of the bundle, turned into a Blob URL once. Nothing is fetched, so it works from file://.
// Used by main-single.js (irlens.html) and, in place of worker-source.js, by the single-file embed
// bundle irlens-embed.single.js (web/bundle.mjs swaps the module; the embed code is unchanged).

/* global IRLENS_WORKER_SOURCE */
let url = null;

/** A new worker running the inline worker source. */
export function createSingleWorker() {
  url ||= URL.createObjectURL(new Blob([IRLENS_WORKER_SOURCE], { type: 'text/javascript' }));
  return new Worker(url);
}

/** worker-source.js' workerFactory for the single-file builds: resolves with createWorker(). */
export async function workerFactory() {
  return createSingleWorker;
}
