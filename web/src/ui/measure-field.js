// The measure field: free text in the measure language, checked by the core's parser (its message
// is shown as is), with autocomplete and tooltips generated from the registry (help, parameters
// with defaults, required ones and choices, citation) and the presets of groups(). Inside a
// measure's parentheses the suggestions are its parameters, then a parameter's choices (e.g.
// NRG(prior= offers others, best_per_group, ...); a measure with a required parameter is
// inserted with it opened (P_rareness(alpha=).
import { findMeasure } from '../base/measure-lookup.js';

const DEBOUNCE_MS = 500;

function paramText(p) {
  const value = p.required ? '(required)' : p.default || '?';
  return `${p.name}=${value}${p.choices && p.choices.length ? ` [${p.choices.join('|')}]` : ''}`;
}

function describe(m) {
  const params = (m.params || []).map(paramText).join(', ');
  return `${m.help}${params ? `\nParameters: ${params}` : ''}${m.cutoff ? `\nCutoff: @${m.cutoff === 'int' ? 'k' : 'x'}${m.cutoffRequired ? ' (required)' : ''}` : ''}\nSource: ${m.citation}`;
}

/** What accepting a measure inserts: its name, its required parameters opened, or '@' for a required cutoff. */
function insertion(m) {
  const required = (m.params || []).filter((p) => p.required);
  if (required.length) return `${m.name}(${required[0].name}=`;
  return m.name + (m.cutoffRequired ? '@' : '');
}

/**
 * Suggestions inside `NAME(...`: the parameters of NAME not given yet, or the choices of the one
 * being typed after '='. Returns [{label, help, text, from}] (text replaces the token from `from`)
 * or null when `t` is not inside a measure's parentheses.
 */
function paramSuggestions(t, find) {
  const open = t.text.lastIndexOf('(');
  if (open < 0 || t.text.indexOf(')', open) >= 0) return null;
  const m = find(t.text.slice(0, open));
  if (!m) return [];
  const inside = t.text.slice(open + 1);
  const last = inside.slice(inside.lastIndexOf(',') + 1);
  const from = t.start + t.text.length - last.length;
  const eq = last.indexOf('=');
  if (eq >= 0) {
    const p = (m.params || []).find((x) => x.name === last.slice(0, eq));
    const typed = last.slice(eq + 1);
    if (!p || !p.choices || !p.choices.length) return [];
    return p.choices.filter((c) => c.startsWith(typed)).map((c) => ({ m, label: c, help: p.help, text: `${p.name}=${c}`, from }));
  }
  const given = new Set(inside.split(',').map((kv) => kv.split('=')[0]));
  return (m.params || []).filter((p) => p.name.startsWith(last) && !given.has(p.name))
    .map((p) => ({ m, label: `${p.name}=`, help: `${p.help} (${p.required ? 'required' : `default ${p.default || 'none'}`})`, text: `${p.name}=`, from }));
}

/**
 * A measure field on `input` (a text input with role=combobox) and its suggestion `list`, `help`
 * and `error` elements: registry, groups (presets, added as buttons to `presets` when given);
 * parse(text) rejects with the core's message; value() the committed text; onCommit(text) once a
 * new valid text is committed; onSettled() after a commit the user asked for (Enter, a preset) once it
 * is done. idPrefix keeps option ids unique when a page has several fields.
 * Returns {sync, commit}.
 */
export function measureField({ input, list, help, error, presets, registry, groups = [], parse, value, onCommit, onSettled = null, idPrefix = 'measure-option' }) {
  const entries = [];
  for (const m of registry) {
    entries.push({ key: m.name, m });
    for (const a of m.aliases || []) entries.push({ key: a, m, alias: true });
  }
  let active = -1;
  let shown = [];
  let timer = null;

  function token() {
    const caret = input.selectionStart ?? input.value.length;
    const before = input.value.slice(0, caret);
    // The measure under the caret starts after the last space or comma outside brackets.
    let start = 0, depth = 0;
    for (let i = 0; i < before.length; i++) {
      const c = before[i];
      if ('([{'.includes(c)) depth++;
      else if (')]}'.includes(c)) depth = Math.max(0, depth - 1);
      else if (depth === 0 && (c === ' ' || c === ',')) start = i + 1;
    }
    return { start, end: caret, text: before.slice(start) };
  }

  function close() {
    list.hidden = true;
    list.textContent = '';
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
    shown = [];
  }

  function highlight(i) {
    active = i;
    [...list.children].forEach((li, j) => li.setAttribute('aria-selected', String(j === i)));
    if (i >= 0) input.setAttribute('aria-activedescendant', list.children[i].id);
  }

  function accept(i) {
    const e = shown[i];
    if (!e) return;
    const t = token();
    const from = e.param ? e.param.from : t.start;
    const insert = e.param ? e.param.text : insertion(e.m);
    input.value = input.value.slice(0, from) + insert + input.value.slice(t.end);
    const caret = from + insert.length;
    input.setSelectionRange(caret, caret);
    close();
    showHelp(e.m);
    if (e.param) suggest();
    else if (insert === e.m.name) schedule();
    else suggest();
  }

  // A help paragraph inside a <details> (the app's #measure-about) stays closed until asked for:
  // its summary names the measure, and the box shows only while there is a measure to describe.
  const about = help.parentElement && help.parentElement.tagName === 'DETAILS' ? help.parentElement : null;
  function showHelp(m) {
    help.textContent = m ? `${m.name}: ${describe(m)}` : '';
    if (!about) return;
    about.hidden = !m;
    if (m) about.querySelector('summary').textContent = `About ${m.name}`;
  }

  function suggest() {
    const tok = token();
    const t = tok.text;
    showHelp(findMeasure(registry, t) || null);
    const params = paramSuggestions(tok, (n) => findMeasure(registry, n));
    if (params) {
      shown = params.slice(0, 12).map((param) => ({ m: param.m, param }));
    } else {
      if (!t || /[(@]/.test(t)) return close();
      const lower = t.toLowerCase();
      const seen = new Set();
      shown = entries.filter((e) => e.key.toLowerCase().startsWith(lower) && !seen.has(e.m.name) && seen.add(e.m.name)).slice(0, 10);
    }
    if (!shown.length) return close();
    list.textContent = '';
    shown.forEach((e, i) => {
      const li = document.createElement('li');
      li.id = `${idPrefix}-${i}`;
      li.role = 'option';
      li.title = e.param ? e.param.help : describe(e.m);
      const b = document.createElement('strong');
      b.textContent = e.param ? e.param.label : e.m.name;
      li.append(b, ` — ${e.param ? e.param.help : e.m.help}`);
      li.addEventListener('mousedown', (ev) => {
        ev.preventDefault();
        accept(i);
      });
      list.appendChild(li);
    });
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    highlight(-1);
  }

  /** Commits the field's text; resolves true once a valid text is committed (and evaluated), false on an error shown. */
  async function commit() {
    clearTimeout(timer);
    const text = input.value.trim();
    if (!text) {
      error.textContent = 'Enter at least one measure, e.g. nDCG@10.';
      input.setAttribute('aria-invalid', 'true');
      return false;
    }
    try {
      await parse(text);
    } catch (e) {
      error.textContent = e.message;
      input.setAttribute('aria-invalid', 'true');
      return false;
    }
    error.textContent = '';
    input.setAttribute('aria-invalid', 'false');
    if (text !== value()) await onCommit(text);
    return true;
  }

  /** A commit the user asked for (Enter, a preset): onSettled() after it, when the text was valid. */
  const commitAsked = () => commit().then((ok) => ok && onSettled && onSettled());

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(commit, DEBOUNCE_MS);
  }

  input.addEventListener('input', () => {
    suggest();
    schedule();
  });
  input.addEventListener('click', suggest);
  input.addEventListener('blur', () => setTimeout(close, 100));
  input.addEventListener('keydown', (e) => {
    if (!list.hidden && shown.length) {
      if (e.key === 'ArrowDown') {
        e.preventDefault();
        return highlight((active + 1) % shown.length);
      }
      if (e.key === 'ArrowUp') {
        e.preventDefault();
        return highlight((active - 1 + shown.length) % shown.length);
      }
      if ((e.key === 'Enter' || e.key === 'Tab') && active >= 0) {
        e.preventDefault();
        return accept(active);
      }
      if (e.key === 'Escape') return close();
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      commitAsked();
    }
  });

  for (const g of presets ? groups : []) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'small';
    b.textContent = g.name;
    b.title = `${g.help}: ${g.measures.join(' ')}`;
    b.addEventListener('click', () => {
      input.value = g.measures.join(' ');
      commitAsked();
    });
    presets.appendChild(b);
  }

  const sync = () => {
    input.value = value();
    error.textContent = '';
    input.setAttribute('aria-invalid', 'false');
  };
  sync();
  return { sync, commit };
}

/** The app's measure field (index.html's #measures): its setting `m`, evaluated on commit. */
export function setupMeasureField(app) {
  const $ = app.$;
  return measureField({
    input: $('#measures'), list: $('#measure-suggestions'), help: $('#measure-help'), error: $('#measure-error'), presets: $('#presets'),
    registry: app.state.registry, groups: app.state.groups,
    parse: (text) => app.request('parse', { text }),
    value: () => app.state.settings.m,
    onCommit: (text) => app.set({ m: text }, { evaluate: true }),
    onSettled: () => app.revealResults(), // the table of the measures typed, in view (a phone: below the panels)
  });
}
