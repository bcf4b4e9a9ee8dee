// The Reproducibility view (views/reproducibility.js, worker-compare-runs.js) in headless Chromium,
// on the example's runs: run versus run (bm25.run against shuffled.run, which lacks a topic: named
// and counted) shows `irlens runs -q --format json`'s numbers for the same files, cell for cell;
// a reproduction (bm25.run -> hybrid.run reproduced by dense.run -> hybrid.run: the advanced run
// reproduced exactly, so its t-test is undefined and shows as words) shows `irlens repro --format
// json`'s rows; with "Other qrels file (replicability)" (the example's qrels, every other grade 1
// made 0) `irlens repro --repro-qrels`'s rows. The exports (CSV, JSON, LaTeX, the charts' data)
// hold the same numbers with the provenance; the HTML report has the view's section. Screenshots
// at 1400 and 390 px: tests/artifacts/reproducibility*.png.
// Run: web/build.sh && node --test --test-concurrency=1 tests/web/reproducibility.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPRO_TABLES, reproLines } from '../../web/src/base/repro-lines.js';
import { NATIVE, ROOT, browserSession, downloadOf, afterRender, shot, cutControlTexts, chartTextProblems, nativeEval, downloadBytes } from './harness.mjs';

const EXAMPLES = join(ROOT, 'examples');
const QRELS = join(EXAMPLES, 'qrels.txt');
const run = (name) => join(EXAMPLES, name);
const dir = mkdtempSync(join(tmpdir(), 'irlens-web-repro-'));
const otherQrels = join(dir, 'other.qrels');
let ones = 0;
writeFileSync(otherQrels, readFileSync(QRELS, 'utf8').split('\n').map((line) => (/ 1$/.test(line) && ones++ % 2 === 0 ? line.replace(/ 1$/, ' 0') : line)).join('\n'));
const sha = (path) => createHash('sha256').update(readFileSync(path)).digest('hex');
const MEASURES = 'P@5 P@10 AP nDCG@10 RR RBP(p=0.8)'; // the page's default measure field
const ROLES = { 'Original baseline': 'bm25.run', 'Original advanced': 'hybrid.run', 'Reproduced baseline': 'dense.run', 'Reproduced advanced': 'hybrid.run' };

function cli(args) {
  const r = spawnSync(NATIVE, [...args, '-f', 'json'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}
const repro = (extra = []) => cli(['repro', QRELS, '--orig-baseline', run('bm25.run'), '--orig-advanced', run('hybrid.run'), '--repro-baseline', run('dense.run'),
  '--repro-advanced', run('hybrid.run'), '-m', MEASURES, ...extra]);
const f = (v) => (v === null ? 'not defined' : v.toFixed(4));
const tableTexts = (page, selector) => page.$$eval(selector, (ts) => ts.map((t) => [...t.tBodies[0].rows].map((tr) => [...tr.children].map((c) => c.textContent))));
const QUANTITY = { KTU: "Kendall's tau union", KTU_repro_eval: "repro_eval's KTU", RBO_repro_eval: "repro_eval's RBO", RBO_ext: 'RBO_ext', RMSE: 'RMSE', nRMSE: 'nRMSE', ER: 'ER', DeltaRI: 'ΔRI', p_value: 'p-value' };
/** The view's tables (document order, effectiveness, overall effect) from the CLI's rows: a line per key, a column per quantity. */
function expectedRepro(doc) {
  return Object.values(REPRO_TABLES).map((t) => reproLines(doc.rows, t)).filter((t) => t.lines.length)
    .map(({ quantities, lines }) => lines.map((l) => [...l.key.map(String), ...quantities.map((q) => f(l.values[q].value)), l.topics.join(' / '), l.notes.join('; ')]));
}
const headers = (page) => page.$$eval('#reproduction table', (ts) => ts.map((t) => [...t.tHead.rows[0].cells].map((c) => c.textContent)));

const session = browserSession();

test('Reproducibility: run versus run and a reproduction show irlens runs\' and irlens repro\'s numbers, in the view, the exports and the report', async () => {
  const page = await session.open();
  await page.setViewportSize({ width: 1400, height: 900 });
  await afterRender(page, () => page.getByRole('tab', { name: 'Reproducibility' }).click(), 'reproducibility');
  await page.waitForSelector('#run-versus-run table');
  // ---- run versus run: bm25.run (A) against shuffled.run (B), which answers 2 of the 3 topics.
  await afterRender(page, () => page.getByLabel('Run A').selectOption('bm25.run'), 'reproducibility');
  await afterRender(page, () => page.getByLabel('Run B').selectOption('shuffled.run'), 'reproducibility');
  await afterRender(page, async () => {
    await page.getByLabel('Cutoffs k').fill('5 10');
    await page.getByLabel('Cutoffs k').press('Enter');
  }, 'reproducibility');
  const runs = cli(['runs', QRELS, run('bm25.run'), run('shuffled.run'), '-q', '-k', '5,10']);
  assert.ok(runs.only_a.length > 0, 'the example lacks a topic in shuffled.run');
  const [shownRuns] = await tableTexts(page, '#run-versus-run table');
  assert.deepEqual(shownRuns, runs.rows.map((r) => [r.topic === 'all' ? 'mean' : r.topic, String(r.docs_a), String(r.docs_b), ...runs.columns.slice(3).map((c) => f(r[c]))]));
  const topicsLine = await page.textContent('#run-versus-run .repro-topics');
  assert.match(topicsLine, new RegExp(`^${runs.topics_compared} topic\\(s\\) compared \\(KTU defined on ${runs.ktu_topics}\\)\\. ${runs.only_a.length} topic\\(s\\) only bm25\\.run answered, left out of every value: ${runs.only_a.join(', ')}\\.`));
  assert.match(await page.textContent('#run-versus-run .repro-rules'), /ties broken by document id descending/);
  // Its exports: JSON the CLI's rows; CSV and LaTeX the same numbers (CSV at full precision, LaTeX 4 decimals).
  const json = JSON.parse((await downloadOf(page, '[data-export="run-versus-run.json"]')).text);
  assert.deepEqual(json.rows, runs.rows);
  assert.deepEqual([json.provenance.analysis.run_a, json.provenance.analysis.run_b, json.provenance.analysis.format], ['bm25.run', 'shuffled.run', 1]);
  assert.equal(json.provenance.inputs.find((i) => i.role === 'qrels').sha256, sha(QRELS));
  const csv = (await downloadOf(page, '[data-export="run-versus-run.csv"]')).text.trim().split('\n');
  assert.match(csv[0], /^# provenance: \{/);
  assert.equal(csv[1], runs.columns.join(','));
  const mean = runs.rows.at(-1);
  assert.equal(csv.at(-1), runs.columns.map((c) => (mean[c] === null ? 'undefined' : String(mean[c]))).join(','));
  const tex = (await downloadOf(page, '[data-export="run-versus-run.tex"]')).text;
  assert.ok(tex.includes(`all & ${mean.docs_a} & ${mean.docs_b} & ${f(mean.RBO_min)} & ${f(mean.RBO_res)} & ${f(mean.RBO_ext)}`), tex);
  // The chart: per topic, in the table's order; its data the table's RBO_ext, KTU and Jaccard@5.
  await page.waitForSelector('#chart-run-versus-run-topics svg');
  const points = JSON.parse((await downloadOf(page, '[data-export="run-versus-run-topics.json"]')).text).rows;
  const topics = runs.rows.slice(0, -1);
  assert.deepEqual(points, topics.flatMap((r) => ['RBO_ext', 'KTU', 'jaccard@5'].filter((c) => r[c] !== null).map((c) => ({ topic: r.topic, series: c, value: r[c] }))));
  assert.deepEqual(await chartTextProblems(page, '#run-versus-run'), []);

  // ---- a reproduction: the four roles picked; the measures those of the page's measure field.
  for (const [label, name] of Object.entries(ROLES)) await afterRender(page, () => page.getByLabel(label).selectOption(name), 'reproducibility');
  await page.waitForSelector('#reproduction table');
  const doc = repro();
  assert.deepEqual(await tableTexts(page, '#reproduction table'), expectedRepro(doc));
  assert.deepEqual(await headers(page), [['cutoff', 'run', ...['KTU', 'KTU_repro_eval', 'RBO_repro_eval', 'RBO_ext'].map((q) => QUANTITY[q]), 'topics', 'note'],
    ['measure', 'run', 'RMSE', 'nRMSE', 'p-value', 'topics', 'note'], ['measure', 'ER', 'ΔRI', 'topics', 'note']]);
  const undef = doc.rows.find((r) => r.quantity === 'p_value' && r.run === 'advanced');
  assert.equal(undef.value, null, 'the advanced run reproduced exactly: its t-test is undefined');
  assert.ok((await page.textContent('#reproduction')).includes('not defined'), 'an undefined value shows as words');
  const reproJson = JSON.parse((await downloadOf(page, '[data-export="reproducibility.json"]')).text);
  assert.deepEqual(reproJson.rows, doc.rows);
  // The runs by their page names (the CLI names a file given twice by its path: doc.runs).
  assert.deepEqual(reproJson.provenance.analysis.runs, { orig_baseline: 'bm25.run', orig_advanced: 'hybrid.run', repro_baseline: 'dense.run', repro_advanced: 'hybrid.run' });
  assert.equal(reproJson.provenance.analysis.kind, 'reproducibility');
  const reproCsv = (await downloadOf(page, '[data-export="reproducibility.csv"]')).text;
  assert.ok(reproCsv.includes(`p_value,${undef.measure},0,advanced,undefined,${undef.topics},`), 'CSV: the word undefined, never a number');
  const reproTex = (await downloadOf(page, '[data-export="reproducibility.tex"]')).text;
  assert.ok(reproTex.includes(`advanced & undefined & ${undef.topics}`), 'LaTeX: the word undefined');
  // The chart of the differences (P@5, the first measure): reproduced - original per topic, as the CLI's per-topic scores give them.
  await page.waitForSelector('#chart-reproducibility-topics svg');
  const diffs = JSON.parse((await downloadOf(page, '[data-export="reproducibility-topics.json"]')).text).rows;
  const scores = nativeEval(QRELS, ['bm25.run', 'hybrid.run', 'dense.run'].map(run), 'P@5', ['--missing', 'skip']);
  const perTopic = (name) => Object.fromEntries(Object.entries(scores.runs[name].per_topic).map(([t, v]) => [t, v['P@5']]));
  const [b, a, d] = ['bm25.run', 'hybrid.run', 'dense.run'].map(perTopic);
  const baseline = diffs.filter((r) => r.run === 'baseline');
  assert.ok(baseline.length > 0);
  for (const r of baseline) assert.ok(Math.abs(r.difference - (d[r.topic] - b[r.topic])) < 1e-12, `${r.topic}: ${r.difference}`);
  for (const r of diffs.filter((x) => x.run === 'advanced')) assert.equal(r.difference, a[r.topic] - a[r.topic]);
  assert.deepEqual(await chartTextProblems(page, '#reproduction'), []);
  await shot(page, 'reproducibility');

  // ---- replicability: the other qrels chosen; the CLI's --repro-qrels rows, unpaired, stated.
  await afterRender(page, () => page.getByLabel('Other qrels file (replicability)').setInputFiles(otherQrels), 'reproducibility');
  await page.waitForFunction(() => /Replicability/.test(document.querySelector('#reproduction .repro-rules')?.textContent || ''));
  const rep = repro(['--repro-qrels', otherQrels]);
  assert.equal(rep.kind, 'replicability');
  assert.deepEqual(await tableTexts(page, '#reproduction table'), expectedRepro(rep));
  assert.match(await page.textContent('#reproduction'), /No per-topic differences: the reproduced runs answer other topics/);
  const repJson = JSON.parse((await downloadOf(page, '[data-export="reproducibility.json"]')).text);
  assert.deepEqual(repJson.rows, rep.rows);
  assert.equal(repJson.provenance.analysis.other_qrels.sha256, sha(otherQrels));
  await afterRender(page, () => page.getByRole('button', { name: 'Clear other qrels' }).click(), 'reproducibility');
  assert.deepEqual(await tableTexts(page, '#reproduction table'), expectedRepro(doc));

  // ---- the HTML report has the view's section with its numbers.
  await afterRender(page, () => page.getByRole('tab', { name: 'Table' }).click(), 'table');
  const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 120000 }), page.getByRole('button', { name: 'HTML report' }).click()]);
  const html = (await downloadBytes(dl)).toString('utf8');
  const section = html.slice(html.indexOf('id="report-view-reproducibility"'));
  assert.ok(html.includes('id="report-view-reproducibility"'), 'the report has the Reproducibility section');
  assert.ok(section.includes(`<td class="num">${f(mean.RBO_ext)}</td>`), 'with the run-versus-run table');
  assert.ok(section.includes(f(doc.rows.find((r) => r.quantity === 'RMSE').value)), 'and the reproduction\'s');

  // ---- at 390 px (the view drawn at that width): nothing wider than the screen, every control and chart text readable.
  await page.setViewportSize({ width: 390, height: 844 });
  await afterRender(page, () => page.getByRole('tab', { name: 'Reproducibility' }).click(), 'reproducibility');
  await page.waitForSelector('#chart-reproducibility-topics svg');
  assert.deepEqual(await chartTextProblems(page, '#view'), []);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'nothing wider than a phone screen');
  assert.deepEqual(await cutControlTexts(page, '#view'), [], 'every control readable at 390 px');
  await shot(page, 'reproducibility-390');
});
