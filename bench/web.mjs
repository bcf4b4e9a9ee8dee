// The web app's benchmark (not a test): the same evaluation (qrels + every run of a collection,
// the app's default measures) timed
//   0. by trec_eval (when TREC_EVAL names its binary, as for trec_eval_bench.sh; its default
//      measures, output to /dev/null), the reference of issue 15's target 1,
//   1. in node through the WASM module (node.mjs: streamed file reads, then evaluate), and
//   2. end to end in headless Chromium: files chosen in the page's file pickers -> table shown
//      (its means: the bootstrap intervals fill in after, issue 42; their arrival: intervalsSeconds),
//      once per worker count in WORKERS (default "1,2": the page's ?workers=N, shell/parallel.js),
// with the peak resident memory of the page's renderer process (page + its workers), sampled
// from /proc every 100 ms, and the longest main-thread task (PerformanceObserver 'longtask').
//   mkdir -p build && g++ -O2 bench/gen.cpp -o build/bench-gen && build/bench-gen bench/data && sh web/build.sh &&
//   [TREC_EVAL=/path/to/trec_eval] [WORKERS=1,2] node bench/web.mjs [DATADIR=bench/data]
import { readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { rendererRss, renderers } from './renderer-memory.mjs';
import { ROOT, startServer, openBrowser, newPage, waitReady, afterRender } from '../tests/web/harness.mjs';

const data = resolve(process.argv[2] || join(ROOT, 'bench', 'data'));
const qrels = join(data, 'qrels.txt');
const runs = readdirSync(data).filter((f) => f !== 'qrels.txt').sort().map((f) => join(data, f));
const MEASURES = 'P@5 P@10 AP nDCG@10 RR RBP(p=0.8)';
const inputBytes = [qrels, ...runs].reduce((s, f) => s + statSync(f).size, 0);
const mb = (b) => (b / 1048576).toFixed(0);

// 0. trec_eval, in the same run
let trecEvalMs = null;
if (process.env.TREC_EVAL) {
  for (const r of runs) {
    const t = performance.now();
    const p = spawnSync(process.env.TREC_EVAL, [qrels, r], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (p.status !== 0) throw new Error(`trec_eval failed on ${r}`);
    trecEvalMs = (trecEvalMs || 0) + performance.now() - t;
  }
}

// 1. node + WASM
const { createIrlens, loadQrelsFile, loadRunFile } = await import(join(ROOT, 'build-wasm', 'dist', 'node.mjs'));
const irlens = await createIrlens();
let t0 = performance.now();
const q = await loadQrelsFile(irlens, qrels);
const loaded = [];
for (const r of runs) loaded.push(await loadRunFile(irlens, q, r));
irlens.evaluate(q, loaded, MEASURES.split(' '));
const nodeMs = performance.now() - t0;
for (const r of loaded) r.dispose();
q.dispose();

// 2. the browser
const server = await startServer();
const browserRuns = [];
for (const workers of (process.env.WORKERS || '1,2').split(',').map(Number)) {
  const browser = await openBrowser(); // a fresh browser each time: one renderer to sample
  const page = await newPage(browser.context);
  await page.goto(`${server.url}?workers=${workers}`);
  await waitReady(page);
  await page.evaluate(() => {
    window.__longest = 0;
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration); })
      .observe({ type: 'longtask', buffered: false });
  });
  // The example stays until the first file is chosen, which replaces all of it (as a user meets it).
  const pids = renderers();
  let peak = rendererRss(pids);
  const before = peak;
  const sampler = setInterval(() => { peak = Math.max(peak, rendererRss(pids)); }, 100);
  t0 = performance.now();
  await afterRender(page, () => page.setInputFiles('#qrels-file', qrels));
  const qrelsMs = performance.now() - t0;
  await afterRender(page, () => page.setInputFiles('#run-files', runs));
  const browserMs = performance.now() - t0;
  await page.waitForSelector('#results:not([aria-busy="true"])', { timeout: 600000 }); // the intervals filled in
  const intervalsMs = performance.now() - t0;
  // The app's worker may still be reading the runs helpers read (parallel.js): wait for it, sampling.
  await page.evaluate(() => window.irlensApp.request('curves', { missing: 'zero' }));
  clearInterval(sampler);
  peak = Math.max(peak, rendererRss(pids));
  const longest = await page.evaluate(() => window.__longest);
  const shown = await page.$$eval('#results tbody tr', (trs) => trs.length);
  const readers = await page.evaluate(() => window.irlensApp.readers);
  await browser.close();
  browserRuns.push({
    workers,
    workersThatRead: readers,
    runsShown: shown,
    browserSeconds: +(browserMs / 1000).toFixed(2),
    browserQrelsSeconds: +(qrelsMs / 1000).toFixed(2),
    browserIntervalsSeconds: +(intervalsMs / 1000).toFixed(2),
    browserOverNode: +(browserMs / nodeMs).toFixed(2),
    trecEvalOverBrowser: trecEvalMs === null ? null : +(trecEvalMs / browserMs).toFixed(2),
    rendererRssBeforeMB: Number(mb(before)),
    rendererRssPeakMB: Number(mb(peak)),
    peakOverInput: +(peak / inputBytes).toFixed(2),
    peakMinusBeforeOverInput: +((peak - before) / inputBytes).toFixed(2),
    longestMainThreadTaskMs: Math.round(longest),
  });
}
server.stop();

const result = {
  date: new Date().toISOString(),
  data,
  loadAverage: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
  inputMB: Number(mb(inputBytes)),
  runLines: runs.length ? execFileSync('sh', ['-c', `cat ${runs.map((r) => `'${r}'`).join(' ')} | wc -l`]).toString().trim() : 0,
  trecEvalSeconds: trecEvalMs === null ? null : +(trecEvalMs / 1000).toFixed(2),
  nodeWasmSeconds: +(nodeMs / 1000).toFixed(2),
  browser: browserRuns,
};
mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(join(ROOT, 'bench', 'results', 'web.json'), JSON.stringify(result, null, 2) + '\n');
console.log(JSON.stringify(result, null, 2));
