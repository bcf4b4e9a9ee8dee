// The results table's cells and caption, as the Table view (views/table.js) and the shareable
// report (ui/report.js) both draw them: one place, below both (moved from views/table.js).
import { el, fmt, signed } from './util.js';
import { tableInterval, intervalsPending, intervalName } from '../base/table-intervals.js';
import { BEST_RULE } from '../base/table-rows.js';

/**
 * One cell of the table: the mean (best: the column's best mean, marked), its interval (what: the
 * interval's name), the difference to the baseline `base` with wins/ties/losses, and the
 * annotations of app.cellAnnotators (the significance markers). The Table view's and the report's (ui/report.js).
 */
export function tableCell(app, run, m, { best, what, base }) {
  const v = app.state.result.runs[run].mean[m];
  const isBest = v !== null && best !== null && v === best;
  const td = el('td', { 'data-measure': m, class: isBest ? 'best' : null },
    el('span', { class: 'mean' }, fmt(v)),
    isBest ? el('span', { class: 'sr-only' }, ' (best)') : null,
    v !== null ? intervalOf(app, run, m, what) : null);
  const cmp = app.compare(run, m);
  if (cmp) {
    const counted = cmp.wins !== null;
    td.append(el('div', { class: `diff ${cmp.diff > 0 ? 'up' : cmp.diff < 0 ? 'down' : ''}`,
      title: counted ? `difference to ${base}; wins/ties/losses over ${cmp.wins + cmp.ties + cmp.losses} topics (a tie: equal scores)` : `difference to ${base}` },
    counted ? `${signed(cmp.diff)} · ${cmp.wins}/${cmp.ties}/${cmp.losses}` : signed(cmp.diff)));
  }
  for (const annotate of app.cellAnnotators) {
    const a = annotate({ app, run, measure: m, baseline: base });
    if (a) td.append(el('span', { class: `annotation ${a.className || ''}`, title: a.title }, a.text));
  }
  return td;
}

/**
 * The interval under a mean: the numbers, "–" where undefined, or while the worker computes it
 * (intervalsPending: the means are shown first, issue 42) "computing…", busy, never a number.
 */
function intervalOf(app, run, m, what) {
  if (intervalsPending(app)) return el('div', { class: 'ci pending', 'aria-busy': 'true', title: `${what}: being computed` }, 'computing…');
  const ci = tableInterval(app, run, m);
  return ci ? el('div', { class: 'ci', title: `${what} of the mean over topics` }, `${fmt(ci[0], 3)}–${fmt(ci[1], 3)}`)
    : el('div', { class: 'ci undefined', title: `${what}: undefined (fewer than 2 topics, or not a mean)` }, '–');
}

/**
 * When the table's intervals arrive (app.js): each "computing…" under a mean in `table` replaced by
 * its interval, and the table (aria-busy while they were pending) no longer busy.
 */
export function fillIntervals(app, table) {
  const what = intervalName(app);
  for (const ci of table.querySelectorAll('.ci.pending')) ci.replaceWith(intervalOf(app, ci.closest('tr').dataset.run, ci.closest('td').dataset.measure, what));
  table.removeAttribute('aria-busy');
}

/** The table's caption: what the means are over, the interval (what), the baseline. */
export function tableCaption(app, what) {
  const base = app.state.settings.b;
  return el('caption', {}, `Mean over ${app.state.settings.missing === 'zero' ? 'all qrels topics (unanswered = 0)' : 'the topics each run answered'}, with its ${what}`,
    base ? `; difference to the baseline ${base} and wins/ties/losses over topics` : '', `. ${BEST_RULE[0].toUpperCase()}${BEST_RULE.slice(1)}.`);
}
