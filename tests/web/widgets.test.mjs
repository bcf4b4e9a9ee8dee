// <irlens-view> widgets (web/src/widgets/) in headless Chromium: the tutorial page
// (examples/tutorial.html, built into web/dist) renders every widget with the native CLI's numbers
// for the same files; the playground widget takes its list from an inline JSON script and from
// attributes; the explain widget explains the element's data; errors show in the element.
// examples/embed.html's table and chart stay covered by tests/web/app.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverAndBrowser, newPage, nativeEval, shot, DIST, NATIVE } from './harness.mjs';
import { stateOf } from '../../web/src/playground/settings.js';
import { inputsOf } from '../../web/src/playground/model.js';
import { EXAMPLES } from '../../web/src/playground/examples.js';

const env = serverAndBrowser(before, after);
const tmp = mkdtempSync(join(tmpdir(), 'irlens-widgets-test-'));

/** The CLI's per-topic values of the one run for qrels/run texts ({qrels, run | runs: [one], docLengths, qrelsFormat}). */
function cli({ qrels, run, runs, docLengths, qrelsFormat = 'plain' }, measures) {
  const k = Math.random().toString(36).slice(2);
  writeFileSync(join(tmp, `${k}.q`), qrels);
  writeFileSync(join(tmp, `${k}.r`), run || runs[0].text); // the tutorial's playgrounds: lists are topics of one run
  const extra = ['--qrels-format', qrelsFormat];
  if (docLengths) {
    writeFileSync(join(tmp, `${k}.l`), docLengths);
    extra.push('--doc-lengths', join(tmp, `${k}.l`));
  }
  return Object.values(nativeEval(join(tmp, `${k}.q`), [join(tmp, `${k}.r`)], measures, extra).runs)[0].per_topic; // the one run
}

const allDone = (page) => page.waitForFunction(() => [...document.querySelectorAll('irlens-view')].every((e) => e.dataset.state === 'done' || e.dataset.state === 'error'), null, { timeout: 60000 });

/** Waits until every playground in the page shows the numbers of its last edit. */
const settled = (page) => page.waitForFunction(() => [...document.querySelectorAll('.playground')].every((p) => p.dataset.seq && p.dataset.evaluated === p.dataset.seq), null, { timeout: 30000 });

/** The values one playground element shows: {TOPIC: {M: {value, text}}}. */
const values = (page, id) => page.$$eval(`#${id} .pg-value`, (bs) => {
  const out = {};
  for (const b of bs) (out[b.dataset.topic] ||= {})[b.dataset.measure] = { value: Number(b.dataset.value), text: b.textContent };
  return out;
});

function assertSame(got, want, what) {
  assert.deepEqual(Object.keys(got).sort(), Object.keys(want).sort(), `${what}: the lists`);
  for (const [t, ms] of Object.entries(want)) {
    for (const [m, v] of Object.entries(ms)) {
      assert.ok(Math.abs(got[t][m].value - v) <= 1e-12, `${what} list ${t} ${m}: page ${got[t][m].value}, CLI ${v}`);
      assert.equal(got[t][m].text, v.toFixed(4), `${what} list ${t} ${m} as shown`);
    }
  }
}

test('the tutorial page renders every widget with the CLI\'s numbers', async () => {
  const page = await newPage(env.browser.context);
  await page.goto(`${env.server.url}tutorial.html`);
  await allDone(page);
  await settled(page);
  const states = await page.$$eval('irlens-view', (es) => es.map((e) => [e.id, e.dataset.state]));
  assert.ok(states.length >= 9, `the tutorial's widgets: ${states.length}`);
  for (const [id, state] of states) assert.equal(state, 'done', `${id}: ${state}`);

  const playgrounds = await page.$$eval('irlens-view[view="playground"]', (es) => es.map((e) => [e.id, e.getAttribute('example')]));
  assert.ok(playgrounds.length >= 5);
  for (const [id, exampleId] of playgrounds) {
    const ex = EXAMPLES.find((x) => x.id === exampleId);
    const state = stateOf(ex.settings);
    assertSame(await values(page, id), cli(inputsOf(state), state.measures), id);
  }
  // the null distribution's p is `irlens compare`'s for the same files, pair, test and seed
  const nd = await page.$eval('#null-example', (e) => ({
    qrels: e.querySelector('script[data-qrels]').textContent.replace(/^\s*\n/, ''),
    runs: [...e.querySelectorAll('script[data-run]')].map((r) => [r.getAttribute('name'), r.textContent.replace(/^\s*\n/, '')]),
    p: e.querySelector('.null-summary').dataset.p,
  }));
  writeFileSync(join(tmp, 'nd.q'), nd.qrels);
  for (const [name, text] of nd.runs) writeFileSync(join(tmp, name), text);
  const compared = JSON.parse(execFileSync(NATIVE, ['compare', join(tmp, 'nd.q'), join(tmp, 'A'), join(tmp, 'B'), '-m', 'AP', '--baseline', 'B',
    '--test', 'randomisation', '--seed', '1', '-f', 'json'], { encoding: 'utf8' }));
  const p = compared.measures[0].comparisons.find((c) => c.run === 'A').p;
  assert.equal(Number(nd.p), p, `null-distribution widget p ${nd.p}, irlens compare ${p}`);
  // the axioms grid: every cell is `irlens axioms`' verdict for the same measures and seed
  const cells = await page.$$eval('#axioms-example .axioms-grid button', (bs) => bs.map((b) => [b.dataset.constraint, b.dataset.verdict]));
  const audit = JSON.parse(execFileSync(NATIVE, ['axioms', '-m', 'AP', '-m', 'P@10', '--format', 'json'], { encoding: 'utf8' }));
  assert.deepEqual(cells, audit.results.map((r) => [r.constraint, r.verdict]), 'axioms widget = irlens axioms');
  // each explanation: its value is the CLI's on the qrels and run written in the element
  const explains = await page.$$eval('irlens-view[view="explain"]', (es) => es.map((e) => ({
    id: e.id, measure: e.getAttribute('measure'), topic: e.getAttribute('topic'), run: e.getAttribute('run'),
    qrels: e.querySelector('script[data-qrels]').textContent.replace(/^\s*\n/, ''), runText: e.querySelector('script[data-run]').textContent.replace(/^\s*\n/, ''),
    shown: e.querySelector('.explain-value').textContent,
  })));
  assert.ok(explains.length >= 4);
  for (const e of explains) {
    const want = cli({ qrels: e.qrels, run: e.runText }, e.measure)[e.topic][e.measure];
    assert.equal(e.shown, want.toFixed(4), `${e.id}: ${e.measure}`);
  }
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  assert.deepEqual(page.log.errors, []);
  for (const [width, name] of [[1400, 'tutorial-1400'], [390, 'tutorial-390']]) {
    await page.setViewportSize({ width, height: 900 });
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), width, `no horizontal scrolling at ${width} px`);
    await shot(page, name);
  }
  await page.close();
});

test('a playground widget takes its lists from inline JSON or attributes; an edit gives the CLI\'s numbers', async () => {
  // a page of our own beside the embed bundle (web/dist), with the app's policy
  const csp = (await import('../../web/csp.mjs')).CSP;
  writeFileSync(join(DIST, 'widgets-test.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}"><title>widgets</title>
<link rel="stylesheet" href="style.css"><script type="module" src="irlens-embed.js"></script></head><body>
<irlens-view id="json" view="playground"><script type="application/json" data-playground>
{"measures": "AP nDCG@3", "grades": 2, "a": "x:0 y:2 z:1 +1:1"}
</script></irlens-view>
<irlens-view id="attrs" view="playground" measures="RR P@2" grades="1" list-a="d1:0 d2:1" list-b="d2:1 d1:0"></irlens-view>
<irlens-view id="bad" view="playground"><script type="application/json" data-playground>{"lists": 1}</script></irlens-view>
<irlens-view id="ex" view="explain" measure="AP" run="r1" topic="t1">
<script type="text/plain" data-qrels name="q.txt">
t1 0 a 1
t1 0 b 0
t1 0 c 1
</script>
<script type="text/plain" data-run name="r1">
t1 Q0 b 1 3 r1
t1 Q0 a 2 2 r1
t1 Q0 c 3 1 r1
</script>
</irlens-view>
<irlens-view id="tab" view="table" measures="AP" data-from="ex"></irlens-view>
</body></html>`);
  const page = await newPage(env.browser.context);
  await page.goto(`${env.server.url}widgets-test.html`);
  await allDone(page);
  await settled(page);
  const q = 'A 0 x 0\nA 0 y 2\nA 0 z 1\nA 0 ~g1.1 1\n', r = 'A Q0 x 1 3 playground\nA Q0 y 2 2 playground\nA Q0 z 3 1 playground\n';
  assertSame(await values(page, 'json'), cli({ qrels: q, run: r }, 'AP nDCG@3'), 'json');
  await page.click('#json .pg-cell[data-rank="1"]'); // x: 0 -> 1
  await settled(page);
  assertSame(await values(page, 'json'), cli({ qrels: q.replace('A 0 x 0', 'A 0 x 1'), run: r }, 'AP nDCG@3'), 'json after a click');
  assertSame(await values(page, 'attrs'), cli({ qrels: 'A 0 d1 0\nA 0 d2 1\nB 0 d2 1\nB 0 d1 0\n', run: 'A Q0 d1 1 2 playground\nA Q0 d2 2 1 playground\nB Q0 d2 1 2 playground\nB Q0 d1 2 1 playground\n' }, 'RR P@2'), 'attrs');
  assert.equal(await page.textContent('#attrs .pg-diff'), 'swap ranks 1 and 2: RR +0.5000, P@2 unchanged');
  assert.equal(await page.getAttribute('#bad', 'data-state'), 'error');
  assert.match(await page.textContent('#bad .error'), /unknown field 'lists'/);
  // AP of b a c with a, c relevant: (1/2 + 2/3)/2 = 0.583333
  assert.equal(await page.textContent('#ex .explain-value'), '0.5833');
  assert.equal(await page.textContent('#tab tbody td'), '0.5833');
  assert.deepEqual(page.log.errors, []);
  await page.close();
});
