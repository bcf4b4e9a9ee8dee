// The metric playground's editor (views/playground.js in the app, widgets/playground.js embedded):
// one or two ranked lists shown as rows of grades, edited in place, and every chosen measure
// recomputed by the core on each edit (worker-playground.js: the qrels and run of model.js's
// inputsOf, the same files `irlens eval` would read), with its arithmetic (irlens.explain) on
// hover or focus of a value (a C/W/L measure's user model drawn above it, ui/user-model.js),
// and the difference of list B from list A per measure.
//
// Editing: click a position (or Enter/Space on it) to cycle its grade 0..max; a digit sets it;
// drag it, or Alt+Left/Right, to move it; Delete removes it; the position last focused is edited
// in detail below its list (intents, length). The container gets data-seq (edits made) and
// data-evaluated (the edit whose numbers are shown), which tests and bench/playground.mjs read.
import { el, fmt } from '../ui/util.js';
import { explanationBlock } from '../ui/explanation.js';
import { findMeasure } from '../base/measure-lookup.js';
import { measureField } from '../ui/measure-field.js';
import { TOPICS, inputsOf, listValues, listTarget, freshId, describeEdit, describeChange } from './model.js';
import { settingsOf, PLAYGROUND_DEFAULTS } from './settings.js';
import { userModelFigure } from '../ui/user-model.js';

const copyList = (l) => ({ docs: l.docs.map((d) => ({ ...d, i: [...d.i] })), missing: [...l.missing] });

/**
 * Mounts the playground in `container`. options: request(action, payload) (a WorkerClient's),
 * registry and groups (the worker's init), state (model.js), onChange(state) after each edit,
 * examples [{id, title, ...}] with onExample(example) (a select of them, when given), idPrefix
 * (unique per page). Returns {setState(state)}.
 */
export function mountPlayground(container, { request, registry, groups = [], state, onChange = () => {}, examples = null, onExample, idPrefix = 'pg' }) {
  let current = { focus: [0, 0], ranks: [0, 0] }; // focus: [list, rank index] last focused; ranks: each list's position shown in its detail
  let seq = 0, inFlight = false, dirty = false;
  let values = null; // {measures, values: {A: {M: v}, B: ...}}
  const id = (s) => `${idPrefix}-${s}`;
  container.classList.add('playground');
  container.textContent = '';

  // ---- controls ---------------------------------------------------------------------------
  const gradesInput = el('input', { id: id('grades'), type: 'number', min: '1', max: '9', size: '2', onchange: (e) => setMaxGrade(Number(e.target.value)) });
  const intentsInput = el('input', { id: id('intents'), type: 'number', min: '0', max: '9', size: '2', onchange: (e) => setIntents(Number(e.target.value)) });
  const compareButton = el('button', { type: 'button', class: 'small', id: id('compare'), onclick: () => toggleCompare() });
  const runsBox = el('input', { id: id('runs'), type: 'checkbox', onchange: (e) => { state.runs = e.target.checked; changed(); } });
  const runsLabel = el('label', { for: id('runs'), class: 'field', title: 'For the measures that score a run against the others (NRG, P_rareness, AP_rareness): A and B are two runs of one topic, sharing their judgments and list A\'s documents not retrieved' }, runsBox, 'A and B are runs of one topic');
  const exampleSelect = examples
    ? el('select', { id: id('example'), onchange: (e) => { const ex = examples.find((x) => x.id === e.target.value); if (ex && onExample) onExample(ex); } },
      new Option('Choose an example…', ''), examples.map((x) => new Option(x.title, x.id)))
    : null;
  const exampleNote = el('p', { class: 'hint pg-example-note', 'aria-live': 'polite' });
  const controls = el('div', { class: 'controls' },
    exampleSelect ? el('label', { for: id('example'), class: 'field' }, 'Example ', exampleSelect) : null,
    el('label', { for: id('grades'), class: 'field' }, 'Highest grade ', gradesInput),
    el('label', { for: id('intents'), class: 'field', title: 'Intents (subtopics) for the diversity measures; 0: none' }, 'Intents ', intentsInput),
    compareButton, runsLabel);

  const mInput = el('input', { id: id('measures'), class: 'measure-input', type: 'text', role: 'combobox', autocomplete: 'off', spellcheck: 'false',
    'aria-autocomplete': 'list', 'aria-expanded': 'false', 'aria-controls': id('measure-suggestions'), 'aria-describedby': `${id('measure-error')} ${id('measure-help')}` });
  const mList = el('ul', { id: id('measure-suggestions'), class: 'measure-suggestions', role: 'listbox', 'aria-label': 'Measure suggestions', hidden: true });
  const mError = el('p', { id: id('measure-error'), class: 'error', role: 'alert' });
  const mHelp = el('p', { id: id('measure-help'), class: 'help', 'aria-live': 'polite' });
  const measureBox = el('div', { class: 'combo' }, el('label', { for: id('measures') }, 'Measures'), mInput, mList);

  const listsBox = el('div', { class: 'pg-lists' });
  const error = el('p', { class: 'error pg-error', role: 'alert' });
  const results = el('div', { class: 'pg-results table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Measures of the lists' });
  const diff = el('p', { class: 'pg-diff', 'aria-live': 'polite' });
  const explain = el('div', { class: 'pg-explain explanation', 'aria-live': 'polite' },
    el('p', { class: 'hint' }, 'Hover over or focus a value to see its arithmetic.'));
  container.append(controls, exampleNote, measureBox, mError, mHelp, listsBox, error, diff, results, explain);

  const field = measureField({
    input: mInput, list: mList, help: mHelp, error: mError, registry, groups,
    parse: (text) => request('parse', { text }),
    value: () => state.measures,
    onCommit: (text) => { state.measures = text; changed(); },
    idPrefix: id('measure-option'),
  });

  // ---- edits ------------------------------------------------------------------------------
  /** After an edit: lists true rebuilds the lists, k list k alone, [k, r] one position (a grade changed). */
  function changed({ lists = true } = {}) {
    if (Array.isArray(lists)) renderCell(...lists);
    else if (typeof lists === 'number') renderLists(lists);
    else if (lists) renderLists();
    renderControls();
    onChange(state);
    evaluate();
  }

  function setMaxGrade(g) {
    if (!Number.isInteger(g) || g < 1 || g > 9) return renderControls();
    state.maxGrade = g;
    for (const l of state.lists) {
      for (const d of l.docs) d.g = Math.min(d.g, g);
      l.missing = Array.from({ length: g }, (_, k) => l.missing[k] || 0);
    }
    changed();
  }

  function setIntents(n) {
    if (!Number.isInteger(n) || n < 0 || n > 9) return renderControls();
    state.intents = n;
    for (const l of state.lists) for (const d of l.docs) d.i = d.i.filter((x) => x <= n);
    changed();
  }

  function toggleCompare() {
    if (state.lists.length > 1) {
      state.lists.length = 1;
      state.runs = false;
    }
    else state.lists.push(copyList(state.lists[0]));
    renderControls();
    changed();
  }

  function move(k, from, to) {
    const docs = state.lists[k].docs;
    if (to < 0 || to >= docs.length || from === to) return;
    const [d] = docs.splice(from, 1);
    docs.splice(to, 0, d);
    const hadFocus = listsBox.contains(document.activeElement) && document.activeElement.classList.contains('pg-cell');
    current.focus = [k, to];
    current.ranks[k] = to;
    // only the ranks between from and to hold other documents now
    for (let r = Math.min(from, to); r <= Math.max(from, to); r++) renderCell(k, r);
    if (hadFocus) focusCell(k, to);
    renderDetail(k);
    changed({ lists: false });
  }

  function cycle(k, r) {
    const d = state.lists[k].docs[r];
    d.g = (d.g + 1) % (state.maxGrade + 1);
    current.focus = [k, r];
    changed({ lists: [k, r] });
  }

  function setGrade(k, r, g) {
    if (g > state.maxGrade) return;
    state.lists[k].docs[r].g = g;
    changed({ lists: [k, r] });
  }

  function add(k) {
    const docs = state.lists[k].docs;
    docs.push({ id: freshId(state.lists), g: 0, i: [], w: null, c: null });
    current.focus = [k, docs.length - 1];
    changed({ lists: k });
  }

  function remove(k, r) {
    const docs = state.lists[k].docs;
    docs.splice(r, 1);
    current.focus = [k, Math.min(r, docs.length - 1)];
    changed({ lists: k });
  }

  // ---- rendering ----------------------------------------------------------------------------
  function renderControls() {
    if (exampleSelect) {
      // the example the lists are (if any), with what the lecture computes for it
      const now = settingsOf(state);
      const same = (ex) => Object.entries({ ...PLAYGROUND_DEFAULTS, ...ex.settings }).every(([k, v]) => now[k] === v);
      const ex = examples.find(same);
      exampleSelect.value = ex ? ex.id : '';
      exampleNote.textContent = ex ? `${ex.title}. The lecture: ${ex.lecture}.` : '';
    }
    gradesInput.value = String(state.maxGrade);
    intentsInput.value = String(state.intents);
    compareButton.textContent = state.lists.length > 1 ? 'Remove list B' : 'Compare with a second list';
    runsBox.checked = state.runs;
    runsLabel.hidden = state.lists.length < 2;
  }

  function cell(k, r, d) {
    const name = TOPICS[k];
    const noIntent = state.intents > 0 && d.g > 0 && !d.i.length;
    const b = el('button', {
      type: 'button', class: `pg-cell g${d.g}${noIntent ? ' no-intent' : ''}`, 'data-list': name, 'data-rank': String(r + 1),
      'aria-label': `List ${name}, rank ${r + 1}, ${d.id}, grade ${d.g} of ${state.maxGrade}${d.i.length ? `, intents ${d.i.join(', ')}` : ''}${noIntent ? ', relevant to no intent' : ''}`,
      title: 'Click: next grade; a digit: that grade; drag or Alt+←/→: move; Delete: remove',
      onclick: () => cycle(k, r),
      onfocus: () => { current.focus = [k, r]; if (current.ranks[k] !== r) { current.ranks[k] = r; renderDetail(k); } },
      onkeydown: (e) => {
        const docs = state.lists[k].docs;
        if (e.altKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
          e.preventDefault();
          move(k, r, r + (e.key === 'ArrowLeft' ? -1 : 1));
        } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
          e.preventDefault();
          const to = r + (e.key === 'ArrowLeft' ? -1 : 1);
          if (to >= 0 && to < docs.length) focusCell(k, to);
        } else if (e.key === 'Delete' || e.key === 'Backspace') {
          e.preventDefault();
          remove(k, r);
        } else if (/^[0-9]$/.test(e.key)) {
          e.preventDefault();
          setGrade(k, r, Number(e.key));
        }
      },
    }, el('span', { class: 'pg-rank' }, String(r + 1)), el('span', { class: 'pg-grade' }, String(d.g)), el('span', { class: 'pg-doc' }, d.id),
    d.i.length ? el('span', { class: 'pg-intents' }, `{${d.i.join(',')}}`) : null);
    const li = el('li', {
      draggable: 'true',
      ondragstart: (e) => { e.dataTransfer.setData('text/plain', `${k}:${r}`); e.dataTransfer.effectAllowed = 'move'; },
      ondragover: (e) => { e.preventDefault(); e.dataTransfer.dropEffect = 'move'; },
      ondrop: (e) => {
        e.preventDefault();
        const [fk, fr] = e.dataTransfer.getData('text/plain').split(':').map(Number);
        if (fk === k) move(k, fr, r);
      },
    }, b);
    return li;
  }

  /** Replaces position r of list k by a fresh one, keeping the focus on it. */
  function renderCell(k, r) {
    const old = listsBox.querySelector(`.pg-cell[data-list="${TOPICS[k]}"][data-rank="${r + 1}"]`);
    if (!old) return renderLists();
    const focused = document.activeElement === old;
    const li = cell(k, r, state.lists[k].docs[r]);
    old.parentElement.replaceWith(li);
    if (focused) li.firstChild.focus();
  }

  function focusCell(k, r) {
    const c = listsBox.querySelector(`.pg-cell[data-list="${TOPICS[k]}"][data-rank="${r + 1}"]`);
    if (c) c.focus();
  }

  /** Rebuilds the rows of every list, or of list `only` (an edit of one list leaves the other as it is). */
  function renderLists(only = null) {
    const [fk, fr] = current.focus;
    const hadFocus = listsBox.contains(document.activeElement) && document.activeElement.classList.contains('pg-cell');
    const sections = [...listsBox.children];
    if (only === null || sections.length !== state.lists.length) listsBox.textContent = '';
    state.lists.forEach((list, k) => {
      if (only !== null && k !== only && listsBox.children.length === state.lists.length) return;
      const name = TOPICS[k];
      const missing = state.runs && k > 0 ? el('p', { class: 'hint' }, 'Relevant, not retrieved: as list A (one topic).') : el('div', { class: 'controls pg-missing' }, 'Relevant, not retrieved: ',
        list.missing.map((n, g) => {
          const mid = id(`missing-${name}-${g + 1}`);
          return el('label', { for: mid, class: 'field' }, `grade ${g + 1} `,
            el('input', { id: mid, type: 'number', min: '0', max: '1000', size: '3', value: String(n), onchange: (e) => {
              const v = Number(e.target.value);
              if (Number.isInteger(v) && v >= 0 && v <= 1000) { list.missing[g] = v; changed({ lists: false }); } else e.target.value = String(list.missing[g]);
            } }));
        }));
      const section = el('section', { class: 'pg-list', 'aria-label': `List ${name}` },
        el('h3', {}, `List ${name}`, el('span', { class: 'hint' }, ` ${list.docs.length} retrieved`)),
        el('ol', { class: 'pg-row', 'aria-label': `List ${name}: grades by rank` }, list.docs.map((d, r) => cell(k, r, d))),
        el('div', { class: 'controls' }, el('button', { type: 'button', class: 'small pg-add', onclick: () => add(k) }, 'Add a position')),
        missing,
        el('div', { class: 'pg-detail', id: id(`detail-${name}`) }));
      if (listsBox.children[k]) listsBox.children[k].replaceWith(section);
      else listsBox.append(section);
      if (k === fk) current.ranks[k] = fr;
      renderDetail(k);
    });
    if (hadFocus) focusCell(fk, Math.max(0, Math.min(fr, state.lists[fk] ? state.lists[fk].docs.length - 1 : 0)));
  }

  /** The editor of list k's position last focused: grade, intents, length, move, remove (each list keeps its own, so the layout stays put). */
  function renderDetail(k) {
    const box = listsBox.querySelector(`#${id(`detail-${TOPICS[k]}`)}`);
    if (!box) return;
    box.textContent = '';
    const r = Math.max(0, Math.min(current.ranks[k] || 0, state.lists[k].docs.length - 1));
    const d = state.lists[k].docs[r];
    if (!d) return;
    const num = (label, key, value) => {
      const fid = id(`${key}-${TOPICS[k]}`);
      return el('label', { for: fid, class: 'field' }, label, el('input', { id: fid, type: 'number', min: '0', size: '6', value: value === null ? '' : String(value), onchange: (e) => {
        const v = e.target.value === '' ? null : Number(e.target.value);
        if (v === null || (Number.isInteger(v) && v >= 0)) { d[key] = v; if (key === 'w' && v === null) d.c = null; changed(); }
      } }));
    };
    box.append(el('div', { class: 'controls' }, el('strong', {}, `Rank ${r + 1}: ${d.id}`),
      state.intents > 0 ? el('span', { class: 'field', role: 'group', 'aria-label': `Intents of ${d.id}` }, 'intents ',
        Array.from({ length: state.intents }, (_, j) => {
          const cid = id(`intent-${TOPICS[k]}-${j + 1}`);
          return el('label', { for: cid }, el('input', { id: cid, type: 'checkbox', checked: d.i.includes(j + 1), onchange: (e) => {
            d.i = e.target.checked ? [...d.i, j + 1].sort((a, b) => a - b) : d.i.filter((x) => x !== j + 1);
            changed();
          } }), ` ${j + 1} `);
        })) : null,
      num('words ', 'w', d.w), d.w !== null ? num('characters ', 'c', d.c) : null,
      el('button', { type: 'button', class: 'small', onclick: () => { move(k, r, r - 1); focusCell(k, r - 1); }, disabled: r === 0 }, '← earlier'),
      el('button', { type: 'button', class: 'small', onclick: () => { move(k, r, r + 1); focusCell(k, r + 1); }, disabled: r === state.lists[k].docs.length - 1 }, 'later →'),
      el('button', { type: 'button', class: 'small', onclick: () => remove(k, r) }, 'Remove')));
  }

  function renderValues(reply) {
    values = reply;
    const two = state.lists.length > 1;
    const v = (t, m) => { // an empty list answers nothing: scored 0 (missing=zero, the CLI's default)
      const vs = listValues(state, reply.values, TOPICS.indexOf(t));
      return vs ? vs[m] : 0;
    };
    const valueCell = (t, m) => el('td', {}, el('button', { type: 'button', class: 'pg-value link', 'data-topic': t, 'data-measure': m, 'data-value': String(v(t, m)),
      onmouseenter: () => showExplanation(t, m), onfocus: () => showExplanation(t, m) }, fmt(v(t, m))));
    results.textContent = '';
    results.append(el('table', { class: 'pg-table' },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Measure'), el('th', { scope: 'col' }, 'List A'), two ? [el('th', { scope: 'col' }, 'List B'), el('th', { scope: 'col' }, 'B − A')] : null)),
      el('tbody', {}, reply.measures.map((m) => el('tr', { 'data-measure': m }, el('th', { scope: 'row', title: reply.measuresFull[m] }, m), valueCell('A', m),
        two ? [valueCell('B', m), el('td', { class: 'pg-delta' }, describeChange('', v('A', m), v('B', m)).trim())] : null)))));
    if (two) {
      const what = describeEdit(state.lists[0], state.lists[1]) || 'B is A';
      diff.textContent = `${what}: ${reply.measures.map((m) => describeChange(m, v('A', m), v('B', m))).join(', ')}`;
    } else diff.textContent = '';
  }

  async function showExplanation(topic, measure) {
    const row = findMeasure(registry, measure);
    const vs = values ? listValues(state, values.values, TOPICS.indexOf(topic)) : null;
    const value = vs ? vs[measure] : 0;
    const head = el('h3', {}, `${measure} of list ${topic}`);
    if (!row || !row.explainable) {
      explain.textContent = '';
      explain.append(head, el('p', { class: 'pg-no-explanation' }, `${measure} = ${fmt(value)}: no explanation yet.`));
      return;
    }
    const at = seq;
    let ex;
    try {
      ex = await request('playgroundExplain', { inputs: inputsOf(state), ...listTarget(state, TOPICS.indexOf(topic)), measure });
    } catch (e) {
      if (at !== seq) return;
      explain.textContent = '';
      explain.append(head, el('p', { class: 'error' }, e.message));
      return;
    }
    if (at !== seq) return;
    explain.textContent = '';
    explain.append(head, userModelFigure(ex, `${ex.measure} of list ${topic}`) || '', ...explanationBlock(ex, { caption: `${ex.measure} of list ${topic}` }));
  }

  async function evaluate() {
    seq += 1;
    container.dataset.seq = String(seq);
    if (inFlight) {
      dirty = true;
      return;
    }
    inFlight = true;
    const at = seq;
    try {
      const reply = await request('playgroundEvaluate', { inputs: inputsOf(state), measures: [state.measures] });
      error.textContent = '';
      if (!dirty) renderValues(reply);
    } catch (e) {
      if (!dirty) {
        error.textContent = e.message;
        results.textContent = '';
        diff.textContent = '';
      }
    } finally {
      inFlight = false;
      if (dirty) {
        dirty = false;
        seq -= 1; // evaluate() counts it again
        evaluate();
      } else container.dataset.evaluated = String(at);
    }
  }

  function setState(next) {
    state = next;
    current = { focus: [0, 0], ranks: [0, 0] };
    field.sync();
    renderControls();
    renderLists();
    explain.textContent = '';
    explain.append(el('p', { class: 'hint' }, 'Hover over or focus a value to see its arithmetic.'));
    evaluate();
  }

  setState(state);
  return { setState, get state() { return state; } };
}
