// Vega-Lite specs of the relative measures' charts (rendered by charts.js's renderChart):
//   the base metric against NRG over runs, coloured by group (Clarke et al., SIGIR-AP 2024, Fig. 2),
//   nDCG@K against MAX TaSC over runs, coloured by group (the same paper, Fig. 5),
//   Kendall's tau-b against alpha for rareness measures (Türkmen et al., ECIR 2023, Fig. 2).
import { runLabelLayer, scatterAxis } from './run-labels.js';

/**
 * One point per run: points [{run, group, x, y}], x the base metric (nDCG@K) and y the relative
 * measure (NRG, TaSC), named canonically. colours: chart-runs.js groupColours when run groups are
 * loaded (a colour per group, its legend below the chart), else null (one colour, no legend: with
 * every run its own group a legend would list every run). The run labels: run-labels.js's
 * runLabelLayer(), filled by its labelRuns; both scales' domains are the points' extent.
 */
export function runScatterSpec(points, xName, yName, colours = null) {
  const colour = colours
    ? { color: { field: 'group', type: 'nominal', title: 'group', scale: colours.scale, legend: { orient: 'bottom', columns: 3, labelLimit: 0, symbolLimit: 0 } } }
    : {};
  return {
    title: `${xName} against ${yName}`,
    width: 'container',
    height: 300,
    encoding: {
      x: { field: 'x', type: 'quantitative', title: xName, ...scatterAxis(points, 'x') },
      y: { field: 'y', type: 'quantitative', title: yName, ...scatterAxis(points, 'y') },
    },
    layer: [
      {
        data: { values: points },
        mark: { type: 'point', filled: true, size: 90, cursor: 'pointer' },
        encoding: {
          ...colour,
          tooltip: [{ field: 'run' }, { field: 'group' }, { field: 'x', title: xName, format: '.4f' }, { field: 'y', title: yName, format: '.4f' }],
        },
      },
      runLabelLayer(),
    ],
  };
}

/** rows: [{series, alpha, tau_b}] (tau_b null where undefined). */
export function tauAlphaSpec(rows) {
  const series = [...new Set(rows.map((r) => r.series))];
  return {
    title: "Kendall's tau-b between the run rankings at alpha and at 0",
    data: { values: rows.filter((r) => r.tau_b !== null) },
    width: 'container',
    height: 260,
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'alpha', type: 'quantitative', title: 'alpha' },
      y: { field: 'tau_b', type: 'quantitative', title: 'tau-b', scale: { zero: false }, axis: { format: '.3~f' } },
      color: { field: 'series', type: 'nominal', sort: series, title: 'measure' },
      strokeDash: { field: 'series', type: 'nominal', sort: series, title: 'measure' },
      tooltip: [{ field: 'measure' }, { field: 'alpha' }, { field: 'tau_b', title: 'tau-b', format: '.4f' }],
    },
  };
}
