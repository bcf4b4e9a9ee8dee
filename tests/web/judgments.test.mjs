// The Judgments view (views/judgments.js, worker-judgments.js) in headless Chromium: the example's
// qrels (A) against a second qrels file chosen in the view (B: the example's, every grade 2 made 3
// and every third grade 1 made 0: a different scale, stated) shows `irlens judgments --format
// json`'s numbers for the same files (the label agreement, the runs' means under both with their
// bootstrap intervals, drawn as error bars on the scatter; the verdicts under the test and
// correction chosen with the Significance tab's controls), its exports (CSV, JSON, LaTeX: the
// CLI's tables; the scatter's SVG and data) carry the provenance with both qrels' SHA-256, the
// test and correction, and the HTML report shows the comparison. A second B (a topic missing, a
// topic with no document in common) is stated in words, never a number made up. Screenshots at
// 1400 and 390 px: tests/artifacts/judgments*.png.
// Run: web/build.sh && node --test --test-concurrency=1 tests/web/judgments.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { TESTS, CORRECTIONS } from '../../web/src/base/significance-labels.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NATIVE, ROOT, browserSession, downloadOf, afterRender, shot, cutControlTexts, downloadBytes } from './harness.mjs';

const EXAMPLES = join(ROOT, 'examples');
const dir = mkdtempSync(join(tmpdir(), 'irlens-web-judgments-'));
const qrelsB = join(dir, 'llm.qrels');
writeFileSync(qrelsB, readFileSync(join(EXAMPLES, 'qrels.txt'), 'utf8').split('\n')
  .map((line, i) => line.replace(/ 2$/, ' 3').replace(/ 1$/, i % 3 === 0 ? ' 0' : ' 1')).join('\n'));
const sha = (path) => createHash('sha256').update(readFileSync(path)).digest('hex');

function cli(measure, extra = [], { b = qrelsB, format = 'json' } = {}) {
  const runs = ['bm25.run', 'dense.run', 'hybrid.run', 'shuffled.run'].map((r) => join(EXAMPLES, r));
  const r = spawnSync(NATIVE, ['judgments', join(EXAMPLES, 'qrels.txt'), b, ...runs, '-m', measure, ...extra, '-f', format], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return format === 'json' ? JSON.parse(r.stdout) : r.stdout;
}

/** The options (value and text) of the select labelled `label`. */
const optionsOf = (page, label) => page.getByLabel(label).evaluate((s) => [...s.options].map((o) => ({ value: o.value, label: o.text })));

const session = browserSession();

test('Judgments: a second qrels file against the loaded one shows irlens judgments\' numbers', async () => {
  const page = await session.open();
  await page.setViewportSize({ width: 1400, height: 900 });
  await afterRender(page, () => page.getByRole('tab', { name: 'Judgments' }).click(), 'judgments');
  assert.match(await page.textContent('#view'), /Choose the second qrels file \(B\)/);
  assert.deepEqual(await cutControlTexts(page, '#view'), [], 'every placeholder readable in its box');
  await afterRender(page, () => page.getByLabel('Second qrels file (B)').setInputFiles(qrelsB), 'judgments');
  await page.waitForSelector('.judgments-out table');
  const native = cli('P@5');
  const f = (v) => (v === null ? '–' : v.toFixed(4));
  // The label table's overall row: pairs, observed, the three kappas, the three alphas, binary agreement and kappa.
  const all = await page.$eval('.judgments-out table tbody tr', (tr) => [...tr.children].map((c) => c.textContent));
  const l = native.labels;
  assert.deepEqual(all.slice(0, 11), ['all', String(l.pairs), ...['observed', 'kappa', 'kappa_linear', 'kappa_quadratic', 'alpha_nominal',
    'alpha_ordinal', 'alpha_interval'].map((k) => f(l[k])), f(l.binary.agreement), f(l.binary.kappa)]);
  assert.ok(l.kappa !== null && l.kappa < 1, 'the relabelling disagrees somewhere');
  // The scale is stated (B uses grade 3, A does not).
  assert.match(await page.textContent('#view'), /Grades: the two sets use different grades: qrels\.txt -1,0,1,2, llm\.qrels -1,0,1,3/);
  // The runs' means under A and B with their bootstrap intervals (the table's first measure, P@5), as the CLI's.
  const runs = await page.$$eval('.judgments-out table', (ts) => {
    const t = ts.find((x) => x.caption.textContent.startsWith('P@5: the runs'));
    return [...t.tBodies[0].rows].map((tr) => [...tr.children].map((c) => c.textContent));
  });
  const expected = [...native.conclusions.measures[0].runs].sort((x, y) => x.rank_a - y.rank_a)
    .map((r) => [r.run, f(r.mean_a), `[${f(r.interval_a[0])}, ${f(r.interval_a[1])}]`, f(r.mean_b), `[${f(r.interval_b[0])}, ${f(r.interval_b[1])}]`, String(r.rank_a), String(r.rank_b)]);
  assert.deepEqual(runs, expected);
  // The JSON export: the document with the provenance of A, the runs, and B.
  const { name, text } = await downloadOf(page, '[data-export="judgments.json"]');
  assert.equal(name, 'irlens-judgments.json');
  const doc = JSON.parse(text);
  assert.equal(doc.provenance.analysis.qrels_b.sha256, sha(qrelsB));
  assert.equal(doc.provenance.inputs.find((i) => i.role === 'qrels').sha256, sha(join(EXAMPLES, 'qrels.txt')));
  assert.deepEqual(doc.document.labels, native.labels);
  // The scatter of the runs' means: its data export holds the CLI's means, one row per run.
  await page.waitForSelector('#chart-judgments-P-5 svg');
  const scatter = JSON.parse((await downloadOf(page, 'button[data-export="judgments-P-5.json"]')).text);
  assert.equal(scatter.provenance.analysis.view, 'judgments-P-5');
  assert.deepEqual(scatter.rows.map((r) => [r.run, r.mean_a, r.mean_b]), native.conclusions.measures[0].runs.map((r) => [r.run, r.mean_a, r.mean_b]));
  assert.match(await page.textContent('#chart-judgments-P-5 svg'), /P@5 under A/);
  // The confusion matrix as a heatmap: the largest count's cell the darkest.
  const shades = await page.$$eval('.judgments-out td.heat', (tds) => tds.map((td) => [Number(td.textContent), getComputedStyle(td).backgroundColor]));
  const max = Math.max(...shades.map(([n]) => n));
  assert.ok(shades.some(([n, bg]) => n === max && bg === 'rgba(70, 110, 200, 0.8)'), JSON.stringify(shades));
  // The runs' means with their bootstrap intervals (the page's B and seed: 10000 and 1, the CLI's
  // defaults): the table and the scatter's data export as the CLI's, and one error bar per
  // interval drawn (x and y for each of the 4 runs), with the diagonal.
  const m0 = native.conclusions.measures[0];
  assert.ok(m0.runs.every((r) => r.interval_a[0] < r.interval_a[1] || r.interval_b[0] < r.interval_b[1]), 'the intervals have a width');
  assert.deepEqual(scatter.columns, ['run', 'mean_a', 'mean_a_low', 'mean_a_high', 'mean_b', 'mean_b_low', 'mean_b_high', 'rank_a', 'rank_b']);
  assert.deepEqual(scatter.rows.map((r) => [r.run, r.mean_a_low, r.mean_a_high, r.mean_b_low, r.mean_b_high]),
    m0.runs.map((r) => [r.run, ...r.interval_a, ...r.interval_b]));
  const bars = await page.$$eval('#chart-judgments-P-5 svg .mark-rule.role-mark', (gs) => gs.map((g) => g.querySelectorAll('line, path').length));
  assert.deepEqual(bars, [4, 4], 'an error bar along x and one along y per run');
  assert.equal(await page.$$eval('#chart-judgments-P-5 svg .mark-line path', (ps) => ps.length), 1, 'the diagonal');
  assert.match(await page.textContent('#chart-judgments-P-5 svg'), /95% bootstrap intervals over topics/);
  // Every export's provenance names both qrels with their SHA-256, the measures, test and correction, the format.
  const analysisOk = (a, what) => {
    assert.equal(a.format, 2, what);
    assert.equal(a.qrels_a.sha256, sha(join(EXAMPLES, 'qrels.txt')), what);
    assert.equal(a.qrels_b.sha256, sha(qrelsB), what);
    assert.deepEqual([a.measures, a.test, a.correction], [['P@5'], 't', 'none'], what);
  };
  analysisOk(doc.provenance.analysis, 'JSON');
  analysisOk(scatter.provenance.analysis, 'the scatter\'s JSON');
  assert.deepEqual(doc.provenance.seeds, { judgments: { seed: '1', B: '10000' } });
  const csv = (await downloadOf(page, '[data-export="judgments.csv"]')).text.split('\n');
  analysisOk(JSON.parse(csv[0].replace(/^# provenance: /, '')).analysis, 'CSV');
  assert.equal(csv[1], 'scope,pairs,observed,expected,kappa,kappa_linear,kappa_quadratic,alpha_nominal,alpha_ordinal,alpha_interval,binary_agreement,binary_kappa,note');
  assert.equal(csv[2].split(',').slice(0, 5).join(), ['all', l.pairs, l.observed, l.expected, l.kappa].join());
  // LaTeX: the CLI's `-f latex` bytes after the provenance line.
  const tex = await downloadOf(page, '[data-export="judgments.tex"]');
  assert.equal(tex.name, 'irlens-judgments.tex');
  const [texProv, ...texRest] = tex.text.split('\n');
  analysisOk(JSON.parse(texProv.replace(/^% provenance: /, '')).analysis, 'LaTeX');
  assert.equal(texRest.join('\n'), cli('P@5', [], { format: 'latex' }).replace(/A = \S*qrels\.txt, B = \S*llm\.qrels/, 'A = qrels.txt, B = llm.qrels'));
  // The scatter as SVG: its metadata holds the same provenance.
  const svg = (await downloadOf(page, 'button[data-export="judgments-P-5.svg"]')).text;
  const svgProv = JSON.parse(svg.match(/<metadata><!\[CDATA\[(.*?)\]\]><\/metadata>/s)[1]);
  analysisOk(svgProv.analysis, 'SVG');
  assert.equal(svgProv.analysis.measure, 'P@5');
  await shot(page, 'judgments');
  // The test and correction of the verdicts: the Significance tab's choices, names and defaults.
  assert.deepEqual(await optionsOf(page, 'Pairwise test'), TESTS);
  assert.deepEqual(await optionsOf(page, 'Correction'), CORRECTIONS);
  assert.match(await page.textContent('.judgments-verdicts'), new RegExp(`^Significance verdicts by ${m0.test}, a pair significant when its adjusted p < 0\\.05: ${m0.significant_a} of 6 pairs significant under A, ${m0.significant_b} under B, ${m0.changes.length} verdicts? changed\\.$`));
  await afterRender(page, () => page.getByLabel('Pairwise test').selectOption('wilcoxon'), 'judgments');
  await afterRender(page, () => page.getByLabel('Correction').selectOption('holm'), 'judgments');
  await page.waitForSelector('.judgments-verdicts');
  const holm = cli('P@5', ['--test', 'wilcoxon', '--correction', 'holm']).conclusions.measures[0];
  assert.equal(holm.test, 'Wilcoxon signed-rank test, two-sided, Holm correction over 6 pair(s)');
  assert.equal(await page.textContent('.judgments-verdicts'), `Significance verdicts by ${holm.test}, a pair significant when its adjusted p < 0.05: `
    + `${holm.significant_a} of 6 pairs significant under A, ${holm.significant_b} under B, ${holm.changes.length} verdict${holm.changes.length === 1 ? '' : 's'} changed.`);
  const holmJson = JSON.parse((await downloadOf(page, '[data-export="judgments.json"]')).text);
  assert.deepEqual([holmJson.provenance.analysis.test, holmJson.provenance.analysis.correction], ['wilcoxon', 'holm']);
  assert.deepEqual(holmJson.document.conclusions.measures[0].changes, holm.changes);
  // The HTML report holds the comparison (the tab has results): the label table, the scatter with its error bars, both SHA-256, no control.
  await afterRender(page, () => page.getByRole('tab', { name: 'Table' }).click(), 'table'); // the report's button is beside the table's exports
  const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 120000 }), page.getByRole('button', { name: 'HTML report' }).click()]);
  const html = (await downloadBytes(dl)).toString('utf8');
  const report = await session.browser.context.newPage();
  await report.setContent(html);
  const prov = JSON.parse(await report.textContent('#report-provenance-json'));
  assert.equal(prov.report.format, 3);
  assert.ok(prov.report.views.includes('judgments'));
  assert.equal(await report.textContent('#report-view-judgments h2'), 'Judgments');
  const section = await report.textContent('#report-view-judgments');
  for (const file of [join(EXAMPLES, 'qrels.txt'), qrelsB]) assert.ok(section.includes(sha(file)), `the report names ${file} by its SHA-256`);
  assert.ok(section.includes(holm.test), 'the report names the test and correction');
  assert.deepEqual(await report.$eval('#report-view-judgments table tbody tr', (tr) => [...tr.children].slice(0, 11).map((c) => c.textContent)), all.slice(0, 11));
  assert.deepEqual(await report.$$eval('#report-view-judgments #chart-judgments-P-5 svg .mark-rule.role-mark', (gs) => gs.map((g) => g.querySelectorAll('line, path').length)), [4, 4]);
  assert.equal(await report.$('#report-view-judgments input, #report-view-judgments select, #report-view-judgments button'), null, 'no controls in the report');
  assert.deepEqual(section.match(/[^.\n]*\b(hover|click|point at|select a cell|tap)\b[^.\n]*/gi) ?? [], [], 'no instruction that needs script');
  await report.close();
  await afterRender(page, () => page.getByRole('tab', { name: 'Judgments' }).click(), 'judgments');
  assert.deepEqual(await page.$$eval('#judgments-qrels-b', (is) => is.map((i) => !!i.closest('#view'))), [true], 'the file input, once, still in the tab after the report');
  assert.equal(await page.$eval('#judgments-qrels-b', (i) => i.files[0] && i.files[0].name), 'llm.qrels');
  // Tukey HSD adjusts for every pair itself: no Correction then, as on the Significance tab.
  await afterRender(page, () => page.getByLabel('Pairwise test').selectOption('tukey'), 'judgments');
  assert.equal(await page.$('#sel-jdCorrection'), null);
  const tukey = cli('P@5', ['--test', 'tukey']).conclusions.measures[0];
  assert.match(await page.textContent('.judgments-verdicts'), new RegExp(`^Significance verdicts by ${tukey.test.replace(/[()]/g, '\\$&')}, `));
  // B's grades mapped onto A's scale (3 -> 2): stated, and the CLI's numbers with --map-b.
  const map = '-1:-1,0:0,1:1,3:2';
  await afterRender(page, async () => {
    await page.getByLabel("Map B's grades").fill(map);
    await page.getByLabel("Map B's grades").press('Enter');
  }, 'judgments');
  await page.waitForSelector('.judgments-out table');
  assert.match(await page.textContent('#view'), /Grades: grades of llm\.qrels mapped \(--map-b\) onto -1,0,1,2\./);
  const mapped = cli('P@5', ['--map-b', map]).labels;
  const allMapped = await page.$eval('.judgments-out table tbody tr', (tr) => [...tr.children].map((c) => c.textContent));
  assert.deepEqual(allMapped.slice(2, 6), [f(mapped.observed), f(mapped.kappa), f(mapped.kappa_linear), f(mapped.kappa_quadratic)]);
  assert.notEqual(allMapped[3], all[3], 'the map changes kappa');
  await page.setViewportSize({ width: 390, height: 844 });
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'nothing wider than a phone screen');
  assert.deepEqual(await cutControlTexts(page, '#view'), [], 'every placeholder readable at 390 px');
  await shot(page, 'judgments-390');
});

test('Judgments: topics of one set only and a topic with no document in common are stated in words, never a number', async () => {
  // B2: the example's qrels without topic 103 (empty in B), topic 102's documents renamed (judged
  // in both sets, no (topic, document) pair in common).
  const b2 = join(dir, 'b2.qrels');
  writeFileSync(b2, readFileSync(join(EXAMPLES, 'qrels.txt'), 'utf8').split('\n').filter((line) => !line.startsWith('103 '))
    .map((line) => line.replace(/^102 0 d/, '102 0 e')).join('\n'));
  const native = cli('P@5', [], { b: b2 });
  const page = await session.open();
  await afterRender(page, () => page.getByRole('tab', { name: 'Judgments' }).click(), 'judgments');
  await afterRender(page, () => page.getByLabel('Second qrels file (B)').setInputFiles(b2), 'judgments');
  await page.waitForSelector('.judgments-out table');
  // Which topics are compared and why: 103 left out, named.
  assert.deepEqual(native.topics.only_a, ['103']);
  assert.equal(await page.textContent('.judgments-topics'),
    "Topics: 2 topic(s) judged in both sets compared; 1 judged in qrels.txt only, left out of the agreement and of the runs' scores: 103.");
  assert.equal(await page.getAttribute('.judgments-topics', 'class'), 'warning judgments-topics');
  // Topic 102: no pair judged in both: – in every statistic, the reason beside, its judgments counted as one-sided.
  const rows = await page.$eval('.judgments-out table', (t) => [...t.tBodies[0].rows].map((tr) => [...tr.children].map((c) => [c.textContent, c.getAttribute('title')])));
  const t102 = rows.find((r) => r[0][0] === '102');
  assert.deepEqual(t102.map((c) => c[0]), ['102', '0', ...Array(9).fill('–'), 'no item labelled in both sets']);
  assert.ok(t102.slice(2, 11).every((c) => c[1] === 'no item labelled in both sets'), 'the reason on hover');
  assert.deepEqual(rows.map((r) => r[0][0]), ['all', '101', '102'], 'no row for the topic of one set only');
  assert.match(await page.textContent('#view'), /Judged in A only: 1 of grade -1, 8 of grade 0, 4 of grade 1, 2 of grade 2; in B only: 4 of grade 0, 1 of grade 1, 1 of grade 2\./);
  // The runs: scored on the topics both judge, said so; the runs' lines for topic 103 counted in the warnings.
  assert.equal(await page.textContent('.judgments-policy'), `Runs: ${native.conclusions.topic_policy}.`);
  assert.equal(native.conclusions.measures[0].topics, 2);
  assert.match(await page.textContent('.judgments-warnings'), /bm25\.run: 7 lines for 1 topic\(s\) not in the qrels were ignored \(103\)/);
  await page.setViewportSize({ width: 390, height: 844 });
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'nothing wider than a phone screen');
  await shot(page, 'judgments-topics-390');
});
