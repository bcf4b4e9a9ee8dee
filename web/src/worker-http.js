// The worker of the served site: the ES-module WASM build, its .wasm fetched from beside worker.js.
import { createIrlens } from '../../build-wasm/dist/irlens.mjs';
import { startWorker } from './worker-core.js';

startWorker(createIrlens({ locateFile: (path) => new URL(path, import.meta.url).href }));
