// The web app in headless Chromium (playwright-core driving Debian's /usr/bin/chromium), served on
// localhost by scripts/static-server.mjs: what a user does, checked against the native CLI.
// Run: web/build.sh && node --test tests/web/   (scripts/test.sh does both).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, DIST, SHARED, serverAndBrowser, newPage, waitReady, waitRendered, tableTexts, nativeEval, shot, afterRender, NATIVE, downloadBytes } from './harness.mjs';

const EX = join(ROOT, 'examples');
const EXAMPLE_RUNS = ['bm25.run', 'dense.run', 'hybrid.run', 'shuffled.run'];
const DEFAULT_MEASURES = 'P@5 P@10 AP nDCG@10 RR RBP(p=0.8)';
const tmp = mkdtempSync(join(tmpdir(), 'irlens-web-test-'));
const env = serverAndBrowser(before, after);

async function open(hash = '', search = '') {
  const page = await newPage(env.browser.context);
  await page.goto(env.server.url + search + hash);
  await waitReady(page);
  return page;
}

/** Asserts that the page's result (full precision and the 4 decimals shown) equals the CLI's. */
async function assertSameAsNative(page, native, { perTopic = true } = {}) {
  const result = await page.evaluate(() => window.irlensApp.state.result);
  const shown = await tableTexts(page);
  assert.deepEqual(result.measures, native.measures);
  assert.deepEqual(Object.keys(result.runs).sort(), Object.keys(native.runs).sort());
  for (const [run, r] of Object.entries(native.runs)) {
    for (const m of native.measures) {
      const want = r.mean[m], got = result.runs[run].mean[m];
      assert.ok(Math.abs(got - want) <= 1e-12, `${run} ${m}: page ${got}, CLI ${want}`);
      assert.equal(shown[run][m], want.toFixed(4), `${run} ${m} as shown`);
    }
    if (perTopic) {
      assert.deepEqual(Object.keys(result.runs[run].perTopic), Object.keys(r.per_topic), `${run}: topics`);
      for (const [t, row] of Object.entries(r.per_topic))
        for (const m of native.measures) assert.ok(Math.abs(result.runs[run].perTopic[t][m] - row[m]) <= 1e-12, `${run} ${t} ${m}`);
    }
  }
}

test('the example loads by default, with the same numbers as `irlens eval`', async () => {
  const page = await open();
  assert.equal(await page.inputValue('#measures'), DEFAULT_MEASURES);
  await assertSameAsNative(page, nativeEval(join(EX, 'qrels.txt'), EXAMPLE_RUNS.map((r) => join(EX, r)), DEFAULT_MEASURES));
  // best per column: hybrid.run has the highest AP
  assert.ok(await page.$eval('#results tr[data-run="hybrid.run"] td[data-measure="AP"]', (td) => td.classList.contains('best')));
  // the 95% CI is shown under the mean
  await page.waitForSelector('#results:not([aria-busy="true"])'); // the intervals, computed after the means (aria-busy till then)
  assert.match(await page.textContent('#results tr[data-run="bm25.run"] td[data-measure="AP"] .ci'), /^-?\d\.\d{3}–\d\.\d{3}$/);
  await shot(page, 'table');
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('the best mark follows the registry: lowest for lower-is-better E, none for the NumRet count', async () => {
  const page = await open();
  await afterRender(page, async () => {
    await page.fill('#measures', 'AP E@10 NumRet');
    await page.press('#measures', 'Enter');
  });
  const means = await page.evaluate(() => Object.fromEntries(Object.entries(window.irlensApp.state.result.runs).map(([r, x]) => [r, x.mean['E@10']])));
  const low = Math.min(...Object.values(means)), high = Math.max(...Object.values(means));
  assert.ok(low < high, 'the example runs differ in E@10');
  const bestOf = (m) => page.$$eval(`#results td[data-measure="${m}"].best`, (tds) => tds.map((td) => td.closest('tr').dataset.run).sort());
  assert.deepEqual(await bestOf('E@10'), Object.keys(means).filter((r) => means[r] === low).sort());
  assert.deepEqual(await bestOf('NumRet'), []);
  assert.equal((await bestOf('AP')).length, 1);
  await page.close();
});

test('uploaded qrels and runs, plain and .gz, give the numbers of `irlens eval`', async () => {
  const gz = join(tmp, 'dense.run.gz');
  writeFileSync(gz, gzipSync(readFileSync(join(EX, 'dense.run'))));
  const qgz = join(tmp, 'qrels.txt.gz');
  writeFileSync(qgz, gzipSync(readFileSync(join(EX, 'qrels.txt'))));
  const page = await open();
  const measures = 'P@3 R@5 AP nDCG@5 Bpref RBP(p=0.5)';
  await afterRender(page, async () => {
    await page.fill('#measures', measures);
    await page.press('#measures', 'Enter');
  });
  await afterRender(page, () => page.setInputFiles('#qrels-file', qgz));
  // the user's qrels replaced the whole example: no run is left
  assert.deepEqual(await page.evaluate(() => window.irlensApp.state.runs), []);
  await afterRender(page, () => page.setInputFiles('#run-files', [join(EX, 'bm25.run'), gz]));
  const names = ['bm25.run', 'dense.run']; // dense.run.gz: the run name drops .gz (as the CLI's)
  await assertSameAsNative(page, nativeEval(qgz, [join(EX, 'bm25.run'), gz], measures));
  assert.deepEqual(Object.keys(await tableTexts(page)).sort(), names.sort());
  await page.close();
});

test('real data (TREC-COVID round 1, gzip runs) gives the numbers of `irlens eval`', async (t) => {
  const dir = join(SHARED, 'data', 'covid-r1');
  if (!existsSync(dir)) {
    console.log(`SKIPPED: ${dir} is absent`);
    t.skip('../shared is absent');
    return;
  }
  const runs = readdirSync(join(dir, 'runs')).sort().slice(0, 3).map((r) => join(dir, 'runs', r));
  const measures = 'nDCG@10 P@5 AP Bpref RBP(p=0.5) R@100';
  const page = await open();
  await afterRender(page, async () => {
    await page.fill('#measures', measures);
    await page.press('#measures', 'Enter');
  });
  await afterRender(page, () => page.setInputFiles('#qrels-file', join(dir, 'qrels-rnd1.txt')));
  await afterRender(page, () => page.setInputFiles('#run-files', runs));
  await assertSameAsNative(page, nativeEval(join(dir, 'qrels-rnd1.txt'), runs, measures));
  await page.close();
});

test('changing measures updates the table and the charts; the parser explains a bad name', async () => {
  const page = await open();
  await afterRender(page, async () => {
    await page.fill('#measures', 'nDCG@5 R@10 RR');
    await page.press('#measures', 'Enter');
  });
  assert.deepEqual(await page.$$eval('#results thead th', (ths) => ths.map((th) => th.textContent.replace(/[▲▼]/g, '').trim())), ['Run', 'nDCG@5', 'R@10', 'RR']);
  await afterRender(page, () => page.click('#tab-charts'), 'charts');
  await page.waitForFunction(() => document.querySelectorAll('.chart-card .chart svg').length === 4);
  // the scatter offers the new measures
  assert.deepEqual(await page.$$eval('#sel-sx option', (os) => os.map((o) => o.value)), ['nDCG@5', 'R@10', 'RR']);
  await shot(page, 'charts');
  await afterRender(page, () => page.click('#tab-topics'), 'topics');
  assert.ok(await page.$('#per-topic-chart svg'));
  // a bad name: the core's message, and the table keeps the last good measures
  await page.fill('#measures', 'nDCG@5 Foo@3');
  await page.press('#measures', 'Enter');
  await page.waitForFunction(() => document.querySelector('#measure-error').textContent !== '');
  assert.equal(await page.textContent('#measure-error'), "unknown measure 'Foo' (see `irlens measures` for the list)");
  assert.equal(await page.getAttribute('#measures', 'aria-invalid'), 'true');
  assert.equal(await page.evaluate(() => window.irlensApp.state.settings.m), 'nDCG@5 R@10 RR');
  await page.close();
});

test('autocomplete and tooltips come from the registry; presets from groups()', async () => {
  const page = await open();
  await page.fill('#measures', '');
  await page.type('#measures', 'nDC');
  await page.waitForSelector('#measure-suggestions li');
  const first = await page.$eval('#measure-suggestions li', (li) => ({ text: li.textContent, title: li.title }));
  assert.match(first.text, /^nDCG — /);
  assert.match(first.title, /Jarvelin & Kekalainen/); // the citation
  await page.press('#measures', 'ArrowDown');
  await page.press('#measures', 'Enter');
  assert.equal(await page.inputValue('#measures'), 'nDCG');
  assert.match(await page.textContent('#measure-help'), /^nDCG: Normalised discounted cumulative gain/);
  // One button per registry preset (groups() of the WASM module), in registry order.
  const presets = await page.$$eval('#presets button', (bs) => bs.map((b) => b.textContent));
  const groups = await page.evaluate(() => window.irlensApp.state.groups);
  assert.deepEqual(presets, groups.map((g) => g.name));
  for (const name of ['trec_official', 'trec_dl', 'recall_oriented']) assert.ok(presets.includes(name), name);
  await afterRender(page, () => page.click('#presets button:text("trec_dl")'));
  const dl = groups.find((g) => g.name === 'trec_dl').measures;
  assert.equal((await page.$$('#results thead th')).length, 1 + dl.length);
  await page.close();
});

test('a baseline shows differences and wins/ties/losses over topics', async () => {
  const page = await open();
  await afterRender(page, () => page.selectOption('#baseline', 'bm25.run'));
  const native = nativeEval(join(EX, 'qrels.txt'), EXAMPLE_RUNS.map((r) => join(EX, r)), DEFAULT_MEASURES);
  for (const run of ['dense.run', 'hybrid.run', 'shuffled.run']) {
    for (const m of native.measures) {
      const a = native.runs[run], b = native.runs['bm25.run'];
      let w = 0, ti = 0, l = 0;
      // The core's one tie rule (irlens/stats/risk.hpp wins_ties_losses): exact signs, no tolerance.
      for (const [topic, row] of Object.entries(a.per_topic)) {
        if (!b.per_topic[topic]) continue;
        const d = row[m] - b.per_topic[topic][m];
        if (d === 0) ti++;
        else if (d > 0) w++;
        else l++;
      }
      const diff = a.mean[m] - b.mean[m];
      const sign = diff > 0 ? '+' : diff < 0 ? '−' : '±';
      const text = await page.textContent(`#results tr[data-run="${run}"] td[data-measure="${m}"] .diff`);
      assert.equal(text, `${sign}${Math.abs(diff).toFixed(4)} · ${w}/${ti}/${l}`, `${run} ${m}`);
    }
  }
  assert.equal(await page.$('#results tr[data-run="bm25.run"] .diff'), null);
  assert.match(await page.evaluate(() => location.hash), /b=bm25\.run/);
  // sorting by a column (keyboard: the header is a button)
  await page.focus('#results thead th[title^="AP("] button');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.hash.includes('sort=AP%3Adesc'));
  const order = await page.$$eval('#results tbody tr', (trs) => trs.map((tr) => tr.dataset.run));
  const byAp = Object.entries(native.runs).sort((x, y) => y[1].mean.AP - x[1].mean.AP).map(([r]) => r);
  assert.deepEqual(order, byAp);
  await shot(page, 'table-baseline');
  // per-topic differences to the baseline, and the ranked lists of a clicked topic
  await afterRender(page, () => page.click('#tab-topics'), 'topics');
  await afterRender(page, () => page.selectOption('#sel-pr', 'hybrid.run'));
  await afterRender(page, () => page.selectOption('#sel-pmode', 'diff'));
  assert.match(await page.textContent('#per-topic-chart'), /hybrid\.run − bm25\.run per topic/);
  await afterRender(page, () => page.click('#per-topic-chart svg .mark-rect path >> nth=0'));
  await page.waitForSelector('.lists ol');
  assert.equal((await page.$$('.lists section.list')).length, 4);
  const firstDoc = await page.textContent('.lists section.list:first-child li .doc');
  assert.ok(firstDoc.length > 0);
  await shot(page, 'per-topic');
  await page.close();
});

test('exports: CSV, JSON, LaTeX and charts as SVG/PNG, each with provenance', async () => {
  const page = await open();
  await afterRender(page, () => page.selectOption('#baseline', 'bm25.run'));
  await page.waitForSelector('#sig-legend'); // the markers, in the exports once shown
  const sha = createHash('sha256').update(readFileSync(join(EX, 'qrels.txt'))).digest('hex');
  const native = nativeEval(join(EX, 'qrels.txt'), EXAMPLE_RUNS.map((r) => join(EX, r)), DEFAULT_MEASURES);
  const grab = async (selector) => {
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
    return { name: dl.suggestedFilename(), bytes: await downloadBytes(dl) };
  };
  const csv = await grab('button[data-export="table.csv"]');
  assert.equal(csv.name, 'irlens-table.csv');
  const lines = csv.bytes.toString('utf8').trim().split('\n');
  const prov = JSON.parse(lines[0].replace(/^# provenance: /, ''));
  assert.equal(prov.version, '0.1.0');
  assert.equal(prov.measures['P@5'], 'P(rel=1,judged_only=False,agg=mean)@5');
  assert.equal(prov.measures.RBP, 'RBP(p=0.8,norm=qrels,judged_only=False,agg=mean)');
  assert.deepEqual(prov.inputs[0], { role: 'qrels', name: 'qrels.txt', bytes: readFileSync(join(EX, 'qrels.txt')).length, sha256: sha });
  assert.equal(prov.inputs.length, 5);
  assert.deepEqual(prov.seeds, {});
  // With a baseline the table shows significance markers: the CSV carries them (stats.test.mjs checks the values).
  assert.equal(lines[1], 'run,tag,measure,mean,ci95_low,ci95_high,diff_to_baseline,wins,ties,losses,p,p_adjusted,marker,note');
  const row = lines.find((l) => l.startsWith('hybrid.run,hybrid,AP,')).split(',');
  assert.ok(Math.abs(Number(row[3]) - native.runs['hybrid.run'].mean.AP) <= 1e-12);
  assert.ok(Math.abs(Number(row[6]) - (native.runs['hybrid.run'].mean.AP - native.runs['bm25.run'].mean.AP)) <= 1e-12);
  assert.equal(lines.length, 2 + 4 * 6);
  const json = JSON.parse((await grab('button[data-export="table.json"]')).bytes);
  assert.equal(json.provenance.inputs[0].sha256, sha);
  assert.ok(Math.abs(json.runs['dense.run'].perTopic['102']['nDCG@10'] - native.runs['dense.run'].per_topic['102']['nDCG@10']) <= 1e-12);
  assert.deepEqual(Object.keys(json.runs['dense.run'].baseline.AP), ['diff', 'wins', 'ties', 'losses']);
  const tex = (await grab('button[data-export="table.tex"]')).bytes.toString('utf8');
  for (const s of ['\\toprule', '\\midrule', '\\bottomrule', 'RBP', 'hybrid.run', `\\textbf{${native.runs['hybrid.run'].mean.AP.toFixed(4)}}`]) assert.ok(tex.includes(s), s);
  assert.match(tex, /^% provenance: \{/);
  await afterRender(page, () => page.click('#tab-charts'), 'charts');
  await page.waitForFunction(() => document.querySelectorAll('.chart-card .chart svg').length === 4);
  const svg = (await grab('button[data-export="recall-precision.svg"]')).bytes.toString('utf8');
  assert.match(svg, /^<svg[^>]*><metadata><!\[CDATA\[\{"tool":"irlens"/);
  assert.ok(svg.includes('hybrid.run'));
  const png = (await grab('button[data-export="kendall-tau.png"]')).bytes;
  assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
  const text = png.toString('latin1');
  const at = text.indexOf('tEXtirlens-provenance\0');
  assert.ok(at > 0, 'PNG has an irlens-provenance tEXt chunk');
  const len = png.readUInt32BE(at - 4);
  const record = JSON.parse(text.slice(at + 'tEXtirlens-provenance\0'.length, at + 4 + len));
  assert.equal(record.inputs[0].sha256, sha);
  await page.close();
});

test('a malformed run shows the error panel with its line; the other runs still display', async () => {
  const bad = join(tmp, 'bad.run');
  writeFileSync(bad, '101 Q0 d01 1 12.5 bad\n101 Q0 d02 2 11.0 bad\n101 Q0 d03 3 ten bad\n');
  const page = await open();
  await afterRender(page, () => page.setInputFiles('#qrels-file', join(EX, 'qrels.txt')));
  await afterRender(page, () => page.setInputFiles('#run-files', [bad, join(EX, 'bm25.run')]));
  await page.waitForSelector('#errors:not([hidden])');
  const panel = await page.textContent('#errors li');
  // the location once, then the problem (it was "bad.run, line 3: bad.run:3: ...")
  assert.match(panel, /^bad\.run, line 3: [^:]*score/);
  assert.equal(panel.match(/bad\.run/g).length, 1, panel);
  assert.deepEqual(Object.keys(await tableTexts(page)).sort(), ['bm25.run']);
  assert.match(await page.textContent('#file-list'), /bad\.run \(not loaded: see the errors\)/);
  await shot(page, 'error-panel');
  await page.close();
});

test('explain mode: the table\'s 4 decimals, full precision on request; no number wraps at 390 px', async () => {
  const page = await open('#v=explain&er=bm25.run&et=101&em=nDCG%4010');
  await page.setViewportSize({ width: 390, height: 900 });
  const native = nativeEval(join(EX, 'qrels.txt'), [join(EX, 'bm25.run')], 'nDCG@10').runs['bm25.run'].per_topic['101']['nDCG@10'];
  await page.waitForSelector('#explain-value');
  // Every number in one format: 4 decimals (or an integer), in the rows, the terms and the value.
  const numbers = async () => page.$$eval('#explain-table td.num, .explanation dl.terms dd, #explain-value', (es) => es.map((e) => e.textContent).filter((t) => t !== ''));
  const fixed = await numbers();
  assert.ok(fixed.length > 10);
  for (const t of fixed) assert.match(t, /^-?\d+(\.\d{4})?$|^–$/, `"${t}" is not in the table's format`);
  assert.equal(await page.textContent('#explain-value'), native.toFixed(4));
  await afterRender(page, () => page.check('#explain-precise'));
  assert.equal(await page.textContent('#explain-value'), String(native), 'full precision: the double itself');
  assert.ok((await numbers()).some((t) => /\.\d{5,}/.test(t)), 'more than 4 decimals somewhere');
  // At 390 px with full precision: each term's number on one line, inside the page.
  const boxes = await page.$$eval('.explanation dl.terms dd .number, #explain-value', (es) => es.map((e) => ({ text: e.textContent, lines: e.getClientRects().length, height: e.getBoundingClientRect().height, right: e.getBoundingClientRect().right,
    line: parseFloat(getComputedStyle(e).lineHeight) || 1.5 * parseFloat(getComputedStyle(e).fontSize) })));
  for (const b of boxes) {
    assert.equal(b.lines, 1, `${b.text} breaks`);
    assert.ok(b.height < 1.6 * b.line, `${b.text}: ${b.height} px high (a line is ${b.line})`);
    assert.ok(b.right <= 390, `${b.text} ends at ${b.right} px`);
  }
  await shot(page, 'explain-390');
  await page.close();
});

test('explain mode shows the arithmetic of the core, down to the value the table uses', async () => {
  const page = await open('#v=explain&er=bm25.run&et=101&em=nDCG%4010');
  const native = nativeEval(join(EX, 'qrels.txt'), [join(EX, 'bm25.run')], 'nDCG@10');
  await page.waitForSelector('#explain-value');
  assert.equal(await page.textContent('#explain-value'), native.runs['bm25.run'].per_topic['101']['nDCG@10'].toFixed(4));
  const headers = await page.$$eval('#explain-table thead th', (ths) => ths.map((th) => th.textContent));
  assert.deepEqual(headers, ['rank', 'document', 'judgment', 'gain', 'discount log2(rank+1)', 'gain / discount', 'DCG so far', 'ideal gain', 'IDCG so far']);
  await shot(page, 'explain');
  // the hint lists the measures the registry (`irlens measures --format json`) marks explainable
  const explainable = JSON.parse(execFileSync(NATIVE, ['measures', '--format', 'json'], { encoding: 'utf8' })).measures.filter((m) => m.explainable).map((m) => m.name);
  assert.ok(explainable.includes('nDCG') && explainable.includes('Bpref'));
  assert.equal(await page.textContent('#explain-hint'), `Explained: ${explainable.join(', ')} (any parameters).`);
  // Bpref is explained too (every measure is: unit-explain-registry.cpp), to the table's value
  await afterRender(page, async () => {
    await page.fill('#explain-measure', 'Bpref');
    await page.press('#explain-measure', 'Enter');
  });
  const bpref = nativeEval(join(EX, 'qrels.txt'), [join(EX, 'bm25.run')], 'Bpref');
  assert.equal(await page.textContent('#explain-value'), bpref.runs['bm25.run'].per_topic['101'].Bpref.toFixed(4));
  // an unknown measure: the core's message
  await afterRender(page, async () => {
    await page.fill('#explain-measure', 'Bpreff');
    await page.press('#explain-measure', 'Enter');
  });
  assert.match(await page.textContent('.explanation .error'), /unknown measure 'Bpreff'/);
  await page.close();
});

test('settings live in the URL hash, escaped, and a link reproduces the view', async () => {
  const page = await open();
  const measures = 'nDCG(gains={0:0,1:1,2:3})@10 P(rel=2)@5 RBP(p=0.5)';
  await afterRender(page, async () => {
    await page.fill('#measures', measures);
    await page.press('#measures', 'Enter');
  });
  await afterRender(page, () => page.selectOption('#baseline', 'dense.run'));
  await afterRender(page, () => page.click('#tab-charts'), 'charts');
  const hash = await page.evaluate(() => location.hash);
  assert.ok(!/[{}()@ ]/.test(hash.slice(1)), `escaped: ${hash}`);
  const again = await open(hash);
  assert.equal(await again.inputValue('#measures'), measures);
  assert.equal(await again.inputValue('#baseline'), 'dense.run');
  assert.equal(await again.getAttribute('#tab-charts', 'aria-selected'), 'true');
  await again.close();
  await page.close();
});

test('no network request after the page has loaded, and it keeps working offline', async () => {
  const page = await open();
  const loaded = page.log.requests.length;
  await env.browser.context.setOffline(true);
  try {
    await afterRender(page, () => page.click('#example'));
    await afterRender(page, async () => {
      await page.fill('#measures', 'AP RR');
      await page.press('#measures', 'Enter');
    });
    for (const v of ['topics', 'charts', 'explain', 'table']) await afterRender(page, () => page.click(`#tab-${v}`), v);
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('button[data-export="table.json"]')]);
    await downloadBytes(dl);
    assert.deepEqual(Object.keys(await tableTexts(page)).sort(), EXAMPLE_RUNS);
  } finally {
    await env.browser.context.setOffline(false);
  }
  const after = page.log.requests.slice(loaded).filter((u) => /^https?:/.test(u));
  assert.deepEqual(after, []);
  await page.close();
});

test('the page works under its CSP (no eval, nothing remote) with no violation', async () => {
  const page = await newPage(env.browser.context);
  const response = await page.goto(env.server.url);
  const csp = response.headers()['content-security-policy'];
  assert.ok(csp.includes("script-src 'self' 'wasm-unsafe-eval'"));
  assert.ok(!csp.replace(/'wasm-unsafe-eval'/g, '').includes('unsafe-eval'), csp);
  assert.ok(!/unsafe-inline|https?:|\*/.test(csp), csp);
  await waitReady(page);
  for (const v of ['topics', 'charts', 'explain', 'table']) await afterRender(page, () => page.click(`#tab-${v}`), v);
  await page.waitForFunction(() => document.querySelector('#results'));
  // the app itself caused no violation and no error ...
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  assert.deepEqual(page.log.errors, []);
  assert.deepEqual(page.log.console, []);
  // ... and the policy is enforced: an inline script is refused
  await page.addScriptTag({ content: 'window.__inline = true;' }).catch(() => {});
  assert.equal(await page.evaluate(() => window.__inline), undefined);
  assert.match((await page.evaluate(() => window.__csp)).join('\n'), /script-src/);
  await page.close();
});

/**
 * Starts reading a run that stays under way until Cancel (the test hook irlensHold('readFile') of a
 * page loaded with ?test-hooks: the worker takes the request to read the run and never answers it,
 * client.js), cancels it, and checks that the app recovers: the example loads and evaluates in
 * the restarted worker.
 */
async function cancelAndRecover(page) {
  const run = join(tmp, 'held.run');
  writeFileSync(run, readFileSync(join(EX, 'bm25.run')));
  await afterRender(page, () => page.setInputFiles('#qrels-file', join(EX, 'qrels.txt')));
  await page.evaluate(() => window.irlensHold('readFile'));
  await page.setInputFiles('#run-files', run);
  await page.waitForSelector('#progress:not([hidden])');
  await page.click('#cancel');
  await page.waitForSelector('#progress', { state: 'hidden' });
  await page.waitForFunction(() => /Cancelled/.test(document.querySelector('#errors').textContent));
  assert.equal(await page.$('#results'), null);
  await page.click('#example');
  // (the renders of the cancel may still come: wait for the example's table itself)
  await page.waitForFunction((n) => document.querySelectorAll('#results tbody tr').length === n, EXAMPLE_RUNS.length);
  await waitRendered(page, 'table');
  assert.deepEqual(Object.keys(await tableTexts(page)).sort(), EXAMPLE_RUNS);
}

test('cancel stops a read under way; the app recovers', async () => {
  const page = await open('', '?test-hooks');
  await cancelAndRecover(page);
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('cancel restarts the worker from memory: offline after load, the app recovers', async () => {
  const page = await open('', '?test-hooks');
  const loaded = page.log.requests.length;
  await env.browser.context.setOffline(true);
  try {
    await cancelAndRecover(page);
    // and the statistics workers, restarted the same way, still compute
    await afterRender(page, () => page.click('#tab-significance'), 'significance');
    await page.waitForSelector('#chart-pairwise-p svg', { timeout: 60000 });
  } finally {
    await env.browser.context.setOffline(false);
  }
  assert.deepEqual(page.log.requests.slice(loaded).filter((u) => /^https?:/.test(u)), []);
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('keyboard and screen-reader basics; phone width', async () => {
  const page = await newPage(env.browser.context);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(env.server.url);
  await waitReady(page);
  const unlabelled = await page.$$eval('input, select, button', (els) => els.filter((e) => {
    const name = e.getAttribute('aria-label') || (e.labels && e.labels.length && e.labels[0].textContent.trim()) || (e.tagName === 'BUTTON' && e.textContent.trim());
    return !name;
  }).map((e) => e.outerHTML.slice(0, 80)));
  assert.deepEqual(unlabelled, []);
  // tabs: arrow keys move between views
  await page.focus('#tab-table');
  await afterRender(page, () => page.keyboard.press('ArrowRight'), 'topics');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-topics');
  await afterRender(page, () => page.keyboard.press('ArrowLeft'), 'table');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 375, `no horizontal scrolling at phone width (page is ${width}px wide)`);
  // The results table is wider than the phone: it scrolls sideways in its box, and its caption
  // (what the numbers are: the mean, the interval) stays within the box, readable without scrolling.
  const caption = await page.$eval('#results caption', (c) => ({ right: c.getBoundingClientRect().right, box: c.closest('.table-wrap').getBoundingClientRect().right,
    table: document.querySelector('#results').getBoundingClientRect().right }));
  assert.ok(caption.table > caption.box, `the table (${caption.table} px) is wider than its box (${caption.box} px)`);
  assert.ok(caption.right <= caption.box + 1, `the caption ends at ${caption.right} px, past its box (${caption.box} px)`);
  // the diversity switch's label reads as one phrase: its columns follow "(" in the text, not set
  // apart as an item of the label's row ("Diversity qrels (   topic subtopic doc judgment   )")
  const gap = await page.evaluate(() => {
    const code = document.querySelector('label[for=qrels-diversity] code');
    const text = code.previousSibling;
    const paren = document.createRange();
    paren.setStart(text, text.textContent.lastIndexOf('('));
    paren.setEnd(text, text.textContent.lastIndexOf('(') + 1);
    // right after "(", or at the start of the next line (left of it): never beside the text, apart
    return code.getClientRects()[0].left - paren.getBoundingClientRect().right;
  });
  assert.ok(gap < 2, `the code starts ${gap} px after "("`);
  // each mean's interval on one line ("0.473–0.700", never "0.473–" over "0.700")
  await page.waitForSelector('#results:not([aria-busy="true"])'); // the intervals, computed after the means (aria-busy till then)
  const wrapped = await page.$$eval('#results td .ci', (cs) => cs.filter((c) => c.getClientRects().length !== 1 || c.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(c).fontSize))
    .map((c) => c.textContent));
  assert.deepEqual(wrapped, []);
  // scrolled sideways to the last column, each row still shows its run's name at the box's left edge
  const run = await page.$eval('#results', (t) => {
    const box = t.closest('.table-wrap');
    box.scrollLeft = box.scrollWidth;
    const th = t.querySelector('tbody th[scope=row]');
    return { scrolled: box.scrollLeft, left: th.getBoundingClientRect().left, box: box.getBoundingClientRect().left };
  });
  assert.ok(run.scrolled > 0, 'the table scrolls sideways');
  assert.ok(Math.abs(run.left - run.box) <= 1, `the run's name is at ${run.left} px once scrolled, not at the box's left (${run.box} px)`);
  await shot(page, 'phone');
  await page.close();
});

test('the single-file irlens.html evaluates the example from file://', async () => {
  const page = await newPage(env.browser.context);
  await page.goto(`file://${join(DIST, 'irlens.html')}`);
  await waitReady(page);
  const native = nativeEval(join(EX, 'qrels.txt'), EXAMPLE_RUNS.map((r) => join(EX, r)), DEFAULT_MEASURES);
  await assertSameAsNative(page, native);
  await afterRender(page, () => page.click('#tab-charts'), 'charts');
  await page.waitForFunction(() => document.querySelectorAll('.chart-card .chart svg').length === 4);
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  assert.deepEqual(page.log.errors, []);
  assert.deepEqual(page.log.requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:') && !u.startsWith('blob:')), []);
  await shot(page, 'single-file');
  await page.close();
});

test('the embed example shows its table and chart', async () => {
  const page = await newPage(env.browser.context);
  await page.goto(`${env.server.url}embed.html`);
  await page.waitForFunction(() => [...document.querySelectorAll('irlens-view')].every((e) => e.dataset.state === 'done'), null, { timeout: 30000 });
  const cells = await page.$$eval('#table-example tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  // A: d1 d2 d3 -> P@2 = 1/2, RR = 1; B: d3 d1 d2 -> P@2 = 2/2, RR = 1
  assert.deepEqual(cells.map((r) => r.slice(0, 3)), [['A', '0.5000', '1.0000'], ['B', '1.0000', '1.0000']]);
  assert.ok(await page.$('#chart-example svg'));
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  assert.deepEqual(page.log.errors, []);
  await shot(page, 'embed');
  await page.close();
});
