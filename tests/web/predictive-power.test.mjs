// Predictive power in the Meta-evaluation tab (views/meta-view.js) in headless Chromium: the
// example's runs and a preference judgments file chosen there give the numbers of
// `irlens meta predictive-power ...` (the page's default, --missing zero, is the CLI's) for the same
// B and seed.
// Run: web/build.sh && node --test --test-concurrency=1 tests/web/predictive-power.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, NATIVE, ARTIFACTS, browserSession, afterRender } from './harness.mjs';

const EX = join(ROOT, 'examples');
const RUNS = ['bm25.run', 'dense.run', 'hybrid.run', 'shuffled.run'].map((r) => join(EX, r));
const dir = mkdtempSync(join(tmpdir(), 'irlens-web-pp-'));
const PREFS = join(dir, 'prefs.tsv');
// Runs named by file name, by tag (hybrid, dense) and a human tie.
writeFileSync(PREFS, '101\tbm25.run\tdense.run\tX\n101\thybrid\tdense\tY\n102\tdense.run\tshuffled.run\tX\n' +
  '102\tbm25.run\thybrid.run\ttie\n103\thybrid.run\tshuffled.run\tX\n103\tbm25.run\tdense.run\tY\n');

const session = browserSession();

test('Meta-evaluation: predictive power of every measure from a preferences file, as the CLI', async () => {
  const page = await session.open('#v=meta&B=400&seed=5');
  await afterRender(page, () => page.getByLabel(/^Preference judgments/).setInputFiles(PREFS), 'meta');
  await page.waitForSelector('#predictive-power-table');
  const measures = await page.evaluate(() => window.irlensApp.state.result.measures);
  const native = JSON.parse(execFileSync(NATIVE, ['meta', 'predictive-power', join(EX, 'qrels.txt'), ...RUNS, '-m', measures.join(' '),
    '--preferences', PREFS, '-B', '400', '--seed', '5', '-f', 'json'], { stdio: ['ignore', 'pipe', 'ignore'] }));
  assert.equal(native.human_ties, 1);
  const rows = await page.$$eval('#predictive-power-table tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  const f = (v) => (v === null ? '–' : v.toFixed(4));
  assert.deepEqual(rows, native.measures.map((m) => [m.measure, String(m.preferences), String(m.agreements), String(m.measure_ties),
    String(m.unscored), f(m.predictive_power), f(m.ci_low), f(m.ci_high), m.note]));
  assert.ok(native.measures.some((m) => m.predictive_power > 0 && m.predictive_power < 1), 'some measure agrees with some preferences only');
  for (const width of [1400, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator('#card-predictive-power').screenshot({ path: join(ARTIFACTS, `meta-predictive-power-${width}.png`) });
  }
  assert.deepEqual(page.log.errors, []);
});
