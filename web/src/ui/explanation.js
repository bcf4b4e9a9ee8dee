// An explanation (irlens.explain: {measure, run, topic, formula, columns, rows, terms, value,
// text (a text-valued measure's value: RelString), missing}) as elements: the formula, the ranked
// list with the measure's own columns, the named terms and the value. Shared by the Explain view, the playground and the explain widget.
import { el, fmt } from './util.js';
import { relLabel } from '../base/relevance-labels.js';

/**
 * A number of an explanation, in one format everywhere in it: the table's 4 decimals (an integer
 * as it is: a rank, a count, a grade; the measure's value is always written as the table writes
 * it), or with `precise` every digit a double holds (the shortest text that reads back as the
 * same double); "–" where undefined.
 */
export const explainNumber = (v, precise = false) => (v === null || v === undefined || Number.isNaN(v) ? '–' : Number.isInteger(v) || precise ? String(v) : fmt(v));

/**
 * The elements of `ex`; show: ranks shown before a "Show all" button; caption: the table's;
 * precise: every number with full precision (explainNumber).
 */
export function explanationBlock(ex, { show = 50, caption = '', tableId, precise = false } = {}) {
  const num = (v) => explainNumber(v, precise);
  const table = el('table', { id: tableId, class: 'explain-table' },
    caption ? el('caption', {}, caption) : null,
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'rank'), el('th', { scope: 'col' }, 'document'), el('th', { scope: 'col' }, 'judgment'), ex.columns.map((c) => el('th', { scope: 'col' }, c)))));
  const tbody = el('tbody');
  const addRows = (rows) => {
    for (const r of rows) {
      const rel = r.retrieved ? relLabel(r.rel) : { text: '(ideal ranking only)', cls: 'rel-none' };
      tbody.append(el('tr', { class: rel.cls }, el('td', {}, String(r.rank)), el('td', {}, r.doc || '—'), el('td', {}, rel.text), r.values.map((v) => el('td', { class: 'num' }, v === null ? '' : num(v)))));
    }
  };
  addRows(ex.rows.slice(0, show));
  table.append(tbody);
  const more = ex.rows.length > show
    ? el('button', { type: 'button', class: 'small', onclick: (e) => { addRows(ex.rows.slice(show)); e.target.remove(); } }, `Show all ${ex.rows.length} ranks`)
    : null;
  return [
    el('p', { class: 'formula' }, ex.formula),
    el('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Explanation by rank' }, table),
    more,
    el('h3', {}, 'Down to the value'),
    el('dl', { class: 'terms' }, ex.terms.flatMap((t) => [el('dt', {}, t.name), el('dd', {}, el('span', { class: 'number' }, num(t.value)))])),
    el('p', { class: 'value' }, `${ex.measure} = `, el('strong', { class: 'explain-value' }, ex.text ? `"${ex.text}"` : precise ? explainNumber(ex.value, true) : fmt(ex.value))),
  ].filter(Boolean);
}
