// Vega-Lite spec of the topic set size card (views/topic-set-size.js): the power of a design
// against the number of topics, one line per measure (a topic-set-size document of `irlens meta`,
// its measures' power_curve), with the power sought (1 - beta) as a rule.
const DESIGN_TITLES = { 'paired-t': 'paired t-test', anova: 'one-way ANOVA over the runs' };

/**
 * doc: the topic-set-size document; design: 'paired-t' or 'anova'. A measure whose variance is
 * undefined has no line (its power is null at every size; the card's table says why).
 */
export function powerCurveSpec(doc, design) {
  const values = [];
  for (const m of doc.measures)
    m.power_curve[design].forEach((power, k) => { if (power !== null) values.push({ measure: m.measure, topics: k + 2, power }); });
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
