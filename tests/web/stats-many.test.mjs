// The statistics and chart views with many runs (TREC-COVID round 1: 143 real runs, ../shared) and
// at phone width: which runs Charts draws (top N by a measure against NIST's leaderboard, a
// search, the baseline always), colours that never repeat silently, full legend labels, the
// significance heatmap scrolling inside its card with its legend in view, and no tab of these
// views wider than a 390 px viewport. Screenshots at 1400 and 390 px land in tests/artifacts/.
// Run: web/build.sh && node --test --test-concurrency=1 tests/web/stats-many.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, SHARED, startServer, openBrowser, newPage, waitReady, afterRender } from './harness.mjs';

const COVID = join(SHARED, 'data', 'covid-r1');
const VIEWS = ['charts', 'significance', 'meta', 'rareness', 'coverage'];
const s = {};
before(async () => {
  s.server = await startServer();
  s.browser = await openBrowser({ viewport: { width: 1400, height: 1000 }, ownChromium: true }); // covid-r1's 143 runs chosen (harness.mjs)
});
after(async () => {
  await s.browser.close();
  s.server.stop();
});

/** A screenshot of the view (below the data panel, whose 143 runs would fill the picture). */
const shot = (page, name, what = '#view') => page.locator(what).screenshot({ path: join(ARTIFACTS, `${name}.png`) });

async function open(context, hash = '') {
  const page = await newPage(context);
  await page.goto(s.server.url + hash);
  await waitReady(page);
  return page;
}

/** Loads a qrels file and runs in place of whatever is loaded (the example). */
async function loadOwn(page, qrelsPath, runPaths) {
  await afterRender(page, () => page.setInputFiles('#qrels-file', qrelsPath));
  for (let b; (b = await page.$('button[aria-label^="Remove "]'));) await afterRender(page, () => b.click());
  await afterRender(page, () => page.setInputFiles('#run-files', runPaths));
}

/** NIST's leaderboard of round 1: [{run (the run name of its file NAME.gz: NAME), team, ndcg}] by ndcg@10 descending. */
function leaderboard() {
  const [head, ...lines] = readFileSync(join(COVID, 'leaderboard.csv'), 'utf8').trim().split('\n');
  const cols = head.split(',');
  const at = cols.indexOf('ndcg@10');
  return lines.map((l) => l.split(',')).map((f) => ({ run: f[0], team: f[cols.indexOf('team')], ndcg: Number(f[at]) })).sort((a, b) => b.ndcg - a.ndcg);
}

test('143 runs: Charts shows the top N by a measure (as NIST\'s leaderboard ranks them) plus the baseline, a search; no silent colour repeats; the heatmap scrolls in its card', async (t) => {
  if (!existsSync(COVID)) {
    console.log(`SKIPPED: ${COVID} is absent`);
    t.skip('../shared is absent');
    return;
  }
  const runs = readdirSync(join(COVID, 'runs')).sort().map((r) => join(COVID, 'runs', r));
  const page = await open(s.browser.context);
  await afterRender(page, async () => {
    await page.fill('#measures', 'nDCG@10 P@5 AP');
    await page.press('#measures', 'Enter');
  });
  await loadOwn(page, join(COVID, 'qrels-rnd1.txt'), runs);
  const names = await page.evaluate(() => Object.keys(window.irlensApp.state.result.runs));
  assert.ok(names.length >= 100, `${names.length} runs`);
  // Top N by nDCG@10, N chosen where NIST's 4-decimal scores are not tied at the boundary.
  const board = leaderboard().filter((r) => names.includes(r.run));
  let n = 8;
  while (board[n - 1].ndcg - board[n].ndcg < 0.0002) n += 1;
  const top = board.slice(0, n).map((r) => r.run);
  const baseline = board.at(-1).run; // the lowest: never among the top
  await afterRender(page, () => page.evaluate(({ n, baseline }) => window.irlensApp.set({ v: 'charts', rn: String(n), rm: 'nDCG@10', b: baseline }), { n, baseline }), 'charts');
  await page.waitForFunction(() => document.querySelectorAll('.chart-card .chart svg').length === 4, null, { timeout: 60000 });
  assert.equal(await page.textContent('#runs-shown'), `Showing ${n + 1} of ${names.length} runs: the top ${n} by mean nDCG@10, and the baseline ${baseline}.`);
  const shown = await page.$$eval('.run-picker input:checked', (xs) => xs.map((x) => x.id.slice(3)));
  assert.deepEqual(shown.sort(), [...top, baseline].sort());
  // The recall-precision legend names every run shown in full; 9-20 runs: a colour each, no note.
  const legend = await page.$$eval('#chart-recall-precision svg .role-legend-label text', (ts) => ts.map((x) => x.textContent));
  assert.deepEqual([...new Set(legend)].sort(), [...top, baseline].sort());
  assert.equal(await page.$('#colour-note'), null);
  await shot(page, 'many-charts-1400');
  // 30 runs: more than the palette's 20 colours, and the view says so.
  await afterRender(page, () => page.evaluate(() => window.irlensApp.set({ rn: '30' })), 'charts');
  assert.match(await page.textContent('#colour-note'), /^31 runs but 20 colours: colours repeat/);
  // With NIST's leaderboard as the run-groups file (its team column): a colour per team.
  await afterRender(page, () => page.setInputFiles('#side-groups', join(COVID, 'leaderboard.csv')));
  await afterRender(page, () => page.click('#tab-charts'), 'charts');
  const shown31 = await page.$$eval('.run-picker input:checked', (xs) => xs.map((x) => x.id.slice(3)));
  const teams = new Set(shown31.map((r) => board.find((b) => b.run === r)?.team ?? r));
  assert.equal(await page.textContent('#colour-note'), `31 runs: coloured by group (${teams.size} groups, from the run-groups file); hover a line for its run.`);
  const legendGroups = await page.$$eval('#chart-recall-precision svg .role-legend-label text', (ts) => ts.map((x) => x.textContent));
  assert.deepEqual([...new Set(legendGroups)].sort(), [...teams].sort());
  // A search narrows the candidates; the baseline stays.
  await afterRender(page, () => page.evaluate(() => window.irlensApp.set({ rn: '100', rq: 'unipd' })), 'charts');
  const unipd = names.filter((r) => r.includes('unipd'));
  assert.ok(unipd.length >= 2);
  assert.deepEqual((await page.$$eval('.run-picker input:checked', (xs) => xs.map((x) => x.id.slice(3)))).sort(), [...unipd, baseline].sort());
  // The significance heatmap of every pair: it scrolls inside its own container, the legend on top
  // stays in view, the run labels are not cut.
  await afterRender(page, () => page.evaluate(() => window.irlensApp.set({ v: 'significance', hm: 'nDCG@10', B: '200' })), 'significance');
  await page.waitForSelector('#chart-pairwise-p svg', { timeout: 300000 });
  const box = await page.$eval('#chart-pairwise-p', (c) => {
    const r = c.getBoundingClientRect(), card = c.closest('.chart-card').getBoundingClientRect();
    const legend = c.querySelector('.role-legend').getBoundingClientRect();
    return { scroll: c.scrollWidth > c.clientWidth, inside: r.right <= card.right + 1, legendTop: legend.top - r.top, legendRight: legend.right <= r.right + 1 };
  });
  assert.deepEqual({ scroll: box.scroll, inside: box.inside, legendRight: box.legendRight }, { scroll: true, inside: true, legendRight: true });
  assert.ok(box.legendTop < 120, `legend ${box.legendTop} px below the chart's top`);
  const labels = await page.$$eval('#chart-pairwise-p svg .role-axis-label text', (ts) => ts.map((x) => x.textContent));
  for (const r of names) assert.ok(labels.includes(r), `label ${r}`);
  await shot(page, 'many-heatmap-1400', '#card-pairwise');
  await afterRender(page, () => page.click('#tab-meta'), 'meta');
  await page.waitForSelector('#chart-correlation svg', { timeout: 300000 });
  await shot(page, 'many-meta-1400');
  // The concordance test's tiny p (thousands of wins) shows its digits, not 0.0000.
  await page.waitForSelector('#concordance-table');
  const p = await page.$eval('#concordance-table tbody tr', (tr) => tr.children[9].textContent);
  assert.match(p, /^\d\.\d\de-\d+$/);
  // The rarity table fits a desktop page (no sideways scrolling).
  await afterRender(page, () => page.click('#tab-rareness'), 'rareness');
  await page.waitForSelector('#rarity-table');
  const rarity = await page.$eval('#rarity-table', (t) => ({ table: Math.round(t.getBoundingClientRect().width), wrap: t.parentElement.clientWidth }));
  assert.ok(rarity.table <= rarity.wrap, `rarity table ${rarity.table} px in ${rarity.wrap} px`);
  await shot(page, 'many-rareness-1400');
  // Phone width with the same 100+ runs: screenshots of each view.
  await page.setViewportSize({ width: 390, height: 900 });
  for (const v of VIEWS) {
    await afterRender(page, () => page.click(`#tab-${v}`), v);
    await shot(page, `many-${v}-390`);
  }
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('phone width (390 px): no statistics or chart tab is wider than the viewport', async () => {
  const phone = await openBrowser({ viewport: { width: 390, height: 844 } });
  try {
    const page = await open(phone.context, '#b=bm25.run');
    const wide = {};
    for (const v of VIEWS) {
      await afterRender(page, () => page.click(`#tab-${v}`), v);
      const w = await page.evaluate(() => document.documentElement.scrollWidth);
      if (w > 390) wide[v] = w;
      await shot(page, `phone-${v}`);
    }
    assert.deepEqual(wide, {});
    assert.deepEqual(page.log.errors, []);
    await page.close();
  } finally {
    await phone.close();
  }
});
