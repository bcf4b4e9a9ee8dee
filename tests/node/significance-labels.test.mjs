// The words, p-values and markers of the significance tests (web/src/base/significance-labels.js),
// which the table, its exports, the charts and the Significance tab show.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  TESTS, CORRECTIONS, RANDOMISED, testWords, matrixVersusMarkers, rowsByRun, resampled, pText, rowP, directedMarker, markerLegend,
} from '../../web/src/base/significance-labels.js';

test('a test and its correction in words', () => {
  assert.equal(testWords('t', 'none'), 'paired t-test, no correction');
  assert.equal(testWords('wilcoxon', 'holm'), 'Wilcoxon signed-rank, Holm correction');
  assert.equal(testWords('sign', 'bonferroni'), 'sign test, Bonferroni correction');
  assert.equal(testWords('bootstrap', 'bh'), 'paired bootstrap (studentised), Benjamini-Hochberg correction');
  assert.equal(testWords('tukey', 'holm'), 'randomised Tukey HSD (p adjusted for every pair of runs)');
  // an unknown test keeps its value; an unknown correction is said as none
  assert.equal(testWords('x', 'y'), 'x, no correction');
  assert.equal(testWords('randomisation', undefined), 'randomisation (permutation), no correction');
  assert.deepEqual(TESTS.map((t) => t.value), ['t', 'wilcoxon', 'sign', 'randomisation', 'bootstrap', 'tukey']);
  assert.deepEqual(CORRECTIONS.map((c) => c.value), ['none', 'bonferroni', 'holm', 'bh']);
  assert.deepEqual(CORRECTIONS.map((c) => c.label), ['none', 'Bonferroni', 'Holm', 'Benjamini-Hochberg']);
  assert.deepEqual([...RANDOMISED].sort(), ['bootstrap', 'randomisation', 'tukey', 'unpaired-bootstrap']);
});

const defaults = { ht: 'tukey', hc: 'none', st: 't', sc: 'none', b: '' };

test('the matrix versus the markers: another test, stricter over more than one pair', () => {
  // 4 runs: 4 * 3 / 2 = 6 pairs; Tukey HSD adjusts for all of them
  assert.deepEqual(matrixVersusMarkers({ ...defaults, b: 'bm25' }, 4), {
    same: false,
    text: "This matrix: randomised Tukey HSD (p adjusted for every pair of runs), every pair of the 4 runs. The table's markers: paired t-test, no correction, each run against the baseline bm25 alone. A multiple-comparison test over the 6 pairs of 4 runs is stricter: the table may mark a pair that this matrix does not.",
  });
  // 2 runs: one pair, nothing to adjust for: merely another test; no baseline chosen yet
  assert.deepEqual(matrixVersusMarkers(defaults, 2), {
    same: false,
    text: "This matrix: randomised Tukey HSD (p adjusted for every pair of runs), every pair of the 2 runs. The table's markers: paired t-test, no correction, each run against the baseline alone, once a baseline run is chosen. Another test: the table and this matrix may disagree on a pair.",
  });
  // a correction over 3 runs (3 pairs) is stricter too; without one it is merely another test
  assert.match(matrixVersusMarkers({ ...defaults, ht: 'wilcoxon', hc: 'holm' }, 3).text, /A multiple-comparison test over the 3 pairs of 3 runs is stricter/);
  assert.match(matrixVersusMarkers({ ...defaults, ht: 'wilcoxon', hc: 'none' }, 3).text, /Another test: the table and this matrix may disagree on a pair\.$/);
  // 1,500 runs: 1,124,250 pairs, thousands separated
  assert.match(matrixVersusMarkers(defaults, 1500).text, /every pair of the 1,500 runs.*over the 1,124,250 pairs of 1,500 runs/);
});

test('the matrix versus the markers: one test, the same p only without resampling', () => {
  // the same test without correction: a pair has one p
  assert.deepEqual(matrixVersusMarkers({ ...defaults, ht: 't', b: 'a' }, 3), {
    same: true,
    text: "This matrix and the table's markers use one test: paired t-test, no correction. The matrix compares every pair of the 3 runs (3 pairs); the markers, each run against the baseline a alone: the same pair has the same p in both.",
  });
  // Tukey HSD in both, whatever the corrections: one test, but resampled
  const tukey = matrixVersusMarkers({ ...defaults, st: 'tukey', sc: 'holm', b: 'a' }, 3);
  assert.equal(tukey.same, true);
  assert.ok(tukey.text.endsWith('each run against the baseline a alone.'), tukey.text);
  // the same randomised test: one test, no claim of the same p
  assert.ok(matrixVersusMarkers({ ...defaults, ht: 'bootstrap', st: 'bootstrap' }, 3).text.endsWith('once a baseline run is chosen.'));
  // the same test, a correction on either side: not one test
  assert.equal(matrixVersusMarkers({ ...defaults, ht: 't', hc: 'holm' }, 3).same, false);
  assert.equal(matrixVersusMarkers({ ...defaults, ht: 't', sc: 'holm' }, 3).same, false);
});

test('rowsByRun indexes a compare document by run and measure, once per document', () => {
  const doc = { measures: [
    { measure: 'AP', comparisons: [{ run: 'x', p: 0.1 }, { run: 'y', p: 0.2 }] },
    { measure: 'P@5', comparisons: [{ run: 'x', p: 0.3 }] },
  ] };
  const rows = rowsByRun(doc);
  assert.deepEqual(rows, { x: { AP: { run: 'x', p: 0.1 }, 'P@5': { run: 'x', p: 0.3 } }, y: { AP: { run: 'y', p: 0.2 } } });
  assert.equal(rowsByRun(doc), rows); // the same object: asked once per table cell
});

test('p-values as shown: "–" undefined, "< 1/B" for 0 of B resamples, 3 significant digits', () => {
  assert.equal(pText(null), '–');
  assert.equal(pText(undefined, 1000), '–');
  assert.equal(pText(0), '0'); // an exact test's 0
  assert.equal(pText(0, 1000), '< 0.001'); // 1/1000
  assert.equal(pText(0, 10000), '< 0.0001'); // 1/10000 = 1e-4 is not below 1e-4
  assert.equal(pText(0, 100000), '< 1e-5');
  assert.equal(pText(0.0123456), '0.0123');
  assert.equal(pText(1), '1.00');
  assert.equal(pText(0.0001), '0.000100'); // 1e-4: not below, 3 significant digits
  assert.equal(pText(0.0000123456), '1.23e-5');
  assert.equal(resampled({ method: 'paired bootstrap, B=1000' }), true);
  assert.equal(resampled({ method: 'paired t-test' }), false);
  assert.equal(resampled({ method: 'AB=1' }), false); // B= starts a word
  assert.equal(resampled({}), false);
  assert.equal(rowP({ p: 0, p_adjusted: 0.5, method: 'randomisation, B=100' }, 'p', 100), '< 0.01');
  assert.equal(rowP({ p: 0, p_adjusted: 0.5, method: 'randomisation, B=100' }, 'p_adjusted', 100), '0.500');
  assert.equal(rowP({ p: 0, method: 'paired t-test' }, 'p', 100), '0');
});

test('a marker: the stars and the direction of the difference', () => {
  assert.equal(directedMarker({ marker: '**', difference: 0.1 }), '**+');
  assert.equal(directedMarker({ marker: '*', difference: -0.1 }), '*−');
  assert.equal(directedMarker({ marker: '*', difference: 0 }, '-'), '*-'); // no difference is not better
  assert.equal(directedMarker({ marker: '', difference: 0.3 }), '');
  assert.equal(directedMarker({ marker: null, difference: 0.3 }), '');
  assert.equal(markerLegend(), '* p < 0.05, ** p < 0.01, *** p < 0.001; + better than the baseline, − worse');
  assert.equal(markerLegend('-'), '* p < 0.05, ** p < 0.01, *** p < 0.001; + better than the baseline, - worse');
});
