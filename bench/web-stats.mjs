// Statistics at campaign scale in the web app (issue 15, target 5), a benchmark (not a test):
//   1. the whole Meta-evaluation tab on TREC-COVID round 1 (143 runs, ../shared/data/covid-r1),
//      the page's default measures and settings: tab clicked -> every analysis shown;
//   2. randomised Tukey HSD, B = 10,000, on 500 runs x 50 topics (a synthetic collection written
//      to a temporary directory, fixed seed): the Significance tab's pairwise p-values, tab
//      clicked -> heatmap shown (the tab's other cards - intervals, risk - are timed with it);
// each next to the native CLI doing the same statistics (`irlens meta ...`, `irlens compare
// --test tukey`), timed in the same run. The page's times include its workers' WASM computation,
// the transfer of the scores and the documents, and drawing the charts; not loading the files.
// Also checks that the page's Tukey p-values are the CLI's (the same seed). The Meta-evaluation tab
// shows first results with fewer resamples (meta-view.js) and then the final ones: both times are
// printed, from the click on the tab. The load average is printed at the start and the end (a
// busy machine's wall times are not a quiet one's: compare CPU times then).
//   sh scripts/build.sh && sh web/build.sh && node bench/web-stats.mjs [meta|tukey ...]
import { readdirSync, mkdtempSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SHARED, NATIVE, startServer, openBrowser, newPage, waitReady, afterRender } from '../tests/web/harness.mjs';
import { tukeyCollection } from './tukey-collection.mjs';

const which = process.argv.slice(2).length ? process.argv.slice(2) : ['meta', 'tukey'];
const MEASURES = 'P@5 P@10 AP nDCG@10 RR RBP(p=0.8)'; // the page's default
const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** The CLI's wall time and CPU time (user + system, from GNU time when /usr/bin/time exists). */
function cliTime(args) {
  const timed = existsSync('/usr/bin/time');
  const t0 = performance.now();
  const out = timed
    ? execFileSync('/usr/bin/time', ['-f', '%U %S', '-o', join(tmp, 'time.txt'), NATIVE, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 })
    : execFileSync(NATIVE, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = performance.now() - t0;
  const cpu = timed ? readFileSync(join(tmp, 'time.txt'), 'utf8').trim().split(/\s+/).slice(-2).reduce((s, v) => s + Number(v) * 1000, 0) : NaN;
  return { ms, cpu, out };
}
const tmp = mkdtempSync(join(tmpdir(), 'irlens-web-stats-'));

// CPU time (ms) of the browser's renderer processes (the page and its workers are threads of one
// renderer): utime + stime from /proc, so a loaded machine's waiting is not counted.
// Only this script's browser: renderers descending from this process (other jobs on the machine
// may run browsers of their own).
function renderers() {
  const procs = execFileSync('ps', ['-eo', 'pid,ppid,args']).toString().split('\n').slice(1)
    .map((l) => l.trim().split(/\s+/)).filter((f) => f.length > 2).map(([pid, ppid, ...args]) => ({ pid: Number(pid), ppid: Number(ppid), args: args.join(' ') }));
  const parent = new Map(procs.map((p) => [p.pid, p.ppid]));
  const mine = (pid) => { for (let p = pid, k = 0; p > 1 && k < 20; p = parent.get(p), k++) if (p === process.pid) return true; return false; };
  return procs.filter((p) => p.args.includes('--type=renderer') && mine(p.pid)).map((p) => p.pid);
}
function rendererCpu() {
  let ticks = 0;
  for (const pid of renderers()) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(f[11]) + Number(f[12]); // utime, stime (fields 14 and 15)
    } catch { /* gone */ }
  }
  return ticks * 10; // USER_HZ = 100
}
const both = (t) => `${secs(t.ms)} wall, ${secs(t.cpu)} CPU`;

/** Loads a qrels file and runs in place of the example (the page's default measures: MEASURES). */
async function loadOwn(page, qrelsPath, runPaths) {
  if ((await page.inputValue('#measures')) !== MEASURES) throw new Error(`the page's default measures are not ${MEASURES}`);
  await afterRender(page, () => page.setInputFiles('#qrels-file', qrelsPath));
  for (let b; (b = await page.$('button[aria-label^="Remove "]'));) await afterRender(page, () => b.click());
  await afterRender(page, () => page.setInputFiles('#run-files', runPaths));
}

/** ms from clicking a tab to: no statistics in progress and every selector present. */
async function timeTab(page, tab, selectors, settings = {}, later = []) {
  await page.evaluate((s) => window.irlensApp.set({ ...s, v: 'table' }), settings);
  // The time of each request to the stats workers (computation, documents and transfers), apart
  // from drawing: where the tab's time goes.
  await page.evaluate(() => {
    const pool = window.irlensApp.statsPool;
    window.__requests = [];
    if (!pool.__timed) {
      const run = pool.run.bind(pool);
      pool.run = async (action, payload, o) => {
        const t = performance.now();
        try { return await run(action, payload, o); } finally {
          window.__requests.push(`${action}${payload.analysis ? ` ${payload.analysis}` : ''} ${((performance.now() - t) / 1000).toFixed(2)} s`);
        }
      };
      pool.__timed = true;
    }
  });
  const c0 = rendererCpu();
  const t0 = await page.evaluate(() => performance.now());
  await page.click(`#tab-${tab}`);
  // First results: every selector present (a preview of fewer resamples counts).
  await page.waitForFunction((sel) => sel.every((s) => document.querySelector(s)), selectors, { timeout: 600000, polling: 20 });
  const first = (await page.evaluate(() => performance.now())) - t0;
  // Final: also the charts drawn after the first numbers (`later`, charts.js chartLater).
  await page.waitForFunction((sel) => {
    const app = window.irlensApp;
    return app.statsPool.jobs.size === 0 && sel.every((s) => document.querySelector(s)) && !document.querySelector('.stats-section .hint.computing') &&
      !document.querySelector('.stats-section[aria-busy]');
  }, [...selectors, ...later], { timeout: 600000, polling: 20 });
  return { t0, first, ms: (await page.evaluate(() => performance.now())) - t0, cpu: rendererCpu() - c0, requests: await page.evaluate(() => window.__requests.join('; ')) };
}

const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
console.log(`load average at the start: ${load()}`);
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
      // First results: every card's numbers (the correlation heatmap's are in its cells); the ASL and
      // power-curve charts are drawn after them (meta-view.js), timed in the cards' timeline.
      const cards = ['#chart-correlation svg', '#discriminative-power-table', '#stability-table', '#unanimity-table', '#concordance-table', '#topic-set-size-table', '#power-table'];
      const charts = ['#chart-asl svg', '#chart-power-curve svg'];
      // When each card first shows a number (a preview counts): the page's timeline.
      await page.evaluate((sel) => {
        window.__shown = {};
        const look = () => { for (const s of sel) if (!(s in window.__shown) && document.querySelector(s)) window.__shown[s] = performance.now(); };
        new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
        // The main thread's long tasks (> 50 ms: drawing, documents arriving): [start, duration].
        window.__long = [];
        new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]); }).observe({ type: 'longtask' });
      }, [...cards, ...charts]);
      const ms = await timeTab(page, 'meta', cards, {}, charts);
      // First results: when the last card's numbers showed (the page's timeline); the polled time
      // (ms.first) also waits for the main thread to end what it draws after them (a chart).
      const shownAt = await page.evaluate(() => window.__shown);
      const first = Math.max(...cards.map((c) => shownAt[c])) - ms.t0;
      const shown = Object.entries(shownAt).sort((a, b) => a[1] - b[1])
        .map(([sel, t]) => `${sel.replace(/^#(chart-)?|( svg|-table)$/g, '')} ${secs(t - ms.t0)}`).join(', ');
      const long = await page.evaluate(() => window.__long);
      const busy = (until) => secs(long.filter(([t]) => t >= ms.t0 && t < until).reduce((s, [, d]) => s + d, 0));
      const s = await page.evaluate(() => window.irlensApp.state.settings);
      // The page's final documents (the runner's entries), to compare with the CLI's.
      const pageDocs = await page.evaluate(() => {
        const out = {};
        for (const e of window.irlensApp.stats.entries().values()) {
          const k = JSON.parse(e.key);
          if (k[0] === 'meta' && e.value) out[k[1]] = e.value;
        }
        return out;
      });
      await page.close();
      // The CLI: the same analyses with the page's defaults (measures, missing zero, B, seed,
      // trials) on the same per-topic scores (--scores: the statistics only, as the page's tab).
      const m = MEASURES.split(' ').flatMap((x) => ['-m', x]);
      const scores = join(tmp, 'covid-scores.json'); // JSON: every digit (the TSV's 4 decimals would shift the p-values)
      writeFileSync(scores, execFileSync(NATIVE, ['eval', qrels, ...runs, ...m, '-q', '-f', 'json'], { maxBuffer: 1 << 30 }));
      const common = ['--scores', scores, ...m, '-B', s.B, '--seed', s.seed];
      const cli = { ms: 0, cpu: 0 };
      const parts = [], same = [];
      const ms1 = MEASURES.split(' ');
      for (const [analysis, extra] of [['discriminative-power', ['--test', s.dt, ...(s.dt === 'tukey' ? [] : ['--correction', s.dc])]], ['correlation', []], ['stability', ['--trials', s.trials]], ['unanimity', []],
        ['concordance', ms1.slice(2).flatMap((g) => ['--gold', g])]]) {
        const args = analysis === 'concordance' ? ['meta', analysis, '--scores', scores, '-m', ms1[0], '-m', ms1[1], ...extra] : ['meta', analysis, ...common, ...extra];
        const t = cliTime([...args, '-f', 'json']);
        cli.ms += t.ms;
        cli.cpu += t.cpu;
        parts.push(`${analysis} ${both(t)}`);
        // The page's numbers are the CLI's (same seed, same B): every measure's entry, bit for bit.
        const doc = pageDocs[analysis];
        // (Apart from what names the inputs: the page's qrels and missing = zero, the CLI's scores
        // file.) The resampled analyses must be identical; p-values through the C library (the
        // t distribution of tau-b, Spearman and the sign test: glibc natively, musl in WASM) may
        // differ in the last bits (see "Significance tests" above): equal to 1e-12 relative then.
        const numbers = (d) => JSON.parse(JSON.stringify(d, (k, v) => (['provenance', 'qrels', 'topic_policy', 'missing', 'warnings'].includes(k) ? undefined : v)));
        const close = (a, b) => (typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b))
          : a && b && typeof a === 'object' && typeof b === 'object' ? Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => close(a[k], b[k])) : a === b);
        const x = doc && numbers(doc), y = numbers(JSON.parse(t.out));
        same.push(`${analysis} ${!x ? 'NO (not in the page)' : JSON.stringify(x) === JSON.stringify(y) ? 'identical' : close(x, y) ? 'equal to 1e-12 (C library p-values)' : 'NO'}`);
      }
      console.log(`meta tab, covid-r1 (${runs.length} runs, ${MEASURES}; test ${s.dt}, B=${s.B}, trials ${s.trials}): page first results ${secs(first)} (target < 3 s; polled ${secs(ms.first)}; cards shown: ${shown}; main thread busy in long tasks: ${busy(ms.t0 + first)} of it, ${busy(Infinity)} in all), final ${both(ms)} (renderer CPU; target <= CLI wall + 20%; worker requests, concurrent: ${ms.requests}); CLI on the same scores ${both(cli)} (${parts.join('; ')})`);
      const met = (ok) => (ok ? 'met' : 'NOT met');
      console.log(`summary meta: first results ${secs(first)} (< 3 s: ${met(first < 3000)}); final ${secs(ms.ms)} wall vs CLI ${secs(cli.ms)} wall (<= CLI + 20% = ${secs(1.2 * cli.ms)}: ${met(ms.ms <= 1.2 * cli.ms)}); final numbers the CLI's: ${same.join(', ')}; load average ${load()}`);
    }
  }
  if (which.includes('tukey')) {
    // 500 runs x 50 topics (tukey-collection.mjs), written to a temporary directory.
    const dir = mkdtempSync(join(tmpdir(), 'irlens-tukey-'));
    const collection = tukeyCollection();
    writeFileSync(join(dir, 'qrels.txt'), collection.qrels);
    const runs = collection.runs.map(({ name, text }) => {
      writeFileSync(join(dir, `${name}.run`), text);
      return join(dir, `${name}.run`);
    });
    const page = await newPage(browser.context);
    await page.goto(server.url);
    await waitReady(page);
    await loadOwn(page, join(dir, 'qrels.txt'), runs);
    const settings = { hm: 'AP', ht: 'tukey', B: '10000', seed: '1' };
    // First: the p-value matrix shown (issue 25: target 5 s); then every card of the tab done.
    const ms = await timeTab(page, 'significance', ['#chart-pairwise-p svg, #chart-pairwise-p canvas'], settings);
    // The page's Tukey document (the worker's, cached by the runner) against the CLI's.
    // (comparePValues' columns: p-value-columns.js; NaN where the document has null.)
    const pagePs = await page.evaluate(() => {
      for (const e of window.irlensApp.stats.entries().values()) {
        if (!e.key.startsWith('["p-values"') || !e.key.includes('"tukey"') || !e.value) continue;
        const { runs, measures: [{ pairs }] } = e.value;
        return [...pairs.run].map((a, k) => [runs[a], runs[pairs.versus[k]], Number.isNaN(pairs.p[k]) ? null : pairs.p[k]]);
      }
      return null;
    });
    await page.close();
    const scores = join(tmp, 'tukey-scores.json');
    writeFileSync(scores, execFileSync(NATIVE, ['eval', join(dir, 'qrels.txt'), ...runs, '-m', 'AP', '-q', '-f', 'json'], { maxBuffer: 1 << 30 }));
    const t = cliTime(['compare', '--scores', scores, '-m', 'AP', '--test', 'tukey', '-B', '10000', '--seed', '1', '-f', 'json']);
    const cliPs = JSON.parse(t.out).measures[0].comparisons.map((c) => [c.run, c.versus, c.p]);
    const same = pagePs && pagePs.length === cliPs.length && pagePs.every((r, i) => r[0] === cliPs[i][0] && r[1] === cliPs[i][1] && r[2] === cliPs[i][2]);
    console.log(`tukey HSD, 500 runs x 50 topics, B=10000, AP: page matrix shown ${secs(ms.first)} (target < 5 s wall), every card done ${both(ms)} (renderer CPU; worker requests, concurrent: ${ms.requests}); CLI compare --test tukey ${both(t)} (on the same scores); p-values identical: ${same ? 'yes' : 'NO'} (${cliPs.length} pairs)`);
  }
} finally {
  await browser.close();
  server.stop();
  console.log(`load average at the end: ${load()}`);
}
