// Vega-Lite specs of the statistics views (rendered by charts.js' renderChart): the pairwise
// p-value heatmap, means with their confidence intervals as error bars, and ASL curves.
import { OKABE_ITO } from './palette.js';
import { runEnds } from './line-vertices.js';
import { rowP, resampled, directedMarker } from '../base/significance-labels.js';
import { pairRows } from '../base/p-value-columns.js';

// Significance bands of a p-value: the colours of the heatmap (dark = significant).
const BANDS = ['p < 0.001', 'p < 0.01', 'p < 0.05', 'p ≥ 0.05', 'no value'];
const BAND_COLOURS = ['#08306b', '#2171b5', '#6baed6', '#f0f0f0', '#ffffff'];
const bandIndex = (p) => (p === null || Number.isNaN(p) ? 4 : p < 0.001 ? 0 : p < 0.01 ? 1 : p < 0.05 ? 2 : 3);
const bandOf = (p) => BANDS[bandIndex(p)];
// A cell's label: "–" undefined, "<1/B" for a resampled 0, "<.001", else 3 decimals.
const pLabel = (row, B) => {
  const p = row.p_adjusted;
  if (p === 0 && B && resampled(row)) return rowP(row, 'p_adjusted', B).replace(' ', '');
  return p === null ? '–' : p < 0.001 ? '<.001' : p.toFixed(3).replace(/^0/, '');
};

/**
 * The test and correction behind a matrix's p-values (the core's description, doc.test: "paired
 * t-test, two-sided, no correction for multiple comparisons") as the chart's subtitle, so that the
 * SVG and PNG exports name them too: the test and its sides on one line, the correction on the
 * next (split at the commas outside parentheses).
 */
function testLines(doc) {
  const parts = doc.test.split(/,\s*(?![^(]*\))/);
  return parts.length < 3 ? parts : [parts.slice(0, 2).join(', '), parts.slice(2).join(', ')];
}

/**
 * p-values of every pair of runs (doc: comparePValues' document over all pairs, one measure,
 * p-value-columns.js): a square heatmap, the cell (row A, column B) holding the adjusted p-value
 * of A vs B, labelled with it and the marker with its direction (+: A scores higher than B, −:
 * lower), coloured by band (< 0.001, < 0.01, < 0.05, >= 0.05; undefined: its own colour, the note
 * on hover). The legend stays at the top, visible however many runs; with many runs the cells are
 * small and unlabelled and the chart's container scrolls (class scroll). One rect per cell: for
 * the matrices below the image threshold (significance-view.js); larger ones are pValueImageSpec.
 */
export function pValueHeatmapSpec(doc, runs) {
  const [m] = doc.measures;
  const many = runs.length > 16; // small cells, no labels
  const values = [];
  const drawn = new Set(runs); // the pairs of the runs shown (views/matrix-runs.js)
  for (const c of pairRows(doc))
    for (const [a, b, diff] of [[c.run, c.versus, c.difference], [c.versus, c.run, c.difference === null ? null : -c.difference]]) {
      if (!drawn.has(a) || !drawn.has(b)) continue;
      values.push({
        a, b, diff, p: rowP(c, 'p_adjusted', doc.B), raw: rowP(c, 'p', doc.B), band: bandOf(c.p_adjusted),
        label: `${pLabel(c, doc.B)}${directedMarker({ marker: c.marker, difference: diff })}`, dark: c.p_adjusted !== null && c.p_adjusted < 0.01, note: c.note || '',
      });
    }
  return {
    title: { text: `${m.measure}: adjusted p-values of every pair of runs`, subtitle: testLines(doc) },
    data: { values },
    encoding: {
      // the column labels on top, in sight when the matrix opens (past 16 runs it scrolls in its box)
      x: { field: 'b', type: 'nominal', sort: runs, title: null, axis: { orient: 'top', labelAngle: many ? -90 : -40, labelLimit: 0 } },
      y: { field: 'a', type: 'nominal', sort: runs, title: null, axis: { labelLimit: 0 } },
    },
    layer: [
      {
        mark: 'rect',
        encoding: {
          color: { field: 'band', type: 'nominal', title: 'adjusted p', scale: { domain: BANDS, range: BAND_COLOURS }, legend: { orient: 'top', columns: 3, symbolStrokeColor: '#888', symbolStrokeWidth: 1 } },
          tooltip: [
            { field: 'a', title: 'run' },
            { field: 'b', title: 'versus' },
            { field: 'diff', title: `difference in ${m.measure}`, format: '.4f' },
            { field: 'raw', title: 'p' },
            { field: 'p', title: 'adjusted p' },
            { field: 'note', title: 'note' },
          ],
        },
      },
      ...(many ? [] : [{
        mark: { type: 'text', fontSize: 11 },
        encoding: {
          text: { field: 'label' },
          color: { condition: { test: 'datum.dark', value: 'white' }, value: 'black' },
        },
      }]),
    ],
    // A cell as wide as its longest label ("<0.0001***+": 11 characters of the 11 px font, about
    // 6.5 px each), at least 64 px: a label never runs into the next cell.
    width: { step: many ? 16 : Math.max(64, Math.ceil(6.5 * Math.max(...values.map((v) => v.label.length))) + 8) },
    height: { step: many ? 16 : 30 },
  };
}

// The cell size of the matrix drawn as one image (px): a run name per row and column.
export const IMAGE_STEP = 16;

/**
 * The grids of pValueImageSpec (doc as pValueHeatmapSpec's; runs: the rows' and columns' order),
 * cells row-major (cell = row * n + column), each pair once below the diagonal (row after column
 * in `runs`): {bands: one grid per band of BANDS, {band, colour, width, height: runs.length,
 * values: Uint8Array, 1 at the cells of the pairs whose adjusted p-value is in the band, else 0},
 * pair: Int32Array (the pair's index in the document at its cell, -1 elsewhere)}.
 */
export function pValueGrid(doc, runs) {
  const n = runs.length;
  const position = new Map(runs.map((r, i) => [r, i]));
  const at = doc.runs.map((r) => (position.has(r) ? position.get(r) : -1));
  const c = doc.measures[0].pairs;
  const bands = BANDS.map((band, b) => ({ band, colour: BAND_COLOURS[b], width: n, height: n, values: new Uint8Array(n * n) }));
  const pair = new Int32Array(n * n).fill(-1);
  for (let k = 0; k < c.run.length; k++) {
    const i = at[c.run[k]], j = at[c.versus[k]];
    if (i < 0 || j < 0) continue;
    const cell = i > j ? i * n + j : j * n + i;
    bands[bandIndex(c.p_adjusted[k])].values[cell] = 1;
    pair[cell] = k;
  }
  return { bands, pair };
}

/**
 * The p-value matrix of hundreds of runs as one image mark (a Vega spec): Vega's heatmap transform
 * turns each band's grid (pValueGrid; the view's data 'grid') into a bitmap of one pixel per cell,
 * its colour where the band's cells are and transparent elsewhere (the transform's own opacity,
 * value / max: no expression evaluated per pixel), and the image mark draws the five on top of each
 * other scaled to IMAGE_STEP px per cell, unsmoothed; band scales x (columns) and y (rows) over
 * `runs` name the runs on the axes, and the legend of the bands stays at the top. 124,750 pairs
 * are five data and one mark instead of one datum and one rect each (Vega's dataflow over those
 * took most of the 20.9 s of bench/README.md). A cell under the pointer: the scales' step
 * (significance-view.js).
 */
export function pValueImageSpec(doc, runs, grid = pValueGrid(doc, runs)) {
  const size = runs.length * IMAGE_STEP;
  return {
    $schema: 'https://vega.github.io/schema/vega/v6.json',
    title: { text: `${doc.measures[0].measure}: adjusted p-values of every pair of runs`, subtitle: testLines(doc), anchor: 'start', fontSize: 14 },
    width: size,
    height: size,
    padding: 5,
    autosize: 'pad',
    data: [{
      name: 'grid',
      values: grid.bands, // as they are: Vega keeps the data, their typed arrays uncopied
      transform: [{ type: 'heatmap', color: { expr: 'datum.colour' }, resolve: 'independent' }],
    }],
    scales: [
      { name: 'x', type: 'band', domain: runs, range: 'width' },
      { name: 'y', type: 'band', domain: runs, range: 'height' },
      { name: 'band', type: 'ordinal', domain: BANDS, range: BAND_COLOURS },
    ],
    axes: [
      { orient: 'top', scale: 'x', labelAngle: -90, labelAlign: 'left', labelBaseline: 'middle', labelLimit: 0, labelFontSize: 12 },
      { orient: 'left', scale: 'y', labelLimit: 0, labelFontSize: 12 },
    ],
    legends: [{ fill: 'band', title: 'adjusted p', orient: 'top', columns: 3, symbolType: 'square', symbolStrokeColor: '#888', symbolStrokeWidth: 1, labelFontSize: 12, titleFontSize: 13 }],
    marks: [{
      type: 'image',
      from: { data: 'grid' },
      encode: { update: { x: { value: 0 }, y: { value: 0 }, width: { signal: 'width' }, height: { signal: 'height' }, image: { field: 'image' }, aspect: { value: false }, smooth: { value: false } } },
    }],
  };
}

/** Means with their intervals: intervals = {runs: {NAME: {n, mean, low, high}}}; one row per run. */
export function intervalSpec(intervals, runs, measure, what) {
  const values = runs.filter((r) => intervals.runs[r]).map((r) => ({ run: r, ...intervals.runs[r] }));
  return {
    title: `${measure}: mean over topics with its ${what}`,
    data: { values },
    width: 'container',
    height: { step: 30 },
    encoding: { y: { field: 'run', type: 'nominal', sort: runs, title: null, axis: { labelLimit: 0 } } }, // run names in full
    layer: [
      {
        mark: { type: 'rule', strokeWidth: 2, color: OKABE_ITO[0] },
        encoding: { x: { field: 'low', type: 'quantitative', title: measure, scale: { zero: false } }, x2: { field: 'high' } },
      },
      {
        mark: { type: 'tick', thickness: 2, size: 12, color: OKABE_ITO[0] },
        encoding: { x: { field: 'low', type: 'quantitative' } },
      },
      {
        mark: { type: 'tick', thickness: 2, size: 12, color: OKABE_ITO[0] },
        encoding: { x: { field: 'high', type: 'quantitative' } },
      },
      {
        mark: { type: 'point', filled: true, size: 70, color: 'black' },
        encoding: {
          x: { field: 'mean', type: 'quantitative' },
          tooltip: [{ field: 'run' }, { field: 'mean', format: '.4f' }, { field: 'low', format: '.4f' }, { field: 'high', format: '.4f' }, { field: 'n', title: 'topics' }],
        },
      },
    ],
  };
}

// Above this many pairs per curve the ASL chart draws lines without a symbol per pair: at
// campaign scale (143 runs: 10,153 pairs x 6 measures) 61,000 SVG symbols took the page's main
// thread tens of seconds to draw; every pair stays in the CSV / JSON exports.
export const ASL_POINTS_MAX = 500;

/**
 * The vertices of an ASL curve to draw as a line: the first and last rank of each run of equal
 * p-values (the ranks between lie on the horizontal segment joining them), so the line drawn is
 * the curve's exactly. curve: [{p, ...}] sorted by p; returns the ranks (1-based) kept, ascending.
 * E.g. p = [0, 0, 0, 0.2, 0.5, 0.5] -> ranks [1, 3, 4, 5, 6].
 */
export function aslVertices(curve) {
  return runEnds(curve.length, (i) => curve[i].p).map((i) => i + 1);
}

/**
 * ASL curves (Sakai, PROMISE 2013, Fig. 16): for each measure, the p-values of every pair of runs
 * sorted ascending, by pair rank; rules at 0.05 and 0.01. doc: a discriminative-power document.
 * Up to ASL_POINTS_MAX pairs per curve every pair is a point with its tooltip; beyond, the lines
 * alone (through aslVertices: the same line, fewer vertices).
 */
export function aslSpec(doc) {
  const values = [];
  const points = doc.measures.every((m) => m.asl_curve.length <= ASL_POINTS_MAX);
  for (const m of doc.measures) {
    const c = m.asl_curve;
    for (const rank of points ? c.map((_, i) => i + 1) : aslVertices(c))
      values.push({ measure: m.measure, rank, p: c[rank - 1].p, pair: `${c[rank - 1].run_a} vs ${c[rank - 1].run_b}`, diff: c[rank - 1].difference });
  }
  const order = doc.measures.map((m) => m.measure);
  return {
    title: 'ASL curves: p-value of every pair of runs, sorted',
    width: 'container',
    height: 260,
    layer: [
      {
        data: { values },
        mark: { type: 'line', point: points },
        encoding: {
          x: { field: 'rank', type: 'quantitative', title: 'run pairs sorted by p-value', axis: { tickMinStep: 1 } },
          y: { field: 'p', type: 'quantitative', title: 'p-value (ASL)', scale: { domain: [0, 1] } },
          color: { field: 'measure', type: 'nominal', sort: order, title: 'measure' },
          strokeDash: { field: 'measure', type: 'nominal', sort: order, title: 'measure' },
          // Without points a line's tooltip would name its first pair wherever it is hovered: the measure only.
          ...(points ? { shape: { field: 'measure', type: 'nominal', sort: order, title: 'measure' } } : {}),
          tooltip: points ? [{ field: 'measure' }, { field: 'rank' }, { field: 'pair' }, { field: 'diff', title: 'difference', format: '.4f' }, { field: 'p', format: '.4g' }] : [{ field: 'measure' }],
        },
      },
      {
        data: { values: [{ alpha: 0.05 }, { alpha: 0.01 }] },
        mark: { type: 'rule', strokeDash: [2, 3], color: '#555' },
        encoding: { y: { field: 'alpha', type: 'quantitative' }, tooltip: [{ field: 'alpha' }] },
      },
    ],
  };
}
