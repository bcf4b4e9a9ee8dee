// The relative view (issue 4): Normalized Residual Gain against its base metric over runs,
// coloured by group (Clarke et al., SIGIR-AP 2024, Fig. 2: nDCG@K vs NRG@K), nDCG@K against MAX
// TaSC (Fig. 5, issue 22), and the unique contributions of each run and group to the relevant set
// (Appendix B, the TREC overview table).
// Groups come from the run groups side input; without it every run is its own group, and the
// scatters have one colour and no legend. The scatters label a few runs (charts/run-labels.js).
import { renderChart } from '../charts/charts.js';
import { runScatterSpec } from '../charts/relative-charts.js';
import { labelRuns, BEST_PER_AXIS } from '../charts/run-labels.js';
import { groupColours } from '../charts/chart-runs.js';
import { chartDataExports, tableExports } from '../ui/analysis-exports.js';
import { cachedRequest } from '../base/analysis-requests.js';
import { addDefaults } from '../base/settings.js';
import { el, fmt, select, noData } from '../ui/util.js';
import { numberField, intSetting } from '../ui/fields.js';
import { teams } from '../base/teams.js';

addDefaults({ nrgK: '10', nrgBase: '', nrgPrior: 'others', tascK: '10', tascPrior: '', uniqDepth: '' });

/** The base metrics NRG accepts and its default one: the registry row's `base` parameter. */
function nrgBases(app) {
  const p = ((app.info('NRG') || {}).params || []).find((x) => x.name === 'base');
  return p ? { choices: p.choices, fallback: p.default } : { choices: [], fallback: null };
}
const PRIORS = [
  { value: 'others', label: 'every other run' },
  { value: 'best_per_group', label: 'best run of each other group' },
  { value: 'other_groups', label: 'every run of the other groups' },
];

// Columns of the analysis tables that hold counts (shown without decimals).
const COUNT_COLUMNS = new Set(['rel', 'found_by', 'systems', 'runs', 'total', 'trials', 'defined', 'runs_above_0', 'teams_above_0']);

/** A table of {columns, rows}: counts as integers, other numbers with 4 decimals, text left-aligned. */
export function dataTable(id, { columns, rows }, { caption } = {}) {
  const cell = (c, v) => {
    if (typeof v === 'number') return el('td', { 'data-column': c }, COUNT_COLUMNS.has(c) ? String(v) : fmt(v));
    return el('td', { 'data-column': c, class: 'text' }, v === null || v === undefined ? '–' : String(v));
  };
  return el('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': caption || id },
    el('table', { id, class: 'data' },
      caption ? el('caption', {}, caption) : null,
      el('thead', {}, el('tr', {}, columns.map((c) => el('th', { scope: 'col' }, c)))),
      el('tbody', {}, rows.map((r) => el('tr', {}, columns.map((c) => cell(c, r[c])))))));
}

/** run -> its group (teams.js: the core's matching); a run without one (or no groups file) is its own group. */
export function groupOf(app) {
  const t = teams(app);
  return (run) => (t ? t.of(run) : null) ?? run;
}

/** A chart card of the base metric (x) against a relative measure (y) over runs, coloured by group:
 *  its controls, the chart `chart-NAME-scatter` with its exports, and `hint` when no groups are loaded. */
async function scatterCard(card, app, live, { name, controls, measures, hint }) {
  const { settings } = app.state;
  let view = null, data = null;
  const chart = el('div', { class: 'chart', id: `chart-${name}-scatter` });
  card.append(el('div', { class: 'controls' }, ...controls), chartDataExports(app, `${name}-scatter`, () => view, () => data), chart);
  let res;
  try {
    res = await cachedRequest(app, 'measure', { measures, missing: settings.missing });
  } catch (e) {
    if (live()) chart.append(el('p', { class: 'error' }, e.message));
    return;
  }
  if (!live()) return;
  const [xName, yName] = res.measures;
  const group = groupOf(app);
  const rows = Object.entries(res.means).map(([run, mean]) => ({ run, group: group(run), x: mean[xName], y: mean[yName] }));
  data = {
    table: { measures: res.measures, columns: ['run', 'group', xName, yName], rows: rows.map((r) => ({ run: r.run, group: r.group, [xName]: r.x, [yName]: r.y })) },
    analysis: { view: `${name}-scatter`, measures: res.measures, missing: settings.missing },
  };
  if (!app.state.side.groups) card.insertBefore(el('p', { class: 'hint' }, hint), chart);
  // Colours by group only when groups are loaded; the groups of the best runs by the base metric first.
  const best = [...rows].filter((r) => Number.isFinite(r.x)).sort((a, b) => b.x - a.x).map((r) => r.run);
  const colours = app.state.side.groups ? groupColours([...best, ...rows.map((r) => r.run)], group) : null;
  const points = rows.map((r) => ({ ...r, group: colours ? colours.of(r.run) : r.group }));
  const labels = el('p', { class: 'hint', 'aria-live': 'polite' });
  chart.after(labels);
  view = await renderChart(chart, runScatterSpec(points, xName, yName, colours));
  if (!live()) return;
  await labelRuns(view, points, ({ left }) => {
    labels.textContent = `Labelled: the ${BEST_PER_AXIS} best runs by ${xName} and by ${yName}, the runs you click (click again to unlabel) and the one under the pointer${
      left.length ? `; ${left.length} of them (${left.join(', ')}) left unlabelled: no room beside the point without covering another label` : ''}.${
      colours && colours.other ? ` Colours: the ${colours.groups - colours.other} groups with the best runs by ${xName}, the other ${colours.other} grey.` : ''}`;
  });
}

function renderScatter(card, app, live) {
  const { settings } = app.state;
  const k = intSetting(settings.nrgK, 10);
  const bases = nrgBases(app);
  const base = bases.choices.includes(settings.nrgBase) ? settings.nrgBase : bases.fallback;
  const prior = PRIORS.some((p) => p.value === settings.nrgPrior) ? settings.nrgPrior : 'others';
  return scatterCard(card, app, live, {
    name: 'nrg',
    controls: [numberField(app, 'K', 'nrgK', String(k)), select(app, 'Base metric', 'nrgBase', bases.choices, base),
      select(app, 'Prior set', 'nrgPrior', PRIORS, prior)],
    measures: [`${base}@${k}`, `NRG(base=${base},prior=${prior})@${k}`],
    hint: 'Every run is its own group: load run groups (side inputs) to colour the runs by team.',
  });
}

// nDCG@K against TaSC@K over runs. Fig. 5's prior set is the best run of every other group, the
// default when run groups are loaded; without them every other run.
function renderTasc(card, app, live) {
  const { settings } = app.state;
  const k = intSetting(settings.tascK, 10);
  const prior = PRIORS.some((p) => p.value === settings.tascPrior) ? settings.tascPrior : app.state.side.groups ? 'best_per_group' : 'others';
  return scatterCard(card, app, live, {
    name: 'tasc',
    controls: [numberField(app, 'TaSC K', 'tascK', String(k)), select(app, 'TaSC prior set', 'tascPrior', PRIORS, prior)],
    measures: [`nDCG@${k}`, `TaSC(prior=${prior})@${k}`],
    hint: 'Figure 5 takes the best run of each other group as the prior set: load run groups (side inputs).',
  });
}

async function renderUnique(card, app, live) {
  const { settings } = app.state;
  const depth = intSetting(settings.uniqDepth, intSetting(settings.nrgK, 10));
  let data = null;
  const out = el('div', { class: 'unique-out' });
  card.append(el('div', { class: 'controls' }, numberField(app, 'Pool depth', 'uniqDepth', String(depth))),
    tableExports(app, 'unique', () => data), out);
  let u;
  try {
    u = await cachedRequest(app, 'unique', { depth });
  } catch (e) {
    if (live()) out.append(el('p', { class: 'error' }, e.message));
    return;
  }
  if (!live()) return;
  data = { table: u, analysis: { view: 'unique', depth, groups: u.groups } };
  out.append(dataTable('unique-table', u, {
    caption: `Relevant documents in a run's top ${depth} that no run of another group has in its top ${depth}: mean per topic over all ${u.topics} qrels topics and total; per group, the distinct ones of its runs.${u.groups ? '' : ' Without run groups every run is its own group.'}`,
  }));
}

export const relativeView = {
  id: 'relative',
  label: 'Relative (NRG)',
  async render(container, app, live) {
    if (!app.state.result) return noData(container);
    const scatter = el('section', { class: 'chart-card', 'aria-label': 'NRG against its base metric' }, el('h3', {}, 'Normalized residual gain against its base metric'));
    const tasc = el('section', { class: 'chart-card', 'aria-label': 'nDCG against TaSC' }, el('h3', {}, 'nDCG against MAX TaSC (Clarke et al., Fig. 5)'));
    const unique = el('section', { class: 'chart-card', 'aria-label': 'Unique contributions' }, el('h3', {}, 'Unique contributions to the relevant set'));
    container.textContent = '';
    container.append(el('div', { class: 'chart-grid' }, scatter, tasc, unique));
    await Promise.all([renderScatter(scatter, app, live), renderTasc(tasc, app, live), renderUnique(unique, app, live)]);
  },
};
