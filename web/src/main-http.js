// Entry of the served site: the worker is an ES module beside this script.
import { boot } from './boot.js';

boot(() => new Worker(new URL('./worker.js', import.meta.url), { type: 'module' }));
