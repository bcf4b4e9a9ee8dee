// The JS API of run versus run and of the reproducibility measures (wasm/api-compare-runs.mjs):
// compareRankings() and reproducibility() return the documents `irlens runs` and `irlens repro`
// print with --format json (compared whole with the native CLI's, without irlens' version and the
// provenance), hand-checked values, null where a value is undefined; options checked before crossing.
// Run: IRLENS_DIST=build-wasm/dist IRLENS_NATIVE=build/cli/irlens node --test tests/node/compare-runs.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { irlens, node, noNative, cliDocument, close } from './native-cli.mjs';

const examples = fileURLToPath(new URL('../../examples', import.meta.url)); // whatever the working directory (ctest runs in build-wasm/tests)

test('compareRankings: by hand, and the topic only one run answered', () => {
  const q = irlens.loadQrels('1 0 a 1\n1 0 b 0\n2 0 a 1\n', { name: 'qrels' });
  const a = irlens.loadRun(q, '1 Q0 a 1 2 A\n1 Q0 b 2 1 A\n2 Q0 a 1 1 A\n', { name: 'A' });
  const b = irlens.loadRun(q, '1 Q0 b 1 2 B\n1 Q0 a 2 1 B\n', { name: 'B' });
  // [a b] vs [b a], p = 0.9: RBO_ext = (0.1/0.9)(2/2 0.81) + 0.81 = 0.9; KTU = -1; overlap@1 = 0.
  const doc = irlens.compareRankings(a, b, { cutoffs: [1], perTopic: true });
  assert.deepEqual(doc.rows.map((r) => r.topic), ['1', 'all']);
  close(doc.rows[1].RBO_ext, 0.9, 'RBO_ext');
  close(doc.rows[1].KTU, -1, 'KTU');
  assert.equal(doc.rows[1]['overlap@1'], 0);
  assert.deepEqual(doc.only_a, ['2']);
  // One document each: KTU undefined (null, never a number).
  const c = irlens.loadRun(q, '1 Q0 a 1 1 C\n', { name: 'C' });
  assert.equal(irlens.compareRankings(c, c).rows[0].KTU, null);
  assert.throws(() => irlens.compareRankings(a, b, { persistence: 1 }), TypeError);
  assert.throws(() => irlens.compareRankings(a, b, { cutoffs: [0] }), TypeError);
  assert.throws(() => irlens.compareRankings(a, b, { depht: 3 }), TypeError);
});

async function exampleRuns() {
  const q = await node.loadQrelsFile(irlens, join(examples, 'qrels.txt'));
  const load = (f) => node.loadRunFile(irlens, q, join(examples, f));
  return { q, bm25: await load('bm25.run'), hybrid: await load('hybrid.run'), dense: await load('dense.run'), shuffled: await load('shuffled.run') };
}

function withoutVersion(doc) {
  delete doc.irlens;
  return doc;
}

test('compareRankings and reproducibility: the CLI\'s documents', { skip: noNative }, async () => {
  const r = await exampleRuns();
  assert.deepEqual(irlens.compareRankings(r.bm25, r.shuffled, { cutoffs: [3, 5], perTopic: true }),
    withoutVersion(cliDocument(['runs', join(examples, 'qrels.txt'), join(examples, 'bm25.run'), join(examples, 'shuffled.run'), '-k', '3,5', '-q', '-f', 'json'])));
  const doc = irlens.reproducibility({ origBaseline: r.bm25, origAdvanced: r.hybrid, reproBaseline: r.dense, reproAdvanced: r.hybrid },
    { measures: ['AP', 'P@10'], cutoffs: [5, 10] });
  const e = (f) => join(examples, f);
  const theirs = withoutVersion(cliDocument(['repro', e('qrels.txt'), '--orig-baseline', e('bm25.run'), '--orig-advanced', e('hybrid.run'),
    '--repro-baseline', e('dense.run'), '--repro-advanced', e('hybrid.run'), '-m', 'AP P@10', '-k', '5,10', '-f', 'json']));
  // The CLI names the one file given twice by its path (never two runs of one name), node by its file name.
  assert.deepEqual(doc.runs, { orig_baseline: 'bm25.run', orig_advanced: 'hybrid.run', repro_baseline: 'dense.run', repro_advanced: 'hybrid.run' });
  assert.equal(theirs.runs.orig_advanced, e('hybrid.run'));
  delete doc.runs;
  delete theirs.runs;
  assert.deepEqual(doc, theirs);
});

test('reproducibility: repro_eval\'s values, undefined as null with the reason', async () => {
  const r = await exampleRuns();
  const doc = irlens.reproducibility({ origBaseline: r.bm25, origAdvanced: r.hybrid, reproBaseline: r.dense, reproAdvanced: r.hybrid },
    { measures: 'AP', cutoffs: [5] });
  const row = (q, run) => doc.rows.find((x) => x.quantity === q && x.run === run && (x.measure === 'AP' || x.cutoff === 5));
  // repro_eval's (tests/golden/repro_eval/examples.json)
  close(row('ER', 'both').value, 0.17486122125297388, 'ER');
  assert.ok(Math.abs(row('KTU_repro_eval', 'baseline').value - -0.13333333333333336) < 1e-12);
  assert.equal(row('p_value', 'advanced').value, null);
  assert.match(row('p_value', 'advanced').note, /undefined/);
  assert.throws(() => irlens.reproducibility({ origBaseline: r.bm25 }), TypeError);
  assert.throws(() => irlens.reproducibility({ origBaseline: r.bm25, origAdvanced: r.hybrid, reproBaseline: r.dense, reproAdvanced: r.hybrid }, { measures: [] }), TypeError);
});
