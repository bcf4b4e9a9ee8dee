// Check runs: run validation for organisers (`irlens check`, the JS API's runChecker), so that a
// page handed to participants checks their runs before submission. The runs chosen here are only
// checked, never evaluated (they do not join the table): each is streamed into a checker in the
// worker (files.js ingest, kind 'check'), with the optional topic list, collection doc ids,
// expected tag, results-per-topic limit and the loaded qrels' topics. Every finding is listed with
// file, line and severity; JSON exports the document `irlens check RUN... --format json` prints
// (one entry of `files` per run, errors and warnings summed over them).
import { el } from '../ui/util.js';
import { decodedStream, fileSource, ingest } from '../base/files.js';

/** The view's own state, kept across renders, with its file inputs (created once, so that they keep showing their files). */
function stateOf(app) {
  if (!app.checks) {
    const s = { runs: [], topics: null, docs: null, tag: '', maxDocs: '', useQrels: false, reports: [], error: null };
    s.inputs = {
      runs: fileField('check-runs', 'Runs to check', true, (files) => { s.runs = files; check(app); }),
      topics: fileField('check-topics', 'Topic list', false, (files) => { s.topics = files[0] || null; }),
      docs: fileField('check-docs', 'Collection doc ids', false, (files) => { s.docs = files[0] || null; }),
    };
    app.checks = s;
  }
  return app.checks;
}

/** The bytes of an id list (plain or gzip). */
async function bytesOf(file) {
  return new Uint8Array(await new Response(await decodedStream(file)).arrayBuffer());
}

/** The document of `irlens check RUN... --format json` from the per-run documents. */
export function checkDocument(reports) {
  if (!reports.length) return null;
  const { irlens, command, options } = reports[0];
  const files = reports.flatMap((r) => r.files);
  return {
    irlens, command, options,
    errors: reports.reduce((n, r) => n + r.errors, 0),
    warnings: reports.reduce((n, r) => n + r.warnings, 0),
    files,
  };
}

async function check(app) {
  const s = stateOf(app);
  s.reports = [];
  s.error = null;
  if (!s.runs.length) return app.render();
  const options = {
    useQrels: s.useQrels && !!app.state.qrels,
    tag: s.tag.trim() || undefined,
    maxDocs: s.maxDocs === '' ? undefined : Number(s.maxDocs),
  };
  try {
    if (options.maxDocs !== undefined && !(Number.isInteger(options.maxDocs) && options.maxDocs >= 1))
      throw new Error(`Results per topic at most: expected a whole number of at least 1, got '${s.maxDocs}'`);
    await app.busy('Checking', async (progress) => {
      if (s.topics) Object.assign(options, { topics: await bytesOf(s.topics), topicsName: s.topics.name });
      if (s.docs) Object.assign(options, { docs: await bytesOf(s.docs), docsName: s.docs.name });
      for (const file of s.runs) {
        const source = fileSource(file);
        s.reports.push(await ingest(app.client, 'check', source, { options, onBytes: (n) => progress(n / Math.max(1, file.size), file.name) }));
      }
    });
  } catch (e) {
    s.reports = [];
    s.error = e.file ? `${e.file}${e.line ? `, line ${e.line}` : ''}: ${e.message.replace(/^[^:]*:\d+: |^[^:]*: /, '')}` : e.message;
  }
  app.render();
}

function fileField(id, label, multiple, onFiles) {
  const input = el('input', { type: 'file', id, multiple, onchange: (e) => onFiles([...e.target.files]) });
  return el('label', { class: 'file', for: id }, `${label} `, input);
}

function controls(app, s) {
  const q = app.state.qrels;
  const useQrels = el('input', { type: 'checkbox', id: 'check-use-qrels', checked: s.useQrels && !!q, disabled: !q, onchange: (e) => { s.useQrels = e.target.checked; } });
  const tag = el('input', { id: 'check-tag', type: 'text', size: 14, value: s.tag, autocomplete: 'off', spellcheck: 'false', oninput: (e) => { s.tag = e.target.value; } });
  const maxDocs = el('input', { id: 'check-max-docs', type: 'number', class: 'num', min: 1, step: 1, value: s.maxDocs, placeholder: '1000', oninput: (e) => { s.maxDocs = e.target.value; } });
  return el('div', { class: 'check-inputs' },
    el('p', { class: 'hint' }, 'Validates runs as TREC\'s submission checkers do, before they are submitted: every problem with its line, not just the first. The runs checked here are not evaluated.'),
    el('div', { class: 'controls' }, s.inputs.runs),
    el('div', { class: 'controls' }, s.inputs.topics, s.inputs.docs),
    el('div', { class: 'controls' },
      el('label', { class: 'field', for: 'check-tag' }, 'Expected run tag ', tag),
      el('label', { class: 'field', for: 'check-max-docs' }, 'Results per topic at most ', maxDocs),
      el('label', { class: 'check', for: 'check-use-qrels' }, useQrels, q ? ` Topics of the qrels (${q.source.name})` : ' Topics of the qrels (none loaded)'),
      el('button', { type: 'button', disabled: !s.runs.length, onclick: () => check(app) }, 'Check')),
    el('p', { class: 'hint' }, 'Topic list and doc ids: the first word of each line (a qrels file works as a topic list); plain or .gz.'));
}

function summary(f) {
  const n = (x, what) => `${x.toLocaleString('en')} ${what}${x === 1 ? '' : 's'}`;
  return `${f.file}: ${n(f.lines, 'line')}, ${n(f.results, 'result')}, ${n(f.topics, 'topic')}: ${n(f.errors, 'error')}, ${n(f.warnings, 'warning')}` +
    (f.unlisted ? ` (${f.unlisted.toLocaleString('en')} more not listed: only the first 100 of each kind are)` : '');
}

function findingsTable(doc) {
  const rows = doc.files.flatMap((f) => f.findings.map((x) => el('tr', { class: `finding ${x.severity}`, 'data-file': f.file, 'data-line': x.line ?? '', 'data-severity': x.severity, 'data-kind': x.kind },
    el('td', {}, f.file), el('td', {}, x.line === null ? '(file)' : String(x.line)), el('td', {}, x.severity),
    el('td', {}, x.kind), el('td', {}, x.topic ?? ''), el('td', {}, x.message))));
  if (!rows.length) return el('p', { class: 'empty', id: 'check-clean' }, 'No problem found.');
  return el('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Findings' },
    el('table', { id: 'check-findings' },
      el('caption', {}, `Findings: ${doc.errors} error${doc.errors === 1 ? '' : 's'}, ${doc.warnings} warning${doc.warnings === 1 ? '' : 's'}`),
      el('thead', {}, el('tr', {}, ['file', 'line', 'severity', 'kind', 'topic', 'problem'].map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, rows)));
}

export const checkView = {
  id: 'check',
  label: 'Check runs',
  render(container, app) {
    const s = stateOf(app);
    container.textContent = '';
    container.append(controls(app, s));
    if (s.error) container.append(el('p', { class: 'error', role: 'alert' }, s.error));
    const doc = checkDocument(s.reports);
    if (!doc) {
      if (!s.error) container.append(el('p', { class: 'empty' }, 'Choose one or more runs to check.'));
      return;
    }
    const exportJson = async () => {
      const { download } = await import('../ui/downloads.js');
      download('irlens-check.json', `${JSON.stringify(doc, null, 2)}\n`, 'application/json');
    };
    container.append(
      el('p', { class: doc.errors ? 'check-verdict bad' : 'check-verdict ok', id: 'check-verdict' },
        doc.errors ? `${doc.errors} error${doc.errors === 1 ? '' : 's'}: fix ${doc.errors === 1 ? 'it' : 'them'} before submitting.` : 'No errors' + (doc.warnings ? ` (${doc.warnings} warning${doc.warnings === 1 ? '' : 's'} to look at).` : '.')),
      el('ul', { class: 'check-files' }, doc.files.map((f) => el('li', {}, summary(f)))),
      findingsTable(doc),
      el('div', { class: 'exports', role: 'group', 'aria-label': 'Export the check report' }, 'Export: ',
        el('button', { type: 'button', class: 'small', 'data-export': 'irlens-check.json', onclick: exportJson }, 'JSON')));
  },
};
