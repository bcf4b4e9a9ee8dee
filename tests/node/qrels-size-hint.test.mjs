// The qrels reader's size hint in the JS API (qrelsReader(name, {format, bytes}), wasm/api.mjs;
// node's loadQrelsFile gives a plain file's size): only the judgments' storage depends on it, never
// the index or a message; a hint that is not a number of bytes is refused before it reaches C++.
// Run: IRLENS_DIST=build-wasm/dist node tests/node/runner.mjs node_api tests/node/qrels-size-hint.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(process.env.IRLENS_DIST || 'build-wasm/dist');
const { createIrlens, loadQrelsFile } = await import(join(dist, 'node.mjs'));
const irlens = await createIrlens();

// 8 topics x 60000 judgments (7.2 MB, over the reader's 4 MiB blocks: the storage is reserved
// after the first), rel (i + t) % 3.
let text = '';
for (let t = 1; t <= 8; ++t) for (let i = 1; i <= 60000; ++i) text += `${t} 0 doc${i} ${(i + t) % 3}\n`;
const bytes = new TextEncoder().encode(text);
// line 60000 + 50000 ("2 0 doc50000 ...") made a repeat of line 60007 ("2 0 doc7 ...")
const dup = new TextEncoder().encode(text.replace('2 0 doc50000 ', '2 0 doc7 '));

function read(data, hint) {
  const reader = irlens.qrelsReader('h.txt', { bytes: hint });
  for (let p = 0; p < data.length; p += 1 << 20) reader.feed(data.subarray(p, p + (1 << 20)));
  return reader.finish();
}

// What the index says: topics, judgments, and P@3 of a run that retrieves doc59999..doc59997 per topic.
function summary(qrels) {
  let run = '';
  for (let t = 1; t <= 8; ++t) for (let r = 1; r <= 3; ++r) run += `${t} Q0 doc${60000 - r} ${r} ${10 - r} x\n`;
  const result = irlens.evaluate(qrels, [irlens.loadRun(qrels, run, { name: 'r' })], ['P@3', 'NumRel']);
  return { topics: qrels.info.topics.length, judgments: qrels.info.judgments, mean: result.runs.r.mean };
}

test('qrelsReader: the index and the errors are the same whatever the size hint', () => {
  const want = summary(read(bytes, 0));
  // topic t: docs 59999, 59998, 59997 have rel (i + t) % 3, one of each of 0, 1, 2: P@3 = 2/3;
  // NumRel (a count: summed over the topics): 40000 of each topic's 60000 have rel 1 or 2, 8 x 40000
  assert.equal(want.topics, 8);
  assert.equal(want.judgments, 480000);
  assert.equal(want.mean['P@3'], 2 / 3);
  assert.equal(want.mean.NumRel, 320000);
  // 2 ** 34: about 1.1e9 judgments, above what a 32-bit vector can hold (WASM); 2 ** 40: above 2^32
  for (const hint of [1, bytes.length, bytes.length * 8, 2 ** 34, 2 ** 40]) {
    assert.deepEqual(summary(read(bytes, hint)), want, `hint ${hint}`);
    assert.throws(() => read(dup, hint), {
      name: 'InputError',
      message: "h.txt:110000: duplicate judgment of document 'doc7' for topic '2' (first at line 60007)",
    }, `hint ${hint}`);
  }
});

test('qrelsReader: a size hint that is not a number of bytes is refused', () => {
  for (const hint of [-1, NaN, Infinity, '100', null, 10n])
    assert.throws(() => irlens.qrelsReader('h.txt', { bytes: hint }), { name: 'TypeError', message: /^qrelsReader: bytes must be a number of bytes/ }, String(hint));
});

test('loadQrelsFile: plain and gzip files read as the bytes themselves', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'irlens-hint-'));
  try {
    writeFileSync(join(dir, 'q.txt'), bytes);
    writeFileSync(join(dir, 'q.txt.gz'), gzipSync(bytes));
    const want = summary(read(bytes, 0));
    assert.deepEqual(summary(await loadQrelsFile(irlens, join(dir, 'q.txt'))), want);
    assert.deepEqual(summary(await loadQrelsFile(irlens, join(dir, 'q.txt.gz'))), want);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
