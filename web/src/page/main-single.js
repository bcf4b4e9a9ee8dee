// Entry of the single-file page (irlens.html): everything is inline, so the worker's source (the
// WASM module with the binary inlined + the worker code) is a string put into a Blob URL.
import { boot } from './boot.js';

/* global IRLENS_WORKER_SOURCE */
const url = URL.createObjectURL(new Blob([IRLENS_WORKER_SOURCE], { type: 'text/javascript' }));
boot(() => new Worker(url));
