// The worker's file reader on a thread of its own (web/src/worker/read-thread.js): the bytes come
// whole and in order, at most `ahead` + 1 slices are read beyond the one being parsed, a read's
// error comes through with its name, and where no reader can start (no Worker, a refusal) or the
// reader dies, the worker reads (the rest) itself. The reader's own source (READER) runs here in a
// node:vm context behind a fake Worker that passes messages asynchronously, as a browser does.
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import { READER, readThread } from '../../web/src/worker/read-thread.js';

const later = (f) => setImmediate(f);
const started = [];

/** A Worker running READER in a vm context; `die` (a slice count) fires onerror after that many slices. */
class FakeWorker {
  constructor() {
    this.posted = 0;
    this.terminated = false;
    this.context = vm.createContext({
      postMessage: (data) => {
        if (this.terminated) return;
        this.posted++;
        if (FakeWorker.die !== undefined && this.posted > FakeWorker.die) {
          later(() => this.onerror && this.onerror({ message: 'gone', preventDefault() {} }));
          return;
        }
        later(() => !this.terminated && this.onmessage({ data }));
      },
    });
    vm.runInContext(READER, this.context);
    started.push(this);
  }
  postMessage(data) {
    later(() => !this.terminated && this.context.onmessage({ data }));
  }
  terminate() {
    this.terminated = true;
  }
}

const saved = globalThis.Worker;
afterEach(() => {
  globalThis.Worker = saved;
  FakeWorker.die = undefined;
  started.length = 0;
});

const bytesOf = (n) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + (i >> 8)) & 255);

async function readAll(blob, options) {
  const parts = [];
  for await (const b of readThread(blob, options)) parts.push(b);
  return parts;
}

const joined = (parts) => Buffer.concat(parts.map((p) => Buffer.from(p)));

test('a file of several slices comes whole, in order, in slices of the size asked, read by one reader', async () => {
  globalThis.Worker = FakeWorker;
  const data = bytesOf(10_500);
  const parts = await readAll(new Blob([data]), { size: 1000, ahead: 2 });
  assert.deepEqual(parts.map((p) => p.length), [...Array(10).fill(1000), 500]);
  assert.ok(joined(parts).equals(Buffer.from(data)));
  assert.equal(started.length, 1);
  assert.equal(started[0].terminated, true);
});

test('a file of one slice or less is read without a reader', async () => {
  globalThis.Worker = FakeWorker;
  const data = bytesOf(1000);
  const parts = await readAll(new Blob([data]), { size: 1000, ahead: 2 });
  assert.ok(joined(parts).equals(Buffer.from(data)));
  assert.equal(started.length, 0);
});

test('the reader reads at most ahead + 1 slices beyond the one being parsed', async () => {
  globalThis.Worker = FakeWorker;
  const it = readThread(new Blob([bytesOf(20_000)]), { size: 1000, ahead: 2 });
  assert.equal((await it.next()).value.length, 1000);
  for (let i = 0; i < 50; i++) await new Promise(later); // the reader may read on meanwhile
  // the one taken, then (ahead + 1) beyond it: one acknowledged, so 1 + 3 posted at most
  assert.equal(started[0].posted, 4);
  await it.return();
  assert.equal(started[0].terminated, true, 'stopping early ends the reader');
});

test("a read's error comes through with its name after the slices before it", async () => {
  globalThis.Worker = FakeWorker;
  const blob = new Blob([bytesOf(5000)]);
  const failing = {
    size: blob.size,
    slice(from, to) {
      if (from >= 2000) return { arrayBuffer: () => Promise.reject(Object.assign(new Error('the file changed'), { name: 'NotReadableError' })) };
      return blob.slice(from, to);
    },
  };
  const got = [];
  await assert.rejects(
    (async () => {
      for await (const b of readThread(failing, { size: 1000, ahead: 1 })) got.push(b.length);
    })(),
    { name: 'NotReadableError', message: 'the file changed' },
  );
  assert.deepEqual(got, [1000, 1000]);
});

test('without Worker, or when starting one is refused, the worker reads the file itself', async () => {
  const data = bytesOf(7777);
  globalThis.Worker = undefined;
  assert.ok(joined(await readAll(new Blob([data]), { size: 1000, ahead: 1 })).equals(Buffer.from(data)));
  globalThis.Worker = class {
    constructor() {
      throw Object.assign(new Error('refused by the policy'), { name: 'SecurityError' });
    }
  };
  assert.ok(joined(await readAll(new Blob([data]), { size: 1000, ahead: 1 })).equals(Buffer.from(data)));
});

test('when the reader dies after some slices, the rest is read here: the bytes still come whole and in order', async () => {
  globalThis.Worker = FakeWorker;
  FakeWorker.die = 3;
  const data = bytesOf(9_999);
  const parts = await readAll(new Blob([data]), { size: 1000, ahead: 3 });
  assert.ok(joined(parts).equals(Buffer.from(data)));
  assert.equal(started.length, 1);
});
