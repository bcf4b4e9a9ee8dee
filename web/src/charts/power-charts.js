// Vega-Lite spec of the topic set size card (views/topic-set-size.js): the power of a design
// against the number of topics, one line per measure (a topic-set-size document of `irlens meta`,
// its measures' power_curve), with the power sought (1 - beta) as a rule.
import { runEnds } from './line-vertices.js';

const DESIGN_TITLES = { 'paired-t': 'paired t-test', anova: 'one-way ANOVA over the runs' };

/**
 * The indices of a power curve to draw: the first and last of each run of equal values (the points
 * between lie on the segment joining them, so the line drawn is the curve's exactly: the power
 * reaches 1 in double precision and stays there for most sizes), null values left out.
 * E.g. [0.1, 0.5, 1, 1, 1, 1] -> [0, 1, 2, 5]; [null, 0.2, 0.2, 0.2] -> [1, 3].
 */
export function powerVertices(curve) {
  return runEnds(curve.length, (k) => curve[k]).filter((k) => curve[k] !== null);
}

/**
 * doc: the topic-set-size document; design: 'paired-t' or 'anova'. A measure whose variance is
 * undefined has no line (its power is null at every size; the card's table says why). Each line
 * through powerVertices (every size's power stays in the CSV and JSON exports).
 */
export function powerCurveSpec(doc, design) {
  const values = [];
  for (const m of doc.measures) {
    const curve = m.power_curve[design];
    for (const k of powerVertices(curve)) values.push({ measure: m.measure, topics: k + 2, power: curve[k] });
  }
  const order = doc.measures.map((m) => m.measure);
  return {
    title: `Power of the ${DESIGN_TITLES[design]} for a difference of ${doc.min_diff} at alpha ${doc.alpha}`,
    width: 'container',
    height: 260,
    layer: [
      {
        data: { values },
        mark: { type: 'line' },
        encoding: {
          x: { field: 'topics', type: 'quantitative', title: 'number of topics', axis: { tickMinStep: 1 } },
          y: { field: 'power', type: 'quantitative', title: 'power (1 - beta)', scale: { domain: [0, 1] } },
          color: { field: 'measure', type: 'nominal', sort: order, title: 'measure' },
          strokeDash: { field: 'measure', type: 'nominal', sort: order, title: 'measure' },
          tooltip: [{ field: 'measure' }, { field: 'topics' }, { field: 'power', format: '.4f' }],
        },
      },
      {
        data: { values: [{ power: 1 - doc.beta }] },
        mark: { type: 'rule', strokeDash: [2, 3], color: '#555' },
        encoding: { y: { field: 'power', type: 'quantitative' }, tooltip: [{ field: 'power', title: 'power sought', format: '.2f' }] },
      },
    ],
  };
}
