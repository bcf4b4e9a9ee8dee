// The statistics the views show, computed by the stats workers (stats-pool.js) and kept per
// evaluation result: a computation is named by a key (what, on which measures, with which
// settings) and started once. Its entry: {key, status: 'running' | 'done' | 'cancelled' | 'error',
// value, error, promise}. Views await the entries they show; the table's markers, which are drawn
// synchronously, ask for a render when theirs ends. Cancel (the progress strip's button)
// terminates the stats workers: running entries end 'cancelled' and start again only when asked
// (retry), never by themselves.
import { el } from '../views/util.js';

export class StatsRunner {
  constructor(app, pool) {
    this.app = app;
    this.pool = pool;
    this.cache = new WeakMap(); // result -> Map(key -> entry)
    pool.onProgress((p) => this.showProgress(p));
  }

  entries() {
    const { result } = this.app.state;
    if (!result) return null;
    if (!this.cache.has(result)) this.cache.set(result, new Map());
    return this.cache.get(result);
  }

  /** The entry of `key` if it was started for the current result. */
  peek(key) {
    const m = this.entries();
    return m ? m.get(key) || null : null;
  }

  /**
   * The entry of `key`, started with start() (a promise of the value) unless it exists.
   * rerender: render the app when it ends (for synchronous consumers such as cell annotators).
   */
  get(key, start, { rerender = false } = {}) {
    const m = this.entries();
    if (!m) return null;
    let e = m.get(key);
    if (!e) {
      e = { key, status: 'running', value: null, error: null };
      m.set(key, e);
      e.promise = Promise.resolve()
        .then(start)
        .then((value) => Object.assign(e, { status: 'done', value }), (error) => Object.assign(e, { status: error.name === 'Cancelled' ? 'cancelled' : 'error', error }))
        .then(() => {
          if (rerender && this.entries() === m) this.app.render();
          return e;
        });
    }
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

/** What a section shows for an entry that did not end 'done': why, and a button to compute again. */
export function notDone(app, entry) {
  if (entry.status === 'cancelled')
    return el('p', { class: 'hint stats-cancelled' }, 'Cancelled. ', el('button', { type: 'button', class: 'small', onclick: () => app.stats.retry(entry.key) }, 'Compute again'));
  return el('p', { class: 'error' }, entry.error ? entry.error.message : 'failed');
}
