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
  assert.equal(await page.textContent('.axioms-grid tbody tr:first-child th .axiom-name'), 'P@k');
  // The paper's mark beside each verdict of Table 1 (docs/axioms.md); a disagreement where the
  // two differ, and only there: 40 of them, D1 ... D40.
  const marks = await page.$$eval('.axioms-grid button', (bs) => bs.map((b) => ({ kind: [...b.classList].find((c) => c.startsWith('axiom-') && c !== 'axiom-cell' && c !== 'axiom-disagree'),
    paper: b.dataset.paper, d: b.dataset.disagreement, text: b.textContent, name: b.closest('tr').querySelector('.axiom-name').textContent, constraint: b.dataset.constraint })));
  assert.equal(marks.length, 200);
  const symbol = { 'axiom-violated': '✗', 'axiom-no_witness': '✗', 'axiom-no_violation': '✓', 'axiom-witness': '✓' };
  for (const m of marks) {
    assert.ok(['✓', '✗', '–'].includes(m.paper), JSON.stringify(m));
    const differ = m.paper !== '–' && symbol[m.kind] !== undefined && symbol[m.kind] !== m.paper;
    assert.equal(m.d !== '', differ, `${m.name} ${m.constraint}: ${JSON.stringify(m)}`);
    assert.ok(m.text.includes(`paper ${m.paper}`) && (!m.d || m.text.includes(m.d)), m.text);
  }
  assert.deepEqual(marks.filter((m) => m.d).map((m) => Number(m.d.slice(1))), Array.from({ length: 40 }, (_, i) => i + 1));
  // hand-checked cells of the docs' table
  const cell = (name, c) => marks.find((m) => m.name === name && m.constraint === c);
  assert.deepEqual([cell('P@k', 'CloseTh').paper, cell('P@k', 'CloseTh').d], ['✗', 'D1']);
  assert.deepEqual([cell('RR-IA@k', 'AspRel').paper, cell('RR-IA@k', 'AspRel').d], ['✓', 'D9']);
  assert.deepEqual([cell('AP', 'Pri').paper, cell('AP', 'Pri').d], ['–', '']);
  // A disagreement's cell opens its explanation: the entry and its cause.
  await page.getByRole('button', { name: 'RR-IA@k, AspRel: violated', exact: true }).click();
  const why = page.getByRole('region', { name: 'Disagreement D9' });
  await why.waitFor();
  assert.match(await why.textContent(), /The paper's Table 1 marks RR-IA@k, AspRel: ✓; irlens: violated\..*Why they disagree \(docs\/axioms\.md, D9\): RR-IA@k, AspRel: paper ✓.*Cause 4: Later documents\./);

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
  // The helper documents of the case are explained: the grade-5 one keeps the grades ranked low.
  const ranked = new Set([...deep.counterexample.better.ranking, ...deep.counterexample.worse.ranking]);
  const five = Object.entries(deep.counterexample.judgments).filter(([d, g]) => !ranked.has(d) && g === 5).map(([d]) => d);
  assert.equal(five.length, 1, JSON.stringify(deep.counterexample.judgments));
  const helpers = await page.textContent('.axiom-helpers');
  assert.ok(helpers.includes(`${five[0]} (5: scale helper)`), helpers);
  assert.match(helpers, /helper documents are part of the case, not of either ranking/);
  // AP as typed heads its row, its canonical form whole below it.
  assert.equal(await page.textContent('.axioms-grid tbody th .axiom-name'), 'AP');
  assert.equal(await page.textContent('.axioms-grid tbody th .axiom-canonical'), native.results[0].measure);
  // A long name keeps its cutoff in sight: nDCG@5 typed, the canonical form (…@5) not cut off.
  await enter('Measures', 'nDCG@5');
  await page.waitForSelector('.axioms-grid');
  assert.equal(await page.textContent('.axioms-grid tbody th .axiom-name'), 'nDCG@5');
  const canon = await page.$eval('.axioms-grid tbody th .axiom-canonical', (e) => ({ text: e.textContent, cut: e.scrollWidth > e.clientWidth || e.closest('th').scrollWidth > e.closest('th').clientWidth }));
  assert.match(canon.text, /^nDCG\(.*\)@5$/);
  assert.equal(canon.cut, false, 'the canonical form is whole');
  for (const width of [1400, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(pageWidth <= width, `no horizontal scrolling of the page at ${width} px (${pageWidth} px wide)`);
    await shot(page, `axioms-${width}`);
  }
});
