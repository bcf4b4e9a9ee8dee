// The worker of the single-file page: a classic script, concatenated after irlens_single.js (which
// defines createIrlensCore with the WASM inlined) and started from a Blob URL.
import { wrap } from '../../../build-wasm/dist/api.mjs';
import { startWorker } from './worker-core.js';

/* global createIrlensCore */
startWorker(createIrlensCore().then(wrap));
