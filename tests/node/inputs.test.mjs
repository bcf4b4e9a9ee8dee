// The side inputs of the JS API (loadGroups, loadIntents, loadDocLengths, loadSessions) and the
// measures that need them, on hand-checkable examples (the arithmetic is in the comments; the
// same examples are worked in the native unit suites named beside each test).
// Run: IRLENS_DIST=build-wasm/dist node --test tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';

const dist = resolve(process.env.IRLENS_DIST || 'build-wasm/dist');
const { createIrlens } = await import(join(dist, 'node.mjs'));
const irlens = await createIrlens();

const close = (actual, expected) => assert.ok(Math.abs(actual - expected) < 1e-12, `${actual} != ${expected}`);

test('groups: NRG prior policies by group (unit-nrg.cpp)', () => {
  // Topic 1, relevant a b c d. A: a b; B: a c; C: d x. Groups: A -> g1, B and C -> g2.
  const q = irlens.loadQrels('1 0 a 1\n1 0 b 1\n1 0 c 1\n1 0 d 1\n');
  const runs = [
    irlens.loadRun(q, '1 Q0 a 1 2 t\n1 Q0 b 2 1 t\n', { name: 'A' }),
    irlens.loadRun(q, '1 Q0 a 1 2 t\n1 Q0 c 2 1 t\n', { name: 'B' }),
    irlens.loadRun(q, '1 Q0 d 1 2 t\n1 Q0 x 2 1 t\n', { name: 'C' }),
  ];
  const groups = irlens.loadGroups('A\tg1\nB\tg2\nC\tg2\n', { name: 'teams.tsv' });
  assert.deepEqual(groups.byRun, { A: 'g1', B: 'g2', C: 'g2' });
  const best = 'NRG(base=P,prior=best_per_group)@2';
  const res = irlens.evaluate(q, runs, [best, 'P@2'], { groups });
  // A's prior: g2's best run by P@2, B (1 > C's 1/2): a seen, b new -> P = 1/2.
  close(res.runs.A.mean[best], 0.5);
  // B's prior: A (g1's only run): a seen, c new -> 1/2. C's prior: A: d new, x not relevant -> 1/2.
  close(res.runs.B.mean[best], 0.5);
  close(res.runs.C.mean[best], 0.5);
  // Without groups the measure says what it needs.
  assert.throws(() => irlens.evaluate(q, runs, [best]), (e) => e.name === 'UsageError' && /group/.test(e.message));
  // A CSV leaderboard with a header naming its columns.
  const csv = irlens.loadGroups('run,team,score\nA,t1,0.3\nB,t2,0.2\nC,t2,0.1\n', { name: 'leaderboard.csv' });
  assert.deepEqual(csv.byRun, { A: 't1', B: 't2', C: 't2' });
  assert.throws(() => irlens.loadGroups('A\tg1\nA\tg2\n', { name: 'g.tsv' }), (e) => e.name === 'InputError' && e.file === 'g.tsv' && e.line === 2);
});

test('intents: probabilities and types for intent-aware measures (unit-intent-aware.cpp)', () => {
  // Topic 1: a relevant to intents 1 (grade 1) and 2; b to 1 (grade 2); c to 3. Run: b x a c d.
  const q = irlens.loadQrels('1 1 a 1\n1 2 a 1\n1 1 b 2\n1 3 c 1\n1 2 d 0\n1 3 d -2\n1 4 e 0\n', { format: 'diversity' });
  const run = irlens.loadRun(q, '1 Q0 a 3 3 t\n1 Q0 b 1 5 t\n1 Q0 c 4 2 t\n1 Q0 d 5 1 t\n1 Q0 x 2 4 t\n');
  const probabilities = '1 1 0.4\n1 2 0.2\n1 3 0.2\n1 4 0.2\n'; // renormalised over intents 1-3: 0.5, 0.25, 0.25
  // Q per intent (beta 1): intent 1 (1 + 5/6)/2 = 11/12, intent 2 1/2, intent 3 2/5; P+ of intent 1 = 1.
  const weighted = irlens.loadIntents({ probabilities });
  close(irlens.evaluate(q, [run], ['P+Q'], { intents: weighted }).runs.run.mean['P+Q'], 0.5 * (11 / 12) + 0.25 * 0.5 + 0.25 * 0.4);
  const nav = irlens.loadIntents({ probabilities, types: '1 1 nav\n' });
  close(irlens.evaluate(q, [run], ['P+Q'], { intents: nav }).runs.run.mean['P+Q'], 0.5 * 1 + 0.25 * 0.5 + 0.25 * 0.4);
  // Uniform without probabilities: (11/12 + 1/2 + 2/5) / 3.
  close(irlens.evaluate(q, [run], ['P+Q']).runs.run.mean['P+Q'], (11 / 12 + 0.5 + 0.4) / 3);
  assert.throws(() => irlens.loadIntents({ types: '1 1 navigational\n', typesName: 'types.txt' }), (e) => e.name === 'InputError' && e.file === 'types.txt' && e.line === 1);
  assert.throws(() => irlens.loadIntents({}), TypeError);
});

test('document lengths: U-measure and TBG (unit-reading-time.cpp)', () => {
  // Relevant a (1), c (2); b judged 0; ranking b a x c.
  const q = irlens.loadQrels('1 0 a 1\n1 0 b 0\n1 0 c 2\n');
  const run = irlens.loadRun(q, '1 Q0 b 1 4 t\n1 Q0 a 2 3 t\n1 Q0 x 3 2 t\n1 Q0 c 4 1 t\n');
  const docLengths = irlens.loadDocLengths('a\t10000\t1000\nb\t3000\t100\nc\t40000\t10\nx\t100\t500\n');
  assert.equal(docLengths.size, 4);
  const res = irlens.evaluate(q, [run], ['U', 'TBG@2'], { docLengths });
  const [u, tbg] = res.measures; // canonical names, with the default parameters shown
  // Trailtext: snippets b, a (400), 20% of a (2400), snippets x, c (2800), 20% of c (10800); L = 132000.
  assert.equal(u, irlens.parseMeasure('U').name);
  close(res.runs.run.mean[u], 1 - 2400 / 132000 + 2 * (1 - 10800 / 132000));
  // T(2) = 4.4 + 0.39 (0.018 * 100 + 7.8) = 8.144; gain 0.64 * 0.77.
  close(res.runs.run.mean[tbg], 0.64 * 0.77 * 2 ** (-8.144 / 224));
  assert.throws(() => irlens.evaluate(q, [run], ['U']), (e) => e.name === 'UsageError' && /length/.test(e.message));
  // Explained with the same side input (a D-form over the plain qrels: the one intent's U): the
  // explanation's value is the evaluated one, bit for bit; without the lengths, the same UsageError.
  const du = irlens.evaluate(q, [run], ['D-U'], { docLengths }).runs.run.mean['D-U'];
  assert.equal(irlens.explain(run, '1', 'D-U', { docLengths }).value, du);
  assert.throws(() => irlens.explain(run, '1', 'D-U'), (e) => e.name === 'UsageError' && /length/.test(e.message));
  assert.throws(() => irlens.loadDocLengths('a\tmany\n', { name: 'len.tsv' }), (e) => e.name === 'InputError' && e.file === 'len.tsv' && e.line === 1);
});

test('sessions: session DCG (unit-sessions.cpp)', () => {
  const q = irlens.loadQrels('q1 0 a 2\nq1 0 b 1\nq2 0 a 2\nq2 0 b 1\nq2 0 c 1\nq3 0 d 1\n');
  const run = irlens.loadRun(q, 'q1 Q0 x 1 2 t\nq1 Q0 a 2 1 t\nq2 Q0 a 1 3 t\nq2 Q0 c 2 2 t\nq2 Q0 b 3 1 t\nq3 Q0 d 1 1 t\n');
  const sessions = irlens.loadSessions('s1\t1\tq1\ns1\t2\tq2\n');
  assert.deepEqual(sessions.info, [{ id: 's1', topics: ['q1', 'q2'] }]);
  const res = irlens.evaluate(q, [run], ['sDCG@1'], { sessions });
  // @1: x from q1 (rank 1), a from q2 at rank 2 in query 2: 2 / (log4(5) log2(3)); q3 alone: 1.
  const s1 = 2 / ((Math.log(5) / Math.log(4)) * Math.log2(3));
  close(res.runs.run.perTopic.q1['sDCG@1'], s1);
  close(res.runs.run.mean['sDCG@1'], (s1 + 1) / 2);
  assert.throws(() => irlens.loadSessions('s1 1 q1\ns1 1 q2\n', { name: 's.txt' }), (e) => e.name === 'InputError' && e.line === 2);
});

test('side inputs are checked and released', () => {
  const q = irlens.loadQrels('1 0 a 1\n');
  const run = irlens.loadRun(q, '1 Q0 a 1 1 t\n');
  assert.throws(() => irlens.evaluate(q, [run], ['P@1'], { groups: 'teams.tsv' }), TypeError);
  const groups = irlens.loadGroups('run\tg\n');
  groups.dispose();
  assert.throws(() => irlens.evaluate(q, [run], ['P@1'], { groups }), /disposed/);
});

test('a byte-order mark, invalid UTF-8 in ids and tags, CRLF: U+FFFD in every string out (as the CLI writers)', () => {
  // The fixture of tests/cli/run.sh: topic 1 has a and d<FF> relevant, topic t<E9> has b; the run
  // finds a, d<FF> (P@2 = 1) and b (P@2 = 1/2), tagged "=cmd<FF>", every line ending in CRLF, both
  // files starting with a byte-order mark (stripped: the first topic is "1").
  const bytes = (s) => Uint8Array.from(s, (c) => c.charCodeAt(0));
  const q = irlens.loadQrels(bytes('\xef\xbb\xbf1 0 a 1\r\n1 0 d\xff 1\r\nt\xe9 0 b 1\r\n'), { name: 'u.qrels' });
  const run = irlens.loadRun(q, bytes('\xef\xbb\xbf1 Q0 a 1 2 =cmd\xff\r\n1 Q0 d\xff 2 1 =cmd\xff\r\nt\xe9 Q0 b 1 1 =cmd\xff\r\n'), { name: 'u.run' });
  const other = irlens.loadRun(q, bytes('1 Q0 x 1 2 p\r\nt\xe9 Q0 b 1 1 p\r\n'), { name: 'p.run' });
  const res = irlens.evaluate(q, [run], ['P@2']);
  const r = res.runs['u.run'];
  assert.equal(r.tag, '=cmd\ufffd');
  assert.deepEqual(r.perTopic, { 1: { 'P@2': 1 }, 't\ufffd': { 'P@2': 0.5 } });
  assert.equal(r.mean['P@2'], 0.75);
  // compare's document (JSON text from the core, read back by JSON.parse) of the same runs.
  const doc = irlens.compare(q, [run, other], ['P@2'], { test: 't' });
  assert.deepEqual([doc.measures[0].comparisons[0].run, doc.measures[0].comparisons[0].versus], ['u.run', 'p.run']);
  // The rarity report's ids, rarest first per topic: d<FF> found by u.run only (S_d = 1 of S = 2:
  // R = 1/2), a by u.run only too (p.run has x, not a); b by both (R = 0).
  const rows = irlens.rarityReport(q, [run, other]).rows.map((d) => [d.topic, d.doc, d.rarity, d.only_run]);
  assert.deepEqual(rows, [['1', 'a', 0.5, 'u.run'], ['1', 'd\ufffd', 0.5, 'u.run'], ['t\ufffd', 'b', 0, '']]);
  // An error message quoting an invalid id is valid text too.
  assert.throws(() => irlens.loadRun(q, bytes('1 Q0 d\xff 1 2 t\n1 Q0 d\xff 2 1 t\n'), { name: 'dup.run' }),
    (e) => e.name === 'InputError' && /^dup\.run:2: duplicate document/.test(e.message) && !/\ufffd\ufffd/.test(e.message));
});
