// Vega-Lite specs of the null-distribution view (ui/null-distribution.js): what a p-value is,
// in one picture. The data is the JS API's nullDistribution() document: the test's own resampled
// statistics (randomisation, bootstrap) with the samples the test counted as at least as extreme,
// or Student's t (t-test), and the paired per-topic scores.
import { OKABE_ITO } from './palette.js';

const COUNTED = 'counted in p';
const NOT_COUNTED = 'not counted';

/**
 * Bins of the samples: `bins` equal bins over the range drawn, which holds the observed statistic
 * and the finite samples - all of them for the randomisation test (its sums are bounded), for the
 * bootstrap those within 8 interquartile ranges of the quartiles (a resample of nearly equal
 * values has a huge t, which would squeeze every other bar into one); a finite sample beyond the
 * range drawn goes in the edge bin of its side and is counted in `beyond`. An infinite sample (a
 * bootstrap resample whose values are all equal: zero variance, t = +-inf, bootstrap.cpp) goes in
 * a bin of its own, "+∞" or "−∞", drawn one bin's width beyond the range and labelled.
 * Each bin holds the samples the test counted toward p (from 0 to y1 = counted share) and, stacked
 * on them, the others (y0 = counted share to y1 = the bin's share): the bars never overlap, so the
 * shaded area of the histogram is the test's p exactly: counted / samples.length. (Vega-Lite does
 * not stack rect marks: the stack is computed here.)
 * -> {rows: [{lo, hi, y0, y1, kind, count, share, bin, range}], counted, total, beyond, infinite: {'+∞': n, '−∞': n}}
 */
export function histogram(nd, bins = 40) {
  const { samples, extreme } = nd;
  const finite = Float64Array.from(samples.filter(Number.isFinite)).sort();
  const at = (q) => finite[Math.min(finite.length - 1, Math.floor(q * finite.length))];
  let lo = finite.length ? finite[0] : 0;
  let hi = finite.length ? finite[finite.length - 1] : 0;
  if (nd.test !== 'randomisation test' && finite.length >= 20) {
    const q1 = at(0.25), q3 = at(0.75), fence = 8 * (q3 - q1);
    if (fence > 0) { lo = Math.max(lo, q1 - fence); hi = Math.min(hi, q3 + fence); }
  }
  if (Number.isFinite(nd.statistic)) { lo = Math.min(lo, nd.statistic); hi = Math.max(hi, nd.statistic); }
  if (!(hi > lo)) { lo -= 0.5; hi += 0.5; }
  const pad = (hi - lo) * 0.02;
  lo -= pad;
  hi += pad;
  const width = (hi - lo) / bins;
  // bins 0..bins-1 finite; bin -1 holds -inf, bin `bins` +inf
  const counts = new Map(); // bin -> [not counted, counted]
  let counted = 0, beyond = 0;
  const infinite = { '−∞': 0, '+∞': 0 };
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i];
    let k;
    if (v === -Infinity) { k = -1; infinite['−∞'] += 1; }
    else if (v === Infinity) { k = bins; infinite['+∞'] += 1; }
    else {
      if (!(v >= lo && v <= hi)) beyond += 1;
      k = v < lo ? 0 : v > hi ? bins - 1 : Math.min(bins - 1, Math.floor((v - lo) / width));
    }
    if (!counts.has(k)) counts.set(k, [0, 0]);
    counts.get(k)[extreme[i]] += 1;
    counted += extreme[i];
  }
  const rows = [];
  const finiteBin = (a, b) => ({ lo: a, hi: b, bin: '', range: `${a.toPrecision(4)} to ${b.toPrecision(4)}` });
  const edge = (k) => (k === -1 ? { lo: lo - 2 * width, hi: lo - width, bin: '−∞', range: '−∞ (zero variance)' }
    : k === bins ? { lo: hi + width, hi: hi + 2 * width, bin: '+∞', range: '+∞ (zero variance)' } : finiteBin(lo + k * width, lo + (k + 1) * width));
  for (const k of [...counts.keys()].sort((a, b) => a - b)) {
    const [no, yes] = counts.get(k);
    const at0 = edge(k);
    if (yes) rows.push({ ...at0, y0: 0, y1: yes / samples.length, kind: COUNTED, count: yes, share: yes / samples.length });
    if (no) rows.push({ ...at0, y0: yes / samples.length, y1: (yes + no) / samples.length, kind: NOT_COUNTED, count: no, share: no / samples.length });
  }
  return { rows, counted, total: samples.length, beyond, infinite };
}

const pLabel = (p) => (p === 0 ? '0' : p < 1e-4 ? p.toExponential(2) : p.toPrecision(3));
const tail = (nd) => (nd.alternative === 'two-sided' ? 'both tails' : nd.alternative === 'greater' ? 'the upper tail' : 'the lower tail');

/** The observed statistic as a rule with its label (on the side with room: toward the centre). */
const observedLayer = (nd, y, right) => ({
  data: { values: [{ x: nd.statistic, label: `observed ${nd.statistic_name} = ${nd.statistic.toPrecision(4)}` }] },
  layer: [
    { mark: { type: 'rule', color: OKABE_ITO[5], strokeWidth: 2 }, encoding: { x: { field: 'x', type: 'quantitative' } } },
    { mark: { type: 'text', align: right ? 'right' : 'left', dx: right ? -4 : 4, dy: -4, baseline: 'bottom', color: OKABE_ITO[5], fontWeight: 'bold' },
      encoding: { x: { field: 'x', type: 'quantitative' }, y: { datum: y, type: 'quantitative' }, text: { field: 'label' } } },
  ],
});

/**
 * The labels of the bars of infinite statistics ("t = +∞: 12"), at the height of the highest bar
 * (above every bar they could cross; the observed statistic's label sits higher), written toward
 * the centre (−∞ from its bar's left edge, +∞ to its bar's right edge): one layer per side.
 */
function infiniteLabels(h, top) {
  return Object.entries(h.infinite).filter(([, n]) => n).map(([bin, n]) => {
    const bar = h.rows.filter((r) => r.bin === bin);
    const minus = bin === '−∞';
    return {
      data: { values: [{ x: minus ? bar[0].lo : bar[0].hi, y: top, label: `t = ${bin}: ${n}` }] },
      mark: { type: 'text', baseline: 'bottom', align: minus ? 'left' : 'right', dy: -3, fontWeight: 'bold', color: '#333' },
      encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'y', type: 'quantitative' }, text: { field: 'label' } },
    };
  });
}

/**
 * The resampled statistics as a stacked histogram (histogram(): counted samples from 0, the
 * others on top), the bars the test counted toward p shaded; the bins of infinite statistics
 * labelled and explained in the subtitle.
 */
export function nullHistogramSpec(nd, h = histogram(nd)) {
  const top = Math.max(...h.rows.map((r) => r.y1), 0);
  const how = nd.test === 'randomisation test' ? (nd.method.startsWith('exact') ? `all ${h.total} sign flips of the non-zero differences` : `${h.total} random sign flips (seed ${nd.seed})`) : `${h.total} bootstrap resamples (seed ${nd.seed})`;
  const mid = (h.rows.length ? (h.rows[0].lo + h.rows[h.rows.length - 1].hi) / 2 : 0);
  const inf = Object.entries(h.infinite).filter(([, n]) => n);
  return {
    title: {
      text: [`Null distribution of the ${nd.statistic_name}`, `(${nd.test})`],
      subtitle: [`${how};`, `shaded: ${h.counted} of ${h.total} at least as extreme (${tail(nd)}):`, `p = ${h.counted}/${h.total} = ${pLabel(h.counted / h.total)}`,
        ...(h.beyond ? [`${h.beyond} samples beyond the range drawn are in the edge bars`] : []),
        ...(inf.length ? [`${inf.length > 1 ? 'bars' : 'bar'} ${inf.map(([b]) => b).join(' and ')}: ${inf.map(([, n]) => n).join(' and ')} resamples of one value repeated`,
          '(zero variance: t is infinite), drawn apart'] : [])],
    },
    width: 'container',
    height: 260,
    layer: [
      {
        data: { values: h.rows },
        mark: { type: 'rect', stroke: 'white', strokeWidth: 0.3 },
        encoding: {
          x: { field: 'lo', type: 'quantitative', title: [`${nd.statistic_name} under H0`, `(${nd.run} − ${nd.versus})`], scale: { zero: false, nice: false }, axis: { tickCount: 8 } },
          x2: { field: 'hi' },
          y: { field: 'y1', type: 'quantitative', title: 'share of samples', scale: { domainMax: top * 1.15 } },
          y2: { field: 'y0' },
          color: { field: 'kind', type: 'nominal', scale: { domain: [COUNTED, NOT_COUNTED], range: [OKABE_ITO[5], '#b8c4d0'] }, legend: { title: null, orient: 'top' } },
          tooltip: [{ field: 'range', title: nd.statistic_name }, { field: 'kind', title: 'samples' }, { field: 'count', title: 'count' }],
        },
      },
      ...infiniteLabels(h, top),
      observedLayer(nd, top * 1.1, nd.statistic > mid),
    ],
  };
}

/** ln Gamma(x), x > 0 (Lanczos, g = 7, 9 terms; relative error < 1e-13 for the t density). */
function lnGamma(x) {
  const c = [0.9999999999998099, 676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.61503916999186, 12.507343278686905, -0.13857109526572012, 9.984369578019572e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  x -= 1;
  let a = c[0];
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Student's t density with df degrees of freedom. */
export function tDensity(x, df) {
  return Math.exp(lnGamma((df + 1) / 2) - lnGamma(df / 2) - 0.5 * Math.log(df * Math.PI) - ((df + 1) / 2) * Math.log1p((x * x) / df));
}

/** Student's t density with df = n - 1, the area of p (the tails beyond the observed t) shaded. */
export function tDistributionSpec(nd) {
  const df = nd.df;
  const t = nd.statistic;
  const reach = Math.max(4.5, Math.abs(t) * 1.15);
  const inTail = (x) => (nd.alternative === 'two-sided' ? Math.abs(x) >= Math.abs(t) : nd.alternative === 'greater' ? x >= t : x <= t);
  const values = [];
  const steps = 400;
  for (let i = 0; i <= steps; i++) {
    const x = -reach + (2 * reach * i) / steps;
    values.push({ x, density: tDensity(x, df), tail: inTail(x) ? tDensity(x, df) : 0 });
  }
  // the exact edges of the tails, so the shading starts at the observed t
  for (const x of nd.alternative === 'two-sided' ? [Math.abs(t), -Math.abs(t)] : [t]) values.push({ x, density: tDensity(x, df), tail: tDensity(x, df) });
  values.sort((a, b) => a.x - b.x);
  const top = tDensity(0, df);
  return {
    title: { text: ['Null distribution of t:', `Student's t with ${df} degrees of freedom`], subtitle: [`shaded: the area of ${tail(nd)} beyond the observed t,`, `p = ${pLabel(nd.p)}`] },
    width: 'container',
    height: 260,
    layer: [
      { data: { values }, mark: { type: 'area', color: OKABE_ITO[5], opacity: 0.75, interpolate: 'linear' }, encoding: { x: { field: 'x', type: 'quantitative', title: ['t under H0', `(${nd.run} − ${nd.versus})`], scale: { nice: false }, axis: { tickCount: 8 } }, y: { field: 'tail', type: 'quantitative', title: 'density', scale: { domainMax: top * 1.15 } } } },
      { data: { values }, mark: { type: 'line', color: '#4a5a6a' }, encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'density', type: 'quantitative' } } },
      observedLayer(nd, top * 1.08, t > 0),
    ],
  };
}

/** The per-topic differences (run − versus), sorted, as bars: green where run scores higher. */
export function differencesSpec(nd) {
  const values = Array.from(nd.topics, (topic, i) => ({ topic, x: nd.x[i], y: nd.y[i], d: nd.x[i] - nd.y[i] }));
  values.sort((a, b) => b.d - a.d || (a.topic < b.topic ? -1 : 1));
  const order = values.map((v) => v.topic);
  const wins = values.filter((v) => v.d > 0).length, losses = values.filter((v) => v.d < 0).length;
  return {
    title: { text: ['Per-topic differences', `${nd.run} − ${nd.versus} (${nd.measure})`], subtitle: `${values.length} topics, sorted: ${wins} higher, ${losses} lower, ${values.length - wins - losses} tied` },
    width: 'container',
    height: 220,
    data: { values },
    mark: { type: 'bar' },
    encoding: {
      x: { field: 'topic', type: 'ordinal', sort: order, title: 'topic', axis: values.length > 60 ? { labels: false, ticks: false } : { labelAngle: -90 } },
      y: { field: 'd', type: 'quantitative', title: `difference in ${nd.measure}` },
      color: { condition: { test: 'datum.d >= 0', value: OKABE_ITO[2] }, value: OKABE_ITO[5] },
      tooltip: [{ field: 'topic' }, { field: 'x', title: nd.run, format: '.4f' }, { field: 'y', title: nd.versus, format: '.4f' }, { field: 'd', title: 'difference', format: '.4f' }],
    },
  };
}
