// Per-topic view: a sorted bar chart of one run's per-topic scores for a measure, or of its
// per-topic differences to the baseline; clicking a bar (or choosing a topic in the list) shows
// the topic's ranked lists of every run side by side, with relevance marks (via ranking()).
import { renderChart } from '../charts/charts.js';
import { el, select, chartExports, numericMeasures, noData } from '../ui/util.js';
import { relLabel } from '../base/relevance-labels.js';

const DEPTH = 20;

async function renderLists(app, box, topic, live) {
  box.textContent = '';
  if (!topic) {
    box.append(el('p', { class: 'hint' }, 'Click a bar (or choose a topic) to see the ranked lists.'));
    return;
  }
  const lists = await app.request('ranking', { runs: app.runNames, topic, depth: DEPTH });
  if (!live()) return;
  box.append(el('h3', {}, `Topic ${topic}: top ${DEPTH} of each run`));
  const grid = el('div', { class: 'lists' });
  for (const [run, { docs, rels }] of Object.entries(lists)) {
    const ol = el('ol', { 'aria-label': `${run}, topic ${topic}` });
    docs.forEach((d, i) => {
      const r = relLabel(rels[i]);
      ol.append(el('li', { class: r.cls }, el('span', { class: 'doc' }, d), el('span', { class: 'mark' }, r.text)));
    });
    if (!docs.length) ol.append(el('li', { class: 'rel-none' }, 'no results for this topic'));
    grid.append(el('section', { class: 'list' }, el('h4', {}, run), ol));
  }
  box.append(grid);
}

export const perTopicView = {
  id: 'topics',
  label: 'Per topic',
  async render(container, app, live) {
    const { result, settings } = app.state;
    if (!result) return noData(container);
    const measures = numericMeasures(app);
    const runs = Object.keys(result.runs);
    const measure = measures.includes(settings.pm) ? settings.pm : measures[0];
    const run = runs.includes(settings.pr) ? settings.pr : runs[0];
    const base = settings.b && result.runs[settings.b] ? settings.b : '';
    const diff = settings.pmode === 'diff' && base && run !== base;
    const values = [];
    for (const [topic, row] of Object.entries(result.runs[run].perTopic)) {
      if (row[measure] === null) continue;
      if (diff) {
        const other = result.runs[base].perTopic[topic];
        if (!other || other[measure] === null) continue;
        values.push({ topic, value: row[measure] - other[measure] });
      } else values.push({ topic, value: row[measure] });
    }
    const topics = Object.keys(result.runs[run].perTopic);
    const topic = topics.includes(settings.topic) ? settings.topic : '';
    const controls = el('div', { class: 'controls' },
      select(app, 'Measure', 'pm', measures, measure),
      select(app, 'Run', 'pr', runs, run),
      select(app, 'Show', 'pmode', [{ value: 'scores', label: 'scores' }, { value: 'diff', label: base ? `difference to ${base}` : 'difference (choose a baseline)' }], diff ? 'diff' : 'scores'),
      select(app, 'Topic', 'topic', [{ value: '', label: '(none)' }, ...topics.map((t) => ({ value: t, label: t }))], topic));
    const chartBox = el('div', { class: 'chart', id: 'per-topic-chart' });
    const lists = el('div', { class: 'ranked-lists', 'aria-live': 'polite' });
    let view = null;
    container.textContent = '';
    container.append(controls, chartExports(app, () => view, 'per-topic'), chartBox, lists);
    const title = diff ? `${measure}: ${run} − ${base} per topic` : `${measure} of ${run} per topic`;
    view = await renderChart(chartBox, {
      title,
      data: { values },
      width: 'container',
      height: 260,
      params: [{ name: 'pick', select: { type: 'point', fields: ['topic'] } }],
      mark: { type: 'bar', cursor: 'pointer' },
      encoding: {
        x: { field: 'topic', type: 'nominal', sort: '-y', title: 'topic (sorted)', axis: { labelAngle: -45, labelOverlap: true } },
        y: { field: 'value', type: 'quantitative', title: diff ? `difference in ${measure}` : measure },
        color: diff
          ? { condition: { test: 'datum.value >= 0', value: '#0072B2' }, value: '#D55E00' }
          : { value: '#0072B2' },
        opacity: { condition: { test: `datum.topic === ${JSON.stringify(topic)}`, value: 1 }, value: topic ? 0.55 : 1 },
        tooltip: [{ field: 'topic' }, { field: 'value', format: '.4f', title: diff ? 'difference' : measure }],
      },
    });
    if (!live()) return;
    view.addEventListener('click', (_, item) => {
      if (item && item.datum && item.datum.topic !== undefined) app.set({ topic: String(item.datum.topic) });
    });
    await renderLists(app, lists, topic, live);
  },
};
