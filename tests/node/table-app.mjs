// A page as the results table's modules (web/src/base/table-rows.js, teams.js, table-intervals.js,
// exports.js) see it, for their node tests: the evaluation's nested view with each run's means and
// intervals, the settings, the registry's directions and the loaded run groups. Plain data.
import { DEFAULTS } from '../../web/src/base/settings.js';

/**
 * means: {run: {measure: mean | null}} in the order loaded; directions: {measure: 'higher' | 'lower'
 * | 'neither' | 'text'} (default higher; text: a text-valued measure); groups: {run: group} (a run
 * groups file) or null; ci95, percentile95: {run: {measure: [low, high] | null}}; compare(run,
 * measure): the baseline's row; markers: what app.markers() returns.
 */
export function tableApp({ means, measures, directions = {}, settings = {}, groups = null, ci95 = {}, percentile95 = {}, compare = () => null, markers = null, seed = '1' }) {
  const names = Object.keys(means);
  measures ||= Object.keys(means[names[0]]);
  const runs = Object.fromEntries(names.map((run) => [run, {
    tag: `${run}-tag`, mean: means[run], ci95: ci95[run] || {}, percentile95: percentile95[run] || {}, perTopic: { 1: { ...means[run] } },
  }]));
  const info = (m) => {
    if (!measures.includes(m)) return null;
    const d = directions[m] || 'higher';
    return d === 'text' ? { direction: 'neither', textValued: true } : { direction: d, textValued: false };
  };
  return {
    state: {
      settings: { ...DEFAULTS, ...settings },
      version: '9.9.9',
      result: { measures, measuresFull: Object.fromEntries(measures.map((m) => [m, `${m}(full)`])), warnings: [], runs, percentile: { B: 1000, seed, confidence: 0.95 } },
      side: groups ? { groups: { role: 'groups', name: 'groups.tsv', bytes: 10, sha256: 'g', info: { byRun: groups } } } : {},
      qrels: { source: { name: 'q.txt', size: 3 } },
      runs: names.map((run) => ({ info: {}, excluded: false, source: { name: `${run}.txt`, size: 7 } })),
    },
    runNames: names,
    info,
    compare,
    markers: markers ? () => markers : undefined,
    seeds: () => ({ bootstrap: 1 }),
  };
}
