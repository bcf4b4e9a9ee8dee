// The CPU time of each request the Meta-evaluation tab sends its stats workers (issue 25,
// decision a), in node with the WASM module: the first results (the cheap analyses, and
// discriminative power and stability with fewer resamples, one request per measure as the page
// sends them) and the final ones, on TREC-COVID round 1 (../shared/data/covid-r1, 143 runs), the
// page's default measures and settings. A benchmark, not a test. CPU time (process.cpuUsage: the
// WASM computation, the JSON document and its parse) is nearly independent of the machine's load;
// the page runs the requests in 2 workers, so its first results need about the sum / 2 of CPU,
// plus drawing and transfers (bench/web-stats.mjs meta times the page itself).
//   sh scripts/build.sh && node bench/meta-previews.mjs
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { createIrlens, loadQrelsFile, loadRunFile } from '../build-wasm/dist/node.mjs';

const SHARED = process.env.IRLENS_SHARED || new URL('../../shared', import.meta.url).pathname;
const dir = join(SHARED, 'data', 'covid-r1');
if (!existsSync(dir)) {
  console.log(`SKIPPED: ${dir} is absent`);
  process.exit(77);
}
const MEASURES = ['P@5', 'P@10', 'AP', 'nDCG@10', 'RR', 'RBP(p=0.8)']; // the page's default
// The page's defaults (web/src/base/settings.js) and its previews (web/src/views/meta-view.js).
const SETTINGS = { test: 'bootstrap', correction: 'none', B: '10000', seed: '1', trials: '1000' };
const PREVIEW = { B: '1000', trials: '100' };

const irlens = await createIrlens();
const qrels = await loadQrelsFile(irlens, join(dir, 'qrels-rnd1.txt'));
const runs = [];
for (const f of readdirSync(join(dir, 'runs')).sort()) runs.push(await loadRunFile(irlens, qrels, join(dir, 'runs', f)));
const result = irlens.evaluate(qrels, runs, MEASURES, { perTopic: true, missing: 'zero' });
const names = result.measures.map((m) => (typeof m === 'string' ? m : m.name));
const q = { name: qrels.name, topics: qrels.topics.length };

const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
/** [label, CPU ms] of each request, as the page sends them. */
function timed(requests) {
  return requests.map(([label, analysis, options]) => {
    const c = cpu();
    irlens.metaScores(analysis, result, { qrels: q, ...options });
    return [label, cpu() - c];
  });
}
const perMeasure = (analysis, options, tag) => names.map((m) => [`${analysis} ${tag} ${m}`, analysis, { ...options, measures: [m] }]);
const dp = { test: SETTINGS.test, correction: SETTINGS.correction, seed: SETTINGS.seed };
const st = { seed: SETTINGS.seed };

const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
console.log(`load average at the start: ${load()}`);
const first = timed([
  ['correlation', 'correlation', { measures: names }],
  ['unanimity', 'unanimity', { measures: names }],
  ['concordance', 'concordance', { measures: names, gold: names.slice(2) }],
  ['topic-set-size', 'topic-set-size', { measures: names }],
  ['power', 'power', { measures: names }],
  ...perMeasure('discriminative-power', { ...dp, B: PREVIEW.B }, `B=${PREVIEW.B}`),
  ...perMeasure('stability', { ...st, trials: PREVIEW.trials }, `trials=${PREVIEW.trials}`),
]);
const final = timed([
  ...perMeasure('discriminative-power', { ...dp, B: SETTINGS.B }, `B=${SETTINGS.B}`),
  ...perMeasure('stability', { ...st, trials: SETTINGS.trials }, `trials=${SETTINGS.trials}`),
]);
const sum = (xs) => xs.reduce((s, [, ms]) => s + ms, 0);
const list = (xs) => xs.map(([l, ms]) => `${l} ${(ms / 1000).toFixed(3)}`).join('; ');
console.log(`first results, CPU s per request: ${list(first)}`);
console.log(`final results, CPU s per request: ${list(final)}`);
console.log(`meta previews, covid-r1 (${runs.length} runs): first results ${(sum(first) / 1000).toFixed(2)} s CPU (/ 2 workers: ${(sum(first) / 2000).toFixed(2)} s; target <= 2.5 s), final ${(sum(final) / 1000).toFixed(2)} s CPU (/ 2 workers: ${(sum(final) / 2000).toFixed(2)} s)`);
console.log(`load average at the end: ${load()}`);
