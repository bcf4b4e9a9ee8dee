// The details of the pairs selected in the p-value matrix (Significance view, issue 25 §1b): the
// matrix is drawn from the p-values alone (comparePValues: compareScores' only: 'p-values' as
// columns, p-value-columns.js), and a pair's interval of the difference, both means' intervals and
// Cohen's d with its interval are asked for when the pair - a cell clicked, or chosen in the two
// fields - or a run's whole row is selected (compareScores with only: 'details' and those pairs, in
// the stats workers). Those are the numbers of the full comparison for the pair
// (tests/node/compare-parts.test.mjs), which the JSON export holds for every pair.
import { el, fmt } from '../ui/util.js';
import { statsTable } from './stats-table.js';
import { notDone } from '../ui/stats-runner.js';
import { qrelsInfo } from '../ui/significance.js';
import { rowP } from '../base/significance-labels.js';
import { rowsWith } from '../base/p-value-columns.js';

const ALL = '(every run)';

/** "x [low, high]" with the table's 4 decimals; "–" for an undefined value or bound. */
const withInterval = (v, [low, high]) => `${fmt(v)} [${fmt(low)}, ${fmt(high)}]`;

/**
 * The details panel under the matrix. options: the matrix's compare options (test, B, seed, ...);
 * doc: its p-values document (comparePValues'); full(): the runner entry of the full comparison (the JSON export's),
 * used when a run name cannot be written in `pairs` (it holds ':' or ','). Returns
 * {element, select(a, b)}.
 */
export function pairDetails(app, { measure, runs, options, doc, full }) {
  const id = (k) => `pair-${k}`;
  const runSel = el('select', { id: id('run') }, runs.map((r) => new Option(r, r)));
  const versusSel = el('select', { id: id('versus') });
  const out = el('div', { class: 'pair-details', id: 'pair-details', 'aria-live': 'polite' },
    el('p', { class: 'hint needs-script' }, 'Select a cell of the matrix (or a run and versus here) for the pair\'s intervals and effect size.'));
  const fillVersus = () => {
    const keep = versusSel.value;
    versusSel.replaceChildren(new Option(ALL, ALL), ...runs.filter((r) => r !== runSel.value).map((r) => new Option(r, r)));
    versusSel.value = [...versusSel.options].some((o) => o.value === keep) ? keep : ALL;
  };
  fillVersus();
  let shown = 0; // the latest selection: an older answer arriving later is dropped

  async function show() {
    const token = ++shown;
    const run = runSel.value, versus = versusSel.value;
    const rows = rowsWith(doc, run, versus === ALL ? null : versus);
    if (!rows.length) return out.replaceChildren(el('p', { class: 'hint' }, 'No such pair in the matrix.'));
    out.replaceChildren(el('p', { class: 'hint', 'aria-busy': 'true' }, `Computing the details of ${versus === ALL ? `${run}'s row` : `${run} vs ${versus}`}…`));
    const pairs = rows.map((c) => `${c.run}:${c.versus}`);
    const writable = rows.every((c) => !/[:,]/.test(c.run) && !/[:,]/.test(c.versus));
    const key = JSON.stringify(['compare-details', measure, options, pairs]);
    const e = writable
      ? app.stats.get(key, () => app.statsPool.run('compareScores', { result: app.state.result, qrels: qrelsInfo(app), options: { ...options, measures: [measure], only: 'details', pairs } }))
      : full();
    await e.promise;
    if (token !== shown) return;
    if (e.status !== 'done') return out.replaceChildren(notDone(app, e));
    const details = e.value.measures[0].comparisons;
    const detailOf = (c) => details.find((d) => d.run === c.run && d.versus === c.versus);
    // Each row from the selected run's side: a pair stored the other way round is mirrored
    // (the difference and its interval negated and swapped, the means exchanged, d negated).
    const neg = (v) => (v === null ? null : -v);
    const shownRows = rows.map((c) => {
      const d = detailOf(c);
      const flip = c.run !== run;
      const diff = flip ? neg(c.difference) : c.difference;
      const di = flip ? [neg(d.difference_interval[1]), neg(d.difference_interval[0])] : d.difference_interval;
      const cd = flip ? neg(d.cohen_d) : d.cohen_d;
      const ci = flip ? [neg(d.cohen_d_interval[1]), neg(d.cohen_d_interval[0])] : d.cohen_d_interval;
      return [run, flip ? c.run : c.versus, withInterval(diff, di),
        flip ? withInterval(d.versus_mean, d.versus_interval) : withInterval(d.mean, d.mean_interval),
        flip ? withInterval(d.mean, d.mean_interval) : withInterval(d.versus_mean, d.versus_interval),
        withInterval(cd, ci), rowP(c, 'p_adjusted', doc.B), c.topics, [c.note, d.note].filter(Boolean).join('; ')];
    });
    out.replaceChildren(statsTable('pair-details-table',
      `${measure}: ${versus === ALL ? `${run} against every other run` : `${run} vs ${versus}`}; intervals ${e.value.intervals}; Cohen's d of the paired differences (d_z) with its noncentral-t interval; adjusted p: ${doc.test}.`,
      ['run', 'versus', 'difference [interval]', 'mean [interval]', 'versus mean [interval]', "Cohen's d [interval]", 'adjusted p', 'topics', 'note'],
      shownRows, [7]));
  }

  runSel.onchange = () => { fillVersus(); show(); };
  versusSel.onchange = () => show();
  const element = el('div', { class: 'pair-details-box' },
    el('div', { class: 'controls' },
      el('label', { for: id('run'), class: 'field' }, 'Details of ', runSel),
      el('label', { for: id('versus'), class: 'field' }, 'versus ', versusSel)),
    out);
  return {
    element,
    /** Selects the pair (a, b) (b = null: a's row) and shows its details. */
    select(a, b = null) {
      if (!runs.includes(a)) return;
      runSel.value = a;
      fillVersus();
      versusSel.value = b && b !== a && runs.includes(b) ? b : ALL;
      show();
    },
  };
}
