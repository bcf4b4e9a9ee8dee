// Charts: interpolated recall-precision curves (IPrec@0 ... IPrec@1, trec_eval's 11 points) for
// the chosen runs, score distributions per run (box plots over topics), a scatter of any two
// measures over runs, and Kendall's tau-b between the run orderings of each pair of measures
// (computed in the core, irlens.rankCorrelations).
import { renderChart, tauHeatmapSpec, recallPrecisionSpec } from '../charts.js';
import { el, select, chartExports, numericMeasures, noData } from './util.js';

export const chartsView = {
  id: 'charts',
  label: 'Charts',
  async render(container, app, live) {
    const { result, settings, correlations } = app.state;
    if (!result) return noData(container);
    const measures = numericMeasures(app);
    const runs = Object.keys(result.runs);
    const chosen = settings.rp ? settings.rp.split(',').filter((r) => runs.includes(r)) : runs;
    const dm = measures.includes(settings.dm) ? settings.dm : measures[0];
    const sx = measures.includes(settings.sx) ? settings.sx : measures[0];
    const sy = measures.includes(settings.sy) ? settings.sy : measures[Math.min(1, measures.length - 1)];
    const views = {};
    const box = (id, title, controls) => {
      const chart = el('div', { class: 'chart', id: `chart-${id}` });
      const sec = el('section', { class: 'chart-card', 'aria-label': title }, el('h3', {}, title), controls || null, chartExports(app, () => views[id], id), chart);
      return { sec, chart };
    };
    const runPicker = el('fieldset', { class: 'run-picker' }, el('legend', {}, 'Runs shown'),
      runs.map((r) => {
        const id = `rp-${r}`;
        return el('label', { for: id }, el('input', {
          type: 'checkbox', id, checked: chosen.includes(r),
          onchange: (e) => {
            const next = e.target.checked ? [...chosen, r] : chosen.filter((x) => x !== r);
            app.set({ rp: next.length === runs.length ? '' : next.join(',') });
          },
        }), ` ${r}`);
      }));
    const rp = box('recall-precision', 'Interpolated recall-precision', runPicker);
    const dist = box('distribution', 'Score distribution over topics', select(app, 'Measure', 'dm', measures, dm));
    const scatter = box('scatter', 'Two measures over runs', el('div', { class: 'controls' }, select(app, 'x', 'sx', measures, sx), select(app, 'y', 'sy', measures, sy)));
    const tau = box('kendall-tau', "Rank correlation between measures (Kendall's tau-b)");
    container.textContent = '';
    container.append(el('div', { class: 'chart-grid' }, rp.sec, dist.sec, scatter.sec, tau.sec));

    const curves = await app.curves();
    if (!live()) return;
    const rendered = [renderChart(rp.chart, recallPrecisionSpec(curves, chosen)).then((v) => (views['recall-precision'] = v))];
    const distValues = [];
    for (const r of runs) for (const [topic, row] of Object.entries(result.runs[r].perTopic)) if (row[dm] !== null) distValues.push({ run: r, topic, value: row[dm] });
    rendered.push(renderChart(dist.chart, {
      data: { values: distValues },
      width: 'container',
      height: { step: 34 },
      layer: [
        { mark: { type: 'boxplot', extent: 1.5, median: { color: 'black' } },
          encoding: { y: { field: 'run', type: 'nominal', sort: runs, title: null }, x: { field: 'value', type: 'quantitative', title: dm }, color: { field: 'run', type: 'nominal', sort: runs, legend: null } } },
        { mark: { type: 'tick', opacity: 0.5, color: 'black', size: 10 },
          encoding: { y: { field: 'run', type: 'nominal', sort: runs }, x: { field: 'value', type: 'quantitative' }, tooltip: [{ field: 'run' }, { field: 'topic' }, { field: 'value', format: '.4f', title: dm }] } },
      ],
    }).then((v) => (views.distribution = v)));
    const scatterValues = runs.map((r) => ({ run: r, x: result.runs[r].mean[sx], y: result.runs[r].mean[sy] }));
    rendered.push(renderChart(scatter.chart, {
      data: { values: scatterValues },
      width: 'container',
      height: 260,
      encoding: {
        x: { field: 'x', type: 'quantitative', title: sx, scale: { zero: false, padding: 24 } },
        y: { field: 'y', type: 'quantitative', title: sy, scale: { zero: false, padding: 16 } },
      },
      layer: [
        { mark: { type: 'point', filled: true, size: 90 }, encoding: { color: { field: 'run', type: 'nominal', sort: runs, title: 'run' }, shape: { field: 'run', type: 'nominal', sort: runs, title: 'run' }, tooltip: [{ field: 'run' }, { field: 'x', title: sx, format: '.4f' }, { field: 'y', title: sy, format: '.4f' }] } },
        { mark: { type: 'text', dy: -10, fontSize: 11 }, encoding: { text: { field: 'run' } } },
      ],
    }).then((v) => (views.scatter = v)));
    if (correlations && correlations.measures.length >= 2 && runs.length >= 2) {
      rendered.push(renderChart(tau.chart, tauHeatmapSpec(correlations)).then((v) => (views['kendall-tau'] = v)));
    } else {
      tau.chart.append(el('p', { class: 'hint' }, 'Needs at least two runs and two numeric measures.'));
    }
    await Promise.all(rendered);
  },
};
