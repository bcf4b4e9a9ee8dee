// A deterministic synthetic collection for the benchmarks (about 6M run lines by default):
//   node bench/generate.mjs [OUTDIR=bench/data] [--topics 500] [--runs 12] [--depth 1000] [--seed 42]
// writes OUTDIR/qrels.txt (300 judgments per topic, grades 0/1/2 with probabilities .6/.3/.1) and
// OUTDIR/run01.txt ... (depth documents per topic: a quarter drawn from the judged pool, the rest
// from 4700 unjudged ids; score = quality * grade + noise, quality rising with the run number).
// Randomness: mulberry32 (a 32-bit generator, documented at the function), seeded, so the files
// are identical on every machine. (Written for the web benchmark because main had no bench/ yet.)
import { mkdirSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const out = args[0] && !args[0].startsWith('--') ? args[0] : 'bench/data';
const TOPICS = opt('topics', 500), RUNS = opt('runs', 12), DEPTH = opt('depth', 1000), SEED = opt('seed', 42);
const JUDGED = 300, POOL = 5000;

/** mulberry32 (Tommy Ettinger, public domain): 32-bit state, returns floats in [0, 1). */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function writer(path) {
  const s = createWriteStream(path);
  let buf = [];
  return {
    line(l) {
      buf.push(l);
      if (buf.length >= 10000) this.flush();
    },
    flush() {
      if (buf.length) s.write(buf.join('\n') + '\n');
      buf = [];
    },
    end() {
      this.flush();
      return new Promise((r) => s.end(r));
    },
  };
}

mkdirSync(out, { recursive: true });
const rand = mulberry32(SEED);
const grades = [];
const q = writer(join(out, 'qrels.txt'));
for (let t = 1; t <= TOPICS; t++) {
  const g = new Int8Array(JUDGED);
  for (let d = 0; d < JUDGED; d++) {
    const u = rand();
    g[d] = u < 0.6 ? 0 : u < 0.9 ? 1 : 2;
    q.line(`${t} 0 D${t}-${d} ${g[d]}`);
  }
  grades.push(g);
}
await q.end();

const unjudged = Array.from({ length: POOL - JUDGED }, (_, i) => JUDGED + i);
const judged = Array.from({ length: JUDGED }, (_, i) => i);
function sample(arr, k) { // partial Fisher-Yates: k distinct items
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(rand() * (arr.length - i));
    [arr[i], arr[j]] = [arr[j], arr[i]];
  }
  return arr.slice(0, k);
}
let lines = 0;
for (let r = 1; r <= RUNS; r++) {
  const name = `run${String(r).padStart(2, '0')}`;
  const w = writer(join(out, `${name}.txt`));
  const quality = 0.5 + r / RUNS;
  for (let t = 1; t <= TOPICS; t++) {
    const docs = [...sample(judged, DEPTH / 4), ...sample(unjudged, DEPTH - DEPTH / 4)];
    const scored = docs.map((d) => {
      const grade = d < JUDGED ? grades[t - 1][d] : 0;
      return { d, s: quality * grade + (rand() + rand() + rand()) };
    });
    scored.sort((a, b) => b.s - a.s);
    scored.forEach((x, i) => w.line(`${t} Q0 D${t}-${x.d} ${i + 1} ${x.s.toFixed(6)} ${name}`));
    lines += scored.length;
  }
  await w.end();
}
console.log(`wrote ${out}: qrels.txt (${TOPICS * JUDGED} judgments) and ${RUNS} runs (${lines} lines)`);
