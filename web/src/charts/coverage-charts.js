// Vega-Lite specs of the subtopic coverage view (diversity): which intents each run's documents
// cover, rank by rank, and the share of the intents covered down to each rank (I-rec, Sakai Eq. 24).

/** cells: [{run, rank, doc, intent, grade, first}] - one per (run, rank, intent). */
const GRADE_COLOURS = ['#eeeeee', '#9ecae1', '#4292c6', '#08519c', '#08306b']; // 0 (not relevant) light grey

export function coverageSpec(cells, { runs, intents }) {
  const top = Math.max(1, ...cells.map((c) => c.grade));
  const grades = Array.from({ length: top + 1 }, (_, g) => g);
  return {
    data: { values: cells },
    facet: { row: { field: 'run', type: 'nominal', sort: runs, title: null, header: { labelAngle: 0, labelAlign: 'left', labelFontSize: 12 } } },
    spec: {
      width: { step: 28 },
      height: { step: 22 },
      encoding: {
        x: { field: 'rank', type: 'ordinal', title: 'rank' },
        y: { field: 'intent', type: 'nominal', sort: intents, title: 'subtopic' },
      },
      layer: [
        {
          mark: { type: 'rect', stroke: 'white', strokeWidth: 1 },
          encoding: {
            color: { field: 'grade', type: 'ordinal', title: 'grade', scale: { domain: grades, range: grades.map((g) => GRADE_COLOURS[Math.min(g, GRADE_COLOURS.length - 1)]) } },
            tooltip: [{ field: 'run' }, { field: 'rank' }, { field: 'doc' }, { field: 'intent', title: 'subtopic' }, { field: 'grade' }, { field: 'first', title: 'first to cover' }],
          },
        },
        {
          transform: [{ filter: 'datum.first' }],
          mark: { type: 'text', text: '●', fontSize: 10 },
          encoding: { color: { value: '#E69F00' } },
        },
      ],
    },
    resolve: { scale: { x: 'independent' } },
  };
}

/** points: [{run, rank, share}] - the share of the intents covered by ranks 1..rank. */
export function coverageCurveSpec(points, { runs }) {
  return {
    title: 'Subtopics covered down to each rank (I-rec@rank)',
    data: { values: points },
    width: 'container',
    height: 220,
    mark: { type: 'line', point: true, interpolate: 'step-after' },
    encoding: {
      x: { field: 'rank', type: 'quantitative', title: 'rank', axis: { tickMinStep: 1 } },
      y: { field: 'share', type: 'quantitative', title: 'share of the subtopics covered', scale: { domain: [0, 1] } },
      color: { field: 'run', type: 'nominal', sort: runs, title: 'run' },
      strokeDash: { field: 'run', type: 'nominal', sort: runs, title: 'run' },
      tooltip: [{ field: 'run' }, { field: 'rank' }, { field: 'share', format: '.3f' }],
    },
  };
}
