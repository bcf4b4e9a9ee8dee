// The subtopic coverage view (issue 6): for one topic, which subtopics (intents) each run's
// documents cover, rank by rank - one matrix of runs (sorted as the table) x ranks, a cell per
// (rank, subtopic) coloured by the document's grade for the subtopic, the first document to cover
// it marked (issue 25: one matrix, not a facet per run, so 143 runs fit in 2,700 px) - and the
// share of the subtopics covered down to each rank (I-rec@rank). From the core's subtopic coverage
// (irlens/evaluation/coverage.hpp); with plain qrels a topic has one intent, "0". Load diversity
// qrels with the switch in Data.
import { renderChart } from '../charts/charts.js';
import { coverageSpec, coverageCurveSpec, coverageHighlight } from '../charts/coverage-charts.js';
import { chartDataExports } from '../ui/analysis-exports.js';
import { cachedRequest } from '../base/analysis-requests.js';
import { addDefaults } from '../base/settings.js';
import { el, select, noData } from '../ui/util.js';
import { numberField, intSetting } from '../ui/fields.js';
import { tableRows, pageRanking } from '../base/table-rows.js';
import { teams } from '../base/teams.js';
import { runColours } from '../charts/chart-runs.js';

addDefaults({ covTopic: '', covDepth: '10' });

export const coverageView = {
  id: 'coverage',
  label: 'Subtopics',
  async render(container, app, live) {
    const { result, settings, qrels } = app.state;
    if (!result) return noData(container);
    const topics = qrels.info.topics;
    const topic = topics.includes(settings.covTopic) ? settings.covTopic : topics[0];
    const depth = intSetting(settings.covDepth, 10);
    let gridView = null, curveView = null, gridData = null, curveData = null;
    const grid = el('div', { class: 'chart', id: 'chart-coverage' });
    const curve = el('div', { class: 'chart', id: 'chart-coverage-curve' });
    const note = qrels.info.format === 'diversity' ? ''
      : el('p', { class: 'hint' }, 'These qrels are plain: every topic has one intent. Tick "Diversity qrels" in Data (or load the diversity example) to read subtopics.');
    container.textContent = '';
    container.append(
      el('div', { class: 'controls' }, select(app, 'Topic', 'covTopic', topics, topic), numberField(app, 'Depth', 'covDepth', String(depth))),
      note,
      el('section', { class: 'chart-card', 'aria-label': 'Subtopics covered by rank' }, el('h3', {}, `Topic ${topic}: subtopics covered by each run's top ${depth}`),
        chartDataExports(app, 'coverage', () => gridView, () => gridData), grid),
      el('section', { class: 'chart-card', 'aria-label': 'Share of subtopics covered' }, chartDataExports(app, 'coverage-curve', () => curveView, () => curveData), curve));
    let cov;
    try {
      cov = await cachedRequest(app, 'coverage', { topic, depth });
    } catch (e) {
      if (live()) grid.append(el('p', { class: 'error' }, e.message));
      return;
    }
    if (!live()) return;
    const runs = Object.keys(cov);
    const intents = cov[runs[0]].intents;
    const cells = [], points = [];
    for (const [run, c] of Object.entries(cov)) {
      c.docs.forEach((doc, r) => {
        c.intents.forEach((intent, i) => cells.push({ run, rank: r + 1, doc, intent, grade: c.grades[r][i], first: c.firstRank[i] === r + 1 }));
        points.push({ run, rank: r + 1, covered: c.covered[r], share: c.intents.length ? c.covered[r] / c.intents.length : 0 });
      });
    }
    const analysis = { view: 'coverage', topic, depth, intents };
    gridData = { table: { columns: ['run', 'rank', 'doc', 'intent', 'grade', 'first'], rows: cells }, analysis };
    curveData = { table: { columns: ['run', 'rank', 'covered', 'share'], rows: points }, analysis };
    if (!intents.length) {
      grid.append(el('p', { class: 'hint' }, `Topic ${topic} has no relevant document: no subtopic to cover.`));
      return;
    }
    // The runs that answered the topic, in the table's order (its sort; in leaderboard mode its rows first).
    const shown = tableRows(app).rows.map((r) => r.run);
    const answered = [...shown, ...runs.filter((r) => !shown.includes(r))].filter((r) => cov[r] && cov[r].docs.length);
    if (!answered.length) {
      grid.append(el('p', { class: 'hint' }, `No run answered topic ${topic}.`));
      return;
    }
    if (intents.length > 1) grid.before(el('p', { class: 'hint' }, `A row per run, a column per rank; each rank holds a cell per subtopic, left to right: ${intents.join(', ')}. ● the run's first document to cover a subtopic.`));
    const t = teams(app);
    // Groups take colours in the order of their best run by the page's ranking (not the table's order).
    const ranking = pageRanking(app);
    const colours = runColours(answered, t ? (r) => t.of(r) ?? 'no group' : null, ranking.runs, ranking.measure);
    // From HIGHLIGHT_FROM runs: the best runs and the selected ones (ticked in Charts, the baseline) in colour, the rest grey.
    const selected = [...(settings.rp ? settings.rp.split(',') : []), ...(settings.b ? [settings.b] : [])];
    const highlight = coverageHighlight(answered, ranking.runs, selected);
    const many = colours.field === 'run' && answered.length > 20;
    const colourNote = highlight
      ? `${answered.length} runs: in colour the ${highlight.best.length} best by mean ${ranking.measure} (${ranking.direction} is better)${highlight.selected.length ? ` and the ${highlight.selected.length} selected (ticked in Charts, or the baseline)` : ''}; the other ${answered.length - highlight.runs.length} grey. Tick runs in Charts to add them.`
      : many ? `${answered.length} runs but 20 colours: colours repeat; load a run-groups file to colour by group.` : colours.note;
    if (colourNote) curve.before(el('p', { class: 'hint', id: 'coverage-colour-note' }, colourNote));
    [gridView, curveView] = await Promise.all([
      renderChart(grid, coverageSpec(cells, { runs: answered, intents })),
      renderChart(curve, coverageCurveSpec(points, { runs: answered, colours, highlight })),
    ]);
  },
};
