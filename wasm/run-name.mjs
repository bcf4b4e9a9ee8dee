// The name of a run read from a file, the same in the JS API (node.mjs loadRunFile) and the page as
// in the CLI (the core's run_key, irlens/readers/run_groups.hpp; cli/input.hpp run_names): the file name
// without a trailing ".gz", then without a trailing ".txt" or ".tsv" ("bm25.txt.gz" -> "bm25";
// ".run" and ".trec" stay, they say what the file is).

/** The run name of `file` (a path or a file name); a name that would be empty stays the file name. */
export function runName(file) {
  const base = String(file).split('/').pop();
  return base.replace(/\.gz$/, '').replace(/\.(txt|tsv)$/, '') || base;
}

/**
 * The names of the runs read from `files` (in order): runName of each, except that runs whose names
 * would be equal keep their file names instead, and runs whose file names are equal their paths
 * (never two runs of one name, unless two paths are equal). Returns {names, warnings}: each
 * warning names the runs that were not stripped, as the CLI says it.
 */
export function runNames(files) {
  const paths = files.map(String);
  const level = paths.map(() => 0); // 0: runName, 1: the file name, 2: the path
  const nameAt = (i) => (level[i] === 0 ? runName(paths[i]) : level[i] === 1 ? paths[i].split('/').pop() : paths[i]);
  const warnings = [];
  for (let moved = true; moved;) {
    moved = false;
    const holders = new Map();
    paths.forEach((_, i) => holders.set(nameAt(i), [...(holders.get(nameAt(i)) || []), i]));
    for (const [name, runs] of [...holders].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (runs.length < 2) continue;
      const step = runs.filter((i) => level[i] < 2);
      for (const i of step) level[i] += 1;
      if (step.length) {
        warnings.push(`the runs ${runs.map((i) => paths[i]).join(', ')} would share the name '${name}': named by their file names (or paths) instead`);
        moved = true;
      }
    }
  }
  return { names: paths.map((_, i) => nameAt(i)), warnings };
}
