// The statistics of the web app in headless Chromium: significance markers in the results table,
// the Significance and Meta-evaluation views, their exports, cancelling long randomised work, the
// single-file page and offline use. Every number is checked against the JS API (the same WASM
// build under node): the page's documents must equal what irlens.compare / irlens.meta return.
// Run: web/build.sh && node --test tests/web/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, DIST, SHARED, serverAndBrowser, newPage, waitReady, afterRender, shot, downloadBytes } from './harness.mjs';
import { pairRows } from '../../web/src/base/p-value-columns.js';

const EX = join(ROOT, 'examples');
const RUNS = ['bm25.run', 'dense.run', 'hybrid.run', 'shuffled.run'];
const MEASURES = ['P@5', 'P@10', 'AP', 'nDCG@10', 'RR', 'RBP(p=0.8)']; // the app's defaults
const tmp = mkdtempSync(join(tmpdir(), 'irlens-web-stats-'));
const { createIrlens } = await import(join(ROOT, 'build-wasm', 'dist', 'node.mjs'));
const irlens = await createIrlens();
// The example as the page loads it (same names), for the JS API's reference documents.
const qrels = irlens.loadQrels(readFileSync(join(EX, 'qrels.txt')), { name: 'qrels.txt' });
const runs = RUNS.map((r) => irlens.loadRun(qrels, readFileSync(join(EX, r)), { name: r }));
const env = serverAndBrowser(before, after);

async function open(hash = '', url = env.server.url) {
  const page = await newPage(env.browser.context);
  await page.goto(url + hash);
  await waitReady(page);
  return page;
}

/** The page's document of a computation whose key starts with `prefix` (stats-runner.js). */
function pageDoc(page, prefix) {
  return page.evaluate((p) => {
    const found = [...window.irlensApp.stats.entries().entries()].filter(([k, e]) => k.startsWith(p) && e.status === 'done');
    return found.length ? found.at(-1)[1].value : null;
  }, prefix);
}

/** Loads a qrels file and runs of one's own in place of whatever is loaded (the example). */
async function loadOwn(page, qrelsPath, runPaths) {
  await afterRender(page, () => page.setInputFiles('#qrels-file', qrelsPath));
  for (let b; (b = await page.$('button[aria-label^="Remove "]'));) await afterRender(page, () => b.click());
  await afterRender(page, () => page.setInputFiles('#run-files', runPaths));
}

async function download(page, selector) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return { name: dl.suggestedFilename(), bytes: await downloadBytes(dl) };
}

test('significance markers in the table match the JS API: t-test, then bootstrap + Holm over the stats workers', async () => {
  const page = await open('#b=bm25.run');
  await page.waitForSelector('#sig-legend');
  const options = { baseline: 'bm25.run', missing: 'zero', risk: 1 }; // the page's settings: zero (the default), ra = 1
  let want = irlens.compare(qrels, runs, MEASURES, { ...options, test: 't' });
  assert.deepEqual(await pageDoc(page, '["compare"'), want);
  // Hand-checked from examples/: bm25, dense and hybrid answer topics 101-103, shuffled only 101
  // and 102; with --missing zero (the default) every pair is tested on all 3 qrels topics,
  // shuffled's 103 scored 0 (with skip: the topics both runs answered, 2 to 3).
  assert.match(await page.textContent('#sig-legend'), /Test: paired t-test, two-sided, no correction for multiple comparisons\. Topics: all 3 qrels topics; a topic a run did not answer scores as with trec_eval -c \(0 for most measures\)\./);
  assert.match(await page.textContent('#sig-legend'), /\* p < 0\.05, \*\* p < 0\.01, \*\*\* p < 0\.001; \+ better than the baseline, − worse/);
  const check = async (doc) => {
    let marked = 0;
    for (const m of doc.measures) {
      for (const c of m.comparisons) {
        const cell = `#results tr[data-run="${c.run}"] td[data-measure="${m.measure}"] .sig-marker`;
        assert.equal(await page.textContent(cell), c.marker ? `${c.marker}${c.difference > 0 ? '+' : '−'}` : '', `${c.run} ${m.measure}`);
        const shown = c.p_adjusted === 0 && /B=/.test(c.method) ? `< ${1 / doc.B}` : c.p_adjusted < 1e-4 ? c.p_adjusted.toExponential(2) : c.p_adjusted.toPrecision(3);
        assert.ok((await page.getAttribute(cell, 'title')).includes(`adjusted p = ${shown} `), `${c.run} ${m.measure}`);
        marked += c.marker !== '';
      }
    }
    assert.equal(await page.$('#results tr[data-run="bm25.run"] .sig-marker'), null); // not the baseline itself
    return marked;
  };
  assert.ok((await check(want)) > 0, 'some difference is significant');
  await shot(page, 'table-markers');
  // A randomised test with a correction, B and seed set in the page: the stats workers split the
  // measures between them; the merged document equals one call of the JS API.
  await afterRender(page, () => page.selectOption('#sel-st', 'bootstrap'));
  await afterRender(page, () => page.selectOption('#sel-sc', 'holm'));
  for (const [id, value] of [['#stats-B', '2000'], ['#stats-seed', '5']]) {
    await afterRender(page, async () => {
      await page.fill(id, value);
      await page.dispatchEvent(id, 'change');
    });
  }
  await page.waitForFunction(() => /B=2000, seed 5/.test(document.querySelector('#sig-legend')?.textContent || ''));
  want = irlens.compare(qrels, runs, MEASURES, { ...options, test: 'bootstrap', correction: 'holm', B: 2000, seed: 5 });
  assert.ok(await page.evaluate(() => window.irlensApp.statsPool.size) >= 2);
  assert.deepEqual(await pageDoc(page, '["compare"'), want);
  await check(want);
  assert.match(await page.evaluate(() => location.hash), /st=bootstrap.*sc=holm.*B=2000.*seed=5/);
  // The table's exports record the seed of the markers.
  const json = JSON.parse((await download(page, 'button[data-export="table.json"]')).bytes);
  assert.deepEqual(json.provenance.seeds, { markers: { test: 'bootstrap', seed: '5', B: '2000' } });
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('Significance view: Tukey HSD heatmap, confidence intervals and risk table match the JS API; exports download', async () => {
  const page = await open('#v=significance&hm=AP&b=bm25.run');
  await page.waitForSelector('#chart-pairwise-p svg');
  await page.waitForSelector('#chart-intervals svg');
  await page.waitForSelector('#risk-table');
  const tukey = irlens.compare(qrels, runs, ['AP'], { missing: 'zero', test: 'tukey' });
  // The matrix is computed from the p-values alone (comparePValues' columns, read back as rows by
  // p-value-columns.js; the intervals and effect sizes on selection: pair-details.test.mjs); the
  // JSON export below holds the full comparison.
  const { measures: [pv], ...head } = irlens.compare(qrels, runs, ['AP'], { missing: 'zero', test: 'tukey', only: 'p-values' });
  const columns = await pageDoc(page, '["p-values","AP"');
  const { measures: [pc], runs: names, ...pageHead } = columns;
  assert.deepEqual(pageHead, head);
  assert.deepEqual(names, RUNS);
  assert.deepEqual([pc.measure, pc.measure_full, pc.topic_policy], [pv.measure, pv.measure_full, pv.topic_policy]);
  assert.deepEqual(pairRows(columns), pv.comparisons);
  const svg = await page.textContent('#chart-pairwise-p svg');
  for (const c of tukey.measures[0].comparisons)
    assert.ok(svg.includes(c.p_adjusted === 0 ? '<0.0001' : c.p_adjusted < 0.001 ? '<.001' : c.p_adjusted.toFixed(3).replace(/^0/, '')), `${c.run} vs ${c.versus}`);
  // Intervals: each run's bootstrap percentile interval (the default: B and seed of the page)
  // over every qrels topic (unanswered: 0), as irlens.stats.interval; a mean of resampled scores lies
  // between the smallest and the largest score, so the interval never leaves AP's [0, 1] (the t
  // interval of dense.run is 0.670-1.121).
  const ev = irlens.evaluate(qrels, runs, ['AP'], { missing: 'zero' }); // the page's setting
  const iv = await pageDoc(page, '["intervals"');
  for (const r of RUNS) {
    const values = Object.values(ev.runs[r].perTopic).map((row) => row.AP);
    const { low, high } = irlens.stats.interval(values, { ci: 'percentile', confidence: 0.95, B: 10000, seed: 1 });
    assert.equal(iv.runs[r].low, low, r);
    assert.equal(iv.runs[r].high, high, r);
    assert.ok(Math.min(...values) - 1e-12 <= low && high <= Math.max(...values) + 1e-12, r); // a mean of equal scores may round by an ulp
  }
  assert.match(await page.textContent('#card-intervals'), /95% bootstrap percentile interval/);
  // Run order (setting so): by AP's mean, best first (the default), in the heatmap's rows and the
  // interval chart's; "by name" keeps name order. The means: the JS API's over all qrels topics.
  const yLabels = (id) => page.$$eval(`${id} svg .role-axis-label text`, (ts) => ts.map((t) => t.textContent)).then((ts) => ts.filter((t) => RUNS.includes(t)));
  const byMean = [...RUNS].sort((a, b) => ev.runs[b].mean.AP - ev.runs[a].mean.AP || (a < b ? -1 : 1));
  assert.notDeepEqual(byMean, RUNS, 'the example tells the orders apart');
  assert.deepEqual(await yLabels('#chart-intervals'), byMean);
  assert.deepEqual((await yLabels('#chart-pairwise-p')).slice(-RUNS.length), byMean); // the y axis (rows), after the x axis
  await afterRender(page, () => page.selectOption('#sel-so', 'name'));
  await page.waitForSelector('#chart-intervals svg');
  assert.deepEqual(await yLabels('#chart-intervals'), RUNS);
  assert.match(await page.evaluate(() => location.hash), /so=name/);
  await afterRender(page, () => page.selectOption('#sel-so', 'mean'));
  await page.waitForSelector('#chart-intervals svg');
  // Risk: the markers' comparison (t-test) with URisk / TRisk at alpha 1.
  const risk = irlens.compare(qrels, runs, MEASURES, { baseline: 'bm25.run', missing: 'zero', risk: 1, test: 't' });
  const rows = await page.$$eval('#risk-table tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  assert.equal(rows.length, 6 * 3);
  const ap = risk.measures.find((m) => m.measure === 'AP').comparisons.find((c) => c.run === 'hybrid.run');
  const row = rows.find((r) => r[0] === 'AP' && r[1] === 'hybrid.run');
  assert.equal(row[6], ap.urisk.toFixed(4));
  assert.ok(row[7].startsWith(ap.trisk.toFixed(3)));
  await shot(page, 'significance');
  // Exports: CSV rows and JSON document with provenance and seed; SVG and PNG with provenance.
  const csv = (await download(page, 'button[data-export="pairwise-p.csv"]')).bytes.toString('utf8').trim().split('\n');
  const prov = JSON.parse(csv[0].replace(/^# provenance: /, ''));
  assert.deepEqual(prov.seeds, { pairwise: { seed: '1', B: '10000' } });
  assert.equal(prov.statistics.test, tukey.test);
  assert.equal(csv[1], 'measure,run,versus,difference,statistic,p,p_adjusted,marker,topics,note');
  assert.equal(csv.length, 2 + 6); // 4 runs: 6 pairs
  const json = JSON.parse((await download(page, 'button[data-export="pairwise-p.json"]')).bytes);
  assert.deepEqual(json.measures, tukey.measures);
  assert.match((await download(page, 'button[data-export="pairwise-p.svg"]')).bytes.toString('utf8'), /^<svg[^>]*><metadata><!\[CDATA\[\{"tool":"irlens".*"seeds":\{"pairwise"/);
  const png = (await download(page, 'button[data-export="intervals.png"]')).bytes;
  assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
  assert.ok(png.toString('latin1').includes('tEXtirlens-provenance\0'));
  const riskCsv = (await download(page, 'button[data-export="risk.csv"]')).bytes.toString('utf8').trim().split('\n');
  assert.equal(riskCsv.length, 2 + 18);
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('Meta-evaluation view: first results with B = 1000 and 100 trials, labelled so, then the final ones of the JS API', async () => {
  // Every caption the discriminative-power and stability cards show, recorded as it appears.
  const page = await newPage(env.browser.context);
  await page.addInitScript(() => {
    window.__captions = [];
    new MutationObserver(() => {
      for (const c of document.querySelectorAll('#discriminative-power-table caption, #stability-table caption'))
        if (!window.__captions.includes(c.textContent)) window.__captions.push(c.textContent);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${env.server.url}#v=meta&B=4000&trials=400`);
  await waitReady(page);
  await page.waitForFunction(() => document.querySelector('#discriminative-power-table') && !document.querySelector('.stats-section[aria-busy]') && window.irlensApp.statsPool.jobs.size === 0);
  const o = { missing: 'zero' };
  // The preview: its own entries, the JS API's numbers with B = 1000 (trials 100), the same seed.
  assert.deepEqual(await pageDoc(page, '["meta-preview","discriminative-power"'), irlens.meta('discriminative-power', qrels, runs, MEASURES, { ...o, B: 1000 }));
  assert.deepEqual(await pageDoc(page, '["meta-preview","stability"'), irlens.meta('stability', qrels, runs, MEASURES, { ...o, trials: 100 }));
  // The final numbers: B = 4000 and 400 trials, as `irlens meta` with those settings.
  const dp = irlens.meta('discriminative-power', qrels, runs, MEASURES, { ...o, B: 4000 });
  assert.deepEqual(await pageDoc(page, '["meta","discriminative-power"'), dp);
  assert.deepEqual(await pageDoc(page, '["meta","stability"'), irlens.meta('stability', qrels, runs, MEASURES, { ...o, trials: 400 }));
  const captions = await page.evaluate(() => window.__captions);
  assert.ok(captions.some((c) => /B = 1000 resamples \(first results; the final B = 4000 is under way/.test(c)), captions.join('\n'));
  assert.ok(captions.some((c) => /^100 trials \(first results; the final 400 are under way/.test(c)), captions.join('\n'));
  // What stays: the final numbers and a caption naming their B (and no preview).
  assert.match(await page.textContent('#discriminative-power-table caption'), /B = 4000 resamples\. /);
  assert.match(await page.textContent('#stability-table caption'), /^400 trials\. /);
  assert.doesNotMatch(await page.textContent('#card-discriminative-power'), /first results/);
  assert.doesNotMatch(await page.textContent('#card-stability'), /first results/);
  assert.equal(await page.$$eval('#discriminative-power-table', (t) => t.length), 1);
  assert.deepEqual(await page.$$eval('#discriminative-power-table tbody tr', (trs) => trs.map((tr) => tr.children[2].textContent)), dp.measures.map((m) => String(m.significant_05)));
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('Meta-evaluation view: every analysis matches the JS API, leave-one-out with a groups file', async () => {
  const page = await open('#v=meta&B=500&trials=100');
  for (const s of ['#chart-asl svg', '#chart-correlation svg', '#discriminative-power-table', '#stability-table', '#unanimity-table', '#concordance-table'])
    await page.waitForSelector(s);
  const o = { missing: 'zero' };
  const dp = irlens.meta('discriminative-power', qrels, runs, MEASURES, { ...o, B: 500 });
  assert.deepEqual(await pageDoc(page, '["meta","discriminative-power"'), dp);
  const cells = (id) => page.$$eval(`${id} tbody tr`, (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  const f = (v) => (v === null ? '–' : v.toFixed(4));
  assert.deepEqual(await cells('#discriminative-power-table'), dp.measures.map((m) => [m.measure, String(m.pairs), String(m.significant_05), String(m.significant_01), f(m.min_difference_05), f(m.min_difference_01)]));
  const st = irlens.meta('stability', qrels, runs, MEASURES, { ...o, trials: 100 });
  assert.deepEqual(await pageDoc(page, '["meta","stability"'), st);
  assert.deepEqual((await cells('#stability-table')).map((r) => r[3]), st.measures.map((m) => f(m.stability)));
  assert.deepEqual(await pageDoc(page, '["meta","correlation"'), irlens.meta('correlation', qrels, runs, MEASURES, o));
  const mu = irlens.meta('unanimity', qrels, runs, MEASURES, o);
  assert.deepEqual((await cells('#unanimity-table')).map((r) => r[1]), mu.measures.map((m) => f(m.mu)));
  // Concordance: P@5 vs P@10 given the other measures as the gold standard.
  const cc = irlens.meta('concordance', qrels, runs, ['P@5', 'P@10'], { ...o, gold: ['AP', 'nDCG@10', 'RR', 'RBP(p=0.8)'] });
  assert.deepEqual(await pageDoc(page, '["meta","concordance"'), cc);
  // The heatmap's coefficient: tau_ap, asymmetric.
  await afterRender(page, () => page.selectOption('#sel-cm', 'tau_ap'), 'meta');
  assert.match(await page.textContent('#chart-correlation'), /tau_ap \(row vs column as reference\)/);
  await shot(page, 'meta');
  // Leave-one-out with a groups file: bm25 and hybrid from one team.
  const groups = join(tmp, 'teams.tsv');
  writeFileSync(groups, 'bm25.run\tteamA\nhybrid.run\tteamA\ndense.run\tteamB\nshuffled.run\tteamC\n');
  await afterRender(page, () => page.setInputFiles('#loo-groups', groups), 'meta');
  await afterRender(page, () => page.click('#loo-run'), 'meta');
  await page.waitForSelector('#loo-table');
  const loo = irlens.meta('loo', qrels, runs, MEASURES, { ...o, groups: irlens.loadGroups(readFileSync(groups), { name: 'teams.tsv' }) });
  assert.deepEqual((await cells('#loo-table')).map((r) => [r[0], r[1], r[6]]), loo.measures.flatMap((m) => m.runs.map((r) => [m.measure, r.run, f(r.loo)])));
  const csv = (await download(page, 'button[data-export="leave-one-out.csv"]')).bytes.toString('utf8').trim().split('\n');
  assert.equal(csv.length, 2 + 6 * 4);
  const asl = JSON.parse((await download(page, 'button[data-export="asl-curves.json"]')).bytes);
  assert.deepEqual(asl.provenance.seeds, { 'discriminative-power': { seed: '1', B: '500' } });
  assert.deepEqual(asl.measures, dp.measures);
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('long randomised work shows progress and is cancelled from the keyboard; the data stay loaded', async () => {
  // 30 runs x 40 topics: randomised Tukey HSD with B = 10^7 takes minutes here; whatever the
  // machine, the pool's test hook (statsPool.holding) keeps the job in progress until Cancel.
  let qrelsText = '';
  for (let t = 0; t < 40; t++) for (let d = 0; d < 10; d++) qrelsText += `q${t} 0 d${d} ${(t + d) % 3 ? 0 : 1}\n`;
  writeFileSync(join(tmp, 'big-qrels.txt'), qrelsText);
  const files = [];
  for (let r = 0; r < 30; r++) {
    let text = '';
    for (let t = 0; t < 40; t++) for (let d = 0; d < 10; d++) text += `q${t} Q0 d${(7 * d + r * t + r) % 10} ${d + 1} ${10 - d} r${r}\n`; // 7d mod 10: a permutation
    files.push(join(tmp, `r${r}.run`));
    writeFileSync(files.at(-1), text);
  }
  const page = await open();
  await loadOwn(page, join(tmp, 'big-qrels.txt'), files);
  await page.evaluate(() => { window.irlensApp.statsPool.holding = true; });
  await page.evaluate(() => window.irlensApp.set({ v: 'significance', hm: 'AP', ht: 'tukey', B: '10000000' }));
  await page.waitForSelector('#card-pairwise .stats-progress:not([hidden]), .stats-progress:not([hidden])');
  await page.waitForFunction(() => document.querySelector('.stats-progress progress').value > 0, null, { timeout: 60000 });
  assert.match(await page.textContent('.stats-progress-text'), /Computing statistics: \d+%/);
  await page.focus('.stats-progress .stats-cancel');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#card-pairwise .stats-cancelled');
  assert.equal(await page.isHidden('.stats-progress'), true);
  // The loaded data are intact: the table still shows the 30 runs.
  await afterRender(page, () => page.click('#tab-table'), 'table');
  assert.equal((await page.$$('#results tbody tr')).length, 30);
  // Nothing restarts by itself; a smaller B computes in the fresh workers.
  await page.evaluate(() => window.irlensApp.statsPool.release());
  await afterRender(page, () => page.click('#tab-significance'), 'significance');
  await page.waitForSelector('#card-pairwise .stats-cancelled');
  await afterRender(page, () => page.evaluate(() => window.irlensApp.set({ B: '200' })), 'significance');
  await page.waitForSelector('#chart-pairwise-p svg');
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

// Six topics, one relevant document r each; per topic, good ranks r first (RR 1), base second
// (RR 1/2), worse third (RR 1/3); copy is base under another name; every run has r in its top 10
// (P@10 = 1/10 for all). Differences vs base in RR: good +1/2 on every topic, worse -1/6, copy 0.
function handFixture() {
  let qrels = '';
  const order = { good: ['r', 'x1', 'x2'], base: ['x1', 'r', 'x2'], worse: ['x1', 'x2', 'r'], copy: ['x1', 'r', 'x2'] };
  const text = Object.fromEntries(Object.keys(order).map((k) => [k, '']));
  for (let t = 1; t <= 6; t++) {
    qrels += `t${t} 0 r 1\nt${t} 0 x1 0\nt${t} 0 x2 0\n`;
    for (const [k, docs] of Object.entries(order)) docs.forEach((d, i) => (text[k] += `t${t} Q0 ${d} ${i + 1} ${3 - i} ${k}\n`));
  }
  writeFileSync(join(tmp, 'hand-qrels.txt'), qrels);
  return Object.keys(order).map((k) => {
    writeFileSync(join(tmp, `${k}.run`), text[k]);
    return join(tmp, `${k}.run`);
  });
}

test('hand-checked: direction of the markers, undefined p as "–" with its reason, p = 1 by definition, "< 1/B"; table CSV and LaTeX carry them', async () => {
  const page = await open();
  await loadOwn(page, join(tmp, 'hand-qrels.txt'), handFixture());
  await afterRender(page, async () => {
    await page.fill('#measures', 'RR P@10');
    await page.press('#measures', 'Enter');
  });
  await afterRender(page, () => page.evaluate(() => window.irlensApp.set({ b: 'base.run' })));
  await page.waitForSelector('#sig-legend');
  const cell = (run, m) => `#results tr[data-run="${run}"] td[data-measure="${m}"] .sig-marker`;
  const marker = async (run, m) => [await page.textContent(cell(run, m)), await page.getAttribute(cell(run, m), 'title')];
  // t-test: constant differences (sd 0) give t = +-inf, p = 0: *** with the direction.
  let [text, title] = await marker('good.run', 'RR');
  assert.equal(text, '***+');
  assert.match(title, /adjusted p = 0 .*significantly better/);
  assert.equal((await marker('worse.run', 'RR'))[0], '***−');
  // copy = base: t = 0/0 is undefined, so is p: "–" and the reason, never p = 1.
  [text, title] = await marker('copy.run', 'RR');
  assert.equal(text, '–');
  assert.match(title, /p = –, adjusted p = – .*all differences are 0.*p is undefined/);
  assert.equal((await marker('good.run', 'P@10'))[0], '–'); // P@10 = 1/10 everywhere
  // Randomisation test, exact over the 2^6 sign flips of d = (1/2 x 6): only the two flips with
  // all signs equal reach |mean| >= 1/2, p = 2/64 = 0.03125 (*); copy: p = 1 by definition.
  await afterRender(page, () => page.selectOption('#sel-st', 'randomisation'));
  await page.waitForFunction(() => /randomisation/.test(document.querySelector('#sig-legend')?.textContent || ''));
  [text, title] = await marker('good.run', 'RR');
  assert.equal(text, '*+');
  assert.match(title, /adjusted p = 0\.0313 /); // 0.03125 to 3 significant digits
  assert.equal((await marker('worse.run', 'RR'))[0], '*−');
  [text, title] = await marker('copy.run', 'RR');
  assert.equal(text, '');
  assert.match(title, /adjusted p = 1\.00 .*p = 1 by definition/);
  // Studentised bootstrap, B = 100: no resample reaches t = inf, p = 0/100, shown as < 1/100.
  await afterRender(page, () => page.selectOption('#sel-st', 'bootstrap'));
  await afterRender(page, async () => {
    await page.fill('#stats-B', '100');
    await page.dispatchEvent('#stats-B', 'change');
  });
  await page.waitForFunction(() => /B=100,/.test(document.querySelector('#sig-legend')?.textContent || ''));
  [text, title] = await marker('good.run', 'RR');
  assert.equal(text, '***+');
  assert.match(title, /adjusted p = < 0\.01 /);
  // The table's CSV carries p, adjusted p, marker and note; LaTeX the markers and their legend.
  const csv = (await download(page, 'button[data-export="table.csv"]')).bytes.toString('utf8').trim().split('\n');
  assert.equal(csv[1], 'run,tag,measure,mean,ci95_low,ci95_high,diff_to_baseline,wins,ties,losses,p,p_adjusted,marker,note');
  const row = (run, m) => csv.find((l) => l.startsWith(`${run},`) && l.split(',')[2] === m).split(',');
  assert.deepEqual(row('good.run', 'RR').slice(10, 13), ['< 0.01', '< 0.01', '***+']);
  assert.deepEqual(row('worse.run', 'RR').slice(10, 13), ['< 0.01', '< 0.01', '***-']);
  assert.deepEqual(row('copy.run', 'RR').slice(10, 12), ['', '']); // undefined: empty, the note says why
  assert.match(row('copy.run', 'RR').slice(13).join(','), /p is undefined/);
  const tex = (await download(page, 'button[data-export="table.tex"]')).bytes.toString('utf8');
  assert.ok(tex.includes('$^{***+}$') && tex.includes('$^{***-}$'), tex);
  assert.ok(tex.includes('+ better than the baseline, - worse'));
  // Significance view: the risk table shows the undefined p as "–" (t-test: copy vs base).
  await afterRender(page, () => page.evaluate(() => window.irlensApp.set({ st: 't', v: 'significance', hm: 'RR' })), 'significance');
  await page.waitForSelector('#risk-table');
  const risk = await page.$$eval('#risk-table tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  const copy = risk.find((r) => r[0] === 'RR' && r[1] === 'copy.run');
  assert.equal(copy[5], '–');
  assert.match(copy[9], /p is undefined/);
  assert.equal(risk.find((r) => r[0] === 'RR' && r[1] === 'good.run')[5], '0***+');
  // Kendall's tau-b between RR and P@10: P@10 orders the runs as all tied, tau-b = 0/0: "–" in
  // Meta-evaluation and in Charts, with the reason on hover; never 1 or 0.
  await afterRender(page, () => page.click('#tab-meta'), 'meta');
  await page.waitForSelector('#chart-correlation svg');
  assert.ok((await page.textContent('#chart-correlation svg')).includes('–'));
  assert.doesNotMatch(await page.textContent('#chart-correlation svg'), /\d\.\d\d/);
  const pair = (await pageDoc(page, '["meta","correlation"')).pairs[0];
  assert.deepEqual([pair.tau_b, pair.p_tau_b, pair.note], [null, null, 'a ranking is constant: tau and p are undefined']);
  await afterRender(page, () => page.click('#tab-charts'), 'charts');
  await page.waitForSelector('#chart-kendall-tau svg');
  assert.ok((await page.textContent('#chart-kendall-tau svg')).includes('–'));
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('fewer than two common topics: the Significance and Meta-evaluation views say so in place of numbers', async () => {
  handFixture();
  // a answers t1-t3, b t4-t6: no topic in common with --missing skip (not the default: zero
  // scores every qrels topic, so that the runs share all six).
  let a = '', b = '';
  for (let t = 1; t <= 3; t++) a += `t${t} Q0 r 1 1 a\n`;
  for (let t = 4; t <= 6; t++) b += `t${t} Q0 r 1 1 b\n`;
  writeFileSync(join(tmp, 'a.run'), a);
  writeFileSync(join(tmp, 'b.run'), b);
  const page = await open('#missing=skip');
  await loadOwn(page, join(tmp, 'hand-qrels.txt'), [join(tmp, 'a.run'), join(tmp, 'b.run')]);
  await afterRender(page, () => page.click('#tab-significance'), 'significance');
  await page.waitForSelector('#card-pairwise .no-values');
  assert.match(await page.textContent('#card-pairwise .no-values'), /Fewer than two topics in common/);
  assert.equal(await page.$('#chart-pairwise-p svg'), null);
  // Meta-evaluation: the message in place of the correlation heatmap.
  await afterRender(page, () => page.click('#tab-meta'), 'meta');
  await page.waitForSelector('#card-correlation .error');
  assert.match(await page.textContent('#card-correlation .error'), /needs at least 2 topics that every run answered; the 0 of 6 qrels topics/);
  assert.equal(await page.$('#chart-correlation svg'), null);
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('Charts and Meta-evaluation show the same Kendall tau-b for each pair of measures, and say it is tau-b', async () => {
  const page = await open('#v=meta');
  await page.waitForSelector('#chart-correlation svg');
  const numbers = (sel) => page.$eval(sel, (svg) => [...svg.querySelectorAll('text')].map((t) => t.textContent).filter((t) => /^-?\d\.\d\d$/.test(t)));
  const meta = await numbers('#chart-correlation svg');
  assert.match(await page.textContent('#card-correlation'), /Kendall's tau-b/);
  await afterRender(page, () => page.click('#tab-charts'), 'charts');
  await page.waitForSelector('#chart-kendall-tau svg');
  assert.match(await page.textContent('#chart-kendall-tau'), /Kendall's tau-b/);
  assert.equal(meta.length, 6 * 5); // 6 measures, the diagonal left empty
  assert.deepEqual(await numbers('#chart-kendall-tau svg'), meta);
  await page.close();
});

test('statistics from the single-file irlens.html (file://) and offline; labelled controls', async () => {
  const single = await open('#v=significance&b=bm25.run', `file://${join(DIST, 'irlens.html')}`);
  await single.waitForSelector('#chart-pairwise-p svg');
  await single.waitForSelector('#risk-table');
  // The matrix's p-values (comparePValues' columns, transferred by the single file's Blob URL worker).
  const { measures: [pv], ...head } = irlens.compare(qrels, runs, ['P@5'], { missing: 'zero', test: 'tukey', only: 'p-values' });
  const columns = await pageDoc(single, '["p-values","P@5"');
  const { measures: pageColumns, runs: pageRuns, ...pageHead } = columns; // the head, without the columns
  assert.deepEqual(pageHead, head);
  assert.deepEqual(pairRows(columns), pv.comparisons);
  assert.deepEqual(await single.evaluate(() => window.__csp), []);
  assert.deepEqual(single.log.errors, []);
  assert.deepEqual(single.log.requests.filter((u) => !/^(file|data|blob):/.test(u)), []);
  await single.close();
  // Served site: once loaded, the statistics work offline (the stats workers are started ahead).
  const page = await open();
  await page.waitForFunction(() => window.irlensApp.statsPool.clients.length === window.irlensApp.statsPool.size);
  await page.evaluate(() => Promise.all(window.irlensApp.statsPool.clients.map((c) => c.request('init')))); // WASM loaded
  const loaded = page.log.requests.length;
  await env.browser.context.setOffline(true);
  try {
    await afterRender(page, () => page.click('#tab-meta'), 'meta');
    await page.waitForSelector('#chart-asl svg');
    await afterRender(page, () => page.click('#tab-significance'), 'significance');
    await page.waitForSelector('#chart-pairwise-p svg');
    for (const view of ['significance', 'meta', 'table']) {
      await afterRender(page, () => page.click(`#tab-${view}`), view);
      const unlabelled = await page.$$eval('#view input, #view select, #view button', (els) => els.filter((e) => {
        const name = e.getAttribute('aria-label') || (e.labels && e.labels.length && e.labels[0].textContent.trim()) || (e.tagName === 'BUTTON' && e.textContent.trim());
        return !name;
      }).map((e) => e.outerHTML.slice(0, 80)));
      assert.deepEqual(unlabelled, [], view);
    }
  } finally {
    await env.browser.context.setOffline(false);
  }
  assert.deepEqual(page.log.requests.slice(loaded).filter((u) => /^https?:/.test(u)), []);
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('the p-value matrix of 8 real runs (TREC 2012 Web, ../shared): each cell\'s label within its cell', async (t) => {
  const dir = join(SHARED, 'data', 'web2012');
  if (!existsSync(dir)) {
    console.log(`SKIPPED: ${dir} is absent`);
    t.skip(`${dir} is absent`);
    return;
  }
  const page = await open('#v=significance&hm=P%405');
  await afterRender(page, () => page.setInputFiles('#qrels-file', join(dir, 'qrels', 'qrels.adhoc.txt')), 'significance');
  await afterRender(page, () => page.setInputFiles('#run-files', readdirSync(join(dir, 'runs')).sort().map((r) => join(dir, 'runs', r))), 'significance');
  await page.waitForSelector('#chart-pairwise-p svg', { timeout: 120000 });
  // randomised Tukey HSD, B = 10000: a p of 0 reads "<0.0001" with its marker and direction ("<0.0001***+")
  const cells = await page.$eval('#chart-pairwise-p svg', (svg) => ({
    cell: svg.querySelector('.mark-rect path').getBoundingClientRect().width,
    labels: [...svg.querySelectorAll('g.mark-text.role-mark text')].map((l) => ({ text: l.textContent, width: l.getBoundingClientRect().width })),
  }));
  assert.ok(cells.labels.some((l) => l.text.startsWith('<0.0001')), `a p of 0 among ${cells.labels.map((l) => l.text)}`);
  assert.deepEqual(cells.labels.filter((l) => l.width > cells.cell - 2), [], `labels wider than a cell (${cells.cell} px)`);
  await page.close();
});
