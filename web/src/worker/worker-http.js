// The worker of the served site (and of embed mode): the ES-module WASM build, instantiated from
// the WebAssembly.Module the page sends as the first message (worker-source.js), so that starting
// a worker fetches nothing. The messages after it are the protocol's requests (worker-core.js).
import { createIrlens } from '../../../build-wasm/dist/irlens.mjs';
import { startWorker } from './worker-core.js';

let handle = null; // worker-core's onmessage
let gotModule;
const wasmModule = new Promise((resolve) => { gotModule = resolve; });
self.onmessage = (event) => {
  if (event.data && event.data.wasmModule) gotModule(event.data.wasmModule);
  else handle(event);
};

const irlens = wasmModule.then((module) => new Promise((resolve, reject) => {
  createIrlens({
    locateFile: (path) => path, // never used: the module is given
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module), reject);
      return {};
    },
  }).then(resolve, reject);
}));

startWorker(irlens, {
  postMessage: (message, transfer) => self.postMessage(message, transfer),
  set onmessage(fn) { handle = fn; },
});
