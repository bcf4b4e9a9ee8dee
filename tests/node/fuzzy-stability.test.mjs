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
