// compare()'s option `only` (wasm/api-stats.mjs, CompareSettings::only): the p-values alone (the
// page's p-value matrix) and a pair's details alone (its intervals, Cohen's d, risk: shown when the
// pair is selected) are the full document's numbers, bit for bit, for every test, whichever pairs
// are asked for - so the page's Tukey matrix is the CLI's, and a pair's details asked later are the
// ones the export computes for all pairs.
// Run: IRLENS_DIST=build-wasm/dist node --test tests/node/compare-parts.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';

const dist = resolve(process.env.IRLENS_DIST || 'build-wasm/dist');
const { createIrlens } = await import(join(dist, 'node.mjs'));
const irlens = await createIrlens();

// 12 topics, 6 runs drawn by a linear congruential generator; run5 leaves t02 and t07 unanswered
// (so --missing skip pairs differ in their topics, and Tukey HSD uses the topics all runs have).
let state = 2026;
const rand = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
const topics = Array.from({ length: 12 }, (_, i) => `t${String(i).padStart(2, '0')}`);
let qrelsText = '';
for (const t of topics) for (let d = 0; d < 15; d++) qrelsText += `${t} 0 d${d} ${[0, 0, 1, 1, 2][Math.floor(rand() * 5)]}\n`;
const qrels = irlens.loadQrels(qrelsText, { name: 'parts-qrels' });
const runs = Array.from({ length: 6 }, (_, k) => {
  let text = '';
  for (const t of topics) {
    if (k === 5 && (t === 't02' || t === 't07')) continue;
    const docs = Array.from({ length: 18 }, (_, d) => d).sort(() => rand() - 0.5).slice(0, 10);
    docs.forEach((d, i) => { text += `${t} Q0 d${d} ${i + 1} ${20 - i} r${k}\n`; });
  }
  return irlens.loadRun(qrels, text, { name: `r${k}` });
});

const TEST_KEYS = ['statistic', 'p', 'p_adjusted', 'marker', 'method'];
const DETAIL_KEYS = ['mean_interval', 'versus_interval', 'difference_interval', 'cohen_d', 'cohen_d_interval', 'urisk', 'trisk', 'wins', 'losses', 'ties'];
const SHARED_KEYS = ['run', 'versus', 'mean', 'versus_mean', 'difference', 'topics'];

/** Asserts that `part` holds exactly the shared keys and `keys` of `full` (those full has), with full's values. */
function samePart(part, full, keys, what) {
  const expected = [...SHARED_KEYS, ...keys].filter((k) => k in full);
  assert.deepEqual(Object.keys(part).filter((k) => k !== 'note').sort(), [...expected].sort(), `${what}: keys`);
  for (const k of expected) assert.deepEqual(part[k], full[k], `${what}: ${k}`);
  // The note joins the notes of the parts computed: each part's is in the full row's.
  assert.ok(part.note === '' || full.note.includes(part.note), `${what}: note '${part.note}' not in '${full.note}'`);
}

const CASES = [
  { test: 'tukey', B: 400, seed: 3 },
  { test: 'tukey', B: 300, seed: 8, ci: 'bca', confidence: 0.9 },
  { test: 'bootstrap', B: 300, baseline: 'r2', risk: 1, ci: 'percentile' },
  { test: 't', correction: 'holm' },
  { test: 'randomisation', B: 200, correction: 'bh', pairs: ['r0:r1', 'r3:r5', 'r4:r2'] },
  { test: 'unpaired-bootstrap', B: 200, seed: 5 },
];

test("only 'p-values' and only 'details': each part equals the full document's, for every pair", () => {
  for (const missing of ['zero', 'skip']) {
    const result = irlens.evaluate(qrels, runs, ['AP', 'P@5'], { missing });
    for (const options of CASES) {
      const what = `${JSON.stringify(options)}, missing ${missing}`;
      const full = irlens.compareScores(result, { qrels, ...options });
      const pv = irlens.compareScores(result, { qrels, ...options, only: 'p-values' });
      const det = irlens.compareScores(result, { qrels, ...options, only: 'details' });
      assert.equal(full.only, undefined, 'the default document is unchanged: no `only`');
      assert.equal(pv.only, 'p-values');
      assert.equal(det.only, 'details');
      const head = (doc) => { const { measures, only, ...rest } = doc; return rest; };
      assert.deepEqual(head(pv), head(full), `${what}: the document's head`);
      assert.deepEqual(head(det), head(full), `${what}: the document's head`);
      full.measures.forEach((m, i) => {
        assert.equal(pv.measures[i].topic_policy, m.topic_policy);
        assert.equal(pv.measures[i].comparisons.length, m.comparisons.length);
        assert.equal(det.measures[i].comparisons.length, m.comparisons.length);
        m.comparisons.forEach((c, k) => {
          samePart(pv.measures[i].comparisons[k], c, TEST_KEYS, `${what}, ${m.measure}, p-values of pair ${k}`);
          samePart(det.measures[i].comparisons[k], c, DETAIL_KEYS, `${what}, ${m.measure}, details of pair ${k}`);
        });
      });
    }
  }
});

test("only 'details' for one pair, or one run's row, as the page asks on selection: the full computation's numbers", () => {
  for (const missing of ['zero', 'skip']) {
    const result = irlens.evaluate(qrels, runs, ['AP'], { missing });
    for (const options of [{ test: 'tukey', B: 500, seed: 3 }, { test: 'tukey', B: 200, ci: 'percentile', seed: 9 }]) {
      const full = irlens.compareScores(result, { qrels, ...options }).measures[0].comparisons;
      const find = (a, b) => full.find((c) => c.run === a && c.versus === b);
      // One pair, either way round: the rows of (r1, r4) and (r4, r1) mirror each other.
      const [one] = irlens.compareScores(result, { qrels, ...options, only: 'details', pairs: 'r1:r4' }).measures[0].comparisons;
      samePart(one, find('r1', 'r4'), DETAIL_KEYS, `${missing}: r1 vs r4`);
      // A run's row: r3 against every other run, as the page asks for it (pairs in the full order).
      const row = runs.map((r) => r.name).filter((r) => r !== 'r3').map((r) => (r < 'r3' ? `${r}:r3` : `r3:${r}`));
      const rowDocs = irlens.compareScores(result, { qrels, ...options, only: 'details', pairs: row }).measures[0].comparisons;
      assert.equal(rowDocs.length, 5);
      for (const c of rowDocs) samePart(c, find(c.run, c.versus), DETAIL_KEYS, `${missing}: ${c.run} vs ${c.versus}`);
    }
  }
});

test("only: the p-values part leaves out what it did not compute; a bad value is refused", () => {
  const result = irlens.evaluate(qrels, runs, ['AP'], { missing: 'zero' });
  const [c] = irlens.compareScores(result, { qrels, test: 't', only: 'p-values' }).measures[0].comparisons;
  for (const k of ['mean_interval', 'difference_interval', 'cohen_d', 'cohen_d_interval']) assert.ok(!(k in c), `${k} is absent, not invented`);
  const [d] = irlens.compareScores(result, { qrels, test: 't', only: 'details' }).measures[0].comparisons;
  for (const k of ['statistic', 'p', 'p_adjusted', 'marker', 'method']) assert.ok(!(k in d), `${k} is absent, not invented`);
  assert.throws(() => irlens.compare(qrels, runs, ['AP'], { only: 'intervals' }), { name: 'UsageError', message: "only must be 'p-values' or 'details', got 'intervals'" });
});

// comparePValues: the p-values part as columns (typed arrays; the page's matrix of hundreds of runs,
// web/src/base/p-value-columns.js reads a pair back as a row). Each column's value is the object
// document's, bit for bit (Object.is: -0 stays -0), NaN exactly where the document has null.
test('comparePValues: the p-values part as columns, every pair bit for bit the object document\'s', async () => {
  const { pairRow, pairCount, buffersOfPairs } = await import('../../web/src/base/p-value-columns.js');
  const NUMBERS = ['mean', 'versus_mean', 'difference', 'statistic', 'p', 'p_adjusted'];
  for (const missing of ['zero', 'skip']) {
    const result = irlens.evaluate(qrels, runs, ['AP', 'P@5'], { missing });
    for (const options of CASES) {
      const what = `${JSON.stringify(options)}, missing ${missing}`;
      const doc = irlens.compareScores(result, { qrels, ...options, only: 'p-values' });
      const cols = irlens.comparePValues(result, { qrels, ...options });
      const { measures: cm, runs: names, ...ch } = cols;
      const { measures: dm, ...dh } = doc;
      assert.deepEqual(ch, dh, `${what}: the document's head`);
      assert.deepEqual(names, runs.map((r) => r.name), `${what}: the runs, in the result's order`);
      assert.equal(cm.length, dm.length);
      dm.forEach((m, i) => {
        const { pairs, ...head } = cm[i];
        const { comparisons, ...mhead } = m;
        assert.deepEqual(head, mhead, `${what}, ${m.measure}: measure, measure_full, topic_policy`);
        assert.equal(pairCount(cols, i), comparisons.length);
        comparisons.forEach((c, k) => {
          const at = `${what}, ${m.measure}, pair ${k}`;
          assert.equal(names[pairs.run[k]], c.run, at);
          assert.equal(names[pairs.versus[k]], c.versus, at);
          for (const key of NUMBERS) {
            const v = pairs[key][k];
            assert.ok(c[key] === null ? Number.isNaN(v) : Object.is(v, c[key]), `${at}: ${key} ${v} vs ${c[key]}`);
          }
          assert.equal('*'.repeat(pairs.marker[k]), c.marker, at);
          assert.equal(pairs.topics[k], c.topics, at);
          assert.equal(pairs.methods[pairs.method[k]], c.method, at);
          assert.equal(pairs.notes[pairs.note[k]], c.note, at);
          assert.deepStrictEqual(pairRow(cols, k, i), c, `${at}: the page's row`);
        });
      });
      // What a worker sends: the arrays move (transferred), the numbers stay.
      const sent = structuredClone(cols, { transfer: buffersOfPairs(cols) });
      assert.equal(cm[0].pairs.p.length, 0, 'transferred, not copied');
      assert.deepStrictEqual(pairRow(sent, 0, 0), dm[0].comparisons[0]);
    }
  }
  const result = irlens.evaluate(qrels, runs, ['AP'], { missing: 'zero' });
  assert.throws(() => irlens.comparePValues(result, { qrels, only: 'details' }), { name: 'TypeError', message: "comparePValues: the p-values part only (only: 'details')" });
  assert.throws(() => irlens.comparePValues(result, { qrels, test: 'tukey', B: 0 }), { name: 'UsageError' });
});
