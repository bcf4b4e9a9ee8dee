// The Reproducibility view's tables (views/reproducibility.js) from `irlens repro`'s long rows (one
// value a row: quantity, measure, cutoff, run, value, topics, note): one line per key (cutoff and
// run; measure and run; measure), a column per quantity, so that a reader compares KTU with RBO
// at a cutoff, RMSE with its p-value for a run. DOM-free (tests/web/reproducibility.test.mjs reads
// the CLI's rows through it too).

/** The quantities of each table, in column order. */
export const REPRO_TABLES = {
  order: { keys: ['cutoff', 'run'], quantities: ['KTU', 'KTU_repro_eval', 'RBO_repro_eval', 'RBO_ext'] },
  effect: { keys: ['measure', 'run'], quantities: ['RMSE', 'nRMSE', 'p_value'] },
  overall: { keys: ['measure'], quantities: ['ER', 'DeltaRI'] },
};

/**
 * rows -> {quantities: those of `table` the rows have, lines: [{key: [values of the keys],
 * values: {quantity: row}, topics: [distinct counts], notes: [distinct non-empty notes]}]} in the
 * rows' order.
 */
export function reproLines(rows, { keys, quantities }) {
  const lines = new Map();
  const present = new Set();
  for (const r of rows) {
    if (!quantities.includes(r.quantity)) continue;
    present.add(r.quantity);
    const id = JSON.stringify(keys.map((k) => r[k]));
    if (!lines.has(id)) lines.set(id, { key: keys.map((k) => r[k]), values: {}, topics: [], notes: [] });
    const line = lines.get(id);
    line.values[r.quantity] = r;
    if (!line.topics.includes(r.topics)) line.topics.push(r.topics);
    if (r.note && !line.notes.includes(r.note)) line.notes.push(r.note);
  }
  return { quantities: quantities.filter((q) => present.has(q)), lines: [...lines.values()] };
}
