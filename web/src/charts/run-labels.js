// The run labels of a scatter of runs (views/relative.js: a measure against NRG or TaSC, one point
// per run). At a campaign's scale (TREC-COVID: 143 runs) a label per run is a black smudge, so a
// few runs are labelled: the best by each axis (bestRuns), the runs the user clicked and the one
// hovered; and the labels are placed so that no two intersect and none covers a labelled point
// (placeLabels); a label with no such place is left out and counted. labelRuns wires both to a
// rendered Vega view: the chart's `run_labels` data set holds the labels placed, in data units.

/** How many of the best runs by each axis are labelled. */
export const BEST_PER_AXIS = 5;

/**
 * The runs labelled without asking: the `n` best by x and the `n` best by y (higher is better on
 * both axes, as for nDCG, NRG and TaSC; ties by name; runs without a value are never best), in
 * priority order: the best by y, the best by x, the second by y, ... without repeats.
 * points: [{run, x, y}].
 */
export function bestRuns(points, n = BEST_PER_AXIS) {
  const top = (axis) => points.filter((p) => Number.isFinite(p[axis]))
    .sort((a, b) => b[axis] - a[axis] || (a.run < b.run ? -1 : a.run > b.run ? 1 : 0)).slice(0, n).map((p) => p.run);
  const [byY, byX] = [top('y'), top('x')];
  const out = [];
  for (let i = 0; i < n; i++) for (const r of [byY[i], byX[i]]) if (r !== undefined && !out.includes(r)) out.push(r);
  return out;
}

const overlaps = (a, b, gap) => a.left < b.left + b.width + gap && b.left < a.left + a.width + gap && a.top < b.top + b.height + gap && b.top < a.top + a.height + gap;

/** Whether the box covers any part of the disc of radius r around (cx, cy). */
function coversPoint(box, cx, cy, r) {
  const dx = Math.max(box.left - cx, 0, cx - (box.left + box.width));
  const dy = Math.max(box.top - cy, 0, cy - (box.top + box.height));
  return dx * dx + dy * dy < r * r;
}

/**
 * Places labels, in pixels. wanted: [{key, px, py, width, height}] in priority order (the point's
 * centre and the label's size); area: {width, height}, the plot; r: the points' radius; gap: the
 * pixels kept between two labels. A label takes the first of the places around its point - right,
 * left, above, below, then the four diagonals; then these again one and two label heights further
 * out - that lies inside the area, keeps `gap` from every label placed before it, and covers no
 * labelled point (its own included). Returns {placed: [{key, left, top, width, height}], left:
 * [key]} (the keys with no such place).
 */
export function placeLabels(wanted, area, { r = 6, gap = 2 } = {}) {
  const placed = [], left = [];
  for (const w of wanted) {
    let found = null;
    for (let ring = 0; ring < 3 && !found; ring++) {
      const d = r + 2 + ring * (w.height + gap), e = d * Math.SQRT1_2;
      const places = [
        [w.px + d, w.py - w.height / 2], [w.px - d - w.width, w.py - w.height / 2],
        [w.px - w.width / 2, w.py - d - w.height], [w.px - w.width / 2, w.py + d],
        [w.px + e, w.py - e - w.height], [w.px - e - w.width, w.py - e - w.height],
        [w.px + e, w.py + e], [w.px - e - w.width, w.py + e],
      ];
      for (const [l, t] of places) {
        const box = { key: w.key, left: l, top: t, width: w.width, height: w.height };
        if (l < 0 || t < 0 || l + w.width > area.width || t + w.height > area.height) continue;
        if (placed.some((p) => overlaps(p, box, gap))) continue;
        if (wanted.some((o) => coversPoint(box, o.px, o.py, r))) continue;
        found = box;
        break;
      }
    }
    if (found) placed.push(found);
    else left.push(w.key);
  }
  return { placed, left };
}

/** The label font: charts.js's CONFIG font at the label layer's size (runLabelLayer()). */
export const LABEL_FONT = { size: 11, family: 'system-ui, sans-serif' };
// A label's box height for its font size: an SVG text's box (ascent + descent) is about 1.2 em.
const LINE_HEIGHT = 1.25;

/**
 * The Vega-Lite layer of the labels, for a scatter whose x and y encode the fields `x` and `y`:
 * the data set `run_labels` ([{run, lx, ly}]: a label's left end and middle in data units) that
 * labelRuns fills.
 */
export const runLabelLayer = () => ({
  name: 'run_labels',
  data: { name: 'run_labels', values: [] },
  mark: { type: 'text', align: 'left', baseline: 'middle', fontSize: LABEL_FONT.size },
  encoding: { x: { field: 'lx', type: 'quantitative' }, y: { field: 'ly', type: 'quantitative' }, text: { field: 'run' } },
});

/**
 * A scale's domain for points[].axis: {domain: [min, max]} of the values, so that the labels'
 * positions (runLabelLayer()) never change the scale; {} when there is no range to give.
 */
export function pointsDomain(points, axis) {
  const v = points.map((p) => p[axis]).filter(Number.isFinite);
  return v.length && Math.min(...v) < Math.max(...v) ? { domain: [Math.min(...v), Math.max(...v)] } : {};
}

/**
 * A run scatter's axis for points[].axis (relative-charts.js's runScatterSpec, the Charts view's
 * scatter): the points' extent (pointsDomain) padded by 24 px on x, 16 on y, so no point sits on
 * an edge. A tick can fall inside that padding, where its centred label would stick out of the
 * chart and be cut ("0.7" of 0.70): labels within the padding of an end are aligned flush inward.
 */
export function scatterAxis(points, axis) {
  const padding = axis === 'x' ? 24 : 16;
  return { scale: { zero: false, padding, ...pointsDomain(points, axis) }, axis: { labelFlush: padding } };
}

/**
 * Labels the runs of a rendered scatter: view: a Vega view with runLabelLayer() (relative-
 * charts.js's runScatterSpec, the Charts view's scatter); points: its [{run, x, y}]; labelled:
 * the runs labelled without asking (by default bestRuns). Click a point to label its run (again
 * to unlabel); the hovered point's run is labelled while hovered. Lays the labels out again when
 * the chart's width changes. onChange({labelled, left}) after each layout: the runs labelled and
 * those left out for want of room.
 */
export function labelRuns(view, points, onChange = () => {}, labelled = bestRuns(points)) {
  const best = labelled;
  const picked = [];
  let hovered = null;
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `${LABEL_FONT.size}px ${LABEL_FONT.family}`;
  const byRun = new Map(points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y)).map((p) => [p.run, p]));
  let pending = null;
  const layout = async () => {
    const x = view.scale('x'), y = view.scale('y');
    const order = [...new Set([hovered, ...picked, ...best].filter((r) => byRun.has(r)))];
    const wanted = order.map((run) => ({ key: run, px: x(byRun.get(run).x), py: y(byRun.get(run).y), width: Math.ceil(ctx.measureText(run).width), height: Math.ceil(LABEL_FONT.size * LINE_HEIGHT) }));
    const { placed, left } = placeLabels(wanted, { width: view.width(), height: view.height() });
    const labels = placed.map((b) => ({ run: b.key, lx: x.invert(b.left), ly: y.invert(b.top + b.height / 2) }));
    await view.data('run_labels', labels).runAsync();
    onChange({ labelled: placed.map((b) => b.key), left });
  };
  // One layout at a time; a request during one lays out again after it.
  const relayout = () => {
    pending = (pending || Promise.resolve()).then(layout).catch(() => {});
    return pending;
  };
  const runOf = (item) => (item && item.datum && typeof item.datum.run === 'string' && byRun.has(item.datum.run) ? item.datum.run : null);
  view.addEventListener('click', (_, item) => {
    const run = runOf(item);
    if (!run) return;
    const i = picked.indexOf(run);
    if (i >= 0) picked.splice(i, 1);
    else picked.push(run);
    relayout();
  });
  view.addEventListener('mouseover', (_, item) => {
    const run = runOf(item);
    if (run && run !== hovered) { hovered = run; relayout(); }
  });
  view.addEventListener('mouseout', () => {
    if (hovered !== null) { hovered = null; relayout(); }
  });
  view.addSignalListener('width', () => relayout());
  return relayout();
}
