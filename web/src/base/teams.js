// Teams: the group of each evaluated run, from the loaded run-groups file (a `run<TAB>group` TSV or a
// leaderboard CSV with run and team columns; side-inputs.js), for the table's team column, its
// filter and leaderboard mode, every export, the charts' colours and the run manager.
//
// Matching, one rule with the core (irlens/readers/run_groups.hpp RunGroups::group_of, which NRG's
// group policies and unique contributions use): a file's run name refers to the run of exactly that
// name, or else to the run with the same key, the name without a trailing ".gz" and then without a
// trailing ".txt" or ".tsv" (runName of wasm/run-name.mjs, the core's run_key): a leaderboard tag
// "final.qruir.txt" is the run read from final.qruir.gz. The runs that get no group are listed
// (teams().unmatched) and said in the table's warnings.
import { runName } from '../../../build-wasm/dist/run-name.mjs';

const cache = new WeakMap(); // groups info -> {exact, byKey}

/** The loaded groups' lookup tables, or null without a groups file. */
function tables(app) {
  const g = app.state.side && app.state.side.groups;
  if (!g || !g.info) return null;
  if (!cache.has(g.info)) {
    const exact = g.info.byRun || {};
    const byKey = {};
    for (const [run, group] of Object.entries(exact)) byKey[runName(run)] = group;
    cache.set(g.info, { exact, byKey, file: g.name });
  }
  return cache.get(g.info);
}

/**
 * null without a groups file; else {file, of(run) -> group | null, unmatched: the evaluated runs
 * without a group (in the app's order), count: the number of groups among the evaluated runs}.
 */
export function teams(app) {
  const t = tables(app);
  if (!t) return null;
  const of = (run) => t.exact[run] ?? t.byKey[runName(run)] ?? null;
  const runs = app.runNames;
  const unmatched = runs.filter((r) => of(r) === null);
  const count = new Set(runs.map(of).filter((g) => g !== null)).size;
  return { file: t.file, of, unmatched, count };
}

/** The warning for the runs without a group (none: null). */
export function unmatchedWarning(app) {
  const t = teams(app);
  if (!t || !t.unmatched.length) return null;
  const n = t.unmatched.length;
  return `${n} run${n === 1 ? '' : 's'} without a group in ${t.file} (matched by name, or by name without .gz/.txt/.tsv): ${t.unmatched.join(', ')}`;
}
