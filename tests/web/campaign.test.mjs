// The web app on a real campaign (TREC-COVID round 1, ../shared/data/covid-r1) in headless
// Chromium, as a user meets it: the example shows, the user's qrels and runs come on top without
// removing anything, and every tab is visited. With all 143 runs (issue 25, section 2): no tab
// makes Vega warn about a limit (legend symbols, categories), the run labels of the Relative (NRG)
// view's scatters and of the Charts view's do not overlap, no chart's text is cut at its edge nor
// are its tick labels run together, no table caption is cut, the Subtopics view fits in 2,700 px. Screenshots of every view at 1400 px and
// 390 px land in tests/artifacts/ (look at them). Without ../shared each test says SKIPPED.
// Run: web/build.sh && node --test tests/web/campaign.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { ARTIFACTS, SHARED, browserSession, tableTexts, nativeEval, afterRender, chartTextProblems, cutControlTexts } from './harness.mjs';

const DIR = join(SHARED, 'data', 'covid-r1');
const QRELS = join(DIR, 'qrels-rnd1.txt');
const ALL_RUNS = existsSync(DIR) ? readdirSync(join(DIR, 'runs')).sort().map((r) => join(DIR, 'runs', r)) : [];
const session = browserSession({ ownChromium: true }); // covid-r1's 143 runs chosen: uploaded over a shared browser's connection (harness.mjs)

function skipWithoutShared(t) {
  if (existsSync(DIR)) return false;
  console.log(`SKIPPED: ${DIR} is absent`);
  t.skip(`${DIR} is absent`);
  return true;
}

/** The tab ids, in order. */
const tabs = (page) => page.$$eval('#tabs [role=tab]', (bs) => bs.map((b) => b.id.replace(/^tab-/, '')));

/** Loads the covid-r1 qrels and `runs` on top of the preloaded example, as a user would. */
async function loadCampaign(page, runs) {
  await afterRender(page, () => page.setInputFiles('#qrels-file', QRELS));
  await afterRender(page, () => page.setInputFiles('#run-files', runs));
  const s = await page.evaluate(() => {
    const st = window.irlensApp.state;
    return { example: st.example, qrels: st.qrels.info.topics.length, runs: st.runs.map((r) => ({ name: r.source.name, topics: r.info && r.info.topicsAnswered, excluded: !!r.excluded })) };
  });
  assert.equal(s.example, false);
  assert.equal(await page.isVisible('#example-badge'), false);
  assert.equal(s.qrels, 30);
  assert.equal(s.runs.length, runs.length);
  for (const r of s.runs) assert.ok(r.topics > 0 && !r.excluded, `${r.name}: ${r.topics} topics`);
  const shown = await tableTexts(page);
  assert.equal(Object.keys(shown).length, runs.length);
  for (const [run, cells] of Object.entries(shown)) assert.ok(Object.values(cells).every((v) => /^\d\.\d{4}$/.test(v)), `${run}: ${JSON.stringify(cells)}`);
  assert.ok(!Object.keys(shown).some((r) => /^(bm25|dense|hybrid|shuffled)\.run$/.test(r)), 'no example run is left');
}

test('the example, then a TREC-COVID qrels and 20 of its runs: the example is gone, every tab counts the right runs and topics', async (t) => {
  if (skipWithoutShared(t)) return;
  const runs = ALL_RUNS.slice(0, 20);
  // --missing skip (not the default): the statistics count the topics every run answered.
  const page = await session.open('#B=1000&trials=100&missing=skip');
  await loadCampaign(page, runs);
  // The topics every run answered, from the native CLI's per-topic scores.
  const native = nativeEval(QRELS, runs, 'AP', ['--missing', 'skip']);
  const common = Object.values(native.runs).map((r) => new Set(Object.keys(r.per_topic))).reduce((a, b) => new Set([...a].filter((x) => b.has(x))));
  await afterRender(page, () => page.selectOption('#baseline', 'BBGhelani1'));
  for (const id of await tabs(page)) {
    await afterRender(page, () => page.click(`#tab-${id}`), id);
    const text = await page.textContent('#view');
    if (id === 'significance' || id === 'meta') {
      assert.ok(!/\b0 of \d+ qrels topics/.test(text), `${id}: ${text.slice(0, 300)}`);
      assert.match(text, new RegExp(`the ${common.size} of 30 qrels topics that every compared run answered`), id);
    }
    if (id === 'meta') assert.match(text, /over the 20 runs' scores/i);
  }
  // Holm over the 19 comparisons with the baseline (not 23: no example run among them).
  const doc = await page.evaluate(async () => {
    const app = window.irlensApp;
    return app.statsPool.run('compareScores', { result: app.state.result, qrels: { name: app.state.qrels.info.name, topics: app.state.qrels.info.topics.length }, options: { baseline: 'BBGhelani1', test: 't', correction: 'holm', measures: ['AP'] } });
  });
  assert.equal(doc.measures[0].comparisons.length, 19);
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('a value that does not come from irlens: the table equals trec_eval 10.0 -c on 8 covid-r1 runs (../shared ref files)', async (t) => {
  if (skipWithoutShared(t)) return;
  const runs = ALL_RUNS.slice(0, 8);
  // Unanswered topics scored 0 (the page's "zero", trec_eval's -c, as the ref files were made).
  const page = await session.open(`#missing=zero&m=${encodeURIComponent('P@5 AP nDCG@10')}`);
  await loadCampaign(page, runs);
  const shown = await tableTexts(page);
  const trecEvalName = { 'P@5': 'P_5', AP: 'map', 'nDCG@10': 'ndcg_cut_10' };
  for (const path of runs) {
    const run = path.split('/').pop().replace(/\.gz$/, ''); // the run name of NAME.gz
    const ref = gunzipSync(readFileSync(join(DIR, 'ref', `${run}.all_trec.txt.gz`))).toString();
    for (const [m, te] of Object.entries(trecEvalName)) {
      const want = ref.match(new RegExp(`^${te}\\s+all\\t(\\S+)$`, 'm'));
      assert.ok(want, `${run}: no '${te} all' line in the reference`);
      assert.equal(shown[run][m], want[1], `${run} ${m}`);
    }
  }
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

/**
 * The boxes of the run labels the chart `#ID` shows (charts/run-labels.js: the Relative view's
 * scatters, the Charts view's), as the browser lays out its SVG text elements: [{text, left, top, right, bottom}].
 */
const runLabelBoxes = (page, id) => page.$$eval(`#${id} svg .run_labels_marks text`, (texts) => texts
  .filter((t) => Number(getComputedStyle(t).opacity) > 0 && t.textContent)
  .map((t) => { const b = t.getBoundingClientRect(); return { text: t.textContent, left: b.left, top: b.top, right: b.right, bottom: b.bottom }; }));

/** The pairs of boxes that intersect (share more than a border). */
function intersecting(boxes) {
  const pairs = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
    if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) pairs.push(`${a.text} / ${b.text}`);
  }));
  return pairs;
}

test('the whole campaign (143 runs) after the example: the table and every tab, at 1400 px and 390 px; no Vega limit warning, NRG labels apart, Subtopics within 2,700 px', async (t) => {
  if (skipWithoutShared(t)) return;
  const page = await session.open('#B=1000&trials=100');
  // 143 runs keep the page busy for long on a loaded machine (a click waits for it): no time is checked here.
  page.setDefaultTimeout(120000);
  // Vega and Vega-Lite warn on the console ("WARN Symbol legend count exceeds limit ..."); the tab shown is noted.
  const vegaWarnings = [];
  let shown = 'loading';
  page.on('console', (m) => { if (m.type() === 'warning') vegaWarnings.push(`${shown}: ${m.text()}`); });
  await page.setViewportSize({ width: 1400, height: 900 });
  await loadCampaign(page, ALL_RUNS);
  for (const [width, suffix] of [[1400, 'wide'], [390, 'phone']]) {
    await page.setViewportSize({ width, height: 900 });
    for (const id of await tabs(page)) {
      shown = `${id} at ${width} px`;
      await afterRender(page, () => page.click(`#tab-${id}`), id);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(overflow <= width, `${id}: no horizontal scrolling of the page at ${width} px (${overflow} px wide)`);
      // every chart drawn by now: no text cut at a chart's edge, no tick labels run together
      await page.evaluate(() => document.fonts.ready);
      assert.deepEqual(await chartTextProblems(page), [], `${id} at ${width} px`);
      // every placeholder and chosen option readable in its box ("whole run", not "whole ru")
      assert.deepEqual(await cutControlTexts(page), [], `${id} at ${width} px: controls' texts cut`);
      // a table wider than its box scrolls in it; its caption stays within the box
      assert.deepEqual(await page.$$eval(':is(.table-wrap, .axioms-scroll) > table > caption', (cs) => cs.filter((c) => c.getBoundingClientRect().right > c.closest('.table-wrap, .axioms-scroll').getBoundingClientRect().right + 1)
        .map((c) => c.textContent.slice(0, 40))), [], `${id} at ${width} px: captions cut at their box's edge`);
      if (id === 'relative') {
        for (const name of ['nrg', 'tasc']) {
          const boxes = await runLabelBoxes(page, `chart-${name}-scatter`);
          // the five best runs by each axis are labelled (fewer only where there is no room: never all of them lost)
          assert.ok(boxes.length >= 5 && boxes.length <= 10, `${name} at ${width} px: ${boxes.length} run labels`);
          assert.deepEqual(intersecting(boxes), [], `${name} at ${width} px: labels overlap`);
        }
      }
      if (id === 'charts') {
        // the 8 runs shown (the top 8 by P@5) are labelled where there is room
        await page.waitForSelector('#chart-scatter svg .run_labels_marks text');
        const boxes = await runLabelBoxes(page, 'chart-scatter');
        assert.ok(boxes.length >= 3 && boxes.length <= 8, `Charts scatter at ${width} px: ${boxes.length} run labels`);
        assert.deepEqual(intersecting(boxes), [], `Charts scatter at ${width} px: labels overlap`);
      }
      if (id === 'coverage' && width === 1400) {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        assert.ok(height <= 2700, `Subtopics: the page is ${height} px high with ${ALL_RUNS.length} runs (at most 2,700)`);
      }
      if (id === 'table') {
        // The results start within the first screen after loading (the inputs are a side panel
        // or fold away), with the page scrolled to its top: at 1400 px the table's first row is
        // in view; at 390 px (inputs above the results) the results area, its tab bar, is.
        const top = await page.evaluate((wide) => {
          window.scrollTo(0, 0);
          return document.querySelector(wide ? '#results tbody tr' : '#tabs').getBoundingClientRect().top;
        }, width === 1400);
        assert.ok(top < 900, `the results start at ${Math.round(top)} px, below the first screen (900 px) at ${width} px`);
      }
      // the first screen of the view (from its tabs down): what a user sees first
      await page.evaluate(() => document.querySelector('#tabs').scrollIntoView());
      await page.screenshot({ path: join(ARTIFACTS, `campaign-${id}-${suffix}.png`) });
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(ARTIFACTS, `campaign-top-${suffix}.png`) }); // the first screen of the page
  }
  assert.deepEqual(vegaWarnings.filter((w) => /limit|exceed|categor|symbol/i.test(w)), [], 'Vega warned about a limit');
  assert.deepEqual(page.log.errors, []);
  await page.close();
});
