// Node entry point: `import { createIrlens, loadQrelsFile, loadRunFile } from 'irlens/node.mjs'`.
// Loads the non-ES6 node flavour of the WASM build (see wasm/CMakeLists.txt), and adds file
// helpers that stream plain or gzip files (detected by their magic bytes) into the readers.
import { createRequire } from 'node:module';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
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

async function isGzip(path) {
  const head = await new Promise((resolve, reject) => {
    const s = createReadStream(path, { start: 0, end: 1 });
    const parts = [];
    s.on('data', (c) => parts.push(c));
    s.on('end', () => resolve(Buffer.concat(parts)));
    s.on('error', reject);
  });
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/** A file system error (EISDIR, ENOENT, ...) as an Error that names the file, as the CLI's do. */
function fileError(path, e) {
  if (!e || typeof e.code !== 'string' || !e.syscall) return e;
  const err = new Error(`${path}: cannot read: ${String(e.message).replace(/^[A-Z]+: /, '')} (${e.code})`);
  err.code = e.code;
  err.file = path;
  return err;
}

async function streamInto(path, reader) {
  let gzip;
  try {
    gzip = await isGzip(path); // first: a file that cannot be read fails here, before the reading stream exists
  } catch (e) {
    if (reader.abort) reader.abort();
    throw fileError(path, e);
  }
  let stream = createReadStream(path, { highWaterMark: 8 << 20 });
  if (gzip) stream = stream.pipe(createGunzip({ chunkSize: 8 << 20 }));
  try {
    for await (const chunk of stream) reader.feed(chunk);
  } catch (e) {
    stream.destroy();
    if (reader.abort) reader.abort();
    throw fileError(path, e);
  }
  return reader.finish();
}

/** Qrels from a plain or gzip file; a plain file's size is the reader's sizing hint (qrelsReader's `bytes`). */
export async function loadQrelsFile(irlens, path, { name = path, format = 'plain' } = {}) {
  return streamInto(path, irlens.qrelsReader(name, { format, bytes: await plainFileSize(path) }));
}

/** The size of a regular file that is not gzip (a gzip file's text is larger), else 0; 0 too when it cannot be read (streamInto says why). */
async function plainFileSize(path) {
  try {
    const st = await stat(path);
    return st.isFile() && !(await isGzip(path)) ? st.size : 0;
  } catch {
    return 0;
  }
}

/** A run from a plain or gzip file, named by runName(path) ("runs/bm25.txt.gz" -> "bm25") unless `name` is given. */
export function loadRunFile(irlens, qrels, path, { name = runName(path), order = 'score', format = 'auto' } = {}) {
  return streamInto(path, irlens.runReader(qrels, name, { order, format }));
}

/** Preference judgments (trec_eval -R prefs / qrels_prefs) from a plain or gzip file: a Prefs (see loadPrefs). */
export function loadPrefsFile(irlens, path, { name = path, format = 'prefs' } = {}) {
  return streamInto(path, irlens.prefsReader(name, { format }));
}

/**
 * Evaluates one run file of any size (plain or gzip) one topic at a time (api-stream.mjs): memory
 * for the qrels and one topic's entries. Returns what evaluate(qrels, [run], measures, options)
 * returns, plus `run` (its info) and `streamed`. When the measures cannot stream (streamObstacle),
 * or the run is not grouped by topic and its size on disk (a gzip file counts 4x) is at most
 * options.memoryLimit (default 1 GiB), it is read into memory instead (streamed false; a warning
 * says why); a larger run that is not grouped throws the NotGrouped error, which says how to sort it.
 * options: evaluate's, plus name (runName(path)), order, memoryLimit.
 */
export async function evaluateRunFile(irlens, qrels, path, measures, { name = runName(path), order = 'score', memoryLimit = 1 << 30, ...options } = {}) {
  const inMemory = async (why) => {
    const run = await loadRunFile(irlens, qrels, path, { name, order });
    const result = irlens.evaluate(qrels, [run], measures, options);
    if (why) result.warnings.push(why);
    return Object.assign(result, { run, streamed: false });
  };
  if (irlens.streamObstacle(measures)) return inMemory('');
  try {
    const result = await streamInto(path, irlens.evaluationStream(qrels, measures, { name, order, ...options }));
    return Object.assign(result, { streamed: true });
  } catch (e) {
    if (e.name !== 'NotGrouped') throw e;
    const size = statSync(path).size * ((await isGzip(path)) ? 4 : 1);
    if (size > memoryLimit)
      throw Object.assign(new Error(`${e.message}; it is too large to read into memory (${size >> 20} MiB, memoryLimit ${memoryLimit >> 20} MiB)`), { name: e.name, file: e.file, line: e.line });
    return inMemory(`${name}: not grouped by topic (${e.file}:${e.line}), so read into memory instead of one topic at a time`);
  }
}

/** trec_eval's output (trecEval's args, except -Z and -R) for one run file of any size, read one topic at a time; NotGrouped as evaluateRunFile's (no fallback). */
export function trecEvalRunFile(irlens, qrels, path, args = [], { name = path } = {}) {
  return streamInto(path, irlens.trecEvalStream(qrels, args, { name }));
}
