// Small DOM helpers shared by the views.
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

export const fmt = (v, digits = 4) => (v === null || v === undefined || Number.isNaN(v) ? '–' : v.toFixed(digits));
export const signed = (v, digits = 4) => (v > 0 ? '+' : v < 0 ? '−' : '±') + Math.abs(v).toFixed(digits);

/** A labelled <select> bound to one setting. */
export function select(app, label, key, options, value) {
  const id = `sel-${key}`;
  const s = el('select', { id, onchange: (e) => app.set({ [key]: e.target.value }) });
  for (const o of options) s.append(typeof o === 'string' ? new Option(o, o) : new Option(o.label, o.value));
  s.value = value;
  return el('label', { for: id, class: 'field' }, `${label} `, s);
}

/** Export buttons for a chart view; decorate(provenance) may add to the provenance. */
export function chartExports(app, getView, name, decorate = (p) => p) { // getView(): the Vega view, or a promise of it (charts.js chartLater)
  const make = (format) =>
    el('button', {
      type: 'button',
      class: 'small',
      'data-export': `${name}.${format}`,
      onclick: async () => {
        const { provenance } = await import('../base/exports.js');
        const { exportChart } = await import('./downloads.js');
        exportChart(await getView(), name, format, decorate(provenance(app, await app.fileHashes())));
      },
    }, format.toUpperCase());
  return el('div', { class: 'exports', role: 'group', 'aria-label': `Export ${name}` }, 'Export: ', make('svg'), ' ', make('png'));
}

const numericOf = new WeakMap(); // result -> its numeric measures (asked once per table cell by the markers)

/** The measures of the current result that have numbers (text-valued ones left out). */
export function numericMeasures(app) {
  const { result } = app.state;
  if (!result) return [];
  if (!numericOf.has(result)) numericOf.set(result, result.measures.filter((m) => Object.values(result.runs).some((r) => r.mean[m] !== null)));
  return numericOf.get(result);
}

export function noData(container, text = 'Load a qrels file and at least one run (or the example).') {
  container.textContent = '';
  container.append(el('p', { class: 'empty' }, text));
}

/**
 * Words that only make sense on the live page, such as "hover a cell for its score": a span of
 * class needs-script, which the HTML report (page/report.js: no script there) leaves out. With
 * `pattern`, the part of `text` it matches (once) is the span and the rest stays as it is: a
 * note built elsewhere (chart-runs.js runColours) keeps its one string.
 */
export function scriptOnly(text, pattern = null) {
  const m = pattern ? text.match(pattern) : [text];
  if (!m) return [text];
  const at = pattern ? m.index : 0;
  return [text.slice(0, at), el('span', { class: 'needs-script' }, m[0]), text.slice(at + m[0].length)].filter(Boolean);
}
