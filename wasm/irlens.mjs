// Browser entry point: `const irlens = await createIrlens();` (ES module; the .wasm is fetched
// from beside this file).
import createCore from './irlens_web.mjs';
import { wrap } from './api.mjs';

export { runName, runNames } from './run-name.mjs';

export async function createIrlens(options = {}) {
  return wrap(await createCore(options));
}
