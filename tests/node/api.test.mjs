// The JS API (wasm/api.mjs) under node: plain objects in and out, JS Errors with the CLI's
// messages, streaming readers, and the same numbers as the native CLI.
// Run: IRLENS_DIST=build-wasm/dist [IRLENS_NATIVE=build/cli/irlens] node --test tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const dist = resolve(process.env.IRLENS_DIST || 'build-wasm/dist');
const { createIrlens, loadQrelsFile, loadRunFile } = await import(join(dist, 'node.mjs'));
const irlens = await createIrlens();

const QRELS = '1 0 a 2\n1 0 b 0\n1 0 c 1\n2 0 d 1\n';
const RUN = '1 Q0 a 1 3 t\n1 Q0 b 2 2 t\n1 Q0 x 3 1 t\n2 Q0 d 1 1 t\n';

test('registry and measure names', () => {
  const names = irlens.measures().map((m) => m.name);
  for (const n of ['P', 'AP', 'nDCG', 'RBP', 'NumQ']) assert.ok(names.includes(n), n);
  const rbp = irlens.measures().find((m) => m.name === 'RBP');
  assert.equal(rbp.params.find((p) => p.name === 'p').default, '0.8');
  assert.ok(rbp.citation.includes('Moffat'));
  assert.equal(irlens.parseMeasure('RBP').name, 'RBP(p=0.8)');
  assert.equal(irlens.parseMeasure('P(rel=1)@5').full, 'P(rel=1,judged_only=False,agg=mean)@5');
  assert.throws(() => irlens.parseMeasure('Foo@3'), { name: 'UsageError', message: "unknown measure 'Foo' (see `irlens measures` for the list)" });
});

test('evaluate: hand-checked values, per topic, NaN-free JSON shape', () => {
  const q = irlens.loadQrels(QRELS);
  const r = irlens.loadRun(q, RUN, { name: 'r.txt' });
  const res = irlens.evaluate(q, [r], ['P@2', 'NumQ', 'RelString@3']);
  assert.deepEqual(res.measures, ['P@2', 'NumQ', 'RelString@3']);
  // topic 1: a b -> 1/2; topic 2: d -> 1/2; mean 0.5
  assert.equal(res.runs['r.txt'].mean['P@2'], 0.5);
  assert.equal(res.runs['r.txt'].mean.NumQ, 2);
  assert.equal(res.runs['r.txt'].perTopic['1']['RelString@3'], '20-');
  assert.equal(res.runs['r.txt'].tag, 't');
});

test('streaming readers give the same index whatever the chunking', () => {
  const q = irlens.loadQrels(QRELS);
  const reader = irlens.runReader(q, 'chunked');
  const bytes = new TextEncoder().encode(RUN);
  for (let i = 0; i < bytes.length; i += 3) reader.feed(bytes.subarray(i, i + 3));
  const r = reader.finish();
  const whole = irlens.loadRun(q, RUN);
  assert.deepEqual(irlens.evaluate(q, [r], ['AP']).runs.chunked.mean, irlens.evaluate(q, [whole], ['AP']).runs.run.mean);
});

test('input errors are JS Errors naming file and line', () => {
  const q = irlens.loadQrels(QRELS, { name: 'q.txt' });
  assert.throws(() => irlens.loadRun(q, '1 Q0 a 1 3 t\n1 Q0 a 2 2 t\n', { name: 'dup.txt' }), (e) => {
    assert.equal(e.name, 'InputError');
    assert.equal(e.message, "dup.txt:2: duplicate document 'a' for topic '1' (first at line 1)");
    assert.equal(e.file, 'dup.txt');
    assert.equal(e.line, 2);
    return true;
  });
  assert.throws(() => irlens.loadQrels('', { name: 'empty.txt' }), { name: 'InputError', message: 'empty.txt: no judgments found (empty file?)' });
  assert.throws(() => irlens.evaluate(q, [], ['P']), { name: 'UsageError' });
  assert.throws(() => irlens.loadQrels(42), TypeError);
});

test('dispose releases handles', () => {
  const q = irlens.loadQrels(QRELS);
  const r = irlens.loadRun(q, RUN);
  r.dispose();
  assert.throws(() => irlens.evaluate(q, [r], ['P@1']), /disposed/);
});

test('trec_eval output through WASM', () => {
  const q = irlens.loadQrels(QRELS);
  const r = irlens.loadRun(q, RUN);
  const out = irlens.trecEval(q, r, ['-m', 'P.2']);
  assert.equal(out, 'P_2                   \tall\t0.5000\n');
});

const shared = resolve(process.env.IRLENS_SHARED || '../shared');
const native = process.env.IRLENS_NATIVE && resolve(process.env.IRLENS_NATIVE);
test('WASM and native give the same numbers (covid-r1, many measures)', { skip: !existsSync(join(shared, 'data/covid-r1')) || !native ? 'needs ../shared and IRLENS_NATIVE' : false }, async () => {
  const dir = join(shared, 'data/covid-r1');
  const runs = ['BBGhelani1', 'run1', 'BM25R2', '10x10.prf.unipd.it'].map((r) => join(dir, 'runs', `${r}.gz`));
  const measures = ['AP', 'nDCG@10', 'nDCG', 'P@5', 'RBP(p=0.5)', 'Bpref', 'infAP', 'AP(agg=gmean)', 'IPrec@0.5', 'RR@10', 'Judged@10'];
  const cli = JSON.parse(execFileSync(native, ['eval', join(dir, 'qrels-rnd1.txt'), ...runs, '-m', measures.join(' '), '-q', '-f', 'json', '--missing', 'zero']));
  const q = await loadQrelsFile(irlens, join(dir, 'qrels-rnd1.txt'));
  const loaded = [];
  for (const p of runs) loaded.push(await loadRunFile(irlens, q, p));
  const wasm = irlens.evaluate(q, loaded, measures, { missing: 'zero' });
  let compared = 0;
  for (const [run, entry] of Object.entries(cli.runs)) {
    for (const [topic, row] of Object.entries(entry.per_topic)) {
      for (const [m, v] of Object.entries(row)) {
        const w = wasm.runs[run].perTopic[topic][m];
        assert.ok(Math.abs(w - v) <= 1e-12 * Math.max(1, Math.abs(v)), `${run} ${topic} ${m}: native ${v} wasm ${w}`);
        compared++;
      }
    }
  }
  assert.ok(compared > 900, `compared ${compared} values`);
});
