// Issue 13, "every input bounded and explained", through the JS API (the page uses the same core
// readers through WASM): long lines stop reading at once, a byte-order mark never changes a
// number, parameters are checked against their ranges, counts are capped, one missing-topic
// default. The CLI side is tests/cli/reliability.sh.
// Run: IRLENS_DIST=build-wasm/dist node --test tests/node/reliability.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';

const dist = resolve(process.env.IRLENS_DIST || 'build-wasm/dist');
const { createIrlens, loadRunFile, runName, runNames } = await import(join(dist, 'node.mjs'));
const irlens = await createIrlens();

const QRELS = '1 0 a 1\n1 0 b 0\n1 0 c 1\n2 0 d 1\n2 0 e 1\n';
const RUN = '1 Q0 a 1 3 t\n1 Q0 b 2 2 t\n1 Q0 c 3 1 t\n2 Q0 e 1 2 t\n2 Q0 x 2 1 t\n';
const TOO_LONG = 'line longer than 1 MiB (1048576 bytes; a binary file or no newlines?)';
const inputError = (file, line) => (e) => e.name === 'InputError' && e.file === file && e.line === line && e.message.includes(TOO_LONG);

test('a line longer than 1 MiB stops a streaming reader at once (before: memory grew without bound)', () => {
  const chunk = new Uint8Array(1 << 16).fill(0x61); // 64 KiB of 'a', no newline
  const q = irlens.loadQrels(QRELS);
  const r = irlens.runReader(q, 'zero.run');
  r.feed('1 Q0 a 1 3 t\n');
  // 100 chunks would be 6.4 MiB; the reader must refuse the 17th.
  assert.throws(() => { for (let i = 0; i < 100; i++) r.feed(chunk); }, inputError('zero.run', 2));
  const qr = irlens.qrelsReader('zero.qrels');
  assert.throws(() => { for (let i = 0; i < 100; i++) qr.feed(new Uint8Array(1 << 16)); }, inputError('zero.qrels', 1));
  // Side inputs, read whole: the same limit and message.
  const long = 'a\t' + ' '.repeat((1 << 20) + 1) + '1\n';
  assert.throws(() => irlens.loadDocLengths(long, { name: 'lengths.tsv' }), inputError('lengths.tsv', 1));
  assert.throws(() => irlens.loadGroups('run\tgroup\n' + long, { name: 'groups.tsv' }), inputError('groups.tsv', 2));
});

test('a UTF-8 byte-order mark is stripped: the numbers stay (before: AP changed without a word)', () => {
  const plain = irlens.evaluate(irlens.loadQrels(QRELS), [irlens.loadRun(irlens.loadQrels(QRELS), RUN)], ['AP', 'P@2']);
  const q = irlens.loadQrels('\uFEFF' + QRELS);
  const withBom = irlens.evaluate(q, [irlens.loadRun(q, '\uFEFF' + RUN)], ['AP', 'P@2']);
  assert.deepEqual(withBom.runs.run.mean, plain.runs.run.mean);
  // Topic 1: AP = (1/1 + 2/3) / 2 = 5/6; topic 2: 1/2; mean 2/3.
  assert.ok(Math.abs(plain.runs.run.mean.AP - 2 / 3) < 1e-12);
  const groups = irlens.loadGroups('\uFEFFrun,team\nrun,A\n', { name: 'board.csv' });
  assert.deepEqual(groups.byRun, { run: 'A' });
});

test('measure parameters outside their range are usage errors naming the parameter and the range', () => {
  const usage = (name, message) => assert.throws(() => irlens.parseMeasure(name), (e) => e.name === 'UsageError' && e.message.includes(message), name);
  usage('IPrec@2', 'the cutoff of IPrec must be [0, 1]');
  usage('SetF(beta=-1)', 'parameter beta of SetF must be [0, 1e+100]');
  usage('SetF(beta=1e400)', 'parameter beta of SetF must be [0, 1e+100]');
  usage('nDCG(gains={0:0,1:1e400})@10', 'parameter gains of nDCG gains must be [-1e+100, 1e+100]');
  const q = irlens.loadQrels(QRELS);
  assert.throws(() => irlens.evaluate(q, [irlens.loadRun(q, RUN)], ['RBP(p=1.5)']), (e) => e.name === 'UsageError' && /\[0, 1\)/.test(e.message));
});

test('names: defaults are not printed, aliases are one measure', () => {
  assert.equal(irlens.parseMeasure('Q').name, 'Q');
  assert.equal(irlens.parseMeasure('RBP(p=0.8)').name, 'RBP');
  assert.equal(irlens.parseMeasure('alpha-nDCG@5').name, 'alpha_nDCG@5');
  assert.deepEqual(irlens.parseMeasures('AP MAP map').map((m) => m.name), ['AP']);
  const q = irlens.loadQrels(QRELS);
  const res = irlens.evaluate(q, [irlens.loadRun(q, RUN)], ['AP', 'MAP', 'P@2']);
  assert.deepEqual(res.measures, ['AP', 'P@2']);
});

test('counts are capped; unanswered topics score 0 by default everywhere', () => {
  const q = irlens.loadQrels(QRELS);
  const a = irlens.loadRun(q, RUN, { name: 'a' });
  const b = irlens.loadRun(q, '1 Q0 c 1 3 u\n1 Q0 a 2 2 u\n', { name: 'b' }); // topic 1 only
  assert.throws(() => irlens.sampleSizeTau(q, [a, b], 'P_rareness(alpha=1)@2', { trials: 1e11 }),
    (e) => e.name === 'UsageError' && /trials must be between 1 and 10000000/.test(e.message));
  // b: P@1 = 1 on topic 1; zero (the default): (1 + 0) / 2; skip: 1.
  assert.equal(irlens.evaluate(q, [b], ['P@1']).runs.b.mean['P@1'], 0.5);
  assert.equal(irlens.evaluate(q, [b], ['P@1'], { missing: 'skip' }).runs.b.mean['P@1'], 1);
  // unique: b alone has c in its top 2 in topic 1 (a has it at rank 3): total 1, mean 1/2 or 1/1.
  const row = (u) => u.rows.find((r) => r.scope === 'run' && r.name === 'b');
  assert.equal(row(irlens.uniqueContributions(q, [a, b], { depth: 2 })).mean, 0.5);
  const skip = irlens.uniqueContributions(q, [a, b], { depth: 2, missing: 'skip' });
  assert.equal(row(skip).mean, 1);
  assert.equal(skip.missing, 'skip');
});

test('the readers warn of a byte-order mark and of the first line with invalid UTF-8, once per file (before: only evaluate, for a run)', () => {
  const bytes = (text) => Uint8Array.from(text, (c) => c.charCodeAt(0));
  // Invalid bytes only in the qrels (e<FF> on line 6, f<FF> on line 7: one warning, line 6).
  const q = irlens.loadQrels(bytes('\xef\xbb\xbf' + QRELS + '2 0 e\xff 1\n2 0 f\xff 1\n'), { name: 'q.txt' });
  assert.deepEqual(q.info.warnings, [
    'q.txt starts with a UTF-8 byte-order mark; it was ignored',
    "q.txt:6: invalid UTF-8 (the file's first such line); outputs show U+FFFD for each invalid byte sequence",
  ]);
  // A run whose tag only is invalid (line 2), read in chunks that cut the sequence.
  const r = irlens.runReader(q, 'r.run');
  for (const part of ['1 Q0 a 1 3 t\n1 Q0 b 2 2 bm\xc3', '(tag\n1 Q0 c 3 1 bm\xc3(tag\n']) r.feed(bytes(part));
  const run = r.finish();
  assert.deepEqual(run.info.warnings, ["r.run:2: invalid UTF-8 (the file's first such line); outputs show U+FFFD for each invalid byte sequence"]);
  assert.equal(run.tag, 'bm\ufffd(tag');
  assert.deepEqual(irlens.loadRun(q, RUN).info.warnings, []);
});

test('run names from file names: without .gz, then .txt or .tsv, never two runs of one name (before: "bm25.txt.gz")', async () => {
  assert.deepEqual(['bm25.txt.gz', 'runs/dense.tsv', 'hybrid.run', 'a.trec.gz', '.txt', 'x.txt.txt'].map(runName),
    ['bm25', 'dense', 'hybrid.run', 'a.trec', '.txt', 'x.txt']);
  assert.deepEqual(runNames(['a/bm25.txt.gz', 'b/dense.run']), { names: ['bm25', 'dense.run'], warnings: [] });
  // bm25.txt.gz and bm25.txt would both be bm25: their file names; then two bm25.txt: their paths.
  const { names, warnings } = runNames(['bm25.txt.gz', 'a/bm25.txt', 'b/bm25.txt']);
  assert.deepEqual(names, ['bm25.txt.gz', 'a/bm25.txt', 'b/bm25.txt']);
  assert.deepEqual(warnings, [
    "the runs bm25.txt.gz, a/bm25.txt, b/bm25.txt would share the name 'bm25': named by their file names (or paths) instead",
    "the runs a/bm25.txt, b/bm25.txt would share the name 'bm25.txt': named by their file names (or paths) instead",
  ]);
  // loadRunFile names a run so by default.
  const dir = mkdtempSync(join(tmpdir(), 'irlens-names-'));
  try {
    writeFileSync(join(dir, 'bm25.txt.gz'), gzipSync(RUN));
    const run = await loadRunFile(irlens, irlens.loadQrels(QRELS), join(dir, 'bm25.txt.gz'));
    assert.equal(run.name, 'bm25');
  } finally {
    rmSync(dir, { recursive: true });
  }
});
