// The Axioms view: the axiomatic audit (irlens axioms; docs/axioms.md) for the measures typed (none:
// the paper's Table 1 metrics; "all": every registered measure), with the seed of its random
// search; the grid and counterexamples come from the axioms widget (widgets/axioms.js). Needs no
// loaded data: every case is built and scored in the worker.
import { addDefaults } from '../base/settings.js';
import { render as renderAxioms } from '../widgets/axioms.js';
import { el } from '../ui/util.js';
import { textField, numberField } from '../ui/fields.js';

addDefaults({ axMeasures: '', axSeed: '2018' });

export const axiomsView = {
  id: 'axioms',
  label: 'Axioms',
  async render(container, app, live) {
    const { axMeasures, axSeed } = app.state.settings;
    const out = el('div', { class: 'axioms-out' });
    container.textContent = '';
    container.append(
      el('p', { class: 'hint' }, 'Each measure against the ten formal constraints of Amigó, Spina & Carrillo-de-Albornoz (SIGIR 2018), checked on constructed rankings scored by the real measure. Empty: the metrics of the paper\'s Table 1; "all": every registered measure.'),
      el('div', { class: 'controls' },
        textField(app, 'Measures', 'axMeasures', axMeasures, { size: 22, placeholder: "the paper's Table 1" }),
        numberField(app, 'Seed', 'axSeed', axSeed, { min: 0 })),
      out);
    const attrs = { measures: axMeasures, seed: axSeed || '2018' };
    try {
      await renderAxioms(out, { client: app.client, attr: (name, fallback) => attrs[name] ?? fallback });
    } catch (e) {
      if (!live()) return;
      out.textContent = '';
      out.append(el('p', { class: 'error', role: 'alert' }, e.message));
    }
  },
};
