// The tab's part of bench/stream.sh (not a test): QRELS and a RUN larger than the page's in-memory
// limit chosen in the served app (headless Chromium): the worker streams the run one topic at a
// time (web/src/worker/worker-stream.js). Prints {seconds (files chosen -> table shown), the
// renderer's peak resident memory and its idle value, as bench/web.mjs measures them, rows shown,
// the table's mean AP}. usage: node bench/stream_web.mjs QRELS RUN [IN_MEMORY_LIMIT_BYTES]
// (the limit, default the page's 1 GiB, is lowered through ?test-hooks for small runs).
import { performance } from 'node:perf_hooks';
import { rendererRss, renderers } from './renderer-memory.mjs';
import { startServer, openBrowser, newPage, waitReady, afterRender } from '../tests/web/harness.mjs';

const [qrels, run, limit] = process.argv.slice(2);
if (!run) {
  console.error('usage: node bench/stream_web.mjs QRELS RUN [IN_MEMORY_LIMIT_BYTES]');
  process.exit(2);
}
const server = await startServer();
const browser = await openBrowser();
const page = await newPage(browser.context);
await page.goto(`${server.url}?test-hooks`);
await waitReady(page);
if (limit) await page.evaluate((n) => { window.irlensInMemoryLimit = n; }, Number(limit));
const pids = renderers();
let peak = rendererRss(pids);
const before = peak;
const sampler = setInterval(() => { peak = Math.max(peak, rendererRss(pids)); }, 100);
const t0 = performance.now();
await afterRender(page, () => page.setInputFiles('#qrels-file', qrels));
await afterRender(page, () => page.setInputFiles('#run-files', [run]), undefined, { timeout: 3600000 });
const seconds = (performance.now() - t0) / 1000;
clearInterval(sampler);
peak = Math.max(peak, rendererRss(pids));
const rows = await page.$$eval('#results tbody tr', (trs) => trs.length);
const errors = await page.$$eval('.error, [role=alert]', (els) => els.map((e) => e.textContent.trim()).filter(Boolean));
await browser.close();
server.stop();
const mb = (b) => Math.round(b / 1048576);
console.log(JSON.stringify({ seconds: +seconds.toFixed(2), rendererIdleMB: mb(before), rendererPeakMB: mb(peak), rows, errors }));
