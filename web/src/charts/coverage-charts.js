// Vega-Lite specs of the subtopic coverage view (diversity): which intents each run's documents
// cover, rank by rank, and the share of the intents covered down to each rank (I-rec, Sakai Eq. 24).
import { OKABE_ITO } from './palette.js';
import { TABLEAU20 } from './chart-runs.js';

/** cells: [{run, rank, doc, intent, grade, first}] - one per (run, rank, intent). */
const GRADE_COLOURS = ['#eeeeee', '#9ecae1', '#4292c6', '#08519c', '#08306b']; // 0 (not relevant) light grey

/**
 * One matrix for all runs: a row per run (in the order `runs`: the table's), a column per rank
 * (shared by every row, its axis on top), the column split into one cell per subtopic
 * (`intents`, in their order) coloured by the document's grade for it, the first document of the
 * run to cover a subtopic marked. Rows are 22 px, 11 px past 20 runs: 143 runs make a matrix of
 * about 1,600 px.
 */
export function coverageSpec(cells, { runs, intents }) {
  const top = Math.max(1, ...cells.map((c) => c.grade));
  const grades = Array.from({ length: top + 1 }, (_, g) => g);
  const offset = intents.length > 1 ? { xOffset: { field: 'intent', type: 'nominal', sort: intents, title: 'subtopic' } } : {};
  return {
    data: { values: cells },
    width: 'container',
    // 22 px a row up to 20 runs, else 11 px; as a height in pixels: a height in steps with a
    // container's width makes Vega-Lite warn ("Dropping fit-y"), whatever the autosize type.
    height: (runs.length <= 20 ? 22 : 11) * runs.length,
    autosize: { type: 'fit-x', contains: 'padding' },
    encoding: {
      x: { field: 'rank', type: 'ordinal', title: 'rank', axis: { orient: 'top', labelAngle: 0 } },
      y: { field: 'run', type: 'nominal', sort: runs, title: null, axis: { labelFontSize: runs.length <= 20 ? 12 : 10 } },
      ...offset,
    },
    layer: [
      {
        mark: { type: 'rect', stroke: 'white', strokeWidth: 0.5 },
        encoding: {
          color: { field: 'grade', type: 'ordinal', title: 'grade', scale: { domain: grades, range: grades.map((g) => GRADE_COLOURS[Math.min(g, GRADE_COLOURS.length - 1)]) }, legend: { orient: 'top', direction: 'horizontal' } },
          tooltip: [{ field: 'run' }, { field: 'rank' }, { field: 'doc' }, { field: 'intent', title: 'subtopic' }, { field: 'grade' }, { field: 'first', title: 'first to cover' }],
        },
      },
      {
        transform: [{ filter: 'datum.first' }],
        mark: { type: 'text', text: '●', fontSize: 8 },
        encoding: { color: { value: '#E69F00' } },
      },
    ],
  };
}

/**
 * points: [{run, rank, share}] - the share of the intents covered by ranks 1..rank; colours:
 * chart-runs.js runColours of `runs` (past 20 runs no legend: the view shows colours.note).
 * highlight (from HIGHLIGHT_FROM runs: coverageHighlight): {runs, other} - only these runs in
 * colour, each its own, drawn on top with a legend; every other run a thin grey line under them,
 * one legend entry `other` ("137 other runs").
 */
export function coverageCurveSpec(points, { runs, colours, highlight = null }) {
  const base = {
    title: 'Subtopics covered down to each rank (I-rec@rank)',
    width: 'container',
    height: 220,
    encoding: {
      x: { field: 'rank', type: 'quantitative', title: 'rank', axis: { tickMinStep: 1 } },
      y: { field: 'share', type: 'quantitative', title: 'share of the subtopics covered', scale: { domain: [0, 1] } },
    },
  };
  if (highlight) {
    const on = new Set(highlight.runs);
    const palette = highlight.runs.length <= OKABE_ITO.length ? OKABE_ITO : TABLEAU20;
    const colour = { field: 'line', type: 'nominal', title: 'run', scale: { domain: [...highlight.runs, highlight.other], range: [...palette.slice(0, highlight.runs.length), GREY] },
      legend: { orient: 'bottom', columns: 2, labelLimit: 0 } };
    const tooltip = [{ field: 'run' }, { field: 'rank' }, { field: 'share', format: '.3f' }];
    return {
      ...base,
      data: { values: points.map((p) => ({ ...p, line: on.has(p.run) ? p.run : highlight.other, on: on.has(p.run) })) },
      layer: [
        { transform: [{ filter: '!datum.on' }], mark: { type: 'line', interpolate: 'step-after', strokeWidth: 1 }, encoding: { color: colour, detail: { field: 'run' }, tooltip } },
        { transform: [{ filter: 'datum.on' }], mark: { type: 'line', point: true, interpolate: 'step-after', strokeWidth: 2.5 }, encoding: { color: colour, detail: { field: 'run' }, tooltip } },
      ],
    };
  }
  const legend = colours.field === 'run' && runs.length > 20 ? null : { orient: 'bottom', columns: 2, labelLimit: 0 };
  return {
    ...base,
    data: { values: points.map((p) => ({ ...p, group: colours.of(p.run) })) },
    mark: { type: 'line', point: true, interpolate: 'step-after' },
    encoding: {
      ...base.encoding,
      color: { field: colours.field === 'group' ? 'group' : 'run', type: 'nominal', title: colours.field, scale: colours.scale, legend },
      ...(colours.field === 'run' ? { strokeDash: { field: 'run', type: 'nominal', sort: runs, title: 'run', legend } } : {}),
      tooltip: [{ field: 'run' }, ...(colours.field === 'group' ? [{ field: 'group' }] : []), { field: 'rank' }, { field: 'share', format: '.3f' }],
    },
  };
}

// From this many runs the step lines are too many to tell apart, in any colouring: the best and
// the selected ones are drawn in colour, the rest grey (issue 35).
export const HIGHLIGHT_FROM = 100;
// How many of the best runs (by the page's ranking) are highlighted.
export const HIGHLIGHT_BEST = 5;
const GREY = '#cfcfcf';

/**
 * The runs the step lines highlight (null below HIGHLIGHT_FROM runs): the HIGHLIGHT_BEST best of
 * `runs` by `ranking` (the runs, best first), then the selected ones (`selected`: the runs ticked in
 * Charts, and the baseline) among `runs`, in that order, each once. {runs, other, best, selected}.
 */
export function coverageHighlight(runs, ranking, selected = []) {
  if (runs.length < HIGHLIGHT_FROM) return null;
  const drawn = new Set(runs);
  const best = ranking.filter((r) => drawn.has(r)).slice(0, HIGHLIGHT_BEST);
  const picked = selected.filter((r) => drawn.has(r) && !best.includes(r));
  const hl = [...best, ...new Set(picked)];
  return { runs: hl, other: `${runs.length - hl.length} other runs`, best, selected: [...new Set(picked)] };
}
