// The rareness view (issue 4; Türkmen, Lease & Kutlu, ECIR 2023): the rarity report of a topic
// (its relevant documents with S_d, R(d) and R'(d), rarest first: the paper's Table 4), Kendall's
// tau-b against alpha (Fig. 2) and Algorithm 1 (the effect of the number of runs, Table 3), which
// runs on demand with a progress bar and Cancel (1000 samples per N by default).
import { renderChart } from '../charts/charts.js';
import { tauAlphaSpec } from '../charts/relative-charts.js';
import { chartDataExports, tableExports } from '../ui/analysis-exports.js';
import { cachedRequest, recalled, remember } from '../base/analysis-requests.js';
import { addDefaults } from '../base/settings.js';
import { el, select, noData } from '../ui/util.js';
import { numberField, textField, intSetting } from '../ui/fields.js';
import { dataTable } from './relative.js';

addDefaults({
  rarTopic: '', rarDepth: '', rarPool: '',
  sweepM: 'P_rareness@10 AP_rareness@10',
  sampM: 'P_rareness(alpha=1)@10', sampN: '', sampT: '1000', sampSeed: '1',
});

const split = (text) => text.split(/[\s]+/).filter(Boolean);

async function renderReport(card, app, live) {
  const { settings, result } = app.state;
  const depth = intSetting(settings.rarDepth, null);
  const pool = settings.rarPool ? settings.rarPool.split(',').map((s) => s.trim()).filter(Boolean) : null;
  const out = el('div');
  let data = null;
  card.append(el('div', { class: 'controls' },
    numberField(app, 'Depth', 'rarDepth', depth === null ? '' : String(depth), { placeholder: 'whole run' }),
    textField(app, 'Pool', 'rarPool', settings.rarPool, { size: 20, placeholder: 'every run (a,b,...)' })),
  tableExports(app, 'rarity', () => data), out);
  let report;
  try {
    report = await cachedRequest(app, 'rarity', { depth, pool });
  } catch (e) {
    if (live()) out.append(el('p', { class: 'error' }, e.message));
    return;
  }
  if (!live()) return;
  data = { table: report, analysis: { view: 'rarity', depth: report.depth, pool: report.pool, rel: report.rel } };
  const topics = [...new Set(report.rows.map((r) => r.topic))];
  const allTopics = [...new Set([...Object.values(result.runs).flatMap((r) => Object.keys(r.perTopic)), ...topics])];
  const topic = allTopics.includes(settings.rarTopic) ? settings.rarTopic : topics[0] || allTopics[0] || '';
  const rows = report.rows.filter((r) => r.topic === topic);
  out.append(el('div', { class: 'controls' }, select(app, 'Topic', 'rarTopic', allTopics, topic)),
    dataTable('rarity-table', { columns: report.columns, rows }, {
      caption: `Relevant documents of topic ${topic}, rarest first: found_by = S_d runs of the ${report.systems} counted (${report.depth === null ? 'anywhere in the run' : `in the top ${report.depth}`}); rarity R = 1 - S_d/S, rarity_mixture R' = 1 - (S_d - 1)/(S - 1); only_run when one run found it. The export holds every topic.`,
    }));
}

async function renderSweep(card, app, live) {
  const { settings } = app.state;
  const measures = split(settings.sweepM);
  let view = null, data = null;
  const chart = el('div', { class: 'chart', id: 'chart-tau-alpha' });
  card.append(el('div', { class: 'controls' }, textField(app, 'Measures (without alpha)', 'sweepM', settings.sweepM, { size: 30 })),
    chartDataExports(app, 'tau-alpha', () => view, () => data), chart);
  let sweep;
  try {
    sweep = await cachedRequest(app, 'alphaSweep', { measures, missing: settings.missing });
  } catch (e) {
    if (live()) chart.append(el('p', { class: 'error' }, e.message));
    return;
  }
  if (!live()) return;
  const per = sweep.rows.length / measures.length; // the sweep lists each measure's alphas in turn
  const rows = sweep.rows.map((r, i) => ({ ...r, series: measures[Math.floor(i / per)] }));
  data = { table: sweep, analysis: { view: 'tau-alpha', measures, missing: settings.missing } };
  // Hints go before the chart: rendering replaces the chart element's content.
  if (app.runNames.length < 3) chart.before(el('p', { class: 'hint' }, 'Kendall\'s tau needs at least three runs to say much.'));
  const undefinedAt = rows.filter((r) => r.tau_b === null).map((r) => `${r.series} at alpha ${r.alpha}`);
  if (undefinedAt.length) chart.before(el('p', { class: 'hint', id: 'tau-alpha-undefined' }, `Not drawn, no tau-b (a constant ranking): ${undefinedAt.join(', ')}.`));
  view = await renderChart(chart, tauAlphaSpec(rows));
}

function sampleParams(settings) {
  return {
    measure: settings.sampM,
    sizes: settings.sampN ? settings.sampN.split(',').map((s) => Number(s.trim())) : null,
    trials: intSetting(settings.sampT, 1000),
    seed: intSetting(settings.sampSeed, 1, 0),
    missing: settings.missing,
  };
}

async function renderSample(card, app, live) {
  const { settings } = app.state;
  const params = sampleParams(settings);
  const out = el('div', { id: 'sample-out' });
  let data = null;
  const run = el('button', { type: 'button', id: 'sample-run', onclick: async () => {
    let res = null;
    try {
      await app.busy('Algorithm 1', async (progress) => {
        res = await app.client.request('sampleSizeTau', params, { onProgress: (f) => progress(f, 'samples') });
      });
    } catch (e) {
      app.reportError(e);
    }
    if (res) remember(app, 'sampleSizeTau', params, res);
    app.render();
  } }, 'Run Algorithm 1');
  const exports = tableExports(app, 'algorithm1', () => data);
  card.append(el('div', { class: 'controls' },
    textField(app, 'Measure (with alpha)', 'sampM', settings.sampM, { size: 26 }),
    textField(app, 'Sample sizes', 'sampN', settings.sampN, { size: 10, placeholder: '2,4,...,64' }),
    numberField(app, 'Samples per size', 'sampT', String(params.trials)),
    numberField(app, 'Seed', 'sampSeed', String(params.seed), { min: 0 }), run),
  exports, out);
  const done = recalled(app, 'sampleSizeTau', params);
  if (!done) {
    // Nothing to export until Algorithm 1 has run with these settings: the buttons say so (a
    // button that downloads nothing when clicked looks broken).
    for (const b of exports.querySelectorAll('button')) Object.assign(b, { disabled: true, title: 'Run Algorithm 1 first: nothing to export yet' });
    out.append(el('p', { class: 'hint' }, `Samples ${params.trials} sets of N runs for each N, recomputes rarity over each sample and averages Kendall's tau-b with the full ranking. Seeded: the same numbers as \`irlens relative sample\` with --seed ${params.seed}.`));
    return;
  }
  const res = await done;
  if (!live()) return;
  data = { table: res, analysis: { view: 'algorithm1', measure: params.measure, sizes: res.rows.map((r) => r.runs), trials: res.trials, missing: params.missing }, seeds: { algorithm1: res.seed } };
  out.append(dataTable('sample-table', res, {
    caption: `Algorithm 1: mean Kendall's tau-b between the ranking of N sampled runs (rarity over the sample) and their order among all ${res.runs} runs; ${res.trials} samples per N, seed ${res.seed}; "defined" counts the samples whose tau-b is defined.`,
  }));
}

export const rarenessView = {
  id: 'rareness',
  label: 'Rareness',
  async render(container, app, live) {
    if (!app.state.result) return noData(container);
    const card = (label) => el('section', { class: 'chart-card', 'aria-label': label }, el('h3', {}, label));
    const report = card('Rarity report');
    const sweep = card('Kendall\'s tau against alpha');
    const sample = card('Algorithm 1: number of runs');
    container.textContent = '';
    // The rarity report is a wide table (8 columns): the page's full width, so it fits a desktop
    // page without scrolling sideways (in a grid column it needed 661 of 555 px).
    container.append(report, sweep, sample);
    await Promise.all([renderReport(report, app, live), renderSweep(sweep, app, live), renderSample(sample, app, live)]);
  },
};
