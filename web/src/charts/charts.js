// Every chart is a Vega-Lite spec rendered by vega-embed, configured for a strict CSP: Vega's
// expression interpreter instead of compiled expressions (ast: true), no injected stylesheets
// (their CSS lives in style.css), no actions menu (the app has its own export buttons).
// Colours: the Okabe-Ito palette (colour-blind safe).
import embed from 'vega-embed';
import { expressionInterpreter } from 'vega-interpreter';

import { OKABE_ITO } from './palette.js';

const CONFIG = {
  range: { category: OKABE_ITO },
  // No label limit: a run's name is never cut short silently (a wide chart scrolls in its box).
  // Tick labels at least 4 px apart: Vega-Lite drops every other one of a continuous axis (its
  // labelOverlap) rather than print them touching ("0.00.1" at 390 px).
  axis: { labelFontSize: 12, titleFontSize: 13, labelLimit: 0, labelSeparation: 4 },
  legend: { labelFontSize: 12, titleFontSize: 13, labelLimit: 0 },
  title: { fontSize: 14, anchor: 'start' },
  font: 'system-ui, sans-serif',
  view: { stroke: null },
};

/**
 * Renders a Vega-Lite spec into `el`; resolves with the Vega view (for exports and clicks).
 * renderer: 'svg' (default), or 'canvas' for charts of thousands of marks (a large heatmap).
 */
export async function renderChart(el, spec, { renderer = 'svg' } = {}) {
  const full = { $schema: 'https://vega.github.io/schema/vega-lite/v6.json', config: CONFIG, ...spec, ...titleWithin(spec.title, el.clientWidth) };
  const { view } = await embed(el, full, {
    ast: true,
    expr: expressionInterpreter,
    actions: false,
    defaultStyle: false,
    renderer,
    tooltip: { disableDefaultStyle: true },
  });
  return view;
}

/**
 * The chart's title broken into lines at spaces where a line is wider than the chart's box (its
 * width, less Vega's padding): Vega never wraps a title, and a chart as wide as its box (width
 * 'container') cuts it at the box's edge (at 390 px: "P@5: mean over topics with its 95% bo").
 * -> {title} with the lines, or {} when every line fits, there is no title or no width yet.
 */
function titleWithin(title, width) {
  const t = typeof title === 'string' ? { text: title } : title;
  if (!t || !width || (typeof t.text !== 'string' && !Array.isArray(t.text))) return {};
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `bold ${t.fontSize || CONFIG.title.fontSize}px ${CONFIG.font}`;
  const room = width - 10;
  const lines = [];
  for (const line of [t.text].flat()) {
    let current = '';
    for (const word of line.split(' ')) {
      const longer = current ? `${current} ${word}` : word;
      if (current && ctx.measureText(longer).width > room) {
        lines.push(current);
        current = word;
      } else current = longer;
    }
    lines.push(current);
  }
  return lines.length === [t.text].flat().length ? {} : { title: { ...t, text: lines } };
}

// Charts drawn later (issue 25, decision a): a card shows its numbers first and draws a large chart
// (thousands of marks: Vega compiles its spec and interprets its expressions on the main thread,
// where a worker's answer also waits) once `after` has settled - the first numbers of every card -
// one chart at a time, each when the main thread is idle.
let drawing = Promise.resolve();
const idle = () => new Promise((resolve) => (globalThis.requestIdleCallback ? requestIdleCallback(() => resolve(), { timeout: 1000 }) : setTimeout(resolve, 0)));

/**
 * Draws specOf() into `el` as renderChart, after `after` and in its turn. Returns { view, draw }:
 * view, a promise of the Vega view (null when `el` left the page before its turn: replaced by newer
 * results, nothing drawn); draw(), the same view drawn at once (an export asked before the turn).
 */
export function chartLater(el, specOf, after = Promise.resolve()) {
  let started = null;
  const draw = () => (started ??= el.isConnected ? renderChart(el, specOf()) : Promise.resolve(null));
  const view = Promise.resolve(after).catch(() => null).then(() => {
    const turn = drawing.then(idle).then(draw);
    drawing = turn.catch(() => null);
    return turn;
  });
  return { view, draw };
}

/**
 * Kendall's tau heatmap; cells labelled with their value. Also other coefficients between
 * measures (views/meta-view.js): label names the coefficient; tau[i][j] may differ from tau[j][i]
 * (tau_ap: row i orders the runs, column j is the reference). An undefined value (null) is
 * labelled "–" with its reason (correlations.notes[i][j]) on hover, never coloured as a value;
 * the diagonal (note 'the same measure') stays empty.
 */
export function tauHeatmapSpec(correlations, { label = 'tau-b', title = "Kendall's tau-b between run orderings" } = {}) {
  const values = [];
  correlations.measures.forEach((a, i) =>
    correlations.measures.forEach((b, j) => {
      const tau = correlations.tau[i][j];
      const note = correlations.notes ? correlations.notes[i][j] : '';
      const text = tau === null ? (note === 'the same measure' ? '' : '–') : tau.toFixed(2);
      values.push({ a, b, tau, text, note: tau === null ? note || 'no value' : note });
    }),
  );
  const order = correlations.measures;
  return {
    title,
    data: { values },
    encoding: {
      x: { field: 'b', type: 'nominal', sort: order, title: null, axis: { labelAngle: -40 } },
      y: { field: 'a', type: 'nominal', sort: order, title: null },
    },
    layer: [
      {
        mark: 'rect',
        encoding: {
          color: { field: 'tau', type: 'quantitative', title: 'tau', scale: { scheme: 'blueorange', domain: [-1, 1], reverse: true } },
          tooltip: [
            { field: 'a', title: 'measure' },
            { field: 'b', title: 'vs' },
            { field: 'tau', title: label, format: '.3f' },
          ],
        },
      },
      {
        mark: { type: 'text', fontSize: 11 },
        encoding: {
          text: { field: 'text' },
          tooltip: [{ field: 'a', title: 'measure' }, { field: 'b', title: 'vs' }, { field: 'text', title: label }, { field: 'note', title: 'note' }],
          color: { condition: { test: 'abs(datum.tau) > 0.6', value: 'white' }, value: 'black' },
        },
      },
    ],
    width: { step: 44 },
    height: { step: 30 },
  };
}

/**
 * Interpolated recall-precision curves: curves = {levels, runs: {NAME: [IPrec@level ...]}} of the
 * runs `runs`; colours: chart-runs.js runColours (default: the category palette, one per run). The
 * legend lists every run in full (no label limit) below the chart; past 20 runs it is left out
 * (the view says so) and the tooltip names the run (and its group).
 */
export function recallPrecisionSpec(curves, runs, colours = null) {
  const values = [];
  for (const r of runs) (curves.runs[r] || []).forEach((v, i) => values.push({ run: r, group: colours ? colours.of(r) : r, recall: curves.levels[i], precision: v }));
  const all = runs;
  const legend = runs.length > 20 ? null : { orient: 'bottom', columns: 2, labelLimit: 0 };
  return {
    data: { values },
    width: 'container',
    height: 260,
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'recall', type: 'quantitative', title: 'recall', scale: { domain: [0, 1] } },
      y: { field: 'precision', type: 'quantitative', title: 'interpolated precision (IPrec@recall)', scale: { domain: [0, 1] } },
      color: colours ? { field: colours.field, type: 'nominal', title: colours.field, scale: colours.scale, legend: colours.field === 'group' ? { orient: 'bottom', columns: 2, labelLimit: 0 } : legend }
        : { field: 'run', type: 'nominal', title: 'run', sort: all, legend },
      strokeDash: { field: 'run', type: 'nominal', title: 'run', sort: all, legend },
      shape: { field: 'run', type: 'nominal', title: 'run', sort: all, legend },
      tooltip: [{ field: 'run' }, ...(colours && colours.field === 'group' ? [{ field: 'group' }] : []), { field: 'recall' }, { field: 'precision', format: '.4f' }],
    },
  };
}
