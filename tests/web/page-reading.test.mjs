// How the page reads a file into its worker (web/src/base/files.js, issue 42): slices() gives a
// File's bytes in order in File.slice pieces, several reads under way; ingest() hands a plain file
// to the worker (readFile) and gunzips a gzip file with the browser's DecompressionStream, reading
// it again with fflate from a fresh reader when the browser refuses it (Chromium refuses a
// multi-member file, `cat a.gz b.gz`; node's reads every member, so the refusal is simulated here).
// The worker is a fake that keeps what each reader slot was fed. The page's own test of a
// multi-member file in Chromium: tests/web/data.test.mjs. No browser here: the file is among the
// browser tests because files.js needs the npm packages (fflate), which web/build.sh installs
// after the WASM suites (tests/node) have run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { ingest, slices } from '../../web/src/base/files.js';

const text = (bytes) => new TextDecoder().decode(bytes);

async function collect(blob, options) {
  const pieces = [];
  for await (const p of slices(blob, options)) pieces.push(p);
  return pieces;
}

test('slices: every byte once, in order, in pieces of the size asked', async () => {
  const blob = new Blob(['0123456789']);
  // 10 bytes in pieces of 4: 4 + 4 + 2, whatever the number of reads ahead
  for (const ahead of [0, 1, 5]) {
    const pieces = await collect(blob, { size: 4, ahead });
    assert.deepEqual(pieces.map((p) => p.length), [4, 4, 2], `ahead ${ahead}`);
    assert.equal(pieces.map(text).join(''), '0123456789', `ahead ${ahead}`);
  }
  assert.deepEqual(await collect(new Blob([]), { size: 4 }), []);
  // a size that divides the blob: no empty last piece
  assert.deepEqual((await collect(new Blob(['abcdefgh']), { size: 4 })).map(text), ['abcd', 'efgh']);
});

/** A worker that keeps the bytes fed to each slot, and which slots were aborted or finished. */
function fakeWorker() {
  const slots = new Map();
  const client = {
    generation: 1,
    async request(action, payload, { onProgress } = {}) {
      const s = slots.get(payload.slot);
      if (action === 'begin') slots.set(payload.slot, { kind: payload.kind, hint: payload.bytes, bytes: [], state: 'open' });
      else if (action === 'feed') s.bytes.push(new Uint8Array(payload.chunk));
      else if (action === 'readFile') {
        let n = 0;
        for await (const p of slices(payload.blob)) {
          s.bytes.push(p);
          if (onProgress) onProgress((n += p.length));
        }
      } else if (action === 'finish') {
        s.state = 'finished';
        return { text: s.bytes.map(text).join('') };
      } else if (action === 'abort') s.state = 'aborted';
      return true;
    },
  };
  return { client, slots };
}

const source = (name, bytes) => ({ name, size: bytes.length, blob: new Blob([bytes]), embedded: false });

test('ingest: a plain file is read by the worker, whole', async () => {
  const { client, slots } = fakeWorker();
  let progress = 0;
  const info = await ingest(client, 'qrels', source('q.txt', Buffer.from('1 0 a 1\n1 0 b 0\n')), { onBytes: (n) => { progress = n; } });
  assert.equal(info.text, '1 0 a 1\n1 0 b 0\n');
  assert.deepEqual([...slots.values()].map((s) => s.state), ['finished']);
  assert.equal(progress, 16); // 2 lines of 8 bytes
  // the file's size, the qrels reader's sizing hint (worker 'begin' -> qrelsReader's bytes)
  assert.deepEqual([...slots.values()].map((s) => s.hint), [16]);
});

test('ingest: a multi-member gzip file the browser refuses is read again with fflate, every member', async () => {
  const members = Buffer.concat([gzipSync('1 Q0 a 1 2 t\n'), gzipSync('1 Q0 b 2 1 t\n')]);
  const Native = globalThis.DecompressionStream;
  let refused = 0;
  // Chromium's DecompressionStream: the first member's bytes, then a TypeError at the second.
  globalThis.DecompressionStream = class {
    constructor() {
      const inner = new Native('gzip');
      const reader = inner.readable.getReader();
      let sent = false;
      this.writable = inner.writable;
      this.readable = new ReadableStream({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          if (sent) {
            refused++;
            return controller.error(new TypeError('Junk found after end of compressed data.'));
          }
          sent = true;
          controller.enqueue(value.subarray(0, 13)); // the first member's one line
          if (value.length > 13) {
            refused++;
            controller.error(new TypeError('Junk found after end of compressed data.'));
          }
        },
      });
    }
  };
  try {
    const { client, slots } = fakeWorker();
    const info = await ingest(client, 'run', source('r.gz', members));
    assert.equal(refused, 1);
    assert.equal(info.text, '1 Q0 a 1 2 t\n1 Q0 b 2 1 t\n');
    // the refused read's reader was aborted; the second reader has the whole file
    assert.deepEqual([...slots.values()].map((s) => s.state), ['aborted', 'finished']);
  } finally {
    globalThis.DecompressionStream = Native;
  }
});

test('ingest: a one-member gzip file is gunzipped by DecompressionStream, once', async () => {
  const { client, slots } = fakeWorker();
  const info = await ingest(client, 'run', source('r.gz', gzipSync('1 Q0 a 1 2 t\n')));
  assert.equal(info.text, '1 Q0 a 1 2 t\n');
  assert.deepEqual([...slots.values()].map((s) => s.state), ['finished']);
  // a gzip file's size is not its text's: no sizing hint
  assert.deepEqual([...slots.values()].map((s) => s.hint), [0]);
});

test('ingest: a bad gzip file: fflate says what is wrong, naming the file', async () => {
  const { client } = fakeWorker();
  const bad = Buffer.concat([gzipSync('1 Q0 a 1 2 t\n').subarray(0, 10), Buffer.from('not gzip at all')]);
  await assert.rejects(ingest(client, 'run', source('bad.gz', bad)), (e) => e.name === 'InputError' && e.file === 'bad.gz' && /^not a valid gzip file/.test(e.message));
});
