// The JS API's axiomatic audit (wasm/api-axioms.mjs): axioms() returns the document of `irlens axioms
// --format json`, compared whole with the native CLI's for the same measures and seed (the WASM
// build computes the same cases and the same scores); options are checked before crossing.
// Run: IRLENS_DIST=build-wasm/dist IRLENS_NATIVE=build/cli/irlens node --test tests/node/axioms.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { irlens, noNative, cli } from './native-cli.mjs';

test('axioms: the CLI\'s document for the same measures and seed', { skip: noNative }, () => {
  for (const [opts, args] of [[{ measures: ['AP', 'nDCG_IA@10'], seed: 7 }, ['-m', 'AP', '-m', 'nDCG_IA@10', '--seed', '7']], [{}, []]]) {
    assert.deepEqual(irlens.axioms(opts), JSON.parse(cli(['axioms', ...args, '--format', 'json'])));
  }
});

test('axioms: Table 1 by default, with the paper\'s names; bad options are TypeErrors', () => {
  const doc = irlens.axioms({ measures: 'RBP' });
  assert.equal(doc.command, 'axioms');
  assert.equal(doc.seed, 2018);
  assert.deepEqual(doc.results.map((r) => r.constraint), ['Pri', 'Deep', 'DeepTh', 'CloseTh', 'Conf', 'AspDiv', 'Red', 'MRed', 'Sat', 'AspRel']);
  assert.equal(doc.results[0].paper_metric, 'RBP');
  // RBP(p=0.8) CloseTh: (1 - p)(p^2 + p^3) = 0.2304 > 0.2 = (1 - p) at m = 2, not at m = 1 (0.16).
  assert.equal(doc.results[3].verdict, 'witness at m=2 (bound 30)');
  assert.throws(() => irlens.axioms({ measures: 'all', sed: 1 }), TypeError);
  assert.throws(() => irlens.axioms({ seed: -1 }), TypeError);
  assert.throws(() => irlens.axioms({ measures: 'NoSuchMeasure' }), /unknown measure/);
});
