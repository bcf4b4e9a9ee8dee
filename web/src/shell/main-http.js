// Entry of the served site: the worker (worker.js, an ES module) and the WASM beside this script,
// loaded once and restarted from memory (worker-source.js).
import { boot } from './boot.js';
import { workerFactory } from '../worker/worker-source.js';

boot(workerFactory(import.meta.url));
