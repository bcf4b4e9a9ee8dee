// The worker's part of the Significance tab's p-value matrix (issue 25 §1b), in node with the WASM
// module alone: randomised Tukey HSD, B = 10,000 (B=... as the first argument), AP, on the 500 runs
// x 50 topics of tukey-collection.mjs; what the stats worker did before (compareScores with only:
// 'p-values': a JSON document of 124,750 rows, parsed, then a structured clone of as many objects
// to the page) against comparePValues (typed-array columns, transferred), each timed (wall and
// this process's CPU) with its clone; then the same with B = 1, where the permutations cost
// nothing and what is left is the answer's construction. Checks the two give the same p-values.
//   sh scripts/build.sh && node bench/p-values-node.mjs [B]
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { tukeyCollection } from './tukey-collection.mjs';

const dist = resolve(process.env.IRLENS_DIST || 'build-wasm/dist');
const { createIrlens } = await import(join(dist, 'node.mjs'));
const { buffersOfPairs } = await import('../web/src/base/p-value-columns.js');
const irlens = await createIrlens();
const { qrels: qrelsText, runs: texts } = tukeyCollection();
const qrels = irlens.loadQrels(qrelsText, { name: 'qrels.txt' });
const runs = texts.map(({ name, text }) => irlens.loadRun(qrels, text, { name: `${name}.run` }));
const result = irlens.evaluate(qrels, runs, ['AP'], { missing: 'zero' });
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

/** {wall, cpu} in ms of f(), and its value. */
function timed(f) {
  const c0 = process.cpuUsage(), t0 = performance.now();
  const value = f();
  const c = process.cpuUsage(c0);
  return { wall: performance.now() - t0, cpu: (c.user + c.system) / 1000, value };
}
const secs = (t) => `${(t.wall / 1000).toFixed(2)} s wall, ${(t.cpu / 1000).toFixed(2)} s CPU`;

console.log(`load average at the start: ${load()}`);
irlens.comparePValues(result, { qrels, test: 'tukey', B: 1 }); // the WASM code's first use, not timed
for (const B of [Number(process.argv[2] || 10000), 1]) {
  const options = { qrels, test: 'tukey', B, seed: 1 };
  const rows = timed(() => irlens.compareScores(result, { ...options, only: 'p-values' }));
  const rowsClone = timed(() => structuredClone(rows.value));
  const cols = timed(() => irlens.comparePValues(result, options));
  const p = [...cols.value.measures[0].pairs.p];
  const colsClone = timed(() => structuredClone(cols.value, { transfer: buffersOfPairs(cols.value) }));
  const same = rows.value.measures[0].comparisons.every((c, k) => (c.p === null ? Number.isNaN(p[k]) : Object.is(c.p, p[k])));
  console.log(`B=${B}: compareScores only 'p-values' ${secs(rows)} + structured clone ${secs(rowsClone)}; comparePValues ${secs(cols)} + transfer ${secs(colsClone)}; p-values identical: ${same ? 'yes' : 'NO'} (${p.length} pairs)`);
}
console.log(`load average at the end: ${load()}`);
