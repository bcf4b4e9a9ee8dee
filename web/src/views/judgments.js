// The Judgments view: the loaded qrels (A, the reference) compared with a second qrels file (B, e.g.
// an LLM's labels) chosen here (`irlens judgments`; docs/statistics.md): both files named with their
// SHA-256, the topics compared and why, the grade scales (stated when they differ; B's grades
// mappable), the label agreement overall and per topic, the confusion matrix as a heatmap, the
// judgments of one set only, and with runs the runs' means and ranks under both, the agreement of
// the two orderings and the pairs of runs whose significance verdict differs under the test and
// correction chosen here (the Significance tab's choices and names), with the scatter of the runs'
// means under A against B (charts/judgments-charts.js: each mean's bootstrap interval both ways,
// the diagonal, the best runs labelled). The numbers are the JS API's judgments() in the worker
// (worker-judgments.js); undefined ones show as – with the reason on hover. Exports (their data:
// base/judgments-exports.js): the whole document as JSON ({provenance, columns, rows: the label
// table, document}), the label table as CSV, the CLI's LaTeX tables, the scatter as SVG / PNG / CSV
// / JSON, each with the provenance (`analysis`: both qrels with their SHA-256, the measures, test,
// correction, B, seed, the exports' format). The HTML report (ui/report.js) shows the view when it
// holds results (inReport), rendered with `{report: true}`.
import { addDefaults } from '../base/settings.js';
import { sha256, fileSource } from '../base/files.js';
import { TESTS, CORRECTIONS } from '../base/significance-labels.js';
import { LABEL_COLUMNS, labelRows, RUN_COLUMNS, runRows, judgmentsAnalysis, judgmentsSeeds, judgmentsLaTeX } from '../base/judgments-exports.js';
import { tableExports, chartDataExports, analysisProvenance } from '../ui/analysis-exports.js';
import { download } from '../ui/downloads.js';
import { resampling, resamplingFields } from '../ui/significance.js';
import { renderChart } from '../charts/charts.js';
import { meansPoints, meansScatterSpec } from '../charts/judgments-charts.js';
import { labelRuns } from '../charts/run-labels.js';
import { el, fmt, noData, select, scriptOnly } from '../ui/util.js';
import { textField, numberField, intSetting } from '../ui/fields.js';

// jdTest, jdCorrection: the test of every pair of runs under each set and its correction (the
// CLI's defaults: the paired t-test, no correction); B and seed are the page's (settings.js).
addDefaults({ jdMeasures: '', jdThreshold: '1', jdMapB: '', jdTest: 't', jdCorrection: 'none' });

/** The view's own state, kept across renders, with its file input (created once, so that it keeps its file). */
function stateOf(app) {
  if (!app.judgmentsState) {
    const s = { file: null, sha256: null, key: null, doc: null, error: null };
    const input = el('input', { type: 'file', id: 'judgments-qrels-b', onchange: async (e) => {
      s.file = e.target.files[0] || null;
      s.sha256 = s.file ? await sha256(fileSource(s.file)) : null;
      s.key = null;
      app.render();
    } });
    s.field = el('label', { for: 'judgments-qrels-b', class: 'file' }, 'Second qrels file (B) ', input);
    app.judgmentsState = s;
  }
  return app.judgmentsState;
}

/** What the view asks the worker for, from the settings: {measures, options, key}. */
function requestOf(app, s) {
  const settings = app.state.settings;
  const measures = settings.jdMeasures ? settings.jdMeasures.split(/\s+/).filter(Boolean) : (app.state.result ? app.state.result.measures.slice(0, 1) : []);
  const test = TESTS.some((t) => t.value === settings.jdTest) ? settings.jdTest : 't';
  const correction = CORRECTIONS.some((c) => c.value === settings.jdCorrection) ? settings.jdCorrection : 'none';
  const options = {
    threshold: intSetting(settings.jdThreshold, 1, 0), ...(settings.jdMapB ? { mapB: settings.jdMapB } : {}),
    test, ...(test === 'tukey' ? {} : { correction }), ...resampling(app),
  };
  const key = s.file ? JSON.stringify([s.file.name, s.file.size, s.file.lastModified, measures, options, app.state.runs.length, app.client.generation]) : null;
  return { measures, options, key };
}

/** The provenance's inputs of both qrels: {a, b} as {name, bytes, sha256}. */
async function qrelsRecords(app, s) {
  const q = app.state.qrels.source;
  const hashes = await app.fileHashes();
  return { a: { name: q.file || q.name, bytes: q.size, sha256: hashes[q.name] || null }, b: { name: s.file.name, bytes: s.file.size, sha256: s.sha256 } };
}

const cell = (v, note) => el('td', { class: 'num', title: v === null && note ? note : null }, fmt(v));

/** A captioned table in a box that scrolls sideways (nothing wider than the screen). */
function table(caption, head, rows) {
  return el('div', { class: 'table-wrap' }, el('table', { class: 'stats-table' }, el('caption', {}, caption),
    el('thead', {}, el('tr', {}, head.map((h) => el('th', { scope: 'col' }, h)))), el('tbody', {}, rows)));
}

/** A confusion-matrix cell shaded by its count (set through the CSSOM: the page's CSP allows no style attribute). */
function heatCell(n, max) {
  const td = el('td', { class: 'num heat' }, String(n));
  td.style.background = `rgba(70, 110, 200, ${(0.8 * n / max).toFixed(3)})`;
  if (n / max > 0.5) td.style.color = '#fff';
  return td;
}

function labelRow(scope, l) {
  return el('tr', {}, el('th', { scope: 'row' }, scope), el('td', { class: 'num' }, String(l.pairs)),
    ...['observed', 'kappa', 'kappa_linear', 'kappa_quadratic', 'alpha_nominal', 'alpha_ordinal', 'alpha_interval'].map((k) => cell(l[k], l.note)),
    cell(l.binary.agreement, l.note), cell(l.binary.kappa, l.note), el('td', {}, l.note));
}

function confusion(l) {
  const max = Math.max(1, ...l.confusion.flat());
  return table('Confusion matrix of the pairs both sets judge: rows A\'s grade, columns B\'s grade', ['A \\ B', ...l.grades.map(String)],
    l.grades.map((g, i) => el('tr', {}, el('th', { scope: 'row' }, String(g)), l.confusion[i].map((n) => heatCell(n, max)))));
}

/**
 * The scatter of one measure's run means with their intervals, rendered once its box is in the
 * page (width: the container's); its exports carry `analysis` (judgmentsAnalysis) with the view
 * and the measure.
 */
async function meansScatter(app, m, box, live, { analysis, seeds, confidence }) {
  const points = meansPoints(m);
  const name = `judgments-${m.measure.replace(/[^A-Za-z0-9]+/g, '-')}`;
  const chart = el('div', { class: 'chart', id: `chart-${name}` });
  const labels = el('p', { class: 'hint', 'aria-live': 'polite' });
  let view = null;
  const data = () => ({ table: { columns: RUN_COLUMNS, rows: runRows(m) }, analysis: analysis({ view: name, measure: m.measure }), seeds });
  const undefinedIntervals = points.some((p) => !Number.isFinite(p.x_low) || !Number.isFinite(p.y_low));
  box.append(chartDataExports(app, name, () => view, data), chart, labels);
  if (undefinedIntervals) box.append(el('p', { class: 'hint' }, `No interval is drawn where none is defined: ${m.note || 'no bootstrap resamples'}.`));
  view = await renderChart(chart, meansScatterSpec(m.measure, points, confidence));
  if (!live()) return;
  await labelRuns(view, points, ({ left }) => {
    labels.replaceChildren('Labelled: the best runs under A and under B', ...scriptOnly(', the runs you click and the one under the pointer'),
      `${left.length ? `; ${left.length} left unlabelled (no room)` : ''}.`);
  });
}

function conclusions(m, alpha) {
  const c = (k) => `${fmt(m[k].value)} [${fmt(m[k].interval[0])}, ${fmt(m[k].interval[1])}]`;
  const summary = el('p', { class: 'judgments-summary' },
    `${m.measure} over ${m.runs.length} runs and ${m.topics} topics: Kendall's tau-b ${c('tau_b')}, tau_ap (A the reference) ${c('tau_ap')}, `
    + `Spearman ${c('spearman')}, RBO ${c('rbo')}; top-${m.top_k} overlap ${fmt(m.top_k_overlap)}; largest rank change `
    + `${m.largest_rank_change ? `${m.largest_rank_change.change} (${m.largest_rank_change.run})` : '–'}; per-topic tau-b mean ${fmt(m.per_topic_tau_b_mean)}.${m.note ? ` ${m.note}.` : ''}`);
  const verdicts = el('p', { class: 'judgments-verdicts' },
    `Significance verdicts by ${m.test}, a pair significant when its adjusted p < ${alpha}: ${m.significant_a} of ${m.pairs} pairs significant under A, `
    + `${m.significant_b} under B, ${m.changes.length} verdict${m.changes.length === 1 ? '' : 's'} changed.`);
  const runs = [...m.runs].sort((x, y) => x.rank_a - y.rank_a);
  const bounds = (i) => (i[0] === null ? '–' : `[${fmt(i[0])}, ${fmt(i[1])}]`);
  return [summary, verdicts, el('div', { class: 'judgments-scatter', 'data-measure': m.measure }),
    table(`${m.measure}: the runs' means under A and under B, each with its bootstrap interval over topics`, ['run', 'mean A', 'interval A', 'mean B', 'interval B', 'rank A', 'rank B'],
      runs.map((r) => el('tr', {}, el('th', { scope: 'row' }, r.run), cell(r.mean_a), el('td', { class: 'num' }, bounds(r.interval_a)), cell(r.mean_b),
        el('td', { class: 'num' }, bounds(r.interval_b)), el('td', { class: 'num' }, String(r.rank_a)), el('td', { class: 'num' }, String(r.rank_b))))),
    m.changes.length ? table(`${m.measure}: pairs of runs whose verdict differs by ${m.test} (difference = mean of the first run - the second's; p adjusted)`,
      ['run', 'versus', 'difference A', 'p A', 'difference B', 'p B', 'change'],
      m.changes.map((v) => el('tr', {}, el('th', { scope: 'row' }, v.run_a), el('td', {}, v.run_b), cell(v.difference_a), cell(v.p_a),
        cell(v.difference_b), cell(v.p_b), el('td', {}, v.change)))) : el('p', {}, `${m.measure}: no verdict differs by ${m.test}.`)];
}

/** The LaTeX button beside the CSV and JSON of the label table: the CLI's tables (judgmentsLaTeX). */
function latexButton(app, get) {
  return el('button', {
    type: 'button', class: 'small', 'data-export': 'judgments.tex',
    onclick: async () => {
      const what = get();
      download('irlens-judgments.tex', judgmentsLaTeX(what.table.document, await analysisProvenance(app, what.analysis, what.seeds)), 'application/x-tex');
    },
  }, 'LaTeX');
}

export const judgmentsView = {
  id: 'judgments',
  label: 'Judgments',
  /** Whether the HTML report shows the view: a comparison made for the current inputs and settings. */
  inReport(app) {
    const s = app.judgmentsState;
    return !!(s && s.doc && app.state.qrels && s.key === requestOf(app, s).key);
  },
  async render(container, app, live, { report = false } = {}) {
    if (!app.state.qrels) return noData(container, 'Load a qrels file (A, the reference) and runs, then choose a second qrels file (B) here.');
    const s = stateOf(app);
    const settings = app.state.settings;
    const { measures, options, key } = requestOf(app, s);
    const out = el('div', { class: 'judgments-out' });
    container.textContent = '';
    container.append(
      el('p', { class: 'hint' }, 'Compare the loaded qrels (A, the reference) with a second set of judgments (B: an LLM\'s, a second assessor\'s): do the labels agree, and do the runs\' ordering and significance verdicts hold?'),
      report ? null : el('div', { class: 'controls' }, s.field,
        textField(app, 'Measures', 'jdMeasures', settings.jdMeasures, { size: 18, placeholder: measures.join(' ') || 'nDCG@10' }),
        numberField(app, 'Relevant from grade', 'jdThreshold', settings.jdThreshold, { min: 0 }),
        textField(app, "Map B's grades", 'jdMapB', settings.jdMapB, { size: 14, placeholder: '3:2,2:1,1:1,0:0' }),
        select(app, 'Pairwise test', 'jdTest', TESTS, options.test),
        options.test === 'tukey' ? null : select(app, 'Correction', 'jdCorrection', CORRECTIONS, options.correction),
        resamplingFields(app)),
      out);
    if (!s.file) return out.append(el('p', { class: 'empty' }, 'Choose the second qrels file (B).'));
    if (s.key !== key && !report) {
      s.key = key;
      s.doc = null;
      s.error = null;
      try {
        const data = await s.file.arrayBuffer();
        await app.busy('Comparing judgments', async () => {
          s.doc = await app.client.request('judgments', { name: s.file.name, data, measures, options });
        });
      } catch (e) {
        s.error = e;
      }
      if (!live()) return;
    }
    if (s.error) return out.append(el('p', { class: 'error', role: 'alert' }, `${s.error.file ? `${s.error.file}: ` : ''}${s.error.message}`));
    const doc = s.doc;
    if (!doc) return;
    const l = doc.labels;
    const files = await qrelsRecords(app, s);
    if (!live()) return;
    const base = { ...files, measures, options, doc };
    const seeds = judgmentsSeeds(options);
    const analysis = (extra) => judgmentsAnalysis(base, extra);
    const chartInfo = { analysis, seeds, confidence: doc.conclusions ? doc.conclusions.confidence : null };
    const labelExport = () => ({ table: { columns: LABEL_COLUMNS, rows: labelRows(doc), document: doc }, analysis: analysis(), seeds });
    const exports = tableExports(app, 'judgments', labelExport);
    exports.append(' ', latexButton(app, labelExport));
    // by grade (a JS object lists "-1" after the grades that read as array indices)
    const oneSided = (c) => Object.entries(c).sort(([g], [h]) => Number(g) - Number(h)).map(([g, n]) => `${n} of grade ${g}`).join(', ') || 'none';
    const sha = (f) => {
      const code = el('code', { class: 'sha256' }, f.sha256 || '–');
      code.style.wordBreak = 'break-all'; // 64 hex digits wrap on a phone (the CSP allows no style attribute: the CSSOM)
      return code;
    };
    out.append(
      exports,
      el('p', { class: 'judgments-files' }, `A: ${files.a.name} (${files.a.bytes} bytes, SHA-256 `, sha(files.a), `); B: ${files.b.name} (${files.b.bytes} bytes, SHA-256 `, sha(files.b), ').'),
      el('p', { class: doc.topics.only_a.length || doc.topics.only_b.length ? 'warning judgments-topics' : 'judgments-topics' }, `Topics: ${doc.topics.note}.`),
      doc.grades.note ? el('p', { class: 'warning' }, `Grades: ${doc.grades.note}.`) : null,
      table(`Label agreement on the (topic, document) pairs both sets judge; binary: grade ≥ ${doc.threshold} is relevant`,
        ['scope', 'pairs', 'observed', 'kappa', 'kappa linear', 'kappa quadratic', 'alpha nominal', 'alpha ordinal', 'alpha interval', 'binary agreement', 'binary kappa', 'note'],
        [labelRow('all', l), ...doc.topic_labels.map((t) => labelRow(t.topic, t))]),
      l.pairs ? confusion(l) : el('p', { class: 'warning' }, `No confusion matrix: ${l.note || 'no (topic, document) pair is judged in both sets'}.`),
      el('p', {}, `Judged in A only: ${oneSided(doc.only_a)}; in B only: ${oneSided(doc.only_b)}.`),
      doc.warnings.length ? el('details', { class: 'warnings judgments-warnings', open: true }, el('summary', {}, `${doc.warnings.length} warning(s)`),
        el('ul', {}, doc.warnings.map((w) => el('li', {}, w)))) : null,
      ...(doc.conclusions ? [el('p', { class: 'judgments-policy' }, `Runs: ${doc.conclusions.topic_policy}.`), ...doc.conclusions.measures.flatMap((m) => conclusions(m, doc.conclusions.alpha))]
        : [el('p', { class: 'empty' }, 'Load at least 2 runs and name a measure to compare the runs\' conclusions under both sets.')]));
    for (const m of doc.conclusions ? doc.conclusions.measures : []) {
      const box = out.querySelector(`.judgments-scatter[data-measure="${CSS.escape(m.measure)}"]`);
      if (box) await meansScatter(app, m, box, live, chartInfo);
      if (!live()) return;
    }
  },
};
