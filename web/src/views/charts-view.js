// Charts: interpolated recall-precision curves (IPrec@0 ... IPrec@1, trec_eval's 11 points), score
// distributions per run (box plots over topics), a scatter of any two measures over runs, and
// Kendall's tau-b between the run orderings of each pair of measures (the Meta-evaluation view's
// computation, stats-correlation.js: the same value in both views). With many runs the first three
// draw the runs chart-runs.js chooses (top N by a measure, a search, or ticked by hand; the
// baseline always), and say which.
import { renderChart, tauHeatmapSpec, recallPrecisionSpec } from '../charts/charts.js';
import { chooseRuns, runColours } from '../charts/chart-runs.js';
import { runLabelLayer, scatterAxis, labelRuns } from '../charts/run-labels.js';
import { correlationEntry, matrixOf } from '../ui/stats-correlation.js';
import { settingInput } from '../ui/significance.js';
import { fillWhenDone } from './stats-table.js';
import { teams } from '../base/teams.js';
import { el, select, chartExports, numericMeasures, noData, scriptOnly } from '../ui/util.js';

/** The controls of the runs shown: top N by a measure, a search, and a picker (a <details>). */
function runControls(app, runs, measures, chosen) {
  const { settings } = app.state;
  const picked = settings.rp ? settings.rp.split(',') : null;
  const picker = el('fieldset', { class: 'run-picker' }, el('legend', {}, 'Runs shown'),
    runs.map((r) => {
      const id = `rp-${r}`;
      return el('label', { for: id }, el('input', {
        type: 'checkbox', id, checked: chosen.shown.includes(r),
        onchange: (e) => {
          const base = picked || chosen.shown;
          const next = e.target.checked ? [...base, r] : base.filter((x) => x !== r);
          app.set({ rp: next.join(',') });
        },
      }), ` ${r}`);
    }));
  return el('div', { class: 'run-controls' },
    el('div', { class: 'controls' },
      settingInput(app, 'rn', 'Top', { type: 'number', min: '1', step: '1', size: 4 }),
      select(app, 'runs by', 'rm', measures, chosen.measure),
      settingInput(app, 'rq', 'Search runs', { type: 'search', size: 16, placeholder: 'name contains' }),
      picked ? el('button', { type: 'button', class: 'small', id: 'rp-clear', onclick: () => app.set({ rp: '' }) }, 'Back to the top runs') : null),
    el('details', { class: 'run-choice' }, el('summary', {}, `Choose runs by hand (${runs.length})`), picker),
    el('p', { class: 'hint', id: 'runs-shown' }, `Showing ${chosen.why}.`));
}

export const chartsView = {
  id: 'charts',
  label: 'Charts',
  async render(container, app, live) {
    const { result, settings } = app.state;
    if (!result) return noData(container);
    const measures = numericMeasures(app);
    const runs = Object.keys(result.runs);
    const chosen = chooseRuns(result, measures, settings);
    const shown = chosen.shown;
    const t = teams(app);
    const meanOf = (r) => result.runs[r].mean[chosen.measure] ?? -Infinity;
    const colours = runColours(shown, t ? (r) => t.of(r) ?? 'no group' : null, chosen.measure ? [...runs].sort((a, b) => meanOf(b) - meanOf(a)) : null);
    const dm = measures.includes(settings.dm) ? settings.dm : measures[0];
    const sx = measures.includes(settings.sx) ? settings.sx : measures[0];
    const sy = measures.includes(settings.sy) ? settings.sy : measures[Math.min(1, measures.length - 1)];
    const views = {};
    const box = (id, title, controls) => {
      const chart = el('div', { class: 'chart', id: `chart-${id}` });
      const sec = el('section', { class: 'chart-card', 'aria-label': title }, el('h3', {}, title), controls || null, chartExports(app, () => views[id], id), chart);
      return { sec, chart };
    };
    const rp = box('recall-precision', 'Interpolated recall-precision', colours.note ? el('p', { class: 'hint', id: 'colour-note' }, ...scriptOnly(colours.note, /; hover a line for its run(?=[.,])/)) : null);
    const dist = box('distribution', 'Score distribution over topics', select(app, 'Measure', 'dm', measures, dm));
    const scatter = box('scatter', 'Two measures over runs', el('div', { class: 'controls' }, select(app, 'x', 'sx', measures, sx), select(app, 'y', 'sy', measures, sy)));
    const tau = box('kendall-tau', "Rank correlation between measures (Kendall's tau-b)");
    container.textContent = '';
    container.append(runControls(app, runs, measures, chosen), app.stats.progressStrip(), el('div', { class: 'chart-grid' }, rp.sec, dist.sec, scatter.sec, tau.sec));

    const curves = await app.curves();
    if (!live()) return;
    const rendered = [renderChart(rp.chart, recallPrecisionSpec(curves, shown, colours)).then((v) => (views['recall-precision'] = v))];
    const distValues = [];
    for (const r of shown) for (const [topic, row] of Object.entries(result.runs[r].perTopic)) if (row[dm] !== null) distValues.push({ run: r, group: colours.of(r), topic, value: row[dm] });
    rendered.push(renderChart(dist.chart, {
      data: { values: distValues },
      width: 'container',
      // 34 px a run, in pixels (a height in steps with a container's width: Vega-Lite's "Dropping fit-y" warning)
      height: 34 * shown.length,
      autosize: { type: 'fit-x', contains: 'padding' },
      layer: [
        { mark: { type: 'boxplot', extent: 1.5, median: { color: 'black' } },
          encoding: { y: { field: 'run', type: 'nominal', sort: shown, title: null, axis: { labelLimit: 0 } }, x: { field: 'value', type: 'quantitative', title: dm }, color: { field: colours.field, type: 'nominal', scale: colours.scale, legend: null } } },
        { mark: { type: 'tick', opacity: 0.5, color: 'black', size: 10 },
          encoding: { y: { field: 'run', type: 'nominal', sort: shown }, x: { field: 'value', type: 'quantitative' }, tooltip: [{ field: 'run' }, { field: 'topic' }, { field: 'value', format: '.4f', title: dm }] } },
      ],
    }).then((v) => (views.distribution = v)));
    // Every run as a grey point; the runs shown coloured and labelled.
    const scatterValues = runs.map((r) => ({ run: r, group: colours.of(r), x: result.runs[r].mean[sx], y: result.runs[r].mean[sy], shown: shown.includes(r) }));
    rendered.push(renderChart(scatter.chart, {
      data: { values: scatterValues },
      width: 'container',
      height: 260,
      encoding: {
        x: { field: 'x', type: 'quantitative', title: sx, ...scatterAxis(scatterValues, 'x') },
        y: { field: 'y', type: 'quantitative', title: sy, ...scatterAxis(scatterValues, 'y') },
      },
      layer: [
        { transform: [{ filter: '!datum.shown' }], mark: { type: 'point', filled: true, size: 40, color: '#bbb' }, encoding: { tooltip: [{ field: 'run' }, { field: 'x', title: sx, format: '.4f' }, { field: 'y', title: sy, format: '.4f' }] } },
        { transform: [{ filter: 'datum.shown' }], mark: { type: 'point', filled: true, size: 90 }, encoding: { color: { field: colours.field, type: 'nominal', scale: colours.scale, title: colours.field, legend: shown.length > 20 && colours.field === 'run' ? null : { orient: 'bottom', columns: 2, labelLimit: 0 } }, tooltip: [{ field: 'run' }, { field: 'group' }, { field: 'x', title: sx, format: '.4f' }, { field: 'y', title: sy, format: '.4f' }] } },
        runLabelLayer(),
      ],
    }).then(async (v) => {
      views.scatter = v;
      // The runs shown are labelled, apart (and the clicked and hovered ones); the line under the chart names those with no room.
      const left = el('p', { class: 'hint', 'aria-live': 'polite' });
      scatter.chart.after(left);
      if (live()) await labelRuns(v, scatterValues, (l) => { left.replaceChildren(...(l.left.length ? [`Not labelled, for want of room beside the point: ${l.left.join(', ')}`, ...scriptOnly(' (hover a point for its run)'), '.'] : [])); }, shown);
    }));
    rendered.push(kendallTau());
    await Promise.all(rendered);
    async function kendallTau() {
      if (measures.length < 2 || runs.length < 2) return tau.chart.append(el('p', { class: 'hint no-values' }, 'Needs at least two runs and two numeric measures.'));
      tau.chart.append(el('div', { class: 'body' }));
      await fillWhenDone(app, live, tau.chart, correlationEntry(app, measures), async (doc, body) => {
        body.append(el('p', { class: 'hint' }, `Kendall's tau-b (as in Meta-evaluation) between the ${doc.runs.length} runs' orderings by each measure's mean; – no value`, scriptOnly(' (hover for why)'), `. ${doc.topic_policy}.`));
        const chart = el('div', { class: 'chart' });
        body.append(chart);
        views['kendall-tau'] = await renderChart(chart, tauHeatmapSpec(matrixOf(doc, measures, 'tau_b')));
      });
    }
  },
};
