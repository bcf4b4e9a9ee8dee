// The rank correlation between the measures' run orderings that the Charts and Meta-evaluation
// views show: one computation (the JS API's metaScores 'correlation', `irlens meta correlation`)
// over each measure's mean on the topics every run answered (or all qrels topics with unanswered
// = 0), so both views show the same Kendall's tau-b (Kendall 1970; scipy's kendalltau) for the
// same pair of measures. Undefined coefficients (a constant ordering) are null, with the note.
import { mergeByMeasure, PRIORITY } from '../worker/stats-pool.js';
import { qrelsInfo } from './significance.js';

/**
 * metaScores of `analysis` on `measures`, fanned out by measure when `split` (one request per
 * measure: the pool's idle workers take them in turn, and a cheap analysis asked meanwhile waits
 * for one measure at most). The runner's entry.
 * preview: a first, cheaper computation shown until the real one ends (its own key, 'meta-preview');
 * final: the computation a preview stands for, queued after every first result (PRIORITY.final).
 */
export function metaEntry(app, analysis, measures, options, split, { preview = false, final = false } = {}) {
  const key = JSON.stringify([preview ? 'meta-preview' : 'meta', analysis, measures, options]);
  const payload = { analysis, result: app.state.result, qrels: qrelsInfo(app), options: { ...options, measures } };
  const priority = final ? PRIORITY.final : PRIORITY.first;
  return app.stats.get(key, () => app.statsPool.run('metaScores', payload, split ? { chunks: measures.map((m) => [m]), merge: mergeByMeasure, priority } : { priority }));
}

/** The correlation document's entry for `measures` (>= 2). */
export const correlationEntry = (app, measures) => metaEntry(app, 'correlation', measures, {}, false);

/**
 * {measures, tau, notes} of a correlation document for tauHeatmapSpec (charts.js): tau[i][j] the
 * coefficient `key` (i orders the runs, j is the reference for tau_ap), notes[i][j] why it is
 * undefined. The diagonal (a measure with itself) is left empty: not computed, and undefined
 * when the measure's ordering is constant.
 */
export function matrixOf(doc, measures, key) {
  const tau = measures.map(() => measures.map(() => null));
  const notes = measures.map((a) => measures.map((b) => (a === b ? 'the same measure' : '')));
  for (const p of doc.pairs) {
    const i = measures.indexOf(p.measure_x), j = measures.indexOf(p.measure_y);
    if (key === 'tau_ap') {
      tau[i][j] = p.tau_ap_xy;
      tau[j][i] = p.tau_ap_yx;
    } else tau[i][j] = tau[j][i] = p[key];
    notes[i][j] = notes[j][i] = p.note;
  }
  return { measures, tau, notes };
}

