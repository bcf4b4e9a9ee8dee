// Inputs people bring, in the page (issue 16 item 10): BEIR qrels, an MS MARCO run and a ranx /
// ir_measures JSON run, chosen or dropped, give the table of the TREC files they were made from;
// dropped files are told apart by content; a JSON error names file, line and column.
// Run: web/build.sh && node --test tests/web/formats.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, browserSession, tableTexts, afterRender, shot, dropFiles } from './harness.mjs';

const EX = join(ROOT, 'examples');
const tmp = mkdtempSync(join(tmpdir(), 'irlens-web-formats-'));
const session = browserSession();
const lines = (file) => readFileSync(join(EX, file), 'utf8').split('\n').filter((l) => l.trim()).map((l) => l.trim().split(/\s+/));

// The examples in the other formats, under the same file names (in their own folder), so that the
// tables can be compared as they are: qrels.txt as BEIR TSV, bm25.run as MS MARCO (its rank
// column: the ranks follow its scores, with no ties), dense.run as JSON (its scores).
const conv = join(tmp, 'conv');
mkdirSync(conv);
writeFileSync(join(conv, 'qrels.txt'), 'query-id\tcorpus-id\tscore\n' + lines('qrels.txt').map((f) => `${f[0]}\t${f[2]}\t${f[3]}\n`).join(''));
writeFileSync(join(conv, 'bm25.run'), lines('bm25.run').map((f) => `${f[0]}\t${f[2]}\t${f[3]}\n`).join(''));
const dense = {};
for (const f of lines('dense.run')) (dense[f[0]] ||= {})[f[2]] = Number(f[4]);
writeFileSync(join(conv, 'dense.run'), JSON.stringify(dense));


async function tableOf(dir) {
  const page = await session.open();
  await afterRender(page, () => page.setInputFiles('#qrels-file', join(dir, 'qrels.txt')));
  await afterRender(page, () => page.setInputFiles('#run-files', [join(dir, 'bm25.run'), join(dir, 'dense.run')]));
  const table = await tableTexts(page);
  return { page, table };
}

test('BEIR qrels, an MS MARCO run and a JSON run chosen with the file inputs: the TREC files\' table', async () => {
  const trec = await tableOf(EX);
  await trec.page.close();
  const other = await tableOf(conv);
  assert.deepEqual(Object.keys(other.table), ['bm25.run', 'dense.run']);
  assert.deepEqual(other.table, trec.table);
  assert.match(await other.page.textContent('#file-list'), /qrels\.txt \(3 topics, 23 judgments\)[^]*bm25\.run \(tag bm25\.run, 21 lines/);
  await shot(other.page, 'formats-loaded');
  await other.page.close();
});

test('dropped BEIR, MS MARCO and JSON files are told apart by content', async () => {
  const page = await session.open();
  // The qrels' name says nothing: it is found by its BEIR header.
  const beir = join(tmp, 'judgments.tsv');
  writeFileSync(beir, readFileSync(join(conv, 'qrels.txt')));
  await afterRender(page, () => dropFiles(page, '#drop', [join(conv, 'bm25.run'), join(conv, 'dense.run'), beir]));
  const s = await page.evaluate(() => ({ qrels: window.irlensApp.state.qrels.source.name, runs: Object.keys(window.irlensApp.state.result.runs).sort() }));
  assert.deepEqual(s, { qrels: 'judgments.tsv', runs: ['bm25.run', 'dense.run'] });
  assert.deepEqual(await page.$$eval('#errors li', (lis) => lis.map((l) => l.textContent)), []);
  await page.close();
});

test('a JSON run with an error: the error panel names file, line and column', async () => {
  const page = await session.open();
  const bad = join(tmp, 'bad.json');
  writeFileSync(bad, '{"101": {"d01": 1,\n  "d01": 2}}');
  await afterRender(page, () => page.setInputFiles('#qrels-file', join(conv, 'qrels.txt')));
  await afterRender(page, () => page.setInputFiles('#run-files', [bad, join(conv, 'bm25.run')]));
  assert.match(await page.textContent('#errors'), /bad\.json, line 2: column 3: document id "d01" repeated \(first at line 1, column 10\)/);
  assert.deepEqual(Object.keys(await tableTexts(page)), ['bm25.run']);
  await page.close();
});
