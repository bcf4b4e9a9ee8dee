// irlens.explain for every registered measure: the explained value is evaluate()'s per-topic value
// (NaN as evaluate's null), on fixtures giving each measure the side inputs its registry row needs,
// on every topic including one the runs did not answer. The twin of tests/unit-explain-registry.cpp.
// Run: IRLENS_DIST=build-wasm/dist node --test tests/node/explain-registry.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { irlens } from './native-cli.mjs';

// As tests/unit-explain-registry.cpp: plain qrels with grades 0-3, a judged-negative document (u),
// a topic no run answers (3) and one with only non-relevant judgments (4).
const lengths = irlens.loadDocLengths('a 5000 1000\nb 600 120\nc 2000 400\nd 900 180\ne 300 60\nu 100 20\nx 4000 800\n' +
  'y 700 140\nz 800 160\nn 50 10\nm 10 2\n');
function plain() {
  const qrels = irlens.loadQrels('1 0 a 3\n1 0 b 0\n1 0 c 1\n1 0 d 2\n1 0 e 1\n1 0 u -2\n2 0 z 1\n2 0 y 0\n3 0 m 1\n4 0 n 0\n');
  const runs = [
    irlens.loadRun(qrels, '1 Q0 b 1 9 t\n1 Q0 a 2 8 t\n1 Q0 x 3 7 t\n1 Q0 u 4 6 t\n1 Q0 c 5 5 t\n1 Q0 e 6 4 t\n2 Q0 y 1 2 t\n2 Q0 z 2 1 t\n4 Q0 n 1 1 t\n', { name: 'run0' }),
    irlens.loadRun(qrels, '1 Q0 c 1 3 t\n1 Q0 d 2 2 t\n1 Q0 a 3 1 t\n2 Q0 z 1 1 t\n4 Q0 x 1 1 t\n', { name: 'run1' }),
  ];
  const options = {
    docLengths: lengths,
    sessions: irlens.loadSessions('s1 1 1\ns1 2 2\n'),
    groups: irlens.loadGroups('run0\tg1\nrun1\tg2\n'),
  };
  return { qrels, runs, options, topics: ['1', '2', '3', '4'] };
}
// Diversity and judgment-group qrels: the shared diversity topic 1, topic 2 judged by two groups,
// topic 3 not answered.
function grouped() {
  const qrels = irlens.loadQrels('1 1 a 1\n1 2 a 1\n1 1 b 2\n1 3 c 1\n1 2 d 0\n1 3 d -2\n1 4 e 0\n' +
    '2 u1 a 1\n2 u1 b 0\n2 u2 b 1\n2 u2 c 0\n3 g q 1\n', { format: 'diversity' });
  const runs = [
    irlens.loadRun(qrels, '1 Q0 a 3 3 t\n1 Q0 b 1 5 t\n1 Q0 c 4 2 t\n1 Q0 d 5 1 t\n1 Q0 x 2 4 t\n2 Q0 a 1 3 t\n2 Q0 b 2 2 t\n2 Q0 c 3 1 t\n', { name: 'run0' }),
    irlens.loadRun(qrels, '1 Q0 d 1 3 t\n1 Q0 a 2 2 t\n2 Q0 c 1 1 t\n', { name: 'run1' }),
  ];
  const intents = irlens.loadIntents({ probabilities: '1 1 0.4\n1 2 0.2\n1 3 0.2\n1 4 0.2\n2 u1 0.5\n2 u2 0.5\n3 g 1\n' });
  return { qrels, runs, options: { intents, docLengths: lengths }, topics: ['1', '2', '3'] };
}
// Preferences (trec_eval -R prefs): q1 two judgment groups, q2 one, q3 not answered.
function preferences() {
  const qrels = irlens.loadPrefs('q1 g1 s1 a 3\nq1 g1 s1 b 2\nq1 g1 s1 c 0\nq1 g2 s1 b 2\nq1 g2 s1 a 1\n' +
    'q1 g2 s1 d 0\nq2 g1 s1 e 1\nq2 g1 s1 f 0\nq3 g1 s1 h 1\nq3 g1 s1 i 0\n');
  const runs = [
    irlens.loadRun(qrels, 'q1 Q0 b 1 3 t\nq1 Q0 a 2 2 t\nq1 Q0 z 3 1 t\nq2 Q0 f 1 2 t\nq2 Q0 e 2 1 t\n', { name: 'run0' }),
    irlens.loadRun(qrels, 'q1 Q0 d 1 2 t\nq1 Q0 a 2 1 t\n', { name: 'run1' }),
  ];
  return { qrels, runs, options: {}, topics: ['q1', 'q2', 'q3'] };
}

/** MeasureSpec::example's name: the defaults, a required number set to 1 (P_rareness' alpha), and a sample cutoff. */
function example(m) {
  const required = m.params.filter((p) => p.required);
  assert.ok(required.every((p) => p.kind === 'real' || p.kind === 'int'), `${m.name}: a required parameter that is not a number`);
  const params = required.length ? `(${required.map((p) => `${p.name}=1`).join(',')})` : '';
  const parses = (name) => { try { irlens.parseMeasure(name); return true; } catch { return false; } };
  if (m.cutoff === 'int') return `${m.name}${params}@10`;
  if (m.cutoff === 'real') return parses(`${m.name}${params}@0.5`) ? `${m.name}${params}@0.5` : `${m.name}${params}@100%`;  // S-RR@x%: a percentage
  return `${m.name}${params}`;
}

test('irlens.explain gives evaluate\'s per-topic value for every registered measure', () => {
  const fixtures = { plain: plain(), grouped: grouped(), prefs: preferences() };
  let compared = 0;
  for (const m of irlens.measures()) {
    assert.equal(m.explainable, true, m.name);
    const f = m.needs.includes('preferences') ? fixtures.prefs
      : m.needs.includes('judgment groups') || m.needs.includes('diversity qrels') ? fixtures.grouped : fixtures.plain;
    const names = [example(m)];
    if (m.cutoff === 'int') names.push(names[0].replace(/@10$/, '@2'));
    for (const name of names) {
      const res = irlens.evaluate(f.qrels, f.runs, [name], f.options);
      for (const run of f.runs) {
        for (const topic of f.topics) {
          const want = res.runs[run.name].perTopic[topic][res.measures[0]];
          const e = irlens.explain(run, topic, name, { ...f.options, runs: f.runs }); // the evaluation's runs (NRG, rareness)
          const what = `${name} ${run.name} topic ${topic}`;
          if (m.textValued) {
            assert.equal(e.text, want, what);
            assert.ok(Number.isNaN(e.value), what);
          } else if (want === null) {
            assert.ok(Number.isNaN(e.value) || e.value === null, `${what}: ${e.value}, evaluated null`);
          } else {
            assert.equal(e.value, want, what);
          }
          assert.ok(e.formula.length > 0 && e.terms.length > 0, what);
          compared++;
        }
      }
    }
  }
  assert.ok(compared > 500, `compared ${compared}`);
});
