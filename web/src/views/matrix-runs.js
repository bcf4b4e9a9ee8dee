// Which runs the Significance tab's p-value matrix shows (setting mr; issue 35): all of them, the
// top N by the measure's mean, the best run of each team (run groups loaded), or the runs selected
// (ticked in Charts: setting rp) with the baseline. The matrix's p-values are always those of the
// comparison of every run (the same numbers whichever runs are shown; a multiple-comparison
// adjustment over all pairs): narrowing picks rows and columns of it, it does not test again.
import { addDefaults } from '../base/settings.js';
import { teams } from '../base/teams.js';

addDefaults({ mr: '' });

const TOPS = [10, 20, 30];

/**
 * {runs, choices, value, why}: runs, the matrix's runs in the order of `ordered` (the chart's
 * order); choices, the options of the control ({value, label}; those that apply: 'teams' with run
 * groups, 'picked' with runs selected); value, the choice in force ('' = all); why, a sentence
 * saying what is shown. byMean: the runs best first by the measure's mean (runOrder 'mean').
 */
export function matrixRuns(app, ordered, byMean, measure) {
  const s = app.state.settings;
  const n = ordered.length;
  const t = teams(app);
  const picked = [...(s.rp ? s.rp.split(',') : []), ...(s.b ? [s.b] : [])].filter((r) => ordered.includes(r));
  const choices = [{ value: '', label: `all ${n} runs` },
    ...TOPS.filter((k) => k < n).map((k) => ({ value: `top${k}`, label: `the top ${k} by mean ${measure}` })),
    ...(t ? [{ value: 'teams', label: 'the best run of each team' }] : []),
    ...(picked.length >= 2 ? [{ value: 'picked', label: `the ${picked.length} selected runs` }] : [])];
  const value = choices.some((c) => c.value === s.mr) ? s.mr : '';
  let keep = null, why = '';
  if (value.startsWith('top')) {
    const k = Number(value.slice(3));
    keep = new Set(byMean.slice(0, k));
    why = `the top ${k} of ${n} runs by mean ${measure}`;
  } else if (value === 'teams') {
    // byMean is best first: a team's first run there is its best; runs without a team are left out.
    const seen = new Set();
    keep = new Set(byMean.filter((r) => { const g = t.of(r); if (g === null || seen.has(g)) return false; seen.add(g); return true; }));
    const without = ordered.filter((r) => t.of(r) === null).length;
    why = `the best run by mean ${measure} of each of the ${seen.size} teams in ${t.file}${without ? ` (${without} run${without === 1 ? '' : 's'} without a team left out)` : ''}`;
  } else if (value === 'picked') {
    keep = new Set(picked);
    why = `the ${picked.length} runs selected (ticked in Charts${s.b && picked.includes(s.b) ? ', and the baseline' : ''})`;
  }
  const runs = keep ? ordered.filter((r) => keep.has(r)) : ordered;
  return { runs, choices, value, why: keep ? `Shown: ${why}, ${runs.length} of ${n}; the p-values are those of the comparison of all ${n} runs.` : '' };
}
