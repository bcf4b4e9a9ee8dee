// The JS API's judgments() (wasm/api-judgments.mjs): two sets of judgments compared. Its document is
// the CLI's (`irlens judgments --format json`, without the provenance) for the same inputs, and a
// hand-checked case (tests/unit-judgments.cpp) gives the same numbers; options are checked.
// Run: IRLENS_DIST=build-wasm/dist IRLENS_NATIVE=build/cli/irlens node --test tests/node/judgments.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { irlens, noNative, cliDocument } from './native-cli.mjs';

// A judges topics 1 2 3, B 1 2 4; pairs (2,2) (1,0) (0,0) (1,1): kappa = (3/4 - 5/16) / (11/16) = 7/11.
const A = '1 0 d1 2\n1 0 d2 1\n1 0 d3 0\n1 0 d4 1\n2 0 d1 1\n3 0 d9 1\n';
const B = '1 0 d1 2\n1 0 d2 0\n1 0 d3 0\n1 0 d5 1\n2 0 d1 1\n2 0 d2 0\n4 0 d7 2\n';
const RUN0 = '1 Q0 d1 1 2 t\n1 Q0 d2 2 1 t\n2 Q0 d1 1 1 t\n';
const RUN1 = '1 Q0 d2 1 2 t\n1 Q0 d1 2 1 t\n';

test('judgments: the hand-checked labels, and runs under both sets', () => {
  const a = irlens.loadQrels(A, { name: 'A' });
  const b = irlens.loadQrels(B, { name: 'B' });
  const labels = irlens.judgments(a, b);
  assert.ok(Math.abs(labels.labels.kappa - 7 / 11) < 1e-12);
  assert.deepEqual(labels.topics.only_a, ['3']);
  assert.deepEqual(labels.only_b, { 0: 1, 1: 1, 2: 1 });
  assert.equal(labels.conclusions, null);
  // Topic 2's single pair: kappa undefined -> null with the reason.
  const t2 = labels.topic_labels.find((t) => t.topic === '2');
  assert.equal(t2.kappa, null);
  assert.match(t2.note, /undefined/);
  const runs = [irlens.loadRun(a, RUN0, { name: 'run0' }), irlens.loadRun(a, RUN1, { name: 'run1' })];
  const doc = irlens.judgments(a, b, runs, ['P@1'], { B: 200 });
  // P@1 under A: run0 (1 + 1) / 2, run1 (1 + 0) / 2; under B: run0 1, run1 (0 + 0) / 2.
  assert.deepEqual(doc.conclusions.measures[0].runs.map((r) => [r.run, r.mean_a, r.mean_b]), [['run0', 1, 1], ['run1', 0.5, 0]]);
  assert.equal(doc.conclusions.B, 200);
});

test('judgments: bad arguments are TypeErrors, bad options the core\'s messages', () => {
  const a = irlens.loadQrels(A, { name: 'A' });
  const b = irlens.loadQrels(B, { name: 'B' });
  const runOfB = irlens.loadRun(b, RUN0, { name: 'run0' });
  assert.throws(() => irlens.judgments(a, 'B'), TypeError);
  assert.throws(() => irlens.judgments(a, b, [runOfB, runOfB], ['P@1']), /read the runs against qrelsA/);
  assert.throws(() => irlens.judgments(a, b, [], [], { missing: 'skip' }), /unknown option 'missing'/);
  assert.throws(() => irlens.judgments(a, b, [], [], { mapB: '3:2,x' }), /--map-b: 'x' is not FROM:TO/);
  const run = irlens.loadRun(a, RUN0, { name: 'run0' });
  assert.throws(() => irlens.judgments(a, b, [run], ['P@1']), /at least 2 runs/);
});

test('judgments: the CLI\'s document for the same inputs', { skip: noNative }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'irlens-judgments-'));
  try {
    const files = { a: A, b: B, run0: RUN0, run1: RUN1 };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const a = irlens.loadQrels(A, { name: join(dir, 'a') });
    const b = irlens.loadQrels(B, { name: join(dir, 'b') });
    const runs = [irlens.loadRun(a, RUN0, { name: 'run0' }), irlens.loadRun(a, RUN1, { name: 'run1' })];
    const options = { threshold: 2, test: 'bootstrap', B: 300, seed: 5, topK: 1 };
    const args = ['judgments', join(dir, 'a'), join(dir, 'b'), join(dir, 'run0'), join(dir, 'run1'), '-m', 'P@1', '-m', 'nDCG@2',
      '--threshold', '2', '--test', 'bootstrap', '-B', '300', '--seed', '5', '--top-k', '1', '-f', 'json'];
    assert.deepEqual(irlens.judgments(a, b, runs, ['P@1', 'nDCG@2'], options), cliDocument(args));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
