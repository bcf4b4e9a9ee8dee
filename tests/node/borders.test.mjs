// Issue 23, "reliability at the borders", through the JS API: a byte-order mark is stripped by
// checkRun as by the readers, a run format is never guessed without evidence (runFormat / format),
// scores beyond a double's range are refused, and a file error names its file. The CLI side is
// tests/cli/borders.sh.
// Run: IRLENS_DIST=build-wasm/dist node --test tests/node/borders.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';

const dist = resolve(process.env.IRLENS_DIST || 'build-wasm/dist');
const { createIrlens, loadRunFile, loadQrelsFile } = await import(join(dist, 'node.mjs'));
const irlens = await createIrlens();

const QRELS = '1 0 a 1\n1 0 b 0\n1 0 c 1\n2 0 d 1\n2 0 e 1\n';
const RUN = '1 Q0 a 1 3 t\n1 Q0 b 2 2 t\n1 Q0 c 3 1 t\n2 Q0 e 1 2 t\n2 Q0 x 2 1 t\n';

test('checkRun strips a byte-order mark (before: a phantom topic "\\uFEFF1" and a false warning)', () => {
  const q = irlens.loadQrels(QRELS);
  const plain = irlens.checkRun(RUN, { name: 'run.txt', qrels: q, topics: ['1', '2'] });
  const bom = irlens.checkRun('\uFEFF' + RUN, { name: 'run.txt', qrels: q, topics: ['1', '2'] });
  assert.equal(plain.files[0].topics, 2);
  assert.deepEqual(bom.files[0].findings, plain.files[0].findings);
  assert.equal(bom.files[0].topics, 2);
  assert.equal(bom.files[0].errors, 0);
  assert.equal(bom.files[0].warnings, plain.files[0].warnings);
});

// Three columns with integer scores, best first: read as MS MARCO ranks this run was upside down.
const SCORES = '1 a 1\n1 b 3\n1 c 2\n2 e 2\n2 x 1\n'; // ascending scores of topic 1 look like ranks until line 3
const MSMARCO = '1 a 1\n1 b 2\n1 c 3\n2 e 1\n2 x 2\n';

test('three columns are read as MS MARCO ranks only with their evidence; the error says what decided', () => {
  const q = irlens.loadQrels(QRELS);
  assert.throws(() => irlens.loadRun(q, SCORES, { name: 'scores.tsv' }), (e) =>
    e.name === 'InputError' && e.line === 3 && /the third column is not a rank: 2 after 3 in topic 1/.test(e.message) &&
    /read as an MS MARCO run \(qid pid rank\) because its first content line, line 1, has 3 columns/.test(e.message));
  // Topic 1 starting at rank 3 is no rank either.
  assert.throws(() => irlens.loadRun(q, '1 a 3\n1 b 4\n', { name: 'r' }), /topic 1 starts at 3/);
  // With the evidence: read, and the run's warnings say which reader and why.
  const run = irlens.loadRun(q, MSMARCO, { name: 'ms' });
  assert.ok(run.info.warnings.includes('ms: read as an MS MARCO run (line 1 has 3 columns, and the ranks start at 1 and increase within each topic)'),
    JSON.stringify(run.info.warnings));
  // Given, nothing is guessed: the same ranks read as MS MARCO with "given" as the reason.
  const given = irlens.loadRun(q, MSMARCO, { name: 'ms', format: 'msmarco' });
  assert.ok(given.info.warnings.includes('ms: read as an MS MARCO run (given)'));
  const te = (r) => irlens.evaluate(q, [r], ['AP']).runs[r.name].mean.AP;
  assert.equal(te(given), te(run));
  // A TREC run read as TREC has no such warning.
  assert.deepEqual(irlens.loadRun(q, RUN).info.warnings, []);
  // format 'trec' refuses the three columns as TREC does, and a JSON format must be JSON.
  assert.throws(() => irlens.loadRun(q, MSMARCO, { format: 'trec' }), /expected 6 columns/);
  assert.throws(() => irlens.loadRun(q, RUN, { format: 'json' }), /expected '\{'/);
  assert.throws(() => irlens.runReader(q, 'r', { format: 'tsv' }), TypeError);
});

test('a malformed TREC run whose first line decided the format says so (before: blamed line 2, a good line)', () => {
  const q = irlens.loadQrels(QRELS);
  // The first line lost three columns and reads as 'topic 1, document Q0, rank 1'.
  assert.throws(() => irlens.loadRun(q, '1 Q0 1\n' + RUN, { name: 'broken' }), (e) =>
    e.line === 2 && /expected 3 columns \(qid pid rank\), found more; the file was read as an MS MARCO run/.test(e.message));
});

test('scores beyond a double\'s range are refused in TREC and JSON runs (before: all infinity, tied, reordered)', () => {
  const q = irlens.loadQrels(QRELS);
  assert.throws(() => irlens.loadRun(q, '1 Q0 a 1 1e400 t\n1 Q0 b 2 1e401 t\n', { name: 'big' }),
    (e) => e.line === 1 && /score '1e400' is beyond a double's range/.test(e.message));
  assert.throws(() => irlens.loadRun(q, '{"1": {"a": 1e400, "b": 1e401}}', { name: 'big.json' }),
    (e) => e.line === 1 && /score 1e400 of "a" is beyond a double's range/.test(e.message));
  // An explicit inf is read as trec_eval reads it, in its place.
  const run = irlens.loadRun(q, '1 Q0 a 1 inf t\n1 Q0 b 2 1 t\n');
  assert.equal(irlens.evaluate(q, [run], ['P@1']).runs.run.mean['P@1'], 0.5); // topic 1: a relevant at 1; topic 2: nothing
});

test('a directory given as a file names the file (before: "EISDIR: illegal operation on a directory, read")', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'irlens-borders-'));
  try {
    mkdirSync(join(dir, 'runs'));
    const q = irlens.loadQrels(QRELS);
    await assert.rejects(loadRunFile(irlens, q, join(dir, 'runs')), (e) =>
      e.message.startsWith(join(dir, 'runs') + ': cannot read: ') && e.code === 'EISDIR' && e.file === join(dir, 'runs'));
    await assert.rejects(loadQrelsFile(irlens, join(dir, 'missing.txt')), (e) =>
      e.message.startsWith(join(dir, 'missing.txt') + ': cannot read: ') && e.code === 'ENOENT');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
