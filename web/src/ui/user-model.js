// view="user-model": the user a C/W/L measure models (INST, INSQ, BPM, SDCG, NERR8-NERR11, RBP_CWL;
// core/src/measures/cwl.cpp), for one run and topic of the element's data: per rank the probability
// of reaching it, prod_{j<i} C(j) = W(i) / W(1), as a line, and its weight W(i) as bars, from
// irlens.explain's C(i), W(i), L(i) columns; then the explanation itself. Attributes: measure
// (default INST), run (default: the first data-run), topic (default: the qrels' first topic).
// A measure without C/W/L columns is refused with a message naming the family. The playground
// (playground/editor.js) draws the same figure above a C/W/L measure's explanation.
import { el, fmt } from './util.js';
import { explanationBlock } from './explanation.js';

const SVG = 'http://www.w3.org/2000/svg';
const FAMILY = 'INST, INSQ, BPM, SDCG, NERR8-NERR11 or RBP_CWL';

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
}

/** Reach and weight per rank from an explanation: [{rank, reach, weight}] (reach(1) = 1). */
export function userModel(ex) {
  const w = ex.columns.indexOf('W(i)');
  if (ex.columns.indexOf('C(i)') < 0 || w < 0) return null;
  const w1 = ex.rows.length ? ex.rows[0].values[w] : 0;
  return ex.rows.map((r) => ({ rank: r.rank, reach: w1 > 0 ? r.values[w] / w1 : 0, weight: r.values[w] }));
}

/** The chart: bars W(i), a line for the probability of reaching rank i, both on [0, 1]. */
function chart(model, caption) {
  const width = 40 + 28 * model.length, height = 180, top = 10, bottom = 150, left = 36;
  const y = (v) => bottom - (bottom - top) * Math.max(0, Math.min(1, v));
  const x = (i) => left + 28 * i + 14;
  const axis = [0, 0.5, 1].map((v) => svg('g', {}, svg('line', { x1: left - 4, x2: width, y1: y(v), y2: y(v), class: 'um-grid', stroke: '#ddd' }),
    svg('text', { x: left - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'um-tick', 'font-size': 11 }, fmt(v, 1))));
  const bars = model.map((m, i) => svg('rect', { x: x(i) - 9, y: y(m.weight), width: 18, height: bottom - y(m.weight), class: 'um-weight', fill: '#9ecae9', 'data-rank': m.rank },
    svg('title', {}, `rank ${m.rank}: W = ${fmt(m.weight, 4)}`)));
  const line = svg('polyline', { points: model.map((m, i) => `${x(i)},${y(m.reach)}`).join(' '), class: 'um-reach', fill: 'none', stroke: '#1f5f99', 'stroke-width': 2 });
  const dots = model.map((m, i) => svg('circle', { cx: x(i), cy: y(m.reach), r: 3, class: 'um-reach-dot', fill: '#1f5f99', 'data-rank': m.rank },
    svg('title', {}, `rank ${m.rank}: reached with probability ${fmt(m.reach, 4)}`)));
  const ranks = model.map((m, i) => svg('text', { x: x(i), y: bottom + 14, 'text-anchor': 'middle', class: 'um-tick', 'font-size': 11 }, String(m.rank)));
  return svg('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': caption, class: 'user-model-chart' },
    ...axis, ...bars, line, ...dots, ...ranks,
    svg('text', { x: left, y: height - 4, class: 'um-tick', 'font-size': 11 }, 'rank'));
}

/** The figure of a C/W/L explanation's user model, or null for a measure without C, W, L (the
 * playground shows it above the explanation of such a measure). */
export function userModelFigure(ex, what = `${ex.measure} for topic ${ex.topic} of ${ex.run}`) {
  const model = userModel(ex);
  if (!model) return null;
  const caption = `${what}: the probability of reaching each rank (line) and its weight W (bars)`;
  return el('figure', { class: 'user-model' }, chart(model, caption), el('figcaption', {}, caption, ' = ', el('strong', { class: 'um-value' }, fmt(ex.value, 4))));
}

export async function render(out, { client, attr, loadData }) {
  const { qrels, runs } = await loadData();
  if (!runs.length) throw new Error('view="user-model" needs a <script type="text/plain" data-run>');
  const run = attr('run', runs[0].name);
  const topic = attr('topic', qrels.topics[0]);
  const measure = attr('measure', 'INST');
  const ex = await client.request('explain', { run, topic, measure });
  const figure = userModelFigure(ex);
  if (!figure) throw new Error(`view="user-model": ${ex.measure} has no user model (C, W, L); name a C/W/L measure: ${FAMILY}`);
  out.append(figure, el('div', { class: 'explanation' }, ...explanationBlock(ex, { caption: `${ex.measure} for topic ${ex.topic} of ${ex.run}` })));
}
