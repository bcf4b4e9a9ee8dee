// Topic difficulty: every topic over every run, for one measure (setting dfm, default the first
// numeric one). Per topic: how many runs were scored on it, the mean, median, minimum and maximum
// of their scores, the best run (by the registry's direction; ties: the first in load order) and,
// with run groups loaded, its team; how many runs (and teams) score above 0. Sorted hardest first:
// by mean, ascending where higher is better (descending where lower is). Above it, the topics
// that every run fails (every score 0) and those that only one team (without groups: one run)
// scores above 0 on; the topics x runs matrix as a heatmap, topics in the table's order, runs by
// their mean of the measure, best first (canvas past 2,000 cells). The scores are the table's
// per-topic scores (the evaluation's --missing: with skip, a run is counted on the topics it
// answered). CSV / JSON of the table, SVG / PNG of the heatmap.
import { renderChart } from '../charts/charts.js';
import { tableExports } from '../ui/analysis-exports.js';
import { chartExports, el, noData, numericMeasures, scriptOnly, select } from '../ui/util.js';
import { dataTable } from './relative.js';
import { addDefaults } from '../base/settings.js';
import { teams } from '../base/teams.js';

addDefaults({ dfm: '' });

const CANVAS_PAST = 2000;

/** The median of sorted numbers. */
const median = (x) => (x.length % 2 ? x[(x.length - 1) / 2] : (x[x.length / 2 - 1] + x[x.length / 2]) / 2);

/**
 * The difficulty of every topic for `measure`: [{topic, runs, mean, median, min, max, best_run,
 * best_team?, runs_above_0, teams_above_0?}], hardest first; runOrder: the runs by mean, best first.
 */
export function topicDifficulty(app, measure) {
  const { result } = app.state;
  const info = app.info(measure);
  const lower = info && info.direction === 'lower';
  const t = teams(app);
  const runs = Object.keys(result.runs);
  const byTopic = new Map();
  for (const run of runs) {
    for (const [topic, row] of Object.entries(result.runs[run].perTopic)) {
      const v = row[measure];
      if (v === null || v === undefined || Number.isNaN(v)) continue;
      if (!byTopic.has(topic)) byTopic.set(topic, []);
      byTopic.get(topic).push({ run, v });
    }
  }
  const rows = [...byTopic].map(([topic, scores]) => {
    const x = scores.map((s) => s.v).sort((a, b) => a - b);
    let best = scores[0];
    for (const s of scores) if (lower ? s.v < best.v : s.v > best.v) best = s;
    const above = scores.filter((s) => s.v > 0);
    const row = { topic, runs: scores.length, mean: x.reduce((a, b) => a + b, 0) / x.length, median: median(x), min: x[0], max: x[x.length - 1], best_run: best.run };
    if (t) row.best_team = t.of(best.run);
    row.runs_above_0 = above.length;
    if (t) row.teams_above_0 = new Set(above.map((s) => t.of(s.run) ?? `run ${s.run}`)).size;
    row.solvers = above; // for the lists (not a column)
    return row;
  });
  rows.sort((a, b) => (lower ? b.mean - a.mean : a.mean - b.mean) || (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0));
  const meanOf = (r) => result.runs[r].mean[measure] ?? (lower ? Infinity : -Infinity);
  const runOrder = [...runs].sort((a, b) => (lower ? meanOf(a) - meanOf(b) : meanOf(b) - meanOf(a)));
  return { rows, runOrder, lower, teams: t };
}

const testHooks = globalThis.location && new URLSearchParams(globalThis.location.search).has('test-hooks');

export const difficultyView = {
  id: 'difficulty',
  label: 'Topic difficulty',
  async render(container, app, live) {
    const { result, settings } = app.state;
    if (!result) return noData(container);
    const measures = numericMeasures(app);
    if (!measures.length) return noData(container, 'No numeric measure to rank topics by.');
    const measure = measures.includes(settings.dfm) ? settings.dfm : measures[0];
    const { rows, runOrder, lower, teams: t } = topicDifficulty(app, measure);
    const columns = ['topic', 'runs', 'mean', 'median', 'min', 'max', 'best_run', ...(t ? ['best_team'] : []), 'runs_above_0', ...(t ? ['teams_above_0'] : [])];
    const table = { measure, columns, rows: rows.map(({ solvers, ...r }) => r) };
    const analysis = { view: 'topic-difficulty', measure, missing: settings.missing, order: `mean, ${lower ? 'descending' : 'ascending'} (hardest first)` };

    // The topics every run fails, and those only one team (or run) scores above 0 on.
    const failed = rows.filter((r) => r.runs_above_0 === 0);
    const one = rows.filter((r) => r.runs_above_0 > 0 && (t ? r.teams_above_0 === 1 : r.runs_above_0 === 1));
    const who = (r) => (t ? `${t.of(r.solvers[0].run) ?? r.solvers[0].run} (${r.solvers.map((s) => s.run).join(', ')})` : r.solvers[0].run);
    const lists = lower
      ? el('p', { class: 'hint' }, `Lower ${measure} is better: no topic counts as failed (a score of 0 is the best).`)
      : el('ul', { class: 'topic-lists', id: 'difficulty-lists' },
        el('li', { id: 'topics-failed' }, el('strong', {}, `Every run scores 0 (${failed.length}): `), failed.length ? failed.map((r) => r.topic).join(', ') : 'none'),
        el('li', { id: 'topics-one-solver' }, el('strong', {}, `Only one ${t ? 'team' : 'run'} scores above 0 (${one.length}): `),
          one.length ? one.map((r) => `${r.topic}: ${who(r)}`).join('; ') : 'none'));

    const heat = el('div', { class: 'chart scroll', id: 'chart-difficulty' });
    let view = null;
    container.textContent = '';
    container.append(
      el('div', { class: 'controls' }, select(app, 'Measure', 'dfm', measures, measure)),
      el('p', { class: 'hint' }, `${rows.length} topics over ${runOrder.length} runs by ${measure}, hardest first (mean over the runs scored on each topic${settings.missing === 'zero' ? '; unanswered topics score 0' : ', a run counted on the topics it answered'}).`),
      lists,
      tableExports(app, 'topic-difficulty', () => ({ table, analysis })),
      dataTable('difficulty', table, { caption: `Topic difficulty by ${measure}: hardest first` }),
      el('section', { class: 'chart-card', 'aria-label': 'Topics by runs' },
        el('h3', {}, `Topics × runs: ${measure}`),
        el('p', { class: 'hint' }, 'Topics hardest first (top), runs by mean best first (left)', scriptOnly('; hover a cell for its score'), '.'),
        chartExports(app, () => view, 'topic-difficulty-heatmap', (p) => ({ ...p, analysis })),
        heat));

    const values = [];
    for (const run of runOrder) {
      for (const [topic, row] of Object.entries(result.runs[run].perTopic)) {
        const v = row[measure];
        if (v !== null && v !== undefined && !Number.isNaN(v)) values.push({ run, topic, value: v, ...(t ? { team: t.of(run) ?? '–' } : {}) });
      }
    }
    const topics = rows.map((r) => r.topic);
    const step = runOrder.length > 60 ? 7 : 14;
    view = await renderChart(heat, {
      data: { values },
      width: { step },
      height: { step: topics.length > 60 ? 8 : 16 },
      mark: { type: 'rect' },
      encoding: {
        x: { field: 'run', type: 'nominal', sort: runOrder, title: `runs (by mean ${measure}, best first)`, axis: runOrder.length > 60 ? { labels: false, ticks: false } : { labelAngle: -60 } },
        y: { field: 'topic', type: 'nominal', sort: topics, title: 'topic (hardest first)' },
        // The legend above the cells, at their left: in view when the box opens, however wide the
        // runs make the chart (on its right it was 1,000 px away at 390 px, issue 35).
        color: { field: 'value', type: 'quantitative', title: measure, scale: { scheme: 'viridis', reverse: lower }, legend: { orient: 'top', direction: 'horizontal', gradientLength: 160, titleLimit: 300 } },
        tooltip: [{ field: 'topic' }, { field: 'run' }, ...(t ? [{ field: 'team' }] : []), { field: 'value', format: '.4f', title: measure }],
      },
    }, { renderer: values.length > CANVAS_PAST ? 'canvas' : 'svg' });
    if (testHooks) heat.irlensView = view; // the browser tests read the legend's place from it (canvas: no DOM)
  },
};
