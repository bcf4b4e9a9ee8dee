// The embeddable null-distribution view (<irlens-view view="null-distribution">, registered by
// widgets/index.js): for one pair of runs and one paired test, the null distribution with the
// observed statistic and the p-value's area shaded, and the sorted per-topic differences
// (ui/null-distribution.js draws both, with their exports).
//
// Attributes: measure (default AP), run and versus (default: the first two runs, in the order
// given), test t | wilcoxon | sign | randomisation (default) | bootstrap, alternative two-sided
// (default) | greater | less, B (default 10000), seed (default 1), exact-limit (default 20);
// missing (the element's: zero or skip) as every view. The numbers are `irlens compare`'s for the
// same pair, test, B and seed.
import { evaluationView } from '../../../build-wasm/dist/evaluation.mjs';
import { showNullDistribution } from '../ui/null-distribution.js';
import { el } from '../ui/util.js';

export async function render(out, ctx) {
  await ctx.loadData();
  const measure = ctx.attr('measure', 'AP');
  const reply = await ctx.client.request('evaluate', { measures: [measure], missing: ctx.missing });
  if (!reply.result) throw new Error('null-distribution: no run to compare (give two runs)');
  const result = evaluationView(reply.result);
  const runs = Object.keys(result.runs);
  const run = ctx.attr('run', runs[0]);
  const versus = ctx.attr('versus', runs.find((r) => r !== run));
  if (runs.length < 2 || !versus) throw new Error('null-distribution: needs two runs (run and versus)');
  const options = { measure: result.measures[0], run, versus, test: ctx.attr('test', 'randomisation'), alternative: ctx.attr('alternative', 'two-sided'), B: ctx.attr('B', '10000'), seed: ctx.attr('seed', '1'), exactLimit: ctx.attr('exact-limit', '20') };
  const doc = await ctx.client.request('nullDistribution', { result: reply.result, qrels: reply.result.qrels, options });
  out.textContent = '';
  const box = el('div', { class: 'null-distribution' });
  out.append(box);
  await showNullDistribution(box, doc);
}
