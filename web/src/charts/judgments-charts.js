// The Vega-Lite spec of the Judgments view's scatter (views/judgments.js; `irlens judgments`,
// docs/statistics.md "Two sets of judgments compared"): each run's mean under qrels A (x) against
// its mean under qrels B (y), with the bootstrap percentile interval of each mean over topics as an
// error bar both ways (the core's interval_a, interval_b: the same resamples as the orderings'
// intervals), the diagonal y = x (a run on it has the same mean under both sets), the best runs
// labelled (run-labels.js). Both axes share one domain, so the diagonal is at 45 degrees and a
// run's distance from it reads the same along either axis.
import { OKABE_ITO } from './palette.js';
import { runScatterSpec } from './relative-charts.js';

/**
 * The points of the scatter from one measure's conclusions (the JSON document's
 * conclusions.measures[i]): [{run, group, x, y, x_low, x_high, y_low, y_high}], runs without a
 * mean under either set left out (they have no place on the plot), interval bounds null where
 * undefined (no resamples: fewer than 2 topics, B = 0).
 */
export function meansPoints(measure) {
  return measure.runs
    .filter((r) => r.mean_a !== null && r.mean_b !== null)
    .map((r) => ({
      run: r.run, group: r.run, x: r.mean_a, y: r.mean_b,
      x_low: r.interval_a[0], x_high: r.interval_a[1], y_low: r.interval_b[0], y_high: r.interval_b[1],
    }));
}

/** The one domain of both axes: every mean and every interval bound, [lo, hi] (hi > lo). */
export function sharedDomain(points) {
  const v = points.flatMap((p) => [p.x, p.y, p.x_low, p.x_high, p.y_low, p.y_high]).filter(Number.isFinite);
  if (!v.length) return [0, 1];
  const [lo, hi] = [Math.min(...v), Math.max(...v)];
  return lo < hi ? [lo, hi] : [lo - 0.5, hi + 0.5];
}

/**
 * The spec: runScatterSpec's points and run labels, under them the error bars (rules from low to
 * high, one layer per axis; a point without an interval has none) and the dashed diagonal across
 * the shared domain. name: the measure's canonical name; level: the intervals' confidence (0.95).
 */
export function meansScatterSpec(name, points, level) {
  const xName = `${name} under A`, yName = `${name} under B`;
  const spec = runScatterSpec(points, xName, yName);
  const domain = sharedDomain(points);
  spec.title = { text: `${name}: each run's mean under A and under B`, subtitle: [`bars: ${Math.round(level * 100)}% bootstrap intervals over topics;`, 'dashed: the same mean under both'], subtitlePadding: 2 };
  for (const axis of ['x', 'y']) spec.encoding[axis].scale = { ...spec.encoding[axis].scale, domain, nice: false };
  const bars = (axis) => {
    const other = axis === 'x' ? 'y' : 'x';
    const title = axis === 'x' ? xName : yName;
    return {
      data: { values: points.filter((p) => Number.isFinite(p[`${axis}_low`]) && Number.isFinite(p[`${axis}_high`])) },
      mark: { type: 'rule', strokeWidth: 1.5, color: OKABE_ITO[0], opacity: 0.6 },
      encoding: {
        [axis]: { field: `${axis}_low`, type: 'quantitative', title },
        [`${axis}2`]: { field: `${axis}_high` },
        [other]: { field: other, type: 'quantitative', title: other === 'x' ? xName : yName },
      },
    };
  };
  const diagonal = { data: { values: [{ x: domain[0], y: domain[0] }, { x: domain[1], y: domain[1] }] }, mark: { type: 'line', strokeDash: [4, 4], color: '#888', clip: true } };
  const [pointLayer, labels] = spec.layer;
  pointLayer.encoding.tooltip = [
    { field: 'run' },
    { field: 'x', title: xName, format: '.4f' }, { field: 'x_low', title: 'A: low', format: '.4f' }, { field: 'x_high', title: 'A: high', format: '.4f' },
    { field: 'y', title: yName, format: '.4f' }, { field: 'y_low', title: 'B: low', format: '.4f' }, { field: 'y_high', title: 'B: high', format: '.4f' },
  ];
  spec.layer = [diagonal, bars('x'), bars('y'), pointLayer, labels];
  return spec;
}
