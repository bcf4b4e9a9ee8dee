// Streams one input (a File, or embedded example text) into a reader in the worker. A plain file
// is read by the worker itself (slices(): File.slice reads, several under way). A gzip file
// (detected by the magic bytes 1f 8b) is decompressed here by the browser's DecompressionStream,
// which refuses a multi-member file such as `cat a.gz b.gz` (RFC 1952 section 2.2; Chromium:
// "Junk found after end of compressed data"): such a file (any file it refuses) is read again
// from the start with fflate's streaming Gunzip, which reads every member; the bytes go to the
// worker in batches of BATCH bytes transferred as ArrayBuffers, one batch in flight at a time so
// that memory stays bounded. Never builds one big JS string.
import { Gunzip } from 'fflate';
import { phase } from './phases.js';

const BATCH = 4 << 20;
const SLICE = 8 << 20; // bytes per File.slice read in a worker (slices(); 4 MB was slower, bench/README.md)
const AHEAD = 3; // reads under way beyond the one being parsed
let nextSlot = 1;

/**
 * Run files larger than this many bytes are not read into the worker's memory (the WASM heap stops
 * at 2 GB) but streamed by the worker one topic at a time (worker-stream.js). On a page loaded
 * with `?test-hooks`, window.irlensInMemoryLimit lowers it (the browser tests).
 */
export const IN_MEMORY_LIMIT = 1 << 30;
const testHooks = globalThis.location && new URLSearchParams(globalThis.location.search).has('test-hooks');
export function inMemoryLimit() {
  return (testHooks && globalThis.irlensInMemoryLimit) || IN_MEMORY_LIMIT;
}

/** True when `source` is a run file to stream rather than read into memory. */
export function streamsRun(source) {
  return !source.embedded && source.size > inMemoryLimit();
}

/**
 * A run file too large to hold: the worker reads the File itself in slices and scores it for
 * `measures` (worker-stream.js); onProgress(fraction). Resolves with the run's info.
 */
export function streamRun(client, source, { measures, missing, onProgress }) {
  const payload = { file: source.blob, name: source.name, measures, missing };
  return client.request('streamRun', payload, { onProgress, generation: client.generation });
}

export async function isGzip(blob) {
  const head = new Uint8Array(await blob.slice(0, 2).arrayBuffer());
  return head.length === 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/** A TransformStream that gunzips every member of its input (errors: 'invalid gzip data', 'unexpected EOF'). */
export function gunzipStream() {
  let gunzip;
  return new TransformStream({
    start(controller) {
      gunzip = new Gunzip((chunk) => { if (chunk.length) controller.enqueue(chunk); });
    },
    transform(chunk) {
      gunzip.push(chunk);
    },
    flush() {
      gunzip.push(new Uint8Array(0), true);
    },
  });
}

/** The bytes of `blob` as a stream, gunzipped when it is gzip. */
export async function decodedStream(blob) {
  return (await isGzip(blob)) ? blob.stream().pipeThrough(gunzipStream()) : blob.stream();
}

/** An input source: {name, size, blob} for files; embedded text becomes a Blob too. */
export function textSource(name, text) {
  const blob = new Blob([text], { type: 'text/plain' });
  return { name, size: blob.size, blob, embedded: true };
}
export function fileSource(file) {
  return { name: file.name, size: file.size, blob: file, embedded: false };
}

/**
 * Streams `source` into a new reader of `kind` ('qrels' | 'run' | 'check'); onBytes(n) reports
 * compressed bytes read so far (for the progress bar). Resolves with the reader's info (a check:
 * its report). A qrels source may carry its format (source.format: 'plain' | 'diversity'); a
 * check takes the checker's options (worker-core.js).
 */
export async function ingest(client, kind, source, options = {}) {
  try {
    return await ingestOnce(client, kind, source, options, typeof DecompressionStream === 'function');
  } catch (e) {
    if (e.name !== 'NativeGunzipFailed') throw e;
    // The browser's gunzip refused the file (a multi-member gzip file, or a bad one): read it
    // again from the start with fflate, which reads every member or says what is wrong.
    return ingestOnce(client, kind, source, options, false);
  }
}

/** ingest(), gunzipping with the browser's DecompressionStream when `native` (3-6.5x faster than fflate, bench/README.md). */
async function ingestOnce(client, kind, source, { format = source.format || 'plain', onBytes, options } = {}, native) {
  const slot = nextSlot++;
  const generation = client.generation; // a cancel in between makes every later request fail
  const start = performance.now();
  const spent = { read: 0, copy: 0, wait: 0 }; // the page's share of the time (phase(), bench/web-phases.mjs)
  const gzip = await isGzip(source.blob);
  // bytes: a plain file's size, the qrels reader's sizing hint (its judgments reserved once); a gzip file's text is larger
  await client.request('begin', { slot, kind, name: source.name, format, options, bytes: gzip ? 0 : source.size }, { generation });
  let reader = null;
  try {
    if (!gzip) {
      // A plain file is read by the worker itself (readFile: File.slice reads, several under way
      // while it parses), the main thread free: no copy here, no batch waiting for the page's
      // turn (bench/README.md, issue 42: less time and memory than streaming it from here).
      await timed(spent, 'wait', client.request('readFile', { slot, blob: source.blob }, { generation, onProgress: onBytes }));
    } else {
      let read = 0; // compressed bytes read, for the progress bar
      const stream = source.blob.stream().pipeThrough(
        new TransformStream({
          transform(chunk, controller) {
            read += chunk.length;
            if (onBytes) onBytes(read);
            controller.enqueue(chunk);
          },
        }),
      );
      // gunzipped here, on the main thread, while the worker parses the previous batch
      reader = stream.pipeThrough(native ? new DecompressionStream('gzip') : gunzipStream()).getReader();
      const next = () => reader.read().catch((e) => {
        throw native ? Object.assign(new Error(e.message), { name: 'NativeGunzipFailed' }) : e;
      });
      let buf = new Uint8Array(BATCH), used = 0, inFlight = null;
      const flush = async () => {
        if (!used) return;
        const chunk = buf.buffer.slice(0, used); // exactly `used` bytes
        buf = new Uint8Array(BATCH);
        used = 0;
        if (inFlight) await timed(spent, 'wait', inFlight);
        inFlight = client.request('feed', { slot, chunk }, { transfer: [chunk], generation });
      };
      for (;;) {
        const { done, value } = await timed(spent, 'read', next());
        if (done) break;
        let off = 0;
        while (off < value.length) {
          const n = Math.min(value.length - off, BATCH - used);
          const t = performance.now();
          buf.set(value.subarray(off, off + n), used);
          spent.copy += performance.now() - t;
          used += n;
          off += n;
          if (used === BATCH) await flush();
        }
      }
      await flush();
      if (inFlight) await timed(spent, 'wait', inFlight);
    }
    const info = await timed(spent, 'wait', client.request('finish', { slot }, { generation }));
    phase(`read ${kind}`, start, { name: source.name, bytes: source.size, gzip: gzip && (native ? 'DecompressionStream' : 'fflate'), readMs: spent.read, copyMs: spent.copy, waitMs: spent.wait });
    return info;
  } catch (e) {
    if (reader) reader.cancel().catch(() => {});
    client.request('abort', { slot }, { generation }).catch(() => {});
    if (gzip && e.name === 'Error' && typeof e.code === 'number') // fflate's errors carry a numeric code
      throw Object.assign(new Error(`not a valid gzip file (${e.message})`), { name: 'InputError', file: source.name });
    throw e;
  }
}

/**
 * The bytes of `blob` in order, as Uint8Arrays of up to `size` bytes read by File.slice, with up to
 * `ahead` further reads under way while the caller works on the current one (the browser reads a
 * file off the calling thread): at most ahead + 1 pieces in memory. For the workers, which read
 * the page's Files themselves.
 */
export async function* slices(blob, { size = SLICE, ahead = AHEAD } = {}) {
  const queue = [];
  let at = 0;
  const more = () => {
    while (queue.length <= ahead && at < blob.size) {
      const p = blob.slice(at, Math.min(blob.size, at + size)).arrayBuffer();
      p.catch(() => {}); // a read left behind when the caller stops early: no unhandled rejection
      queue.push(p);
      at += size;
    }
  };
  more();
  while (queue.length) {
    const chunk = await queue.shift();
    more();
    yield new Uint8Array(chunk);
  }
}

/** Awaits `promise`, adding the milliseconds waited to spent[key]. */
async function timed(spent, key, promise) {
  const t = performance.now();
  try {
    return await promise;
  } finally {
    spent[key] += performance.now() - t;
  }
}

/** SHA-256 (hex) of a source's bytes as given (the .gz bytes for a gzip file), via crypto.subtle. */
export async function sha256(source) {
  if (!globalThis.crypto || !crypto.subtle) return 'unavailable (no crypto.subtle in this context)';
  if (source.size > inMemoryLimit()) return 'not computed (larger than the in-memory limit: crypto.subtle hashes whole buffers)';
  const digest = await crypto.subtle.digest('SHA-256', await source.blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
