// Significance markers in the results table: every run against the chosen baseline, on every
// numeric measure of the table, with the test and correction chosen above the table (settings st,
// sc, B, seed in the URL hash). The p-values are irlens.compareScores' (the JS API's compare on the
// table's own per-topic scores, so the same topics as the table: the app's unanswered-topics
// setting), computed in the stats workers. A cell shows the marker of its adjusted p-value
// (* < 0.05, ** < 0.01, *** < 0.001, as `irlens compare`) with its direction (+ better than the
// baseline, − worse: every measure here scores higher = better) and gives the p-values on hover;
// the legend says which test, correction and topics. An undefined p (identical runs under the
// t-test: 0/0) shows as "–" with the reason; a Monte Carlo p of 0 as "< 1/B".
//
// installStats(app) plugs the statistics into the app: the stats workers, the markers, the
// legend above the table, and the seeds in the exports' provenance.
import { StatsPool, mergeByMeasure } from '../worker/stats-pool.js';
import { StatsRunner, notDone } from './stats-runner.js';
import { el, select, numericMeasures, scriptOnly } from './util.js';
import { TESTS, CORRECTIONS, RANDOMISED, rowsByRun, rowP, directedMarker, markerLegend } from '../base/significance-labels.js';

/** The qrels as the *Scores functions need them: {name, topics: count}. */
export function qrelsInfo(app) {
  const { info } = app.state.qrels;
  return { name: info.name, topics: info.topics.length };
}

/** B and seed of the randomised procedures (settings B, seed), checked by the core. */
export function resampling(app) {
  return { B: app.state.settings.B, seed: app.state.settings.seed };
}

/**
 * compareScores over the numeric measures of the table (or `measures`), fanned out by measure:
 * the document of `irlens compare` (the same numbers). Returns the runner's entry.
 */
export function compareEntry(app, options, { rerender = false, measures = numericMeasures(app) } = {}) {
  return app.stats.get(compareKey(measures, options), () => app.statsPool.run('compareScores', { result: app.state.result, qrels: qrelsInfo(app), options: { ...options, measures } },
    { chunks: app.statsPool.chunksOf(measures), merge: mergeByMeasure }), { rerender });
}

const compareKey = (measures, options) => JSON.stringify(['compare', measures, options]);

/** The options of the comparison with the baseline behind the markers and the risk table. */
export function baselineOptions(app) {
  const s = app.state.settings;
  const o = { baseline: s.b, test: s.st, risk: s.ra, ...resampling(app) };
  if (s.st !== 'tukey') o.correction = s.sc;
  return o;
}

/** Whether the comparison with the baseline can be made (a baseline among >= 2 runs, a numeric measure). */
function hasBaseline(app) {
  const { settings, result } = app.state;
  return !!(settings.b && result && result.runs[settings.b] && Object.keys(result.runs).length >= 2 && numericMeasures(app).length);
}

/** The entry of the comparison with the baseline (started unless it exists), or null without one. */
export function baselineEntry(app, rerender) {
  return hasBaseline(app) ? compareEntry(app, baselineOptions(app), { rerender }) : null;
}

/** The cell annotator: the marker of the adjusted p-value against the baseline. */
export function markerAnnotator({ app, run, measure, baseline }) {
  if (!baseline || run === baseline || !hasBaseline(app)) return null;
  const e = app.stats.peek(compareKey(numericMeasures(app), baselineOptions(app))); // started by the legend
  if (!e || e.status !== 'done') return null;
  const row = (rowsByRun(e.value)[run] || {})[measure];
  if (!row) return null;
  const B = e.value.B;
  return {
    text: row.p_adjusted === null ? '–' : directedMarker(row),
    className: row.p_adjusted === null ? 'sig-marker undefined' : row.marker ? `sig-marker sig ${row.difference > 0 ? 'better' : 'worse'}` : 'sig-marker ns',
    title: `vs ${baseline}: p = ${rowP(row, 'p', B)}, adjusted p = ${rowP(row, 'p_adjusted', B)} (${e.value.test})${row.marker ? `; significantly ${row.difference > 0 ? 'better' : 'worse'}` : ''}${row.note ? `; ${row.note}` : ''}`,
  };
}

/** Above the table: the markers' test, correction, B and seed, and the legend. */
export function markersAddon(app) {
  const s = app.state.settings;
  const box = el('section', { class: 'stats-legend', 'aria-label': 'Significance markers' });
  const randomised = RANDOMISED.has(s.st);
  box.append(el('div', { class: 'controls' },
    el('strong', {}, 'Significance vs the baseline:'),
    select(app, 'Test', 'st', TESTS, s.st),
    s.st === 'tukey' ? null : select(app, 'Correction', 'sc', CORRECTIONS, s.sc),
    randomised ? resamplingFields(app) : null));
  if (!s.b) {
    box.append(el('p', { class: 'hint' }, 'Choose a baseline run to mark the runs that differ significantly from it.'));
    return box;
  }
  const e = baselineEntry(app, true);
  if (!e) {
    box.append(el('p', { class: 'hint' }, 'Markers need at least two runs and a numeric measure.'));
    return box;
  }
  box.append(app.stats.progressStrip());
  if (e.status === 'running') box.append(el('p', { class: 'hint' }, 'Computing the significance markers…'));
  else if (e.status !== 'done') box.append(notDone(app, e));
  else {
    const policy = e.value.measures.length ? e.value.measures[0].topic_policy : '';
    box.append(el('p', { class: 'legend', id: 'sig-legend' },
      `Markers on the adjusted p-value vs ${s.b}: ${markerLegend()}; – no value`, scriptOnly(' (hover for why)'), `. Test: ${e.value.test}. ${capitalise(policy)}.`));
  }
  return box;
}

const capitalise = (t) => t.charAt(0).toUpperCase() + t.slice(1);

/** A labelled input bound to one setting, applied on change. */
export function settingInput(app, key, label, attrs = {}) {
  const id = `stats-${key}`;
  return el('label', { for: id, class: 'field' }, `${label} `,
    // a number's box is narrow (class num); a text's (search runs, gold measures) is as wide as its size
    el('input', { id, value: app.state.settings[key], class: attrs.type === 'number' ? 'num' : null, ...attrs, onchange: (e) => app.set({ [key]: e.target.value.trim() }) }));
}

/** Inputs for B and the seed of the randomised procedures (settings B, seed). */
export function resamplingFields(app) {
  return el('span', { class: 'controls inline' },
    settingInput(app, 'B', 'B', { type: 'number', min: '1', max: '10000000', step: '1', size: 8 }),
    settingInput(app, 'seed', 'Seed', { type: 'number', min: '0', step: '1', size: 8 }));
}

export function installStats(app) {
  app.statsPool = new StatsPool(() => app.client.createWorker());
  // Started with the app's own worker, so that they have fetched their code and the WASM by the
  // time the page is ready (Charts uses them too; the site must keep working offline).
  app.statsPool.warm();
  app.stats = new StatsRunner(app, app.statsPool);
  app.cellAnnotators.push(markerAnnotator);
  app.tableAddons = [...(app.tableAddons || []), markersAddon];
  // The markers in the table's exports (exports.js): null unless shown.
  app.markers = () => {
    if (!hasBaseline(app)) return null;
    const e = app.stats.peek(compareKey(numericMeasures(app), baselineOptions(app)));
    if (!e || e.status !== 'done') return null;
    const rows = rowsByRun(e.value);
    // The exports spell the minus in ASCII (a LaTeX superscript, a CSV cell).
    const legend = `Markers: adjusted p-value vs ${e.value.baseline}, ${markerLegend('-')} (${e.value.test}).`;
    const row = (run, measure) => (rows[run] && rows[run][measure]) || null;
    return {
      of: (run, measure) => (row(run, measure) ? directedMarker(row(run, measure), '-') : ''),
      // The CSV columns of a cell (exports.js): p and adjusted p (empty when undefined, "< 1/B"
      // for a resampled 0), the marker, the note (why a p is undefined).
      columns: ['p', 'p_adjusted', 'marker', 'note'],
      cells: (run, measure) => {
        const r = row(run, measure);
        const p = (which) => (r[which] === null ? '' : rowP(r, which, e.value.B));
        return r ? [p('p'), p('p_adjusted'), directedMarker(r, '-'), r.note] : ['', '', '', ''];
      },
      legend,
      doc: e.value,
    };
  };
  // The seeds in the provenance of the table's exports: the markers' when they are randomised
  // (the statistics views record their own).
  app.seeds = () => {
    const s = app.state.settings;
    return s.v === 'table' && s.b && RANDOMISED.has(s.st) ? { markers: { test: s.st, seed: s.seed, B: s.B } } : {};
  };
}
