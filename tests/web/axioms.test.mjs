// The Axioms view (views/axioms.js, widgets/axioms.js) in headless Chromium: the verdict grid is
// `irlens axioms --format json`'s for the same measures and seed (every cell), and a violated cell
// opens its counterexample with the CLI's rankings and scores. Screenshots at 1400 and 390 px:
// tests/artifacts/. Run: web/build.sh && node --test --test-concurrency=1 tests/web/axioms.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { NATIVE, browserSession, afterRender, shot } from './harness.mjs';

function cli(args) {
  const r = spawnSync(NATIVE, ['axioms', ...args, '--format', 'json'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

const cells = (page) => page.$$eval('.axioms-grid button', (bs) => bs.map((b) => [b.dataset.measure, b.dataset.constraint, b.dataset.verdict]));
const expected = (doc) => doc.results.map((r) => [r.measure, r.constraint, r.verdict]);

const session = browserSession();

test('Axioms: the paper\'s Table 1 grid and a chosen measure and seed are irlens axioms\' verdicts', async () => {
  const page = await session.open();
  await afterRender(page, () => page.getByRole('tab', { name: 'Axioms' }).click(), 'axioms');
  await page.waitForSelector('.axioms-grid');
  assert.deepEqual(await cells(page), expected(cli([])));
  // the paper's names head the rows
  assert.equal(await page.textContent('.axioms-grid tbody tr:first-child th'), 'P@k');

  const view = page.locator('#view');
  const enter = (label, value) => afterRender(page, async () => {
    await view.getByLabel(label, { exact: true }).fill(value);
    await view.getByLabel(label, { exact: true }).press('Enter');
  }, 'axioms');
  await enter('Seed', '7');
  await enter('Measures', 'AP');
  await page.waitForSelector('.axioms-grid');
  const native = cli(['-m', 'AP', '--seed', '7']);
  assert.deepEqual(await cells(page), expected(native));

  // AP violates Deep: its cell opens the counterexample, both rankings and both scores as the CLI's.
  const deep = native.results.find((r) => r.constraint === 'Deep');
  assert.equal(deep.kind, 'violated');
  await page.getByRole('button', { name: /, Deep: violated$/ }).click();
  const caseBox = page.getByRole('region', { name: 'Counterexample' });
  await caseBox.waitFor();
  const rankings = await page.$$eval('.axiom-ranking', (ts) => ts.map((t) => [...t.querySelectorAll('tbody tr')].map((tr) => tr.children[1].textContent)));
  assert.deepEqual(rankings, [deep.counterexample.better.ranking, deep.counterexample.worse.ranking]);
  const captions = await page.$$eval('.axiom-ranking caption', (cs) => cs.map((c) => c.textContent));
  const six = (v) => Number(v.toPrecision(6)).toString();
  assert.deepEqual(captions, [`better: score ${six(deep.counterexample.better.score)}`, `worse: score ${six(deep.counterexample.worse.score)}`]);
  for (const width of [1400, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(pageWidth <= width, `no horizontal scrolling of the page at ${width} px (${pageWidth} px wide)`);
    await shot(page, `axioms-${width}`);
  }
});
