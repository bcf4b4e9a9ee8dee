// The web app's side inputs and its relative-measure views (issue 4) in headless Chromium: what a
// user does, checked against the native CLI (`irlens eval | unique | rarity | relative`) on the
// example collection and its side inputs (examples/groups.tsv, doc-lengths.tsv, sessions.tsv).
// Run: web/build.sh && node --test tests/web/   (scripts/test.sh does both).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, DIST, NATIVE, browserSession, downloadOf, newPage, waitReady, tableTexts, nativeEval, shot, afterRender } from './harness.mjs';

const EX = join(ROOT, 'examples');
const RUNS = ['bm25.run', 'dense.run', 'hybrid.run', 'shuffled.run'].map((r) => join(EX, r));
const QRELS = join(EX, 'qrels.txt');
const SIDE = ['--groups', join(EX, 'groups.tsv'), '--doc-lengths', join(EX, 'doc-lengths.tsv'), '--sessions', join(EX, 'sessions.tsv')];
const tmp = mkdtempSync(join(tmpdir(), 'irlens-web-relative-'));
const cli = (args) => JSON.parse(execFileSync(NATIVE, args, { stdio: ['ignore', 'pipe', 'ignore'] }));
const near = (a, b, what) => assert.ok(Math.abs(a - b) <= 1e-12, `${what}: page ${a}, CLI ${b}`);
const session = browserSession();
const open = (hash) => session.open(hash);
/** The page with the example's qrels and runs loaded as the user's files (a side input then joins them: it would replace the example). */
async function openWithExampleFiles() {
  const page = await open();
  await afterRender(page, () => page.setInputFiles('#qrels-file', QRELS));
  await afterRender(page, () => page.setInputFiles('#run-files', RUNS));
  return page;
}

async function setMeasures(page, text) {
  await afterRender(page, async () => {
    await page.fill('#measures', text);
    await page.press('#measures', 'Enter');
  });
}


/** Rows of a data table as arrays of cell texts. */
const cells = (page, id) => page.$$eval(`#${id} tbody tr`, (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));

test('side inputs: the core\'s message while one is missing; loaded ones go with every evaluation', async () => {
  const page = await openWithExampleFiles();
  const measures = 'TBG U sDCG NRG(base=nDCG,prior=best_per_group)@5';
  await setMeasures(page, measures);
  await page.waitForSelector('#errors:not([hidden])');
  assert.match(await page.textContent('#errors'), /document lengths/);
  await page.click('#side-inputs summary');
  await afterRender(page, () => page.setInputFiles('#side-docLengths', join(EX, 'doc-lengths.tsv')));
  assert.match(await page.textContent('#errors'), /session/); // the next missing one
  await afterRender(page, () => page.setInputFiles('#side-sessions', join(EX, 'sessions.tsv')));
  assert.match(await page.textContent('#errors'), /group/);
  await afterRender(page, () => page.setInputFiles('#side-groups', join(EX, 'groups.tsv')));
  assert.equal(await page.isHidden('#errors'), true);
  assert.equal(await page.textContent('#side-status-groups'), 'groups.tsv: 4 runs in 2 groups');
  const native = nativeEval(QRELS, RUNS, measures, SIDE);
  const result = await page.evaluate(() => window.irlensApp.state.result);
  const shown = await tableTexts(page);
  assert.deepEqual(result.measures, native.measures);
  for (const [run, r] of Object.entries(native.runs))
    for (const m of native.measures) {
      near(result.runs[run].mean[m], r.mean[m], `${run} ${m}`);
      assert.equal(shown[run][m], r.mean[m].toFixed(4));
    }
  // The side inputs are in the exports' provenance, with their SHA-256.
  const json = JSON.parse((await downloadOf(page, 'button[data-export="table.json"]')).text);
  const groups = json.provenance.inputs.find((i) => i.role === 'groups');
  assert.equal(groups.name, 'groups.tsv');
  assert.equal(groups.sha256, (await import('node:crypto')).createHash('sha256').update(readFileSync(join(EX, 'groups.tsv'))).digest('hex'));
  // Removing one brings the core's message back.
  await afterRender(page, () => page.click('button[aria-label="Remove document lengths"]'));
  assert.match(await page.textContent('#errors'), /document lengths/);
  await shot(page, 'side-inputs');
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('a bad side input is reported with its file and line; the others keep working', async () => {
  const bad = join(tmp, 'teams.tsv');
  writeFileSync(bad, 'bm25.run\tlexical\nbm25.run\tneural\n');
  const lengths = join(tmp, 'lengths.tsv');
  writeFileSync(lengths, 'd01\t100\nd02\tlong\n');
  const page = await openWithExampleFiles();
  await page.click('#side-inputs summary');
  await afterRender(page, () => page.setInputFiles('#side-groups', bad));
  assert.match(await page.textContent('#errors'), /teams\.tsv, line 2: run 'bm25\.run' is listed twice/);
  assert.equal(await page.textContent('#side-status-groups'), 'not loaded');
  await afterRender(page, () => page.setInputFiles('#side-docLengths', lengths));
  assert.match(await page.textContent('#errors'), /lengths\.tsv, line 2/);
  assert.deepEqual(Object.keys(await tableTexts(page)).sort(), ['bm25.run', 'dense.run', 'hybrid.run', 'shuffled.run']);
  await page.close();
});

test('relative view: nDCG@K against NRG@K coloured by group, and unique contributions, as the CLI computes them', async () => {
  const page = await open();
  await page.click('#side-inputs summary');
  await afterRender(page, () => page.click('#side-example'));
  await afterRender(page, () => page.click('#tab-relative'), 'relative');
  await page.waitForSelector('#chart-nrg-scatter svg');
  const legend = await page.textContent('#chart-nrg-scatter svg');
  for (const g of ['lexical', 'neural', 'bm25.run', 'hybrid.run']) assert.ok(legend.includes(g), g);
  const check = async (prior) => {
    const data = JSON.parse((await downloadOf(page, 'button[data-export="nrg-scatter.json"]')).text);
    const native = nativeEval(QRELS, RUNS, `nDCG@10 NRG(base=nDCG,prior=${prior})@10`, SIDE);
    assert.deepEqual(data.measures, native.measures);
    const key = native.measures[1]; // the canonical name: defaults left out (NRG@10 for prior=others)
    for (const row of data.rows) {
      near(row['nDCG@10'], native.runs[row.run].mean['nDCG@10'], `${row.run} nDCG@10`);
      near(row[key], native.runs[row.run].mean[key], `${row.run} ${key}`);
    }
    assert.equal(data.rows.find((r) => r.run === 'dense.run').group, 'neural');
    assert.equal(data.provenance.analysis.view, 'nrg-scatter');
  };
  await check('others');
  await afterRender(page, () => page.selectOption('#sel-nrgPrior', 'best_per_group'));
  await page.waitForSelector('#chart-nrg-scatter svg');
  await check('best_per_group');
  // Unique contributions at the pool depth K = 10, with the groups.
  const unique = cli(['unique', QRELS, ...RUNS, '--depth', '10', '--groups', join(EX, 'groups.tsv'), '-f', 'json']);
  const shown = await cells(page, 'unique-table');
  assert.deepEqual(shown.map((r) => r.slice(0, 4)), unique.rows.map((r) => [r.scope, r.name, r.group, String(r.runs)]));
  assert.deepEqual(shown.map((r) => r[4]), unique.rows.map((r) => r.mean.toFixed(4)));
  const csv = (await downloadOf(page, 'button[data-export="unique.csv"]')).text.trim().split('\n');
  assert.match(csv[0], /^# provenance: \{"tool":"irlens"/);
  assert.equal(csv[1], 'scope,name,group,runs,mean,total');
  assert.equal(csv.length, 2 + unique.rows.length);
  await shot(page, 'relative');
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('relative view: nDCG@K against MAX TaSC (Clarke et al., Fig. 5), the best run of each other group, as the CLI computes it', async () => {
  const page = await open();
  // Without run groups: every other run is the prior set, and the hint says what Figure 5 needs.
  await afterRender(page, () => page.click('#tab-relative'), 'relative');
  await page.waitForSelector('#chart-tasc-scatter svg');
  assert.match(await page.textContent('section[aria-label="nDCG against TaSC"]'), /load run groups/);
  const check = async (measure, side) => {
    const data = JSON.parse((await downloadOf(page, 'button[data-export="tasc-scatter.json"]')).text);
    const native = nativeEval(QRELS, RUNS, `nDCG@10 ${measure}`, side);
    assert.deepEqual(data.measures, ['nDCG@10', measure]);
    assert.deepEqual(data.measures, native.measures); // canonical names: prior=others is the default, left out
    assert.equal(data.rows.length, 4);
    for (const row of data.rows) {
      near(row['nDCG@10'], native.runs[row.run].mean['nDCG@10'], `${row.run} nDCG@10`);
      near(row[measure], native.runs[row.run].mean[measure], `${row.run} ${measure}`);
    }
    assert.equal(data.provenance.analysis.view, 'tasc-scatter');
    return data;
  };
  await check('TaSC@10', []);
  // With the groups: Figure 5's prior set, points coloured by group.
  await page.click('#side-inputs summary');
  await afterRender(page, () => page.click('#side-example'));
  await page.waitForSelector('#chart-tasc-scatter svg');
  const data = await check('TaSC(prior=best_per_group)@10', SIDE);
  assert.equal(data.rows.find((r) => r.run === 'dense.run').group, 'neural');
  const legend = await page.textContent('#chart-tasc-scatter svg');
  for (const g of ['lexical', 'neural', 'nDCG@10', 'TaSC(prior=best_per_group)@10']) assert.ok(legend.includes(g), g);
  assert.ok(await page.isVisible('section[aria-label="nDCG against TaSC"] button[data-export="tasc-scatter.svg"]'));
  // its export row reads as every other: "Export:" first, then the image and data formats
  assert.equal((await page.textContent('section[aria-label="nDCG against TaSC"] .exports')).replace(/\s+/g, ' ').trim(), 'Export: SVG PNG CSV JSON');
  await shot(page, 'relative-tasc');
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('rareness view: rarity report per topic, tau against alpha, Algorithm 1 with its seed', async () => {
  const page = await open('#v=rareness&rarTopic=103&rarDepth=5');
  await page.waitForSelector('#rarity-table');
  const report = cli(['rarity', QRELS, ...RUNS, '--depth', '5', '-f', 'json']);
  const want = report.rows.filter((r) => r.topic === '103');
  const shown = await cells(page, 'rarity-table');
  assert.deepEqual(shown.map((r) => [r[1], r[3], r[5], r[6], r[7]]),
    want.map((r) => [r.doc, String(r.found_by), r.rarity.toFixed(4), r.rarity_mixture.toFixed(4), r.only_run || '']));
  const exported = JSON.parse((await downloadOf(page, 'button[data-export="rarity.json"]')).text);
  assert.deepEqual(exported.rows, report.rows); // every topic, full precision
  // tau against alpha (the default measures P_rareness@10 and AP_rareness@10).
  await page.waitForSelector('#chart-tau-alpha svg');
  const sweep = JSON.parse((await downloadOf(page, 'button[data-export="tau-alpha.json"]')).text);
  assert.deepEqual(sweep.rows, cli(['relative', 'sweep', QRELS, ...RUNS, '-m', 'P_rareness@10', '-m', 'AP_rareness@10', '-f', 'json']).rows);
  // Algorithm 1 on demand: its exports wait for its numbers (disabled, not silent buttons), then are
  // seeded, the numbers of `irlens relative sample`.
  assert.deepEqual(await page.$$eval('[data-export^="algorithm1."]', (bs) => bs.map((b) => [b.textContent, b.disabled])), [['CSV', true], ['JSON', true]]);
  for (const [field, value] of [['sampT', '300'], ['sampSeed', '7'], ['sampN', '2,3,4']])
    await afterRender(page, () => page.fill(`#field-${field}`, value).then(() => page.press(`#field-${field}`, 'Tab')));
  await afterRender(page, () => page.click('#sample-run'));
  await page.waitForSelector('#sample-table');
  const sample = cli(['relative', 'sample', QRELS, ...RUNS, '-m', 'P_rareness(alpha=1)@10', '--sizes', '2,3,4', '--trials', '300', '--seed', '7', '-f', 'json']);
  const a1 = JSON.parse((await downloadOf(page, 'button[data-export="algorithm1.json"]')).text);
  assert.deepEqual(a1.rows, sample.rows);
  assert.deepEqual(a1.provenance.seeds, { algorithm1: 7 });
  assert.deepEqual((await cells(page, 'sample-table')).map((r) => r[4]), sample.rows.map((r) => r.mean_tau_b.toFixed(4)));
  // The settings are in the link.
  assert.match(await page.evaluate(() => location.hash), /sampSeed=7/);
  await shot(page, 'rareness');
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('Algorithm 1 shows its progress and can be cancelled', async () => {
  const page = await open('#v=rareness&sampT=3000000&sampN=2%2C3%2C4');
  await page.waitForSelector('#sample-run');
  // Whatever the machine's speed, the finished work is held back until Cancel (a test hook on the
  // page's worker client: Algorithm 1's answer waits; Cancel rejects it as it rejects the request).
  await page.evaluate(() => {
    const client = window.irlensApp.client;
    const request = client.request.bind(client), cancel = client.cancel.bind(client);
    const held = [];
    client.request = (action, ...rest) => (action !== 'sampleSizeTau' ? request(action, ...rest)
      : new Promise((resolve, reject) => { held.push(reject); request(action, ...rest).catch(reject); }));
    client.cancel = () => {
      for (const reject of held.splice(0)) reject(Object.assign(new Error('cancelled'), { name: 'Cancelled' }));
      return cancel();
    };
  });
  await page.click('#sample-run');
  await page.waitForSelector('#progress:not([hidden])');
  await page.waitForFunction(() => /Algorithm 1 samples: \d+%/.test(document.querySelector('#progress-text').textContent));
  await page.click('#cancel');
  await page.waitForSelector('#progress', { state: 'hidden' });
  await page.waitForFunction(() => /Cancelled/.test(document.querySelector('#errors').textContent));
  await afterRender(page, () => page.click('#example'));
  await afterRender(page, () => page.click('#tab-table'), 'table');
  assert.equal((await tableTexts(page))['bm25.run']['P@5'], '0.4000');
  await page.close();
});

test('the measure picker offers the relative measures with their required parameters and choices', async () => {
  const page = await open();
  await page.fill('#measures', '');
  await page.type('#measures', 'P_rar');
  await page.waitForSelector('#measure-suggestions li');
  assert.match(await page.textContent('#measure-suggestions li'), /^P_rareness — /);
  assert.match(await page.getAttribute('#measure-suggestions li', 'title'), /alpha=\(required\)/);
  await page.press('#measures', 'ArrowDown');
  await page.press('#measures', 'Enter');
  assert.equal(await page.inputValue('#measures'), 'P_rareness(alpha=');
  await page.type('#measures', '1)@5 NRG(pri');
  await page.waitForFunction(() => document.querySelector('#measure-suggestions li')?.textContent.startsWith('prior='));
  await page.press('#measures', 'ArrowDown');
  await page.press('#measures', 'Enter');
  await page.waitForFunction(() => [...document.querySelectorAll('#measure-suggestions li')].some((li) => li.textContent.startsWith('best_per_group')));
  const choices = await page.$$eval('#measure-suggestions li strong', (s) => s.map((x) => x.textContent));
  assert.deepEqual(choices, ['others', 'best_per_group', 'other_groups', 'list', 'chronological']);
  await page.press('#measures', 'Escape');
  await page.type('#measures', 'others)@5');
  await afterRender(page, () => page.press('#measures', 'Enter'));
  const native = nativeEval(QRELS, RUNS, 'P_rareness(alpha=1)@5 NRG(prior=others)@5');
  const shown = await tableTexts(page);
  for (const [run, r] of Object.entries(native.runs)) for (const m of native.measures) assert.equal(shown[run][m], r.mean[m].toFixed(4), `${run} ${m}`);
  await page.close();
});

test('the relative views work in the single-file irlens.html from file://', async () => {
  const page = await newPage(session.browser.context);
  await page.goto(`file://${join(DIST, 'irlens.html')}`);
  await waitReady(page);
  await page.click('#side-inputs summary');
  await afterRender(page, () => page.click('#side-example'));
  await afterRender(page, () => page.click('#tab-relative'), 'relative');
  await page.waitForSelector('#chart-nrg-scatter svg');
  await page.waitForSelector('#unique-table');
  await afterRender(page, () => page.click('#tab-rareness'), 'rareness');
  await page.waitForSelector('#chart-tau-alpha svg');
  await page.waitForSelector('#rarity-table');
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  assert.deepEqual(page.log.errors, []);
  assert.deepEqual(page.log.requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:') && !u.startsWith('blob:')), []);
  await page.close();
});

test('tau-b against alpha: where it is undefined the view says so instead of drawing a value', async () => {
  // Two copies of one run: every measure scores them the same, so each ranking of the two runs
  // is constant and Kendall's tau-b (0/0) is undefined at every alpha.
  const page = await open();
  await afterRender(page, () => page.setInputFiles('#qrels-file', QRELS));
  for (let b; (b = await page.$('button[aria-label^="Remove "]'));) await afterRender(page, () => b.click());
  writeFileSync(join(tmp, 'twin.run'), readFileSync(RUNS[0]));
  await afterRender(page, () => page.setInputFiles('#run-files', [RUNS[0], join(tmp, 'twin.run')]));
  await afterRender(page, () => page.click('#tab-rareness'), 'rareness');
  await page.waitForSelector('#tau-alpha-undefined');
  assert.match(await page.textContent('#tau-alpha-undefined'), /^Not drawn, no tau-b \(a constant ranking\): P_rareness@10 at alpha 0, /);
  await page.close();
});

test('Explain shows NRG against the other loaded runs: the prior rankings\' contribution, the CLI\'s value', async () => {
  const page = await open('#v=explain&er=bm25.run&et=101&em=NRG%4010');
  await page.waitForSelector('#explain-value');
  // The evaluation's runs are the prior set, as `irlens eval` with all four runs scores it.
  const native = nativeEval(QRELS, RUNS, 'NRG@10');
  assert.equal(await page.textContent('#explain-value'), native.runs['bm25.run'].per_topic['101']['NRG@10'].toFixed(4));
  const headers = await page.$$eval('#explain-table thead th', (ths) => ths.map((th) => th.textContent));
  for (const h of ['G(d)', 'prior rankings holding d', 'prod (1 - seen)', '1 - seen in dense.run', '1 - seen in hybrid.run',
    '1 - seen in shuffled.run', 'G(d|R)', 'DCG so far', 'ideal G(d|R)'])
    assert.ok(headers.includes(h), `${h} in ${headers}`);
  const terms = await page.$$eval('.explanation dl.terms dt', (dts) => dts.map((dt) => dt.textContent));
  assert.ok(terms.includes('the prior set: dense.run, hybrid.run, shuffled.run'), terms.join(' | '));
  await shot(page, 'explain-nrg');
  // P_rareness: each relevant document's rarity among the four runs.
  await afterRender(page, async () => {
    await page.fill('#explain-measure', 'P_rareness(alpha=1)@5');
    await page.press('#explain-measure', 'Enter');
  });
  await page.waitForSelector('#explain-value');
  const pr = nativeEval(QRELS, RUNS, 'P_rareness(alpha=1)@5');
  assert.equal(await page.textContent('#explain-value'), pr.runs['bm25.run'].per_topic['101']['P_rareness(alpha=1)@5'].toFixed(4));
  assert.ok((await page.$$eval('#explain-table thead th', (ths) => ths.map((th) => th.textContent))).includes('S_d (pool runs that retrieved d)'));
  await page.close();
});
