// The measure field: free text in the measure language, checked by the core's parser (its message
// is shown as is), with autocomplete and tooltips generated from the registry (help, parameters
// with defaults, citation) and the presets of groups().
const DEBOUNCE_MS = 500;

function describe(m) {
  const params = (m.params || []).map((p) => `${p.name}=${p.default || '?'}`).join(', ');
  return `${m.help}${params ? `\nParameters: ${params}` : ''}${m.cutoff ? `\nCutoff: @${m.cutoff === 'int' ? 'k' : 'x'}${m.cutoffRequired ? ' (required)' : ''}` : ''}\nSource: ${m.citation}`;
}

export function setupMeasureField(app) {
  const $ = app.$;
  const input = $('#measures');
  const list = $('#measure-suggestions');
  const help = $('#measure-help');
  const error = $('#measure-error');
  const entries = [];
  for (const m of app.state.registry) {
    entries.push({ key: m.name, m });
    for (const a of m.aliases || []) entries.push({ key: a, m, alias: true });
  }
  let active = -1;
  let shown = [];
  let timer = null;

  function token() {
    const caret = input.selectionStart ?? input.value.length;
    const before = input.value.slice(0, caret);
    const start = Math.max(before.lastIndexOf(' '), before.lastIndexOf(',')) + 1;
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
    const insert = e.m.name + (e.m.cutoffRequired ? '@' : '');
    input.value = input.value.slice(0, t.start) + insert + input.value.slice(t.end);
    const caret = t.start + insert.length;
    input.setSelectionRange(caret, caret);
    close();
    showHelp(e.m);
    if (!e.m.cutoffRequired) schedule();
  }

  function showHelp(m) {
    help.textContent = m ? `${m.name}: ${describe(m)}` : '';
  }

  function suggest() {
    const t = token().text;
    const name = t.replace(/[(@].*$/, '');
    const exact = entries.find((e) => e.key === name);
    showHelp(exact ? exact.m : null);
    if (!t || /[(@]/.test(t)) return close();
    const lower = t.toLowerCase();
    const seen = new Set();
    shown = entries.filter((e) => e.key.toLowerCase().startsWith(lower) && !seen.has(e.m.name) && seen.add(e.m.name)).slice(0, 10);
    if (!shown.length) return close();
    list.textContent = '';
    shown.forEach((e, i) => {
      const li = document.createElement('li');
      li.id = `measure-option-${i}`;
      li.role = 'option';
      li.title = describe(e.m);
      const b = document.createElement('strong');
      b.textContent = e.m.name;
      li.append(b, ` — ${e.m.help}`);
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

  async function commit() {
    clearTimeout(timer);
    const text = input.value.trim();
    if (!text) {
      error.textContent = 'Enter at least one measure, e.g. nDCG@10.';
      input.setAttribute('aria-invalid', 'true');
      return;
    }
    try {
      await app.request('parse', { text });
    } catch (e) {
      error.textContent = e.message;
      input.setAttribute('aria-invalid', 'true');
      return;
    }
    error.textContent = '';
    input.setAttribute('aria-invalid', 'false');
    if (text !== app.state.settings.m) await app.set({ m: text }, { evaluate: true });
  }

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
      commit();
    }
  });

  const presets = $('#presets');
  for (const g of app.state.groups) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'small';
    b.textContent = g.name;
    b.title = `${g.help}: ${g.measures.join(' ')}`;
    b.addEventListener('click', () => {
      input.value = g.measures.join(' ');
      commit();
    });
    presets.appendChild(b);
  }

  const sync = () => {
    input.value = app.state.settings.m;
    error.textContent = '';
    input.setAttribute('aria-invalid', 'false');
  };
  sync();
  return { sync, commit };
}
