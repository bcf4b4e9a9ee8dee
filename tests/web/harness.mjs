// Shared by the browser tests: serves web/dist with scripts/static-server.mjs on a free localhost
// port, opens a fresh browser context in Debian's Chromium through playwright-core (in the one
// Chromium the runner shares, or a Chromium of its own: openBrowser), records
// network requests, CSP violations and page errors, and compares with the native CLI. After every
// render it waits for, it checks the page (assertClean): no "null", "undefined" or "NaN" shown,
// the warnings box exactly when the result has warnings, the problems panel exactly when there
// are problems.
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { spawn, execFileSync } from 'node:child_process';
import { before, after } from 'node:test';
import { mkdtempSync, mkdirSync, rmSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const DIST = join(ROOT, 'web', 'dist');
export const ARTIFACTS = join(ROOT, 'tests', 'artifacts');
export const SHARED = resolve(process.env.IRLENS_SHARED || join(ROOT, '..', 'shared'));
export const NATIVE = resolve(process.env.IRLENS_NATIVE || join(ROOT, 'build', 'cli', 'irlens'));
export const CHROMIUM = process.env.IRLENS_CHROMIUM || '/usr/bin/chromium';
mkdirSync(ARTIFACTS, { recursive: true });

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The static server on `dir` (default web/dist; the guides' screenshots serve a folder of their own). */
export async function startServer(dir = DIST) {
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`${dir}/index.html is missing: run web/build.sh first`);
  const proc = spawn(process.execPath, [join(ROOT, 'scripts', 'static-server.mjs'), dir, '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  // Its output, line by line, until the line with the URL (it may come in several chunks).
  const url = await new Promise((res, rej) => {
    let text = '';
    const onData = (d) => {
      text += String(d);
      const m = text.match(/http:\/\/\S+\//);
      if (m && /\n/.test(text.slice(m.index))) {
        proc.stdout.off('data', onData);
        proc.stdout.resume(); // later output is not kept
        res(m[0]);
      }
    };
    proc.stdout.on('data', onData);
    proc.once('exit', (code) => rej(new Error(`static server exited with ${code} before printing its URL; it printed: ${JSON.stringify(text)}`)));
  });
  return { url, stop: () => proc.kill() };
}

/**
 * node:test hooks that start the server and a browser (before) and stop what was started (after):
 * an `after` that finds nothing started does nothing, so a failure in `before` is the error
 * reported. Returns the object the server and browser are put in.
 */
function startedBeforeStoppedAfter(before, after, options) {
  const s = {};
  before(async () => {
    s.server = await startServer();
    s.browser = await openBrowser(options);
  });
  after(async () => {
    if (s.browser) await s.browser.close();
    if (s.server) s.server.stop();
  });
  return s;
}

/**
 * For a test file: the static server and a fresh browser (openBrowser's options), started before
 * its tests (node:test's `before`) and stopped after them (`after`). Returns {server, browser},
 * filled in by then.
 */
export function serverAndBrowser(before, after, options = {}) {
  return startedBeforeStoppedAfter(before, after, options);
}

/**
 * The Chromium the browser test files share (tests/node/runner.mjs --shared-browser): launched once
 * as a server, each file connecting to it with a context of its own (openBrowser), instead of a
 * launch per file (about 1 s of CPU each, bench/README.md, issue 42 part 3). -> {wsEndpoint, close}.
 */
export async function launchSharedBrowser() {
  const server = await chromium.launchServer({ executablePath: CHROMIUM, args: FLAGS });
  return { wsEndpoint: server.wsEndpoint(), close: () => server.close() };
}

/** Where openBrowser finds the shared Chromium (the runner sets it for the files it starts). */
export const SHARED_BROWSER_ENV = 'IRLENS_CHROMIUM_WS';

/**
 * A fresh browser: a new context (its own storage, cache and downloads) in the shared Chromium
 * when $IRLENS_CHROMIUM_WS names one, else a Chromium of its own with a new user data dir.
 * ownChromium: a Chromium of its own in any case, for a file that chooses covid-r1's 143 runs:
 * over the shared browser's connection Playwright uploads every file chosen (about 3.5 s of CPU
 * per 143 runs, bench/README.md), more than a launch costs (about 1 s). -> {context, close}. A download's file is then on the browser's side: read it with
 * downloadBytes, never download.path() (unavailable over a connection).
 */
export async function openBrowser({ viewport = { width: 1280, height: 900 }, javaScriptEnabled = true, ownChromium = false } = {}) {
  const ws = ownChromium ? null : process.env[SHARED_BROWSER_ENV];
  let context, close;
  if (ws) {
    const browser = await chromium.connect(ws);
    context = await browser.newContext({ viewport, acceptDownloads: true, javaScriptEnabled });
    close = async () => {
      await context.close();
      await browser.close(); // a connected browser: closing disconnects, the shared Chromium stays
    };
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'irlens-chromium-'));
    context = await chromium.launchPersistentContext(dataDir, { executablePath: CHROMIUM, args: FLAGS, viewport, acceptDownloads: true, javaScriptEnabled });
    for (const p of context.pages()) await p.close();
    close = async () => {
      await context.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  await context.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return { context, close };
}

/** The bytes of a finished download (a Buffer); throws when it failed. Works over a connection too. */
export async function downloadBytes(download) {
  const failure = await download.failure();
  if (failure) throw new Error(`the download of ${download.suggestedFilename()} failed: ${failure}`);
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A new page whose .log records requests, page errors and console errors. */
export async function newPage(context) {
  const page = await context.newPage();
  // Actions and screenshots without a timeout of their own wait up to 90 s, not Playwright's 30:
  // in a CI run with the linters beside the browser tests, a screenshot of 143 runs' charts laid
  // out again at 390 px took more than 30 s (organiser.test.mjs; 17 s for the whole file alone).
  page.setDefaultTimeout(90000);
  const log = { requests: [], errors: [], console: [] };
  page.on('request', (r) => log.requests.push(r.url()));
  page.on('pageerror', (e) => log.errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') log.console.push(m.text()); });
  page.log = log;
  return page;
}

export async function waitReady(page) {
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  await waitRendered(page);
}

export async function waitRendered(page, view) {
  await page.waitForFunction((v) => {
    const el = document.querySelector('#view');
    const progress = document.querySelector('#progress');
    return el && el.dataset.rendered === 'true' && (!v || el.dataset.view === v) && progress.hidden;
  }, view, { timeout: 30000 });
  await assertClean(page);
}

/**
 * Checks what a render left on the page: no text "null", "undefined" or "NaN" (a value the code
 * failed to format; prose is allowed: "null hypothesis", and the core's notes saying why a value
 * has none, "p is undefined", "tau and p are undefined", "(scipy: NaN)"); on the table, the warnings box exactly when the
 * result has warnings; the problems panel exactly when the app has problems to show.
 */
export async function assertClean(page) {
  const r = await page.evaluate(() => {
    const texts = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      // a chart legend's labels are category names (the p-value bands' "undefined"), not values
      acceptNode: (n) => (n.parentElement.closest('script, style, template, .role-legend') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    while (walk.nextNode()) texts.push(walk.currentNode.nodeValue);
    const text = texts.join(' ');
    const bad = text.match(/.{0,50}((?<!\b(?:is|are) )\bundefined\b|(?<!scipy: )\bNaN\b|\bnull\b(?! hypothes)).{0,50}/);
    const app = window.irlensApp;
    const result = app && app.state.result;
    return {
      bad: bad ? bad[0] : null,
      view: document.querySelector('#view').dataset.view,
      // the warnings of the result the table's last render showed (the app may have moved on since),
      // and of the current result
      rendered: Number(document.querySelector('#view').dataset.warnings || 0),
      warnings: result && result.warnings ? result.warnings.length : 0,
      box: document.querySelectorAll('#view details.warnings').length,
      items: document.querySelectorAll('#view details.warnings li').length,
      // the problems as the panel's last render counted them (the app may have moved on since)
      problems: Number(document.querySelector('#errors').dataset.count || 0),
      panel: !document.querySelector('#errors').hidden,
      listed: document.querySelectorAll('#errors li').length,
    };
  });
  assert.equal(r.bad, null, `the page shows ${JSON.stringify(r.bad)}`);
  if (r.view === 'table') {
    assert.equal(r.box, r.rendered ? 1 : 0, `warnings box: ${r.box}, warnings of the rendered result: ${r.rendered}`);
    assert.equal(r.items, r.rendered, 'every warning listed once');
  }
  assert.equal(r.panel, r.problems > 0, `problems panel shown: ${r.panel}, problems: ${r.problems}`);
  if (r.panel) assert.equal(r.listed, r.problems, 'every problem listed once');
}

/** Scrolls the results table to its end until every row is attached (views/table.js attaches them by chunks). */
export async function allRows(page) {
  await page.evaluate(async () => {
    const tbody = document.querySelector('#results tbody');
    if (!tbody) return;
    const wrap = tbody.closest('.table-wrap');
    while (tbody.rows.length < Number(tbody.dataset.rows)) {
      const n = tbody.rows.length;
      wrap.scrollTop = wrap.scrollHeight;
      await new Promise((res) => {
        const check = () => (tbody.rows.length > n ? res() : requestAnimationFrame(check));
        check();
      });
    }
    wrap.scrollTop = 0;
  });
}

/** The results table as {run: {measure: text shown}}, every row. */
export async function tableTexts(page) {
  await allRows(page);
  return page.$$eval('#results tbody tr', (rows) => Object.fromEntries(rows.map((tr) => [tr.dataset.run,
    Object.fromEntries([...tr.querySelectorAll('td[data-measure]')].map((td) => [td.dataset.measure, td.querySelector('.mean').textContent]))])));
}

/** `irlens eval ... -f json -q` of the native CLI, with its default --missing zero (the page's default too). */
export function nativeEval(qrels, runs, measures, extra = []) {
  const out = execFileSync(NATIVE, ['eval', qrels, ...runs, '-m', measures, '-f', 'json', '-q', ...extra], { stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 28 });
  return JSON.parse(out);
}

export const shot = (page, name) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

/**
 * Runs `action` and waits until the app has rendered again with nothing in progress. A long wait
 * (a timeout over 60 s: 143 runs read) checks every 100 ms rather than every frame; it checked
 * every second, which cost each such wait half a second on average.
 */
export async function afterRender(page, action, view, { timeout = 60000 } = {}) {
  const before = Number(await page.getAttribute('body', 'data-renders')) || 0;
  await action();
  await page.waitForFunction(({ before, view }) => {
    const el = document.querySelector('#view');
    return Number(document.body.dataset.renders) > before && el.dataset.rendered === 'true' &&
      document.querySelector('#progress').hidden && (!view || el.dataset.view === view);
  }, { before, view }, { timeout, polling: timeout > 60000 ? 100 : 'raf' });
  await assertClean(page);
}

/**
 * A server and a browser (openBrowser's options) for the tests of one file (started before them,
 * stopped after), and open(hash): a new page of the app, ready. (app.test.mjs predates it and
 * keeps its own.)
 */
export function browserSession(options = {}) {
  const s = startedBeforeStoppedAfter(before, after, options);
  s.open = async (hash = '') => {
    const page = await newPage(s.browser.context);
    await page.goto(s.server.url + hash);
    await waitReady(page);
    return page;
  };
  return s;
}

/** Clicks `selector` and returns the download it starts: {name, text}. */
export async function downloadOf(page, selector) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return { name: dl.suggestedFilename(), text: (await downloadBytes(dl)).toString('utf8') };
}

/** Drops files on `selector`, as a user would: paths, or {path, name} to give a file another name. */
export async function dropFiles(page, selector, files) {
  const data = files.map((f) => (typeof f === 'string' ? { path: f, name: basename(f) } : f))
    .map((f) => ({ name: f.name, b64: readFileSync(f.path).toString('base64') }));
  const transfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name));
    return dt;
  }, data);
  await page.dispatchEvent(selector, 'drop', { dataTransfer: transfer });
}

/**
 * What a reader cannot read on the charts under `root`: every text of a chart's SVG drawn (partly)
 * outside the SVG, which cuts it ("0.7" of 0.70, half a title), and the tick labels of one axis
 * closer than 2 px to each other, which read as one ("0.00.1"). -> ["chart-id: problem", ...]
 */
export function chartTextProblems(page, root = '#view') {
  return page.$$eval(`${root} svg`, (svgs) => svgs.flatMap((svg) => {
    const box = svg.getBoundingClientRect();
    if (!box.width || !box.height) return [];
    const name = (svg.closest('[id]') || {}).id || 'chart';
    const out = [];
    for (const t of svg.querySelectorAll('text')) {
      const r = t.getBoundingClientRect();
      if (!r.width || !t.textContent.trim()) continue;
      if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1)
        out.push(`${name}: "${t.textContent}" drawn outside the chart (${Math.round(r.left - box.left)}..${Math.round(r.right - box.left)} of ${Math.round(box.width)} px wide)`);
    }
    for (const axis of svg.querySelectorAll('.role-axis-label')) {
      // labels side by side (a rotated label's box is not its glyphs'; stacked labels may share a few px of their line boxes)
      const rs = [...axis.querySelectorAll('text')].filter((t) => t.textContent.trim() && t.getAttribute('opacity') !== '0' && !/rotate/.test(t.getAttribute('transform') || ''))
        .map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() }));
      rs.forEach((a, i) => rs.slice(i + 1).forEach((b) => {
        const shared = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (a.r.left < b.r.right + 2 && b.r.left < a.r.right + 2 && shared > a.r.height / 2)
          out.push(`${name}: axis labels "${a.text}" and "${b.text}" touch`);
      }));
    }
    return out;
  }));
}

/**
 * The texts of controls under `root` cut by their box: a visible empty input whose placeholder,
 * in the input's font, is wider than its content box (less 16 px for a number's arrows or a
 * search's clear button), a visible select whose chosen option is (less 20 px for its arrow).
 * -> ["label: text", ...]
 */
export function cutControlTexts(page, root = 'body') {
  return page.$$eval(`${root} input[placeholder], ${root} select`, (controls) => {
    const ctx = document.createElement('canvas').getContext('2d');
    const text = (c) => (c.tagName === 'SELECT' ? (c.selectedIndex >= 0 ? c.options[c.selectedIndex].text : '') : c.value === '' ? c.placeholder : '');
    return controls.filter((c) => c.offsetParent !== null && text(c)).filter((c) => {
      const s = getComputedStyle(c);
      ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
      const aside = c.tagName === 'SELECT' ? 20 : /^(number|search)$/.test(c.type) ? 16 : 0;
      return ctx.measureText(text(c)).width > c.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - aside;
    }).map((c) => `${(c.labels && c.labels[0] ? c.labels[0].textContent : c.id).trim().slice(0, 30)}: ${text(c)}`);
  });
}
