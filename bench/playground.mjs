// The metric playground's edit latency (not a test): in headless Chromium, the Playground tab with
// one list of 100 positions (grades 0..3 by a fixed pattern, 10 relevant documents not retrieved)
// and 30 measures; each edit clicks a position (its grade cycles) or moves one a rank earlier
// (Alt+Left, which rebuilds the row), and waits until the numbers of
// that edit are on the page (the editor's data-evaluated reaches its data-seq: the worker
// evaluated the new qrels and run, and the table was rebuilt); the next edit comes after the page
// has painted (one animation frame), as a person's next click would. Prints the median and p95 of the
// edit-to-numbers latency over EDITS edits (after WARMUP), timed inside the page
// (performance.now()), and the same with a second list (B, 100 positions) compared.
//   sh web/build.sh && node bench/playground.mjs [EDITS=200]
import { startServer, openBrowser, newPage, waitReady } from '../tests/web/harness.mjs';

const EDITS = Number(process.argv[2] || 200);
const WARMUP = 20;
export const MEASURES = ['P@5', 'P@10', 'P@20', 'R@10', 'R@100', 'Success@5', 'Rprec', 'AP', 'AP@10', 'RR', 'nDCG', 'nDCG@5', 'nDCG@10',
  'nDCG@20', 'DCG@10', 'ERR', 'ERR@10', 'nERR@10', 'RBP(p=0.5)', 'RBP(p=0.8)', 'RBP(p=0.95)', 'Q', 'Q@10', 'P+', 'RMeasure',
  'OMeasure', 'PMeasure', 'Bpref', 'infAP', 'IPrecAvg'];
const list = Array.from({ length: 100 }, (_, k) => `d${k + 1}:${(k * 7) % 4}`).join(' ') + ' +1:4 +2:3 +3:3';

const hash = (b) => `#${new URLSearchParams({ v: 'playground', pgm: MEASURES.join(' '), pga: list, ...(b ? { pgb: list } : {}) })}`;

/** edit: 'grade' clicks a position (its grade cycles), 'move' moves it one rank earlier (Alt+Left). */
async function measure(page, edits, edit) {
  return page.evaluate(async ({ edits, warmup, edit }) => {
    const box = document.querySelector('#playground');
    const times = [];
    for (let k = 0; k < edits + warmup; k++) {
      const cell = box.querySelectorAll('.pg-cell')[1 + ((k * 37) % 99)];
      const t0 = performance.now();
      if (edit === 'grade') cell.click();
      else cell.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', altKey: true, bubbles: true }));
      await new Promise((res) => {
        const check = () => (box.dataset.evaluated === box.dataset.seq ? res() : setTimeout(check, 0));
        const obs = new MutationObserver(() => { if (box.dataset.evaluated === box.dataset.seq) { obs.disconnect(); res(); } });
        obs.observe(box, { attributes: true, attributeFilter: ['data-evaluated'] });
        check();
      });
      if (k >= warmup) times.push(performance.now() - t0);
      await new Promise((res) => requestAnimationFrame(() => setTimeout(res, 0))); // the page painted: the next edit starts afresh
    }
    times.sort((a, b) => a - b);
    const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
    return { median: q(0.5), p95: q(0.95), max: times[times.length - 1] };
  }, { edits, warmup: WARMUP, edit });
}

const server = await startServer();
const browser = await openBrowser({ viewport: { width: 1400, height: 900 } });
try {
  for (const two of [false, true]) {
    const page = await newPage(browser.context);
    await page.goto(server.url + hash(two));
    await waitReady(page);
    await page.waitForFunction(() => { const p = document.querySelector('#playground'); return p && p.dataset.evaluated === p.dataset.seq; });
    const shown = await page.$$eval('#playground .pg-value', (b) => b.length);
    if (shown !== MEASURES.length * (two ? 2 : 1)) throw new Error(`expected ${MEASURES.length} measures shown per list, got ${shown}: ${await page.textContent('#playground .error')}`);
    for (const edit of ['grade', 'move']) {
      const r = await measure(page, EDITS, edit);
      console.log(`playground, 100 positions x ${MEASURES.length} measures${two ? ', two lists' : ''}, ${edit === 'grade' ? 'a grade cycled' : 'a position moved'}: edit to numbers median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(1)} ms (${EDITS} edits)`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  server.stop();
}
