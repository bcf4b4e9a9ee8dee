// Where the page's time goes (issue 42, part 1; not a test): for each collection folder (qrels.txt
// and one or more runs, as bench/web.mjs reads them), in one run,
//   1. the native CLI's phases: `irlens eval` with the page's default measures on the same files
//      (end to end), and the qrels alone (the same command with a one-line run): the run's reading
//      and the evaluation are the difference; best of REPS, peak memory and CPU time (user +
//      system, both threads; bench/measure.cpp);
//   2. trec_eval on the same files when TREC_EVAL names its binary (its default measures);
//   3. the served page in headless Chromium (as bench/web.mjs: files chosen -> table shown - the
//      first paint of the means -, then -> the table's bootstrap intervals filled in (issue 42: they
//      come after the means; a page that computes them first has them at once), the renderer's
//      peak, the CPU time Chromium's processes spent from the files chosen to the table shown, by
//      process type: `cpuMsByProcess`, against the CLI's: `pageCpuOverCliCpu`), with the phases
//      the page and its worker record as User Timing measures (web/src/base/phases.js: `read qrels|run` in the page - waiting for the worker, and for a
//      gzip file awaiting the gunzipped stream and copying it into 4 MB batches; `parse qrels|run`
//      in the worker - waiting for the File's bytes, feeding the WASM reader (heap copy + parse)
//      and finishing; `evaluate`, `intervals` (the table's
//      bootstrap intervals), `correlations`, `post evaluate` in the worker; `evaluate request`,
//      `table data`, `render` in the page), best of REPS by end-to-end time;
//   4. the ways of reading a File in a blank page: File.stream(), File.arrayBuffer() and 8 MB
//      File.slice reads, 4 under way (the run), each with the CPU time of Chromium's processes,
//      and gunzip of the qrels (gzipped here with node's zlib, level 6) by fflate (what the page
//      falls back on: multi-member files) vs the browser's DecompressionStream (what it uses).
// Writes bench/results/web-phases.json and prints it. Default folders: bench/data (bench/gen.cpp's
// collection) and bench/data-large (`gen bench/data-large 6300 905 460`: issue 42's shape,
// 2,898,000 qrels lines over 6,300 topics, 5,701,500 run lines).
//   sh scripts/build.sh && sh web/build.sh && [TREC_EVAL=/path/to/trec_eval] [REPS=3] [WORKERS=N] \
//     node bench/web-phases.mjs [DATADIR...]
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { chromiumCpuMs, cpuSpent, rendererRss, renderers } from './renderer-memory.mjs';
import { ROOT, NATIVE, startServer, openBrowser, newPage, waitReady, afterRender } from '../tests/web/harness.mjs';

const MEASURES = 'P@5 P@10 AP nDCG@10 RR RBP(p=0.8)';
const REPS = Number(process.env.REPS || 1);
const dirs = (process.argv.length > 2 ? process.argv.slice(2) : ['bench/data', 'bench/data-large']).map((d) => resolve(d));
const round = (x, d = 2) => (x === null || x === undefined ? null : +x.toFixed(d));
const tmp = mkdtempSync(join(tmpdir(), 'irlens-phases-'));
const measureBin = join(tmp, 'measure');
execFileSync('g++', ['-O2', '-o', measureBin, join(ROOT, 'bench', 'measure.cpp')]);
const uptime = () => execFileSync('uptime').toString().trim();

/** Seconds, peak MiB and CPU seconds (user + system) of the fastest of REPS runs of `cmd` (output discarded). */
function best(cmd) {
  let b = null;
  for (let i = 0; i < REPS; i++) {
    const out = execFileSync(measureBin, ['/dev/null', '--', ...cmd], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim().split(' ');
    if (out[2] !== '0') throw new Error(`${cmd.join(' ')} failed (exit ${out[2]})`);
    const r = { seconds: Number(out[0]), peakMB: Math.round(Number(out[1]) / 1024), cpuSeconds: Number(out[3]) };
    if (!b || r.seconds < b.seconds) b = r;
  }
  return b;
}

function collection(dir) {
  const qrels = join(dir, 'qrels.txt');
  // The runs: every other file but a JSON document or a hidden file (another bench's notes left in the folder).
  const runs = readdirSync(dir).filter((f) => f !== 'qrels.txt' && !f.endsWith('.json') && !f.startsWith('.') && statSync(join(dir, f)).isFile()).sort().map((f) => join(dir, f));
  if (!existsSync(qrels) || !runs.length) throw new Error(`${dir}: no qrels.txt and runs (generate it: see bench/README.md)`);
  return { qrels, runs, bytes: [qrels, ...runs].reduce((s, f) => s + statSync(f).size, 0) };
}

function cli({ qrels, runs }) {
  const one = join(tmp, 'one-line-run.txt');
  writeFileSync(one, readFileSync(runs[0], 'utf8').slice(0, 4096).split('\n')[0] + '\n');
  const all = best([NATIVE, 'eval', '-m', MEASURES, qrels, ...runs]);
  const qrelsOnly = best([NATIVE, 'eval', '-m', MEASURES, qrels, one]);
  return { evalSeconds: all.seconds, cpuSeconds: all.cpuSeconds, peakMB: all.peakMB, qrelsSeconds: qrelsOnly.seconds, runsAndEvaluateSeconds: round(all.seconds - qrelsOnly.seconds) };
}

function trecEval({ qrels, runs }) {
  if (!process.env.TREC_EVAL) return null;
  let s = 0;
  for (const r of runs) s += best([process.env.TREC_EVAL, qrels, r]).seconds;
  return round(s);
}

/** The page's and its worker's phases (see the top), summed by name; ms. */
function phases(pageEntries, workerEntries, t0) {
  const all = [...pageEntries.map((e) => ({ ...e, where: 'page' })), ...workerEntries.map((e) => ({ ...e, where: 'worker' }))];
  const out = {};
  const add = (k, v) => { out[k] = round((out[k] || 0) + v, 0); };
  for (const e of all) {
    add(`${e.where} ${e.name}`, e.ms);
    for (const [k, v] of Object.entries(e.detail || {})) if (k.endsWith('Ms')) add(`${e.where} ${e.name}: ${k.slice(0, -2)}`, v);
  }
  // The evaluation's answer in flight: from the worker's postMessage returning to the page's promise resolving.
  const post = workerEntries.filter((e) => e.name === 'post evaluate').pop();
  const request = pageEntries.filter((e) => e.name === 'evaluate request').pop();
  if (post && request) out['delivery of the answer'] = round(request.start + request.ms - (post.start + post.ms), 0);
  if (!all.length) return out;
  const first = Math.min(...all.map((e) => e.start)), last = Math.max(...all.map((e) => e.start + e.ms));
  out['first phase to last (page clock)'] = round(last - first, 0);
  // Each phase as [start, end] in ms from the qrels file being chosen (the same clock: ms since the epoch).
  const timeline = all.sort((a, b) => a.start - b.start).map((e) => `${e.where} ${e.name}: ${round(e.start - t0, 0)}-${round(e.start + e.ms - t0, 0)}`);
  return { ...out, timeline };
}

async function page(server, c) {
  let bestRun = null;
  for (let i = 0; i < REPS; i++) {
    const browser = await openBrowser();
    const p = await newPage(browser.context);
    await p.goto(`${server.url}${process.env.WORKERS ? `?workers=${process.env.WORKERS}` : ''}`);
    await waitReady(p);
    await p.evaluate(() => performance.clearMeasures());
    const timings = () => p.evaluate(() => window.irlensApp.request('timings')).catch(() => []); // a page without them (DIST): none
    await timings();
    const pids = renderers();
    let peak = rendererRss(pids);
    const before = peak;
    const sampler = setInterval(() => { peak = Math.max(peak, rendererRss(pids)); }, 100);
    const cpu0 = chromiumCpuMs();
    const t0 = performance.now();
    const epoch0 = Date.now();
    await afterRender(p, () => p.setInputFiles('#qrels-file', c.qrels)); // polls every frame (a longer timeout polls every second)
    const qrelsMs = performance.now() - t0;
    await afterRender(p, () => p.setInputFiles('#run-files', c.runs));
    const ms = performance.now() - t0;
    const cpuMs = cpuSpent(cpu0, chromiumCpuMs());
    await p.waitForSelector('#results:not([aria-busy="true"])', { timeout: 600000 });
    const intervalsMs = performance.now() - t0;
    await p.evaluate(() => window.irlensApp.request('curves', { missing: 'zero' })); // a parallel read's completion (bench/web.mjs)
    clearInterval(sampler);
    peak = Math.max(peak, rendererRss(pids));
    const pageEntries = await p.evaluate(() => performance.getEntriesByType('measure').filter((e) => e.name.startsWith('irlens:'))
      .map((e) => ({ name: e.name.slice('irlens:'.length), start: e.startTime + performance.timeOrigin, ms: e.duration, detail: e.detail })));
    const workerEntries = await timings();
    const rows = await p.$$eval('#results tbody tr', (trs) => trs.length);
    await browser.close();
    const run = {
      seconds: round(ms / 1000), cpuMsByProcess: cpuMs, intervalsSeconds: round(intervalsMs / 1000), qrelsSeconds: round(qrelsMs / 1000), rowsShown: rows,
      rendererIdleMB: Math.round(before / 1048576), rendererPeakMB: Math.round(peak / 1048576),
      peakMinusIdleOverInput: round((peak - before) / c.bytes), phasesMs: phases(pageEntries, workerEntries, epoch0),
    };
    if (!bestRun || run.seconds < bestRun.seconds) bestRun = run;
  }
  return bestRun;
}

/** Reading the run in a blank page by stream and by arrayBuffer; the qrels gunzipped by fflate and by DecompressionStream. */
async function fileReads(c) {
  const gz = join(tmp, 'qrels.txt.gz');
  writeFileSync(gz, gzipSync(readFileSync(c.qrels), { level: 6 }));
  const browser = await openBrowser();
  const p = await newPage(browser.context);
  await p.goto('about:blank');
  await p.addScriptTag({ content: readFileSync(join(ROOT, 'node_modules', 'fflate', 'umd', 'index.js'), 'utf8') });
  await p.evaluate(() => { for (const id of ['run', 'gz']) document.body.append(Object.assign(document.createElement('input'), { type: 'file', id })); });
  await p.setInputFiles('#run', c.runs[0]);
  await p.setInputFiles('#gz', gz);
  // Each read on its own, with the CPU that Chromium's processes spent on it (the browser process
  // reads the file and hands it over through a data pipe that the renderer copies out of).
  const out = {};
  await p.evaluate(() => {
    window.reads = {};
    const time = async (f) => { const t = performance.now(); const n = await f(); return { ms: Math.round(performance.now() - t), bytes: n }; };
    const drain = async (stream) => { let n = 0; const r = stream.getReader(); for (;;) { const { done, value } = await r.read(); if (done) return n; n += value.length; } };
    const run = document.querySelector('#run').files[0], gz = document.querySelector('#gz').files[0];
    const fflateGunzip = () => new Promise((res, rej) => {
      let n = 0;
      const g = new window.fflate.Gunzip((chunk, final) => { n += chunk.length; if (final) res(n); });
      const r = gz.stream().getReader();
      (async () => { for (;;) { const { done, value } = await r.read(); if (done) { g.push(new Uint8Array(0), true); return; } g.push(value); } })().catch(rej);
    });
    Object.assign(window.reads, {
      runStream: () => time(() => drain(run.stream())),
      runArrayBuffer: () => time(async () => (await run.arrayBuffer()).byteLength),
      runSlices: () => time(async () => { // as the page's worker reads (base/files.js slices()), here on the page's thread
        let n = 0;
        const size = 8 << 20, queue = [];
        for (let at = 0; at < run.size || queue.length;) {
          while (queue.length < 4 && at < run.size) queue.push(run.slice(at, (at += size)).arrayBuffer());
          n += (await queue.shift()).byteLength;
        }
        return n;
      }),
      gunzipFflate: () => time(fflateGunzip),
      gunzipDecompressionStream: () => time(() => drain(gz.stream().pipeThrough(new DecompressionStream('gzip')))),
    });
  });
  for (const name of ['runStream', 'runArrayBuffer', 'runSlices', 'gunzipFflate', 'gunzipDecompressionStream']) {
    const cpu0 = chromiumCpuMs();
    out[name] = await p.evaluate((n) => window.reads[n](), name);
    out[name].cpuMsByProcess = cpuSpent(cpu0, chromiumCpuMs());
  }
  out.gzipBytes = statSync(gz).size;
  await browser.close();
  return out;
}

const server = await startServer(process.env.DIST ? resolve(process.env.DIST) : undefined); // DIST: another build of the page (before/after)
const result = { date: new Date().toISOString(), reps: REPS, measures: MEASURES, collections: [] };
try {
  for (const dir of dirs) {
    const c = collection(dir);
    const lines = Number(execFileSync('sh', ['-c', `cat ${c.runs.map((r) => `'${r}'`).join(' ')} | wc -l`]).toString().trim());
    const entry = { data: dir, inputMB: Math.round(c.bytes / 1048576), runLines: lines, uptimeBefore: uptime() };
    entry.cli = cli(c);
    entry.trecEvalSeconds = trecEval(c);
    entry.page = await page(server, c);
    entry.pageOverCli = round(entry.page.seconds / entry.cli.evalSeconds);
    entry.pageCpuOverCliCpu = round(entry.page.cpuMsByProcess.total / 1000 / entry.cli.cpuSeconds);
    entry.trecEvalOverPage = entry.trecEvalSeconds === null ? null : round(entry.trecEvalSeconds / entry.page.seconds);
    entry.fileReads = await fileReads(c);
    entry.uptimeAfter = uptime();
    result.collections.push(entry);
  }
} finally {
  server.stop();
  rmSync(tmp, { recursive: true, force: true });
}
mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(join(ROOT, 'bench', 'results', 'web-phases.json'), JSON.stringify(result, null, 2) + '\n');
console.log(JSON.stringify(result, null, 2));
