// Explain mode, for teaching: for one topic, run and measure, the arithmetic as the core computed
// it (irlens.explain): the ranked list with judgments and the measure's own columns (gain,
// discount, running sums ...), the named terms, and the final value.
import { el, fmt, noData, select } from './util.js';
import { relLabel } from './per-topic.js';

const SHOW = 50;

export const explainView = {
  id: 'explain',
  label: 'Explain',
  async render(container, app, live) {
    const { result, settings } = app.state;
    if (!result) return noData(container);
    const runs = Object.keys(result.runs);
    const run = runs.includes(settings.er) ? settings.er : runs[0];
    const topics = Object.keys(result.runs[run].perTopic);
    const topic = topics.includes(settings.et) ? settings.et : topics[0];
    const explained = app.state.registry.filter((m) => m.explainable).map((m) => m.name);
    const candidates = result.measures.filter((m) => (app.info(m) || {}).explainable);
    const measure = settings.em || candidates[0] || 'nDCG@10';
    const mid = 'explain-measure';
    const mInput = el('input', { id: mid, value: measure, list: 'explain-measures', size: 18, onchange: (e) => app.set({ em: e.target.value.trim() }) });
    const controls = el('div', { class: 'controls' },
      select(app, 'Run', 'er', runs, run), select(app, 'Topic', 'et', topics, topic),
      el('label', { for: mid, class: 'field' }, 'Measure ', mInput, el('datalist', { id: 'explain-measures' }, candidates.map((m) => new Option(m, m)))),
      el('span', { class: 'hint', id: 'explain-hint' }, `Explained: ${explained.join(', ')} (any parameters).`));
    const out = el('div', { class: 'explanation', 'aria-live': 'polite' });
    container.textContent = '';
    container.append(controls, out);
    let ex;
    try {
      ex = await app.request('explain', { run, topic, measure });
    } catch (e) {
      if (!live()) return;
      out.append(el('p', { class: 'error' }, e.message));
      return;
    }
    if (!live()) return;
    const table = el('table', { id: 'explain-table' },
      el('caption', {}, `${ex.measure} for topic ${ex.topic} of ${ex.run}${ex.missing ? ' (no results for this topic: trec_eval -c\'s placeholder is scored)' : ''}`),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'rank'), el('th', { scope: 'col' }, 'document'), el('th', { scope: 'col' }, 'judgment'), ex.columns.map((c) => el('th', { scope: 'col' }, c)))));
    const tbody = el('tbody');
    const addRows = (rows) => {
      for (const r of rows) {
        const rel = r.retrieved ? relLabel(r.rel) : { text: '(ideal ranking only)', cls: 'rel-none' };
        tbody.append(el('tr', { class: rel.cls }, el('td', {}, String(r.rank)), el('td', {}, r.doc || '—'), el('td', {}, rel.text), r.values.map((v) => el('td', {}, v === null ? '' : Number.isInteger(v) ? String(v) : fmt(v)))));
      }
    };
    addRows(ex.rows.slice(0, SHOW));
    table.append(tbody);
    const more = ex.rows.length > SHOW
      ? el('button', { type: 'button', class: 'small', onclick: (e) => { addRows(ex.rows.slice(SHOW)); e.target.remove(); } }, `Show all ${ex.rows.length} ranks`)
      : null;
    out.append(...[
      el('p', { class: 'formula' }, ex.formula),
      el('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Explanation by rank' }, table),
      more,
      el('h3', {}, 'Down to the value'),
      el('dl', { class: 'terms' }, ex.terms.flatMap((t) => [el('dt', {}, t.name), el('dd', {}, t.value === null ? '–' : String(Number(t.value.toPrecision(12))))])),
      el('p', { class: 'value' }, `${ex.measure} = `, el('strong', { id: 'explain-value' }, ex.text ? `"${ex.text}"` : fmt(ex.value, 6))),
    ].filter(Boolean));
  },
};
