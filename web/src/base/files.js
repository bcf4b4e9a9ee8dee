// Streams one input (a File, or embedded example text) into a reader in the worker: plain or gzip
// (detected by the magic bytes 1f 8b, decompressed by fflate's streaming Gunzip, which reads every
// member of a multi-member file such as `cat a.gz b.gz`, RFC 1952 section 2.2; the browser's
// DecompressionStream stops after the first), in batches of BATCH bytes transferred as
// ArrayBuffers, one batch in flight at a time so that memory stays bounded. Never builds one big
// JS string.
import { Gunzip } from 'fflate';

const BATCH = 4 << 20;
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
export async function ingest(client, kind, source, { format = source.format || 'plain', onBytes, options } = {}) {
  const slot = nextSlot++;
  const generation = client.generation; // a cancel in between makes every later request fail
  await client.request('begin', { slot, kind, name: source.name, format, options }, { generation });
  let reader = null;
  let gzip = false;
  try {
    let read = 0; // bytes of the source read (compressed bytes for .gz), for the progress bar
    let stream = source.blob.stream().pipeThrough(
      new TransformStream({
        transform(chunk, controller) {
          read += chunk.length;
          if (onBytes) onBytes(read);
          controller.enqueue(chunk);
        },
      }),
    );
    gzip = await isGzip(source.blob);
    if (gzip) stream = stream.pipeThrough(gunzipStream());
    reader = stream.getReader();
    let buf = new Uint8Array(BATCH), used = 0, inFlight = null;
    const flush = async () => {
      if (!used) return;
      const chunk = buf.buffer.slice(0, used); // exactly `used` bytes
      buf = new Uint8Array(BATCH);
      used = 0;
      if (inFlight) await inFlight;
      inFlight = client.request('feed', { slot, chunk }, { transfer: [chunk], generation });
    };
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      let off = 0;
      while (off < value.length) {
        const n = Math.min(value.length - off, BATCH - used);
        buf.set(value.subarray(off, off + n), used);
        used += n;
        off += n;
        if (used === BATCH) await flush();
      }
    }
    await flush();
    if (inFlight) await inFlight;
    return await client.request('finish', { slot }, { generation });
  } catch (e) {
    if (reader) reader.cancel().catch(() => {});
    client.request('abort', { slot }, { generation }).catch(() => {});
    if (gzip && e.name === 'Error' && typeof e.code === 'number') // fflate's errors carry a numeric code
      throw Object.assign(new Error(`not a valid gzip file (${e.message})`), { name: 'InputError', file: source.name });
    throw e;
  }
}

/** SHA-256 (hex) of a source's bytes as given (the .gz bytes for a gzip file), via crypto.subtle. */
export async function sha256(source) {
  if (!globalThis.crypto || !crypto.subtle) return 'unavailable (no crypto.subtle in this context)';
  if (source.size > inMemoryLimit()) return 'not computed (larger than the in-memory limit: crypto.subtle hashes whole buffers)';
  const digest = await crypto.subtle.digest('SHA-256', await source.blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
