// Which runs the Charts view draws, and their colours, when there are many (a TREC track: 150
// runs). The runs shown: those ticked by hand (setting rp), else the top N (setting rn, default 8)
// by a measure's mean (setting rm, default the first), narrowed by a search (setting rq: a
// case-insensitive substring of the name); the baseline is always among them. Colours: one per
// run from a palette as long as the runs shown (Okabe-Ito up to 8, Tableau 20 up to 20); past 20
// a colour per group when a run-groups file is loaded (past 20 groups: the 18 groups of the best
// runs in colour, the others grey, said in the legend), else the view says that colours repeat
// (runColours' note) instead of recycling them silently.
import { addDefaults } from '../base/settings.js';
import { OKABE_ITO } from './palette.js';

addDefaults({ rn: '8', rm: '', rq: '' });

// Tableau 20 (Vega's 'tableau20' scheme), for 9-20 runs.
export const TABLEAU20 = ['#4c78a8', '#9ecae9', '#f58518', '#ffbf79', '#54a24b', '#88d27a', '#b79a20', '#f2cf5b', '#439894', '#83bcb6',
  '#e45756', '#ff9d98', '#79706e', '#bab0ac', '#d67195', '#fcbfd2', '#b279a2', '#d6a5c9', '#9e765f', '#d8b5a5'];

/**
 * {shown, measure, total, why}: the runs to draw, in the order of `runs`. result: the evaluation;
 * measures: the numeric measures; settings: the app's.
 */
export function chooseRuns(result, measures, settings) {
  const runs = Object.keys(result.runs);
  const measure = measures.includes(settings.rm) ? settings.rm : measures[0];
  const base = settings.b && runs.includes(settings.b) ? settings.b : null;
  if (settings.rp) {
    const picked = settings.rp.split(',').filter((r) => runs.includes(r));
    const shown = runs.filter((r) => picked.includes(r) || r === base);
    return { shown, measure, total: runs.length, why: `${shown.length} of ${runs.length} runs, chosen by hand${base ? ' (and the baseline)' : ''}` };
  }
  const q = settings.rq.trim().toLowerCase();
  const matching = runs.filter((r) => !q || r.toLowerCase().includes(q));
  const n = Math.max(1, Math.floor(Number(settings.rn)) || 8);
  const mean = (r) => { const v = result.runs[r].mean[measure]; return v === null || v === undefined ? -Infinity : v; };
  const top = measure ? [...matching].sort((a, b) => mean(b) - mean(a)).slice(0, n) : matching.slice(0, n);
  const shown = runs.filter((r) => top.includes(r) || r === base);
  const what = `${q ? ` matching "${settings.rq.trim()}"` : ''}`;
  const why = shown.length === runs.length ? `all ${runs.length} runs`
    : `${shown.length} of ${runs.length} runs: the top ${Math.min(n, matching.length)}${what} by mean ${measure}${base && !top.includes(base) ? `, and the baseline ${base}` : ''}`;
  return { shown, measure, total: runs.length, why };
}

/**
 * The colours of the runs shown for Vega-Lite: {field ('run' or 'group'), of(run) (its value of
 * that field), scale, note (to show; '' when every run has its own colour)}. groupOf: run -> group
 * (views/relative.js groupOf) when a run-groups file is loaded, else null; ranking: the runs, best
 * first (groups take colours in the order of their best run), and rankedBy: what ranks them, as
 * the note names it.
 */
export function runColours(shown, groupOf = null, ranking = null, rankedBy = 'the measure the runs are chosen by') {
  const byRun = (range, note = '') => ({ field: 'run', of: (r) => r, scale: { domain: shown, range }, note });
  if (shown.length <= OKABE_ITO.length) return byRun(OKABE_ITO.slice(0, shown.length));
  if (shown.length <= TABLEAU20.length) return byRun(TABLEAU20.slice(0, shown.length));
  if (!groupOf) return byRun(TABLEAU20, `${shown.length} runs but 20 colours: colours repeat (line styles and shapes too); hover a line for its run, show fewer runs or load a run-groups file to colour by group.`);
  // The groups in the order of their best run (ranking: the runs best first), then the rest.
  const order = ranking ? [...ranking.filter((r) => shown.includes(r)), ...shown.filter((r) => !ranking.includes(r))] : shown;
  const c = groupColours(order, groupOf);
  if (!c.other)
    return { ...c, note: `${shown.length} runs: coloured by group (${c.groups} groups, from the run-groups file); hover a line for its run.` };
  return { ...c,
    note: `${shown.length} runs of ${c.groups} groups: the ${c.groups - c.other} groups with the best runs${ranking ? ` (by the mean of ${rankedBy})` : ''} in colour, the other ${c.other} grey ("${c.other} other groups" in the legend); hover a line for its run.` };
}

/**
 * Colours by group for Vega-Lite: {field: 'group', of(run) (its legend entry), scale, groups (how
 * many), other (how many are grey)}. order: the runs, best first (groups take colours in the order
 * of their best run); groupOf: run -> group. Up to 20 groups a colour each (Okabe-Ito up to 8,
 * else Tableau 20); past 20 the 18 groups of the best runs in colour (Tableau 20 without its two
 * greys), every other group grey, one legend entry that says how many ("N other groups").
 */
export function groupColours(order, groupOf) {
  const groups = [...new Set(order.map(groupOf))];
  if (groups.length <= TABLEAU20.length) {
    const range = groups.length <= OKABE_ITO.length ? OKABE_ITO : TABLEAU20;
    return { field: 'group', of: groupOf, scale: { domain: groups, range: range.slice(0, groups.length) }, groups: groups.length, other: 0 };
  }
  const palette = TABLEAU20.filter((c) => c !== '#79706e' && c !== '#bab0ac');
  const top = groups.slice(0, palette.length);
  const other = `${groups.length - top.length} other groups`;
  const of = (r) => (top.includes(groupOf(r)) ? groupOf(r) : other);
  return { field: 'group', of, scale: { domain: [...top, other], range: [...palette, '#c8c8c8'] }, groups: groups.length, other: groups.length - top.length };
}
