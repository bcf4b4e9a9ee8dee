// Files of more than one 8 MB slice through the page (the worker reads a plain File itself in 8 MB
// File.slice pieces, several under way: web/src/base/files.js slices(); a gzip file is gunzipped by
// the page and fed in 4 MB batches): the numbers of `irlens eval`, also when the run is chosen
// while the qrels are still being read, and with the qrels gzipped; a bad qrels line in the second
// slice is named by its line in the file (issue 42, part 1).
// Megabytes of files: a Chromium of its own (a connected one would get them uploaded).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { browserSession, nativeEval, tableTexts } from './harness.mjs';

const s = browserSession({ ownChromium: true });
const tmp = mkdtempSync(join(tmpdir(), 'irlens-reading-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
const MEASURES = 'P@5 P@10 AP nDCG@10 RR RBP(p=0.8)'; // the page's default

// 16 topics x 34,000 judgments, 17-18 bytes a line: 9.5 MB, two slices (8 MB and the rest); every
// judged doc relevant (grade 1 or 2, from a fixed LCG) and retrieved by the run, which lists each
// topic's judged docs in a shuffled order (544,000 lines, 19.6 MB, three slices): a doc id cut or
// joined wrongly at a slice's edge, in either file, leaves a relevant doc unretrieved and AP below 1.
const TOPICS = 16, JUDGED = 34000;
let seed = 42;
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const doc = (i) => `doc${String(i).padStart(7, '0')}`;
const qrelsLines = [];
for (let t = 1; t <= TOPICS; t++) for (let i = 0; i < JUDGED; i++) qrelsLines.push(`${t} 0 ${doc(i * 3)} ${next() < 0.7 ? 1 : 2}`);
const runLines = [];
for (let t = 1; t <= TOPICS; t++) {
  const order = Array.from({ length: JUDGED }, (_, i) => i);
  for (let i = JUDGED - 1; i > 0; i--) { // Fisher-Yates with the LCG
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  order.forEach((i, r) => runLines.push(`${t} Q0 ${doc(i * 3)} ${r + 1} ${(1000 - r / 100).toFixed(2)} big`));
}
const qrels = join(tmp, 'qrels.txt'), run = join(tmp, 'big.run'), qgz = join(tmp, 'qrels.txt.gz');
const qrelsText = qrelsLines.join('\n') + '\n';
writeFileSync(qrels, qrelsText);
writeFileSync(run, runLines.join('\n') + '\n');
writeFileSync(qgz, gzipSync(qrelsText));

/** Waits until the table shows `names` with nothing in progress, then compares it with the CLI's numbers. */
async function assertTableAsNative(page, qrelsFile, names) {
  await page.waitForFunction((names) => {
    const r = window.irlensApp.state.result;
    return r && JSON.stringify(Object.keys(r.runs)) === JSON.stringify(names) && document.querySelector('#progress').hidden &&
      document.querySelector('#view').dataset.rendered === 'true';
  }, names, { timeout: 120000, polling: 100 });
  const native = nativeEval(qrelsFile, [run], MEASURES);
  const result = await page.evaluate(() => window.irlensApp.state.result);
  const shown = await tableTexts(page);
  for (const m of native.measures) {
    const want = native.runs['big.run'].mean[m], got = result.runs['big.run'].mean[m];
    assert.ok(Math.abs(got - want) <= 1e-12, `${m}: page ${got}, CLI ${want}`);
    assert.equal(shown['big.run'][m], want.toFixed(4), `${m} as shown`);
  }
  assert.equal(Object.keys(result.runs['big.run'].perTopic).length, TOPICS);
}

test('a qrels file of two 8 MB slices and a run of three, the run chosen while the qrels are read: the numbers of `irlens eval`', async () => {
  assert.ok(qrelsText.length > 8 << 20 && runLines.join('\n').length > 8 << 20);
  const page = await s.open();
  // Both files first in an input of the test's own; then, in one step of the page, the qrels chosen
  // and, once their reading shows, the run (a user's second choice, without waiting for a round trip).
  await page.evaluate(() => document.body.append(Object.assign(document.createElement('input'), { type: 'file', id: 'stash', multiple: true, hidden: true })));
  await page.setInputFiles('#stash', [qrels, run]);
  const qrelsInWhenRunChosen = await page.evaluate(async () => {
    const [q, r] = document.querySelector('#stash').files;
    document.querySelector('#stash').remove();
    const choose = (selector, file) => {
      const chosen = new DataTransfer();
      chosen.items.add(file);
      const input = document.querySelector(selector);
      input.files = chosen.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    };
    choose('#qrels-file', q);
    while (document.querySelector('#progress').hidden) await new Promise((next) => setTimeout(next, 1));
    choose('#run-files', r);
    return window.irlensApp.state.qrels !== null; // the app sets them once the worker has read them all
  });
  assert.equal(qrelsInWhenRunChosen, false);
  await assertTableAsNative(page, qrels, ['big.run']);
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('gzip qrels (the page gunzips, in 4 MB batches) with a run of three slices: the numbers of `irlens eval`', async () => {
  const page = await s.open();
  await page.setInputFiles('#qrels-file', qgz);
  await page.waitForFunction(() => window.irlensApp.state.qrels && document.querySelector('#progress').hidden, null, { timeout: 120000, polling: 100 });
  await page.setInputFiles('#run-files', run);
  await assertTableAsNative(page, qgz, ['big.run']);
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('a bad qrels line in the second 8 MB slice is named by its line in the file', async () => {
  // the first line that starts after 9 MB (in the second slice) loses its relevance column
  let at = 0, line = 0;
  while (at < 9 << 20) at += qrelsLines[line++].length + 1;
  const bad = qrelsLines.slice();
  bad[line] = bad[line].replace(/ \d$/, '');
  const file = join(tmp, 'bad-qrels.txt');
  writeFileSync(file, bad.join('\n') + '\n');
  const page = await s.open();
  await page.setInputFiles('#qrels-file', file);
  await page.waitForSelector('#errors:not([hidden])', { timeout: 120000 });
  const panel = await page.textContent('#errors li');
  // line numbers from 1: bad[line] is line + 1
  assert.match(panel, new RegExp(`^bad-qrels\\.txt, line ${line + 1}: expected 4 columns \\(topic iter doc rel\\), found 3`));
  assert.equal(await page.evaluate(() => window.irlensApp.state.qrels), null);
  assert.deepEqual(page.log.errors, []);
  await page.close();
});
