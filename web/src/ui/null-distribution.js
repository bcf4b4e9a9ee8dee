// The null distribution of one test between two runs (a nullDistribution() document, JS API):
// the p-value's sentence, the null distribution with the observed statistic and the p-value's
// area shaded (charts/null-charts.js), the sorted per-topic differences, and their exports (SVG,
// PNG, CSV, JSON). Drawn by the Significance view (views/significance-view.js) and by the
// embeddable widget (widgets/null-distribution.js). When nothing can be drawn (one topic, all
// differences 0, a test without a distribution here) the reason stands in place of the chart.
import { renderChart } from '../charts/charts.js';
import { nullHistogramSpec, tDistributionSpec, differencesSpec, histogram } from '../charts/null-charts.js';
import { csvCell } from '../base/exports.js';
import { exportChart, download } from './downloads.js';
import { el } from './util.js';

/** A p-value as shown: "–" when undefined, else 3 significant digits (exponent below 1e-4). */
export const pShown = (p) => (p === null || !Number.isFinite(p) ? '–' : p === 0 ? '0' : p < 1e-4 ? p.toExponential(2) : p.toPrecision(3));

/** The document as JSON can hold it (typed arrays as arrays, NaN and infinities as null). */
export function plainDocument(nd) {
  const num = (v) => (Number.isFinite(v) ? v : null);
  const out = {};
  for (const [k, v] of Object.entries(nd)) out[k] = ArrayBuffer.isView(v) ? Array.from(v, num) : typeof v === 'number' ? num(v) : v;
  return out;
}

function buttons(name, formats) {
  return el('div', { class: 'exports', role: 'group', 'aria-label': `Export ${name}` }, 'Export: ',
    ...formats.flatMap(([format, act], i) => [i ? ' ' : '', el('button', { type: 'button', class: 'small', 'data-export': `${name}.${format}`, onclick: act }, format.toUpperCase())]));
}

const csv = (prov, columns, rows) => [`# provenance: ${JSON.stringify(prov)}`, columns.join(','), ...rows.map((r) => r.map(csvCell).join(','))].join('\n') + '\n';

/** Export buttons of one chart: SVG and PNG of the view, CSV of its rows, JSON of the document. */
function chartButtons(name, getView, nd, provenance, columns, rows) {
  const prov = async () => ({ ...(await provenance()), statistics: { name: 'null-distribution', measure: nd.measure, run: nd.run, versus: nd.versus, test: nd.test, alternative: nd.alternative, B: nd.B, seed: nd.seed } });
  return buttons(name, [
    ['svg', async () => exportChart(getView(), name, 'svg', await prov())],
    ['png', async () => exportChart(getView(), name, 'png', await prov())],
    ['csv', async () => download(`irlens-${name}.csv`, csv(await prov(), columns, rows()), 'text/csv')],
    ['json', async () => download(`irlens-${name}.json`, JSON.stringify({ provenance: await prov(), ...plainDocument(nd) }, null, 2) + '\n', 'application/json')],
  ]);
}

/**
 * Fills `out` with the picture of `nd`. provenance: async () => the provenance record of the
 * exports. Resolves once the charts are drawn.
 */
export async function showNullDistribution(out, nd, { provenance = async () => ({ tool: 'irlens', created: new Date().toISOString() }) } = {}) {
  out.textContent = '';
  const summary = el('p', { class: 'null-summary', id: 'null-summary', 'data-p': Number.isFinite(nd.p) ? String(nd.p) : '' },
    `${nd.run} vs ${nd.versus} on ${nd.measure}, ${nd.test} (${nd.alternative}): ${nd.statistic_name} = ${Number.isFinite(nd.statistic) ? nd.statistic.toPrecision(4) : '–'}, p = `,
    el('strong', { class: 'null-p' }, pShown(nd.p)), ` (${nd.method}${nd.note ? `; ${nd.note}` : ''}). ${nd.topic_policy}.`);
  out.append(summary);
  const chart = el('div', { class: 'chart', id: 'chart-null' });
  if (nd.no_picture) {
    out.append(el('p', { class: 'hint no-values null-none' }, `Nothing to draw: ${nd.no_picture}.`));
  } else {
    let view = null;
    const sampled = nd.samples.length > 0;
    const columns = sampled ? ['sample', nd.statistic_name, 'counted_in_p'] : ['t', 'density'];
    const rows = () => (sampled ? Array.from(nd.samples, (v, i) => [i + 1, Number.isFinite(v) ? v : String(v), nd.extreme[i]]) : tDistributionSpec(nd).layer[1].data.values.map((v) => [v.x, v.density]));
    out.append(chartButtons('null-distribution', () => view, nd, provenance, columns, rows), chart);
    view = await renderChart(chart, sampled ? nullHistogramSpec(nd, histogram(nd)) : tDistributionSpec(nd));
  }
  if (nd.topics.length) {
    let dview = null;
    const dchart = el('div', { class: 'chart', id: 'chart-topic-differences' });
    out.append(chartButtons('topic-differences', () => dview, nd, provenance, ['topic', nd.run, nd.versus, 'difference'],
      () => Array.from(nd.topics, (t, i) => [t, nd.x[i], nd.y[i], nd.x[i] - nd.y[i]])), dchart);
    dview = await renderChart(dchart, differencesSpec(nd));
  } else {
    out.append(el('p', { class: 'hint no-values' }, 'No topic in common: no differences to show.'));
  }
}
