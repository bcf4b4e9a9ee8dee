// The Judgments view: the loaded qrels (A, the reference) compared with a second qrels file (B, e.g.
// an LLM's labels) chosen here (`irlens judgments`; docs/statistics.md): the label agreement overall
// and per topic, the confusion matrix as a heatmap, the judgments of one set only, and with runs the
// runs' means and ranks under both, the agreement of the two orderings and the pairs of runs whose
// significance verdict differs, with the scatter of the runs' means under A against B (the
// diagonal: the same mean under both; the best runs labelled). The numbers are the JS API's judgments() in the worker
// (worker-judgments.js); undefined ones show as – with the reason on hover. Exports: the whole
// document as JSON ({provenance, columns, rows: the label table, document}) and the label table as
// CSV, with the provenance (B's name, size and SHA-256 under `analysis.qrels_b`).
import { addDefaults } from '../base/settings.js';
import { sha256, fileSource } from '../base/files.js';
import { tableExports, chartDataExports } from '../ui/analysis-exports.js';
import { renderChart } from '../charts/charts.js';
import { runScatterSpec } from '../charts/relative-charts.js';
import { labelRuns } from '../charts/run-labels.js';
import { el, fmt, noData } from '../ui/util.js';
import { textField, numberField, intSetting } from '../ui/fields.js';

addDefaults({ jdMeasures: '', jdThreshold: '1', jdMapB: '' });

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

const LABEL_COLUMNS = ['scope', 'pairs', 'observed', 'expected', 'kappa', 'kappa_linear', 'kappa_quadratic', 'alpha_nominal', 'alpha_ordinal',
  'alpha_interval', 'binary_agreement', 'binary_kappa', 'note'];
/** A row of the label table as CSV exports it (undefined values empty). */
const labelRecord = (scope, l) => ({ ...l, scope, binary_agreement: l.binary.agreement, binary_kappa: l.binary.kappa });

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
 * The runs' means under A (x) against B (y), one point per run, with the diagonal y = x (a run on it
 * has the same mean under both sets) across the plot: runScatterSpec plus one layer.
 */
function meansScatterSpec(m, points) {
  const spec = runScatterSpec(points, `${m.measure} under A`, `${m.measure} under B`);
  spec.title = `${m.measure}: each run's mean under A and under B (dashed: the same under both)`;
  const values = points.flatMap((p) => [p.x, p.y]).filter(Number.isFinite);
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  spec.layer.unshift({ data: { values: [{ x: lo, y: lo }, { x: hi, y: hi }] }, mark: { type: 'line', strokeDash: [4, 4], color: '#888', clip: true } });
  return spec;
}

/** The scatter of one measure's run means, rendered once its box is in the page (width: the container's). */
async function meansScatter(app, m, box, live) {
  const points = m.runs.map((r) => ({ run: r.run, group: r.run, x: r.mean_a, y: r.mean_b })).filter((p) => p.x !== null && p.y !== null);
  const name = `judgments-${m.measure.replace(/[^A-Za-z0-9]+/g, '-')}`;
  const chart = el('div', { class: 'chart', id: `chart-${name}` });
  const labels = el('p', { class: 'hint', 'aria-live': 'polite' });
  let view = null;
  const data = {
    table: { columns: ['run', 'mean_a', 'mean_b', 'rank_a', 'rank_b'], rows: m.runs },
    analysis: { view: name, measure: m.measure },
  };
  box.append(chartDataExports(app, name, () => view, () => data), chart, labels);
  view = await renderChart(chart, meansScatterSpec(m, points));
  if (!live()) return;
  await labelRuns(view, points, ({ left }) => {
    labels.textContent = `Labelled: the best runs under A and under B, the runs you click and the one under the pointer${left.length ? `; ${left.length} left unlabelled (no room)` : ''}.`;
  });
}

function conclusions(m) {
  const c = (k) => `${fmt(m[k].value)} [${fmt(m[k].interval[0])}, ${fmt(m[k].interval[1])}]`;
  const summary = el('p', { class: 'judgments-summary' },
    `${m.measure} over ${m.runs.length} runs and ${m.topics} topics: Kendall's tau-b ${c('tau_b')}, tau_ap (A the reference) ${c('tau_ap')}, `
    + `Spearman ${c('spearman')}, RBO ${c('rbo')}; top-${m.top_k} overlap ${fmt(m.top_k_overlap)}; largest rank change `
    + `${m.largest_rank_change ? `${m.largest_rank_change.change} (${m.largest_rank_change.run})` : '–'}; per-topic tau-b mean ${fmt(m.per_topic_tau_b_mean)}. `
    + `${m.test}: ${m.significant_a} of ${m.pairs} pairs significant under A, ${m.significant_b} under B, ${m.changes.length} verdicts changed.${m.note ? ` ${m.note}.` : ''}`);
  const runs = [...m.runs].sort((x, y) => x.rank_a - y.rank_a);
  return [summary, el('div', { class: 'judgments-scatter', 'data-measure': m.measure }),
    table(`${m.measure}: the runs' means under A and under B`, ['run', 'mean A', 'mean B', 'rank A', 'rank B'],
      runs.map((r) => el('tr', {}, el('th', { scope: 'row' }, r.run), cell(r.mean_a), cell(r.mean_b),
        el('td', { class: 'num' }, String(r.rank_a)), el('td', { class: 'num' }, String(r.rank_b))))),
    m.changes.length ? table(`${m.measure}: pairs of runs whose verdict differs (difference = mean of the first run - the second's; p adjusted)`,
      ['run', 'versus', 'difference A', 'p A', 'difference B', 'p B', 'change'],
      m.changes.map((v) => el('tr', {}, el('th', { scope: 'row' }, v.run_a), el('td', {}, v.run_b), cell(v.difference_a), cell(v.p_a),
        cell(v.difference_b), cell(v.p_b), el('td', {}, v.change)))) : el('p', {}, `${m.measure}: no verdict differs.`)];
}

export const judgmentsView = {
  id: 'judgments',
  label: 'Judgments',
  async render(container, app, live) {
    if (!app.state.qrels) return noData(container, 'Load a qrels file (A, the reference) and runs, then choose a second qrels file (B) here.');
    const s = stateOf(app);
    const settings = app.state.settings;
    const measures = settings.jdMeasures ? settings.jdMeasures.split(/\s+/).filter(Boolean) : (app.state.result ? app.state.result.measures.slice(0, 1) : []);
    const threshold = intSetting(settings.jdThreshold, 1, 0);
    const out = el('div', { class: 'judgments-out' });
    container.textContent = '';
    container.append(
      el('p', { class: 'hint' }, 'Compare the loaded qrels (A, the reference) with a second set of judgments (B: an LLM\'s, a second assessor\'s): do the labels agree, and do the runs\' ordering and significance verdicts hold?'),
      el('div', { class: 'controls' }, s.field,
        textField(app, 'Measures', 'jdMeasures', settings.jdMeasures, { size: 18, placeholder: measures.join(' ') || 'nDCG@10' }),
        numberField(app, 'Relevant from grade', 'jdThreshold', settings.jdThreshold, { min: 0 }),
        textField(app, "Map B's grades", 'jdMapB', settings.jdMapB, { size: 14, placeholder: '3:2,2:1,1:1,0:0' })),
      out);
    if (!s.file) return out.append(el('p', { class: 'empty' }, 'Choose the second qrels file (B).'));
    const options = { threshold, ...(settings.jdMapB ? { mapB: settings.jdMapB } : {}) };
    const key = JSON.stringify([s.file.name, s.file.size, s.file.lastModified, measures, options, app.state.runs.length, app.client.generation]);
    if (s.key !== key) {
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
    const oneSided = (c) => Object.entries(c).map(([g, n]) => `${n} of grade ${g}`).join(', ') || 'none';
    out.append(
      tableExports(app, 'judgments', () => ({
        table: { columns: LABEL_COLUMNS, rows: [labelRecord('all', l), ...doc.topic_labels.map((t) => labelRecord(t.topic, t))], document: doc },
        analysis: { name: 'judgments', qrels_b: { name: s.file.name, bytes: s.file.size, sha256: s.sha256 }, ...options, measures },
      })),
      el('p', {}, `Topics: ${doc.topics.note}.`),
      doc.grades.note ? el('p', { class: 'warning' }, `Grades: ${doc.grades.note}.`) : null,
      table(`Label agreement on the (topic, document) pairs both sets judge; binary: grade ≥ ${doc.threshold} is relevant`,
        ['scope', 'pairs', 'observed', 'kappa', 'kappa linear', 'kappa quadratic', 'alpha nominal', 'alpha ordinal', 'alpha interval', 'binary agreement', 'binary kappa', 'note'],
        [labelRow('all', l), ...doc.topic_labels.map((t) => labelRow(t.topic, t))]),
      l.pairs ? confusion(l) : null,
      el('p', {}, `Judged in A only: ${oneSided(doc.only_a)}; in B only: ${oneSided(doc.only_b)}.`),
      ...(doc.conclusions ? doc.conclusions.measures.flatMap(conclusions)
        : [el('p', { class: 'empty' }, 'Load at least 2 runs and name a measure to compare the runs\' conclusions under both sets.')]));
    for (const m of doc.conclusions ? doc.conclusions.measures : []) {
      const box = out.querySelector(`.judgments-scatter[data-measure="${CSS.escape(m.measure)}"]`);
      if (box) await meansScatter(app, m, box, live);
      if (!live()) return;
    }
  },
};
