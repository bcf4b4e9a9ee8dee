// Embed mode: <irlens-view> shows one table or chart computed in the reader's browser from data
// given in the page, for tutorials and course sites (see examples/embed.html):
//
//   <script type="module" src="irlens-embed.js"></script>
//   <irlens-view view="table" measures="P@5 nDCG@10 AP">
//     <script type="text/plain" data-qrels name="qrels.txt">101 0 d01 2 ...</script>
//     <script type="text/plain" data-run name="bm25.run">101 Q0 d01 1 12.5 bm25 ...</script>
//   </irlens-view>
//
// view: table | recall-precision | kendall-tau; missing="zero" (the default) scores unanswered
// topics 0, missing="skip" leaves them out;
// data-from="ID" takes the data of another <irlens-view> of the page. The
// element uses worker.js and irlens_web.wasm from beside irlens-embed.js (loaded once,
// worker-source.js). Errors (file, line, problem) show inside the element. A page opened from
// file:// cannot load them (browsers run no module script and fetch nothing there): the element's
// own content (.irlens-fallback in examples/embed.html) says so, and is removed once it runs.
import { WorkerClient } from '../worker/client.js';
import { workerFactory } from '../worker/worker-source.js';
import { ingest, textSource } from './files.js';
import { renderChart, tauHeatmapSpec, recallPrecisionSpec } from '../charts/charts.js';
import { el, fmt } from '../views/util.js';
import { withoutLocation } from './errors.js';
import { evaluationView } from '../../../build-wasm/dist/evaluation.mjs';

let shared = null; // one worker per page, requests queued in order
async function client() {
  if (!shared) shared = workerFactory(import.meta.url).then((create) => new WorkerClient(create));
  return shared;
}
let queue = Promise.resolve();

class IrlensView extends HTMLElement {
  connectedCallback() {
    if (this.started) return;
    this.started = true;
    const out = el('div', { class: 'irlens-embed', 'aria-live': 'polite' }, el('p', { class: 'hint' }, 'Evaluating…'));
    this.out = out;
    for (const fallback of this.querySelectorAll('.irlens-fallback')) fallback.remove();
    this.append(out);
    queue = queue.then(() => this.run()).catch((e) => this.fail(e));
  }

  fail(e) {
    this.out.textContent = '';
    const where = e.file ? `${e.file}${e.line ? `, line ${e.line}` : ''}: ` : '';
    this.out.append(el('p', { class: 'error', role: 'alert' }, `irlens: ${where}${e.file ? withoutLocation(e) : e.message}`));
    this.dataset.state = 'error';
  }

  async source(kind, node) {
    const name = node.getAttribute('name') || kind;
    return textSource(name, node.textContent.replace(/^\s*\n/, '').replace(/^[ \t]+/gm, ''));
  }

  async run() {
    const c = await client();
    await c.request('init');
    // data-from="ID": use the data of another <irlens-view> of the page
    const from = this.dataset.from ? document.getElementById(this.dataset.from) : this;
    if (!from) throw new Error(`data-from: no element with id '${this.dataset.from}'`);
    const qNode = from.querySelector('script[data-qrels]');
    if (!qNode) throw new Error('no <script type="text/plain" data-qrels> inside <irlens-view>');
    await ingest(c, 'qrels', await this.source('qrels', qNode));
    for (const node of from.querySelectorAll('script[data-run]')) await ingest(c, 'run', await this.source('run', node));
    const measures = this.getAttribute('measures') || 'P@5 AP nDCG@10';
    const missing = this.getAttribute('missing') || 'zero';
    const view = this.getAttribute('view') || 'table';
    const reply = await c.request('evaluate', { measures: [measures], missing });
    const { correlations } = reply;
    const result = evaluationView(reply.result); // the worker transfers the columnar data
    this.out.textContent = '';
    if (view === 'table') {
      const runs = Object.keys(result.runs);
      this.out.append(el('table', { class: 'irlens-table' },
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Run'), result.measures.map((m) => el('th', { scope: 'col', title: result.measuresFull[m] }, m)))),
        el('tbody', {}, runs.map((r) => el('tr', {}, el('th', { scope: 'row' }, r), result.measures.map((m) => el('td', {}, fmt(result.runs[r].mean[m]))))))));
    } else if (view === 'recall-precision') {
      const curves = await c.request('curves', { missing });
      const box = el('div', { class: 'chart' });
      this.out.append(box);
      await renderChart(box, recallPrecisionSpec(curves, Object.keys(curves.runs)));
    } else if (view === 'kendall-tau') {
      const box = el('div', { class: 'chart' });
      this.out.append(box);
      await renderChart(box, tauHeatmapSpec(correlations));
    } else {
      throw new Error(`unknown view '${view}' (table, recall-precision or kendall-tau)`);
    }
    this.dataset.state = 'done';
  }
}

customElements.define('irlens-view', IrlensView);
