// Explain mode, for teaching: for one topic, run and measure, the arithmetic as the core computed
// it (irlens.explain): the ranked list with judgments and the measure's own columns (gain,
// discount, running sums ...), the named terms, and the final value; every number with the
// table's 4 decimals, or with full precision when asked ("Full precision": setting ep).
import { el, noData, select } from '../ui/util.js';
import { explanationBlock } from '../ui/explanation.js';
import { addDefaults } from '../base/settings.js';

addDefaults({ ep: '' }); // '1': the explanation's numbers with full precision

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
      el('label', { class: 'check', for: 'explain-precise' }, el('input', { type: 'checkbox', id: 'explain-precise', checked: settings.ep === '1', onchange: (e) => app.set({ ep: e.target.checked ? '1' : '' }) }), ' Full precision'),
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
    const caption = `${ex.measure} for topic ${ex.topic} of ${ex.run}${ex.missing ? ' (no results for this topic: trec_eval -c\'s placeholder is scored)' : ''}`;
    out.append(...explanationBlock(ex, { show: SHOW, caption, tableId: 'explain-table', precise: settings.ep === '1' }));
    out.querySelector('.explain-value').id = 'explain-value';
  },
};
