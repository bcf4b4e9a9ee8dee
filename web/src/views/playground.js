// The Playground tab: the metric playground (playground/editor.js) on the app's worker, with or
// without loaded files (it evaluates its own lists, worker-playground.js). Its state is settings in
// the URL hash (playground/settings.js): every edit rewrites the hash without rendering the page
// again, and a link (or the Example select) restores the lists.
import { addDefaults } from '../base/settings.js';
import { el } from '../ui/util.js';
import { mountPlayground } from '../playground/editor.js';
import { PLAYGROUND_DEFAULTS, stateOf, settingsOf } from '../playground/settings.js';
import { EXAMPLES } from '../playground/examples.js';

addDefaults(PLAYGROUND_DEFAULTS);

const keyOf = (s) => Object.keys(PLAYGROUND_DEFAULTS).map((k) => s[k]).join('\n');
let mounted = null; // {box, editor, app}: kept across the app's renders while the hash agrees with it

export const playgroundView = {
  id: 'playground',
  label: 'Playground',
  render(container, app) {
    container.textContent = '';
    if (mounted && mounted.app === app && keyOf(settingsOf(mounted.editor.state)) === keyOf(app.state.settings)) {
      container.append(mounted.box);
      return;
    }
    let state;
    try {
      state = stateOf(app.state.settings);
    } catch (e) {
      container.append(el('p', { class: 'error', role: 'alert' }, `${e.message}. `,
        el('button', { type: 'button', class: 'small', onclick: () => app.set({ ...PLAYGROUND_DEFAULTS }) }, 'Start from the default list')));
      return;
    }
    const box = el('div', { id: 'playground' });
    container.append(el('p', { class: 'hint' }, 'A ranked list you edit, evaluated by the core as ', el('code', {}, 'irlens eval'), ' evaluates its qrels and run (the loaded files are not used). The link keeps the lists.'), box);
    const editor = mountPlayground(box, {
      request: (action, payload) => app.request(action, payload),
      registry: app.state.registry,
      groups: app.state.groups,
      state,
      examples: EXAMPLES,
      onExample: (ex) => app.set({ ...PLAYGROUND_DEFAULTS, ...ex.settings }),
      onChange: (s) => app.set(settingsOf(s), { render: false }),
    });
    mounted = { box, editor, app };
  },
};
