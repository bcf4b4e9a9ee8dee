// The Significance view's p-value matrix (issue 25 §1b) in headless Chromium: drawn from the
// p-values alone (the JS API's only: 'p-values', the same p-values as the full comparison), a
// pair's intervals and Cohen's d shown when it is selected - in the fields or by clicking a cell -
// equal to the full comparison's (irlens.compare under node, same B and seed), a run's row, and
// the heatmap drawn as one image at and above the cell threshold (lowered through
// ?test-hooks, so the example's 4 runs, 16 cells, cross it) with each pair once, where pointing at
// a cell names its p-values and clicking it selects its pair (the cell found from the scales).
// Run: web/build.sh && node --test tests/web/pair-details.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, browserSession, newPage, waitReady, downloadBytes } from './harness.mjs';

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

async function openWith(imageCells) {
  const page = await newPage(env.browser.context);
  if (imageCells) await page.addInitScript((n) => { window.irlensImageCells = n; }, imageCells);
  await page.goto(`${env.server.url}?test-hooks${HASH}`);
  await waitReady(page);
  await page.waitForSelector('#chart-pairwise-p svg, #chart-pairwise-p canvas', { timeout: 60000 });
  return page;
}

test('the matrix from p-values only (the full comparison\'s p-values), SVG below the threshold; a pair and a row selected show the full computation\'s intervals and d', async () => {
  const page = await openWith(null);
  // The page asked for the p-values only (comparePValues' columns): they are the full document's,
  // and nothing else was computed.
  const pv = await pageDoc(page, '["p-values","AP"');
  assert.equal(pv.only, 'p-values');
  const c0 = pv.measures[0].pairs;
  const none = (v) => (Number.isNaN(v) ? null : v);
  assert.deepEqual([...c0.run].map((_, k) => [pv.runs[c0.run[k]], pv.runs[c0.versus[k]], none(c0.p[k]), none(c0.p_adjusted[k]), '*'.repeat(c0.marker[k])]),
    full.map((c) => [c.run, c.versus, c.p, c.p_adjusted, c.marker]));
  assert.deepEqual(Object.keys(c0).sort(), ['difference', 'marker', 'mean', 'method', 'methods', 'note', 'notes', 'p', 'p_adjusted', 'run', 'statistic', 'topics', 'versus', 'versus_mean']);
  assert.equal(await page.$('#chart-pairwise-p svg image'), null, '16 cells: SVG rects, no image');
  assert.equal(await page.$('#pairwise-image'), null);
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
  const json = JSON.parse((await downloadBytes(dl)).toString('utf8'));
  assert.deepEqual(json.measures[0].comparisons, full);
  assert.equal(json.only, undefined);
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('at the image threshold the matrix is one image, says how to export it, and a cell pointed at or clicked shows its pair', async () => {
  const page = await openWith(16); // 4 runs: 16 cells, at the lowered threshold
  await page.waitForSelector('#chart-pairwise-p svg image');
  assert.equal(await page.$('#chart-pairwise-p canvas'), null, 'no canvas the size of the matrix');
  assert.match(await page.textContent('#pairwise-image'), /16 cells: drawn as one image, each pair once \(below the diagonal: row vs column\)\. Export the matrix as SVG \(the cells as one embedded image, the run names as text\) or PNG/);
  // One image mark, no rect per cell; its grids (one per band) hold each pair once, below the
  // diagonal (row after column in the view's order), in the band of its adjusted p-value.
  const drawn = await page.evaluate(() => {
    const view = document.querySelector('#chart-pairwise-p').irlensView;
    const kinds = [];
    const walk = (mark) => {
      kinds.push(mark.marktype);
      for (const it of mark.items || []) if (mark.marktype === 'group') for (const child of it.items || []) walk(child);
    };
    walk(view.scenegraph().root);
    const bands = view.data('grid');
    // Each cell: the bands whose grid holds it.
    const values = [...bands[0].values].map((_, cell) => bands.flatMap((b, i) => (b.values[cell] ? [i] : [])));
    return { kinds, runs: view.scale('y').domain(), columns: view.scale('x').domain(), values, images: bands.filter((b) => b.image).length, colours: bands.map((b) => b.colour) };
  });
  assert.ok(drawn.kinds.includes('image'), 'an image mark');
  assert.equal(drawn.images, 5, 'one image per band, drawn from its grid');
  assert.deepEqual(drawn.colours, ['#08306b', '#2171b5', '#6baed6', '#f0f0f0', '#ffffff']);
  assert.ok(!drawn.kinds.includes('rect'), 'no rect per cell');
  assert.deepEqual(drawn.columns, drawn.runs);
  const n = drawn.runs.length;
  const band = (p) => (p === null ? 4 : p < 0.001 ? 0 : p < 0.01 ? 1 : p < 0.05 ? 2 : 3);
  const expected = [];
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
    const c = rowOf(drawn.runs[i], drawn.runs[j]) || rowOf(drawn.runs[j], drawn.runs[i]);
    expected.push(i > j ? [band(c.p_adjusted)] : []);
  }
  assert.deepEqual(drawn.values, expected, 'each pair once, below the diagonal, in its band');
  // The cell of shuffled.run and bm25.run, below the diagonal: its centre on the page, from the scales.
  const [rowRun, colRun] = drawn.runs.indexOf('shuffled.run') > drawn.runs.indexOf('bm25.run') ? ['shuffled.run', 'bm25.run'] : ['bm25.run', 'shuffled.run'];
  // Scrolled into the middle of its box and of the window first, as a user would (the matrix, its
  // column labels on top, ends below the window; a large one scrolls in its box).
  const at = await page.evaluate(([rowRun, colRun]) => {
    const chart = document.querySelector('#chart-pairwise-p');
    const view = chart.irlensView;
    const x = view.scale('x'), y = view.scale('y');
    const [ox, oy] = view.origin();
    const centre = () => {
      const box = chart.querySelector('svg').getBoundingClientRect();
      return [box.left + ox + x(colRun) + x.bandwidth() / 2, box.top + oy + y(rowRun) + y.bandwidth() / 2];
    };
    for (let box = chart; box; box = box.parentElement) {
      const style = getComputedStyle(box);
      if ((box.scrollHeight > box.clientHeight && /auto|scroll/.test(style.overflowY)) || (box.scrollWidth > box.clientWidth && /auto|scroll/.test(style.overflowX))) {
        const r = box.getBoundingClientRect(), [cx, cy] = centre();
        box.scrollBy(cx - (r.left + r.width / 2), cy - (r.top + r.height / 2));
      }
    }
    window.scrollBy(0, centre()[1] - innerHeight / 2);
    return centre();
  }, [rowRun, colRun]);
  // Hovering it names the pair and its p-values.
  await page.mouse.move(at[0], at[1]);
  const c = rowOf('bm25.run', 'shuffled.run'); // stored bm25 first: mirrored when shuffled.run is the row
  await page.waitForFunction((r) => document.querySelector('#pairwise-cell').textContent.startsWith(r), `${rowRun} vs ${colRun}: difference `);
  const pShown = c.p_adjusted === 0 ? `< ${1 / B}` : c.p_adjusted.toPrecision(3);
  assert.ok((await page.textContent('#pairwise-cell')).includes(`adjusted p = ${pShown}`), 'the cell\'s adjusted p');
  await page.mouse.click(at[0], at[1]);
  await page.waitForFunction((r) => document.querySelector('#pair-details-table tbody th')?.textContent === r, rowRun);
  const flip = rowRun === 'shuffled.run';
  const neg = (v) => (v === null ? null : -v);
  const [r] = await detailRows(page);
  assert.equal(r[1], colRun);
  assert.equal(r[5], flip ? withInterval(neg(c.cohen_d), [neg(c.cohen_d_interval[1]), neg(c.cohen_d_interval[0])]) : withInterval(c.cohen_d, c.cohen_d_interval));
  assert.equal(await page.inputValue('#pair-run'), rowRun);
  assert.equal(await page.inputValue('#pair-versus'), colRun);
  // A click on the diagonal or above it selects nothing new.
  const x = await page.evaluate(() => { const v = document.querySelector('#chart-pairwise-p').irlensView; return v.scale('x').bandwidth(); });
  await page.mouse.click(at[0] + (drawn.runs.indexOf(rowRun) - drawn.runs.indexOf(colRun)) * x, at[1]);
  assert.equal(await page.inputValue('#pair-run'), rowRun);
  // PNG export of the image matrix; the SVG export holds the image and the run names.
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('button[data-export="pairwise-p.png"]')]);
  assert.deepEqual([...(await downloadBytes(dl)).subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
  const [svg] = await Promise.all([page.waitForEvent('download'), page.click('button[data-export="pairwise-p.svg"]')]);
  const text = (await downloadBytes(svg)).toString('utf8');
  assert.match(text, /<image[^>]+href="data:image\/png;base64,/);
  for (const run of RUNS) assert.ok(text.includes(`>${run}<`), `${run} named in the SVG`);
  assert.deepEqual(page.log.errors, []);
  await page.close();
});
