// view="recall-precision": the interpolated recall-precision curves (IPrec@0 .. IPrec@1, means
// over the topics) of the element's runs.
import { el } from '../ui/util.js';
import { renderChart, recallPrecisionSpec } from '../charts/charts.js';

export async function render(out, { client, loadData, missing }) {
  await loadData();
  const curves = await client.request('curves', { missing });
  const box = el('div', { class: 'chart' });
  out.append(box);
  await renderChart(box, recallPrecisionSpec(curves, Object.keys(curves.runs)));
}
