// The web app with diversity qrels (issue 6) in headless Chromium: the diversity switch and the
// diversity example (examples/diversity), the diversity measures with intent probabilities and
// types, equal to `irlens eval --qrels-format diversity`, and the subtopic coverage view, equal
// to the JS API's subtopicCoverage (the WASM build under node) on the same files.
// Run: web/build.sh && node --test tests/web/   (scripts/test.sh does both).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, DIST, browserSession, downloadOf, newPage, waitReady, tableTexts, nativeEval, shot, afterRender } from './harness.mjs';

const DIV = join(ROOT, 'examples', 'diversity');
const RUNS = ['div-a.run', 'div-b.run', 'div-c.run'];
const MEASURES = 'alpha_nDCG@5 ERR_IA@5 nERR_IA@5 D#-nDCG@5 DIN#-nDCG@5 StRecall@5 nDCG_IA@5 RBU@5';
const INTENTS = ['--intents', join(DIV, 'intents.txt'), '--intent-types', join(DIV, 'intent-types.txt')];
const tmp = mkdtempSync(join(tmpdir(), 'irlens-web-diversity-'));
const { createIrlens } = await import(join(ROOT, 'build-wasm', 'dist', 'node.mjs'));
const irlens = await createIrlens();
const session = browserSession();
const open = (hash) => session.open(hash);


function assertTable(shown, result, native) {
  assert.deepEqual(result.measures, native.measures);
  for (const [run, r] of Object.entries(native.runs))
    for (const m of native.measures) {
      assert.ok(Math.abs(result.runs[run].mean[m] - r.mean[m]) <= 1e-12, `${run} ${m}: page ${result.runs[run].mean[m]}, CLI ${r.mean[m]}`);
      assert.equal(shown[run][m], r.mean[m].toFixed(4), `${run} ${m} as shown`);
    }
}

test('the diversity example: diversity measures with intents, as `irlens eval --qrels-format diversity`', async () => {
  const page = await open();
  await afterRender(page, () => page.click('#diversity-example'));
  assert.equal(await page.isChecked('#qrels-diversity'), true);
  assert.equal(await page.inputValue('#measures'), MEASURES);
  const native = nativeEval(join(DIV, 'qrels.txt'), RUNS.map((r) => join(DIV, r)), MEASURES, ['--qrels-format', 'diversity', ...INTENTS]);
  // The click sets the measures (one render, of the plain example) and then loads the diversity
  // example (another): the table is the diversity example's once its runs' rows are there.
  await page.waitForFunction((runs) => runs.every((r) => document.querySelector(`#results tbody tr[data-run="${CSS.escape(r)}"]`)), Object.keys(native.runs));
  assertTable(await tableTexts(page), await page.evaluate(() => window.irlensApp.state.result), native);
  assert.match(await page.textContent('#side-status-intentTypes'), /intent-types\.txt/);
  await shot(page, 'diversity-table');
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('Explain on the diversity example: per-intent novelty gains and the ideal ranking of alpha-nDCG, the CLI\'s value', async () => {
  const page = await open();
  await afterRender(page, () => page.click('#diversity-example'));
  await afterRender(page, () => page.click('#tab-explain'), 'explain');
  await page.waitForSelector('#explain-value');
  // The first explainable measure of the evaluation is the one explained first.
  assert.equal(await page.inputValue('#explain-measure'), 'alpha_nDCG@5');
  const native = nativeEval(join(DIV, 'qrels.txt'), RUNS.map((r) => join(DIV, r)), 'alpha_nDCG@5', ['--qrels-format', 'diversity', ...INTENTS]);
  assert.equal(await page.textContent('#explain-value'), native.runs['div-a.run'].per_topic['201']['alpha_nDCG@5'].toFixed(4));
  const headers = await page.$$eval('#explain-table thead th', (ths) => ths.map((th) => th.textContent));
  for (const h of ['gain for intent 1', 'gain for intent 2', 'gain for intent 3', 'novelty-biased gain', 'ideal gain', 'run sum so far'])
    assert.ok(headers.includes(h), `${h} in ${headers}`);
  // div-a, topic 201: a01 (subtopic 1) gains 1 at rank 1; a02 at rank 3 gains 0.5 for subtopic 1 (seen once) + 1 for 2.
  const rows = await page.$$eval('#explain-table tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  const col = (name) => rows.map((r) => r[headers.indexOf(name)]);
  assert.deepEqual(col('novelty-biased gain').slice(0, 3), ['1', '0', '1.5000']);
  await shot(page, 'explain-alpha-ndcg');
  await page.setViewportSize({ width: 390, height: 900 });
  await shot(page, 'explain-alpha-ndcg-390');
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('uploaded diversity qrels (the switch) and the subtopic coverage chart, equal to the JS API', async () => {
  const page = await open();
  await afterRender(page, () => page.check('#qrels-diversity')); // re-reads the example as diversity qrels
  await afterRender(page, () => page.setInputFiles('#qrels-file', join(DIV, 'qrels.txt'))); // replaces the whole example
  await afterRender(page, () => page.setInputFiles('#run-files', RUNS.map((r) => join(DIV, r))));
  const info = await page.evaluate(() => window.irlensApp.state.qrels.info);
  assert.equal(info.format, 'diversity');
  // Without intent files: uniform weights, every intent informational.
  await afterRender(page, async () => {
    await page.fill('#measures', 'alpha_nDCG@10 D-nDCG@10 StRecall@3');
    await page.press('#measures', 'Enter');
  });
  assertTable(await tableTexts(page), await page.evaluate(() => window.irlensApp.state.result),
    nativeEval(join(DIV, 'qrels.txt'), RUNS.map((r) => join(DIV, r)), 'alpha_nDCG@10 D-nDCG@10 StRecall@3', ['--qrels-format', 'diversity']));
  // By hand (examples/README.md): div-a on topic 201 ranks a01 (subtopic 1), a05 (judged 0: nothing),
  // a02 (adds subtopic 2) in its top 3, of the topic's 3 subtopics: StRecall@3 = 2/3.
  const strec = await page.evaluate(() => window.irlensApp.state.result.runs['div-a.run'].perTopic['201']['StRecall@3']);
  assert.equal(strec, 2 / 3);
  await afterRender(page, () => page.click('#tab-coverage'), 'coverage');
  await afterRender(page, () => page.selectOption('#sel-covTopic', '202'));
  await page.waitForSelector('#chart-coverage svg');
  await page.waitForSelector('#chart-coverage-curve svg');
  // The chart's data (exported) against subtopicCoverage of the JS API on the same files.
  const q = irlens.loadQrels(readFileSync(join(DIV, 'qrels.txt')), { format: 'diversity' });
  const data = JSON.parse((await downloadOf(page, 'button[data-export="coverage.json"]')).text);
  assert.deepEqual(data.provenance.analysis, { view: 'coverage', topic: '202', depth: 10, intents: ['1', '2', '3'] });
  let checked = 0;
  for (const name of RUNS) {
    const c = irlens.subtopicCoverage(irlens.loadRun(q, readFileSync(join(DIV, name)), { name }), '202', { depth: 10 });
    const rows = data.rows.filter((r) => r.run === name);
    assert.equal(rows.length, c.docs.length * c.intents.length);
    for (const row of rows) {
      const i = c.intents.indexOf(row.intent);
      assert.equal(row.doc, c.docs[row.rank - 1]);
      assert.equal(row.grade, c.grades[row.rank - 1][i]);
      assert.equal(row.first, c.firstRank[i] === row.rank);
      checked++;
    }
  }
  assert.equal(checked, 3 * 3 * 5 - 3); // div-c answers 202 with 4 documents
  const curve = JSON.parse((await downloadOf(page, 'button[data-export="coverage-curve.json"]')).text);
  // div-a, topic 202: b02 (subtopic 2), b03 (2, 3), b01 (1): all three covered at rank 3.
  assert.deepEqual(curve.rows.filter((r) => r.run === 'div-a.run').map((r) => r.covered), [1, 2, 3, 3, 3]);
  const svg = (await downloadOf(page, 'button[data-export="coverage.svg"]')).text;
  assert.match(svg, /^<svg[^>]*><metadata><!\[CDATA\[\{"tool":"irlens"/);
  await shot(page, 'coverage');
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('a qrels file chosen while the diversity switch is still re-reading the runs keeps every run', async () => {
  // Loads run one after another (App.serially): the second load must see the runs the first one
  // re-read, not the ones it has not reached yet.
  const page = await open();
  const ex = join(ROOT, 'examples');
  await afterRender(page, () => page.setInputFiles('#qrels-file', join(ex, 'qrels.txt')));
  await afterRender(page, () => page.setInputFiles('#run-files', ['bm25.run', 'dense.run', 'hybrid.run', 'shuffled.run'].map((r) => join(ex, r))));
  await page.click('#add-files summary'); // the file pickers fold away once the user's data is loaded
  await page.check('#qrels-diversity'); // starts re-reading the qrels and the 4 runs
  await page.setInputFiles('#qrels-file', join(DIV, 'qrels.txt')); // without waiting for that
  await page.evaluate(() => window.irlensApp.queue);
  const state = await page.evaluate(() => ({
    qrels: window.irlensApp.state.qrels.source.name,
    format: window.irlensApp.state.qrels.info.format,
    runs: window.irlensApp.state.runs.map((r) => r.source.name),
  }));
  assert.deepEqual(state, { qrels: 'qrels.txt', format: 'diversity', runs: ['bm25.run', 'dense.run', 'hybrid.run', 'shuffled.run'] });
  await page.close();
});

test('bad diversity inputs show their file and line', async () => {
  const badQrels = join(tmp, 'div-qrels.txt');
  writeFileSync(badQrels, '201 1 a01 1\n201 1 a02 high\n');
  const badIntents = join(tmp, 'probabilities.txt');
  writeFileSync(badIntents, '201 1 0.5\n201 2 lots\n');
  const page = await open();
  await afterRender(page, () => page.check('#qrels-diversity')); // re-reads the example as diversity qrels
  await afterRender(page, () => page.setInputFiles('#qrels-file', badQrels));
  assert.match(await page.textContent('#errors'), /div-qrels\.txt, line 2: /);
  await page.click('#side-inputs summary');
  await afterRender(page, () => page.setInputFiles('#side-intentProbabilities', badIntents));
  assert.match(await page.textContent('#errors'), /probabilities\.txt, line 2: /);
  assert.equal(await page.textContent('#side-status-intentProbabilities'), 'not loaded');
  await page.close();
});

test('the coverage view works in the single-file irlens.html from file://', async () => {
  const page = await newPage(session.browser.context);
  await page.goto(`file://${join(DIST, 'irlens.html')}`);
  await waitReady(page);
  await afterRender(page, () => page.click('#diversity-example'));
  await afterRender(page, () => page.click('#tab-coverage'), 'coverage');
  await page.waitForSelector('#chart-coverage svg');
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  assert.deepEqual(page.log.errors, []);
  assert.deepEqual(page.log.requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:') && !u.startsWith('blob:')), []);
  await page.close();
});
