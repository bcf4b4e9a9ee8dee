// How the page reads a file into its worker (web/src/base/files.js, issue 42): slices() gives a
// File's bytes in order in File.slice pieces, several reads under way; ingest() reads a plain file
// in those pieces and feeds each to the worker (transferred), a bounded number unanswered, and
// gunzips a gzip file with the browser's DecompressionStream, reading
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
    async request(action, payload) {
      const s = slots.get(payload.slot);
      if (action === 'begin') slots.set(payload.slot, { kind: payload.kind, bytes: [], state: 'open' });
      else if (action === 'feed') s.bytes.push(new Uint8Array(payload.chunk));
      else if (action === 'finish') {
        s.state = 'finished';
        return { text: s.bytes.map(text).join('') };
      } else if (action === 'abort') s.state = 'aborted';
      return true;
    },
  };
  return { client, slots };
}

const source = (name, bytes) => ({ name, size: bytes.length, blob: new Blob([bytes]), embedded: false });

test('ingest: a plain file is fed to the worker, whole', async () => {
  const { client, slots } = fakeWorker();
  let progress = 0;
  const info = await ingest(client, 'qrels', source('q.txt', Buffer.from('1 0 a 1\n1 0 b 0\n')), { onBytes: (n) => { progress = n; } });
  assert.equal(info.text, '1 0 a 1\n1 0 b 0\n');
  assert.deepEqual([...slots.values()].map((s) => s.state), ['finished']);
  assert.equal(progress, 16); // 2 lines of 8 bytes
});

/** 8 MB pieces (files.js SLICE) of a file of `bytes` bytes: byte i is i % 251, so that a piece out of place shows. */
const numbered = (bytes) => Uint8Array.from({ length: bytes }, (_, i) => i % 251);
const MB8 = 8 << 20;

test('ingest: a plain file larger than a piece: every byte once, in order, in 8 MB feeds, at most two unanswered', async () => {
  const bytes = numbered(2 * MB8 + 3 * MB8 / 4); // 22 MB: pieces of 8 + 8 + 6 MB
  const fed = [];
  let unanswered = 0, most = 0;
  const answers = []; // the feeds' answers, given one at a time after a pause (a worker parsing)
  const client = {
    generation: 1,
    request(action, payload) {
      if (action === 'feed') {
        fed.push(new Uint8Array(payload.chunk));
        most = Math.max(most, ++unanswered);
        return new Promise((resolve) => answers.push(() => { unanswered--; resolve(true); }));
      }
      return Promise.resolve(action === 'finish' ? { n: fed.reduce((s, p) => s + p.length, 0) } : true);
    },
  };
  const answering = setInterval(() => { if (answers.length) answers.shift()(); }, 5);
  const progress = [];
  try {
    const info = await ingest(client, 'run', source('r.txt', bytes), { onBytes: (n) => progress.push(n) });
    assert.equal(info.n, bytes.length);
  } finally {
    clearInterval(answering);
  }
  assert.deepEqual(fed.map((p) => p.length), [MB8, MB8, 3 * MB8 / 4]);
  assert.ok(fed.every((p, k) => p.every((b, i) => b === (k * MB8 + i) % 251)), 'the bytes, in order');
  // one feed being parsed and one sent ahead (files.js FEEDS_AHEAD): the third is sent once the first is answered
  assert.equal(most, 2);
  assert.deepEqual(progress, [MB8, 2 * MB8, bytes.length]); // the bytes the worker has taken
});

test('ingest: a feed that fails stops the reading; its error is the one thrown, not a later feed\'s', async () => {
  const bytes = numbered(3 * MB8);
  const actions = [];
  let feeds = 0;
  const client = {
    generation: 1,
    async request(action) {
      actions.push(action);
      if (action !== 'feed') return true;
      const k = ++feeds;
      await new Promise((r) => setTimeout(r, 20));
      // the first feed holds a bad line; the worker then drops the reader: later feeds find none
      if (k === 1) throw Object.assign(new Error('expected 4 columns'), { name: 'InputError', file: 'q.txt', line: 7 });
      throw new Error('no reader 1');
    },
  };
  await assert.rejects(ingest(client, 'qrels', source('q.txt', bytes)), (e) => e.name === 'InputError' && e.line === 7);
  // the first feed and the one sent ahead; no third, no finish; the reader aborted
  assert.deepEqual(actions.filter((a) => a !== 'abort'), ['begin', 'feed', 'feed']);
  assert.ok(actions.includes('abort'));
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
});

test('ingest: a bad gzip file: fflate says what is wrong, naming the file', async () => {
  const { client } = fakeWorker();
  const bad = Buffer.concat([gzipSync('1 Q0 a 1 2 t\n').subarray(0, 10), Buffer.from('not gzip at all')]);
  await assert.rejects(ingest(client, 'run', source('bad.gz', bad)), (e) => e.name === 'InputError' && e.file === 'bad.gz' && /^not a valid gzip file/.test(e.message));
});
