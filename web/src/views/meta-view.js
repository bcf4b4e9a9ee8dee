// Meta-evaluation view (`irlens meta` in the browser): how well each measure tells the runs apart
// and how the measures agree. ASL curves and the discriminative-power table (Sakai, PROMISE 2013,
// Sec. 5.1), a heatmap of a rank correlation between the measures' run orderings (Kendall's tau-b
// or tau-a, tau_ap one way or symmetric, Spearman, RBO), stability and swap rate (Turkmen et al.;
// Voorhees & Buckley), Metric Unanimity (Amigo et al.), the concordance test (Sakai Fig. 17), with a
// preference judgments file predictive power (Sakai Sec. 5.3), and,
// with a run -> group file, the leave-one-out pool test (Sakai Fig. 18). All but the last run on the
// table's scores in the stats workers (progress and Cancel in the strip); leave-one-out re-reads
// the runs in the main worker, when asked (its progress bar and Cancel as for evaluation).
import { renderChart, chartLater, tauHeatmapSpec } from '../charts/charts.js';
import { aslSpec, ASL_POINTS_MAX } from '../charts/stats-charts.js';
import { metaEntry, correlationEntry, matrixOf } from '../ui/stats-correlation.js';
import { tableExports, withStatistics } from '../ui/stats-exports.js';
import { section, statsTable as table, fillWhenDone, fillProgressively, statsInputs } from './stats-table.js';
import { resampling, resamplingFields, settingInput } from '../ui/significance.js';
import { TESTS, CORRECTIONS, RANDOMISED, pText } from '../base/significance-labels.js';
import { el, fmt, select, chartExports, scriptOnly } from '../ui/util.js';
import { topicSetSizeCard } from './topic-set-size.js';

const COEFFICIENTS = [
  { value: 'tau_b', label: "Kendall's tau-b", key: 'tau_b' },
  { value: 'tau_a', label: "Kendall's tau-a", key: 'tau_a' },
  { value: 'tau_ap', label: 'tau_ap (row vs column as reference)', key: 'tau_ap' },
  { value: 'tau_ap_symmetric', label: 'tau_ap, symmetric', key: 'tau_ap_symmetric' },
  { value: 'spearman', label: "Spearman's rho", key: 'spearman' },
  { value: 'rbo', label: 'rank-biased overlap (p = 0.9)', key: 'rbo' },
];

function discriminationOptions(app) {
  const s = app.state.settings;
  return { test: s.dt, ...(s.dt === 'tukey' ? {} : { correction: s.dc }), ...resampling(app) };
}

// First results in seconds (issue 25, decision a): the resampled analyses are computed twice, first
// with PREVIEW.B resamples (or PREVIEW.trials trials), shown labelled with their B, then with the
// settings' B (the CLI's numbers: same seed, same B) replacing them. Only when the settings ask for
// at least 4 times as many: below that the preview would cost a quarter of the final.
const PREVIEW = { B: 1000, trials: 100 };
const previewB = (options) => (RANDOMISED.has(options.test) && Number(options.B) >= 4 * PREVIEW.B ? { ...options, B: String(PREVIEW.B) } : null);
const previewTrials = (options) => (Number(options.trials) >= 4 * PREVIEW.trials ? { ...options, trials: String(PREVIEW.trials) } : null);

/** The entries of discrimination and stability: previews, and final ones queued behind every first result. */
function resampledEntries(app, measures) {
  const dpOptions = discriminationOptions(app);
  const s = app.state.settings;
  const stOptions = { trials: s.trials, seed: s.seed, ...(s.stt ? { topics: s.stt } : {}) };
  const dpFirst = previewB(dpOptions), stFirst = previewTrials(stOptions);
  const preview = {
    dp: dpFirst && metaEntry(app, 'discriminative-power', measures, dpFirst, true, { preview: true }),
    st: stFirst && metaEntry(app, 'stability', measures, stFirst, true, { preview: true }),
  };
  // The final computations queue behind every first result (the pool's PRIORITY.final): a worker
  // takes one when no preview or cheap analysis waits. Cancel stops them all.
  const final = (analysis, options, first) => metaEntry(app, analysis, measures, options, true, { final: Boolean(first) });
  return {
    dp: { options: dpOptions, first: dpFirst, preview: preview.dp, final: final('discriminative-power', dpOptions, dpFirst) },
    st: { options: stOptions, first: stFirst, preview: preview.st, final: final('stability', stOptions, stFirst) },
  };
}

/** What a caption says of the resamples shown: "B = 1000 resamples (first results; the final B = 10000 ...)". */
function shownB(first, options, isPreview) {
  if (!RANDOMISED.has(options.test)) return '';
  return isPreview ? `B = ${first.B} resamples (first results; the final B = ${options.B} is under way and will replace them). ` : `B = ${options.B} resamples. `;
}

async function discrimination(app, live, asl, dp, { options, first, preview, final }) {
  const statsOf = (o) => ({ name: 'discriminative-power', ...o, ...(RANDOMISED.has(o.test) ? { seed: o.seed, B: o.B } : {}) });
  const dpCard = fillProgressively(app, live, dp, preview, final, (doc, body, isPreview) => {
    const statistics = statsOf(isPreview ? first : options);
    const columns = ['measure', 'pairs', 'significant_05', 'significant_01', 'min_difference_05', 'min_difference_01'];
    const rows = doc.measures.map((m) => columns.map((c) => m[c]));
    body.append(tableExports(app, 'discriminative-power', () => ({ columns, rows, doc }), { ...statistics, test: doc.measures[0].test }),
      table('discriminative-power-table', `${doc.measures[0].test}. ${shownB(first, options, isPreview)}${doc.topic_policy}. Minimum detectable difference: the smallest |mean difference| among the significant pairs.`,
        ['measure', 'pairs', 'significant at 0.05', 'significant at 0.01', 'min. difference (0.05)', 'min. difference (0.01)'], rows, [1, 2, 3]));
  });
  const aslCard = fillProgressively(app, live, asl, preview, final, async (doc, body, isPreview) => {
    const statistics = statsOf(isPreview ? first : options);
    // Drawn after every card's first numbers (its ~10,000 vertices held them up), or at once for an export.
    const chart = el('div', { class: 'chart', id: 'chart-asl' });
    const later = chartLater(chart, () => aslSpec(doc), app.statsPool.firstsDone());
    body.append(...[chartExports(app, later.draw, 'asl-curves', withStatistics(statistics)),
      tableExports(app, 'asl-curves', () => ({
        columns: ['measure', 'rank', 'run_a', 'run_b', 'difference', 'p'],
        rows: doc.measures.flatMap((m) => m.asl_curve.map((c, i) => [m.measure, i + 1, c.run_a, c.run_b, c.difference, c.p])),
        doc,
      }), statistics),
      shownB(first, options, isPreview) ? el('p', { class: 'hint asl-b' }, shownB(first, options, isPreview)) : null,
      doc.measures.some((m) => m.asl_curve.length > ASL_POINTS_MAX) ? el('p', { class: 'hint' }, `Lines without a point per pair (more than ${ASL_POINTS_MAX} pairs): every pair and its p-value are in the CSV and JSON exports.`) : null,
      chart].filter(Boolean)); // (append() would write null as the text "null")
    await later.view;
  });
  await Promise.all([dpCard, aslCard]);
}

async function correlation(app, live, box, measures) {
  const e = correlationEntry(app, measures);
  const c = COEFFICIENTS.find((x) => x.value === app.state.settings.cm) || COEFFICIENTS[0];
  await fillWhenDone(app, live, box, e, async (doc, body) => {
    let view = null;
    const statistics = { name: 'correlation', coefficient: c.value };
    const columns = ['measure_x', 'measure_y', 'runs', 'tau_a', 'tau_b', 'p_tau_b', 'tau_ap_xy', 'tau_ap_yx', 'tau_ap_symmetric', 'spearman', 'p_spearman', 'rbo', 'note'];
    const chart = el('div', { class: 'chart', id: 'chart-correlation' });
    body.append(chartExports(app, () => view, 'measure-correlation', withStatistics(statistics)),
      tableExports(app, 'measure-correlation', () => ({ columns, rows: doc.pairs.map((p) => columns.map((k) => p[k])), doc }), statistics),
      el('p', { class: 'hint' }, `${c.label} (the default, as in Charts) over the ${doc.runs.length} runs' scores (each measure's mean over the common topics); – no value`, scriptOnly(' (hover for why)'), `. ${doc.topic_policy}.`),
      chart);
    view = await renderChart(chart, tauHeatmapSpec(matrixOf(doc, measures, c.key), { label: c.value, title: `${c.label} between run orderings` }));
  });
}

async function stability(app, live, box, { options, first, preview, final }) {
  await fillProgressively(app, live, box, preview, final, (doc, body, isPreview) => {
    const columns = ['measure', 'topics_per_trial', 'trials', 'stability', 'swap_topics_per_set', 'swap_rate'];
    const rows = doc.measures.map((m) => columns.map((k) => m[k]));
    const trials = isPreview ? `${first.trials} trials (first results; the final ${options.trials} are under way and will replace them). ` : `${doc.measures[0]?.trials ?? options.trials} trials. `;
    body.append(tableExports(app, 'stability', () => ({ columns, rows, doc }), { name: 'stability', ...(isPreview ? first : options) }),
      table('stability-table', `${trials}Stability: mean over run pairs of the share of trials won by the more frequent winner (a tied trial counts 1/2). Swap rate: share of (trial, pair) comparisons ordered differently by two disjoint topic samples. Seed ${doc.seed}. ${doc.topic_policy}.`,
        ['measure', 'topics per trial', 'trials', 'stability', 'topics per swap sample', 'swap rate'], rows, [1, 2, 4]));
  });
}

async function unanimity(app, live, box, measures) {
  const e = metaEntry(app, 'unanimity', measures, {}, false);
  await fillWhenDone(app, live, box, e, (doc, body) => {
    const columns = ['measure', 'mu', 'p_measure', 'p_unanimous', 'p_joint'];
    const rows = doc.measures.map((m) => columns.map((k) => m[k]));
    body.append(tableExports(app, 'unanimity', () => ({ columns, rows, doc }), { name: 'unanimity' }),
      table('unanimity-table', `MU = log2(P(m, M) / (P(m) P(M))) over every topic and ordered pair of runs: m, the measure prefers the first run (a tie counts 1/2); M, every other measure scores it at least as high. ${doc.topic_policy}.`,
        ['measure', 'MU', 'P(m)', 'P(M)', 'P(m, M)'], rows));
  });
}

async function concordance(app, live, box, measures) {
  const s = app.state.settings;
  const m1 = measures.includes(s.c1) ? s.c1 : measures[0];
  const m2 = measures.includes(s.c2) && s.c2 !== m1 ? s.c2 : measures.find((m) => m !== m1);
  const gold = s.gold ? s.gold.split(/\s+/).filter(Boolean) : measures.filter((m) => m !== m1 && m !== m2);
  const controls = el('div', { class: 'controls' }, select(app, 'Measure 1', 'c1', measures, m1), select(app, 'Measure 2', 'c2', measures, m2),
    settingInput(app, 'gold', 'Gold standard', { type: 'text', size: 24, placeholder: measures.filter((m) => m !== m1 && m !== m2).join(' ') }));
  box.querySelector('.body').append(controls);
  if (!gold.length) return box.querySelector('.body').append(el('p', { class: 'hint' }, 'Needs a gold-standard measure: add a third measure to the table (or name one here).'));
  const e = metaEntry(app, 'concordance', [m1, m2], { gold }, false); // the gold measures are appended
  await fillWhenDone(app, live, box, e, (doc, body) => {
    const columns = ['measure_1', 'measure_2', 'gold', 'comparisons', 'disagreements', 'conc_1', 'conc_2', 'wins_1', 'wins_2', 'p', 'note'];
    const row = columns.map((k) => (k === 'gold' ? doc.gold.join('+') : doc[k]));
    body.append(tableExports(app, 'concordance', () => ({ columns, rows: [row], doc }), { name: 'concordance', gold: doc.gold }),
      table('concordance-table', `Over every pair of runs and topic where the two measures strictly disagree: the share where each agrees with every gold measure; wins: concordant while the other is not; p: two-sided sign test on the wins. ${doc.topic_policy}.`,
        ['measure 1', 'measure 2', 'gold', 'comparisons', 'disagreements', 'conc. 1', 'conc. 2', 'wins 1', 'wins 2', 'p', 'note'],
        [row.map((v, k) => (columns[k] === 'p' ? pText(v) : v))], [3, 4, 7, 8])); // p: 3 significant digits (a tiny p is not 0.0000), "–" undefined
  });
}

/** Predictive power (Sakai Sec. 5.3): a preference judgments file chosen here, on the table's scores in the stats workers. */
async function predictivePower(app, live, box, measures) {
  const body = box.querySelector('.body');
  const prefs = app.statsPreferences;
  const input = el('input', { type: 'file', id: 'pp-preferences', onchange: async (ev) => {
    const file = ev.target.files[0];
    if (file) app.statsPreferences = { name: file.name, text: await file.text() };
    app.render();
  } });
  body.append(el('div', { class: 'controls' },
    el('label', { for: 'pp-preferences', class: 'file' }, 'Preference judgments (topic<TAB>run X<TAB>run Y<TAB>X, Y or tie) ', input),
    prefs ? el('span', { class: 'hint' }, `loaded: ${prefs.name}`) : null));
  if (!prefs) return;
  const options = { preferences: prefs.text, preferencesName: prefs.name, ...resampling(app) };
  const e = metaEntry(app, 'predictive-power', measures, options, false);
  await fillWhenDone(app, live, box, e, (doc, out) => {
    const columns = ['measure', 'preferences', 'agreements', 'measure_ties', 'unscored', 'predictive_power', 'ci_low', 'ci_high', 'note'];
    const rows = doc.measures.map((m) => columns.map((k) => m[k]));
    out.append(tableExports(app, 'predictive-power', () => ({ columns, rows, doc }), { name: 'predictive-power', preferences: doc.preferences_file, B: doc.B, seed: doc.seed }),
      table('predictive-power-table', `Share of the ${doc.judgments - doc.human_ties} non-tied preferences of ${doc.preferences_file} each measure agrees with (${doc.human_ties} tied by the judges, left out); a tie in the measure counts as disagreement. 95% bootstrap percentile interval over the preferences (B = ${doc.B}, seed ${doc.seed}). ${doc.topic_policy}.`,
        ['measure', 'preferences', 'agreements', 'measure ties', 'unscored', 'predictive power', '95% low', '95% high', 'note'], rows, [1, 2, 3, 4]));
  });
}

/** Leave-one-out: a groups file chosen here, run on request in the main worker (app.busy). */
async function leaveOneOut(app, live, box, measures) {
  const s = app.state.settings;
  const body = box.querySelector('.body');
  const groups = app.statsGroups;
  const key = groups && JSON.stringify(['loo', measures, s.missing, s.depth, groups.name, groups.text]);
  const run = () => {
    app.stats.get(key, async () => {
      let doc = null;
      await app.busy('Leave-one-out', async (progress) => {
        doc = await app.client.request('metaLoo', { measures, missing: s.missing, groups, options: { depth: s.depth } }, { onProgress: (f) => progress(f, 'pool test') });
      });
      if (!doc) throw Object.assign(new Error('cancelled'), { name: 'Cancelled' });
      return doc;
    });
    app.render();
  };
  const input = el('input', { type: 'file', id: 'loo-groups', onchange: async (ev) => {
    const file = ev.target.files[0];
    if (file) app.statsGroups = { name: file.name, text: await file.text() };
    app.render();
  } });
  body.append(el('div', { class: 'controls' },
    el('label', { for: 'loo-groups', class: 'file' }, 'Run groups file (run<TAB>group, or a CSV with run and team columns) ', input),
    groups ? el('span', { class: 'hint' }, `loaded: ${groups.name}`) : null,
    settingInput(app, 'depth', 'Pool depth', { type: 'number', min: '1', step: '1', size: 5 }),
    el('button', { type: 'button', id: 'loo-run', disabled: !groups, onclick: run }, 'Run the leave-one-out test')));
  const e = key && app.stats.peek(key);
  if (!e) return;
  await fillWhenDone(app, live, box, e, (doc, out) => {
    const columns = ['measure', 'run', 'group', 'unique_judgments', 'unique_relevant', 'full', 'loo', 'full_rank', 'loo_rank'];
    const rows = doc.measures.flatMap((m) => m.runs.map((r) => [m.measure, r.run, r.group, r.unique_judgments, r.unique_relevant, r.full, r.loo, r.full_rank, r.loo_rank]));
    out.append(tableExports(app, 'leave-one-out', () => ({ columns, rows, doc }), { name: 'leave-one-out', depth: doc.pool_depth, groups: doc.groups_file }),
      table('loo-table', `Each group's unique contributions (judged documents in its runs' top ${doc.pool_depth} that no other group retrieved) removed from the qrels for its own runs; ranks 1 = best. Kendall's tau-b full vs LOO: ${doc.measures.map((m) => `${m.measure} ${fmt(m.kendall_tau_b, 3)}`).join(', ')}.`,
        ['measure', 'run', 'group', 'unique judgments', 'of which relevant', 'full', 'LOO', 'full rank', 'LOO rank'], rows, [3, 4, 7, 8]));
  });
}

export const metaView = {
  id: 'meta',
  label: 'Meta-evaluation',
  async render(container, app, live) {
    const inputs = statsInputs(container, app, 'Meta-evaluation analyses');
    if (!inputs) return;
    const { measures } = inputs;
    const s = app.state.settings;
    const controls = el('div', { class: 'controls' },
      select(app, 'Test', 'dt', TESTS, s.dt),
      s.dt === 'tukey' ? null : select(app, 'Correction', 'dc', CORRECTIONS, s.dc),
      resamplingFields(app),
      select(app, 'Coefficient', 'cm', COEFFICIENTS, s.cm),
      settingInput(app, 'trials', 'Trials', { type: 'number', min: '1', step: '1', size: 6 }),
      settingInput(app, 'stt', 'Topics per trial', { type: 'number', min: '1', step: '1', size: 4, placeholder: 'half' }));
    const asl = section('asl', 'ASL curves (discriminative power)');
    const dp = section('discriminative-power', 'Discriminative power');
    const corr = section('correlation', 'Correlation between measures');
    const st = section('stability', 'Stability and swap rate');
    const mu = section('unanimity', 'Metric Unanimity');
    const cc = section('concordance', 'Concordance test');
    const loo = section('loo', 'Leave-one-out pool test');
    const pp = section('predictive-power', 'Predictive power (preference judgments)');
    const tss = section('topic-set-size', 'Topic set size and power');
    container.textContent = '';
    container.append(controls, app.stats.progressStrip(), el('div', { class: 'chart-grid' }, asl, corr), dp, st, mu, cc, pp, tss, loo);
    // Each analysis' own minimum of measures, as the core states it (metaAnalyses(): the worker's
    // init); fewer topics than an analysis needs are said by the core's message in its card.
    const enough = (analysis, box, extra = '') => {
      const need = (app.state.metaAnalyses || []).find((a) => a.name === analysis)?.min_measures ?? 1;
      if (measures.length >= need) return true;
      box.querySelector('.body').append(el('p', { class: 'hint' }, `Needs at least ${need === 2 ? 'two' : need} numeric measures${extra}.`));
      return false;
    };
    // Started in this order (the stats pool's queue: an idle worker takes the next request, first
    // results before final ones): the cheap analyses and the previews of the resampled ones first,
    // so that every card shows a result in seconds, then the final discriminative power and stability.
    const cheap = [
      enough('correlation', corr) ? correlation(app, live, corr, measures) : null,
      enough('unanimity', mu) ? unanimity(app, live, mu, measures) : null,
      enough('concordance', cc, ' and a gold standard') ? concordance(app, live, cc, measures) : null,
      predictivePower(app, live, pp, measures),
      topicSetSizeCard(app, live, tss, measures),
      leaveOneOut(app, live, loo, measures),
    ];
    const resampled = resampledEntries(app, measures);
    await Promise.all([...cheap, discrimination(app, live, asl, dp, resampled.dp), stability(app, live, st, resampled.st)]);
  },
};
