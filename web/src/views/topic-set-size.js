// The topic set size card of the Meta-evaluation tab (issue 27; Sakai, "Topic set size design",
// IRJ 2016): from the table's per-topic scores, how many topics a next campaign needs for the
// chosen alpha, beta and minimum difference (paired t-test, one-way ANOVA over the runs, and with a
// width the CI design), the power of this campaign as it is (`irlens meta power`), and the power
// against the number of topics as a chart, one line per measure. Both documents come from the core
// (`irlens meta topic-set-size|power`, metaScores in the stats workers): the page computes nothing.
import { chartLater } from '../charts/charts.js';
import { powerCurveSpec } from '../charts/power-charts.js';
import { metaEntry } from '../ui/stats-correlation.js';
import { tableExports, withStatistics } from '../ui/stats-exports.js';
import { addDefaults } from '../base/settings.js';
import { settingInput } from '../ui/significance.js';
import { statsTable as table, fillWhenDone } from './stats-table.js';
import { el, select, chartExports } from '../ui/util.js';

addDefaults({ tssAlpha: '0.05', tssBeta: '0.2', tssDiff: '0.05', tssWidth: '', tssDesign: 'paired-t' });

const DESIGNS = [{ value: 'paired-t', label: 'paired t-test' }, { value: 'anova', label: 'one-way ANOVA' }];

/** The options of both analyses for the chosen settings (the CLI's --alpha, --beta, --min-diff, --ci-width). */
function powerOptions(s) {
  return { alpha: s.tssAlpha, beta: s.tssBeta, minDiff: s.tssDiff };
}

export async function topicSetSizeCard(app, live, box, measures) {
  const s = app.state.settings;
  const design = DESIGNS.some((d) => d.value === s.tssDesign) ? s.tssDesign : 'paired-t';
  box.querySelector('.body').append(el('div', { class: 'controls' },
    settingInput(app, 'tssAlpha', 'alpha', { type: 'number', min: '0', max: '1', step: 'any', size: 5 }),
    settingInput(app, 'tssBeta', 'beta', { type: 'number', min: '0', max: '1', step: 'any', size: 5 }),
    settingInput(app, 'tssDiff', 'Minimum difference', { type: 'number', min: '0', step: 'any', size: 6 }),
    settingInput(app, 'tssWidth', 'CI width', { type: 'number', min: '0', step: 'any', size: 6, placeholder: 'none' }),
    select(app, 'Chart design', 'tssDesign', DESIGNS, design)));
  const options = { ...powerOptions(s), ...(s.tssWidth ? { ciWidth: s.tssWidth } : {}) };
  const sizes = metaEntry(app, 'topic-set-size', measures, options, false);
  const power = metaEntry(app, 'power', measures, powerOptions(s), false);
  let drawn = null; // the chart, awaited after the power table (its numbers first)
  await fillWhenDone(app, live, box, sizes, (doc, body) => {
    const statistics = { name: 'topic-set-size', ...options };
    const columns = ['measure', 'design', 'variance', 'alpha', 'beta', 'min_diff', 'runs', 'topics', 'note'];
    const rows = doc.designs.map((d) => columns.map((k) => d[k]));
    // Drawn after every card's first numbers (charts.js chartLater), or at once for an export.
    const chart = el('div', { class: 'chart', id: 'chart-power-curve' });
    const later = chartLater(chart, () => powerCurveSpec(doc, design), app.statsPool.firstsDone());
    body.append(tableExports(app, 'topic-set-size', () => ({ columns, rows, doc }), statistics),
      table('topic-set-size-table', `Topics needed for power ${1 - doc.beta} at alpha ${doc.alpha} (two-sided) to detect a difference of ${doc.min_diff}: exact noncentral t (paired t-test, variance V_E) and F (one-way ANOVA over the ${doc.runs.length} runs, least favourable configuration, variance V_W)${doc.ci_width === null ? '' : `; ci: the ${Math.round((1 - doc.alpha) * 1000) / 10}% interval of a paired difference at most ${doc.ci_width} wide`}. Sakai, Topic set size design (IRJ 2016). ${doc.topic_policy}.`,
        ['measure', 'design', 'variance', 'alpha', 'beta', 'min. difference (ci: width)', 'runs', 'topics needed', 'note'],
        rows.map((r) => r.map((v, k) => (columns[k] === 'variance' && typeof v === 'number' ? v.toPrecision(6) : v))), [3, 4, 5, 6, 7]),
      chartExports(app, later.draw, 'power-curve', withStatistics({ ...statistics, design })),
      tableExports(app, 'power-curve', () => ({
        columns: ['measure', 'design', 'topics', 'power'],
        rows: doc.measures.flatMap((m) => m.power_curve[design].map((p, k) => [m.measure, design, k + 2, p])),
        doc,
      }), { ...statistics, design }),
      chart);
    drawn = later.view;
  });
  await fillWhenDone(app, live, box, power, (doc, body) => {
    const columns = ['measure', 'topics', 'runs', 'v_e', 'min_detectable_diff', 'power', 'note'];
    const rows = doc.measures.map((m) => columns.map((k) => m[k]));
    body.append(tableExports(app, 'power', () => ({ columns, rows, doc }), { name: 'power', ...powerOptions(s) }),
      table('power-table', `This campaign as it is (paired t-test): the difference it detects with power ${1 - doc.beta} at alpha ${doc.alpha}, and its power for a difference of ${doc.min_diff}. No power is computed from an observed difference (that is a function of the p-value).`,
        ['measure', 'topics', 'runs', 'V_E', 'min. detectable difference', `power at ${doc.min_diff}`, 'note'],
        rows.map((r) => r.map((v, k) => (columns[k] === 'v_e' && typeof v === 'number' ? v.toPrecision(6) : v))), [1, 2, 3]));
  });
  await drawn;
}
