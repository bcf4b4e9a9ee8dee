// The statistics of the JS API (wasm/api-stats.mjs): compare, meta, their *Scores forms and the
// stats.* helpers, on hand-checkable vectors (arithmetic in the comments) and against the native
// CLI: every randomised procedure gives the CLI's p-values bit for bit for the same seed.
// Run: IRLENS_DIST=build-wasm/dist [IRLENS_NATIVE=build/cli/irlens] node --test tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const dist = resolve(process.env.IRLENS_DIST || 'build-wasm/dist');
const { createIrlens, loadQrelsFile, loadRunFile } = await import(join(dist, 'node.mjs'));
const irlens = await createIrlens();
const native = process.env.IRLENS_NATIVE && resolve(process.env.IRLENS_NATIVE);
const haveNative = native && existsSync(native);
const needsNative = haveNative ? false : 'IRLENS_NATIVE (the native irlens CLI) is not set or missing';
if (!haveNative) console.log(`SKIPPED (native comparisons): ${needsNative}`);

const close = (actual, expected, eps = 1e-12) => assert.ok(Math.abs(actual - expected) <= eps * Math.max(1, Math.abs(expected)), `${actual} != ${expected}`);

// A synthetic collection written to files, so that the native CLI reads the same bytes: 25 topics,
// 5 runs (a linear congruential generator; run4 leaves topics t03 and t11 unanswered).
const dir = mkdtempSync(join(tmpdir(), 'irlens-stats-'));
let state = 12345;
const rand = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
const topics = Array.from({ length: 25 }, (_, i) => `t${String(i).padStart(2, '0')}`);
let qrelsText = '';
for (const t of topics) for (let d = 0; d < 20; d++) qrelsText += `${t} 0 ${t}-d${d} ${[0, 0, 0, 1, 1, 2][Math.floor(rand() * 6)]}\n`;
const runNames = ['run0', 'run1', 'run2', 'run3', 'run4'];
const runTexts = runNames.map((name, k) => {
  let text = '';
  for (const t of topics) {
    if (k === 4 && (t === 't03' || t === 't11')) continue;
    const docs = Array.from({ length: 26 }, (_, d) => d).sort(() => rand() - 0.5).slice(0, 12);
    docs.forEach((d, i) => { text += `${t} Q0 ${t}-d${d} ${i + 1} ${(100 - i - 0.01 * k).toFixed(3)} ${name}\n`; });
  }
  return text;
});
const qrelsPath = join(dir, 'qrels.txt');
writeFileSync(qrelsPath, qrelsText);
const runPaths = runNames.map((n, k) => {
  const p = join(dir, n);
  writeFileSync(p, runTexts[k]);
  return p;
});
const qrels = await loadQrelsFile(irlens, qrelsPath);
const runs = [];
for (const p of runPaths) runs.push(await loadRunFile(irlens, qrels, p));
const groups = irlens.loadGroups('run0\tg1\nrun1\tg1\nrun2\tg2\nrun3\tg3\nrun4\tg3\n', { name: join(dir, 'groups.tsv') });
writeFileSync(join(dir, 'groups.tsv'), 'run0\tg1\nrun1\tg1\nrun2\tg2\nrun3\tg3\nrun4\tg3\n');
// Human preferences for predictive power: two pairs of runs per topic, verdicts drawn.
let prefsText = '';
for (const t of topics)
  for (const [x, y] of [['run0', 'run1'], ['run2', 'run4']]) prefsText += `${t}\t${x}\t${y}\t${['X', 'Y', 'tie'][Math.floor(rand() * 3)]}\n`;
const prefsPath = join(dir, 'prefs.tsv');
writeFileSync(prefsPath, prefsText);

function cli(args) {
  const doc = JSON.parse(execFileSync(native, [...args, '-f', 'json'], { stdio: ['ignore', 'pipe', 'ignore'] }));
  delete doc.provenance; // the CLI's file hashes and settings: the JS API has no files (checked in tests/cli)
  return doc;
}

/**
 * Asserts that two documents have the same keys and strings everywhere, numbers within 1e-12
 * relative (Boost.Math may round the last bit differently natively and in WASM), and exactly the
 * same numbers under the keys in `exact` (the randomised results).
 */
function sameDocument(js, nat, exact, path = '') {
  if (typeof nat === 'number' && typeof js === 'number') {
    const key = path.split('.').pop().replace(/\[\d+\]$/, '');
    if (exact.includes(key)) assert.equal(js, nat, `${path}: WASM ${js} != native ${nat} (bit for bit)`);
    else assert.ok(Math.abs(js - nat) <= 1e-12 * Math.max(1, Math.abs(nat)), `${path}: WASM ${js}, native ${nat}`);
    return;
  }
  if (nat === null || typeof nat !== 'object') return assert.equal(js, nat, path);
  assert.equal(typeof js, 'object', path);
  assert.deepEqual(Object.keys(js).sort(), Object.keys(nat).sort(), `${path}: keys`);
  for (const k of Object.keys(nat)) sameDocument(js[k], nat[k], exact, Array.isArray(nat) ? `${path}[${k}]` : `${path}.${k}`);
}

test('compare: a hand-checked sign test with a correction, and risk', () => {
  // Topic 1-4, one relevant document each; A finds it at rank 1 on topics 1-4, B at rank 2 on
  // topics 1-3 and not on topic 4. RR: A 1 1 1 1, B 1/2 1/2 1/2 0 -> A wins all 4 topics:
  // sign test p = 2 (1/2)^4 = 0.125; C = B: p undefined (all differences 0), so
  // Bonferroni counts 1 test.
  const q = irlens.loadQrels('1 0 a 1\n2 0 b 1\n3 0 c 1\n4 0 d 1\n', { name: 'q4' });
  const runA = irlens.loadRun(q, '1 Q0 a 1 2 A\n2 Q0 b 1 2 A\n3 Q0 c 1 2 A\n4 Q0 d 1 2 A\n', { name: 'A' });
  const b = '1 Q0 x 1 2 B\n1 Q0 a 2 1 B\n2 Q0 x 1 2 B\n2 Q0 b 2 1 B\n3 Q0 x 1 2 B\n3 Q0 c 2 1 B\n4 Q0 x 1 2 B\n';
  const runB = irlens.loadRun(q, b, { name: 'B' });
  const runC = irlens.loadRun(q, b, { name: 'C' });
  const res = irlens.compare(q, [runA, runB, runC], ['RR'], { baseline: runB, test: 'sign', correction: 'bonferroni', risk: 1 });
  assert.equal(res.command, 'compare');
  assert.equal(res.qrels, 'q4');
  assert.equal(res.baseline, 'B');
  assert.equal(res.missing, 'zero'); // compare's default, as the CLI
  assert.equal(res.test, 'sign test, two-sided, Bonferroni correction over 2 pair(s)');
  const [m] = res.measures;
  assert.equal(m.measure, 'RR');
  assert.match(m.topic_policy, /^topics: all 4 qrels topics/);
  const [ab, cb] = m.comparisons;
  assert.deepEqual([ab.run, ab.versus, cb.run], ['A', 'B', 'C']);
  assert.equal(ab.mean, 1);
  assert.equal(ab.versus_mean, 0.375); // (1/2 + 1/2 + 1/2 + 0) / 4
  assert.equal(ab.difference, 0.625);
  close(ab.p, 0.125);
  close(ab.p_adjusted, 0.125); // Bonferroni over the 1 defined test: 1 x 0.125
  assert.equal(ab.marker, '');
  assert.equal(cb.p, null); // undefined, never an invented 1
  assert.equal(cb.p_adjusted, null);
  assert.match(cb.note, /all differences are 0.*p is undefined/);
  // URisk with alpha = 1: every delta is a win, URisk = mean delta = 0.625; wins 4.
  close(ab.urisk, 0.625);
  assert.deepEqual([ab.wins, ab.losses, ab.ties], [4, 0, 0]);
  assert.equal(res.risk_alpha, 1);
});

test('compare: errors are UsageErrors with the CLI messages; unknown options are TypeErrors', () => {
  const two = runs.slice(0, 2);
  const usage = (options, message) => assert.throws(() => irlens.compare(qrels, two, ['AP'], options), (e) => {
    assert.equal(e.name, 'UsageError');
    assert.equal(e.message, message);
    return true;
  });
  usage({ risk: 1 }, '--risk needs --baseline: URisk and TRisk compare a run with a baseline');
  usage({ test: 'tukey', correction: 'holm' }, 'Tukey HSD p-values are already adjusted for all pairs: use no other --correction');
  usage({ test: 'z' }, "--test must be t, wilcoxon, sign, randomisation, bootstrap, unpaired-bootstrap or tukey, got 'z'");
  usage({ confidence: 1 }, '--confidence must be between 0 and 1, e.g. 0.95');
  usage({ B: 0 }, "-B must be a whole number of at least 1, got '0'");
  usage({ seed: -1 }, "--seed must be a whole number from 0 to 18446744073709551615, got '-1'");
  usage({ baseline: 'zz' }, "--baseline 'zz' is not one of the runs (run0, run1)");
  usage({ missing: 'all' }, "missing must be skip or zero, got 'all'");
  assert.throws(() => irlens.compare(qrels, two, [], {}), { name: 'UsageError', message: 'no measure given: add -m MEASURE (e.g. -m AP -m nDCG@10)' });
  assert.throws(() => irlens.compare(qrels, [runs[0]], ['AP']), { name: 'UsageError', message: 'compare needs at least two runs' });
  assert.throws(() => irlens.compare(qrels, two, ['RelString@3']), { name: 'UsageError', message: "measure 'RelString@3' has text values; significance tests and meta-evaluation need numbers" });
  assert.throws(() => irlens.compare(qrels, two, ['AP'], { tests: 't' }), (e) => e instanceof TypeError && /unknown option 'tests'/.test(e.message));
  assert.throws(() => irlens.meta('x', qrels, two, ['AP']), { name: 'UsageError', message: "unknown analysis 'x': expected correlation, discriminative-power, stability, concordance, unanimity, predictive-power, loo, topic-set-size or power" });
  assert.throws(() => irlens.meta('correlation', qrels, two, ['AP']), { name: 'UsageError', message: 'correlation needs at least two measures (-m M1 -m M2)' });
  assert.throws(() => irlens.meta('loo', qrels, two, ['AP']), { name: 'UsageError', message: 'loo needs --groups FILE (run<TAB>group lines, or a CSV with run and team columns)' });
  assert.throws(() => irlens.meta('power', qrels, two, ['AP'], { ciWidth: 0.1 }), { name: 'UsageError', message: '--ci-width is for the topic-set-size analysis' });
  assert.throws(() => irlens.meta('correlation', qrels, two, ['AP', 'RR'], { alpha: 0.1 }), { name: 'UsageError', message: '--alpha, --beta, --min-diff and --ci-width are for the topic-set-size and power analyses' });
  assert.throws(() => irlens.meta('topic-set-size', qrels, two, ['AP'], { beta: 0.99 }), { name: 'UsageError', message: /^--beta must be between 0 and 1 - alpha/ });
});

test('compare and meta: the same documents as the native CLI; randomised p-values bit for bit', { skip: needsNative }, () => {
  const P = ['p', 'p_adjusted'];
  const cases = [
    { js: { test: 'bootstrap', B: 2000, seed: 7 }, cli: ['--test', 'bootstrap', '-B', '2000', '--seed', '7'] },
    { js: { test: 'randomisation', B: 1500, seed: 3, exactLimit: 4, alternative: 'greater' }, cli: ['--test', 'randomisation', '-B', '1500', '--seed', '3', '--exact-limit', '4', '--alternative', 'greater'] },
    { js: { test: 'tukey', B: 3000, seed: 11 }, cli: ['--test', 'tukey', '-B', '3000', '--seed', '11'] },
    { js: { test: 'unpaired-bootstrap', B: 1000, seed: 5, ci: 'percentile', missing: 'skip' }, cli: ['--test', 'unpaired-bootstrap', '-B', '1000', '--seed', '5', '--ci', 'percentile', '--missing', 'skip'] },
    { js: { test: 'bootstrap', B: 500, seed: 2, ci: 'bca', confidence: 0.9, baseline: 'run1', risk: 2, correction: 'holm' }, cli: ['--test', 'bootstrap', '-B', '500', '--seed', '2', '--ci', 'bca', '--confidence', '0.9', '--baseline', 'run1', '--risk', '2', '--correction', 'holm'] },
    { js: { test: 't', correction: 'bh', missing: 'skip' }, cli: ['--correction', 'bh', '--missing', 'skip'] },
    { js: { test: 'wilcoxon', baseline: 'run4' }, cli: ['--test', 'wilcoxon', '--baseline', 'run4'] },
  ];
  const measures = ['AP', 'nDCG@10', 'P@5'];
  for (const c of cases) {
    const nat = cli(['compare', qrelsPath, ...runPaths, '-m', measures.join(' '), ...c.cli]);
    const js = irlens.compare(qrels, runs, measures, c.js);
    const randomised = ['bootstrap', 'randomisation', 'tukey', 'unpaired-bootstrap'].includes(c.js.test);
    sameDocument(js, nat, randomised ? P : []);
    if (randomised) assert.ok(js.measures[0].comparisons.some((r) => r.p > 0 && r.p < 1), `${c.js.test}: some p strictly between 0 and 1`);
  }
  const metaCases = [
    ['discriminative-power', { test: 'bootstrap', B: 1000, seed: 9 }, ['--test', 'bootstrap', '-B', '1000', '--seed', '9'], ['p']],
    ['discriminative-power', { test: 'tukey', B: 1000, seed: 4 }, ['--test', 'tukey', '-B', '1000', '--seed', '4'], ['p']],
    ['discriminative-power', { test: 'randomisation', B: 800, exactLimit: 0, correction: 'holm' }, ['--test', 'randomisation', '-B', '800', '--exact-limit', '0', '--correction', 'holm'], ['p']],
    ['stability', { trials: 200, seed: 5, topics: 8, binWidth: 0.02 }, ['--trials', '200', '--seed', '5', '--topics', '8', '--bin-width', '0.02'], ['stability', 'swap_rate', 'comparisons', 'swaps']],
    ['correlation', { rboP: 0.8, missing: 'skip' }, ['--rbo-p', '0.8', '--missing', 'skip'], []],
    ['concordance', { gold: ['nDCG@10', 'RR'] }, ['--gold', 'nDCG@10', '--gold', 'RR'], []],
    ['unanimity', {}, [], []],
    ['loo', { groups, depth: 5 }, ['--groups', join(dir, 'groups.tsv'), '--depth', '5'], []],
    ['predictive-power', { preferences: prefsText, preferencesName: prefsPath, B: 500, seed: 3 }, ['--preferences', prefsPath, '-B', '500', '--seed', '3'], ['predictive_power', 'ci_low', 'ci_high']],
    // Issue 27: the topic set sizes are integers found by a search: the same bit for bit.
    ['topic-set-size', { alpha: 0.05, beta: 0.2, minDiff: 0.05, ciWidth: 0.1 }, ['--alpha', '0.05', '--beta', '0.2', '--min-diff', '0.05', '--ci-width', '0.1'], ['topics', 'runs', 'curve_topics']],
    ['topic-set-size', { alpha: 0.01, beta: 0.1, minDiff: 0.02, missing: 'skip' }, ['--alpha', '0.01', '--beta', '0.1', '--min-diff', '0.02', '--missing', 'skip'], ['topics', 'runs', 'curve_topics']],
    ['power', { alpha: 0.01, beta: 0.1, minDiff: 0.1 }, ['--alpha', '0.01', '--beta', '0.1', '--min-diff', '0.1'], ['topics', 'runs']],
  ];
  for (const [analysis, js, args, exact] of metaCases) {
    const ms = analysis === 'concordance' ? ['P@5', 'AP'] : measures;
    const nat = cli(['meta', analysis, qrelsPath, ...runPaths, '-m', ms.join(' '), ...args]);
    sameDocument(irlens.meta(analysis, qrels, runs, ms, js), nat, exact);
  }
});

test('metaAnalyses: each analysis states its minimum, and meta checks that one (unanimity on one topic)', () => {
  const infos = irlens.metaAnalyses();
  assert.deepEqual(infos.map((a) => a.name), ['correlation', 'discriminative-power', 'stability', 'concordance', 'unanimity', 'predictive-power', 'loo', 'topic-set-size', 'power']);
  const of = Object.fromEntries(infos.map((a) => [a.name, a]));
  assert.equal(of.unanimity.min_topics, 1);
  assert.equal(of.unanimity.min_measures, 2);
  assert.equal(of.correlation.min_topics, 2);
  assert.equal(of.power.min_topics, 0);
  // One topic (the worked example's size, Amigo et al. 2018 Sec. 6.1): A ranks the relevant a
  // first, B ranks b first: P@1 1 vs 0, RR 1 vs 1/2. P(m) = P(M) = P(m, M) = 1/2: MU = log2(2) = 1.
  const q1 = irlens.loadQrels('1 0 a 1\n1 0 b 0\n', { name: 'q1' });
  const one = [irlens.loadRun(q1, '1 Q0 a 1 2 A\n1 Q0 b 2 1 A\n', { name: 'A' }), irlens.loadRun(q1, '1 Q0 b 1 2 B\n1 Q0 a 2 1 B\n', { name: 'B' })];
  const mu = irlens.meta('unanimity', q1, one, ['P@1', 'RR']);
  assert.deepEqual(mu.measures.map((m) => [m.measure, m.mu, m.p_measure, m.p_unanimous, m.p_joint]), [['P@1', 1, 0.5, 0.5, 0.5], ['RR', 1, 0.5, 0.5, 0.5]]);
  assert.throws(() => irlens.meta('correlation', q1, one, ['P@1', 'RR']), { name: 'UsageError', message: /^correlation needs at least 2 topics that every run answered/ });
});

test('compareScores and metaScores: the documents of compare and meta from an evaluate() result', () => {
  const measures = ['AP', 'P@5'];
  for (const missing of ['zero', 'skip']) {
    const result = irlens.evaluate(qrels, runs, measures, { missing });
    for (const options of [{ test: 'tukey', B: 500, seed: 3 }, { test: 'bootstrap', B: 300, baseline: 'run2', risk: 1 }, { test: 'unpaired-bootstrap', B: 200 }])
      assert.deepEqual(irlens.compareScores(result, { qrels, ...options }), irlens.compare(qrels, runs, measures, { missing, ...options }));
    for (const [analysis, options] of [['discriminative-power', { B: 300 }], ['stability', { trials: 50 }], ['correlation', {}], ['unanimity', {}],
      ['topic-set-size', { ciWidth: 0.2 }], ['power', { minDiff: 0.1 }]])
      assert.deepEqual(irlens.metaScores(analysis, result, { qrels, ...options }), irlens.meta(analysis, qrels, runs, measures, { missing, ...options }));
  }
  // Predictive power: the preferences as text or bytes.
  const prefs = { preferences: new TextEncoder().encode(prefsText), preferencesName: 'prefs.tsv', B: 200 };
  const pp = irlens.metaScores('predictive-power', irlens.evaluate(qrels, runs, measures, { missing: 'zero' }), { qrels, ...prefs });
  assert.deepEqual(pp, irlens.meta('predictive-power', qrels, runs, measures, { ...prefs, preferences: prefsText }));
  assert.equal(pp.judgments, 50);
  assert.ok(pp.measures[0].preferences > 0 && pp.measures[0].preferences + pp.human_ties === 50);
  assert.throws(() => irlens.meta('predictive-power', qrels, runs, ['AP'], { preferences: 't00\trun0\trun9\tX\n', preferencesName: 'p.tsv' }),
    { name: 'InputError', message: /^p\.tsv:1: run 'run9' is not one of the runs evaluated/ });
  assert.throws(() => irlens.meta('predictive-power', qrels, runs, ['AP'], { preferences: 't00\trun0\trun1\tZ\n' }),
    { name: 'InputError', message: "preferences:1: verdict must be X, Y or tie, got 'Z'" });
  assert.throws(() => irlens.meta('predictive-power', qrels, runs, ['AP']), { name: 'UsageError', message: /needs --preferences FILE/ });
  // Concordance: the gold measures are named in options.gold and taken from the result.
  const result = irlens.evaluate(qrels, runs, ['nDCG@10', 'P@5', 'AP'], { missing: 'zero' });
  assert.deepEqual(irlens.metaScores('concordance', result, { qrels, gold: ['nDCG@10'] }), irlens.meta('concordance', qrels, runs, ['P@5', 'AP'], { gold: ['nDCG@10'] }));
  // A subset of the measures, as a worker pool splits them.
  const sub = irlens.compareScores(result, { qrels: qrels.info, measures: ['AP'], test: 'tukey', B: 200 });
  assert.deepEqual(sub.measures.map((m) => m.measure), ['AP']);
  assert.throws(() => irlens.compareScores(result, { measures: ['AP'] }), TypeError); // qrels is required
  assert.throws(() => irlens.metaScores('loo', result, { qrels }), { name: 'UsageError', message: /loo re-evaluates the runs/ });
  assert.throws(() => irlens.compareScores(irlens.evaluate(qrels, runs, ['AP'], { perTopic: false }), { qrels }), /per-topic scores/);
});

test('progress: increasing fractions up to 1; returning false cancels with an Error named Cancelled', () => {
  const seen = [];
  irlens.compare(qrels, runs, ['AP', 'P@5'], { test: 'bootstrap', B: 20000, progress: (f) => { seen.push(f); } });
  assert.ok(seen.length > 4, `${seen.length} progress reports`);
  assert.deepEqual(seen, [...seen].sort((a, b) => a - b));
  assert.equal(seen.at(-1), 1);
  let calls = 0;
  assert.throws(() => irlens.compare(qrels, runs, ['AP', 'P@5'], { test: 'tukey', B: 200000, progress: (f) => (++calls, f < 0.3) }), { name: 'Cancelled', message: 'cancelled' });
  assert.ok(calls > 1);
  const result = irlens.evaluate(qrels, runs, ['AP']);
  assert.throws(() => irlens.metaScores('discriminative-power', result, { qrels, B: 100000, progress: () => false }), { name: 'Cancelled' });
  // After a cancel the module works as before.
  assert.equal(irlens.compare(qrels, runs.slice(0, 2), ['AP']).measures.length, 1);
});

test('stats.test: hand-checked t and sign tests; randomised tests reproducible by seed', () => {
  // d = x - y = 1, 2, 3: t = mean / (sd / sqrt(3)) = 2 / (1 / sqrt 3) = 2 sqrt 3; with 2 degrees of
  // freedom P(|T| >= t) = 1 - t / sqrt(2 + t^2) = 1 - sqrt(12 / 14).
  const t = irlens.stats.test('t', [2, 4, 6], [1, 2, 3]);
  close(t.statistic, 2 * Math.sqrt(3));
  close(t.p, 1 - Math.sqrt(12 / 14));
  assert.equal(t.n, 3);
  // sign: 3 wins of 3 non-tied pairs (one tie dropped): two-sided p = 2 / 8.
  const s = irlens.stats.test('sign', [2, 4, 6, 1], [1, 2, 3, 1]);
  close(s.p, 0.25);
  assert.equal(s.n, 3);
  // one-sided: x better: p = 1/8
  close(irlens.stats.test('sign', [2, 4, 6, 1], [1, 2, 3, 1], { alternative: 'greater' }).p, 0.125);
  // randomisation, exact over 2^3 sign flips: only +1 +2 +3 and -1 -2 -3 reach |mean| 2: 2/8.
  close(irlens.stats.test('randomisation', [2, 4, 6], [1, 2, 3]).p, 0.25);
  const x = Array.from({ length: 30 }, (_, i) => (i * 7) % 11 / 10), y = Array.from({ length: 30 }, (_, i) => (i * 5) % 13 / 12);
  const a = irlens.stats.test('bootstrap', x, y, { B: 999, seed: 42 }), b = irlens.stats.test('bootstrap', x, y, { B: 999, seed: 42 });
  assert.equal(a.p, b.p);
  assert.equal(a.method, b.method);
  assert.ok(Number.isInteger(a.p * 999));
  assert.throws(() => irlens.stats.test('tukey', x, y), { name: 'UsageError', message: "test must be t, wilcoxon, sign, randomisation, bootstrap or unpaired-bootstrap, got 'tukey'" });
  assert.throws(() => irlens.stats.test('t', [1, 2], [1]), { name: 'UsageError' });
  assert.throws(() => irlens.stats.test('t', [1, NaN], [1, 2]), TypeError);
});

test('stats.correlation, stats.interval and stats.adjust', () => {
  // x 1 2 3 4, y 1 3 2 4: 6 pairs, 1 discordant: tau-a = tau-b = 4/6.
  close(irlens.stats.correlation('tau_a', [1, 2, 3, 4], [1, 3, 2, 4]).coefficient, 4 / 6);
  const tb = irlens.stats.correlation('tau_b', [1, 2, 3, 4], [1, 3, 2, 4]);
  close(tb.coefficient, 4 / 6);
  assert.equal(typeof tb.p, 'number');
  // tau_ap: items ranked by x: 4 3 2 1 (scores 4..1). y orders them 4 2 3 1. r = 2: item 3, above it
  // item 4, which y also puts above: 1/1; r = 3: item 2, above 4 and 3: y puts 4 above 2 but 3
  // below: 1/2; r = 4: item 1, all 3 above in y too: 3/3. tau_ap = 2/3 (1 + 1/2 + 1) - 1 = 2/3.
  close(irlens.stats.correlation('tau_ap', [1, 2, 3, 4], [1, 3, 2, 4]).coefficient, 2 / 3);
  // Asymmetric: swapping the roles changes it when the disagreement moves towards the top.
  const xy = irlens.stats.correlation('tau_ap', [1, 2, 4, 3], [1, 2, 3, 4]).coefficient;
  const yx = irlens.stats.correlation('tau_ap', [1, 2, 3, 4], [1, 2, 4, 3]).coefficient;
  close(xy, yx); // a swap of the two top items: the same either way ...
  const xy2 = irlens.stats.correlation('tau_ap', [4, 3, 1, 2], [4, 2, 3, 1]).coefficient;
  const yx2 = irlens.stats.correlation('tau_ap', [4, 2, 3, 1], [4, 3, 1, 2]).coefficient;
  assert.notEqual(xy2, yx2); // ... but not in general
  close(irlens.stats.correlation('tau_ap_symmetric', [4, 3, 1, 2], [4, 2, 3, 1]).coefficient, (xy2 + yx2) / 2);
  assert.equal(irlens.stats.correlation('rbo', [3, 2, 1], [3, 2, 1]).coefficient, 1);
  close(irlens.stats.correlation('spearman', [1, 2, 3], [1, 3, 2]).coefficient, 0.5); // 1 - 6 * 2 / (3 * 8)
  assert.throws(() => irlens.stats.correlation('rbo', [1, 2], [1, 2], { rboP: 1 }), { name: 'UsageError', message: /persistence p must be between 0 and 1/ });
  assert.throws(() => irlens.stats.correlation('kendall', [1, 2], [1, 2]), { name: 'UsageError', message: /correlation must be tau_a/ });
  // t interval of 1, 2, 3: 2 +- t(0.975, 2) / sqrt(3), t(p, 2) = (2p - 1) / sqrt(2 p (1 - p)).
  const half = 0.95 / Math.sqrt(2 * 0.975 * 0.025) / Math.sqrt(3);
  const i = irlens.stats.interval([1, 2, 3]);
  close(i.low, 2 - half);
  close(i.high, 2 + half);
  const d = irlens.stats.interval([2, 4, 6], [1, 2, 3], { confidence: 0.95 }); // paired differences 1 2 3
  close(d.low, i.low);
  const p1 = irlens.stats.interval([1, 2, 3, 4, 5], { ci: 'percentile', B: 500, seed: 8 });
  assert.deepEqual(irlens.stats.interval([1, 2, 3, 4, 5], { ci: 'percentile', B: 500, seed: 8 }), p1);
  assert.ok(p1.low >= 1 && p1.high <= 5 && p1.low < p1.high);
  assert.ok(Number.isNaN(irlens.stats.interval([1]).low));
  assert.throws(() => irlens.stats.interval([1, 2], [1, 2], { unpaired: true, ci: 'bca' }), { name: 'UsageError' });
  // Holm over 0.01, 0.04, 0.03: sorted 0.01 x 3 = 0.03, 0.03 x 2 = 0.06, max(0.06, 0.04 x 1) = 0.06.
  const holm = irlens.stats.adjust([0.01, 0.04, 0.03], 'holm');
  [0.03, 0.06, 0.06].forEach((v, k) => close(holm[k], v));
  assert.throws(() => irlens.stats.adjust([0.1], 'sidak'), { name: 'UsageError', message: "correction must be none, bonferroni, holm or bh, got 'sidak'" });
});
