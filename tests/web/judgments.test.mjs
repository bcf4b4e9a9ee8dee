// The Judgments view (views/judgments.js, worker-judgments.js) in headless Chromium: the example's
// qrels (A) against a second qrels file chosen in the view (B: the example's, every grade 2 made 3
// and every third grade 1 made 0: a different scale, stated) shows `irlens judgments --format
// json`'s numbers for the same files (the label agreement, the runs' means under both), and its JSON
// export carries the provenance with both qrels' SHA-256. Screenshot: tests/artifacts/.
// Run: web/build.sh && node --test --test-concurrency=1 tests/web/judgments.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NATIVE, ROOT, browserSession, downloadOf, afterRender, shot, cutControlTexts } from './harness.mjs';

const EXAMPLES = join(ROOT, 'examples');
const dir = mkdtempSync(join(tmpdir(), 'irlens-web-judgments-'));
const qrelsB = join(dir, 'llm.qrels');
writeFileSync(qrelsB, readFileSync(join(EXAMPLES, 'qrels.txt'), 'utf8').split('\n')
  .map((line, i) => line.replace(/ 2$/, ' 3').replace(/ 1$/, i % 3 === 0 ? ' 0' : ' 1')).join('\n'));
const sha = (path) => createHash('sha256').update(readFileSync(path)).digest('hex');

function cli(measure, extra = []) {
  const runs = ['bm25.run', 'dense.run', 'hybrid.run', 'shuffled.run'].map((r) => join(EXAMPLES, r));
  const r = spawnSync(NATIVE, ['judgments', join(EXAMPLES, 'qrels.txt'), qrelsB, ...runs, '-m', measure, ...extra, '-f', 'json'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

const session = browserSession();

test('Judgments: a second qrels file against the loaded one shows irlens judgments\' numbers', async () => {
  const page = await session.open();
  await afterRender(page, () => page.getByRole('tab', { name: 'Judgments' }).click(), 'judgments');
  assert.match(await page.textContent('#view'), /Choose the second qrels file \(B\)/);
  assert.deepEqual(await cutControlTexts(page, '#view'), [], 'every placeholder readable in its box');
  await afterRender(page, () => page.getByLabel('Second qrels file (B)').setInputFiles(qrelsB), 'judgments');
  await page.waitForSelector('.judgments-out table');
  const native = cli('P@5');
  const f = (v) => (v === null ? '–' : v.toFixed(4));
  // The label table's overall row: pairs, observed, the three kappas, the three alphas, binary agreement and kappa.
  const all = await page.$eval('.judgments-out table tbody tr', (tr) => [...tr.children].map((c) => c.textContent));
  const l = native.labels;
  assert.deepEqual(all.slice(0, 11), ['all', String(l.pairs), ...['observed', 'kappa', 'kappa_linear', 'kappa_quadratic', 'alpha_nominal',
    'alpha_ordinal', 'alpha_interval'].map((k) => f(l[k])), f(l.binary.agreement), f(l.binary.kappa)]);
  assert.ok(l.kappa !== null && l.kappa < 1, 'the relabelling disagrees somewhere');
  // The scale is stated (B uses grade 3, A does not).
  assert.match(await page.textContent('#view'), /Grades: the two sets use different grades: qrels\.txt -1,0,1,2, llm\.qrels -1,0,1,3/);
  // The runs' means under A and B (the table's first measure, P@5), as the CLI's.
  const runs = await page.$$eval('.judgments-out table', (ts) => {
    const t = ts.find((x) => x.caption.textContent.startsWith('P@5: the runs'));
    return [...t.tBodies[0].rows].map((tr) => [...tr.children].map((c) => c.textContent));
  });
  const expected = [...native.conclusions.measures[0].runs].sort((x, y) => x.rank_a - y.rank_a)
    .map((r) => [r.run, f(r.mean_a), f(r.mean_b), String(r.rank_a), String(r.rank_b)]);
  assert.deepEqual(runs, expected);
  // The JSON export: the document with the provenance of A, the runs, and B.
  const { name, text } = await downloadOf(page, '[data-export="judgments.json"]');
  assert.equal(name, 'irlens-judgments.json');
  const doc = JSON.parse(text);
  assert.equal(doc.provenance.analysis.qrels_b.sha256, sha(qrelsB));
  assert.equal(doc.provenance.inputs.find((i) => i.role === 'qrels').sha256, sha(join(EXAMPLES, 'qrels.txt')));
  assert.deepEqual(doc.document.labels, native.labels);
  // The scatter of the runs' means: its data export holds the CLI's means, one row per run.
  await page.waitForSelector('#chart-judgments-P-5 svg');
  const scatter = JSON.parse((await downloadOf(page, 'button[data-export="judgments-P-5.json"]')).text);
  assert.equal(scatter.provenance.analysis.view, 'judgments-P-5');
  assert.deepEqual(scatter.rows.map((r) => [r.run, r.mean_a, r.mean_b]), native.conclusions.measures[0].runs.map((r) => [r.run, r.mean_a, r.mean_b]));
  assert.match(await page.textContent('#chart-judgments-P-5 svg'), /P@5 under A/);
  // The confusion matrix as a heatmap: the largest count's cell the darkest.
  const shades = await page.$$eval('.judgments-out td.heat', (tds) => tds.map((td) => [Number(td.textContent), getComputedStyle(td).backgroundColor]));
  const max = Math.max(...shades.map(([n]) => n));
  assert.ok(shades.some(([n, bg]) => n === max && bg === 'rgba(70, 110, 200, 0.8)'), JSON.stringify(shades));
  await shot(page, 'judgments');
  // B's grades mapped onto A's scale (3 -> 2): stated, and the CLI's numbers with --map-b.
  const map = '-1:-1,0:0,1:1,3:2';
  await afterRender(page, async () => {
    await page.getByLabel("Map B's grades").fill(map);
    await page.getByLabel("Map B's grades").press('Enter');
  }, 'judgments');
  await page.waitForSelector('.judgments-out table');
  assert.match(await page.textContent('#view'), /Grades: grades of llm\.qrels mapped \(--map-b\) onto -1,0,1,2\./);
  const mapped = cli('P@5', ['--map-b', map]).labels;
  const allMapped = await page.$eval('.judgments-out table tbody tr', (tr) => [...tr.children].map((c) => c.textContent));
  assert.deepEqual(allMapped.slice(2, 6), [f(mapped.observed), f(mapped.kappa), f(mapped.kappa_linear), f(mapped.kappa_quadratic)]);
  assert.notEqual(allMapped[3], all[3], 'the map changes kappa');
  await page.setViewportSize({ width: 390, height: 844 });
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'nothing wider than a phone screen');
  assert.deepEqual(await cutControlTexts(page, '#view'), [], 'every placeholder readable at 390 px');
  await shot(page, 'judgments-390');
});
