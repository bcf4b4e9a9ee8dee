// Issue 13 in the page (the CLI: tests/cli/reliability.sh; the JS API: tests/node/reliability.test.mjs):
// a line over 1 MiB and a file without newlines get a message naming the file and the tab goes on;
// invalid UTF-8 shows as U+FFFD with a warning naming file and line; a byte-order mark changes no
// number and gets a warning; a measure parameter out of range gets the registry's message; one
// missing-topic default with the CLI, stated beside the table; run names without .txt/.gz, never two
// runs of one name. (CSV injection in the exports: data.test.mjs.) Controls by accessible name.
// Run: web/build.sh && node --test tests/web/reliability.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, browserSession, tableTexts, nativeEval, afterRender } from './harness.mjs';

const EX = join(ROOT, 'examples');
const tmp = mkdtempSync(join(tmpdir(), 'irlens-web-reliability-'));
const session = browserSession();
const runFiles = (page) => page.getByLabel('Run files');
const qrelsFile = (page) => page.getByLabel('Qrels file');
const problems = (page) => page.$$eval('#errors li', (lis) => lis.map((li) => li.textContent));
const warnings = (page) => page.$$eval('#view details.warnings li', (lis) => lis.map((li) => li.textContent));
const LONG = 'line longer than 1 MiB (1048576 bytes; a binary file or no newlines?)';

test('a line over 1 MiB, a file without newlines: a message naming the file and line; the tab goes on', async () => {
  const page = await session.open();
  const noNewlines = join(tmp, 'no-newlines.run');
  writeFileSync(noNewlines, 'a'.repeat(3 << 20)); // 3 MiB, no newline
  const longLine = join(tmp, 'long-line.run');
  writeFileSync(longLine, `101 Q0 d01 1 2.0 t\n101 Q0 d02 2 1.0 ${'x'.repeat((1 << 20) + 10)}\n`);
  await afterRender(page, () => qrelsFile(page).setInputFiles(join(EX, 'qrels.txt')));
  await afterRender(page, () => runFiles(page).setInputFiles([join(EX, 'bm25.run'), noNewlines, longLine]));
  assert.deepEqual(await problems(page), [`no-newlines.run, line 1: ${LONG}`, `long-line.run, line 2: ${LONG}`]);
  // The page still works: bm25.run is in the table, and a new measure evaluates.
  assert.deepEqual(Object.keys(await tableTexts(page)), ['bm25.run']);
  await afterRender(page, async () => {
    await page.getByLabel(/^Measures \(e\.g\./).fill('P@5');
    await page.getByLabel(/^Measures \(e\.g\./).press('Enter');
  });
  assert.deepEqual(await tableTexts(page), { 'bm25.run': { 'P@5': '0.4000' } });
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('invalid UTF-8 in a run tag shows as U+FFFD, with a warning naming the file and line', async () => {
  const page = await session.open();
  const tagged = join(tmp, 'tagged.txt'); // named "tagged": the warning still names the file
  const lines = readFileSync(join(EX, 'bm25.run'), 'latin1').split('\n').filter(Boolean);
  const bytes = lines.map((l, i) => (i === 1 ? l.replace(/\S+$/, 'bm\xc3(tag') : l)).join('\n') + '\n';
  writeFileSync(tagged, Buffer.from(bytes, 'latin1'));
  await afterRender(page, () => qrelsFile(page).setInputFiles(join(EX, 'qrels.txt')));
  await afterRender(page, () => runFiles(page).setInputFiles(tagged));
  // The tag of the last line read (trec_eval's), which is the last line's tag: bm25's own; the
  // invalid one is line 2's, so the file's first invalid line is 2.
  assert.ok((await warnings(page)).includes("tagged.txt:2: invalid UTF-8 (the file's first such line); outputs show U+FFFD for each invalid byte sequence"),
    (await warnings(page)).join('\n'));
  // A run tagged so on every line shows the tag with U+FFFD (before: "bmètag"-like bytes as Latin-1).
  const all = join(tmp, 'all-tagged.run');
  writeFileSync(all, Buffer.from(lines.map((l) => l.replace(/\S+$/, 'bm\xc3(tag')).join('\n') + '\n', 'latin1'));
  await afterRender(page, () => runFiles(page).setInputFiles(all));
  assert.match(await page.textContent('#results tr[data-run="all-tagged.run"] th'), /bm\ufffd\(tag/);
  assert.ok((await warnings(page)).some((w) => w.startsWith('all-tagged.run:1: invalid UTF-8')));
  await page.close();
});

test('qrels with a byte-order mark: the same numbers as without, and a warning', async () => {
  const page = await session.open();
  const bom = join(tmp, 'qrels-bom.txt');
  writeFileSync(bom, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(join(EX, 'qrels.txt'))]));
  await afterRender(page, () => qrelsFile(page).setInputFiles(join(EX, 'qrels.txt')));
  await afterRender(page, () => runFiles(page).setInputFiles([join(EX, 'bm25.run'), join(EX, 'dense.run')]));
  const plain = await tableTexts(page);
  assert.deepEqual(await warnings(page), []);
  await afterRender(page, () => qrelsFile(page).setInputFiles(bom));
  assert.deepEqual(await tableTexts(page), plain);
  assert.deepEqual(await warnings(page), ['qrels-bom.txt starts with a UTF-8 byte-order mark; it was ignored']);
  await page.close();
});

test('a measure parameter out of its range, typed in the measure field: the registry\'s message', async () => {
  const page = await session.open();
  const field = page.getByLabel(/^Measures \(e\.g\./);
  await field.fill('P@5 IPrec@2');
  await field.press('Enter');
  await page.waitForFunction(() => document.querySelector('#measure-error').textContent !== '');
  assert.equal(await page.textContent('#measure-error'), "measure 'IPrec@2': the cutoff of IPrec must be [0, 1], got '2'");
  assert.equal(await field.getAttribute('aria-invalid'), 'true');
  await field.fill('SetF(beta=-1)');
  await field.press('Enter');
  await page.waitForFunction(() => /SetF/.test(document.querySelector('#measure-error').textContent));
  assert.match(await page.textContent('#measure-error'), /parameter beta of SetF must be \[0, 1e\+100\], got '-1'$/);
  await page.close();
});

test('unanswered topics score 0 by default, as in the CLI, and the page says so beside the table', async () => {
  const page = await session.open();
  // A run that answers topic 101 only: P@5 = 2/5 there (its top 5: d01 (2), d03 (0), d02 (1), d09
  // (unjudged), d05 (0)), 0 for the other two topics: 0.4 / 3 = 0.1333 (skip: 0.4000).
  const partial = join(tmp, 'partial.run');
  writeFileSync(partial, readFileSync(join(EX, 'bm25.run'), 'utf8').split('\n').filter((l) => l.startsWith('101 ')).join('\n') + '\n');
  await afterRender(page, () => qrelsFile(page).setInputFiles(join(EX, 'qrels.txt')));
  await afterRender(page, () => runFiles(page).setInputFiles(partial));
  assert.equal(await page.getByLabel('Unanswered topics').inputValue(), 'zero');
  assert.match(await page.textContent('#results caption'), /^Mean over all qrels topics \(unanswered = 0\)/);
  const native = nativeEval(join(EX, 'qrels.txt'), [partial], 'P@5');
  const shown = await tableTexts(page);
  assert.equal(shown['partial.run']['P@5'], native.runs['partial.run'].mean['P@5'].toFixed(4));
  assert.equal(shown['partial.run']['P@5'], '0.1333');
  assert.equal(native.missing, 'zero');
  await afterRender(page, () => page.getByLabel('Unanswered topics').selectOption('skip'));
  assert.match(await page.textContent('#results caption'), /^Mean over the topics each run answered/);
  assert.equal((await tableTexts(page))['partial.run']['P@5'], '0.4000');
  await page.close();
});

test('run names: the file name without .gz, .txt or .tsv, as in the CLI; two runs never share a name', async () => {
  const page = await session.open();
  const run = readFileSync(join(EX, 'bm25.run'));
  writeFileSync(join(tmp, 'bm25.txt.gz'), gzipSync(run));
  writeFileSync(join(tmp, 'dense.tsv'), readFileSync(join(EX, 'dense.run')));
  writeFileSync(join(tmp, 'same.txt'), run);
  writeFileSync(join(tmp, 'same.tsv'), readFileSync(join(EX, 'dense.run')));
  await afterRender(page, () => qrelsFile(page).setInputFiles(join(EX, 'qrels.txt')));
  await afterRender(page, () => runFiles(page).setInputFiles([join(tmp, 'bm25.txt.gz'), join(tmp, 'dense.tsv'), join(EX, 'hybrid.run')]));
  const native = nativeEval(join(EX, 'qrels.txt'), [join(tmp, 'bm25.txt.gz'), join(tmp, 'dense.tsv'), join(EX, 'hybrid.run')], 'P@5');
  assert.deepEqual(Object.keys(await tableTexts(page)).sort(), Object.keys(native.runs).sort());
  assert.deepEqual(Object.keys(native.runs).sort(), ['bm25', 'dense', 'hybrid.run']);
  // same.txt and same.tsv would both be "same": they keep their file names, and the page says so.
  await afterRender(page, () => runFiles(page).setInputFiles([join(tmp, 'same.txt'), join(tmp, 'same.tsv')]));
  assert.deepEqual(Object.keys(await tableTexts(page)).sort(), ['bm25', 'dense', 'hybrid.run', 'same.tsv', 'same.txt']);
  assert.ok((await warnings(page)).some((w) => /the runs same\.txt, same\.tsv would share the name 'same'/.test(w)), (await warnings(page)).join('\n'));
  // bm25.txt chosen later would be "bm25", the name of the run read from bm25.txt.gz: it keeps its file name.
  writeFileSync(join(tmp, 'bm25.txt'), run);
  await afterRender(page, () => runFiles(page).setInputFiles(join(tmp, 'bm25.txt')));
  assert.ok(Object.keys(await tableTexts(page)).includes('bm25.txt'));
  assert.ok((await warnings(page)).includes("bm25.txt: named 'bm25.txt', since 'bm25' is the run read from bm25.txt.gz"));
  await page.close();
});
