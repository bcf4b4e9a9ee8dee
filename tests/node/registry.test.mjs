// The registry as the JS API gives it (irlens.measures()): the fields front-ends present a measure
// by (direction, values, kind, needs, explainable) agree with `irlens measures --format json`, row
// by row, and a few rows hold what their definitions say.
// Run: IRLENS_DIST=build-wasm/dist [IRLENS_NATIVE=build/cli/irlens] node --test tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { irlens, cli, noNative } from './native-cli.mjs';
import { findMeasure } from '../../web/src/base/measure-lookup.js';

const rows = Object.fromEntries(irlens.measures().map((m) => [m.name, m]));

test('registry rows: direction, values, kind, needs, explainable', () => {
  // AP: a proportion, higher is better, ranked, explained rank by rank (measures/trace.hpp).
  assert.equal(rows.AP.direction, 'higher');
  assert.deepEqual(rows.AP.values, { min: 0, max: 1, minOpen: false, maxOpen: false, text: '[0, 1]' });
  assert.equal(rows.AP.kind, 'ranked');
  assert.deepEqual(rows.AP.needs, []);
  assert.equal(rows.AP.explainable, true);
  // RBPResid describes a run (the residual weight left unjudged), it does not rate it.
  assert.equal(rows.RBPResid.direction, 'neither');
  // NumRet counts the retrieved set: a set measure, neither better high nor low, unbounded above.
  assert.equal(rows.NumRet.kind, 'set');
  assert.equal(rows.NumRet.direction, 'neither');
  assert.equal(rows.NumRet.values.max, null);
  // NRG scores a run against the other runs.
  assert.ok(rows.NRG.needs.includes('other runs'));
  assert.deepEqual(rows.NRG.params.find((p) => p.name === 'base').choices, ['nDCG', 'RBP', 'P', 'RR']);
  // RelString is text: no range of values.
  assert.equal(rows.RelString.values, null);
});

test('registry rows agree with irlens measures --format json', { skip: noNative }, () => {
  const native = JSON.parse(cli(['measures', '--format', 'json'])).measures;
  assert.deepEqual(native.map((m) => m.name), Object.keys(rows));
  for (const n of native) {
    const js = rows[n.name];
    assert.equal(js.direction, n.better, n.name);
    assert.equal(js.kind, n.kind, n.name);
    assert.deepEqual(js.needs, n.needs, n.name);
    assert.equal(js.explainable, n.explainable, n.name);
    assert.equal(js.textValued, n.text_valued, n.name);
    const range = (r) => r && { min: r.min, max: r.max, minOpen: r.min_open, maxOpen: r.max_open, text: r.text };
    assert.deepEqual(js.values, range(n.values), n.name);
    // A word that selects what the measure reports (C/W/L's out): each choice's direction and values.
    for (const p of n.params) {
      const outputs = p.outputs && Object.fromEntries(Object.entries(p.outputs).map(([c, o]) => [c, { direction: o.better, values: range(o.values) }]));
      assert.deepEqual(js.params.find((q) => q.name === p.name).outputs, outputs, `${n.name}'s ${p.name}`);
    }
  }
});

test("the page's lookup gives the output a word chose its direction (INST(out=EC) is a cost: no best run)", () => {
  const registry = irlens.measures();
  assert.equal(findMeasure(registry, 'INST').direction, 'higher');
  assert.equal(findMeasure(registry, 'INST').values.text, '[0, 1]');
  assert.equal(findMeasure(registry, 'INST(out=ETU)').direction, 'higher');
  for (const name of ['INST(out=EC)', 'INST(T=2,out=ED)', 'SDCG(out=ResEU)@10', 'RBP_CWL(p=0.5, out=ETC)']) {
    assert.equal(findMeasure(registry, name).direction, 'neither', name);
  }
  assert.equal(findMeasure(registry, 'SDCG(out=ResEC)@10').values.text, 'a finite number');
  assert.equal(findMeasure(registry, 'E@5').direction, 'lower');  // every other row: its own
  assert.equal(findMeasure(registry, 'nDCG(gains={0:0,1:1})@10').name, 'nDCG');
});
