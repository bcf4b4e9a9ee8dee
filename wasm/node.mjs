// Node entry point: `import { createIrlens, loadQrelsFile, loadRunFile } from 'irlens/node.mjs'`.
// Loads the non-ES6 node flavour of the WASM build (see wasm/CMakeLists.txt), and adds file
// helpers that stream plain or gzip files (detected by their magic bytes) into the readers.
import { createRequire } from 'node:module';
import { createReadStream, readFileSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { wrap } from './api.mjs';
import { runName } from './run-name.mjs';

export { runName, runNames } from './run-name.mjs';

const require = createRequire(import.meta.url);

export async function createIrlens() {
  const factory = require('./irlens_node.cjs');
  const wasmBinary = readFileSync(new URL('./irlens_node.wasm', import.meta.url));
  return wrap(await factory({ wasmBinary }));
}

async function streamInto(path, reader) {
  const head = await new Promise((resolve, reject) => {
    const s = createReadStream(path, { start: 0, end: 1 });
    const parts = [];
    s.on('data', (c) => parts.push(c));
    s.on('end', () => resolve(Buffer.concat(parts)));
    s.on('error', reject);
  });
  let stream = createReadStream(path, { highWaterMark: 8 << 20 });
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) stream = stream.pipe(createGunzip({ chunkSize: 8 << 20 }));
  for await (const chunk of stream) reader.feed(chunk);
  return reader.finish();
}

export function loadQrelsFile(irlens, path, { name = path, format = 'plain' } = {}) {
  return streamInto(path, irlens.qrelsReader(name, { format }));
}

/** A run from a plain or gzip file, named by runName(path) ("runs/bm25.txt.gz" -> "bm25") unless `name` is given. */
export function loadRunFile(irlens, qrels, path, { name = runName(path), order = 'score' } = {}) {
  return streamInto(path, irlens.runReader(qrels, name, { order }));
}

/** Preference judgments (trec_eval -R prefs / qrels_prefs) from a plain or gzip file: a Prefs (see loadPrefs). */
export function loadPrefsFile(irlens, path, { name = path, format = 'prefs' } = {}) {
  return streamInto(path, irlens.prefsReader(name, { format }));
}
