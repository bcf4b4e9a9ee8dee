// The Significance view's p-value matrix (issue 25 §1b) in headless Chromium: drawn from the
// p-values alone (the JS API's only: 'p-values', the same p-values as the full comparison), a
// pair's intervals and Cohen's d shown when it is selected - in the fields or by clicking a cell -
// equal to the full comparison's (irlens.compare under node, same B and seed), a run's row, and
// the heatmap drawn on canvas at and above the cell threshold (lowered through ?test-hooks, so
// the example's 4 runs, 16 cells, cross it) with each pair once, where clicking a cell selects its pair.
// Run: web/build.sh && node --test tests/web/pair-details.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, browserSession, newPage, waitReady } from './harness.mjs';

const EX = join(ROOT, 'examples');
const RUNS = ['bm25.run', 'dense.run', 'hybrid.run', 'shuffled.run'];
const { createIrlens } = await import(join(ROOT, 'build-wasm', 'dist', 'node.mjs'));
const irlens = await createIrlens();
const qrels = irlens.loadQrels(readFileSync(join(EX, 'qrels.txt')), { name: 'qrels.txt' });
const runs = RUNS.map((r) => irlens.loadRun(qrels, readFileSync(join(EX, r)), { name: r }));
const env = browserSession();

const B = 2000, SEED = 7;
const OPTIONS = { missing: 'zero', test: 'tukey', B, seed: SEED }; // the page's settings below
const HASH = `#v=significance&hm=AP&ht=tukey&B=${B}&seed=${SEED}`;
const full = irlens.compare(qrels, runs, ['AP'], OPTIONS).measures[0].comparisons;
const rowOf = (a, b) => full.find((c) => c.run === a && c.versus === b);

const fmt = (v) => (v === null ? '–' : v.toFixed(4));
const withInterval = (v, [low, high]) => `${fmt(v)} [${fmt(low)}, ${fmt(high)}]`;

/** The rows of the details table: [run, versus, difference, mean, versus mean, d, adjusted p, topics, note]. */
const detailRows = (page) => page.$$eval('#pair-details-table tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));

/** The page's document of the computation whose key starts with `prefix` (stats-runner.js). */
const pageDoc = (page, prefix) => page.evaluate((p) => {
  const found = [...window.irlensApp.stats.entries().entries()].filter(([k, e]) => k.startsWith(p) && e.status === 'done');
  return found.length ? found.at(-1)[1].value : null;
}, prefix);

async function openWith(canvasCells) {
  const page = await newPage(env.browser.context);
  if (canvasCells) await page.addInitScript((n) => { window.irlensCanvasCells = n; }, canvasCells);
  await page.goto(`${env.server.url}?test-hooks${HASH}`);
  await waitReady(page);
  await page.waitForSelector('#chart-pairwise-p svg, #chart-pairwise-p canvas', { timeout: 60000 });
  return page;
}

test('the matrix from p-values only (the full comparison\'s p-values), SVG below the threshold; a pair and a row selected show the full computation\'s intervals and d', async () => {
  const page = await openWith(null);
  // The page asked for the p-values only: they are the full document's, and nothing else was computed.
  const pv = await pageDoc(page, '["compare",["AP"]');
  assert.equal(pv.only, 'p-values');
  assert.deepEqual(pv.measures[0].comparisons.map((c) => [c.run, c.versus, c.p, c.p_adjusted, c.marker]), full.map((c) => [c.run, c.versus, c.p, c.p_adjusted, c.marker]));
  assert.ok(pv.measures[0].comparisons.every((c) => !('difference_interval' in c) && !('cohen_d' in c)));
  assert.equal(await page.$('#chart-pairwise-p canvas'), null, '16 cells: SVG');
  assert.equal(await page.$('#pairwise-canvas'), null);
  // A pair, in the order the comparison stores it (dense.run is loaded before hybrid.run).
  await page.selectOption('#pair-run', 'dense.run');
  await page.selectOption('#pair-versus', 'hybrid.run');
  await page.waitForSelector('#pair-details-table');
  const c = rowOf('dense.run', 'hybrid.run');
  assert.deepEqual((await detailRows(page))[0].slice(0, 6), ['dense.run', 'hybrid.run', withInterval(c.difference, c.difference_interval),
    withInterval(c.mean, c.mean_interval), withInterval(c.versus_mean, c.versus_interval), withInterval(c.cohen_d, c.cohen_d_interval)]);
  const details = (await pageDoc(page, '["compare-details"')).measures[0].comparisons;
  assert.deepEqual(details.map((d) => [d.difference_interval, d.cohen_d, d.cohen_d_interval, d.mean_interval, d.versus_interval]),
    [[c.difference_interval, c.cohen_d, c.cohen_d_interval, c.mean_interval, c.versus_interval]], 'the numbers of the full computation, bit for bit');
  // The other way round: the same pair seen from hybrid.run (difference and d negated, intervals mirrored).
  await page.selectOption('#pair-run', 'hybrid.run');
  await page.selectOption('#pair-versus', 'dense.run');
  await page.waitForFunction(() => document.querySelector('#pair-details-table tbody th')?.textContent === 'hybrid.run');
  const neg = (v) => (v === null ? null : -v);
  assert.deepEqual((await detailRows(page))[0].slice(1, 6), ['dense.run', withInterval(neg(c.difference), [neg(c.difference_interval[1]), neg(c.difference_interval[0])]),
    withInterval(c.versus_mean, c.versus_interval), withInterval(c.mean, c.mean_interval), withInterval(neg(c.cohen_d), [neg(c.cohen_d_interval[1]), neg(c.cohen_d_interval[0])])]);
  // A run's row: bm25.run against every other run.
  await page.selectOption('#pair-run', 'bm25.run');
  await page.selectOption('#pair-versus', '(every run)');
  await page.waitForFunction(() => document.querySelectorAll('#pair-details-table tbody tr').length === 3 && document.querySelector('#pair-details-table tbody th').textContent === 'bm25.run');
  const rows = await detailRows(page);
  assert.deepEqual(rows.map((r) => r[1]), ['dense.run', 'hybrid.run', 'shuffled.run']);
  for (const r of rows) {
    const x = rowOf('bm25.run', r[1]);
    assert.deepEqual(r.slice(2, 6), [withInterval(x.difference, x.difference_interval), withInterval(x.mean, x.mean_interval),
      withInterval(x.versus_mean, x.versus_interval), withInterval(x.cohen_d, x.cohen_d_interval)], r[1]);
  }
  // The JSON export computes every pair's intervals and effect sizes: the full comparison.
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('button[data-export="pairwise-p.json"]')]);
  const json = JSON.parse(readFileSync(await dl.path(), 'utf8'));
  assert.deepEqual(json.measures[0].comparisons, full);
  assert.equal(json.only, undefined);
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('at the canvas threshold the matrix is drawn on canvas, says how to export it, and a clicked cell shows its pair', async () => {
  const page = await openWith(16); // 4 runs: 16 cells, at the lowered threshold
  await page.waitForSelector('#chart-pairwise-p canvas');
  assert.equal(await page.$('#chart-pairwise-p svg'), null, 'no SVG matrix');
  assert.match(await page.textContent('#pairwise-canvas'), /16 cells: drawn on canvas, each pair once \(below the diagonal: row vs column\)\. Export the matrix as PNG/);
  // Each pair once: 6 cells of 4 runs, none on the diagonal.
  const cells = await page.evaluate(() => {
    const out = [];
    const walk = (mark) => {
      for (const it of mark.items || []) {
        if (mark.marktype === 'rect' && it.datum && it.datum.a) out.push(`${it.datum.a}|${it.datum.b}`);
        if (mark.marktype === 'group') for (const child of it.items || []) walk(child);
      }
    };
    walk(document.querySelector('#chart-pairwise-p').irlensView.scenegraph().root);
    return out;
  });
  assert.equal(cells.length, 6);
  assert.equal(new Set(cells.map((c) => c.split('|').sort().join('|'))).size, 6, 'each pair once');
  const [rowRun, colRun] = cells.find((c) => c.includes('shuffled.run') && c.includes('bm25.run')).split('|');
  // The cell of shuffled.run and bm25.run: its centre on the page, from Vega's scene graph.
  const at = await page.evaluate(([rowRun, colRun]) => {
    const chart = document.querySelector('#chart-pairwise-p');
    const view = chart.irlensView;
    const items = [];
    // Items are placed relative to the group item that holds their mark.
    const walk = (mark, dx, dy) => {
      for (const it of mark.items || []) {
        if (mark.marktype === 'rect' && it.datum && it.datum.a === rowRun && it.datum.b === colRun) items.push([dx + it.x + it.width / 2, dy + it.y + it.height / 2]);
        if (mark.marktype === 'group') for (const child of it.items || []) walk(child, dx + (it.x || 0), dy + (it.y || 0));
      }
    };
    walk(view.scenegraph().root, 0, 0);
    const [ox, oy] = view.origin();
    const box = chart.querySelector('canvas').getBoundingClientRect();
    return items.length ? [box.left + ox + items[0][0], box.top + oy + items[0][1]] : null;
  }, [rowRun, colRun]);
  assert.ok(at, 'the cell is in the scene graph');
  await page.mouse.click(at[0], at[1]);
  await page.waitForFunction((r) => document.querySelector('#pair-details-table tbody th')?.textContent === r, rowRun);
  const c = rowOf('bm25.run', 'shuffled.run'); // stored bm25 first: mirrored when shuffled.run is the row
  const flip = rowRun === 'shuffled.run';
  const neg = (v) => (v === null ? null : -v);
  const [r] = await detailRows(page);
  assert.equal(r[1], colRun);
  assert.equal(r[5], flip ? withInterval(neg(c.cohen_d), [neg(c.cohen_d_interval[1]), neg(c.cohen_d_interval[0])]) : withInterval(c.cohen_d, c.cohen_d_interval));
  assert.equal(await page.inputValue('#pair-run'), rowRun);
  assert.equal(await page.inputValue('#pair-versus'), colRun);
  // PNG export of the canvas matrix.
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('button[data-export="pairwise-p.png"]')]);
  assert.deepEqual([...readFileSync(await dl.path()).subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
  assert.deepEqual(page.log.errors, []);
  await page.close();
});
