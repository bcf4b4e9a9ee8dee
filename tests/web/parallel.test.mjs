// Runs read and evaluated in several workers (web/src/shell/parallel.js, issue 15): whole runs,
// or byte ranges of one run cut where the topic changes. With ?workers=2 (and ?parallel-min=0, so
// that small files take that path too) the page shows the numbers one worker shows (?workers=1)
// and the CLI's, the app's worker ends up holding every run (curves, rankings, explanations, a new
// evaluation agree), errors name the same file and line, and what needs every run or a side input
// stays with one worker.
// Run: sh web/build.sh && node --test tests/web/parallel.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, DIST, browserSession, newPage, waitReady, afterRender, nativeEval } from './harness.mjs';

/** One run of topics 1..40 (every `skip`th left out), 100 documents each (topic 20: 3,000, longer than the page's first look for a cut; past d0..d149 unjudged), grouped by topic or not. */
function bigRun(name, { order = 'grouped', skip = 0 } = {}) {
  const lines = [];
  let s = 777;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let t = 1; t <= 40; t++) {
    if (skip && t % skip === 0) continue;
    const n = t === 20 ? 3000 : 100;
    const shift = Math.floor(rand() * 150);
    for (let k = 0; k < n; k++) lines.push({ t, k, line: `${t}\tQ0\t${k < 150 ? `d${(k * 37 + shift) % 150}` : `u${k}`}\t${k + 1}\t${(n - k + rand()).toFixed(4)}\tbig` });
  }
  if (order === 'interleaved') lines.sort((a, b) => a.k - b.k || a.t - b.t); // not grouped by topic
  const f = join(tmp, name);
  writeFileSync(f, lines.map((l) => l.line).join('\n') + '\n');
  return f;
}

const EX = join(ROOT, 'examples');
const EX_QRELS = join(EX, 'qrels.txt');
const EX_RUNS = ['bm25.run', 'dense.run', 'hybrid.run', 'shuffled.run'].map((r) => join(EX, r));
const tmp = mkdtempSync(join(tmpdir(), 'irlens-web-parallel-'));
const session = browserSession();
const PARALLEL = '?workers=2&parallel-min=0';

/** A generated collection (an LCG, fixed seed): 40 topics x 60 judgments of d0..d149, 30% relevant (grades 1-3); RUNS runs of 40 topics x 100 distinct documents of d0..d149. */
function generated(runs = 5) {
  let s = 12345;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const qrels = [];
  for (let t = 1; t <= 40; t++) for (let d = 0; d < 60; d++) qrels.push(`${t} 0 d${(d * 7) % 150} ${rand() < 0.3 ? Math.floor(rand() * 3) + 1 : 0}`);
  const q = join(tmp, 'gen-qrels.txt');
  writeFileSync(q, qrels.join('\n') + '\n');
  const files = [];
  for (let r = 0; r < runs; r++) {
    const lines = [];
    for (let t = 1; t <= 40; t++) {
      if (r === 1 && t % 9 === 0) continue; // run r1 answers fewer topics: missing topics differ between runs
      const shift = Math.floor(rand() * 150);
      for (let k = 0; k < 100; k++) lines.push(`${t} Q0 d${(k * 37 + shift) % 150} ${k + 1} ${(100 - k + rand()).toFixed(4)} r${r}`);
    }
    const f = join(tmp, `gen-r${r}.run`);
    writeFileSync(f, lines.join('\n') + '\n');
    files.push(f);
  }
  return { qrels: q, runs: files };
}

async function load(query, qrels, runs, hash = '') {
  const page = await session.open(query + hash);
  await afterRender(page, () => page.setInputFiles('#qrels-file', qrels));
  await afterRender(page, () => page.setInputFiles('#run-files', runs));
  return page;
}

/**
 * Everything the table was built from: the columnar data (typed arrays as plain arrays, NaN as a
 * string) and the correlations; once the table's intervals, which come after its means, are in.
 */
const shown = async (page) => (await page.waitForSelector('#results:not([aria-busy="true"])')) && page.evaluate(() => {
  const app = window.irlensApp;
  const plain = (x) => JSON.parse(JSON.stringify(x, (k, v) => {
    if (ArrayBuffer.isView(v)) return Array.from(v, (n) => (Number.isNaN(n) ? 'NaN' : n));
    return typeof v === 'number' && Number.isNaN(v) ? 'NaN' : v;
  }));
  return { readers: app.readers, data: plain(app.state.result.raw), correlations: plain(app.state.correlations), errors: app.state.errors };
});

/** What other actions of the app's worker answer once it holds every run. */
async function afterwards(page, run, topic) {
  return page.evaluate(async ({ run, topic }) => {
    const app = window.irlensApp;
    return {
      curves: await app.request('curves', { missing: 'zero' }),
      ranking: await app.request('ranking', { runs: app.runNames, topic, depth: 5 }),
      explain: (await app.request('explain', { run, topic, measure: 'AP' })).value,
      measure: await app.request('measure', { measures: ['P@10 AP'], missing: 'zero' }),
    };
  }, { run, topic });
}

test('example files: two workers show the numbers of one and of the CLI', async () => {
  const one = await load('?workers=1', EX_QRELS, EX_RUNS);
  const two = await load(PARALLEL, EX_QRELS, EX_RUNS);
  const a = await shown(one), b = await shown(two);
  assert.equal(a.readers, 1);
  assert.equal(b.readers, 2);
  assert.deepEqual(b.data, a.data);
  assert.deepEqual(b.correlations, a.correlations);
  const native = nativeEval(EX_QRELS, EX_RUNS, b.data.measures.map((m) => m.typed).join(' '));
  for (const r of b.data.runs)
    b.data.measures.forEach((m, i) => {
      const want = native.runs[r.name].mean[m.name];
      assert.ok(Math.abs(r.aggregate[i] - want) <= 1e-12, `${r.name} ${m.name}: page ${r.aggregate[i]}, CLI ${want}`);
    });
  assert.deepEqual(await afterwards(two, 'bm25.run', b.data.runs[0].topics[0]), await afterwards(one, 'bm25.run', a.data.runs[0].topics[0]));
  await one.close();
  await two.close();
});

test('a generated collection of five runs: same numbers, run order, missing topics, and a new evaluation', async () => {
  const g = generated();
  for (const hash of ['', '#missing=skip']) {
    const one = await load('?workers=1', g.qrels, g.runs, hash);
    const two = await load(`?workers=3&parallel-min=0${hash ? '&warm-min=100000000' : ''}`, g.qrels, g.runs, hash);
    const a = await shown(one), b = await shown(two);
    assert.equal(b.readers, 3);
    assert.deepEqual(b.data.runs.map((r) => r.name), ['gen-r0.run', 'gen-r1.run', 'gen-r2.run', 'gen-r3.run', 'gen-r4.run']);
    assert.deepEqual(b.data, a.data);
    assert.deepEqual(b.correlations, a.correlations);
    assert.deepEqual(await afterwards(two, 'gen-r1.run', '9'), await afterwards(one, 'gen-r1.run', '9'));
    // A new evaluation (other measures) is the app's worker's alone: it holds every run.
    for (const page of [one, two]) {
      await afterRender(page, async () => {
        await page.fill('#measures', 'P@5 ERR@10');
        await page.press('#measures', 'Enter');
      });
    }
    assert.deepEqual((await shown(two)).data, (await shown(one)).data);
    await one.close();
    await two.close();
  }
});

test('a malformed line in a run a helper reads: the same error, file and line, as one worker', async () => {
  const g = generated(3);
  const bad = join(tmp, 'gen-bad.run');
  const lines = Array.from({ length: 30 }, (_, k) => `1 Q0 d${k} ${k + 1} ${30 - k} bad`);
  lines[16] = '1 Q0 d16 17'; // line 17: too few fields
  writeFileSync(bad, lines.join('\n') + '\n');
  const runs = [...g.runs, bad];
  const one = await load('?workers=1', g.qrels, runs);
  const two = await load(PARALLEL, g.qrels, runs);
  const a = await shown(one), b = await shown(two);
  assert.equal(b.readers, 2);
  assert.equal(a.errors.length, 1);
  assert.equal(a.errors[0].file, 'gen-bad.run');
  assert.equal(a.errors[0].line, 17);
  assert.deepEqual(b.errors, a.errors);
  assert.deepEqual(b.data, a.data);
  assert.equal(await two.textContent('#errors'), await one.textContent('#errors'));
  await one.close();
  await two.close();
});

test('measures that need every run (NRG) stay with one worker, same numbers', async () => {
  const measures = 'AP NRG(base=nDCG)@5';
  const one = await load('?workers=1', EX_QRELS, EX_RUNS, `#m=${encodeURIComponent(measures)}`);
  const two = await load(PARALLEL, EX_QRELS, EX_RUNS, `#m=${encodeURIComponent(measures)}`);
  const a = await shown(one), b = await shown(two);
  assert.deepEqual(a.data.measures.map((m) => m.name), ['AP', 'NRG@5']);
  assert.equal(b.readers, 1);
  assert.deepEqual(b.data, a.data);
  await one.close();
  await two.close();
});

test('with a side input loaded (doc lengths), runs read later stay with one worker, same numbers', async () => {
  const one = await load('?workers=1', EX_QRELS, EX_RUNS);
  const two = await load(PARALLEL, EX_QRELS, EX_RUNS);
  assert.equal((await shown(two)).readers, 2);
  for (const page of [one, two]) {
    await page.click('#side-inputs summary');
    await afterRender(page, () => page.setInputFiles('#side-docLengths', join(EX, 'doc-lengths.tsv')));
    await afterRender(page, () => page.setInputFiles('#run-files', EX_RUNS.slice(0, 2)));
  }
  const c = await shown(one), d = await shown(two);
  assert.equal(d.readers, 1);
  assert.deepEqual(d.data, c.data);
  await one.close();
  await two.close();
});

test('the single-file irlens.html reads runs in two workers from file://', async () => {
  const g = generated(4);
  const run = async (query) => {
    const page = await newPage(session.browser.context);
    await page.goto(`file://${join(DIST, 'irlens.html')}${query}`);
    await waitReady(page);
    await afterRender(page, () => page.setInputFiles('#qrels-file', g.qrels));
    await afterRender(page, () => page.setInputFiles('#run-files', g.runs));
    return page;
  };
  const one = await run('?workers=1'), two = await run(PARALLEL);
  const a = await shown(one), b = await shown(two);
  assert.equal(b.readers, 2);
  assert.deepEqual(b.data, a.data);
  assert.deepEqual(two.log.errors, []);
  await one.close();
  await two.close();
});

test('one run cut in byte ranges at topic changes: the numbers of one worker and of the CLI, then every action', async () => {
  const g = generated(1);
  const run = bigRun('big.run');
  // Helpers warmed up with the qrels (the default), or started for the run (?warm-min: they read the qrels first).
  for (const query of [PARALLEL, '?workers=3&parallel-min=0', `${PARALLEL}&warm-min=100000000`, '?workers=3&parallel-min=0&warm-min=100000000']) {
    const one = await load('?workers=1', g.qrels, [run]);
    const two = await load(query, g.qrels, [run]);
    const a = await shown(one), b = await shown(two);
    assert.equal(b.readers, query.startsWith(PARALLEL) ? 2 : 3);
    assert.deepEqual(b.data, a.data);
    assert.deepEqual(b.correlations, a.correlations);
    const native = nativeEval(g.qrels, [run], b.data.measures.map((m) => m.typed).join(' '));
    b.data.measures.forEach((m, i) => {
      const want = native.runs['big.run'].mean[m.name];
      assert.ok(Math.abs(b.data.runs[0].aggregate[i] - want) <= 1e-12, `${m.name}: page ${b.data.runs[0].aggregate[i]}, CLI ${want}`);
    });
    assert.deepEqual(await afterwards(two, 'big.run', '20'), await afterwards(one, 'big.run', '20'));
    assert.deepEqual(await two.evaluate(() => window.irlensApp.state.runs.map((r) => r.info)), await one.evaluate(() => window.irlensApp.state.runs.map((r) => r.info)));
    await one.close();
    await two.close();
  }
});

test('one run in ranges: an ungrouped run, unanswered topics under missing=zero and skip, the same numbers', async () => {
  const g = generated(1);
  const cases = [
    [bigRun('interleaved.run', { order: 'interleaved' }), ''],
    [bigRun('sparse.run', { skip: 7 }), ''],
    [bigRun('sparse.run', { skip: 7 }), '#missing=skip'],
  ];
  for (const [run, hash] of cases) {
    const one = await load('?workers=1', g.qrels, [run], hash);
    const two = await load(PARALLEL, g.qrels, [run], hash);
    const a = await shown(one), b = await shown(two);
    assert.equal(b.readers, 1, 'the run was read whole by the app\'s worker'); // after two workers read its ranges
    assert.deepEqual(b.data, a.data, `${run} ${hash}`);
    assert.deepEqual(await afterwards(two, b.data.runs[0].name, '21'), await afterwards(one, a.data.runs[0].name, '21'));
    await one.close();
    await two.close();
  }
});

test('one run in ranges: a malformed line in the second range names the file and its line in the whole file', async () => {
  const g = generated(1);
  const lines = readFileSync(bigRun('big.run'), 'utf8').split('\n');
  const at = Math.floor(lines.length * 0.9);
  lines[at] = lines[at].split('\t').slice(0, 3).join('\t'); // too few fields
  const bad = join(tmp, 'big-bad.run');
  writeFileSync(bad, lines.join('\n'));
  const one = await load('?workers=1', g.qrels, [bad]);
  const two = await load(PARALLEL, g.qrels, [bad]);
  const a = await one.evaluate(() => window.irlensApp.state.errors), b = await two.evaluate(() => window.irlensApp.state.errors);
  assert.equal(a.length, 1);
  assert.equal(a[0].file, 'big-bad.run');
  assert.equal(a[0].line, at + 1);
  assert.deepEqual(b, a);
  assert.equal(await two.textContent('#errors'), await one.textContent('#errors'));
  await one.close();
  await two.close();
});
