// The served site's workers, started from memory: worker.js is fetched once and kept as a Blob
// URL, and irlens_web.wasm is fetched and compiled once into a WebAssembly.Module that every new
// worker receives as its first message (worker-http.js). So restarting the worker (Cancel) and
// starting the stats workers make no request: once loaded, the page keeps working offline.
// Used by main-http.js (the app) and embed.js (<irlens-view>).

async function fetched(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

/** Resolves with createWorker() for the worker.js and irlens_web.wasm beside `base` (a URL). */
export async function workerFactory(base) {
  const [source, wasm] = await Promise.all([
    fetched(new URL('./worker.js', base)).then((r) => r.blob()),
    fetched(new URL('./irlens_web.wasm', base)).then((r) => r.arrayBuffer()).then((bytes) => WebAssembly.compile(bytes)),
  ]);
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  return () => {
    const worker = new Worker(url, { type: 'module' });
    worker.postMessage({ wasmModule: wasm });
    return worker;
  };
}
