// The C/W/L family (issue 41) through the JS API: ir_measures' spellings, cwl_eval's outputs and
// residuals as out= columns (values: cwl_eval 1.0.12 on its own test data, topic T3; all of them in
// tests/unit-cwl-golden.cpp), explain's C(i), W(i), L(i), and the refusals naming measure and range.
// The native twin: tests/unit-cwl.cpp. Run: IRLENS_DIST=build-wasm/dist node --test tests/node/cwl.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { irlens } from './native-cli.mjs';

// cwl_eval's cwl/tests/qrel_file and result_file, topic T3 (gains 0/1, no tied scores).
const QRELS = 'T3 0 D4 0\nT3 0 D5 0\nT3 0 D6 1\nT3 0 D7 1\nT3 0 D8 1\nT3 0 D9 0\nT3 0 D10 1\n';
const RUN = Array.from({ length: 10 }, (_, i) => `T3 Q0 D${i + 1} ${i + 1} ${10 - i} r`).join('\n') + '\n';
const near = (a, b, what) => assert.ok(Math.abs(a - b) <= 1e-9, `${what}: ${a} != ${b}`);

test('C/W/L: the names, their outputs and residuals, with cwl_eval\'s numbers', () => {
  const q = irlens.loadQrels(QRELS);
  const r = irlens.loadRun(q, RUN, { name: 'r' });
  const names = ['INST(T=1.0,max_rel=1)', 'INST(max_rel=1,out=ETU)', 'INST(max_rel=1,out=ResEU)', 'INST(max_rel=1,out=ResED)',
    'SDCG(max_rel=1)@10', 'NERR9(max_rel=1)@5', 'RBP_CWL(p=0.9,max_rel=1)'];
  const expected = [0.08884289479593199, 0.21045165000109814, 0.8938514599992352, -1.0245215500223126,
    0.28481420121376433, 0.0, 0.19876483889999996];
  const result = irlens.evaluate(q, [r], names);
  assert.equal(result.measures[0], 'INST(max_rel=1)');
  result.measures.forEach((m, i) => near(result.runs.r.perTopic.T3[m], expected[i], m));
});

test('C/W/L: explain shows gain, C(i), W(i), L(i) per rank and evaluate\'s value', () => {
  const q = irlens.loadQrels(QRELS);
  const r = irlens.loadRun(q, RUN, { name: 'r' });
  const ex = irlens.explain(r, 'T3', 'INST(max_rel=1)');
  assert.deepEqual(ex.columns, ['gain', 'C(i)', 'W(i)', 'L(i)']);
  assert.equal(ex.rows.length, 10);
  assert.equal(ex.value, irlens.evaluate(q, [r], ['INST(max_rel=1)']).runs.r.perTopic.T3['INST(max_rel=1)']);
});

test('C/W/L: parameters out of range are refused with the measure and the range', () => {
  assert.throws(() => irlens.parseMeasure('INSQ(T=0)'), /parameter T of INSQ must be \(0, 1e\+100\], got '0'/);
  assert.throws(() => irlens.parseMeasure('NERR10(p=1)'), /parameter p of NERR10 must be \(0, 1\), got '1'/);
  assert.throws(() => irlens.parseMeasure('BPM@0'), /the cutoff must be a positive integer/);
  const q = irlens.loadQrels(QRELS + 'T3 0 D1 2\n');
  const r = irlens.loadRun(q, RUN, { name: 'r' });
  assert.throws(() => irlens.evaluate(q, [r], ['INST(max_rel=1)']), /INST: max_rel must be at least the qrels' highest grade, 2, got 1/);
});
