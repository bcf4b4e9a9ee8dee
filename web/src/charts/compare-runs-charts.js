// The Vega-Lite spec of the Reproducibility view's charts (views/reproducibility.js; rendered by
// charts.js's renderChart): per topic, one point for each series, topics down the side in a given
// order (diffir's question: which topics differ most, first). Run versus run: RBO_ext, KTU and
// Jaccard@k of the two runs' lists; reproducibility: the reproduced minus the original score of
// the baseline and the advanced run.

/** Pixels per topic row: a topic's points side by side on one line, its label readable. */
export const TOPIC_STEP = 28;

/**
 * points: [{topic, series, value}] (undefined values left out by the caller, who says how many);
 * order: the topics, top first; title, xTitle: texts; domain: the x scale's [min, max] (null:
 * the values'); zero: a rule at x = 0 (differences).
 */
export function topicValuesSpec(points, { order, title, xTitle, domain = null, zero = false }) {
  const layer = [
    {
      mark: { type: 'point', filled: true, size: 70 },
      encoding: {
        x: { field: 'value', type: 'quantitative', title: xTitle, ...(domain ? { scale: { domain, nice: false } } : {}) },
        y: { field: 'topic', type: 'nominal', title: 'topic', sort: order },
        color: { field: 'series', type: 'nominal', title: null, legend: { orient: 'top', direction: 'vertical', labelLimit: 0 } },
        shape: { field: 'series', type: 'nominal', title: null, legend: null },
        tooltip: [{ field: 'topic' }, { field: 'series' }, { field: 'value', format: '.4f' }],
      },
    },
  ];
  if (zero) layer.unshift({ data: { values: [{ value: 0 }] }, mark: { type: 'rule', color: '#888', strokeDash: [4, 4] }, encoding: { x: { field: 'value', type: 'quantitative' } } });
  return {
    title,
    width: 'container',
    height: { step: TOPIC_STEP },
    data: { values: points },
    layer,
  };
}
