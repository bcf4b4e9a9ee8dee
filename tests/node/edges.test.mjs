// Issue 37 through the JS API (the CLI's twin: tests/cli/edges.sh): the design options of
// meta('topic-set-size' | 'power') each check their own range and never answer with an internal
// error or a false note, and a control byte in a team name is refused.
// Run: IRLENS_DIST=build-wasm/dist node --test tests/node/edges.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';

const dist = resolve(process.env.IRLENS_DIST || 'build-wasm/dist');
const { createIrlens } = await import(join(dist, 'node.mjs'));
const irlens = await createIrlens();

// Three runs on four topics: V_E and V_W are positive (tests/cli/edges.sh has the same files).
const q = irlens.loadQrels('1 0 a 1\n1 0 b 1\n2 0 c 1\n2 0 d 1\n3 0 e 1\n3 0 f 1\n4 0 g 1\n4 0 h 1\n', { name: 'qrels' });
const runs = [
  irlens.loadRun(q, '1 Q0 a 1 3 x\n1 Q0 z 2 2 x\n2 Q0 z 1 3 x\n2 Q0 c 2 2 x\n3 Q0 e 1 3 x\n4 Q0 z 1 3 x\n4 Q0 g 2 2 x\n', { name: 'x.run' }),
  irlens.loadRun(q, '1 Q0 z 1 3 y\n1 Q0 b 2 2 y\n2 Q0 c 1 3 y\n3 Q0 z 1 3 y\n3 Q0 f 2 2 y\n4 Q0 h 1 3 y\n', { name: 'y.run' }),
  irlens.loadRun(q, '1 Q0 a 1 3 w\n1 Q0 b 2 2 w\n2 Q0 d 1 3 w\n3 Q0 z 1 3 w\n4 Q0 z 1 3 w\n4 Q0 z2 2 2 w\n', { name: 'w.run' }),
];
const usage = (analysis, options, message) =>
  assert.throws(() => irlens.meta(analysis, q, runs, ['AP'], options), { name: 'UsageError', message });

test('design options: each range checked, the value named (ciWidth 0 was accepted and the CI row left out)', () => {
  usage('topic-set-size', { ciWidth: 0 }, '--ci-width must be a positive number, e.g. 0.1 (got 0)');
  usage('topic-set-size', { alpha: 1e-300 }, '--alpha must be between 0 and 1 (exclusive) and at least 1e-100, e.g. 0.05 (got 1e-300)');
  usage('power', { beta: 1e-200 }, '--beta must be between 0 and 1 - alpha (exclusive: a power 1 - beta above alpha) and at least 1e-100, e.g. 0.2 (got 1e-200)');
  const withCi = irlens.meta('topic-set-size', q, runs, ['AP'], { ciWidth: 0.5 });
  assert.deepEqual(withCi.designs.map((d) => d.design), ['paired-t', 'anova', 'ci']);
});

test('alpha below 1.1e-16: a number from alpha/2 itself (1 - alpha/2 was 1: null, "more than 10000000 topics")', () => {
  const size = (alpha) => irlens.meta('topic-set-size', q, runs, ['AP'], { alpha }).designs;
  const [a15, a17] = [size(1e-15), size(1e-17)];
  for (const d of [...a15, ...a17]) assert.equal(d.note, '', `${d.design}: ${d.note}`);
  assert.ok(a17[0].topics > a15[0].topics && a17[1].topics > a15[1].topics, JSON.stringify([a15, a17]));
});

test('a noncentrality Boost.Math cannot evaluate: a note naming it, never an internal error nor "V_E is 0"', () => {
  const [m] = irlens.meta('power', q, runs, ['AP'], { minDiff: 1e300 }).measures;
  assert.equal(m.power, null);
  assert.ok(m.v_e > 0 && m.min_detectable_diff > 0);
  assert.match(m.note, /^the noncentral t distribution could not be evaluated with 4 topics \(noncentrality min-diff \/ sqrt\(2 V_E \/ n\) = /);
  const designs = irlens.meta('topic-set-size', q, runs, ['AP'], { minDiff: 1e300 }).designs;
  assert.deepEqual(designs.map((d) => d.topics), [null, null]);
  assert.match(designs[1].note, /^the noncentral F distribution could not be evaluated with 2 topics/);
});

test('a team name with a control byte is refused, naming file, line and byte (a NUL reached the outputs)', () => {
  assert.throws(() => irlens.loadGroups('x.run\tA\0\ny.run\tB\n', { name: 'teams.tsv' }),
    (e) => e.name === 'InputError' && e.file === 'teams.tsv' && e.line === 1 &&
      e.message === "teams.tsv:1: group 'A\\x00' of run 'x.run' holds a control character (byte 0x00)");
  assert.throws(() => irlens.loadGroups('run,team\nx.run,"T\t1"\n', { name: 'teams.csv' }),
    (e) => e.name === 'InputError' && e.line === 2 && /holds a control character \(byte 0x09\)/.test(e.message));
});

test("the page's CSV cells guard a formula after a name's own quotes too, as the CLI's writer (--scores reads them back)", async () => {
  const { csvCell } = await import('../../web/src/base/exports.js');
  // '=x.run was written as it is and read back by --scores as =x.run (the guard of =x.run).
  assert.equal(csvCell("'=x.run"), "''=x.run");
  assert.equal(csvCell("''+y"), "'''+y");
  assert.equal(csvCell('=x'), "'=x");
  assert.equal(csvCell("'x"), "'x"); // no formula: unchanged
  assert.equal(csvCell(-0.5), '-0.5'); // numbers stay numbers
  assert.equal(csvCell("'=a,b"), `"''=a,b"`);
});
