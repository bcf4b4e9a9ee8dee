// The shareable HTML report (web/src/ui/report.js) in headless Chromium, on the example with a
// baseline (so the table has differences, wins/ties/losses and significance markers): one click
// on "HTML report" saves one file; opened from file:// in a context with JavaScript disabled, it
// loads nothing, holds no script, and its table shows the numbers of the page's table and of the
// table's JSON export, cell for cell; the provenance names every input with its SHA-256; the
// charts, significance, meta-evaluation and topic difficulty views are there as SVG. It says
// nothing a reader without script cannot do (hover, click, select a cell).
// Run: web/build.sh && node --test --test-concurrency=1 tests/web/report.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, ARTIFACTS, serverAndBrowser, openBrowser, newPage, waitReady, tableTexts, downloadOf, downloadBytes } from './harness.mjs';

const env = serverAndBrowser(before, after);
const EXAMPLE = ['qrels.txt', 'bm25.run', 'dense.run', 'hybrid.run', 'shuffled.run'];

test('the HTML report opens from file:// with no script and shows the numbers of the table, Topic difficulty too, and asks nothing that needs script', async () => {
  const page = await newPage(env.browser.context);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`${env.server.url}#b=bm25.run`);
  await waitReady(page);
  await page.waitForSelector('#sig-legend');
  await page.waitForSelector('#results .sig-marker', { state: 'attached' });
  await page.waitForSelector('#results:not([aria-busy="true"])'); // the intervals, computed after the means (aria-busy till then)
  const shown = await tableTexts(page);
  const markers = await page.$$eval('#results tbody tr', (rows) => Object.fromEntries(rows.map((tr) => [tr.dataset.run,
    Object.fromEntries([...tr.querySelectorAll('td[data-measure]')].map((td) => [td.dataset.measure, [td.querySelector('.ci')?.textContent ?? '', td.querySelector('.diff')?.textContent ?? '', td.querySelector('.sig-marker')?.textContent ?? '']]))])));
  const json = JSON.parse((await downloadOf(page, '[data-export="table.json"]')).text);
  const pageSettings = await page.evaluate(() => window.irlensApp.state.settings);
  const button = page.getByRole('button', { name: 'HTML report' });
  const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 120000 }), button.click()]);
  assert.equal(dl.suggestedFilename(), 'irlens-report.html');
  const html = (await downloadBytes(dl)).toString('utf8');
  if (process.env.REPORT_DEBUG) writeFileSync(process.env.REPORT_DEBUG, html);
  assert.ok(!/<script\b/i.test(html), 'the report holds no script');
  assert.ok(!/\b(?:src|href)="(?!data:|#)/i.test(html), 'the report refers to no other file');
  const dir = mkdtempSync(join(tmpdir(), 'irlens-report-'));
  const file = join(dir, 'report.html');
  writeFileSync(file, html);
  const browser = await openBrowser({ javaScriptEnabled: false, viewport: { width: 1400, height: 900 } });
  try {
    const context = browser.context;
    const offline = await context.newPage();
    const requests = [];
    offline.on('request', (r) => requests.push(r.url()));
    await offline.goto(pathToFileURL(file).href);
    assert.deepEqual(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:')), [], 'no request leaves the file');
    // The table: the page's numbers (means, intervals, differences with wins/ties/losses, markers).
    const report = await offline.$$eval('#results tbody tr', (rows) => Object.fromEntries(rows.map((tr) => [tr.dataset.run,
      Object.fromEntries([...tr.querySelectorAll('td[data-measure]')].map((td) => [td.dataset.measure, [td.querySelector('.mean').textContent, td.querySelector('.ci')?.textContent ?? '', td.querySelector('.diff')?.textContent ?? '', td.querySelector('.sig-marker')?.textContent ?? '']]))])));
    assert.deepEqual(Object.keys(report), Object.keys(shown), 'the runs in the order shown');
    let cells = 0, marked = 0;
    for (const [run, byMeasure] of Object.entries(shown)) {
      for (const [m, mean] of Object.entries(byMeasure)) {
        const [rmean, ci, diff, marker] = report[run][m];
        assert.equal(rmean, mean, `${run} ${m}: report ${rmean}, page ${mean}`);
        assert.deepEqual([ci, diff, marker], markers[run][m], `${run} ${m}`);
        const v = json.runs[run].mean[m];
        assert.equal(rmean, v === null ? '–' : v.toFixed(4), `${run} ${m}: the JSON export's mean ${v}`);
        cells += 1;
        marked += marker !== '';
      }
    }
    assert.ok(cells >= 4 * json.measures.length, `${cells} cells compared`);
    assert.ok(marked > 0, 'some significance marker is in the report');
    // The provenance: every input by name and SHA-256, the settings, the report's format.
    const text = await offline.textContent('body');
    for (const name of EXAMPLE) {
      const sha = createHash('sha256').update(readFileSync(join(ROOT, 'examples', name))).digest('hex');
      assert.ok(text.includes(name) && text.includes(sha), `${name} with its SHA-256 ${sha}`);
    }
    const settings = await offline.$$eval('#report-settings div', (ds) => Object.fromEntries(ds.map((d) => [d.querySelector('dt').textContent, d.querySelector('dd').textContent])));
    assert.equal(settings.b, 'bm25.run');
    assert.deepEqual(settings, Object.fromEntries(Object.entries(pageSettings).map(([k, v]) => [k, v === '' ? '(none)' : String(v)])), 'every setting of the page');
    const prov = JSON.parse(await offline.textContent('#report-provenance-json'));
    assert.equal(prov.report.format, 3);
    assert.equal(prov.baseline, 'bm25.run');
    // The views: charts as SVG, the significance and meta-evaluation sections.
    for (const id of ['charts', 'significance', 'meta']) {
      const svgs = await offline.$$eval(`#report-view-${id} svg`, (s) => s.length);
      assert.ok(svgs > 0, `${id}: ${svgs} SVG charts`);
      assert.ok(await offline.isVisible(`#report-view-${id} svg >> nth=0`), `${id}: its charts are in sight`);
    }
    // The Meta tab draws these after its numbers (charts.js chartLater): the report waits for them.
    for (const chart of ['chart-asl', 'chart-power-curve']) assert.ok(await offline.$(`#report-view-meta #${chart} svg`), `meta: ${chart} drawn as SVG`);
    assert.ok(await offline.$('#report-view-significance table, #report-view-significance .null-summary'), 'significance results');
    assert.equal(await offline.$('#report-view-charts button, #report-view-meta input'), null, 'no controls');
    // Nothing that needs script (issue 35): the page says "(hover for why)", "Select a cell ...", "hover a cell for its score"; not the report.
    assert.deepEqual(text.match(/[^.\n]*\b(hover|click|point at|select a cell|tap)\b[^.\n]*/gi) ?? [], [], 'instructions that need script');
    // Topic difficulty: its heading, its table (a row per topic) and its heatmap.
    assert.equal(await offline.textContent('#report-view-difficulty h2'), 'Topic difficulty');
    assert.equal(await offline.$$eval('#report-view-difficulty #difficulty tbody tr', (trs) => trs.length), 3);
    assert.ok(await offline.$('#report-view-difficulty #chart-difficulty svg, #report-view-difficulty #chart-difficulty img'), 'the heatmap');
    await offline.screenshot({ path: join(ARTIFACTS, 'report.png'), fullPage: true });
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
  await page.close();
});
