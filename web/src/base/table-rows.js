// The rows of the results table in the order shown on screen, for the table (views/table.js) and
// every export of it (exports.js: CSV, JSON, LaTeX follow the screen): sorted by the table's sort
// setting (`sort`: "<run|team|MEASURE>:<asc|desc>"; none: the order the runs were loaded), and in
// leaderboard mode (`lb=1`, with run groups loaded) one row per team, its best run.
//
// Leaderboard mode: each team's best run by the leaderboard measure (the sorted measure, else the
// table's first numeric measure) in the registry's direction (highest where higher is better,
// lowest where lower is; a measure better neither way: highest); a run without a mean of it is
// never best while its team has one with a mean; ties: the run loaded first. Runs without a team
// are left out (the table's warnings list them). Each row's rank is its place by the leaderboard
// measure, best first (ties: the order loaded); the rows are shown in that order unless a sort is set.
import { addDefaults } from './settings.js';
import { teams } from './teams.js';

addDefaults({ lb: '' });

/** The sort setting as {col, dir}; col '' when none. */
export function sortOf(app) {
  const [col, dir] = (app.state.settings.sort || '').split(':');
  return { col: col || '', dir: dir === 'asc' ? 'asc' : 'desc' };
}

/** Whether leaderboard mode applies: asked for, and groups loaded. */
export function leaderboardMode(app) {
  return app.state.settings.lb === '1' && !!teams(app);
}

/** The measure the leaderboard picks each team's best run by, and its direction ('higher' | 'lower'). */
export function leaderboardMeasure(app) {
  const { result } = app.state;
  const { col } = sortOf(app);
  const numeric = result.measures.filter((m) => Object.values(result.runs).some((r) => r.mean[m] !== null));
  const measure = numeric.includes(col) ? col : numeric[0] || result.measures[0];
  const info = app.info(measure);
  return { measure, direction: info && info.direction === 'lower' ? 'lower' : 'higher' };
}

/** Sorts `runs` by the sort setting (stable: ties keep the order of `runs`; none: as given). */
function sorted(app, runs, team) {
  const { result } = app.state;
  const { col, dir } = sortOf(app);
  let key;
  if (col === 'run') key = (r) => r;
  else if (col === 'team' && team) key = (r) => team(r) ?? '';
  else if (result.measures.includes(col)) key = (r) => result.runs[r].mean[col] ?? -Infinity;
  else return runs;
  const sign = dir === 'desc' ? -1 : 1; // ties keep their order either way
  return [...runs].sort((a, b) => {
    const x = key(a), y = key(b);
    return sign * (x < y ? -1 : x > y ? 1 : 0);
  });
}

/**
 * The table's rows, in the order shown: {rows: [{run, team, rank}], leaderboard: null | {measure,
 * direction, teams}}. team: the run's group (null: none, or no groups loaded); rank: the place in
 * leaderboard mode (else null).
 */
export function tableRows(app) {
  const { result } = app.state;
  const t = teams(app);
  const team = t ? t.of : null;
  const all = Object.keys(result.runs);
  if (!leaderboardMode(app)) return { rows: sorted(app, all, team).map((run) => ({ run, team: team ? team(run) : null, rank: null })), leaderboard: null };
  const { measure, direction } = leaderboardMeasure(app);
  const mean = (r) => result.runs[r].mean[measure];
  const better = (a, b) => (mean(b) === null ? mean(a) !== null : mean(a) !== null && (direction === 'lower' ? mean(a) < mean(b) : mean(a) > mean(b)));
  const best = new Map();
  for (const run of all) {
    const g = team(run);
    if (g === null) continue;
    if (!best.has(g) || better(run, best.get(g))) best.set(g, run);
  }
  const ranked = [...best.values()].sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
  const rank = new Map(ranked.map((run, i) => [run, i + 1]));
  const runs = sortOf(app).col ? sorted(app, ranked, team) : ranked;
  return { rows: runs.map((run) => ({ run, team: team(run), rank: rank.get(run) })), leaderboard: { measure, direction, teams: best.size } };
}

/**
 * The page's ranking of every run, best first: by the mean of the leaderboard measure
 * (leaderboardMeasure: the sorted measure, else the table's first numeric measure) in the
 * registry's direction; a run without a mean of it last; ties in the order loaded. What the
 * views colour and highlight "the best runs" by (Subtopics' groups, the step lines).
 * {runs, measure, direction}.
 */
export function pageRanking(app) {
  const { result } = app.state;
  const { measure, direction } = leaderboardMeasure(app);
  const sign = direction === 'lower' ? 1 : -1;
  const key = (r) => { const v = result.runs[r].mean[measure]; return v === null || v === undefined || Number.isNaN(v) ? Infinity : sign * v; };
  return { runs: Object.keys(result.runs).sort((a, b) => key(a) - key(b) || 0), measure, direction };
}

/**
 * The best mean of each measure among the rows shown (`shown`: tableRows), by the registry's
 * direction (highest where higher is better, lowest where lower is): {measure: value | null}; null
 * for a measure better neither way, text-valued, or without a mean in those rows. The table, its
 * exports and the report mark it in bold: the best of the rows a reader sees (in leaderboard mode
 * the teams' best runs), never of runs left out (issue 35). BEST_RULE says so in their captions.
 */
export function bestOfRows(app, shown = tableRows(app)) {
  const { result } = app.state;
  return Object.fromEntries(result.measures.map((m) => {
    const info = app.info(m);
    if (!info || info.direction === 'neither' || info.textValued) return [m, null];
    const means = shown.rows.map((r) => result.runs[r.run].mean[m]).filter((v) => v !== null && v !== undefined);
    return [m, means.length ? (info.direction === 'lower' ? Math.min(...means) : Math.max(...means)) : null];
  }));
}

/** The captions' words for what is bold (bestOfRows). */
export const BEST_RULE = 'best per column among the rows shown in bold';
