// A run larger than the page's in-memory limit is streamed by the worker one topic at a time
// (web/src/worker/worker-stream.js): the table shows the CLI's numbers, alongside a run read into
// memory; a run not grouped by topic gives the message that says how to sort it. The limit is
// lowered through ?test-hooks (window.irlensInMemoryLimit) so that the test files stay small.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, browserSession, tableTexts, nativeEval, afterRender, shot } from './harness.mjs';

const EX = join(ROOT, 'examples');
const MEASURES = 'P@5 P@10 AP nDCG@10 RR RBP(p=0.8)';
const tmp = mkdtempSync(join(tmpdir(), 'irlens-web-stream-'));
const session = browserSession();

test('a run above the in-memory limit is streamed in the worker: the table shows the CLI numbers', async () => {
  const page = await session.open('?test-hooks');
  const big = join(EX, 'dense.run'), small = join(EX, 'shuffled.run');
  const limit = Math.floor((statSync(big).size + statSync(small).size) / 2);
  assert.ok(statSync(big).size > limit && statSync(small).size <= limit, 'one run on each side of the limit');
  await page.evaluate((n) => { window.irlensInMemoryLimit = n; }, limit);
  await afterRender(page, () => page.setInputFiles('#qrels-file', join(EX, 'qrels.txt')));
  await afterRender(page, () => page.setInputFiles('#run-files', [big, small]));
  assert.deepEqual(await page.$$eval('#errors li', (lis) => lis.map((l) => l.textContent)), []);
  const info = await page.evaluate(() => window.irlensApp.state.runs.map((r) => [r.source.name, !!r.info.streamed]));
  assert.deepEqual(info, [['dense.run', true], ['shuffled.run', false]]);
  const native = nativeEval(join(EX, 'qrels.txt'), [big, small], MEASURES);
  const shown = await tableTexts(page);
  for (const run of ['dense.run', 'shuffled.run'])
    for (const [m, v] of Object.entries(native.runs[run].mean)) assert.equal(shown[run][m], v.toFixed(4), `${run} ${m}`);
  // Other measures: the streamed run is read again for them.
  await afterRender(page, async () => { await page.fill('#measures', 'P@20 AP'); await page.press('#measures', 'Enter'); });
  const again = nativeEval(join(EX, 'qrels.txt'), [big], 'P@20 AP');
  const shown2 = await tableTexts(page);
  for (const [m, v] of Object.entries(again.runs['dense.run'].mean)) assert.equal(shown2['dense.run'][m], v.toFixed(4), m);
  await shot(page, 'stream-table');
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('a streamed run that is not grouped by topic: the message says how to sort it', async () => {
  const page = await session.open('?test-hooks');
  const lines = readFileSync(join(EX, 'bm25.run'), 'utf8').trimEnd().split('\n');
  const ungrouped = join(tmp, 'ungrouped.run');
  writeFileSync(ungrouped, [...lines.slice(1), lines[0]].join('\n') + '\n'); // the first line moved to the end
  await page.evaluate(() => { window.irlensInMemoryLimit = 100; });
  await afterRender(page, () => page.setInputFiles('#qrels-file', join(EX, 'qrels.txt')));
  await afterRender(page, () => page.setInputFiles('#run-files', ungrouped));
  const errors = await page.$$eval('#errors li', (lis) => lis.map((l) => l.textContent));
  assert.equal(errors.length, 1, JSON.stringify(errors));
  assert.match(errors[0], /^ungrouped\.run, line 21: topic '\d+' appears again .*not grouped by topic.*LC_ALL=C sort -s -k1,1 RUN > SORTED.*cannot be read into memory instead/);
  await page.close();
});
