// The JS API of the measures that score runs against each other (issue 4; wasm/api-relative.mjs):
// rarityReport, uniqueContributions, alphaSweep, sampleSizeTau and the NRG / rareness measures
// through evaluate, on a hand-checkable example (the arithmetic in the comments), and equal to the
// native CLI's --format json output on the same files (seeded Algorithm 1 bit for bit).
// Run: IRLENS_DIST=build-wasm/dist IRLENS_NATIVE=build/cli/irlens node --test tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { irlens, node, noNative, cliDocument, close, sharedData } from './native-cli.mjs';

// Topic 1: a (1), b (2), c (1), d (1) relevant, e judged 0. Topic 2: f relevant.
// A: 1 -> a b e, 2 -> f.   B: 1 -> a c.   C: 1 -> x a c.   Groups: A -> g1, B and C -> g2.
const QRELS = '1 0 a 1\n1 0 b 2\n1 0 c 1\n1 0 d 1\n1 0 e 0\n2 0 f 1\n';
const RUNS = {
  A: '1 Q0 a 1 3 A\n1 Q0 b 2 2 A\n1 Q0 e 3 1 A\n2 Q0 f 1 1 A\n',
  B: '1 Q0 a 1 2 B\n1 Q0 c 2 1 B\n',
  C: '1 Q0 x 1 3 C\n1 Q0 a 2 2 C\n1 Q0 c 3 1 C\n',
};
const GROUPS = 'A\tg1\nB\tg2\nC\tg2\n';
const dir = mkdtempSync(join(tmpdir(), 'irlens-relative-'));
const qrelsPath = join(dir, 'qrels.txt');
writeFileSync(qrelsPath, QRELS);
for (const [name, text] of Object.entries(RUNS)) writeFileSync(join(dir, name), text);
const groupsPath = join(dir, 'groups.tsv');
writeFileSync(groupsPath, GROUPS);
const runPaths = Object.keys(RUNS).map((r) => join(dir, r));

// Named as the CLI names them (the qrels by its path), so that whole objects compare equal.
const q = irlens.loadQrels(QRELS, { name: qrelsPath });
const runs = Object.entries(RUNS).map(([name, text]) => irlens.loadRun(q, text, { name }));
const groups = irlens.loadGroups(GROUPS, { name: groupsPath });

const rows = (report) => report.rows.map((r) => [r.topic, r.doc, r.found_by, r.rarity, r.rarity_mixture, r.only_run]);

test('rarityReport: S_d, R(d) = 1 - S_d/S, R\'(d) = 1 - (S_d-1)/(S-1), rarest first (Eq. 2, Sec. 5.2)', () => {
  const all = irlens.rarityReport(q, runs);
  assert.equal(all.systems, 3);
  assert.equal(all.depth, null);
  assert.deepEqual(all.pool, ['A', 'B', 'C']);
  assert.deepEqual(all.columns, ['topic', 'doc', 'rel', 'found_by', 'systems', 'rarity', 'rarity_mixture', 'only_run']);
  // Topic 1: d found by none (R = R' = 1, clamped), b by A (R = 2/3, R' = 1), c by B and C
  // (R = 1/3, R' = 1 - 1/2), a by all three (R = 0, R' = 0). Topic 2: f by A (S counts B and C too).
  assert.deepEqual(rows(all), [
    ['1', 'd', 0, 1, 1, ''], ['1', 'b', 1, 1 - 1 / 3, 1, 'A'], ['1', 'c', 2, 1 - 2 / 3, 0.5, ''], ['1', 'a', 3, 0, 0, ''],
    ['2', 'f', 1, 1 - 1 / 3, 1, 'A'],
  ]);
  assert.equal(all.rows[1].rel, 2);
  // depth 1: A and B retrieved a, C only x; b, c and d were found by none.
  const top1 = irlens.rarityReport(q, runs, { depth: 1 });
  assert.equal(top1.depth, 1);
  assert.deepEqual(rows(top1).filter((r) => r[0] === '1'), [['1', 'b', 0, 1, 1, ''], ['1', 'c', 0, 1, 1, ''], ['1', 'd', 0, 1, 1, ''], ['1', 'a', 2, 1 - 2 / 3, 0.5, '']]);
  // pool A and C (as --pool A,C): S = 2; c is C's alone now.
  const pooled = irlens.rarityReport(q, runs, { pool: 'A,C' });
  assert.deepEqual(irlens.rarityReport(q, runs, { pool: ['A', 'C'] }), pooled);
  assert.equal(pooled.systems, 2);
  assert.deepEqual(rows(pooled).filter((r) => r[0] === '1'), [['1', 'd', 0, 1, 1, ''], ['1', 'b', 1, 0.5, 1, 'A'], ['1', 'c', 1, 0.5, 1, 'C'], ['1', 'a', 2, 0, 0, '']]);
  // rel 2: only b is relevant.
  assert.deepEqual(irlens.rarityReport(q, runs, { rel: 2 }).rows.map((r) => r.doc), ['b']);
});

test('rarityReport: bad options are errors with the core\'s messages', () => {
  assert.throws(() => irlens.rarityReport(q, runs, { pool: ['A', 'Z'] }), (e) => e.name === 'UsageError' && /Z/.test(e.message));
  assert.throws(() => irlens.rarityReport(q, runs, { depth: 0 }), { name: 'TypeError', message: 'rarityReport: depth must be an integer >= 1, got 0' });
  assert.throws(() => irlens.rarityReport(q, runs, { pool: 'A,,B' }), TypeError);
  assert.throws(() => irlens.rarityReport(q, 'A'), TypeError);
});

test('uniqueContributions: per run and per group (Clarke et al., Appendix B)', () => {
  // depth 2: A's top 2 a b, B's a c, C's x a; topic 2: A's f.
  // A (g1): b (no g2 run has it), f -> 2 over 2 topics; B (g2): c (A lacks it) -> 1; C: a is A's -> 0.
  const u = irlens.uniqueContributions(q, runs, { depth: 2, groups });
  assert.deepEqual(u.columns, ['scope', 'name', 'group', 'runs', 'mean', 'total']);
  assert.deepEqual(u.rows.map((r) => [r.scope, r.name, r.group, r.runs, r.mean, r.total]), [
    ['run', 'A', 'g1', 1, 1, 2], ['run', 'B', 'g2', 1, 0.5, 1], ['run', 'C', 'g2', 1, 0, 0],
    ['group', 'g1', 'g1', 1, 1, 2], ['group', 'g2', 'g2', 2, 0.5, 1],
  ]);
  assert.equal(u.groups, groupsPath);
  // Without groups every run is its own group: C's top 2 lacks c, so B keeps it.
  const own = irlens.uniqueContributions(q, runs, { depth: 2 });
  assert.deepEqual(own.rows.filter((r) => r.scope === 'run').map((r) => r.total), [2, 1, 0]);
  assert.equal(own.groups, null);
  assert.throws(() => irlens.uniqueContributions(q, runs, {}), { name: 'TypeError', message: 'uniqueContributions: depth is required: the pool depth (e.g. {depth: 10})' });
  // Per run, mean = depth x NRG(base=P,prior=other_groups)@depth.
  const nrg = irlens.evaluate(q, runs, ['NRG(base=P,prior=other_groups)@2'], { groups, missing: 'zero' });
  for (const r of u.rows.filter((x) => x.scope === 'run')) close(2 * nrg.runs[r.name].mean['NRG(base=P,prior=other_groups)@2'], r.mean, r.name);
});

test('P_rareness and NRG prior policies through evaluate, with prior lists in the measure name', () => {
  // P_rareness(alpha=1)@2, depth = the cutoff: a found by 3 (R 0), b by A, c by B (R 2/3 each).
  // A, topic 1: (1/2) (1 + 1 + 2/3) = 4/3; topic 2: f, R 2/3: (1/2)(1 + 2/3) = 5/6; mean 13/12.
  const pr = irlens.evaluate(q, runs, ['P_rareness(alpha=1)@2', 'P@2']);
  close(pr.runs.A.mean['P_rareness(alpha=1)@2'], 13 / 12);
  // alpha = 0 is P@2 exactly.
  const p0 = irlens.evaluate(q, runs, ['P_rareness(alpha=0)@2', 'P@2']);
  for (const r of ['A', 'B', 'C']) assert.equal(p0.runs[r].mean['P_rareness(alpha=0)@2'], p0.runs[r].mean['P@2']);
  // prior=list: A against B's top 2 (a c): a seen, b new -> 1/2; topic 2 (B has none): f new -> 1/2.
  const list = 'NRG(base=P,prior=list,runs=[B])@2';
  close(irlens.evaluate(q, runs, [list]).runs.A.mean[list], 0.5);
  // prior=chronological in release order C, A, B: C has no prior run, so its NRG is P@2.
  const chrono = 'NRG(base=nDCG,prior=chronological,runs=[C,A,B])@2';
  const res = irlens.evaluate(q, runs, [chrono, 'nDCG@2']);
  // Keyed by the canonical name, which leaves out the default base=nDCG.
  assert.equal(res.runs.C.mean[irlens.parseMeasure(chrono).name], res.runs.C.mean['nDCG@2']);
  assert.equal(irlens.parseMeasure(chrono).name, 'NRG(prior=chronological,runs=[C,A,B])@2');
  assert.throws(() => irlens.evaluate(q, runs, ['P_rareness@2']), (e) => e.name === 'UsageError' && /alpha/.test(e.message));
});

test('explain with options.runs: rarity and the prior rankings\' contribution, the evaluated value bit for bit', () => {
  // P_rareness(alpha=1)@2 of A, topic 1: a found by 3 runs (R 0, weight 1), b by A alone (R 2/3,
  // weight 5/3): (1 + 5/3) / 2 = 4/3.
  const pr = irlens.explain(runs[0], '1', 'P_rareness(alpha=1)@2', { runs });
  assert.deepEqual(pr.rows.map((r) => r.doc), ['a', 'b']);
  const col = (e, name) => e.rows.map((r) => r.values[e.columns.indexOf(name)]);
  assert.deepEqual(col(pr, 'S_d (pool runs that retrieved d)'), [3, 1]);
  close(pr.value, 4 / 3);
  // Alone, A is its own pool: every R is 0 and P_rareness is P@2 = 1.
  assert.equal(irlens.explain(runs[0], '1', 'P_rareness(alpha=1)@2').value, 1);
  // NRG(base=P,prior=list,runs=[B])@2 of A, topic 1: a is in B's top 2 (seen, factor 0), b is new: 1/2.
  const list = 'NRG(base=P,prior=list,runs=[B])@2';
  const nrg = irlens.explain(runs[0], '1', list, { runs });
  assert.ok(nrg.terms.some((t) => t.name === 'the prior set: B' && t.value === 1), JSON.stringify(nrg.terms));
  assert.deepEqual(col(nrg, 'G(d|R)'), [0, 1]);
  assert.equal(nrg.value, 0.5);
  assert.throws(() => irlens.explain(runs[0], '1', list), (e) => e.name === 'UsageError' && /'B' in runs=\[\.\.\.\] is not among the runs evaluated/.test(e.message));
  assert.throws(() => irlens.explain(runs[0], '1', list, { runs: ['B'] }), { name: 'TypeError', message: 'explain: options.runs must be an array of Run' });
  // Every run and topic: the explanation's value is evaluate()'s, bit for bit.
  const measures = ['P_rareness(alpha=1)@2', 'AP_rareness(alpha=0.5)', 'NRG@2', 'NRG(base=RBP)', 'NRG(base=RR)',
    'NRG(base=P,prior=other_groups)@2', list];
  const res = irlens.evaluate(q, runs, measures, { groups });
  let compared = 0;
  for (const run of runs)
    for (const [topic, row] of Object.entries(res.runs[run.name].perTopic))
      for (const m of measures) {
        assert.equal(irlens.explain(run, topic, m, { runs, groups }).value, row[irlens.parseMeasure(m).name], `${run.name} ${topic} ${m}`);
        compared++;
      }
  assert.equal(compared, 7 * 6);  // missing: 'zero' (the default) scores B and C on topic 2 too
});

test('alphaSweep: tau-b against alpha = 0 (Fig. 2)', () => {
  const s = irlens.alphaSweep(q, runs, 'P_rareness@2', { alphas: [0, 1] });
  assert.deepEqual(s.columns, ['measure', 'alpha', 'tau_b']);
  assert.deepEqual(s.rows.map((r) => r.measure), ['P_rareness(alpha=0)@2', 'P_rareness(alpha=1)@2']);
  assert.equal(s.rows[0].tau_b, 1); // the ranking at alpha 0 against itself
  // Default grid 0, 0.1, ..., 1, for each measure given.
  const d = irlens.alphaSweep(q, runs, ['P_rareness@2', 'AP_rareness']);
  assert.deepEqual(d.rows.slice(0, 11).map((r) => r.alpha), [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
  assert.equal(d.rows.length, 22);
  assert.throws(() => irlens.alphaSweep(q, runs, 'P_rareness(alpha=1)@2'), { name: 'UsageError', message: "alpha sweep: name the measure without alpha (the sweep sets it), got 'P_rareness(alpha=1)@2'" });
  assert.throws(() => irlens.alphaSweep(q, runs, 'P@2'), (e) => e.name === 'UsageError' && /not a rareness measure/.test(e.message));
});

test('sampleSizeTau: seeded, with progress and cancel', () => {
  const seen = [];
  const s = irlens.sampleSizeTau(q, runs, 'P_rareness(alpha=1)@2', { sizes: [2, 3], trials: 20, seed: 5, progress: (f) => { seen.push(f); } });
  assert.deepEqual(s.columns, ['measure', 'runs', 'trials', 'defined', 'mean_tau_b']);
  assert.deepEqual(s.rows.map((r) => [r.runs, r.trials]), [[2, 20], [3, 20]]);
  assert.equal(s.seed, 5);
  // N = 3 samples every run: each trial's tau-b compares the full ranking with itself.
  assert.equal(s.rows[1].mean_tau_b, 1);
  assert.equal(seen.length, 40);
  assert.equal(seen.at(-1), 1);
  assert.ok(seen.every((f, i) => i === 0 || f > seen[i - 1]));
  // The same seed gives the same numbers; defaults: seed 1, 1000 trials, sizes 2 (no more than 3 runs).
  assert.deepEqual(irlens.sampleSizeTau(q, runs, 'P_rareness(alpha=1)@2', { sizes: [2, 3], trials: 20, seed: 5 }).rows, s.rows);
  const d = irlens.sampleSizeTau(q, runs, 'P_rareness(alpha=1)@2');
  assert.equal(d.trials, 1000);
  assert.equal(d.seed, 1);
  assert.deepEqual(d.rows.map((r) => r.runs), [2]);
  assert.throws(() => irlens.sampleSizeTau(q, runs, 'P_rareness(alpha=1)@2', { progress: () => false }), { name: 'Cancelled' });
  assert.throws(() => irlens.sampleSizeTau(q, runs, 'P_rareness(alpha=1)@2', { sizes: [4] }), (e) => e.name === 'UsageError' && /from 2 to the number of runs \(3\)/.test(e.message));
  assert.throws(() => irlens.sampleSizeTau(q, runs, 'P_rareness(alpha=1)@2', { sizes: [1] }), { name: 'TypeError', message: 'sampleSizeTau: a size must be an integer >= 2, got 1' });
  assert.throws(() => irlens.sampleSizeTau(q, runs, 'P_rareness(alpha=1,pool=[A,B])@2'), (e) => e.name === 'UsageError' && /pool/.test(e.message));
});

test('the same objects as `irlens rarity | unique | relative sweep | relative sample -f json`', { skip: noNative }, () => {
  const json = cliDocument;
  assert.deepEqual(irlens.rarityReport(q, runs), json(['rarity', qrelsPath, ...runPaths, '-f', 'json']));
  assert.deepEqual(irlens.rarityReport(q, runs, { depth: 2, pool: 'A,C', rel: 2 }),
    json(['rarity', qrelsPath, ...runPaths, '--depth', '2', '--pool', 'A,C', '--rel', '2', '-f', 'json']));
  assert.deepEqual(irlens.uniqueContributions(q, runs, { depth: 2, groups }),
    json(['unique', qrelsPath, ...runPaths, '--depth', '2', '--groups', groupsPath, '-f', 'json']));
  assert.deepEqual(irlens.uniqueContributions(q, runs, { depth: 1 }), json(['unique', qrelsPath, ...runPaths, '-d', '1', '-f', 'json']));
  assert.deepEqual(irlens.alphaSweep(q, runs, ['P_rareness@2', 'AP_rareness(variant=mixture)'], { missing: 'zero' }),
    json(['relative', 'sweep', qrelsPath, ...runPaths, '-m', 'P_rareness@2', '-m', 'AP_rareness(variant=mixture)', '--missing', 'zero', '-f', 'json']));
  // Algorithm 1, seeded: bit for bit (deepEqual compares numbers with Object.is).
  assert.deepEqual(irlens.sampleSizeTau(q, runs, 'P_rareness(alpha=0.5)@2 AP_rareness(alpha=1)', { sizes: [2, 3], trials: 300, seed: 11 }),
    json(['relative', 'sample', qrelsPath, ...runPaths, '-m', 'P_rareness(alpha=0.5)@2 AP_rareness(alpha=1)', '--sizes', '2,3', '--trials', '300', '--seed', '11', '-f', 'json']));
  const measures = 'NRG(base=nDCG,prior=best_per_group)@2 NRG(base=RBP,prior=others) NRG(base=RR,prior=list,runs=[B,C])@2 NRG(base=P,prior=chronological,runs=[C,A,B])@2 P_rareness(alpha=1,pool=[A,B])@2 AP_rareness(alpha=0.5,variant=mixture,depth=1)';
  const ev = json(['eval', qrelsPath, ...runPaths, '-m', measures, '--groups', groupsPath, '-q', '-f', 'json']);
  const wasm = irlens.evaluate(q, runs, [measures], { groups });
  assert.deepEqual(wasm.measures, ev.measures);
  for (const [run, entry] of Object.entries(ev.runs))
    for (const [topic, row] of Object.entries(entry.per_topic))
      for (const [m, v] of Object.entries(row)) close(wasm.runs[run].perTopic[topic][m], v, `${run} ${topic} ${m}`);
});

const { dir: covid, skip: noCovid } = sharedData('covid-r1', 'the TREC-COVID comparison');
test('TREC-COVID round 1: Algorithm 1 and the leaderboard groups, equal to the native CLI', { skip: noCovid || noNative }, async () => {
  const names = ['BBGhelani1', 'run1', 'BM25R2', '10x10.prf.unipd.it', 'BITEM_BL', 'CSIROmedNIR', 'UP-rrf5rnd1', 'udel_fang_run3'];
  const paths = names.map((r) => join(covid, 'runs', `${r}.gz`)).filter(existsSync);
  assert.equal(paths.length, names.length, `found ${paths.length} of the runs`);
  const qrelsFile = join(covid, 'qrels-rnd1.txt');
  const cq = await node.loadQrelsFile(irlens, qrelsFile);
  const cruns = [];
  for (const p of paths) cruns.push(await node.loadRunFile(irlens, cq, p));
  const args = ['relative', 'sample', qrelsFile, ...paths, '-m', 'P_rareness(alpha=1)@10', '--sizes', '2,4', '--trials', '100', '--seed', '2023', '-f', 'json'];
  assert.deepEqual(irlens.sampleSizeTau(cq, cruns, 'P_rareness(alpha=1)@10', { sizes: [2, 4], trials: 100, seed: 2023 }), cliDocument(args));
  const board = join(covid, 'leaderboard.csv');
  const lg = irlens.loadGroups(readFileSync(board), { name: board });
  assert.deepEqual(irlens.uniqueContributions(cq, cruns, { depth: 10, groups: lg }),
    cliDocument(['unique', qrelsFile, ...paths, '--depth', '10', '--groups', board, '-f', 'json']));
});
