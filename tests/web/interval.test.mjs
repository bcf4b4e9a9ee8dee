// The results table's interval (issue 11) and the run manager's group assignment, in headless
// Chromium. Run: web/build.sh && node --test --test-concurrency=1 tests/web/interval.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserSession, downloadOf, afterRender } from './harness.mjs';
import { createIrlens } from '../../build-wasm/dist/node.mjs';

const tmp = mkdtempSync(join(tmpdir(), 'irlens-web-interval-'));
const session = browserSession();
const irlens = await createIrlens(); // the JS API, node flavour of the same core

// Topics 1-4, one relevant document each. mixed.run answers topic 1 with a non-relevant document
// only (AP 0) and topics 2-4 with the relevant one first (AP 1): AP scores [0, 1, 1, 1].
// one.run answers topic 2 only: one score, no interval.
const qrels = join(tmp, 'qrels.txt');
writeFileSync(qrels, [1, 2, 3, 4].map((t) => `${t} 0 d${t} 1`).join('\n') + '\n');
const mixed = join(tmp, 'mixed.run');
writeFileSync(mixed, ['1 Q0 x1 1 2.0 mixed', ...[2, 3, 4].map((t) => `${t} Q0 d${t} 1 2.0 mixed`)].join('\n') + '\n');
const one = join(tmp, 'one.run');
writeFileSync(one, '2 Q0 d2 1 1.0 one\n');
const SCORES = [0, 1, 1, 1]; // mixed.run's AP per topic, in the qrels' topic order

async function loaded(hash = '#m=AP') {
  const page = await session.open(hash);
  await afterRender(page, () => page.setInputFiles('#qrels-file', qrels));
  await afterRender(page, () => page.setInputFiles('#run-files', [mixed, one]));
  await page.waitForSelector('#results:not([aria-busy="true"])'); // the intervals, computed after the means (aria-busy till then)
  return page;
}
const ciText = (page, run) => page.textContent(`#results tr[data-run="${run}"] td[data-measure="AP"] .ci`);
const bounds = (text) => text.split('–').map(Number);

test('the table shows the seeded bootstrap percentile interval by default, within the scores\' range; t as a setting', async () => {
  // Topics a run did not answer skipped (#missing=skip), so that one.run is scored on its one topic.
  const page = await loaded('#m=AP&missing=skip');
  assert.deepEqual(await page.evaluate(() => Object.values(window.irlensApp.state.result.runs['mixed.run'].perTopic).map((r) => r.AP)), SCORES);
  // The JS API's interval of the same scores with B = 1,000 and the page's seed (1).
  const want = irlens.stats.interval(SCORES, { ci: 'percentile', confidence: 0.95, B: 1000, seed: 1 });
  const got = await page.evaluate(() => window.irlensApp.state.result.runs['mixed.run'].percentile95.AP);
  assert.deepEqual(got, [want.low, want.high]);
  const [low, high] = bounds(await ciText(page, 'mixed.run'));
  assert.deepEqual([low, high], [Number(want.low.toFixed(3)), Number(want.high.toFixed(3))]);
  // Hand fact: a percentile of resampled means lies within [min, max] of the scores = [0, 1].
  assert.ok(low >= 0 && high <= 1 && low <= 0.75 && 0.75 <= high, `${low}–${high}`);
  assert.match(await page.textContent('#results caption'), /95% bootstrap percentile interval \(B = 1,000, seed 1\)/);
  assert.equal(await ciText(page, 'one.run'), '–'); // one topic: undefined
  // Exports: the same bounds in ci95_low/ci95_high, the method in the provenance and the LaTeX caption.
  const csv = (await downloadOf(page, '[data-export="table.csv"]')).text.split('\n');
  const prov = JSON.parse(csv[0].replace(/^# provenance: /, ''));
  assert.deepEqual(prov.interval, { method: 'percentile', confidence: 0.95, B: 1000, seed: '1' });
  assert.equal(csv[1], 'run,tag,measure,mean,ci95_low,ci95_high');
  assert.ok(csv.includes(`mixed.run,mixed,AP,0.75,${want.low},${want.high}`), csv.join('\n'));
  assert.ok(csv.includes('one.run,one,AP,1,,'), csv.join('\n'));
  const json = JSON.parse((await downloadOf(page, '[data-export="table.json"]')).text);
  assert.deepEqual(json.runs['mixed.run'].ci95.AP, [want.low, want.high]);
  const tex = (await downloadOf(page, '[data-export="table.tex"]')).text;
  assert.match(tex, /\\caption\{Mean over topics with its 95\\% bootstrap percentile interval \(B = 1,000, seed 1\);/);

  // t: mean 0.75, sample sd 0.5, se 0.25, t(3, 0.975) = 3.1824 -> 0.75 +- 0.7956 = -0.046-1.546,
  // outside AP's [0, 1] (why it is no longer the default).
  await afterRender(page, () => page.selectOption('label:has-text("Interval") select', 't'));
  assert.match(await page.evaluate(() => location.hash), /tci=t/);
  assert.equal(await ciText(page, 'mixed.run'), '-0.046–1.546');
  assert.match(await page.textContent('#results caption'), /95% t confidence interval/);
  const csvT = (await downloadOf(page, '[data-export="table.csv"]')).text.split('\n');
  assert.deepEqual(JSON.parse(csvT[0].replace(/^# provenance: /, '')).interval, { method: 't', confidence: 0.95 });
  assert.match((await downloadOf(page, '[data-export="table.tex"]')).text, /the half-width of the 95\\% t confidence interval/);

  // Another seed: evaluated again, the JS API's interval for that seed.
  await afterRender(page, () => page.evaluate(() => window.irlensApp.set({ tci: 'percentile', seed: '7' })));
  const want7 = irlens.stats.interval(SCORES, { ci: 'percentile', confidence: 0.95, B: 1000, seed: 7 });
  await page.waitForSelector('#results:not([aria-busy="true"])'); // the intervals, computed after the means (aria-busy till then)
  assert.deepEqual(await page.evaluate(() => window.irlensApp.state.result.runs['mixed.run'].percentile95.AP), [want7.low, want7.high]);
  assert.match(await page.textContent('#results caption'), /seed 7\)/);
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('the means show first; each interval says "computing…" (the table aria-busy) until the worker\'s answer fills it in; an export made before waits for them', async () => {
  // ?test-hooks: the page's request for the table's intervals is held (never answered: client.js),
  // so the state before they arrive stays on screen; asking again (requestIntervals) brings them.
  const page = await session.open('?test-hooks#m=AP&missing=skip');
  await afterRender(page, () => page.setInputFiles('#qrels-file', qrels));
  await page.evaluate(() => window.irlensHold('tableIntervals'));
  await afterRender(page, () => page.setInputFiles('#run-files', [mixed, one]));
  assert.equal(await page.getAttribute('#results', 'aria-busy'), 'true');
  assert.equal(await page.textContent('#results tr[data-run="mixed.run"] td[data-measure="AP"] .mean'), '0.7500'); // (0 + 1 + 1 + 1) / 4
  assert.deepEqual([await ciText(page, 'mixed.run'), await ciText(page, 'one.run')], ['computing…', 'computing…']); // never a number
  assert.equal(await page.getAttribute('#results tr[data-run="mixed.run"] .ci', 'aria-busy'), 'true');
  assert.equal(await page.evaluate(() => window.irlensApp.state.result.runs['mixed.run'].percentile95.AP), null);
  // The CSV export clicked now waits for the intervals (its button busy meanwhile), then holds them.
  const csv = downloadOf(page, '[data-export="table.csv"]');
  await page.waitForSelector('button[data-export="table.csv"][aria-busy="true"]');
  await page.evaluate(() => window.irlensApp.requestIntervals(window.irlensApp.state.result));
  const want = irlens.stats.interval(SCORES, { ci: 'percentile', confidence: 0.95, B: 1000, seed: 1 });
  assert.ok((await csv).text.split('\n').includes(`mixed.run,mixed,AP,0.75,${want.low},${want.high}`));
  await page.waitForSelector('#results:not([aria-busy="true"])');
  assert.equal(await ciText(page, 'mixed.run'), `${want.low.toFixed(3)}–${want.high.toFixed(3)}`);
  assert.equal(await ciText(page, 'one.run'), '–'); // one topic: undefined
  assert.equal(await page.$$eval('#results [aria-busy], [data-export][aria-busy]', (e) => e.length), 0);
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('a bad seed: the intervals that come after the means say why there are none, never a number', async () => {
  const page = await session.open('#m=AP&missing=skip&seed=abc');
  await afterRender(page, () => page.setInputFiles('#qrels-file', qrels));
  await afterRender(page, () => page.setInputFiles('#run-files', [mixed, one]));
  await page.waitForSelector('#results:not([aria-busy="true"])');
  assert.match(await page.textContent('#view p[role=status]'), /^No percentile intervals: .*seed/);
  assert.deepEqual([await ciText(page, 'mixed.run'), await ciText(page, 'one.run')], ['–', '–']);
  assert.equal(await page.textContent('#results tr[data-run="mixed.run"] td[data-measure="AP"] .mean'), '0.7500');
  await page.close();
});

// Unique relevant documents of each run at depth 10 (not found by a run of another group), from
// the worker's uniqueContributions with the loaded groups: {run: count}.
const uniqueRel = (page) => page.evaluate(() => window.irlensApp.request('unique', { depth: 10 })
  .then((r) => Object.fromEntries(r.rows.filter((row) => row.scope === 'run').map((row) => [row.name, row.total]))));
const byRun = (page) => page.evaluate(() => window.irlensApp.state.side.groups ? window.irlensApp.state.side.groups.info.byRun : null);
const groupOf = (page, run) => page.inputValue(`#file-list input[aria-label="Group of ${run}"]`);

test('the run manager assigns groups, as a groups file would; a loaded groups file shows and can be changed', async () => {
  const page = await loaded();
  await page.click('#loaded-summary');
  assert.equal(await groupOf(page, 'mixed.run'), '');
  // By hand: mixed.run finds d2, d3, d4 at rank 1, one.run d2. Each run its own group: d2 is found
  // by another group, so mixed.run has 2 unique relevant documents (d3, d4), one.run 0.
  assert.deepEqual(await uniqueRel(page), { 'mixed.run': 2, 'one.run': 0 });
  // Both runs in one group: assigned to the selected runs.
  await page.check('#file-list input[aria-label="Select mixed.run"]');
  await page.check('#file-list input[aria-label="Select one.run"]');
  await page.fill('#group-selected', 'team-a');
  await afterRender(page, () => page.click('#assign-group'));
  assert.deepEqual(await byRun(page), { 'mixed.run': 'team-a', 'one.run': 'team-a' });
  assert.equal(await page.textContent('#side-status-groups'), 'groups (run manager): 2 runs in 1 groups');
  assert.equal(await groupOf(page, 'one.run'), 'team-a');
  // One group: no other group finds d2 -> mixed.run 3 (d2, d3, d4), one.run 1 (d2).
  assert.deepEqual(await uniqueRel(page), { 'mixed.run': 3, 'one.run': 1 });
  // One run's group changed in its own field.
  await page.fill('#file-list input[aria-label="Group of one.run"]', 'team-b');
  await afterRender(page, () => page.press('#file-list input[aria-label="Group of one.run"]', 'Enter'));
  assert.deepEqual(await byRun(page), { 'mixed.run': 'team-a', 'one.run': 'team-b' });
  assert.deepEqual(await uniqueRel(page), { 'mixed.run': 2, 'one.run': 0 }); // two groups again
  // A groups file: the manager shows its groups and changes them.
  const groups = join(tmp, 'groups.tsv');
  writeFileSync(groups, 'mixed.run\tx\none.run\ty\n');
  await afterRender(page, () => page.setInputFiles('#side-groups', groups));
  assert.equal(await groupOf(page, 'mixed.run'), 'x');
  assert.equal(await groupOf(page, 'one.run'), 'y');
  await page.fill('#file-list input[aria-label="Group of mixed.run"]', 'y');
  await afterRender(page, () => page.press('#file-list input[aria-label="Group of mixed.run"]', 'Enter'));
  assert.deepEqual(await byRun(page), { 'mixed.run': 'y', 'one.run': 'y' });
  assert.deepEqual(page.log.errors, []);
  await page.close();
});
