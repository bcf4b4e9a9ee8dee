// The significance tests' names and the words, p-values and markers the page, the charts and the
// exports show for them: DOM-free, so the charts and the exports use them as the table does.
// (Moved from ui/significance.js, which keeps the markers' wiring into the page.)

export const TESTS = [
  { value: 't', label: 'paired t-test' },
  { value: 'wilcoxon', label: 'Wilcoxon signed-rank' },
  { value: 'sign', label: 'sign test' },
  { value: 'randomisation', label: 'randomisation (permutation)' },
  { value: 'bootstrap', label: 'paired bootstrap (studentised)' },
  { value: 'tukey', label: 'randomised Tukey HSD' },
];
export const CORRECTIONS = [
  { value: 'none', label: 'none' },
  { value: 'bonferroni', label: 'Bonferroni' },
  { value: 'holm', label: 'Holm' },
  { value: 'bh', label: 'Benjamini-Hochberg' },
];
export const RANDOMISED = new Set(['randomisation', 'bootstrap', 'tukey', 'unpaired-bootstrap']);

/**
 * A test and its correction in words, as the page names them beside every verdict: "paired
 * t-test, no correction", "Wilcoxon signed-rank, Holm correction", "randomised Tukey HSD (p
 * adjusted for every pair of runs)".
 */
export function testWords(test, correction) {
  const name = (TESTS.find((t) => t.value === test) || { label: test }).label;
  if (test === 'tukey') return `${name} (p adjusted for every pair of runs)`;
  const c = CORRECTIONS.find((x) => x.value === correction);
  return !c || c.value === 'none' ? `${name}, no correction` : `${name}, ${c.label} correction`;
}

/**
 * The Significance tab's first line (issue 35): which question its matrix answers, with which test,
 * and why it may disagree with the table's markers. The matrix tests every pair of the n runs, by
 * default with randomised Tukey HSD, which bounds the family-wise error over all n(n-1)/2 pairs
 * (Sakai, PROMISE 2013, Sec. 4.4, after Carterette: "more conservative than ... pairwise tests
 * conducted independently"); the markers test each run against the baseline
 * alone, by default with the paired t-test and no correction, as `irlens compare` does: a weaker
 * claim, so a pair can be marked in the table and not here. One test (`same`): the same test with
 * no correction, or Tukey HSD in both; the same p for the same pair is said only for the tests
 * without resampling. -> {text, same}
 */
export function matrixVersusMarkers(settings, n) { // n >= 2 (the tab needs two runs)
  const matrix = testWords(settings.ht, settings.hc), markers = testWords(settings.st, settings.sc);
  const pairs = ((n * (n - 1)) / 2).toLocaleString('en-US');
  const who = settings.b ? `each run against the baseline ${settings.b} alone` : 'each run against the baseline alone, once a baseline run is chosen';
  const same = settings.ht === settings.st && (settings.ht === 'tukey' || (settings.hc === 'none' && settings.sc === 'none'));
  // A test without resampling gives a pair one p, whatever the other pairs (no correction here).
  const oneP = RANDOMISED.has(settings.ht) ? '.' : ': the same pair has the same p in both.';
  if (same) return { same, text: `This matrix and the table's markers use one test: ${matrix}. The matrix compares every pair of the ${n.toLocaleString('en-US')} runs (${pairs} pairs); the markers, ${who}${oneP}` };
  // Stricter only where the matrix adjusts for more than one pair; else merely another test.
  const why = n > 2 && (settings.ht === 'tukey' || settings.hc !== 'none')
    ? `A multiple-comparison test over the ${pairs} pairs of ${n.toLocaleString('en-US')} runs is stricter: the table may mark a pair that this matrix does not.`
    : 'Another test: the table and this matrix may disagree on a pair.';
  return { same, text: `This matrix: ${matrix}, every pair of the ${n.toLocaleString('en-US')} runs. The table's markers: ${markers}, ${who}. ${why}` };
}

const rowsOf = new WeakMap(); // doc -> rowsByRun(doc): the markers ask once per table cell

/** {run: {measure: comparison row}} of a compare document. */
export function rowsByRun(doc) {
  if (rowsOf.has(doc)) return rowsOf.get(doc);
  const out = {};
  for (const m of doc.measures) for (const c of m.comparisons) (out[c.run] ||= {})[m.measure] = c;
  rowsOf.set(doc, out);
  return out;
}

/** Whether a comparison row's p comes from B resamples (its method names B). */
export const resampled = (row) => /\bB=\d/.test(row.method || '');

/**
 * A p-value as the page and the exports show it: "–" when undefined (null: the note says why);
 * a p of 0 from B resamples as "< 1/B" (no resample was as extreme: p < 1/B, not 0); else 3
 * significant digits (exponent below 1e-4).
 */
export function pText(p, B = null) {
  if (p === null || p === undefined) return '–';
  if (p === 0) return B ? `< ${1 / B < 1e-4 ? (1 / B).toExponential(0) : String(1 / B)}` : '0';
  return p < 1e-4 ? p.toExponential(2) : p.toPrecision(3);
}

/** pText of a comparison row's p (which: 'p' or 'p_adjusted'), "< 1/B" where it was resampled. */
export const rowP = (row, which, B) => pText(row[which], resampled(row) ? B : null);

/**
 * The marker of a comparison row: the stars of its adjusted p-value and the direction of the
 * difference, "+" (the run scores higher than the one it is compared with) or "−" (lower); "" when
 * not significant or undefined.
 */
export const directedMarker = (row, minus = '−') => (row.marker ? `${row.marker}${row.difference > 0 ? '+' : minus}` : '');

export const markerLegend = (minus = '−') => `* p < 0.05, ** p < 0.01, *** p < 0.001; + better than the baseline, ${minus} worse`;
