// The topic set size card of the Meta-evaluation tab (views/topic-set-size.js) in headless
// Chromium: for the example's runs and the chosen alpha, beta, minimum difference and CI width,
// its tables give the numbers of `irlens meta topic-set-size|power ... -f json` (the page's default,
// --missing zero, is the CLI's), its chart draws one line per measure, and it exports.
// Run: web/build.sh && node --test --test-concurrency=1 tests/web/topic-set-size.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, NATIVE, ARTIFACTS, browserSession, afterRender, downloadOf } from './harness.mjs';

const EX = join(ROOT, 'examples');
const RUNS = ['bm25.run', 'dense.run', 'hybrid.run', 'shuffled.run'].map((r) => join(EX, r));
const native = (args) => JSON.parse(execFileSync(NATIVE, ['meta', ...args, join(EX, 'qrels.txt'), ...RUNS, '-f', 'json'], { stdio: ['ignore', 'pipe', 'ignore'] }));
const rowsOf = (page, id) => page.$$eval(`#${id} tbody tr`, (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
const cell = (v, count) => (v === null ? '–' : typeof v === 'number' ? (count ? String(v) : v.toFixed(4)) : v);

const session = browserSession();

test('Meta-evaluation: topic set size and power of every measure, as the CLI; the power chart and its exports', async () => {
  const page = await session.open('#v=meta&B=200&trials=20');
  await page.waitForSelector('#topic-set-size-table');
  await page.waitForSelector('#power-table');
  const measures = await page.evaluate(() => window.irlensApp.state.result.measures);
  // Settings as a user sets them, by their labels.
  await afterRender(page, () => page.getByLabel('Minimum difference').fill('0.1').then(() => page.getByLabel('Minimum difference').press('Enter')), 'meta');
  await afterRender(page, () => page.getByLabel('CI width').fill('0.4').then(() => page.getByLabel('CI width').press('Enter')), 'meta');
  await afterRender(page, () => page.getByLabel('beta', { exact: true }).fill('0.1').then(() => page.getByLabel('beta', { exact: true }).press('Enter')), 'meta');
  await page.waitForSelector('#topic-set-size-table');
  const args = ['-m', measures.join(' '), '--alpha', '0.05', '--beta', '0.1', '--min-diff', '0.1'];
  const sizes = native(['topic-set-size', ...args, '--ci-width', '0.4']);
  assert.ok(sizes.designs.some((d) => d.topics !== null && d.topics > 2), 'some design needs more than 2 topics');
  assert.deepEqual(await rowsOf(page, 'topic-set-size-table'), sizes.designs.map((d) => [d.measure, d.design,
    d.variance === null ? '–' : d.variance.toPrecision(6), String(d.alpha), cell(d.beta, true), String(d.min_diff), String(d.runs), cell(d.topics, true), d.note]));
  const power = native(['power', ...args]);
  assert.deepEqual(await rowsOf(page, 'power-table'), power.measures.map((m) => [m.measure, String(m.topics), String(m.runs),
    m.v_e === null ? '–' : m.v_e.toPrecision(6), cell(m.min_detectable_diff), cell(m.power), m.note]));
  // The chart: one line per measure with a defined variance, power at 2 ... curve_topics topics.
  const drawn = await page.evaluate(() => document.querySelectorAll('#chart-power-curve svg, #chart-power-curve canvas').length);
  assert.ok(drawn > 0, 'the power chart is drawn');
  const csv = await downloadOf(page, 'button[data-export="power-curve.csv"]');
  const lines = csv.text.trim().split('\n');
  assert.match(lines[0], /^# provenance: \{"tool":"irlens"/);
  assert.equal(lines[1], 'measure,design,topics,power');
  assert.equal(lines.length - 2, sizes.measures.length * (sizes.curve_topics - 1));
  const [m0] = sizes.measures;
  const [name, design, topics, value] = lines[2 + sizes.curve_topics - 2].split(',');  // m0 at curve_topics topics
  assert.deepEqual([name, design, topics], [m0.measure, 'paired-t', String(sizes.curve_topics)]);
  const want = m0.power_curve['paired-t'][sizes.curve_topics - 2];
  if (want === null) assert.equal(value, '');
  else assert.ok(Math.abs(Number(value) - want) <= 1e-12, `${value} vs ${want}`);
  const svg = await downloadOf(page, 'button[data-export="power-curve.svg"]');
  assert.match(svg.text, /^<svg/);
  // The ANOVA's curve on request.
  await afterRender(page, () => page.getByLabel('Chart design').selectOption('anova'), 'meta');
  const anova = await downloadOf(page, 'button[data-export="power-curve.csv"]');
  assert.match(anova.text.split('\n')[2], /,anova,2,/);
  for (const width of [1400, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator('#card-topic-set-size').screenshot({ path: join(ARTIFACTS, `meta-topic-set-size-${width}.png`) });
  }
  assert.deepEqual(page.log.errors, []);
});

test('Meta-evaluation: a bad setting is said, no number shown', async () => {
  const page = await session.open('#v=meta&B=200&trials=20&tssBeta=0.99');
  await page.waitForSelector('#card-topic-set-size .body');
  await page.waitForFunction(() => /--beta must be between 0 and 1 - alpha/.test(document.querySelector('#card-topic-set-size').textContent), null, { timeout: 30000 });
  assert.equal(await page.$('#topic-set-size-table'), null);
});
