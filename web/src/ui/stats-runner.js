// The statistics the views show, computed by the stats workers (stats-pool.js) and kept per
// evaluation result's scores: a computation is named by a key (what, on which measures, with which
// settings) and started once. A new result with the very same per-topic scores (the table's seed
// changed: the evaluation is redone for its percentile intervals only) keeps the entries: the
// statistics are functions of the scores and the key, so recomputing them would give the same
// documents, and a view that already shows them (the table's markers) must not lose them, or
// compute them again, because the evaluation was redone. Its entry: {key, status: 'running' | 'done' | 'cancelled' | 'error',
// value, error, promise}. Views await the entries they show; the table's markers, which are drawn
// synchronously, ask for a render when theirs ends. Cancel (the progress strip's button)
// terminates the stats workers: running entries end 'cancelled' and start again only when asked
// (retry), never by themselves.
import { el } from './util.js';

export class StatsRunner {
  constructor(app, pool) {
    this.app = app;
    this.pool = pool;
    this.result = null; // the result whose scores `map` belongs to
    this.map = null; // key -> entry
    pool.onProgress((p) => this.showProgress(p));
  }

  /** The entries of the current result's scores (null without a result). */
  entries() {
    const { result } = this.app.state;
    if (!result) return null;
    if (result !== this.result) {
      if (!this.result || !sameScores(this.result.raw, result.raw)) this.map = new Map();
      this.result = result;
    }
    return this.map;
  }

  /** The entry of `key` if it was started for the current result. */
  peek(key) {
    const m = this.entries();
    return m ? m.get(key) || null : null;
  }

  /**
   * The entry of `key`, started with start() (a promise of the value) unless it exists.
   * rerender: render the app when it ends (for synchronous consumers such as cell annotators) -
   * only if the latest render asked for it so (rerenderAt: that render's token). An entry that
   * the page no longer shows (its settings were changed meanwhile, or it was started by a view
   * that awaits it) ends without a render: a render replaces the page's inputs, and one at a
   * random moment took the value out of a field being filled (the markers test's race: B typed,
   * the field replaced by a finished stale computation's render before its change event, so the
   * old B was applied).
   */
  get(key, start, { rerender = false } = {}) {
    const m = this.entries();
    if (!m) return null;
    let e = m.get(key);
    if (!e) {
      e = { key, status: 'running', value: null, error: null, rerenderAt: null };
      m.set(key, e);
      e.promise = Promise.resolve()
        .then(start)
        .then((value) => Object.assign(e, { status: 'done', value }), (error) => Object.assign(e, { status: error.name === 'Cancelled' ? 'cancelled' : 'error', error }))
        .then(() => {
          if (e.rerenderAt !== null && e.rerenderAt === this.app.renderToken && this.entries() === m) this.app.render();
          return e;
        });
    }
    if (rerender) e.rerenderAt = this.app.renderToken;
    return e;
  }

  /** Forgets the entry of `key` (a cancelled or failed one is computed again on the next render). */
  retry(key) {
    const m = this.entries();
    if (m) m.delete(key);
    this.app.render();
  }

  cancel() {
    this.pool.cancel();
  }

  /** A progress strip for long work: a bar, the percentage and a Cancel button; hidden when idle. */
  progressStrip() {
    const strip = el('div', { class: 'stats-progress progress', role: 'group', 'aria-label': 'Statistics in progress', hidden: true },
      el('progress', { max: '1', 'aria-label': 'Statistics progress' }),
      el('span', { class: 'stats-progress-text', 'aria-live': 'polite' }),
      el('button', { type: 'button', class: 'small stats-cancel', onclick: () => this.cancel() }, 'Cancel'));
    queueMicrotask(() => this.showProgress(this.pool.progress));
    return strip;
  }

  showProgress(p) {
    for (const strip of document.querySelectorAll('.stats-progress')) {
      strip.hidden = p === null;
      if (p === null) continue;
      strip.querySelector('progress').value = p;
      strip.querySelector('.stats-progress-text').textContent = `Computing statistics: ${Math.round(100 * p)}%`;
    }
  }
}

/**
 * Whether two evaluations (columnar data, wasm/evaluation.mjs) hold the same scores: the same
 * qrels (name, topics), topic policy, measures, runs (names, tags, topics) and every per-topic
 * value bit for bit (NaN included). Exact: a hash could collide and show another result's numbers.
 */
export function sameScores(a, b) {
  if (!a || !b || a.missing !== b.missing || a.runs.length !== b.runs.length) return false;
  const same = (x, y) => JSON.stringify(x) === JSON.stringify(y);
  if (!same(a.qrels, b.qrels) || !same(a.measures, b.measures)) return false;
  for (let i = 0; i < a.runs.length; i++) {
    const r = a.runs[i], q = b.runs[i];
    if (r.name !== q.name || r.tag !== q.tag || !same(r.topics, q.topics) || !same(r.texts, q.texts)) return false;
    const x = new Uint8Array(r.values.buffer, r.values.byteOffset, r.values.byteLength);
    const y = new Uint8Array(q.values.buffer, q.values.byteOffset, q.values.byteLength);
    if (x.length !== y.length || (x.length === 0 && r.topics.length * a.measures.length !== 0)) return false; // 0: transferred away
    for (let k = 0; k < x.length; k++) if (x[k] !== y[k]) return false;
  }
  return true;
}

/** What a section shows for an entry that did not end 'done': why, and a button to compute again. */
export function notDone(app, entry) {
  if (entry.status === 'cancelled')
    return el('p', { class: 'hint stats-cancelled' }, 'Cancelled. ', el('button', { type: 'button', class: 'small', onclick: () => app.stats.retry(entry.key) }, 'Compute again'));
  return el('p', { class: 'error' }, entry.error ? entry.error.message : 'failed');
}
