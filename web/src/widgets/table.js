// view="table": the mean of every measure (attribute measures, default "P@5 AP nDCG@10") for
// every run of the element's data.
import { el, fmt } from '../ui/util.js';
import { evaluationView } from '../../../build-wasm/dist/evaluation.mjs';

export async function render(out, { client, attr, loadData, missing }) {
  await loadData();
  const reply = await client.request('evaluate', { measures: [attr('measures', 'P@5 AP nDCG@10')], missing });
  const result = evaluationView(reply.result); // the worker transfers the columnar data
  const runs = Object.keys(result.runs);
  out.append(el('table', { class: 'irlens-table' },
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Run'), result.measures.map((m) => el('th', { scope: 'col', title: result.measuresFull[m] }, m)))),
    el('tbody', {}, runs.map((r) => el('tr', {}, el('th', { scope: 'row' }, r), result.measures.map((m) => el('td', {}, fmt(result.runs[r].mean[m]))))))));
}
