// view="explain": the arithmetic of one measure for one run and topic (irlens.explain), from the
// element's data. Attributes: measure (default nDCG@10), run (default: the first data-run),
// topic (default: the qrels' first topic). A measure the registry does not explain yet shows its
// value, evaluated, and says so.
import { el, fmt } from '../ui/util.js';
import { explanationBlock } from '../ui/explanation.js';
import { findMeasure } from '../base/measure-lookup.js';
import { evaluationView } from '../../../build-wasm/dist/evaluation.mjs';

export async function render(out, { client, init, attr, loadData, missing }) {
  const { qrels, runs } = await loadData();
  if (!runs.length) throw new Error('view="explain" needs a <script type="text/plain" data-run>');
  const run = attr('run', runs[0].name);
  const topic = attr('topic', qrels.topics[0]);
  const measure = attr('measure', 'nDCG@10');
  const row = findMeasure(init.registry, measure);
  if (row && !row.explainable) {
    const result = evaluationView((await client.request('evaluate', { measures: [measure], missing })).result);
    const r = result.runs[run];
    if (!r) throw new Error(`view="explain": no run named '${run}'`);
    const name = result.measures[0];
    const scores = r.perTopic[topic];
    out.append(el('p', { class: 'value' }, `${name} for topic ${topic} of ${run} = `, el('strong', { class: 'explain-value' }, scores ? fmt(scores[name], 6) : '–'), ': no explanation yet.'));
    return;
  }
  const ex = await client.request('explain', { run, topic, measure });
  out.append(el('div', { class: 'explanation' }, ...explanationBlock(ex, { caption: `${ex.measure} for topic ${ex.topic} of ${ex.run}` })));
}
