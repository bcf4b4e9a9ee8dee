// The p-values of every pair of runs as columns: the JS API's comparePValues (compareScores' part
// only: 'p-values', typed arrays instead of one object per pair; wasm/api-stats.mjs), which the
// Significance view's matrix is drawn from. A stats worker computes it and transfers its arrays
// (stats-actions.js); the page reads a pair back as the row compareScores' document holds
// (tests/node/compare-parts.test.mjs: pairRow equals that row, bit for bit).

/** The ArrayBuffers of a comparePValues document (what a worker transfers). */
export function buffersOfPairs(doc) {
  return doc.measures.flatMap((m) => Object.values(m.pairs).filter(ArrayBuffer.isView).map((a) => a.buffer));
}

/** The number of pairs of measure m. */
export const pairCount = (doc, m = 0) => doc.measures[m].pairs.run.length;

/**
 * Pair k of measure m as compareScores' document (only: 'p-values') holds it: {run, versus, mean,
 * versus_mean, difference, statistic, p, p_adjusted, marker, topics, method, note}, null for NaN.
 */
export function pairRow(doc, k, m = 0) {
  const c = doc.measures[m].pairs;
  const num = (column) => (Number.isNaN(column[k]) ? null : column[k]);
  return {
    run: doc.runs[c.run[k]], versus: doc.runs[c.versus[k]], mean: num(c.mean), versus_mean: num(c.versus_mean),
    difference: num(c.difference), statistic: num(c.statistic), p: num(c.p), p_adjusted: num(c.p_adjusted),
    marker: '*'.repeat(c.marker[k]), topics: c.topics[k], method: c.methods[c.method[k]], note: c.notes[c.note[k]],
  };
}

/** Every pair of measure m as rows (pairRow), in the document's order: small matrices and the CSV export. */
export const pairRows = (doc, m = 0) => Array.from({ length: pairCount(doc, m) }, (_, k) => pairRow(doc, k, m));

/**
 * The rows of the pairs `run` is in (measure m), against `versus` (null: every other run), in
 * the document's order, each as the document holds it (its run is the pair's first).
 */
export function rowsWith(doc, run, versus = null, m = 0) {
  const i = doc.runs.indexOf(run), j = versus === null ? -1 : doc.runs.indexOf(versus);
  const c = doc.measures[m].pairs;
  const out = [];
  if (i < 0) return out;
  for (let k = 0; k < c.run.length; k++) {
    const a = c.run[k], b = c.versus[k];
    if (versus === null ? a === i || b === i : (a === i && b === j) || (a === j && b === i)) out.push(pairRow(doc, k, m));
  }
  return out;
}
