// view="playground": the metric playground (playground/editor.js) with its own lists, no loaded
// data. The initial state, from the first of:
//   <script type="application/json" data-playground>{"measures": "ERR nDCG", "grades": 3,
//     "intents": 0, "a": "d1:0 d2:3", "b": "d1:3 d2:3", "runs": 0}</script>   inside the element,
//   attributes measures, grades, intents, list-a, list-b, runs ("1": the lists are runs of one topic),
//   example="sakai-err" (playground/examples.js; the others override its settings),
// and the playground's defaults for what none gives. Lists are model.js's text form.
import { mountPlayground } from '../playground/editor.js';
import { EXAMPLES } from '../playground/examples.js';
import { stateOf } from '../playground/settings.js';

let count = 0;

export async function render(out, { client, init, attr, element }) {
  const settings = {};
  const exampleId = attr('example', '');
  if (exampleId) {
    const ex = EXAMPLES.find((x) => x.id === exampleId);
    if (!ex) throw new Error(`playground: no example '${exampleId}' (${EXAMPLES.map((x) => x.id).join(', ')})`);
    Object.assign(settings, ex.settings);
  }
  const keys = { measures: 'pgm', grades: 'pgg', intents: 'pgi', 'list-a': 'pga', 'list-b': 'pgb', runs: 'pgr' };
  for (const [a, k] of Object.entries(keys)) if (attr(a, null) !== null) settings[k] = attr(a);
  const json = element.querySelector('script[data-playground]');
  if (json) {
    let given;
    try {
      given = JSON.parse(json.textContent);
    } catch (e) {
      throw new Error(`playground: the <script data-playground> is not JSON: ${e.message}`);
    }
    const fields = { measures: 'pgm', grades: 'pgg', intents: 'pgi', a: 'pga', b: 'pgb', runs: 'pgr' };
    for (const [f, v] of Object.entries(given)) {
      if (!(f in fields)) throw new Error(`playground: unknown field '${f}' in <script data-playground> (${Object.keys(fields).join(', ')})`);
      settings[fields[f]] = String(v);
    }
  }
  count += 1;
  mountPlayground(out, {
    request: (action, payload) => client.request(action, payload),
    registry: init.registry,
    groups: init.groups,
    state: stateOf(settings),
    idPrefix: element.id ? `pg-${element.id}` : `pg-${count}`,
  });
}
