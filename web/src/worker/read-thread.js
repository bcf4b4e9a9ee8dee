// A plain file's bytes, read by a thread of their own (issue 42). The bytes of a File.slice read
// come into the thread that asked for them, a piece at a time between its tasks: asked by the
// worker that parses, they come in only while it is not parsing, so the reading and the parse
// take turns (bench/README.md: the worker waited 250-500 ms for bench/data's 244 MB run). Here a
// small nested worker (READER, started from a Blob URL) reads the slices one after the other and
// transfers each to the parsing worker, at most `ahead` slices beyond the one being parsed: the
// reading goes on beside the parse, and memory stays bounded as with slices().
// Where a worker cannot start one (no Worker in this scope, a policy that refuses it) the worker
// reads itself (slices()).
import { SLICE, AHEAD, slices } from '../base/files.js';

// The reader: {file, size, ahead} starts it; every later message lets it read one slice more.
// Posts {buffer} (transferred) per slice, in file order, or {error: {name, message}} once.
export const READER = `
let file = null, size = 0, credit = 0, at = 0, busy = false;
onmessage = (e) => {
  if (e.data && e.data.file) ({ file, size, ahead: credit } = e.data);
  else credit += 1;
  pump();
};
async function pump() {
  if (busy) return;
  busy = true;
  try {
    while (credit > 0 && at < file.size) {
      credit -= 1;
      const from = at;
      at = Math.min(file.size, at + size);
      const buffer = await file.slice(from, at).arrayBuffer();
      postMessage({ buffer }, [buffer]);
    }
  } catch (e) {
    at = file.size;
    postMessage({ error: { name: e.name, message: e.message } });
  }
  busy = false;
}
`;

let url = null;

/**
 * The bytes of `blob` in order, as Uint8Arrays of `size` bytes (the last one shorter), read by a
 * nested worker; a blob of one slice or less is read here (slices()), and so is the rest of it
 * when no reader starts or the reader fails. A read that fails throws its error (name and message
 * kept). Stopping early ends the reader.
 */
export async function* readThread(blob, { size = SLICE, ahead = AHEAD } = {}) {
  const reader = blob.size > size ? start() : null;
  if (!reader) {
    yield* slices(blob, { size, ahead });
    return;
  }
  const queue = [];
  let failure = null; // a read's error, to throw
  let broken = false; // the reader itself failed (e.g. a page's policy refused it)
  let wake = null;
  const woken = () => {
    if (wake) wake();
    wake = null;
  };
  reader.onmessage = ({ data }) => {
    if (data.error) failure = Object.assign(new Error(data.error.message), { name: data.error.name });
    else queue.push(new Uint8Array(data.buffer));
    woken();
  };
  reader.onerror = (e) => {
    e.preventDefault();
    broken = true;
    woken();
  };
  reader.postMessage({ file: blob, size, ahead: ahead + 1 });
  let read = 0;
  try {
    while (read < blob.size) {
      while (!queue.length && !failure && !broken) await new Promise((resolve) => (wake = resolve));
      if (!queue.length && failure) throw failure;
      if (!queue.length) break; // broken: the rest is read here
      const bytes = queue.shift();
      reader.postMessage(0); // one slice more
      read += bytes.length;
      yield bytes;
    }
  } finally {
    reader.terminate();
  }
  if (read < blob.size) yield* slices(blob.slice(read), { size, ahead });
}

/** A new reader worker, or null where none can start (no Worker here, or refused). */
function start() {
  if (typeof Worker !== 'function') return null;
  try {
    url ||= URL.createObjectURL(new Blob([READER], { type: 'text/javascript' }));
    return new Worker(url);
  } catch {
    return null;
  }
}
