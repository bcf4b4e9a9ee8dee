// The web app's data path in headless Chromium (issue 11): the example never mixes with the
// user's data, a run that answers none of the qrels' topics is left out with a warning, dropped
// files are told apart by content, multi-member gzip, the error panel, CSV injection in the
// exports, the embed example from file://. Run: web/build.sh && node --test tests/web/data.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, DIST, browserSession, downloadOf, newPage, tableTexts, nativeEval, afterRender, assertClean, shot, dropFiles } from './harness.mjs';

const EX = join(ROOT, 'examples');
const tmp = mkdtempSync(join(tmpdir(), 'irlens-web-data-'));
const session = browserSession();
const open = (hash) => session.open(hash);
const state = (page) => page.evaluate(() => {
  const s = window.irlensApp.state;
  return {
    example: s.example,
    qrels: s.qrels && s.qrels.source.name,
    runs: s.runs.map((r) => ({ name: r.source.name, loaded: !!r.info, pending: !!r.pending, excluded: !!r.excluded })),
    evaluated: s.result ? Object.keys(s.result.runs).sort() : null,
    side: Object.keys(s.side),
  };
});


test('the first file the user chooses replaces the whole example; a run of another collection is left out with a warning', async () => {
  const page = await open();
  assert.equal(await page.isVisible('#example-badge'), true);
  assert.equal((await state(page)).example, true);
  // Runs first: the example goes at once (its qrels too), the runs wait for a qrels file.
  await afterRender(page, () => page.setInputFiles('#run-files', [join(EX, 'bm25.run'), join(EX, 'diversity', 'div-a.run')]));
  assert.deepEqual(await state(page), {
    example: false, qrels: null, evaluated: null, side: [],
    runs: [{ name: 'bm25.run', loaded: false, pending: true, excluded: false }, { name: 'div-a.run', loaded: false, pending: true, excluded: false }],
  });
  assert.equal(await page.isVisible('#example-badge'), false);
  assert.match(await page.textContent('#file-list'), /bm25\.run \(waiting for a qrels file\)/);
  await afterRender(page, () => page.setInputFiles('#qrels-file', join(EX, 'qrels.txt')));
  const s = await state(page);
  // div-a.run answers topics 201-203 only: read, flagged, and evaluated nowhere.
  assert.deepEqual(s.runs, [{ name: 'bm25.run', loaded: true, pending: false, excluded: false }, { name: 'div-a.run', loaded: true, pending: false, excluded: true }]);
  assert.deepEqual(s.evaluated, ['bm25.run']);
  assert.deepEqual(Object.keys(await tableTexts(page)), ['bm25.run']);
  assert.match(await page.textContent('#file-list'), /div-a\.run \(tag divA, \d+ lines, answers none of the qrels' topics: left out\)/);
  assert.match(await page.textContent('#errors'), /div-a\.run: answers none of the 3 topics of qrels\.txt: left out of the table and of every statistic/);
  assert.deepEqual(await page.$$eval('#baseline option', (os) => os.map((o) => o.value)), ['', 'bm25.run']);
  // The relative computations see only bm25.run too (the worker dropped div-a.run).
  const unique = await page.evaluate(() => window.irlensApp.request('unique', { depth: 10 }).then((r) => JSON.stringify(r)));
  assert.ok(unique.includes('bm25.run') && !unique.includes('div-a'), unique.slice(0, 300));
  await shot(page, 'data-excluded-run');
  // Clear all empties everything.
  await afterRender(page, () => page.click('#clear'));
  assert.deepEqual(await state(page), { example: false, qrels: null, runs: [], evaluated: null, side: [] });
  assert.equal(await page.isVisible('#clear'), false);
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('a side input chosen first replaces the example too; the example comes back whole', async () => {
  const page = await open();
  await page.click('#side-inputs summary');
  await afterRender(page, () => page.click('#side-example')); // the example's own side inputs join it
  assert.deepEqual((await state(page)).side.sort(), ['docLengths', 'groups', 'sessions']);
  assert.equal((await state(page)).example, true);
  const groups = join(tmp, 'groups.tsv');
  writeFileSync(groups, 'mine.run\tteam-a\n');
  await afterRender(page, () => page.setInputFiles('#side-groups', groups));
  const s = await state(page);
  assert.deepEqual({ example: s.example, qrels: s.qrels, runs: s.runs, side: s.side }, { example: false, qrels: null, runs: [], side: ['groups'] });
  await afterRender(page, () => page.click('#example'));
  const back = await state(page);
  assert.deepEqual({ example: back.example, side: back.side, evaluated: back.evaluated }, { example: true, side: [], evaluated: ['bm25.run', 'dense.run', 'hybrid.run', 'shuffled.run'] });
  await page.close();
});

test('dropped files: the qrels are found by content, not by name; one odd file blocks none', async () => {
  const page = await open();
  // A run whose name says "qrels" and a qrels file whose name does not (it was taken for the qrels by its name, and nothing loaded).
  await afterRender(page, () => dropFiles(page, '#drop', [
    { path: join(EX, 'bm25.run'), name: 'bm25-vs-qrels.run' }, { path: join(EX, 'qrels.txt'), name: 'judgments.txt' }, join(EX, 'dense.run')]));
  const s = await state(page);
  assert.equal(s.qrels, 'judgments.txt');
  assert.deepEqual(s.evaluated, ['bm25-vs-qrels.run', 'dense.run']);
  assert.deepEqual(await page.$$eval('#errors li', (lis) => lis.map((l) => l.textContent)), []);
  await page.close();
});

test('dropped files: with two qrels-like files the user is asked which is the qrels', async () => {
  const page = await open();
  const other = join(tmp, 'qrels-b.txt');
  writeFileSync(other, readFileSync(join(EX, 'qrels.txt'), 'utf8').split('\n').slice(0, 6).join('\n') + '\n');
  await dropFiles(page, '#drop', [{ path: join(EX, 'qrels.txt'), name: 'a.txt' }, other, join(EX, 'hybrid.run')]);
  await page.waitForSelector('dialog#pick-qrels[open]');
  assert.deepEqual(await page.$$eval('#pick-qrels label', (ls) => ls.map((l) => l.textContent.trim())), ['a.txt', 'qrels-b.txt']);
  assert.equal(await page.isChecked('#pick-qrels input[value="1"]'), true); // the name with "qrel" is the default
  await page.check('#pick-qrels input[value="0"]');
  await afterRender(page, () => page.click('#pick-qrels-ok'));
  const s = await state(page);
  assert.equal(s.qrels, 'a.txt');
  // qrels-b.txt was read as a run: its problem is reported, hybrid.run loads all the same.
  assert.deepEqual(s.evaluated, ['hybrid.run']);
  assert.match(await page.textContent('#errors'), /qrels-b\.txt/);
  await page.close();
});

test('a gzip file of several members (cat a.gz b.gz) is read whole', async () => {
  const lines = readFileSync(join(EX, 'dense.run'), 'utf8').split('\n');
  const half = Math.floor(lines.length / 2);
  const gz = join(tmp, 'dense-members.run.gz');
  writeFileSync(gz, Buffer.concat([gzipSync(lines.slice(0, half).join('\n') + '\n'), gzipSync(lines.slice(half).join('\n'))]));
  const qgz = join(tmp, 'qrels-members.txt.gz');
  const q = readFileSync(join(EX, 'qrels.txt'));
  writeFileSync(qgz, Buffer.concat([gzipSync(q.subarray(0, 100)), gzipSync(q.subarray(100))]));
  const page = await open();
  await afterRender(page, () => page.setInputFiles('#qrels-file', qgz));
  await afterRender(page, () => page.setInputFiles('#run-files', gz));
  assert.deepEqual(await page.$$eval('#errors li', (lis) => lis.map((l) => l.textContent)), []);
  const native = nativeEval(join(EX, 'qrels.txt'), [join(EX, 'dense.run')], 'P@5 P@10 AP nDCG@10 RR RBP(p=0.8)');
  const shown = await tableTexts(page);
  for (const [m, v] of Object.entries(native.runs['dense.run'].mean)) assert.equal(shown['dense-members.run'][m], v.toFixed(4), m);
  // a damaged one: its file and the problem, once
  const bad = join(tmp, 'cut.run.gz');
  const whole = gzipSync(readFileSync(join(EX, 'bm25.run')));
  writeFileSync(bad, whole.subarray(0, Math.floor(whole.length / 2)));
  await afterRender(page, () => page.setInputFiles('#run-files', bad));
  assert.match(await page.textContent('#errors li'), /^cut\.run\.gz: not a valid gzip file \(unexpected EOF\)$/);
  await page.close();
});

test('warnings: the box under the table exactly when there are warnings (never "null")', async () => {
  const page = await open();
  await afterRender(page, () => page.setInputFiles('#qrels-file', join(EX, 'qrels.txt')));
  await afterRender(page, () => page.setInputFiles('#run-files', [join(EX, 'bm25.run'), join(EX, 'dense.run')]));
  await assertClean(page); // these runs have no warnings: no box, and no "null" where it was
  assert.equal(await page.$('#view details.warnings'), null);
  assert.ok(!(await page.textContent('#view')).includes('null'));
  const run = join(tmp, 'partial.run');
  writeFileSync(run, '101 Q0 d01 1 2.0 partial\n999 Q0 d01 1 2.0 partial\n');
  await afterRender(page, () => page.setInputFiles('#run-files', run)); // assertClean: a box, for its warnings
  assert.match(await page.textContent('#view details.warnings'), /partial\.run: 1 lines for 1 topic\(s\) not in the qrels were ignored \(999\)/);
  await page.close();
});

test('CSV exports: text cells that a spreadsheet would run as a formula start with a quote; numbers stay numbers', async () => {
  const evil = join(tmp, '=HYPERLINK(x).run');
  writeFileSync(evil, readFileSync(join(EX, 'shuffled.run'), 'utf8').replace(/ shuffled$/gm, ' @tag'));
  const page = await open();
  await afterRender(page, () => page.setInputFiles('#qrels-file', join(EX, 'qrels.txt')));
  await afterRender(page, () => page.setInputFiles('#run-files', [join(EX, 'hybrid.run'), evil]));
  await afterRender(page, () => page.selectOption('#baseline', 'hybrid.run')); // the evil run is worse: negative differences
  const csv = (await downloadOf(page, 'button[data-export="table.csv"]')).text.trim().split('\n');
  const row = csv.find((l) => l.includes('HYPERLINK') && l.includes(',AP,'));
  const cells = row.match(/("[^"]*"|[^,]*)(,|$)/g).map((c) => c.replace(/,$/, ''));
  assert.equal(cells[0], "'=HYPERLINK(x).run");
  assert.equal(cells[1], "'@tag");
  assert.match(cells[6], /^-0\.\d+$/); // the difference to the baseline: a plain negative number
  assert.ok(Number(cells[6]) < 0);
  // The statistics exports go through the same cell writer (exports.js csvCell).
  await afterRender(page, () => page.click('#tab-significance'), 'significance');
  const button = await page.waitForSelector('button[data-export$=".csv"]');
  const name = await button.getAttribute('data-export');
  const stats = (await downloadOf(page, `button[data-export="${name}"]`)).text;
  assert.ok(!/(^|,)=HYPERLINK/m.test(stats), stats.slice(0, 300));
  assert.ok(stats.includes("'=HYPERLINK(x).run"), `${name}: ${stats.slice(0, 300)}`);
  await page.close();
});

test('the embed example from file:// says why it cannot run and what to use instead', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'irlens-embed-copy-'));
  for (const f of ['embed.html', 'irlens-embed.js', 'worker.js', 'irlens_web.wasm', 'style.css']) copyFileSync(join(DIST, f), join(dir, f));
  // a copy of the example as it is in the repository: complete, no placeholder left
  assert.ok(!readFileSync(join(EX, 'embed.html'), 'utf8').includes('%CSP%'));
  const page = await newPage(session.browser.context);
  await page.goto(`file://${join(dir, 'embed.html')}`);
  await page.waitForLoadState('load');
  const message = page.locator('.irlens-fallback');
  await message.waitFor({ state: 'visible', timeout: 15000 }); // shown after a moment (style.css)
  assert.match(await message.textContent(), /served over http\(s\)[\s\S]*irlens\.html/);
  // and names the file that works from file://, with the line that loads it (issue 35)
  assert.match(await message.textContent(), /irlens-embed\.single\.js[\s\S]*<script src="irlens-embed\.single\.js"><\/script>/);
  await shot(page, 'embed-file');
  // served, the same copy runs and the message is gone
  const served = await newPage(session.browser.context);
  await served.goto(`${session.server.url}embed.html`);
  await served.waitForFunction(() => [...document.querySelectorAll('irlens-view')].every((e) => e.dataset.state === 'done'), null, { timeout: 30000 });
  assert.equal(await served.$('.irlens-fallback'), null);
  assert.deepEqual(served.log.console, []);
  assert.deepEqual(await served.evaluate(() => window.__csp), []);
  await served.close();
  await page.close();
});

test('the loaded files are one summary line that opens the run manager: filter, select, remove', async () => {
  const page = await open();
  const runs = ['bm25.run', 'dense.run', 'hybrid.run', 'shuffled.run'];
  await afterRender(page, () => page.setInputFiles('#qrels-file', join(EX, 'qrels.txt')));
  await afterRender(page, () => page.setInputFiles('#run-files', runs.map((r) => join(EX, r))));
  const judgments = readFileSync(join(EX, 'qrels.txt'), 'utf8').trim().split('\n').length;
  const bytes = runs.reduce((s, r) => s + readFileSync(join(EX, r)).length, 0);
  assert.equal(await page.textContent('#loaded-summary'), `qrels.txt: 3 topics, ${judgments} judgments · 4 runs, ${(bytes / 1000).toFixed(1)} kB`);
  assert.equal(await page.isVisible('#file-list'), false); // collapsed
  await page.click('#loaded-summary');
  // bm25.run selected, then hidden by the filter: Remove selected counts and removes the visible selection only.
  await page.check('#file-list input[aria-label="Select bm25.run"]');
  await page.fill('#run-filter', 'HY');
  assert.deepEqual(await page.$$eval('#file-list li[data-run]:not([hidden])', (lis) => lis.map((l) => l.dataset.run)), ['hybrid.run']);
  assert.equal(await page.textContent('#remove-selected'), 'Remove selected');
  await page.check('#select-shown');
  assert.equal(await page.textContent('#remove-selected'), 'Remove selected (1)');
  assert.equal(await page.getAttribute('#remove-selected', 'title'), '1 selected run hidden by the filter: not removed');
  await afterRender(page, () => page.click('#remove-selected'));
  assert.deepEqual(Object.keys(await tableTexts(page)).sort(), ['bm25.run', 'dense.run', 'shuffled.run']);
  await page.fill('#run-filter', '');
  await page.check('#file-list input[aria-label="Select bm25.run"]');
  await page.check('#file-list input[aria-label="Select shuffled.run"]');
  assert.equal(await page.isChecked('#select-shown'), false);
  await afterRender(page, () => page.click('#remove-selected'));
  assert.deepEqual(Object.keys(await tableTexts(page)), ['dense.run']);
  assert.match(await page.textContent('#loaded-summary'), /· 1 run, /);
  await shot(page, 'run-manager');
  await page.close();
});

test('a table of 500 runs x 20 measures: rows by chunks, header and run column stay in view, a run filter, sorting', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'irlens-web-500-'));
  let qrels = '';
  for (let t = 1; t <= 20; t++) for (let d = 0; d < 10; d++) qrels += `${t} 0 d${d} ${d % 3 === 0 ? 1 : 0}\n`;
  writeFileSync(join(dir, 'qrels.txt'), qrels);
  const files = [];
  for (let r = 0; r < 500; r++) {
    let text = '';
    for (let t = 1; t <= 20; t++) for (let d = 0; d < 10; d++) text += `${t} Q0 d${(d * 3 + r + t) % 10} ${d + 1} ${10 - d} r${r}\n`; // 3d mod 10: a permutation
    files.push(join(dir, `r${r}.run`));
    writeFileSync(files.at(-1), text);
  }
  const measures = Array.from({ length: 20 }, (_, i) => `P@${i + 1}`).join(' ');
  const page = await open();
  await afterRender(page, async () => {
    await page.fill('#measures', measures);
    await page.press('#measures', 'Enter');
  });
  await afterRender(page, () => page.setInputFiles('#qrels-file', join(dir, 'qrels.txt')));
  await afterRender(page, () => page.setInputFiles('#run-files', files));
  // the rows come 100 at a time, more as the table is scrolled to its end
  assert.equal((await page.$$('#results tbody tr')).length, 100);
  assert.match(await page.textContent('#view'), /100 rows shown, more as you scroll the table/);
  assert.equal(Object.keys(await tableTexts(page)).length, 500); // scrolls them all in
  assert.equal((await page.$$('#results tbody tr')).length, 500);
  assert.equal((await page.$$('#results thead th')).length, 21);
  // scrolled down and right, the header row and the run column are still at the box's edges
  const edges = await page.evaluate(() => {
    const wrap = document.querySelector('#view .table-wrap');
    wrap.scrollTop = 5000;
    wrap.scrollLeft = 5000;
    const box = wrap.getBoundingClientRect();
    const head = document.querySelector('#results thead th[title^="P(rel=1"]').getBoundingClientRect();
    const row = [...document.querySelectorAll('#results tbody th[scope=row]')].find((th) => {
      const r = th.getBoundingClientRect();
      return r.top > box.top + 60 && r.bottom < box.bottom;
    }).getBoundingClientRect();
    return { scrolled: wrap.scrollTop > 0 && wrap.scrollLeft > 0, headTop: head.top - box.top, rowLeft: row.left - box.left };
  });
  assert.ok(edges.scrolled, 'the table scrolls in its box');
  assert.ok(Math.abs(edges.headTop) <= 1, `header row at the top (${edges.headTop})`);
  assert.ok(Math.abs(edges.rowLeft) <= 1, `run column at the left (${edges.rowLeft})`);
  await page.fill('#table-filter', 'r49');
  const shown = await page.$$eval('#results tbody tr', (trs) => trs.map((tr) => tr.dataset.run));
  assert.deepEqual(shown.sort(), ['r49.run', ...Array.from({ length: 10 }, (_, i) => `r49${i}.run`)].sort());
  assert.match(await page.textContent('#view'), /11 of 500 runs/);
  // sorting keeps the filter; the order is the means' order
  await afterRender(page, () => page.click('#results thead th[title^="P(rel=1,judged_only=False,agg=mean)@3"] button'));
  const order = await page.$$eval('#results tbody tr', (trs) => trs.map((tr) => tr.dataset.run));
  const means = await page.evaluate((runs) => runs.map((r) => window.irlensApp.state.result.runs[r].mean['P@3']), order);
  assert.equal(order.length, 11);
  for (let i = 1; i < means.length; i++) assert.ok(means[i - 1] >= means[i], `sorted by P@3: ${means}`);
  await page.close();
});
