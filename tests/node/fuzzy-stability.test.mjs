// The JS API's meta('stability', ..., {stability: 'fuzzy', fuzziness}) (Turkmen et al.'s released
// stability, docs/statistics.md): the document of `irlens meta stability --stability fuzzy`, on
// the example runs, and the option checks.
// Run: IRLENS_DIST=build-wasm/dist IRLENS_NATIVE=build/cli/irlens node --test tests/node/fuzzy-stability.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { irlens, noNative, cliDocument } from './native-cli.mjs';

const ex = fileURLToPath(new URL('../../examples', import.meta.url)); // whatever the working directory (ctest runs in build-wasm/tests)
const qrelsPath = join(ex, 'qrels.txt');
const names = ['bm25.run', 'dense.run', 'hybrid.run', 'shuffled.run'];
const qrels = irlens.loadQrels(readFileSync(qrelsPath), { name: qrelsPath });
const runs = names.map((n) => irlens.loadRun(qrels, readFileSync(join(ex, n)), { name: n }));

test('meta stability, fuzzy: stability + error rate + tie rate = 1, and the variant is named', () => {
  const doc = irlens.meta('stability', qrels, runs, ['P@5', 'AP'], { stability: 'fuzzy', fuzziness: 0.05, trials: 200 });
  assert.equal(doc.stability_variant, 'fuzzy');
  assert.equal(doc.fuzziness, 0.05);
  for (const m of doc.measures) assert.ok(Math.abs(m.stability + m.error_rate + m.tie_rate - 1) < 1e-12, m.measure);
  const plain = irlens.meta('stability', qrels, runs, ['P@5'], { trials: 200 });
  assert.equal(plain.stability_variant, undefined);  // the default document is unchanged
  assert.equal(plain.measures[0].error_rate, undefined);
  assert.throws(() => irlens.meta('stability', qrels, runs, ['P@5'], { fuzziness: 0.1 }), /--fuzziness is for --stability fuzzy/);
  assert.throws(() => irlens.meta('stability', qrels, runs, ['P@5'], { stability: 'odd' }), /--stability must be half-ties or fuzzy/);
});

test('meta stability, fuzzy: the same document as the CLI', { skip: noNative }, () => {
  const js = irlens.meta('stability', qrels, runs, ['P@5', 'AP'], { stability: 'fuzzy', fuzziness: 0.02, trials: 300, seed: 4 });
  const nat = cliDocument(['meta', 'stability', qrelsPath, ...names.map((n) => join(ex, n)), '-m', 'P@5 AP', '--stability', 'fuzzy',
    '--fuzziness', '0.02', '--trials', '300', '--seed', '4', '-f', 'json']);
  // Run names: the CLI names runs by file name, as loadRun's names here.
  assert.deepEqual(js, nat);
});

test('meta stability, fuzzy, by hand: two identical runs tie on every trial', () => {
  // bm25.run and a copy of it have equal means on every topic subset: |a - b| = 0 <= 0.05 on each of
  // the 50 trials, so no trial has a winner: stability 0/50 = 0, error rate 0, tie rate 50/50 = 1
  // (the half-ties reading would give 1/2: a tie counts 1/2 for each run).
  const bm25 = readFileSync(join(ex, 'bm25.run'));
  const pair = [irlens.loadRun(qrels, bm25, { name: 'bm25.run' }), irlens.loadRun(qrels, bm25, { name: 'copy.run' })];
  const doc = irlens.meta('stability', qrels, pair, ['AP'], { stability: 'fuzzy', fuzziness: 0.05, trials: 50 });
  assert.deepEqual([doc.measures[0].stability, doc.measures[0].error_rate, doc.measures[0].tie_rate], [0, 0, 1]);
  assert.equal(irlens.meta('stability', qrels, pair, ['AP'], { trials: 50 }).measures[0].stability, 0.5);
});
