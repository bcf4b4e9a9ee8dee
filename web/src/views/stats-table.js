// Pieces shared by the statistics views (significance-view.js, meta-view.js): sections filled
// once their computation ends, and plain tables of numbers.
import { notDone } from '../ui/stats-runner.js';
import { el, fmt, numericMeasures, noData } from '../ui/util.js';

/**
 * What a statistics view works on: {measures (numeric), runs} of the current result, or null after
 * saying in the container why there is nothing to show (`what` needs two runs and a measure).
 */
export function statsInputs(container, app, what) {
  const { result } = app.state;
  if (!result) {
    noData(container);
    return null;
  }
  const measures = numericMeasures(app);
  const runs = Object.keys(result.runs);
  if (runs.length < 2 || !measures.length) {
    noData(container, `${what} need at least two runs and a numeric measure.`);
    return null;
  }
  return { measures, runs };
}

/** A section with a heading, an optional hint and a body (.body) to fill. */
export function section(id, title, hint) {
  return el('section', { class: 'stats-section', id: `card-${id}`, 'aria-label': title }, el('h3', {}, title), hint ? el('p', { class: 'hint' }, hint) : null, el('div', { class: 'body' }));
}

/**
 * A table in a scrollable, focusable region: columns are the header labels; the first cell of a
 * row is its header. Numbers show 4 decimals, those of the columns in `counts` (indices) as
 * integers; null as "–"; strings as given.
 */
export function statsTable(id, caption, columns, rows, counts = []) {
  const cell = (v, k) => (typeof v === 'number' ? (counts.includes(k) ? String(v) : fmt(v)) : v === null || v === undefined ? '–' : String(v));
  return el('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': caption },
    el('table', { id },
      el('caption', {}, caption),
      el('thead', {}, el('tr', {}, columns.map((c) => el('th', { scope: 'col' }, c)))),
      el('tbody', {}, rows.map((r) => el('tr', {}, el('th', { scope: 'row' }, cell(r[0], 0)), r.slice(1).map((v, k) => el('td', {}, cell(v, k + 1))))))));
}

/** Waits for a runner entry, then (unless a newer render started) fills the box's body with
 *  fill(document, body), or says why there is none (cancelled: a button to compute again). */
export async function fillWhenDone(app, live, box, e, fill) {
  await e.promise;
  if (!live()) return;
  const body = box.querySelector('.body');
  if (e.status !== 'done') body.append(notDone(app, e));
  else await fill(e.value, body);
}

/**
 * As fillWhenDone, but while `final` runs shows the document of `preview` (the same analysis with
 * fewer resamples, started first: the first results come in seconds), then replaces it with
 * final's. fill(document, into, isPreview) must say which it shows (its B). Without a preview, or
 * when final is already done, it is fillWhenDone. The box is aria-busy while the preview shows.
 */
export async function fillProgressively(app, live, box, preview, final, fill) {
  if (!preview || final.status === 'done') return fillWhenDone(app, live, box, final, (doc, body) => fill(doc, body, false));
  const body = box.querySelector('.body');
  await Promise.race([preview.promise, final.promise]);
  if (!live()) return;
  let first = null;
  if (final.status === 'running' && preview.status === 'done') {
    first = el('div', { class: 'preview' });
    body.append(first);
    box.setAttribute('aria-busy', 'true');
    await fill(preview.value, first, true);
  }
  await final.promise;
  if (!live()) return;
  if (first) first.remove();
  box.removeAttribute('aria-busy');
  if (final.status !== 'done') body.append(notDone(app, final));
  else await fill(final.value, body, false);
}
