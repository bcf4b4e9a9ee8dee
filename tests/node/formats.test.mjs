// Inputs people bring, through the JS API (issue 16 items 8 and 10): BEIR qrels, MS MARCO runs
// and ranx / ir_measures JSON read by loadQrels / loadRun / the streaming readers with the TREC
// files' numbers and the same error rules; compare's pairs option (the correction over the chosen
// pairs), also on compareScores. The arithmetic is in the comments (tests/cli/formats.sh and
// tests/unit-input-formats.cpp check the same examples natively).
// Run: IRLENS_DIST=build-wasm/dist node --test tests/node/formats.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';

const dist = resolve(process.env.IRLENS_DIST || 'build-wasm/dist');
const { createIrlens } = await import(join(dist, 'node.mjs'));
const irlens = await createIrlens();

const close = (actual, expected) => assert.ok(Math.abs(actual - expected) < 1e-12, `${actual} != ${expected}`);

// Topic 101: d01 grade 2, d02 grade 1; 102: d05 grade 1.
const trecQrels = '101 0 d01 2\n101 0 d02 1\n102 0 d05 1\n';
const beirQrels = 'query-id\tcorpus-id\tscore\n101\td01\t2\n101\td02\t1\n102\td05\t1\n';
const jsonQrels = '{"101": {"d01": 2, "d02": 1},\n "102": {"d05": 1}}';
// d02 first, d01 and d09 tied at rank 2 (MS MARCO: scores -1, -2, -2; trec_eval's tie rule: doc id
// descending, so d09 before d01), d05 first for 102.
const trecRun = '101 Q0 d02 1 -1 r\n101 Q0 d01 2 -2 r\n101 Q0 d09 2 -2 r\n102 Q0 d05 1 -1 r\n';
const msmarcoRun = '101\td02\t1\n101\td01\t2\n101\td09\t2\n102\td05\t1\n';
const jsonRun = '{"101": {"d02": 3, "d01": 2.5, "d09": 2.5}, "102": {"d05": 1}}';

test('BEIR and JSON qrels, MS MARCO and JSON runs: the TREC files\' numbers', () => {
  // Order d02 d09 d01: AP(101) = (1/1 + 2/3) / 2 = 5/6, AP(102) = 1; mean 11/12. P@2: 1/2, 1/2.
  for (const qrelsText of [trecQrels, beirQrels, jsonQrels]) {
    const q = irlens.loadQrels(qrelsText, { name: 'q' });
    assert.equal(q.info.judgments, 3);
    for (const runText of [trecRun, msmarcoRun, jsonRun]) {
      const run = irlens.loadRun(q, runText, { name: 'r' });
      const res = irlens.evaluate(q, [run], ['AP', 'P@2']);
      close(res.runs.r.mean.AP, 11 / 12);
      close(res.runs.r.mean['P@2'], 0.5);
    }
  }
  // The streaming readers: fed one byte at a time, the format is still found.
  const reader = irlens.qrelsReader('stream.json');
  for (const ch of jsonQrels) reader.feed(ch);
  const q = reader.finish();
  const runReader = irlens.runReader(q, 'ms');
  for (const ch of msmarcoRun) runReader.feed(ch);
  close(irlens.evaluate(q, [runReader.finish()], ['AP']).runs.ms.mean.AP, 11 / 12);
});

test('the formats\' errors name file, line (JSON: column and key path) and problem', () => {
  const q = irlens.loadQrels(trecQrels);
  const refused = (f, file, line, text) =>
    assert.throws(f, (e) => e.name === 'InputError' && e.file === file && e.line === line && e.message.includes(text), text);
  refused(() => irlens.loadQrels('query-id\tcorpus-id\tscore\n101\td01\n', { name: 'beir.tsv' }), 'beir.tsv', 2,
    'expected 3 columns (query-id corpus-id score), found 2');
  refused(() => irlens.loadRun(q, '101\td01\t1\n101\td02\tfirst\n', { name: 'ms.tsv' }), 'ms.tsv', 2, "rank 'first' is not an integer");
  refused(() => irlens.loadRun(q, '{"101": {"d01": 1,\n  "d01": 2}}', { name: 'r.json' }), 'r.json', 2,
    'column 3: document id "d01" repeated (first at line 1, column 10) (in topic "101")');
  refused(() => irlens.loadQrels('{"101": {"d01": 1.5}}', { name: 'q.json' }), 'q.json', 1,
    'column 17: relevance \'1.5\' of "d01" is not an integer');
  // Diversity qrels are TREC only: the JSON is a TREC line with one column.
  assert.throws(() => irlens.loadQrels('{"101": {"d01": 1}}', { format: 'diversity' }), (e) => e.name === 'InputError');
});

test('compare with pairs: only the chosen pairs, the correction over them', () => {
  // Two topics; AP per topic: A (1, 1/2), B (1/2, 1/2), C (1, 1).
  const q = irlens.loadQrels('1 0 a 1\n2 0 b 1\n');
  const runs = [
    irlens.loadRun(q, '1 Q0 a 1 2 t\n2 Q0 x 1 2 t\n2 Q0 b 2 1 t\n', { name: 'A' }),
    irlens.loadRun(q, '1 Q0 x 1 2 t\n1 Q0 a 2 1 t\n2 Q0 x 1 2 t\n2 Q0 b 2 1 t\n', { name: 'B' }),
    irlens.loadRun(q, '1 Q0 a 1 2 t\n2 Q0 b 1 2 t\n', { name: 'C' }),
  ];
  // Sign test (p from the binomial distribution): A vs B differs on topic 1 only (A wins):
  // p = 2 * (1/2)^1 = 1; C vs B wins both: p = 2 * (1/2)^2 = 1/2. Bonferroni over the 2 chosen
  // pairs: min(1, 2 * 1) = 1 and min(1, 2 * 1/2) = 1; over all 3 pairs C vs B would be 3/2 -> 1 as
  // well, so the family shows in the description: "over 2 pair(s)".
  const doc = irlens.compare(q, runs, ['AP'], { test: 'sign', correction: 'bonferroni', pairs: 'C:B,A:B' });
  const rows = doc.measures[0].comparisons;
  assert.deepEqual(rows.map((r) => [r.run, r.versus]), [['C', 'B'], ['A', 'B']]);
  close(rows[0].p, 0.5);
  close(rows[1].p, 1);
  close(rows[0].p_adjusted, 1);
  assert.match(doc.test, /bonferroni correction over 2 pair\(s\)/i);
  // Holm over the chosen pairs: sorted p 1/2, 1 -> 2 * 1/2 = 1, then max(1, 1) = 1; with an
  // array of pairs and on an evaluate() result, the same document.
  const result = irlens.evaluate(q, runs, ['AP'], { perTopic: true, missing: 'zero' });
  const fromScores = irlens.compareScores(result, { qrels: q, test: 'sign', correction: 'holm', pairs: ['C:B', 'A:B'] });
  assert.deepEqual(fromScores, irlens.compare(q, runs, ['AP'], { test: 'sign', correction: 'holm', pairs: 'C:B,A:B' }));
  assert.throws(() => irlens.compare(q, runs, ['AP'], { pairs: 'A:Z' }), (e) => e.name === 'UsageError' && /'Z' is not one of the runs/.test(e.message));
  assert.throws(() => irlens.compare(q, runs, ['AP'], { pairs: 'A:B', baseline: 'B' }), (e) => e.name === 'UsageError');
});
