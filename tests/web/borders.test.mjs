// Issue 23 in the page (the CLI: tests/cli/borders.sh; the JS API: tests/node/borders.test.mjs):
// a run's format is never guessed without evidence; the Run format control gives it, and the
// warnings say which reader read a run and why. Controls by accessible name.
// Run: web/build.sh && node --test tests/web/borders.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, browserSession, tableTexts, afterRender } from './harness.mjs';

const EX = join(ROOT, 'examples');
const tmp = mkdtempSync(join(tmpdir(), 'irlens-web-borders-'));
const session = browserSession();
const runFiles = (page) => page.getByLabel('Run files');
const qrelsFile = (page) => page.getByLabel('Qrels file');
const problems = (page) => page.$$eval('#errors li', (lis) => lis.map((li) => li.textContent));
const warnings = (page) => page.$$eval('#view details.warnings li', (lis) => lis.map((li) => li.textContent));

test('three columns are MS MARCO ranks only with evidence; the Run format control gives the format', async () => {
  const page = await session.open();
  // qid docid score with integer scores: read as ranks, its order changed (before: silently)
  const scores = join(tmp, 'scores.tsv');
  writeFileSync(scores, '101 d01 1\n101 d03 3\n101 d02 2\n'); // ascending scores look like ranks until line 3
  const ms = join(tmp, 'ms.tsv');
  writeFileSync(ms, '101 d01 1\n101 d03 2\n101 d02 3\n');
  await afterRender(page, () => qrelsFile(page).setInputFiles(join(EX, 'qrels.txt')));
  await afterRender(page, () => runFiles(page).setInputFiles([scores, ms]));
  const [problem] = await problems(page);
  assert.match(problem, /^scores(\.tsv)?, line 3: .*the third column is not a rank: 2 after 3 in topic 101/);
  assert.match(problem, /read as an MS MARCO run \(qid pid rank\) because its first content line, line 1, has 3 columns/);
  assert.deepEqual(Object.keys(await tableTexts(page)), ['ms']);
  assert.ok((await warnings(page)).includes('ms.tsv: read as an MS MARCO run (line 1 has 3 columns, and the ranks start at 1 and increase within each topic)'),
    (await warnings(page)).join('\n'));
  // Given: nothing is guessed, and the warning says so.
  await page.click('#add-files summary'); // the file pickers fold away once the user's data is loaded
  await page.getByLabel('Run format').selectOption('msmarco');
  await afterRender(page, () => runFiles(page).setInputFiles(scores));
  assert.ok(Object.keys(await tableTexts(page)).includes('scores'));
  assert.ok((await warnings(page)).includes('scores.tsv: read as an MS MARCO run (given)'), (await warnings(page)).join('\n'));
  assert.deepEqual(page.log.errors, []);
  await page.close();
});
