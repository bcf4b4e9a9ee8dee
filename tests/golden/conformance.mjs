// Golden-output conformance through the WASM build under node: the same cases as the native
// tests/conformance.cpp (trec_eval-test, 143 TREC-COVID runs, 8 TREC Web 2012 runs), byte for byte.
// usage: node conformance.mjs DIST_DIR SHARED_DIR
// Exits 77 (ctest: SKIPPED, never passed) when SHARED_DIR/data is absent.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';

const [dist, shared] = process.argv.slice(2).map((p) => resolve(p));
const te = join(shared, 'data/trec_eval-test');
if (!existsSync(te)) {
  console.log(`SKIPPED: ${te} not found - the WASM golden tests were NOT run`);
  process.exit(77);
}
const { createIrlens, loadQrelsFile, loadRunFile, loadPrefsFile } = await import(join(dist, 'node.mjs'));
const irlens = await createIrlens();
const here = new URL('.', import.meta.url).pathname;
const { cases } = JSON.parse(readFileSync(join(here, 'trec_eval_cases.json'), 'utf8'));
let passed = 0, failed = 0;

function compare(label, got, want) {
  if (got === want) { passed++; return; }
  failed++;
  const g = got.split('\n'), w = want.split('\n');
  const i = g.findIndex((line, k) => line !== w[k]);
  console.log(`FAIL ${label}\n  first difference at line ${i + 1}\n  want: ${w[i]}\n  got:  ${g[i]}`);
}

const qrelsCache = new Map();
async function qrels(path, format = 'plain') {
  const key = `${format}:${path}`;
  const prefs = format === 'prefs' || format === 'qrels_prefs';
  if (!qrelsCache.has(key)) qrelsCache.set(key, await (prefs ? loadPrefsFile : loadQrelsFile)(irlens, path, { name: path, format }));
  return qrelsCache.get(key);
}

async function trecEval(label, goldenPath, qrelsPath, runPath, flags, zscores = '') {
  try {
    const at = flags.indexOf('-R');
    const format = at < 0 ? 'plain' : flags[at + 1]; // qrels_jg, prefs or qrels_prefs
    const q = await qrels(qrelsPath, format);
    const r = await loadRunFile(irlens, q, runPath, { name: runPath });
    compare(label, irlens.trecEval(q, r, flags, { zscores }), readGolden(goldenPath));
    r.dispose();
  } catch (e) {
    failed++;
    console.log(`FAIL ${label}: ${e.name}: ${e.message}`);
  }
}

function readGolden(path) {
  const bytes = readFileSync(path);
  return (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('latin1');
}

for (const c of cases) {
  const flags = [...c.flags];
  let zscores = '';
  if (c.zscores) {
    flags.push('-Z', c.zscores);
    zscores = readFileSync(join(te, c.zscores), 'latin1');
  }
  await trecEval(`${c.golden} <- ${flags.join(' ')} ${c.qrels} ${c.run}`, join(te, c.golden), join(te, c.qrels), join(te, c.run), flags, zscores);
}

const covid = join(shared, 'data/covid-r1');
const covidRuns = readdirSync(join(covid, 'runs')).filter((f) => f.endsWith('.gz')).sort();
for (const f of covidRuns) {
  const run = f.slice(0, -3);
  await trecEval(`covid-r1 ${run}`, join(covid, 'ref', `${run}.all_trec.txt.gz`), join(covid, 'qrels-rnd1.txt'),
    join(covid, 'runs', f), ['-c', '-q', '-m', 'all_trec']);
}

const web = join(shared, 'data/web2012');
const webRuns = readdirSync(join(web, 'runs')).filter((f) => f.endsWith('.txt.gz')).sort();
for (const f of webRuns) {
  const run = f.slice(0, -7);
  await trecEval(`web2012 ${run}`, join(web, 'ref', `${run}.trec_eval.all_trec.txt`), join(web, 'qrels/qrels.adhoc.txt'),
    join(web, 'runs', f), ['-c', '-q', '-m', 'all_trec']);
}

console.log(`wasm conformance: ${passed} passed, ${failed} failed (${cases.length} trec_eval-test cases, ${covidRuns.length} covid-r1 runs, ${webRuns.length} web2012 runs)`);
if (covidRuns.length !== 143 || webRuns.length !== 8) {
  console.log('FAIL: expected 143 covid-r1 runs and 8 web2012 runs');
  process.exit(1);
}
process.exit(failed ? 1 : 0);
