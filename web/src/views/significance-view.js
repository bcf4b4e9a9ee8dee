// Significance view: for one measure, the adjusted p-value of every pair of runs as a heatmap
// (randomised Tukey HSD by default; any test of `irlens compare` with a correction), each run's
// mean with its confidence interval as error bars (t, percentile or BCa), and, against the
// baseline, the risk-sensitive comparison (URisk and TRisk with the risk aversion alpha) with the
// markers' test. Computed in the stats workers (significance.js, stats-runner.js): progress and
// Cancel in the strip above the charts. The matrix shows all runs or fewer (matrix-runs.js: top N,
// the best run of each team, the selected runs); past 16 runs it scrolls in its box with its run
// labels kept in sight (ui/sticky-labels.js).
import { renderChart } from '../charts/charts.js';
import { pValueHeatmapSpec, pValueGrid, pValueImageSpec, intervalSpec } from '../charts/stats-charts.js';
import { pairRow, pairRows } from '../base/p-value-columns.js';
import { tableExports, withStatistics } from '../ui/stats-exports.js';
import { section, statsTable, fillWhenDone, statsInputs } from './stats-table.js';
import { compareEntry, baselineEntry, baselineOptions, resampling, resamplingFields, settingInput, qrelsInfo } from '../ui/significance.js';
import { TESTS, CORRECTIONS, RANDOMISED, matrixVersusMarkers, rowP, resampled, directedMarker, markerLegend } from '../base/significance-labels.js';
import { el, select, chartExports, scriptOnly } from '../ui/util.js';
import { showNullDistribution } from '../ui/null-distribution.js';
import { matrixRuns } from './matrix-runs.js';
import { stickyRunLabels } from '../ui/sticky-labels.js';
import { pairDetails } from './pair-details.js';
import { addDefaults } from '../base/settings.js';
import { provenance } from '../base/exports.js';

// The null-distribution card's settings: the two runs ('' = the first two), the test, the alternative.
addDefaults({ nda: '', ndb: '', ndt: 'randomisation', ndalt: 'two-sided' });
// The order of the runs in the heatmap and the interval chart (setting so): by the measure's mean,
// best first, so that the blocks of runs not significantly different show; or by name.
addDefaults({ so: 'mean' });
const ORDERS = [
  { value: 'mean', label: 'by mean, best first' },
  { value: 'name', label: 'by name' },
];

/**
 * The runs in the order the charts draw them: by name (code points, as the CLI sorts), or by the
 * measure's mean in the registry's direction (highest first; lowest first where lower is better),
 * a run without a mean last, ties by name.
 */
export function runOrder(app, runs, measure, order) {
  const byName = [...runs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (order === 'name') return byName;
  const info = app.info(measure);
  const sign = info && info.direction === 'lower' ? 1 : -1;
  const mean = (r) => app.state.result.runs[r].mean[measure];
  const key = (r) => (mean(r) === null || mean(r) === undefined || Number.isNaN(mean(r)) ? Infinity : sign * mean(r));
  return byName.sort((a, b) => key(a) - key(b) || 0); // stable: ties (and two runs without a mean, NaN) keep name order
}
const NULL_TESTS = TESTS.filter((t) => t.value !== 'tukey');
const ALTERNATIVES = ['two-sided', 'greater', 'less'];

const INTERVALS = [
  { value: 't', label: 't' },
  { value: 'percentile', label: 'bootstrap percentile' },
  { value: 'bca', label: 'bootstrap BCa' },
];

/** A chart card: a section (stats-table.js) in the chart grid. */
function card(id, title) {
  const box = section(id, title);
  box.classList.add('chart-card');
  return box;
}

/** The pairwise options of the heatmap (settings ht, hc, B, seed). */
function pairwiseOptions(app) {
  const s = app.state.settings;
  return { test: s.ht, ...(s.ht === 'tukey' ? {} : { correction: s.hc }), ...resampling(app) };
}

function intervalOptions(app) {
  const s = app.state.settings;
  return { ci: s.ci, confidence: s.cl, ...(s.ci === 't' ? {} : resampling(app)) };
}

/** A p-value in a CSV export: the number, "< 1/B" for a resampled 0, null (empty) when undefined. */
const csvP = (c, which, B) => (c[which] === 0 && resampled(c) ? rowP(c, which, B) : c[which]);

const seedOf = (app, test) => (RANDOMISED.has(test) ? { seed: app.state.settings.seed, B: app.state.settings.B } : {});

// Heatmaps of this many cells or more are drawn as one image (stats-charts.js pValueImageSpec:
// Vega's heatmap transform paints the cells on a canvas, one pixel each, and an image mark shows
// it scaled, each pair once, below the diagonal): 250,000 SVG rectangles (500 runs) held the page's
// main thread for tens of seconds, 124,750 rects on Vega's canvas renderer still 14 s (its dataflow,
// and an 8,000 px square canvas, whose allocation alone took 4 s). Smaller ones stay SVG rects,
// labelled. With ?test-hooks, window.irlensImageCells lowers the threshold (the browser tests).
const IMAGE_CELLS = 100000;
const testHooks = globalThis.location && new URLSearchParams(globalThis.location.search).has('test-hooks');
const imageCells = () => (testHooks && Number(globalThis.irlensImageCells)) || IMAGE_CELLS;

/**
 * The p-value matrix of every pair: computed from the p-values alone (the JS API's comparePValues:
 * compareScores' only: 'p-values' as typed arrays, transferred from the stats worker; no intervals
 * or effect sizes for the n(n-1)/2 pairs), the details of a pair asked for when it is selected
 * (pair-details.js); the JSON export computes the full comparison (every pair's intervals and
 * effect sizes) when asked, with the progress bar.
 */
async function pairwise(app, live, box, measure, runs, narrow) {
  const options = pairwiseOptions(app);
  const key = JSON.stringify(['p-values', measure, options]);
  const e = app.stats.get(key, () => app.statsPool.run('comparePValues', { result: app.state.result, qrels: qrelsInfo(app), options: { ...options, measures: [measure] } }));
  const fullEntry = () => compareEntry(app, options, { measures: [measure] });
  const fullDoc = async () => {
    const f = fullEntry();
    await f.promise;
    if (f.status !== 'done') throw f.error || Object.assign(new Error('cancelled'), { name: 'Cancelled' });
    return f.value;
  };
  await fillWhenDone(app, live, box, e, async (doc, body) => {
    const statistics = { name: 'pairwise', measure, ...options, ...seedOf(app, options.test), test: doc.test };
    const m = doc.measures[0];
    if (m.pairs.topics.every((t) => t < 2))
      return body.append(el('p', { class: 'hint no-values' }, `Fewer than two topics in common: no pair of runs can be tested. ${m.topic_policy}.`));
    let view = null;
    const all = runs;
    runs = narrow.runs; // the matrix's rows and columns (matrix-runs.js); the pair details offer every run
    const cells = runs.length * runs.length;
    const image = cells >= imageCells();
    const chart = el('div', { class: `chart${runs.length > 16 ? ' scroll' : ''}`, id: 'chart-pairwise-p' });
    const details = pairDetails(app, { measure, runs: all, options, doc, full: fullEntry });
    // The image's cell under the pointer, named with its p-values (the image is one mark: no tooltip per cell).
    const readout = el('p', { class: 'hint needs-script', id: 'pairwise-cell', 'aria-live': 'polite' }, 'Point at a cell for its p-values; click it for its details.');
    body.append(chartExports(app, () => view, 'pairwise-p', withStatistics(statistics)),
      tableExports(app, 'pairwise-p', async (format) => ({
        columns: ['measure', 'run', 'versus', 'difference', 'statistic', 'p', 'p_adjusted', 'marker', 'topics', 'note'],
        rows: pairRows(doc).map((c) => [measure, c.run, c.versus, c.difference, c.statistic, csvP(c, 'p', doc.B), csvP(c, 'p_adjusted', doc.B), directedMarker(c, '-'), c.topics, c.note]),
        // The JSON export: the full comparison, every pair's intervals and effect sizes (computed now).
        doc: format === 'json' ? await fullDoc() : null,
      }), statistics),
      el('p', { class: 'hint' }, `${doc.test}. Markers: ${markerLegend()} (row vs column); – no value`, scriptOnly(' (hover for why)'), `. ${m.topic_policy}. `,
        scriptOnly('Select a cell for the pair\'s intervals and Cohen\'s d (below); '), 'the JSON export holds them for every pair.'),
      ...(narrow.why ? [el('p', { class: 'hint', id: 'pairwise-shown' }, narrow.why)] : []),
      ...(image ? [el('p', { class: 'hint', id: 'pairwise-image' }, `${cells.toLocaleString('en')} cells: drawn as one image, each pair once (below the diagonal: row vs column). Export the matrix as SVG (the cells as one embedded image, the run names as text) or PNG; its numbers as CSV or JSON.`),
        readout] : []),
      chart, details.element);
    if (!image) {
      view = await renderChart(chart, pValueHeatmapSpec(doc, runs));
      view.addEventListener('click', (event, item) => {
        const d = item && item.datum;
        if (d && typeof d.a === 'string' && typeof d.b === 'string') details.select(d.a, d.b);
      });
    } else {
      const grid = pValueGrid(doc, runs);
      view = await renderChart(chart, pValueImageSpec(doc, runs, grid));
      const surface = chart.querySelector('svg');
      // The cell under the pointer, from the band scales (the image is one item): {row, column, k}
      // below the diagonal, else null.
      const cellAt = (event) => {
        const rect = surface.getBoundingClientRect();
        const [ox, oy] = view.origin();
        const step = view.scale('x').step();
        const j = Math.floor((event.clientX - rect.left - ox) / step), i = Math.floor((event.clientY - rect.top - oy) / step);
        const k = i > j && j >= 0 && i < runs.length ? grid.pair[i * runs.length + j] : -1;
        return k >= 0 ? { row: runs[i], column: runs[j], k } : null;
      };
      view.addEventListener('click', (event) => {
        const c = cellAt(event);
        if (c) details.select(c.row, c.column);
      });
      view.addEventListener('pointermove', (event) => {
        const c = cellAt(event);
        if (c) readout.textContent = cellText(pairRow(doc, c.k), c.row, doc.B);
      });
    }
    // Past 16 runs the matrix scrolls in its box: its run labels stay in sight on both axes.
    if (runs.length > 16 && live()) stickyRunLabels(chart, view, runs);
    if (testHooks) chart.irlensView = view; // the browser tests find a cell of the image through it
  });
}

/** A cell's hover text, from its row's side: the pair's difference, p-values and note. */
function cellText(c, row, B) {
  const flip = c.run !== row;
  const diff = c.difference === null ? null : flip ? -c.difference : c.difference;
  const marker = directedMarker({ marker: c.marker, difference: diff });
  return `${row} vs ${flip ? c.run : c.versus}: difference ${diff === null ? '–' : diff.toFixed(4)}, p = ${rowP(c, 'p', B)}, adjusted p = ${rowP(c, 'p_adjusted', B)}${marker ? ` ${marker}` : ''}${c.note ? `; ${c.note}` : ''}`;
}

async function intervals(app, live, box, measure, runs) {
  const options = intervalOptions(app);
  const key = JSON.stringify(['intervals', measure, options]);
  const e = app.stats.get(key, () => app.statsPool.run('intervals', { result: app.state.result, measure, options }));
  const s = app.state.settings;
  await fillWhenDone(app, live, box, e, async (doc, body) => {
    const what = `${Math.round(100 * Number(s.cl))}% ${INTERVALS.find((i) => i.value === s.ci).label} interval`;
    const statistics = { name: 'intervals', measure, ...options, ...(s.ci === 't' ? {} : { seed: s.seed, B: s.B }) };
    let view = null;
    const chart = el('div', { class: 'chart', id: 'chart-intervals' });
    body.append(chartExports(app, () => view, 'intervals', withStatistics(statistics)),
      tableExports(app, 'intervals', () => ({
        columns: ['run', 'measure', 'topics', 'mean', 'low', 'high', 'method', 'confidence'],
        rows: runs.map((r) => { const i = doc.runs[r]; return [r, measure, i.n, i.mean, i.low, i.high, s.ci, s.cl]; }),
        doc: { measure, method: s.ci, confidence: Number(s.cl), runs: doc.runs },
      }), statistics),
      el('p', { class: 'hint', id: 'interval-what' }, `Each run's mean with its ${what}${s.ci === 't' ? '' : ` (B=${s.B}, seed ${s.seed}; a bootstrap interval stays within the scores' range, so the measure's)`}, over the topics it was scored on (${s.missing === 'zero' ? 'all qrels topics, unanswered = 0' : 'the topics it answered'}).`),
      chart);
    view = await renderChart(chart, intervalSpec(doc, runs, measure, what));
  });
}

async function risk(app, live, box) {
  const s = app.state.settings;
  const body = box.querySelector('.body');
  if (!s.b) return body.append(el('p', { class: 'hint' }, 'Choose a baseline run (above) to compare every run with it.'));
  const e = baselineEntry(app, false);
  if (!e) return body.append(el('p', { class: 'hint' }, 'Needs at least two runs.'));
  const options = baselineOptions(app);
  await fillWhenDone(app, live, box, e, (doc, out) => {
    const columns = ['measure', 'run', 'mean', 'baseline_mean', 'difference', 'p_adjusted', 'marker', 'urisk', 'trisk', 'wins', 'ties', 'losses', 'note'];
    const cell = (m, c, k) => (k === 'measure' ? m.measure : k === 'baseline_mean' ? c.versus_mean : k === 'p_adjusted' ? csvP(c, k, doc.B) : k === 'marker' ? directedMarker(c, '-') : c[k]);
    const rows = doc.measures.flatMap((m) => m.comparisons.map((c) => columns.map((k) => cell(m, c, k))));
    const shown = doc.measures.flatMap((m) => m.comparisons.map((c) =>
      [m.measure, c.run, c.mean, c.versus_mean, c.difference, `${rowP(c, 'p_adjusted', doc.B)}${directedMarker(c)}`, c.urisk,
        c.trisk === null ? null : `${c.trisk.toFixed(3)}${Math.abs(c.trisk) >= 2 ? (c.trisk > 0 ? ' ▲' : ' ▼') : ''}`, `${c.wins}/${c.ties}/${c.losses}`, c.note || '']));
    const statistics = { name: 'risk', ...options, ...seedOf(app, options.test), test: doc.test };
    out.append(tableExports(app, 'risk', () => ({ columns, rows, doc }), statistics),
      statsTable('risk-table', `Against the baseline ${doc.baseline}; risk aversion alpha = ${doc.risk_alpha} (a loss weighs 1 + alpha times a win; Dinçer, Macdonald & Ounis, SIGIR 2014). TRisk ▲ ≥ 2: a significant win, ▼ ≤ -2: a significant loss. p: ${doc.test}; ${markerLegend()}; – no value (see the note). ${doc.measures.length ? doc.measures[0].topic_policy : ''}.`,
        ['measure', 'run', 'mean', 'baseline', 'difference', 'adjusted p', 'URisk', 'TRisk', 'wins/ties/losses', 'note'], shown));
  });
}

/** The null distribution of one test between two runs (ui/null-distribution.js). */
async function nullCard(app, live, box, measure, runs) {
  const s = app.state.settings;
  const a = runs.includes(s.nda) ? s.nda : runs[0];
  const b = runs.includes(s.ndb) && s.ndb !== a ? s.ndb : runs.find((r) => r !== a);
  const test = NULL_TESTS.some((t) => t.value === s.ndt) ? s.ndt : 'randomisation';
  const body = box.querySelector('.body');
  body.append(el('div', { class: 'controls' },
    select(app, 'Run', 'nda', runs, a),
    select(app, 'versus', 'ndb', runs.filter((r) => r !== a), b),
    select(app, 'Test', 'ndt', NULL_TESTS, test),
    select(app, 'Alternative', 'ndalt', ALTERNATIVES, ALTERNATIVES.includes(s.ndalt) ? s.ndalt : 'two-sided')),
  el('p', { class: 'hint' }, `What the p-value of ${measure} is: the test's statistic under H0 (the same B and seed as the test: B and Seed above), the observed value, and the share at least as extreme shaded.`));
  const options = { measure, run: a, versus: b, test, alternative: ALTERNATIVES.includes(s.ndalt) ? s.ndalt : 'two-sided', ...resampling(app) };
  const e = app.stats.get(JSON.stringify(['null', options]), () => app.statsPool.run('nullDistribution', { result: app.state.result, qrels: { name: app.state.qrels.info.name, topics: app.state.qrels.info.topics.length }, options }));
  await fillWhenDone(app, live, box, e, async (doc, into) => {
    const out = el('div', { class: 'null-distribution' });
    into.append(out);
    await showNullDistribution(out, doc, { provenance: async () => provenance(app, await app.fileHashes()) });
  });
}

export const significanceView = {
  id: 'significance',
  label: 'Significance',
  async render(container, app, live) {
    const inputs = statsInputs(container, app, 'Significance tests');
    if (!inputs) return;
    const { measures, runs } = inputs;
    const s = app.state.settings;
    const measure = measures.includes(s.hm) ? s.hm : measures[0];
    const order = ORDERS.some((o) => o.value === s.so) ? s.so : 'mean';
    const ordered = runOrder(app, runs, measure, order);
    const narrow = matrixRuns(app, ordered, order === 'mean' ? ordered : runOrder(app, runs, measure, 'mean'), measure);
    const controls = el('div', { class: 'controls' },
      select(app, 'Measure', 'hm', measures, measure),
      select(app, 'Run order', 'so', ORDERS, order),
      narrow.choices.length > 1 ? select(app, 'Matrix runs', 'mr', narrow.choices, narrow.value) : null,
      select(app, 'Pairwise test', 'ht', TESTS, s.ht),
      s.ht === 'tukey' ? null : select(app, 'Correction', 'hc', CORRECTIONS, s.hc),
      select(app, 'Interval', 'ci', INTERVALS, s.ci),
      settingInput(app, 'cl', 'Confidence', { type: 'number', min: '0.5', max: '0.999', step: '0.01', size: 5 }),
      settingInput(app, 'ra', 'Risk alpha', { type: 'number', min: '0', step: '1', size: 4 }),
      resamplingFields(app));
    const pw = card('pairwise', 'Pairwise p-values');
    const iv = card('intervals', 'Means with confidence intervals');
    const rk = section('risk', 'Against the baseline: URisk and TRisk');
    const nd = section('null', 'Null distribution of one test');
    // The first line: which test this matrix uses and why the table's markers may say otherwise.
    const versus = matrixVersusMarkers(s, runs.length);
    const first = el('p', { class: 'hint matrix-versus-markers', id: 'matrix-versus-markers' }, versus.text,
      versus.same ? null : el('button', { type: 'button', class: 'small', id: 'use-marker-test', onclick: () => app.set({ ht: s.st, hc: s.st === 'tukey' ? 'none' : s.sc }) }, "Use the markers' test here"));
    container.textContent = '';
    container.append(first, controls, app.stats.progressStrip(), el('div', { class: 'chart-grid' }, pw, iv), rk, nd);
    await Promise.all([pairwise(app, live, pw, measure, ordered, narrow), intervals(app, live, iv, measure, ordered), risk(app, live, rk),
      runs.length >= 2 ? nullCard(app, live, nd, measure, runs) : nd.querySelector('.body').append(el('p', { class: 'hint' }, 'Needs at least two runs.'))]);
  },
};
