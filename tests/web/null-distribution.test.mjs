// The Significance view's null distribution of one test (ui/null-distribution.js) in headless
// Chromium, on the example: the p-value shown is `irlens compare`'s (the native CLI) for the same
// pair, test, alternative, B and seed; the shaded share of the histogram is that p; the per-topic
// differences are drawn sorted; an undefined case says why in place of the chart; the exports
// carry the numbers. Screenshots at 1400 and 390 px land in tests/artifacts/.
// Run: web/build.sh && node --test --test-concurrency=1 tests/web/null-distribution.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, NATIVE, ARTIFACTS, serverAndBrowser, newPage, waitReady, afterRender, downloadOf, chartTextProblems } from './harness.mjs';

const EX = join(ROOT, 'examples');
const RUNS = ['bm25.run', 'dense.run', 'hybrid.run', 'shuffled.run'].map((r) => join(EX, r)); // the page's example
const env = serverAndBrowser(before, after);
const noNative = existsSync(NATIVE) ? false : `${NATIVE} is missing: the comparison with the CLI was NOT run`;
if (noNative) console.log(`SKIPPED: ${noNative}`);

/** p of `irlens compare` for run vs versus (3 significant digits as the page shows it, and exact). */
function cliP(measure, run, versus, { test, alternative = 'two-sided', B, seed }) {
  const out = execFileSync(NATIVE, ['compare', join(EX, 'qrels.txt'), ...RUNS, '-m', measure, '--baseline', versus, '--test', test,
    '--alternative', alternative, '-B', String(B), '--seed', String(seed), '-f', 'json'], { encoding: 'utf8' });
  return JSON.parse(out).measures[0].comparisons.find((c) => c.run === run).p;
}
const shown = (p) => (p === 0 ? '0' : p < 1e-4 ? p.toExponential(2) : p.toPrecision(3));

async function openAt(hash, width = 1400) {
  const page = await newPage(env.browser.context);
  await page.setViewportSize({ width, height: 1000 });
  await page.goto(env.server.url + hash);
  await waitReady(page);
  return page;
}

async function nullShown(page) {
  await page.waitForSelector('#null-summary', { timeout: 120000 });
  await page.waitForSelector('#chart-topic-differences svg, #card-null .no-values', { timeout: 60000 });
  return page.evaluate(() => ({
    p: document.querySelector('#null-summary').dataset.p,
    text: document.querySelector('#null-summary .null-p').textContent,
    subtitle: [...document.querySelectorAll('#chart-null svg text')].map((t) => t.textContent).join(' | '),
    none: document.querySelector('#card-null .null-none')?.textContent || null,
  }));
}

test('the p shown is the CLI\'s for the same pair, test and seed; the shaded share is p', { skip: noNative }, async () => {
  const settings = { B: 2000, seed: 7 };
  const page = await openAt(`#v=significance&hm=AP&ht=t&nda=hybrid.run&ndb=bm25.run&ndt=randomisation&B=${settings.B}&seed=${settings.seed}`);
  for (const [test, alternative] of [['randomisation', 'two-sided'], ['bootstrap', 'two-sided'], ['bootstrap', 'greater'], ['t', 'two-sided']]) {
    if (test !== 'randomisation' || alternative !== 'two-sided')
      await afterRender(page, () => page.evaluate((s) => window.irlensApp.set(s), { ndt: test, ndalt: alternative }), 'significance');
    const got = await nullShown(page);
    const p = cliP('AP', 'hybrid.run', 'bm25.run', { test, alternative, ...settings });
    assert.equal(Number(got.p), p, `${test} ${alternative}: page p ${got.p}, CLI ${p}`);
    assert.equal(got.text, shown(p));
    if (test !== 't') {
      // "p = K/N = ..." in the histogram's subtitle: K/N is the CLI's p.
      const m = got.subtitle.match(/p = (\d+)\/(\d+)/);
      assert.ok(m, got.subtitle);
      assert.equal(Number(m[1]) / Number(m[2]), p);
    } else {
      assert.match(got.subtitle, /Student's t with \d+ degrees of freedom/);
    }
  }
  // The per-topic differences, sorted descending.
  const bars = await page.evaluate(() => {
    const view = document.querySelector('#chart-topic-differences');
    return [...view.querySelectorAll('svg .mark-rect path')].length;
  });
  assert.ok(bars > 0, 'bars drawn');
  await page.locator('#card-null').screenshot({ path: join(ARTIFACTS, 'null-distribution-1400.png') });
  // Exports: the CSV of the samples has one row per sample; the JSON carries the document.
  await afterRender(page, () => page.evaluate(() => window.irlensApp.set({ ndt: 'randomisation', ndalt: 'two-sided' })), 'significance');
  await nullShown(page);
  const csv = await downloadOf(page, '[data-export="null-distribution.csv"]');
  const rows = csv.text.trim().split('\n').slice(2);
  const counted = rows.filter((r) => r.endsWith(',1')).length;
  assert.equal(counted / rows.length, cliP('AP', 'hybrid.run', 'bm25.run', { test: 'randomisation', ...settings }));
  const json = JSON.parse((await downloadOf(page, '[data-export="null-distribution.json"]')).text);
  assert.equal(json.run, 'hybrid.run');
  assert.equal(json.samples.length, rows.length);
  const diffs = await downloadOf(page, '[data-export="topic-differences.csv"]');
  assert.match(diffs.text.split('\n')[1], /^topic,hybrid\.run,bm25\.run,difference$/);
  for (const name of ['null-distribution.svg', 'topic-differences.png']) assert.ok((await downloadOf(page, `[data-export="${name}"]`)).name.endsWith(name.split('.')[1]));
  await page.close();
});

test('all differences 0: the reason in place of the chart; phone width fits', async () => {
  // NumRel depends on the qrels alone: every run scores the same on every topic.
  const page = await openAt('#m=AP+NumRel&v=significance&hm=NumRel&ndt=randomisation&B=500', 390);
  const got = await nullShown(page);
  assert.match(got.none, /Nothing to draw: all differences are 0/);
  assert.equal(await page.$('#chart-null svg'), null);
  await afterRender(page, () => page.evaluate(() => window.irlensApp.set({ hm: 'AP', ndt: 'bootstrap' })), 'significance');
  await page.waitForSelector('#chart-null svg', { timeout: 120000 });
  const wide = await page.evaluate(() => document.querySelector('#card-null').scrollWidth);
  assert.ok(wide <= 390, `the card is ${wide} px wide at 390 px`);
  // its charts' text within them, tick labels apart (the axis title names both runs: on a line of its own)
  for (const ndt of ['bootstrap', 'randomisation']) {
    if (ndt !== 'bootstrap') await afterRender(page, () => page.evaluate((t) => window.irlensApp.set({ ndt: t }), ndt), 'significance');
    await page.waitForSelector('#chart-null svg', { timeout: 120000 });
    await page.waitForSelector('#chart-topic-differences svg');
    assert.deepEqual(await chartTextProblems(page, '#card-null'), [], ndt);
  }
  await page.locator('#card-null').screenshot({ path: join(ARTIFACTS, 'null-distribution-390.png') });
  await page.close();
});

test('bootstrap with infinite statistics: the shaded area is p, counted bars stacked under the others, the infinite bins labelled', { skip: noNative }, async () => {
  // The example has 3 topics: a bootstrap resample draws one topic 3 times with chance 3/27, its
  // values are all equal (zero variance) and its t is +-inf (bootstrap.cpp).
  const settings = { B: 10000, seed: 1 };
  const page = await openAt(`#v=significance&hm=AP&ht=t&nda=hybrid.run&ndb=bm25.run&ndt=bootstrap&B=${settings.B}&seed=${settings.seed}`);
  const got = await nullShown(page);
  const p = cliP('AP', 'hybrid.run', 'bm25.run', { test: 'bootstrap', ...settings });
  assert.equal(Number(got.p), p);
  // The bars as drawn: their fill, and their box in pixels.
  const bars = await page.evaluate(() => [...document.querySelectorAll('#chart-null svg .mark-rect path')].map((e) => {
    const b = e.getBBox();
    return { fill: e.getAttribute('fill'), x: b.x, w: b.width, y: b.y, h: b.height };
  }));
  const counted = bars.filter((b) => b.fill.toUpperCase() === '#D55E00');
  const others = bars.filter((b) => b.fill.toUpperCase() !== '#D55E00');
  assert.ok(counted.length > 0 && others.length > 0, JSON.stringify(bars.slice(0, 4)));
  // Every bar has the same width, so the shaded share of the area is the shaded share of the heights.
  const area = (bs) => bs.reduce((s, b) => s + b.w * b.h, 0);
  const shaded = area(counted) / area(bars);
  assert.ok(Math.abs(shaded - p) < 2e-3, `shaded share ${shaded}, p ${p}`);
  // No bar hides another: bars of one bin do not overlap.
  for (const c of counted)
    for (const o of others)
      if (Math.abs(c.x - o.x) < 0.5) assert.ok(o.y + o.h <= c.y + 0.5 || c.y + c.h <= o.y + 0.5, `bin at x=${c.x}: counted ${c.y}+${c.h} overlaps ${o.y}+${o.h}`);
  // The infinite statistics: as many as the CSV export's samples say, labelled on their bar and explained.
  const csv = await downloadOf(page, '[data-export="null-distribution.csv"]');
  const rows = csv.text.trim().split('\n').slice(2);
  const plus = rows.filter((r) => r.split(',')[1] === 'Infinity').length;
  const minus = rows.filter((r) => r.split(',')[1] === '-Infinity').length;
  assert.ok(plus + minus > 0, 'the case has infinite statistics');
  const texts = await page.evaluate(() => [...document.querySelectorAll('#chart-null svg text')].map((t) => t.textContent));
  if (plus) assert.ok(texts.includes(`t = +∞: ${plus}`), texts.join(' | '));
  if (minus) assert.ok(texts.includes(`t = −∞: ${minus}`), texts.join(' | '));
  assert.match(got.subtitle, /zero variance: t is infinite/);
  await page.locator('#card-null').screenshot({ path: join(ARTIFACTS, 'null-distribution-infinite.png') });
  await page.close();
});
