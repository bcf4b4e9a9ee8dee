// The Judgments view's scatter spec and exports' data (web/src/charts/judgments-charts.js,
// web/src/base/judgments-exports.js), by hand: the points with their intervals, the error bars
// both ways, the shared domain and the diagonal; the rows of the scatter's data; the LaTeX of an
// undefined value. The page draws them in tests/web/judgments.test.mjs (against the CLI).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { meansPoints, meansScatterSpec, sharedDomain } from '../../web/src/charts/judgments-charts.js';
import { runRows, judgmentsLaTeX, judgmentsAnalysis } from '../../web/src/base/judgments-exports.js';

// Two runs; r2 has no mean under B (left off the plot), r1 no interval under B (no bar along y).
const measure = {
  measure: 'P@5',
  runs: [
    { run: 'r0', mean_a: 0.5, mean_b: 0.4, rank_a: 1, rank_b: 1, interval_a: [0.3, 0.7], interval_b: [0.2, 0.6] },
    { run: 'r1', mean_a: 0.2, mean_b: 0.1, rank_a: 2, rank_b: 2, interval_a: [0.1, 0.3], interval_b: [null, null] },
    { run: 'r2', mean_a: 0.1, mean_b: null, rank_a: 3, rank_b: 0, interval_a: [0.0, 0.2], interval_b: [null, null] },
  ],
};

test('the scatter: a point per run with both means, an error bar per defined interval, one domain for both axes, the diagonal across it', () => {
  const points = meansPoints(measure);
  assert.deepEqual(points.map((p) => [p.run, p.x, p.y, p.x_low, p.x_high, p.y_low, p.y_high]),
    [['r0', 0.5, 0.4, 0.3, 0.7, 0.2, 0.6], ['r1', 0.2, 0.1, 0.1, 0.3, null, null]]);
  // Every mean and bound of the points: lowest 0.1 (r1's mean under B, its low under A), highest 0.7.
  assert.deepEqual(sharedDomain(points), [0.1, 0.7]);
  const spec = meansScatterSpec('P@5', points, 0.95);
  assert.deepEqual(spec.encoding.x.scale.domain, [0.1, 0.7]);
  assert.deepEqual(spec.encoding.y.scale.domain, [0.1, 0.7]);
  const [diagonal, barsX, barsY, pointLayer, labels] = spec.layer;
  assert.deepEqual(diagonal.data.values, [{ x: 0.1, y: 0.1 }, { x: 0.7, y: 0.7 }]);
  assert.equal(diagonal.mark.type, 'line');
  assert.equal(barsX.mark.type, 'rule');
  assert.deepEqual([barsX.encoding.x.field, barsX.encoding.x2.field, barsX.encoding.y.field], ['x_low', 'x_high', 'y']);
  assert.deepEqual(barsX.data.values.map((p) => p.run), ['r0', 'r1']);
  assert.deepEqual([barsY.encoding.y.field, barsY.encoding.y2.field, barsY.encoding.x.field], ['y_low', 'y_high', 'x']);
  assert.deepEqual(barsY.data.values.map((p) => p.run), ['r0'], 'no bar where the interval is undefined');
  assert.equal(pointLayer.mark.type, 'point');
  assert.equal(labels.name, 'run_labels');
  assert.deepEqual(spec.title.subtitle, ['bars: 95% bootstrap intervals over topics;', 'dashed: the same mean under both']);
  // One value alone: a domain of width 1 around it, never an empty one.
  assert.deepEqual(sharedDomain([{ x: 0.5, y: 0.5 }]), [0, 1]);
});

test('the exports: the scatter\'s rows, the provenance\'s analysis, LaTeX\'s `undefined` for an undefined value', () => {
  assert.deepEqual(runRows(measure)[1], { run: 'r1', mean_a: 0.2, mean_a_low: 0.1, mean_a_high: 0.3, mean_b: 0.1, mean_b_low: null, mean_b_high: null, rank_a: 2, rank_b: 2 });
  const a = { name: 'a.qrels', bytes: 10, sha256: 'aa' }, b = { name: 'b.qrels', bytes: 12, sha256: 'bb' };
  const doc = { conclusions: { alpha: 0.05, confidence: 0.95 } };
  assert.deepEqual(judgmentsAnalysis({ a, b, measures: ['P@5'], options: { threshold: 1, test: 'tukey', correction: 'holm', B: '100', seed: '3' }, doc }, { measure: 'P@5' }),
    { name: 'judgments', format: 2, qrels_a: a, qrels_b: b, measures: ['P@5'], threshold: 1, map_b: null, test: 'tukey', correction: null, alpha: 0.05, confidence: 0.95, measure: 'P@5' });
  const labels = { pairs: 0, observed: null, kappa: null, kappa_linear: null, kappa_quadratic: null, alpha_nominal: null, alpha_ordinal: null, alpha_interval: null, binary: { kappa: null } };
  const tex = judgmentsLaTeX({ irlens: '0.1.0', qrels_a: 'a', qrels_b: 'b', topics: { note: '0 topic(s) judged in both sets compared' }, threshold: 1, labels, conclusions: null }, { tool: 'irlens' });
  assert.equal(tex.split('\n')[0], '% provenance: {"tool":"irlens"}');
  // Every undefined value as the CLI's LaTeX (format 5) and irlens repro's print it, never `nan`.
  assert.match(tex, /^Cohen's \$\\kappa\$ & undefined \\\\$/m);
  assert.match(tex, /^Binary \$\\kappa\$ \(grade \$\\geq\$ 1\) & undefined \\\\$/m);
  assert.ok(!/\bnan\b/i.test(tex), tex);
  assert.match(tex, /^Agreement \(0 pairs\) & \\\\$/m);
  assert.ok(!tex.includes('Measure & Runs'), 'no conclusions table without runs');
  // The conclusions' table alike: tau_b and tau_ap undefined (a constant ordering), the others numbers.
  const conclusions = { measures: [{ measure: 'P@5', runs: [{}, {}], tau_b: { value: null }, tau_ap: { value: null }, spearman: { value: 1 }, rbo: { value: 0.5 }, changes: [], pairs: 1 }] };
  const tex2 = judgmentsLaTeX({ irlens: '0.1.0', qrels_a: 'a', qrels_b: 'b', topics: { note: '' }, threshold: 1, labels, conclusions }, { tool: 'irlens' });
  assert.match(tex2, /^P@5 & 2 & undefined & undefined & 1\.0000 & 0\.5000 & 0\/1 \\\\$/m);
  assert.ok(!/\bnan\b/i.test(tex2), tex2);
});
