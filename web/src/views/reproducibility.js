// The Reproducibility view: two loaded runs compared document by document, and a reproduction
// measured (docs/statistics.md, "Run versus run and reproducibility"; the numbers are the JS API's
// compareRankings / reproducibility in the worker, worker-compare-runs.js, as `irlens runs` and
// `irlens repro` print them):
//   Run versus run: "Run A" and "Run B" picked from the loaded runs; per topic (the most different
//     first) and the means: RBO_min/res/ext at persistence p to a depth, KTU, overlap@k, Jaccard@k;
//     a chart of RBO_ext, KTU and Jaccard@k per topic, topics in that order (diffir's question:
//     which topics differ most); topics only one run answered named and counted.
//   Reproducibility: original baseline / advanced and reproduced baseline / advanced picked from the
//     loaded runs, the measures of the page's measure field (those with numbers); KTU and RBO per
//     cutoff, RMSE and nRMSE, ER and DeltaRI, paired t-test p-values; with "Other qrels file
//     (replicability)" chosen, the reproduced runs are read again against it and the t-tests are
//     unpaired (no topic pairs: no document-order rows, no RMSE). A chart of the reproduced minus
//     the original score per topic, the largest differences first (reproducibility only).
// An undefined value shows as "not defined" with the core's reason on hover (CSV and LaTeX:
// "undefined"; JSON: null with the row's note). Exports: each table as CSV, JSON and LaTeX
// (analysis-latex.js), each chart as SVG/PNG and its data as CSV/JSON, with the provenance of
// analysis-exports.js plus `analysis` (the runs' roles, the parameters, the other qrels' name,
// size and SHA-256, `format`: REPRO_EXPORT_FORMAT). The HTML report has a section of the view once
// it has results (inReport).
import { addDefaults } from '../base/settings.js';
import { sha256, fileSource, decodedStream } from '../base/files.js';
import { csvCell } from '../base/exports.js';
import { analysisLaTeX } from '../base/analysis-latex.js';
import { REPRO_TABLES, reproLines } from '../base/repro-lines.js';
import { analysisProvenance, tableJSON, chartDataExports } from '../ui/analysis-exports.js';
import { download } from '../ui/downloads.js';
import { renderChart } from '../charts/charts.js';
import { topicValuesSpec } from '../charts/compare-runs-charts.js';
import { el, fmt, noData, select, numericMeasures } from '../ui/util.js';
import { textField, numberField, intSetting } from '../ui/fields.js';

/** Version of the view's exports' layout, in their provenance (`analysis.format`; docs/web-app.md). */
export const REPRO_EXPORT_FORMAT = 1;

addDefaults({ rvA: '', rvB: '', rvP: '0.9', rvDepth: '1000', rvK: '10', reOB: '', reOA: '', reRB: '', reRA: '', reK: '5 10 20 50 100 1000', reChart: '' });

const NOT_DEFINED = 'not defined';
const ROLES = [['origBaseline', 'reOB', 'Original baseline'], ['origAdvanced', 'reOA', 'Original advanced'],
  ['reproBaseline', 'reRB', 'Reproduced baseline'], ['reproAdvanced', 'reRA', 'Reproduced advanced']];
const QUANTITY = { KTU: "Kendall's tau union", KTU_repro_eval: "repro_eval's KTU", RBO_repro_eval: "repro_eval's RBO", RBO_ext: 'RBO_ext',
  RMSE: 'RMSE', nRMSE: 'nRMSE', ER: 'ER', DeltaRI: 'ΔRI', p_value: 'p-value' };

/** The view's own state across renders: the other qrels file and the last results by their inputs. */
function stateOf(app) {
  if (!app.reproState) app.reproState = { other: null, runs: { key: null, doc: null, error: null }, repro: { key: null, doc: null, error: null } };
  return app.reproState;
}

/** Whole numbers >= 1 from "5 10, 20"; null when any part is not one. */
function cutoffsOf(text) {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  const ks = parts.map(Number);
  return parts.length && ks.every((k) => Number.isSafeInteger(k) && k >= 1) ? ks : null;
}

const valueCell = (v, note = '') => el('td', { class: 'num', title: v === null ? note || 'undefined here (see the notes)' : null }, v === null ? NOT_DEFINED : fmt(v));

function table(caption, head, rows) {
  return el('div', { class: 'table-wrap' }, el('table', { class: 'stats-table' }, el('caption', {}, caption),
    el('thead', {}, el('tr', {}, head.map((h) => el('th', { scope: 'col' }, h)))), el('tbody', {}, rows)));
}

/** CSV with "undefined" for a null value of a numeric column (a word, never a number). */
function wordsCSV({ columns, rows }, prov) {
  const lines = [`# provenance: ${JSON.stringify(prov)}`, columns.map(csvCell).join(',')];
  for (const r of rows) lines.push(columns.map((c) => csvCell(r[c] === null ? 'undefined' : r[c])).join(','));
  return lines.join('\n') + '\n';
}

/** CSV, JSON and LaTeX buttons of a table: get() -> {table: {columns, rows, integers, ...}, analysis}. */
function exportsOf(app, name, get) {
  const button = (label, ext, type, make) => el('button', {
    type: 'button', class: 'small', 'data-export': `${name}.${ext}`,
    onclick: async () => {
      const what = get();
      download(`irlens-${name}.${ext}`, make(what.table, await analysisProvenance(app, what.analysis)), type);
    },
  }, label);
  return el('div', { class: 'exports', role: 'group', 'aria-label': `Export ${name}` }, 'Export: ',
    button('CSV', 'csv', 'text/csv', wordsCSV), ' ', button('JSON', 'json', 'application/json', tableJSON), ' ',
    button('LaTeX', 'tex', 'application/x-tex', analysisLaTeX));
}

/** A chart of per-topic points with its exports (SVG, PNG, its data as CSV/JSON), drawn once in the page. */
async function topicChart(app, box, name, spec, data, live) {
  const chart = el('div', { class: 'chart', id: `chart-${name}` });
  let view = null;
  box.append(chartDataExports(app, name, () => view, () => data), chart);
  if (!live()) return;
  view = await renderChart(chart, spec);
}

/** Runs the worker's action for `slot` when its key changed; the result (or error) kept in the state. */
async function computed(app, slot, key, label, ask, live) {
  if (slot.key === key) return true;
  slot.key = key;
  slot.doc = null;
  slot.error = null;
  try {
    await app.busy(label, async () => {
      slot.doc = await ask();
    });
  } catch (e) {
    slot.error = e;
  }
  return live();
}

/** node.append(...children) without the nulls (a part not shown): DOM append would write them as text. */
const append = (node, ...children) => node.append(...children.filter((c) => c !== null && c !== undefined && c !== false));

const errorOf = (e) => el('p', { class: 'error', role: 'alert' }, `${e.file ? `${e.file}${e.line ? `:${e.line}` : ''}: ` : ''}${e.message}`);

// ---- run versus run --------------------------------------------------------------------------

async function runVersusRun(app, out, names, live) {
  const s = stateOf(app);
  const settings = app.state.settings;
  const a = names.includes(settings.rvA) ? settings.rvA : names[0];
  const b = names.includes(settings.rvB) ? settings.rvB : names[1];
  const p = Number(settings.rvP);
  const depth = intSetting(settings.rvDepth, 1000);
  const cutoffs = cutoffsOf(settings.rvK);
  const section = el('section', { class: 'repro-section', id: 'run-versus-run' }, el('h2', {}, 'Run versus run'),
    el('p', { class: 'hint' }, 'How different are two runs\' document rankings, topic by topic?'),
    el('div', { class: 'controls' }, select(app, 'Run A', 'rvA', names, a), select(app, 'Run B', 'rvB', names, b),
      textField(app, 'RBO persistence p', 'rvP', settings.rvP, { size: 5, placeholder: '0.9' }),
      numberField(app, 'Depth', 'rvDepth', settings.rvDepth, { placeholder: '1000' }),
      textField(app, 'Cutoffs k', 'rvK', settings.rvK, { size: 8, placeholder: '10' })));
  out.append(section);
  if (!(p > 0 && p < 1)) return section.append(el('p', { class: 'error', role: 'alert' }, `RBO persistence p: ${settings.rvP || '(empty)'} is not a number between 0 and 1 (exclusive).`));
  if (!cutoffs) return section.append(el('p', { class: 'error', role: 'alert' }, `Cutoffs k: "${settings.rvK}" is not a list of whole numbers >= 1 (e.g. 5 10).`));
  const options = { a, b, persistence: p, depth, cutoffs };
  const key = JSON.stringify([options, app.client.generation, names]);
  if (!(await computed(app, s.runs, key, 'Comparing the runs', () => app.request('compareRankings', options), live))) return;
  if (s.runs.error) return section.append(errorOf(s.runs.error));
  const doc = s.runs.doc;
  if (!doc) return;
  const topics = doc.rows.filter((r) => r.topic !== 'all');
  const mean = doc.rows.find((r) => r.topic === 'all');
  const only = (list, run) => (list.length ? `${list.length} topic(s) only ${run} answered, left out of every value: ${list.join(', ')}. ` : '');
  append(section, 
    el('p', { class: 'repro-rules' }, `Each topic's list is the run's trec_eval order: score descending, ties broken by document id descending `
      + `(so no two documents share a rank), cut to its first ${depth} documents. Lists of different lengths are compared as they are: `
      + 'RBO_min counts the documents beyond the shorter list as matching nothing, RBO_res is the range that leaves open, RBO_ext extrapolates '
      + 'the agreement seen; KTU ranks a document absent from one list tied below its last; overlap@k divides by k even where a list is shorter.'),
    el('p', { class: 'repro-topics' }, `${doc.topics_compared} topic(s) compared (KTU defined on ${doc.ktu_topics}). `,
      only(doc.only_a, a), only(doc.only_b, b), doc.only_a.length + doc.only_b.length ? '' : 'Both runs answer the same topics.'),
    exportsOf(app, 'run-versus-run', () => ({
      table: { columns: doc.columns, rows: doc.rows, integers: ['docs_a', 'docs_b'] },
      analysis: { view: 'reproducibility', part: 'run-versus-run', format: REPRO_EXPORT_FORMAT, run_a: a, run_b: b, persistence: p, depth, cutoffs,
        topics_compared: doc.topics_compared, ktu_topics: doc.ktu_topics, only_a: doc.only_a, only_b: doc.only_b },
    })),
    table(`${a} (A) versus ${b} (B), p = ${p}: per topic, the most different first (RBO_ext ascending); the last row, mean, averages the topics`,
      doc.columns.map((c) => ({ topic: 'topic', docs_a: 'docs A', docs_b: 'docs B' })[c] || c),
      [...topics, mean].map((r) => el('tr', { class: r === mean ? 'mean' : null }, el('th', { scope: 'row' }, r === mean ? 'mean' : r.topic),
        el('td', { class: 'num' }, String(r.docs_a)), el('td', { class: 'num' }, String(r.docs_b)),
        doc.columns.slice(3).map((c) => valueCell(r[c], c === 'KTU' ? 'KTU is undefined for a single document' : ''))))));
  const jaccard = `jaccard@${cutoffs[0]}`;
  const series = ['RBO_ext', 'KTU', jaccard];
  const points = topics.flatMap((r) => series.filter((c) => r[c] !== null).map((c) => ({ topic: r.topic, series: c, value: r[c] })));
  const left = topics.length * series.length - points.length;
  if (!topics.length) return section.append(el('p', { class: 'empty' }, 'No topic both runs answered: nothing to compare.'));
  const box = el('div', { class: 'repro-chart' });
  append(section, box, left ? el('p', { class: 'hint' }, `${left} value(s) not defined, not drawn.`) : null);
  await topicChart(app, box, 'run-versus-run-topics', topicValuesSpec(points, { order: topics.map((r) => r.topic), domain: [-1, 1],
    title: `${a} versus ${b}: RBO_ext, KTU and Jaccard@${cutoffs[0]} per topic, the most different first`, xTitle: 'agreement (1: the same ranking)' }),
  { table: { columns: ['topic', 'series', 'value'], rows: points }, analysis: { view: 'reproducibility', part: 'run-versus-run-topics', format: REPRO_EXPORT_FORMAT, run_a: a, run_b: b, persistence: p, depth, cutoffs } }, live);
}

// ---- reproducibility -------------------------------------------------------------------------

/** The other qrels' field (a fresh input each render; the chosen file stays in the state) and its Clear button. */
function otherField(app, s) {
  const input = el('input', { type: 'file', id: 'repro-other-qrels', onchange: async (e) => {
    const file = e.target.files[0] || null;
    s.other = file ? { file, sha256: await sha256(fileSource(file)) } : null;
    app.render();
  } });
  return el('span', { class: 'field' }, el('label', { for: 'repro-other-qrels', class: 'file' }, 'Other qrels file (replicability) ', input),
    s.other ? [` ${s.other.file.name} `, el('button', { type: 'button', class: 'small', onclick: () => { s.other = null; app.render(); } }, 'Clear other qrels')] : null);
}

/** The decoded bytes of the loaded run `name` (its file read again, gunzipped). */
async function runBytes(app, name) {
  const entry = app.state.runs.find((r) => r.source.name === name);
  return new Response(await decodedStream(entry.source.blob)).arrayBuffer();
}

async function reproduction(app, out, names, live) {
  const s = stateOf(app);
  const settings = app.state.settings;
  const defaults = [names[0], names[1 % names.length], names[2 % names.length], names[3 % names.length]];
  const roles = Object.fromEntries(ROLES.map(([role, key], i) => [role, names.includes(settings[key]) ? settings[key] : defaults[i]]));
  const measures = numericMeasures(app);
  const cutoffs = cutoffsOf(settings.reK);
  const section = el('section', { class: 'repro-section', id: 'reproduction' }, el('h2', {}, 'Reproducibility'),
    el('p', { class: 'hint' }, 'Did the reproduction reproduce? An original baseline and advanced run against their reproductions '
      + '(Breuer et al., SIGIR 2020, with repro_eval\'s definitions); the measures are those of the measure field.'),
    el('div', { class: 'controls' }, ROLES.map(([role, key, label]) => select(app, label, key, names, roles[role])),
      textField(app, 'Cutoffs', 'reK', settings.reK, { size: 16, placeholder: '5 10 20 50 100 1000' }), otherField(app, s)));
  out.append(section);
  if (!measures.length) return section.append(el('p', { class: 'empty' }, 'Name at least one measure with numbers in the measure field.'));
  if (!cutoffs) return section.append(el('p', { class: 'error', role: 'alert' }, `Cutoffs: "${settings.reK}" is not a list of whole numbers >= 1 (e.g. 5 10 20).`));
  const other = s.other;
  const key = JSON.stringify([roles, measures, cutoffs, other && [other.file.name, other.file.size, other.file.lastModified], app.client.generation, names]);
  const ask = async () => {
    let payload = null;
    if (other) {
      payload = { name: other.file.name, data: await other.file.arrayBuffer(),
        runs: { reproBaseline: await runBytes(app, roles.reproBaseline), reproAdvanced: await runBytes(app, roles.reproAdvanced) } };
    }
    return app.request('reproducibility', { roles, measures, cutoffs, other: payload });
  };
  if (!(await computed(app, s.repro, key, 'Measuring the reproduction', ask, live))) return;
  if (s.repro.error) return section.append(errorOf(s.repro.error));
  if (!s.repro.doc) return;
  const { document: doc, perTopic } = s.repro.doc;
  const replicability = doc.kind === 'replicability';
  const analysis = { view: 'reproducibility', part: 'reproduction', format: REPRO_EXPORT_FORMAT, kind: doc.kind, runs: doc.runs, measures, cutoffs,
    persistence: doc.persistence, rbo_depth: doc.rbo_depth, run_length: doc.run_length,
    ...(other ? { other_qrels: { name: other.file.name, bytes: other.file.size, sha256: other.sha256 } } : {}) };
  /** A table of `which` (REPRO_TABLES): a line per key, a column per quantity, the topics and notes. */
  const pivoted = (which, caption) => {
    const { keys } = REPRO_TABLES[which];
    const { quantities, lines } = reproLines(doc.rows, REPRO_TABLES[which]);
    if (!lines.length) return null;
    return table(caption, [...keys, ...quantities.map((q) => QUANTITY[q]), 'topics', 'note'], lines.map((l) => el('tr', {},
      el('th', { scope: 'row' }, String(l.key[0])), l.key.slice(1).map((k) => el('td', {}, String(k))),
      quantities.map((q) => (l.values[q] ? valueCell(l.values[q].value, l.values[q].note) : el('td', {}, ''))),
      el('td', { class: 'num' }, l.topics.join(' / ')), el('td', {}, l.notes.join('; ')))));
  };
  append(section, 
    el('p', { class: 'repro-rules' }, `${replicability ? `Replicability: the reproduced runs read against ${other.file.name}, on their own topics` : 'Reproducibility: all four runs on the loaded qrels, topics paired by id'}. `
      + `Each run cut to its first ${doc.run_length} documents (repro_eval's run length), ties broken by document id descending; RBO at p = ${doc.persistence} to depth ${doc.rbo_depth} (repro_eval's defaults). `
      + (replicability ? 'Other topics: no document-order values and no RMSE (they pair topics); the t-tests are unpaired.' : 'The t-tests are paired by topic id.')),
    doc.warnings.length ? el('ul', { class: 'warning repro-warnings' }, doc.warnings.map((w) => el('li', {}, w))) : null,
    exportsOf(app, 'reproducibility', () => ({ table: { columns: doc.columns, rows: doc.rows, integers: ['cutoff', 'topics'] }, analysis })),
    pivoted('order', 'Document order: original against reproduced lists cut to each cutoff'),
    pivoted('effect', `Effectiveness: original against reproduced scores per measure; ${replicability ? 'unpaired' : 'paired'} t-test p-values`),
    pivoted('overall', 'Overall effect: the advanced run\'s improvement over its baseline, reproduced against original'));
  if (!perTopic) return section.append(el('p', { class: 'empty' }, 'No per-topic differences: the reproduced runs answer other topics (replicability).'));
  const shown = doc.rows.map((r) => r.measure).filter((m, i, all) => m && all.indexOf(m) === i);
  const m = shown.includes(settings.reChart) ? settings.reChart : shown[0];
  const points = perTopic.filter((r) => r.measure === m).map((r) => ({ topic: r.topic, series: `${r.run} (reproduced − original)`, value: r.difference, run: r.run }));
  const largest = new Map();
  for (const pt of points) largest.set(pt.topic, Math.max(largest.get(pt.topic) ?? 0, Math.abs(pt.value)));
  const topics = [...largest.keys()].sort((x, y) => largest.get(y) - largest.get(x) || (x < y ? -1 : 1));
  const box = el('div', { class: 'repro-chart' });
  append(section, el('div', { class: 'controls' }, select(app, 'Differences of', 'reChart', shown, m)), box,
    points.length ? null : el('p', { class: 'empty' }, `${m}: no topic both runs of a pair were scored on.`));
  if (!points.length) return;
  await topicChart(app, box, 'reproducibility-topics', topicValuesSpec(points, { order: topics, zero: true,
    title: `${m}: reproduced minus original score per topic, the largest differences first`, xTitle: `${m} difference (reproduced − original)` }),
  { table: { columns: ['measure', 'topic', 'run', 'original', 'reproduced', 'difference'], rows: perTopic.filter((r) => r.measure === m) }, analysis: { ...analysis, part: 'reproducibility-topics', measure: m } }, live);
}

export const reproducibilityView = {
  id: 'reproducibility',
  label: 'Reproducibility',
  /** The HTML report shows this view once it has results (ui/report.js). */
  inReport: (app) => !!(app.reproState && (app.reproState.runs.doc || app.reproState.repro.doc)),
  async render(container, app, live) {
    const names = app.state.qrels ? app.runNames : [];
    if (names.length < 2) return noData(container, 'Load a qrels file and at least two runs (or the example) to compare runs and measure a reproduction.');
    const out = el('div', { class: 'repro-out' });
    container.textContent = '';
    container.append(out);
    await runVersusRun(app, out, names, live);
    if (!live()) return;
    await reproduction(app, out, names, live);
  },
};
