// The JS API's run validation (wasm/api-check.mjs): checkRun returns the document of `irlens check
// --format json` (compared whole with the native CLI's on the same file and options), reads bytes
// and id lists given as arrays, and a problem of the run is a finding, never an exception.
// Run: IRLENS_DIST=build-wasm/dist IRLENS_NATIVE=build/cli/irlens node --test tests/node/check.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { irlens, noNative } from './native-cli.mjs';

// Line 2 repeats doc a (error), line 3 has five columns (error), line 4 has iteration '0'
// (warning) and topic 9, which is neither in the topic list (error) nor in the qrels (warning);
// topic 2 of the list has no results (warning).
const RUN = '1 Q0 a 1 3 t\n1 Q0 a 2 2 t\n1 Q0 b 3\n9 0 c 1 1 t\n';
const QRELS = '1 0 a 1\n2 0 b 1\n';
const dir = mkdtempSync(join(tmpdir(), 'irlens-check-'));
const paths = { run: join(dir, 'run.txt'), qrels: join(dir, 'qrels.txt'), topics: join(dir, 'topics.txt') };
writeFileSync(paths.run, RUN);
writeFileSync(paths.qrels, QRELS);
writeFileSync(paths.topics, '1\n2\n');

test('checkRun: every finding with line, severity and kind', () => {
  const q = irlens.loadQrels(QRELS, { name: paths.qrels });
  const doc = irlens.checkRun(RUN, { name: 'run.txt', qrels: q, topics: ['1', '2'], maxDocs: 1000 });
  assert.equal(doc.command, 'check');
  assert.deepEqual(doc.options, { qrels: paths.qrels, topics: 'topics', docs: null, max_docs: 1000, tag: null });
  const f = doc.files[0];
  assert.deepEqual(f.findings.map((x) => [x.line, x.severity, x.kind]), [
    [2, 'error', 'duplicate_document'],
    [3, 'error', 'columns'],
    [4, 'warning', 'iteration'],
    [4, 'error', 'unknown_topic'],
    [4, 'warning', 'unjudged_topic'],
    [null, 'warning', 'missing_topic'],
  ]);
  assert.equal(f.findings[0].message, "duplicate document 'a' for topic '1' (first at line 1)");
  assert.deepEqual([doc.errors, doc.warnings, f.lines, f.results, f.topics], [3, 3, 4, 3, 2]);
  // Bytes read the same as text.
  assert.deepEqual(irlens.checkRun(new TextEncoder().encode(RUN), { name: 'run.txt', qrels: q, topics: ['1', '2'], maxDocs: 1000 }), doc);
});

test('checkRun equals irlens check --format json', { skip: noNative }, () => {
  const q = irlens.loadQrels(QRELS, { name: paths.qrels });
  const js = irlens.checkRun(RUN, { name: paths.run, qrels: q, topics: '1\n2\n', topicsName: paths.topics, tag: 't' });
  let out;
  try {
    execFileSync(process.env.IRLENS_NATIVE, ['check', paths.run, '--qrels', paths.qrels, '--topics', paths.topics, '--tag', 't', '-f', 'json'],
      { encoding: 'utf8' });
    assert.fail('irlens check exits 4 when errors are found');
  } catch (e) {
    assert.equal(e.status, 4);
    out = e.stdout;
  }
  assert.deepEqual(js, JSON.parse(out));
});

test('runChecker streams; bad options throw; a bad id list is an InputError', () => {
  const c = irlens.runChecker({ name: 'r' });
  for (const ch of RUN) c.feed(ch);  // one byte at a time
  const doc = c.finish();
  assert.deepEqual(doc.files[0].counts, { columns: 1, duplicate_document: 1, iteration: 1 });
  assert.throws(() => irlens.checkRun(RUN, { maxDocs: 0 }), /maxDocs must be an integer >= 1/);
  assert.throws(() => irlens.checkRun(RUN, { bogus: 1 }), /unknown option 'bogus'/);
  assert.throws(() => irlens.checkRun(RUN, { docs: '# none\n', docsName: 'docs.txt' }), /docs.txt: no ids found/);
  // The failed session was ended: a new check works.
  assert.equal(irlens.checkRun('1 Q0 a 1 1 t\n').errors, 0);
});
