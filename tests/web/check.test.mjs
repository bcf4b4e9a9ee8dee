// The Check runs tab (views/check.js) in headless Chromium: a run with known defects, checked with
// a topic list and an expected tag, shows every finding of `irlens check --format json` for the
// same file and options (line, severity, kind, message), and its JSON export is that document.
// Controls are found by their accessible names. Screenshots at 1400 and 390 px: tests/artifacts/.
// Run: web/build.sh && node --test --test-concurrency=1 tests/web/check.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NATIVE, browserSession, downloadOf, afterRender, shot } from './harness.mjs';

// Line 2 repeats doc a (error), line 3 has five columns (error), line 4 has iteration '0'
// (warning) and topic 9, not in the topic list (error); line 5 has tag u, not the expected t
// (error); topic 2 of the list has no results (warning).
const RUN = '1 Q0 a 1 3 t\n1 Q0 a 2 2 t\n1 Q0 b 3\n9 0 c 1 1 t\n1 Q0 d 4 0 u\n';
const dir = mkdtempSync(join(tmpdir(), 'irlens-web-check-'));
writeFileSync(join(dir, 'run.txt'), RUN);
writeFileSync(join(dir, 'topics.txt'), '1\n2\n');

/** `irlens check run.txt --topics topics.txt --tag t -f json` in the files' directory (so that they are named as the page names them). */
function cliReport() {
  const r = spawnSync(NATIVE, ['check', 'run.txt', '--topics', 'topics.txt', '--tag', 't', '-f', 'json'], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 4, `irlens check exits 4 when it finds errors: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

const session = browserSession();

test('Check runs: the findings and the JSON report are irlens check\'s for the same file', async () => {
  const page = await session.open();
  await afterRender(page, () => page.getByRole('tab', { name: 'Check runs' }).click(), 'check');
  await page.getByLabel('Topic list').setInputFiles(join(dir, 'topics.txt'));
  await page.getByLabel('Expected run tag').fill('t');
  await afterRender(page, () => page.getByLabel('Runs to check').setInputFiles(join(dir, 'run.txt')), 'check');
  const native = cliReport();
  const kinds = native.files[0].findings.map((f) => f.kind);
  for (const k of ['duplicate_document', 'columns', 'iteration', 'unknown_topic', 'missing_topic']) assert.ok(kinds.includes(k), `the CLI finds ${k}: ${kinds}`);
  const rows = await page.$$eval('#check-findings tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  assert.deepEqual(rows, native.files[0].findings.map((f) => ['run.txt', f.line === null ? '(file)' : String(f.line), f.severity, f.kind, f.topic ?? '', f.message]));
  assert.match(await page.textContent('#check-verdict'), new RegExp(`^${native.errors} errors`));
  const exported = await downloadOf(page, 'button[data-export="irlens-check.json"]');
  assert.equal(exported.name, 'irlens-check.json');
  assert.deepEqual(JSON.parse(exported.text), native);
  // The export button is named JSON, as every export of the page.
  assert.equal(await page.getByRole('button', { name: 'JSON', exact: true }).count(), 1);
  for (const width of [1400, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(pageWidth <= width, `no horizontal scrolling of the page at ${width} px (${pageWidth} px wide)`);
    await shot(page, `check-runs-${width}`);
  }
});

test('Check runs: a bad topic list is reported with file and line, no findings shown', async () => {
  const page = await session.open('#v=check');
  writeFileSync(join(dir, 'bad-topics.txt'), '1\n\u0000\n');
  await page.getByLabel('Topic list').setInputFiles(join(dir, 'bad-topics.txt'));
  await afterRender(page, () => page.getByLabel('Runs to check').setInputFiles(join(dir, 'run.txt')), 'check');
  const r = spawnSync(NATIVE, ['check', 'run.txt', '--topics', 'bad-topics.txt'], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 3, r.stderr);
  const alert = await page.getByRole('alert').textContent();
  assert.match(alert, /^bad-topics\.txt, line 2: /);
  assert.equal(await page.locator('#check-findings').count(), 0);
});
