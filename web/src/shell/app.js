// The web app: state, loading inputs through the worker, evaluation, and the shell the views plug
// into. Views (views/*.js) are objects {id, label, render(container, app)}; register more with
// app.addView() (NRG/rareness charts, significance heatmaps, diversity coverage ...). Table cells
// take annotations from app.cellAnnotators (see views/table.js) - the place for significance
// markers.
//
// The example is a demo that never mixes with the user's data: it shows (state.example true, an
// "example" badge) until the first file the user chooses or drops (qrels, run or side input),
// which replaces all of it - qrels, runs and side inputs; the measures and settings stay. A run
// that answers none of the qrels' topics is flagged in the file list, with a warning, and dropped
// from the worker: it reaches no table, statistic or analysis.
import { WorkerClient } from '../worker/client.js';
import { ingest, sha256, textSource, fileSource, streamsRun, streamRun } from '../base/files.js';
import { phase } from '../base/phases.js';
import { readInParallel, warmUp, closeWarm } from './parallel.js';
import { readHash, toHash } from '../base/settings.js';
import { setupInputs } from './inputs.js';
import { setupMeasureField } from '../ui/measure-field.js';
import { withoutLocation } from '../base/errors.js';
import { setupRunManager, renderRunManager } from './runs.js';
import { tableResult, applyPercentileIntervals, intervalsPending } from '../base/table-intervals.js';
import { findMeasure } from '../base/measure-lookup.js';
import { unmatchedWarning } from '../base/teams.js';
import { bringToTop, bringNear } from './in-view.js';
import { selectMeasures, buffersOf } from '../../../build-wasm/dist/evaluation.mjs';
import { runNames } from '../../../build-wasm/dist/run-name.mjs';

/**
 * Names new run sources as the CLI names runs (wasm/run-name.mjs): source.file keeps the file name,
 * source.name becomes the run name ("bm25.txt.gz" -> "bm25"). A name that another loaded run of a
 * different file holds is not taken: the run keeps its file name, and the run's notes say why (a run
 * of the same file name replaces the loaded one, as before). Sources named before are left alone.
 */
function nameRuns(sources, loaded) {
  const fresh = sources.filter((s) => s.file === undefined);
  const { names, warnings } = runNames(fresh.map((s) => s.name));
  fresh.forEach((s, i) => {
    s.file = s.name;
    s.name = names[i];
    const holder = loaded.find((l) => l.name === s.name && l.file !== s.file);
    if (holder) {
      s.notes = [`${s.file}: named '${s.file}', since '${s.name}' is the run read from ${holder.file}`];
      s.name = s.file;
    } else if (s.name === s.file && warnings.length) s.notes = warnings; // not stripped: a name it would share
  });
}

/** A loaded input's reader warnings (byte-order mark, invalid UTF-8), naming its file. */
function readerWarnings(entry) {
  const { source, info } = entry;
  const named = (w) => (w.startsWith(`${info.name}:`) || w.startsWith(`${info.name} `) ? `${source.file || source.name}${w.slice(info.name.length)}` : w);
  return [...(source.notes || []), ...(info.warnings || []).map(named)];
}


/**
 * Reads one run (entry: {source}) through `client` (a worker's); sets entry.info, or entry.error
 * (reported by the caller, in file order); a run answering none of the qrels' topics is excluded
 * and dropped from that worker. onBytes(n): bytes read so far.
 */
async function readRun(client, entry, onBytes, stream = null) {
  try {
    // stream ({measures, missing}): a run too large to hold is scored one topic at a time (worker-stream.js)
    entry.info = stream && streamsRun(entry.source)
      ? await streamRun(client, entry.source, { ...stream, onProgress: (f) => onBytes(f * Math.max(1, entry.source.size)) })
      : await ingest(client, 'run', entry.source, { onBytes });
    if (entry.info.topicsAnswered === 0) {
      entry.excluded = true;
      await client.request('dropRun', { name: entry.source.name });
    }
  } catch (e) {
    if (e.name === 'Cancelled') throw e;
    entry.error = e;
  }
}

/** A tab strip that scrolls sideways (a phone: style.css) scrolled so that `tab` shows whole; the page never moves. */
function keepInStrip(strip, tab) {
  if (strip.scrollWidth <= strip.clientWidth) return;
  const s = strip.getBoundingClientRect(), t = tab.getBoundingClientRect();
  if (t.left < s.left) strip.scrollLeft -= s.left - t.left + 16;
  else if (t.right > s.right) strip.scrollLeft += t.right - s.right + 16;
}

export class App {
  constructor({ createWorker, example, root = document }) {
    this.root = root;
    this.example = example; // {qrels: {name, text}, runs: [{name, text}]}
    this.client = new WorkerClient(createWorker);
    this.views = [];
    this.cellAnnotators = [];
    this.queue = Promise.resolve(); // loads and removals, one after another (serially)
    this.state = {
      version: '',
      registry: [],
      groups: [],
      qrels: null, // {source, info}
      runs: [], // [{source, info | null, error | null, pending, excluded}]: pending = waiting for a qrels file; excluded = answers none of its topics
      errors: [], // [{file, line, message}]
      example: false, // the example (or the diversity example) is what is loaded
      result: null, // the nested view (table-intervals.js tableResult) of the evaluation the worker transferred
      tally: null, // {result, baseline, runs: {NAME: {M: {wins, ties, losses}}}}: the core's, for the baseline (tally())
      correlations: null,
      curves: null,
      settings: readHash(),
      busy: null,
    };
    this.hashes = {};
    this.intervalWaiters = []; // intervalsReady()'s callers, woken when intervals arrive
    this.$ = (sel) => root.querySelector(sel);
  }

  addView(view) {
    this.views.push(view);
  }

  async start() {
    const init = await this.client.request('init');
    Object.assign(this.state, init);
    this.$('#version').textContent = `v${init.version}`;
    this.renderTabs();
    setupInputs(this);
    this.measureField = setupMeasureField(this);
    setupRunManager(this);
    window.addEventListener('hashchange', () => this.applyHash());
    await this.loadExample();
    document.body.dataset.ready = 'true';
  }

  // ---- settings -------------------------------------------------------------------------------
  /** Changes settings (and the hash); render: false only records them (a view that shows them already). */
  set(changes, { evaluate = false, render = true } = {}) {
    // The table's percentile intervals come with the evaluation: a new seed evaluates again.
    if (changes.seed !== undefined && changes.seed !== this.state.settings.seed) evaluate = true;
    Object.assign(this.state.settings, changes);
    const hash = toHash(this.state.settings);
    if (hash !== location.hash && !(hash === '' && location.hash === '')) history.replaceState(null, '', hash || location.pathname + location.search);
    if (evaluate) return this.evaluate();
    if (!render) return Promise.resolve();
    if (changes.b !== undefined) return this.tally().then(() => this.render());
    this.render();
    return Promise.resolve();
  }

  applyHash() {
    const before = this.state.settings;
    const next = readHash();
    this.state.settings = next;
    this.measureField.sync();
    if (next.m !== before.m || next.missing !== before.missing || next.seed !== before.seed) this.evaluate();
    else this.tally().then(() => this.render());
  }

  // ---- inputs ---------------------------------------------------------------------------------
  /**
   * Shows an example in place of whatever is loaded: ex = {qrels: {name, text}, runs: [{name,
   * text}], side?: {KIND: {name, text}}}, its qrels read in `format`. Default: the plain example.
   */
  loadExample(ex = this.example, { format = 'plain' } = {}) {
    return this.serially(async () => {
      await this.clearNow();
      if (ex.side && this.sideInputs) await this.sideInputs.loadTexts(ex.side);
      await this.loadNow({
        qrels: { ...textSource(ex.qrels.name, ex.qrels.text), format },
        runs: ex.runs.map((r) => textSource(r.name, r.text)),
        example: true,
      });
    });
  }

  /** Removes every input (qrels, runs, side inputs) from the page and the worker. */
  clear() {
    return this.serially(async () => {
      await this.clearNow();
      this.state.errors = [];
      await this.evaluate();
    });
  }

  async clearNow() {
    closeWarm(this);
    await this.client.request('clear');
    for (const kind of Object.keys(this.state.side || {})) await this.client.request('dropSide', { kind });
    this.state.side = {};
    if (this.sideInputs) this.sideInputs.render();
    this.state.qrels = null;
    this.state.runs = [];
    this.state.result = null;
    this.state.correlations = null;
    this.state.example = false;
    this.hashes = {};
  }

  /** Before the user's own input: the example goes (call inside serially). */
  async leaveExample() {
    if (this.state.example) await this.clearNow();
  }

  /**
   * Runs fn() after the loads and removals called before it have finished, so that each sees the
   * runs the previous one left (the diversity switch re-reads every run while a new qrels file may
   * already be chosen). fn must not call load or removeRun itself.
   */
  serially(fn) {
    const done = this.queue.then(fn);
    this.queue = done.catch(() => {});
    return done;
  }

  /**
   * Loads a new qrels (then re-reads every run against it) and/or runs; evaluates after. The
   * user's files replace the example; reread: the same data again (the diversity switch), which
   * keeps it.
   */
  load(what) {
    return this.serially(async () => {
      if (!what.reread) await this.leaveExample();
      await this.loadNow({ ...what, example: what.reread ? this.state.example : false });
    });
  }

  async loadNow({ qrels = null, runs = [], example = false }) {
    this.state.errors = [];
    nameRuns(runs, this.state.runs.map((r) => r.source));
    let runSources = runs;
    let parallel = null;
    this.state.example = example;
    await this.busy('Reading', async (progress) => {
      if (qrels) {
        try {
          warmUp(this, qrels); // helper workers read it too, for large runs to come (parallel.js)
          const info = await ingest(this.client, 'qrels', qrels, { onBytes: (n) => progress(n / Math.max(1, qrels.size), qrels.name) });
          this.state.qrels = { source: qrels, info };
          this.hashes = {};
          // Runs are read against the qrels: read the ones already loaded again.
          runSources = [...this.state.runs.filter((r) => r.info || r.pending).map((r) => r.source), ...runs];
          this.state.runs = [];
        } catch (e) {
          closeWarm(this);
          if (e.name === 'Cancelled') throw e;
          this.reportError(e, qrels.name);
          return;
        }
      }
      if (!this.state.qrels) {
        // Runs are read against a qrels file: they wait for one.
        for (const source of runs) {
          this.state.runs = this.state.runs.filter((r) => r.source.name !== source.name);
          this.state.runs.push({ source, info: null, error: null, pending: true });
        }
        return;
      }
      const entries = runSources.map((source) => {
        const entry = { source, info: null, error: null };
        this.state.runs = this.state.runs.filter((r) => r.source.name !== source.name);
        this.state.runs.push(entry);
        return entry;
      });
      // Several workers when that applies (parallel.js), else this worker alone; errors in file order.
      // A run too large to hold is streamed by this worker (files.js streamsRun): no parallel read then.
      const { m, missing } = this.state.settings;
      parallel = entries.some((e) => streamsRun(e.source)) ? null : await readInParallel(this, entries, progress, readRun);
      this.readers = parallel ? parallel.workers : 1; // how many workers read these runs (for the tests)
      if (!parallel) {
        for (const entry of entries) {
          await readRun(this.client, entry, (n) => progress(n / Math.max(1, entry.source.size), entry.source.name), { measures: [m], missing });
        }
      }
      for (const entry of entries) if (entry.error) this.reportError(entry.error, entry.source.name, entry.source);
    });
    try {
      if (this.state.qrels) await this.evaluate(parallel);
      else this.render();
    } finally {
      if (parallel) await parallel.complete().catch((e) => { if (e.name !== 'Cancelled') throw e; });
    }
  }

  removeRun(name) {
    return this.removeRuns([name]);
  }

  /** Removes the runs named in `names`, then evaluates once. */
  removeRuns(names) {
    return this.serially(async () => {
      const gone = new Set(names);
      for (const name of gone) await this.client.request('dropRun', { name });
      this.state.runs = this.state.runs.filter((r) => !gone.has(r.source.name));
      if (gone.has(this.state.settings.b)) this.state.settings.b = '';
      await this.evaluate();
    });
  }

  /** An error of reading `file`; for a run `source`, the core names the run: the message names its file instead. */
  reportError(e, file, source = null) {
    if (source && source.file && (e.file || file) === source.name) {
      const message = withoutLocation({ file: source.name, line: e.line, message: e.message });
      this.state.errors.push({ file: source.file, line: e.line, name: e.name, message });
      return;
    }
    this.state.errors.push({ file: e.file || file, line: e.line, name: e.name, message: e.message });
  }

  /** The problems to show: the errors, and a warning for every run left out (no topic answered). */
  problems() {
    const q = this.state.qrels;
    const left = this.state.runs.filter((r) => r.excluded).map((r) => ({
      file: r.source.name,
      message: `answers none of the ${q ? `${q.info.topics.length} topics of ${q.source.name}` : "qrels' topics"}: left out of the table and of every statistic (is it a run of another collection?).`,
    }));
    return [...this.state.errors, ...left];
  }

  // ---- evaluation -----------------------------------------------------------------------------
  /** The runs that are evaluated: read, and answering at least one topic. */
  get runNames() {
    return this.state.runs.filter((r) => r.info && !r.excluded).map((r) => r.source.name);
  }

  /** parallel: several workers' evaluation (parallel.js readInParallel), else this worker's. */
  async evaluate(parallel = null) {
    const { settings } = this.state;
    this.state.curves = null;
    if (!this.state.qrels || !this.runNames.length) {
      this.state.result = null;
      this.render();
      return;
    }
    try {
      await this.busy('Evaluating', async (progress) => {
        // The table's intervals come after its means (requestIntervals): the means show first.
        const payload = { measures: [settings.m], missing: settings.missing, seed: settings.seed, intervals: 'later' };
        const onProgress = (f) => progress(f, 'evaluation');
        let t = performance.now();
        const res = parallel ? await parallel.evaluate(payload, onProgress) : await this.client.request('evaluate', payload, { onProgress });
        phase('evaluate request', t);
        t = performance.now();
        // The readers' warnings (and how runs were named) first, in the table's warnings box.
        const inputs = [this.state.qrels, ...this.state.runs.filter((r) => r.info && !r.excluded)];
        res.result.warnings = [...new Set([...inputs.flatMap(readerWarnings), ...res.result.warnings])];
        const ungrouped = unmatchedWarning(this); // runs the groups file does not name (teams.js)
        if (ungrouped) res.result.warnings.push(ungrouped);
        this.state.result = tableResult(res.result);
        this.state.correlations = res.correlations;
        this.requestIntervals(this.state.result);
        phase('table data', t);
      });
      await this.tally();
    } catch (e) {
      if (e.name !== 'Cancelled') this.reportError(e);
    }
    this.render();
  }

  /**
   * The table's bootstrap intervals of `result` (its percentile.pending: the worker held them back,
   * evaluate with intervals: 'later'), asked for once the means are in: the worker computes them
   * while the page paints the means (bench/README.md, issue 42: 144 ms of 1.8 s on bench/data).
   * They go into `result` in place (table-intervals.js applyPercentileIntervals) and the view
   * showing it fills them in (a view's intervals(container, app): views/table.js); a failure takes
   * their place as the reason (result.percentile.error, as a bad seed's). Asked ungated: a parallel
   * read (parallel.js) holds the worker's other requests until it has read what the helpers read.
   */
  requestIntervals(result) {
    const p = result.percentile;
    if (!p || p.pending === undefined) return;
    this.client.request('tableIntervals', { key: p.pending }, { ungated: true })
      .then((answer) => answer || { error: 'the evaluation they belong to was replaced' }, (e) => ({ error: e.name === 'Cancelled' ? 'cancelled' : e.message }))
      .then((answer) => {
        if (!answer.error) applyPercentileIntervals(result, answer);
        else {
          const { pending, ...asked } = p;
          result.percentile = result.raw.percentile = { ...asked, error: answer.error };
        }
        for (const wake of this.intervalWaiters.splice(0)) wake(); // intervalsReady() looks again
        // Not rendered yet (the render to come reads them), or replaced: nothing to fill in.
        if (this.state.result !== result || this.renderedResult !== result) return;
        if (result.percentile.error) return this.render(); // the table says why there are none (a bad seed, a failure)
        const current = this.views.find((v) => v.id === this.$('#view').dataset.view);
        if (current && current.intervals) current.intervals(this.$('#view'), this);
      });
  }

  /**
   * Resolves once the intervals the table shows are in state.result (at once when none are
   * pending); looks again whenever intervals arrive (or fail: a Cancel), of whichever evaluation.
   */
  async intervalsReady() {
    while (intervalsPending(this)) await new Promise((resolve) => this.intervalWaiters.push(resolve));
  }

  /** Runs `fn(progress)` with the progress bar shown; Cancel terminates the worker. */
  async busy(label, fn) {
    const bar = this.$('#progress');
    const meter = this.$('#progress-bar');
    const text = this.$('#progress-text');
    this.state.busy = label;
    bar.hidden = false;
    meter.removeAttribute('value');
    text.textContent = `${label}…`;
    const generation = this.client.generation;
    try {
      await fn((f, what) => {
        meter.value = Math.min(1, f);
        text.textContent = `${label} ${what}: ${Math.round(100 * Math.min(1, f))}%`;
      });
    } catch (e) {
      if (e.name === 'Cancelled' || generation !== this.client.generation) {
        this.state.errors = [{ message: 'Cancelled. The worker was restarted: load the files again (or the example).' }];
      } else throw e;
    } finally {
      this.state.busy = null;
      bar.hidden = true;
    }
  }

  async cancel() {
    for (const h of this.helpers || []) h.close(); // parallel.js' helper workers
    this.helpers = [];
    closeWarm(this);
    this.client.cancel();
    this.state.qrels = null;
    this.state.runs = [];
    this.state.result = null;
    this.state.correlations = null;
    this.state.example = false;
    await this.client.request('init');
    this.render();
  }

  async curves() {
    if (!this.state.curves) this.state.curves = await this.client.request('curves', { missing: this.state.settings.missing });
    return this.state.curves;
  }

  request(action, payload) {
    return this.client.request(action, payload);
  }

  async fileHashes() {
    const sources = [this.state.qrels, ...this.state.runs.filter((r) => r.info && !r.excluded)].filter(Boolean).map((s) => s.source);
    for (const s of sources) if (!this.hashes[s.name]) this.hashes[s.name] = await sha256(s);
    return this.hashes;
  }

  // ---- derived numbers ------------------------------------------------------------------------
  info(measure) {
    return findMeasure(this.state.registry, measure);
  }

  /**
   * Wins/ties/losses of every run against the baseline (settings.b), counted by the core
   * (irlens.winsTiesLosses: exact signs, one rule with the CLI's compare --risk) in a stats worker
   * (or the app's worker) on a copy of the scores; kept in state.tally until the result or the
   * baseline changes. Cancelled or failed: none (the table shows the differences alone).
   */
  async tally() {
    const { result, settings } = this.state;
    const base = settings.b;
    if (!result || !base || !result.runs[base]) {
      this.state.tally = null;
      return;
    }
    const t = this.state.tally;
    if (t && t.result === result && t.baseline === base) return;
    const data = selectMeasures(result.raw);
    const payload = { result: data, baseline: base };
    try {
      const value = this.statsPool
        ? await this.statsPool.run('winsTiesLosses', payload)
        : await this.client.request('winsTiesLosses', payload, { transfer: buffersOf(data) });
      if (this.state.result === result && this.state.settings.b === base) this.state.tally = { result, baseline: base, runs: value.runs };
    } catch (e) {
      if (e.name !== 'Cancelled') this.reportError(e);
      this.state.tally = null;
    }
  }

  /**
   * Comparison with the baseline run: diff = mean(run) - mean(baseline); wins/ties/losses over the
   * topics scored for both (tally(): null until counted). null without a baseline or for the
   * baseline itself.
   */
  compare(run, measure) {
    const base = this.state.settings.b;
    const { result, tally } = this.state;
    if (!base || !result || run === base || !result.runs[base] || !result.runs[run]) return null;
    const a = result.runs[run], b = result.runs[base];
    if (a.mean[measure] === null || b.mean[measure] === null) return null;
    const w = tally && tally.result === result && tally.baseline === base && tally.runs[run] ? tally.runs[run][measure] : null;
    return { diff: a.mean[measure] - b.mean[measure], wins: w ? w.wins : null, ties: w ? w.ties : null, losses: w ? w.losses : null };
  }

  // ---- rendering ------------------------------------------------------------------------------
  renderTabs() {
    const nav = this.$('#tabs');
    nav.textContent = '';
    for (const view of this.views) {
      const b = document.createElement('button');
      b.type = 'button';
      b.role = 'tab';
      b.id = `tab-${view.id}`;
      b.textContent = view.label;
      b.setAttribute('aria-controls', 'view');
      b.addEventListener('click', () => {
        this.set({ v: view.id });
        this.revealResults(); // a phone: the view under the panels comes up (in-view.js)
      });
      b.addEventListener('keydown', (e) => {
        const i = this.views.indexOf(view);
        const j = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : -1;
        if (j >= 0 && j < this.views.length) {
          e.preventDefault();
          this.set({ v: this.views[j].id }).then(() => this.$(`#tab-${this.views[j].id}`).focus());
        }
      });
      nav.appendChild(b);
    }
  }

  render() {
    const start = performance.now();
    this.renderFiles();
    this.renderErrors();
    this.renderBaseline();
    const current = this.views.find((v) => v.id === this.state.settings.v) || this.views[0];
    for (const b of this.$('#tabs').children) {
      const on = b.id === `tab-${current.id}`;
      b.setAttribute('aria-selected', String(on));
      b.tabIndex = on ? 0 : -1;
    }
    keepInStrip(this.$('#tabs'), this.$(`#tab-${current.id}`));
    const container = this.$('#view');
    container.setAttribute('aria-labelledby', `tab-${current.id}`);
    const token = (this.renderToken = (this.renderToken || 0) + 1);
    this.renderedResult = this.state.result; // what the view shows (requestIntervals fills its intervals in)
    container.dataset.view = current.id;
    container.dataset.rendered = 'false';
    delete container.dataset.warnings; // set by the table view for what it shows
    Promise.resolve(current.render(container, this, () => token === this.renderToken))
      .catch((e) => {
        console.error(e);
        this.reportError(e);
        this.renderErrors();
      })
      .finally(() => {
        if (token !== this.renderToken) return;
        phase('render', start, { view: current.id });
        container.dataset.rendered = 'true';
        if (this.revealAfterRender) {
          this.revealAfterRender = false;
          bringToTop(this.$('#results-area'));
        }
        document.body.dataset.renders = String(token); // tests wait for this to move on
      });
  }

  /**
   * After an action (files chosen, a measure committed, a tab chosen): once the view has rendered,
   * the results come to the top of the window unless they are in view already (in-view.js: a phone
   * shows them below the panels; the wide layout beside them, never moved).
   */
  revealResults() {
    const container = this.$('#view');
    if (this.state.busy || container.dataset.rendered !== 'true') this.revealAfterRender = true;
    else bringToTop(this.$('#results-area'));
  }

  /**
   * After files are chosen: the answer, or the next step. With the user's qrels and runs read, the
   * results (revealResults); with one of them missing, the picker of the other, on screen.
   */
  revealAfterFiles() {
    if (this.state.qrels && this.runNames.length) return this.revealResults();
    bringNear(this.$(this.state.qrels ? 'label[for=run-files]' : 'label[for=qrels-file]'));
  }

  /** The loaded files: one summary line that opens the run manager (runs.js). */
  renderFiles() {
    renderRunManager(this);
    const q = this.state.qrels;
    // The file pickers fold away once the user's own qrels and runs are both read (the results move
    // up; the summary says how to change files) and open again while either is missing, so the next
    // step stays on screen (after the qrels alone, the runs' picker); the user may open or close
    // them at any time.
    const userData = !!q && !this.state.example && this.runNames.length > 0;
    if (userData !== this.hadUserData) this.$('#add-files').open = !userData;
    this.hadUserData = userData;
    this.$('#add-files-summary').textContent = userData ? 'Change files: add runs, another qrels file, or load an example' : 'Add files, or load an example';
    this.renderNextStep();
    this.$('#example-badge').hidden = !this.state.example;
    this.$('#clear').hidden = !q && !this.state.runs.length && !Object.keys(this.state.side || {}).length;
  }

  /**
   * With the user's qrels and no run read yet, or runs waiting for a qrels file: the next step,
   * named above the pickers, its picker outlined, and the pickers opened when it appears (files
   * dropped on the folded block).
   */
  renderNextStep() {
    const { qrels: q, example, runs } = this.state;
    const waiting = runs.some((r) => r.pending);
    const wantRuns = !example && !!q && !this.runNames.length && !waiting;
    const wantQrels = !example && !q && waiting;
    const next = wantRuns ? `${q.source.name} is read (${q.info.topics.length.toLocaleString('en-US')} topics). Next: choose the run files.`
      : wantQrels ? 'The runs wait for a qrels file: choose it next.' : '';
    this.$('#next-step').textContent = next;
    this.$('#next-step').hidden = !next;
    if (next && next !== this.hadNext) this.$('#add-files').open = true;
    this.hadNext = next;
    this.$('label[for=run-files]').classList.toggle('next', wantRuns);
    this.$('label[for=qrels-file]').classList.toggle('next', wantQrels);
  }

  renderErrors() {
    const panel = this.$('#errors');
    const errors = this.problems();
    panel.hidden = !errors.length;
    panel.dataset.count = String(errors.length); // what this render showed (the tests compare)
    panel.textContent = '';
    if (!errors.length) return;
    const h = document.createElement('h2');
    h.textContent = errors.length === 1 ? 'Problem' : `${errors.length} problems`;
    const ul = document.createElement('ul');
    for (const e of errors) {
      const li = document.createElement('li');
      if (e.file) {
        const where = document.createElement('strong');
        where.className = 'where';
        where.textContent = e.line ? `${e.file}, line ${e.line}` : e.file;
        li.append(where, ': ');
      }
      li.append(e.file ? withoutLocation(e) : e.message);
      ul.appendChild(li);
    }
    panel.append(h, ul);
  }

  renderBaseline() {
    const sel = this.$('#baseline');
    const names = this.runNames;
    const want = ['', ...names].join('\n');
    if (sel.dataset.options !== want) {
      sel.textContent = '';
      sel.append(new Option('(none)', ''));
      for (const n of names) sel.append(new Option(n, n));
      sel.dataset.options = want;
    }
    sel.value = names.includes(this.state.settings.b) ? this.state.settings.b : '';
    this.$('#missing').value = this.state.settings.missing;
  }
}

export { fileSource };
