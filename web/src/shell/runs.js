// The loaded files as one summary line ("qrels.txt: 30 topics, 8,691 judgments · 143 runs,
// 54 MB") that opens the run manager: a filter by name, selection (one by one or every run
// shown; Remove selected and Set group act on the selected runs the filter shows), Remove /
// Remove selected, and each run's tag, lines, topics answered and problems (not
// loaded, waiting for a qrels file, left out for answering no topic), and each run's group: typed
// per run, or for the selected runs at once, over the groups of a loaded groups file; the
// mapping is loaded as a groups file (side-inputs.js assignGroups), so NRG's group policies,
// unique contributions, leave-one-out and colour by group use it.
import { el } from '../ui/util.js';
import { teams } from '../base/teams.js';
import { runName } from '../../../build-wasm/dist/run-name.mjs';

const count = (n) => n.toLocaleString('en-US');

/** 1234567 -> "1.2 MB" (decimal units, as file managers show sizes). */
export function bytesText(n) {
  if (n < 1000) return `${n} B`;
  const units = ['kB', 'MB', 'GB'];
  let v = n / 1000, u = 0;
  while (v >= 1000 && u < units.length - 1) { v /= 1000; u++; }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[u]}`;
}

/** The summary line of what is loaded. */
export function summaryText(state) {
  const q = state.qrels;
  const parts = [q ? `${q.source.name}: ${count(q.info.topics.length)} topics, ${count(q.info.judgments)} judgments` : 'no qrels file yet'];
  const runs = state.runs;
  if (runs.length) {
    const size = runs.reduce((s, r) => s + r.source.size, 0);
    let text = `${count(runs.length)} run${runs.length === 1 ? '' : 's'}, ${bytesText(size)}`;
    const notes = [];
    const left = runs.filter((r) => r.excluded).length, bad = runs.filter((r) => !r.info && !r.pending).length, waiting = runs.filter((r) => r.pending).length;
    if (left) notes.push(`${left} left out`);
    if (bad) notes.push(`${bad} not loaded`);
    if (waiting) notes.push(`${waiting} waiting for a qrels file`);
    if (notes.length) text += ` (${notes.join(', ')})`;
    parts.push(text);
  }
  return parts.join(' · ');
}

/**
 * The groups file's mapping with each loaded run under its own name (a file's "a.txt" becomes the
 * run "a" it matches: teams.js), the file's other lines kept.
 */
function groupsByRun(app) {
  const g = app.state.side && app.state.side.groups;
  const byRun = { ...((g && g.info && g.info.byRun) || {}) };
  const t = teams(app);
  if (!t) return byRun;
  for (const r of app.state.runs) {
    const name = r.source.name, group = t.of(name);
    if (group === null || byRun[name] !== undefined) continue;
    for (const listed of Object.keys(byRun)) if (runName(listed) === runName(name)) delete byRun[listed];
    byRun[name] = group;
  }
  return byRun;
}

/** Sets the group of `names` to `group` ('' = none) and loads the mapping. */
function assign(app, names, group) {
  const byRun = groupsByRun(app);
  for (const name of names) byRun[name] = group.trim();
  return app.sideInputs.assignGroups(byRun);
}

function runDetail(r) {
  const file = r.source.file && r.source.file !== r.source.name ? `file ${r.source.file}, ` : ''; // a run named without .gz/.txt/.tsv
  return runState(r).replace(/^\(/, `(${file}`);
}

function runState(r) {
  if (r.excluded) return `(tag ${r.info.tag}, ${r.info.linesRead} lines, answers none of the qrels' topics: left out)`;
  if (r.info) {
    const ignored = r.info.ignoredTopics && r.info.ignoredTopics.length ? `, ${r.info.ignoredTopics.length} topics not in the qrels ignored` : '';
    return `(tag ${r.info.tag}, ${r.info.linesRead} lines, ${r.info.topicsAnswered} topics${ignored})`;
  }
  if (r.pending) return '(waiting for a qrels file)';
  return '(not loaded: see the errors)';
}

const runClass = (r) => (r.excluded ? 'bad excluded' : r.info ? 'ok' : r.pending ? 'pending' : 'bad');

export function renderRunManager(app) {
  const { state } = app;
  const $ = app.$;
  const box = $('#loaded');
  box.hidden = !state.qrels && !state.runs.length;
  $('#loaded-summary').textContent = summaryText(state);
  const selected = app.selectedRuns || (app.selectedRuns = new Set());
  for (const name of [...selected]) if (!state.runs.some((r) => r.source.name === name)) selected.delete(name);
  const list = $('#file-list');
  list.textContent = '';
  list.setAttribute('aria-label', state.example ? 'Loaded files (the example)' : 'Loaded files');
  const t = teams(app);
  const groupOf = (name) => (t ? t.of(name) : null);
  if (state.qrels) list.append(el('li', { class: 'ok' }, 'Qrels: ', el('strong', {}, state.qrels.source.name), ` (${count(state.qrels.info.topics.length)} topics, ${count(state.qrels.info.judgments)} judgments)`));
  for (const r of state.runs) {
    const name = r.source.name;
    list.append(el('li', { class: runClass(r), 'data-run': name },
      el('input', { type: 'checkbox', class: 'pick', 'aria-label': `Select ${name}`, checked: selected.has(name), onchange: (e) => {
        if (e.target.checked) selected.add(name);
        else selected.delete(name);
        syncTools(app);
      } }),
      ' Run: ', el('strong', {}, name), ` ${runDetail(r)} `,
      el('input', { type: 'text', class: 'group', 'aria-label': `Group of ${name}`, placeholder: 'group', value: groupOf(name) || '', spellcheck: 'false',
        onchange: (e) => assign(app, [name], e.target.value) }), ' ',
      el('button', { type: 'button', class: 'small', 'aria-label': `Remove ${name}`, onclick: () => app.removeRun(name) }, 'Remove')));
  }
  filterRuns(app);
}

/** Shows the runs whose name contains the filter text (case-insensitive). */
function filterRuns(app) {
  const text = app.$('#run-filter').value.trim().toLowerCase();
  for (const li of app.$('#file-list').querySelectorAll('li[data-run]')) li.hidden = !!text && !li.dataset.run.toLowerCase().includes(text);
  syncTools(app);
}

function shownRuns(app) {
  return [...app.$('#file-list').querySelectorAll('li[data-run]')].filter((li) => !li.hidden).map((li) => li.dataset.run);
}

/** The selected runs the filter shows: what Remove selected and Set group act on (hidden ones stay selected, untouched). */
function visibleSelection(app) {
  return shownRuns(app).filter((n) => app.selectedRuns.has(n));
}

function syncTools(app) {
  const shown = shownRuns(app);
  const selected = app.selectedRuns;
  const all = app.$('#select-shown');
  all.checked = shown.length > 0 && shown.every((n) => selected.has(n));
  all.indeterminate = !all.checked && shown.some((n) => selected.has(n));
  const n = visibleSelection(app).length, hidden = selected.size - n;
  const button = app.$('#remove-selected');
  button.disabled = !n;
  button.textContent = n ? `Remove selected (${n})` : 'Remove selected';
  button.title = hidden ? `${hidden} selected run${hidden === 1 ? '' : 's'} hidden by the filter: not removed` : '';
  app.$('#assign-group').disabled = !n;
}

export function setupRunManager(app) {
  const $ = app.$;
  app.selectedRuns = new Set();
  $('#run-filter').addEventListener('input', () => filterRuns(app));
  $('#select-shown').addEventListener('change', (e) => {
    for (const name of shownRuns(app)) {
      if (e.target.checked) app.selectedRuns.add(name);
      else app.selectedRuns.delete(name);
    }
    for (const box of $('#file-list').querySelectorAll('li[data-run] input.pick')) box.checked = app.selectedRuns.has(box.closest('li').dataset.run);
    syncTools(app);
  });
  $('#remove-selected').addEventListener('click', () => {
    const names = visibleSelection(app);
    for (const name of names) app.selectedRuns.delete(name);
    if (names.length) app.removeRuns(names);
  });
  $('#assign-group').addEventListener('click', () => {
    const names = visibleSelection(app);
    if (names.length) assign(app, names, $('#group-selected').value);
  });
}
