// The peers' own unit tests, transcribed (tests/peers/cases.json), through the JS API as users
// call it: each name as ranx's, ir_measures' or pytrec_eval's users type it is read by
// parseMeasure, must print back as the case's irlens name, and evaluate() (missing 'zero': over
// the qrels' topics, as ranx and ir_measures average) gives the peer's value to its decimals. A
// case listed as a difference (docs/differences-from-reference-tools.md) must still differ.
// The native twin: tests/unit-peers.cpp.
// Run: IRLENS_DIST=build-wasm/dist node --test tests/node/peers.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { irlens } from './native-cli.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const doc = JSON.parse(readFileSync(join(here, '..', 'peers', 'cases.json'), 'utf8'));

/** The case's value as irlens computes it; throws what reading or evaluating throws. */
function value(c) {
  if (c.irlens === null) throw new Error('no irlens name');
  const name = irlens.parseMeasure(c.measure).name;
  if (name !== c.irlens) throw new Error(`read as ${name}, not ${c.irlens}`);
  const qrels = irlens.loadQrels(c.qrels, { name: 'qrels' });
  const run = irlens.loadRun(qrels, c.run, { name: 'run' });
  const result = irlens.evaluate(qrels, [run], [c.measure], { missing: 'zero' });
  const r = result.runs.run;
  const v = c.topic === null ? r.mean[name] : r.perTopic[c.topic]?.[name];
  if (typeof v !== 'number') throw new Error(`topic ${c.topic} was not scored`);
  return v;
}

test('peers: every transcribed unit test of ranx, ir_measures and pytrec_eval gives the peer\'s number', () => {
  assert.equal(doc.format, 1);
  const failures = [];
  let agreed = 0;
  for (const c of doc.cases) {
    const where = `${c.tool} ${c.version}, ${c.source}: ${c.measure}${c.topic === null ? '' : ` topic ${c.topic}`}`;
    let got, agrees = false;
    try {
      const v = value(c);
      agrees = Math.abs(v - c.expected) <= 0.5 * 10 ** -c.places + 1e-12;
      got = String(v);
    } catch (e) {
      got = `refused: ${e.message}`;
    }
    if (c.difference === null) {
      if (agrees) agreed++;
      else failures.push(`${where}: expected ${c.expected}, irlens ${got}`);
    } else if (agrees) {
      failures.push(`${where}: listed as a difference but agrees now; remove the difference`);
    }
  }
  assert.deepEqual(failures, []);
  assert.ok(agreed > 100, `${agreed} cases agree`);
});
