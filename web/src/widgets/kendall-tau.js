// view="kendall-tau": Kendall's tau-b between the run orderings of each pair of measures (attribute
// measures, default "P@5 AP nDCG@10"), as a heatmap.
import { el } from '../ui/util.js';
import { renderChart, tauHeatmapSpec } from '../charts/charts.js';

export async function render(out, { client, attr, loadData, missing }) {
  await loadData();
  const { correlations } = await client.request('evaluate', { measures: [attr('measures', 'P@5 AP nDCG@10')], missing });
  const box = el('div', { class: 'chart' });
  out.append(box);
  await renderChart(box, tauHeatmapSpec(correlations));
}
