// Statistics at campaign scale in the web app (issue 15, target 5), a benchmark (not a test):
//   1. the whole Meta-evaluation tab on TREC-COVID round 1 (143 runs, ../shared/data/covid-r1),
//      the page's default measures and settings: tab clicked -> every analysis shown;
//   2. randomised Tukey HSD, B = 10,000, on 500 runs x 50 topics (a synthetic collection written
//      to a temporary directory, fixed seed): the Significance tab's pairwise p-values, tab
//      clicked -> heatmap shown (the tab's other cards - intervals, risk - are timed with it);
// each next to the native CLI doing the same statistics (`irlens meta ...`, `irlens compare
// --test tukey`), timed in the same run. The page's times include its workers' WASM computation,
// the transfer of the scores and the documents, and drawing the charts; not loading the files.
// Also checks that the page's Tukey p-values are the CLI's (the same seed).
//   sh scripts/build.sh && sh web/build.sh && node bench/web-stats.mjs [meta|tukey ...]
import { readdirSync, mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SHARED, NATIVE, startServer, openBrowser, newPage, waitReady, afterRender } from '../tests/web/harness.mjs';

const which = process.argv.slice(2).length ? process.argv.slice(2) : ['meta', 'tukey'];
const MEASURES = 'P@5 P@10 AP nDCG@10 RR RBP(p=0.8)'; // the page's default
const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;

function cliTime(args) {
  const t0 = performance.now();
  const out = execFileSync(NATIVE, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
  return { ms: performance.now() - t0, out };
}

async function loadOwn(page, qrelsPath, runPaths) {
  await afterRender(page, async () => {
    await page.fill('#measures', MEASURES);
    await page.press('#measures', 'Enter');
  });
  await afterRender(page, () => page.setInputFiles('#qrels-file', qrelsPath));
  for (let b; (b = await page.$('button[aria-label^="Remove "]'));) await afterRender(page, () => b.click());
  await afterRender(page, () => page.setInputFiles('#run-files', runPaths));
}

/** ms from clicking a tab to: no statistics in progress and every selector present. */
async function timeTab(page, tab, selectors, settings = {}) {
  await page.evaluate((s) => window.irlensApp.set({ ...s, v: 'table' }), settings);
  const t0 = await page.evaluate(() => performance.now());
  await page.click(`#tab-${tab}`);
  await page.waitForFunction((sel) => {
    const app = window.irlensApp;
    return app.statsPool.jobs.size === 0 && sel.every((s) => document.querySelector(s)) && !document.querySelector('.stats-section .hint.computing');
  }, selectors, { timeout: 600000, polling: 20 });
  return (await page.evaluate(() => performance.now())) - t0;
}

const server = await startServer();
const browser = await openBrowser({ viewport: { width: 1400, height: 1000 } });
try {
  if (which.includes('meta')) {
    const covid = join(SHARED, 'data', 'covid-r1');
    if (!existsSync(covid)) console.log(`SKIPPED (meta): ${covid} is absent`);
    else {
      const qrels = join(covid, 'qrels-rnd1.txt');
      const runs = readdirSync(join(covid, 'runs')).sort().map((r) => join(covid, 'runs', r));
      const page = await newPage(browser.context);
      await page.goto(server.url);
      await waitReady(page);
      await loadOwn(page, qrels, runs);
      const ms = await timeTab(page, 'meta', ['#chart-asl svg', '#chart-correlation svg', '#discriminative-power-table', '#stability-table', '#unanimity-table', '#concordance-table']);
      const s = await page.evaluate(() => window.irlensApp.state.settings);
      await page.close();
      // The CLI: the same analyses with the page's defaults (measures, missing zero, B, seed, trials).
      const m = MEASURES.split(' ').flatMap((x) => ['-m', x]);
      const common = [qrels, ...runs, ...m, '-B', s.B, '--seed', s.seed];
      let cli = 0;
      const parts = [];
      for (const [analysis, extra] of [['discriminative-power', ['--test', s.dt, ...(s.dt === 'tukey' ? [] : ['--correction', s.dc])]], ['correlation', []], ['stability', ['--trials', s.trials]], ['unanimity', []]]) {
        const t = cliTime(['meta', analysis, ...common, ...extra, '-f', 'json']);
        cli += t.ms;
        parts.push(`${analysis} ${secs(t.ms)}`);
      }
      const ms1 = MEASURES.split(' ');
      const t = cliTime(['meta', 'concordance', qrels, ...runs, '-m', ms1[0], '-m', ms1[1], ...ms1.slice(2).flatMap((g) => ['--gold', g]), '-f', 'json']);
      cli += t.ms;
      parts.push(`concordance ${secs(t.ms)}`);
      console.log(`meta tab, covid-r1 (${runs.length} runs, ${MEASURES}; test ${s.dt}, B=${s.B}, trials ${s.trials}): page ${secs(ms)} (target < 3 s); CLI ${secs(cli)} (${parts.join(', ')})`);
    }
  }
  if (which.includes('tukey')) {
    // 500 runs x 50 topics: a linear congruential generator, fixed seed; each run retrieves 20
    // of a topic's 40 judged documents (scores from the run's own quality).
    const dir = mkdtempSync(join(tmpdir(), 'irlens-tukey-'));
    let state = 4242;
    const rand = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
    const topics = Array.from({ length: 50 }, (_, i) => `t${String(i).padStart(2, '0')}`);
    let q = '';
    for (const t of topics) for (let d = 0; d < 40; d++) q += `${t} 0 ${t}-d${d} ${rand() < 0.3 ? 1 : 0}\n`;
    writeFileSync(join(dir, 'qrels.txt'), q);
    const runs = [];
    for (let r = 0; r < 500; r++) {
      const name = `r${String(r).padStart(3, '0')}`;
      let text = '';
      for (const t of topics) {
        const docs = Array.from({ length: 40 }, (_, d) => d).sort(() => rand() - 0.5).slice(0, 20);
        docs.forEach((d, k) => { text += `${t} Q0 ${t}-d${d} ${k + 1} ${(20 - k).toFixed(1)} ${name}\n`; });
      }
      writeFileSync(join(dir, `${name}.run`), text);
      runs.push(join(dir, `${name}.run`));
    }
    const page = await newPage(browser.context);
    await page.goto(server.url);
    await waitReady(page);
    await loadOwn(page, join(dir, 'qrels.txt'), runs);
    const settings = { hm: 'AP', ht: 'tukey', B: '10000', seed: '1' };
    const ms = await timeTab(page, 'significance', ['#chart-pairwise-p svg, #chart-pairwise-p canvas', '#chart-intervals svg'], settings);
    // The page's Tukey document (the worker's, cached by the runner) against the CLI's.
    const pagePs = await page.evaluate(() => {
      for (const e of window.irlensApp.stats.entries().values()) if (e.key.includes('"tukey"') && e.value && e.value.measures) return e.value.measures[0].comparisons.map((c) => [c.run, c.versus, c.p]);
      return null;
    });
    await page.close();
    const t = cliTime(['compare', join(dir, 'qrels.txt'), ...runs, '-m', 'AP', '--test', 'tukey', '-B', '10000', '--seed', '1', '-f', 'json']);
    const cliPs = JSON.parse(t.out).measures[0].comparisons.map((c) => [c.run, c.versus, c.p]);
    const same = pagePs && pagePs.length === cliPs.length && pagePs.every((r, i) => r[0] === cliPs[i][0] && r[1] === cliPs[i][1] && r[2] === cliPs[i][2]);
    console.log(`tukey HSD, 500 runs x 50 topics, B=10000, AP: page ${secs(ms)} (target < 5 s); CLI compare --test tukey ${secs(t.ms)}; p-values identical: ${same ? 'yes' : 'NO'} (${cliPs.length} pairs)`);
  }
} finally {
  await browser.close();
  server.stop();
}
