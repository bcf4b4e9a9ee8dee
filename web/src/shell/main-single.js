// Entry of the single-file page (irlens.html): everything is inline, so the worker's source (the
// WASM module with the binary inlined + the worker code) is a string put into a Blob URL.
import { boot } from './boot.js';
import { createSingleWorker } from '../worker/worker-source-single.js';

boot(createSingleWorker);
