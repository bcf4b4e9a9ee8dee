// <irlens-view>: one view of irlens computed in the reader's browser from data written in the page,
// for tutorial and course sites (examples/embed.html, examples/tutorial.html):
//
//   <script type="module" src="irlens-embed.js"></script>
//   <irlens-view view="table" measures="P@5 nDCG@10 AP">
//     <script type="text/plain" data-qrels name="qrels.txt">101 0 d01 2 ...</script>
//     <script type="text/plain" data-run name="bm25.run">101 Q0 d01 1 12.5 bm25 ...</script>
//   </irlens-view>
//
// Attributes every view reads: view (the VIEWS key; default table), missing="zero" (the default:
// unanswered topics score 0) or "skip", data-from="ID" (the data of another <irlens-view> of the
// page). Errors (file, line, problem) show inside the element. The element uses worker.js and
// irlens_web.wasm from beside irlens-embed.js (worker-source.js), one worker per page, the views
// rendered one after another. Opened from file://, browsers run no module script: the element's
// own content (.irlens-fallback) says so, and is removed once it runs.
//
// The view contract (docs/web-app.md, "Embed mode"): a view is a module exporting
//
//   export async function render(out, ctx)
//
// that fills the element `out` (empty, inside <irlens-view>), where ctx = {
//   client,               // the page's WorkerClient (worker/client.js), initialised ('init' done)
//   attr(name, fallback), // the element's attribute `name`, or fallback
//   loadData,             // async (): reads the element's (or data-from's) qrels and runs into the
//                         //   worker, replacing what it held; returns {qrels, runs} (their infos)
//   missing,              // 'zero' | 'skip', from the attribute
//   element,              // the <irlens-view> itself (for data inside it other than qrels/runs)
//   init,                 // the worker's 'init' reply: {version, registry, groups}
// }. A view that shows no loaded data (playground) never calls loadData. Adding a view is one
// line in VIEWS (widgets/views.js): its name and a loader of its module.
//
// isolated (attribute): the view is rendered in the element's shadow root with the web app's own
// stylesheet, so the page's styles do not reach into it (notebooks: Jupyter, VS Code, nbconvert's
// HTML; irlens.show sets it). Without it the view is in the page, styled by the page's style.css.
import { WorkerClient } from '../worker/client.js';
import { workerFactory } from '../worker/worker-source.js';
import { ingest, textSource } from '../base/files.js';
import { el } from '../ui/util.js';
import { withoutLocation } from '../base/errors.js';

import { VIEWS } from './views.js';
import STYLE from '../../style.css';

export { VIEWS };

// An isolated view's stylesheet: nothing inherited from the page (all: initial), the app's :root
// rules on the host. One constructed sheet shared by every such element where the browser has
// them (parsed once; a page's style-src policy does not apply to it), else a <style> each.
const ISOLATED_CSS = `:host { all: initial; display: block; line-height: 1.45; }\n${STYLE.replaceAll(':root', ':host')}`;
let sheet;
function isolatedSheet() {
  if (sheet === undefined) {
    sheet = null;
    try {
      const s = new CSSStyleSheet();
      s.replaceSync(ISOLATED_CSS);
      if ('adoptedStyleSheets' in ShadowRoot.prototype) sheet = s;
    } catch { /* no constructable stylesheets: a <style> */ }
  }
  return sheet;
}

let shared = null; // one worker per page: {client, init}
async function connect() {
  if (!shared) {
    shared = workerFactory(import.meta.url).then(async (create) => {
      const client = new WorkerClient(create);
      return { client, init: await client.request('init') };
    });
  }
  return shared;
}
let queue = Promise.resolve(); // the views render one after another (they share the worker's data)

/** A script node's text as a source: its first blank line and each line's indentation removed. */
function source(kind, node) {
  return textSource(node.getAttribute('name') || kind, node.textContent.replace(/^\s*\n/, '').replace(/^[ \t]+/gm, ''));
}

class IrlensView extends HTMLElement {
  connectedCallback() {
    if (this.started) return;
    this.started = true;
    const out = el('div', { class: 'irlens-embed', 'aria-live': 'polite' }, el('p', { class: 'hint' }, 'Evaluating…'));
    this.out = out;
    for (const fallback of this.querySelectorAll('.irlens-fallback')) fallback.remove();
    this.root = this;
    if (this.hasAttribute('isolated')) {
      this.root = this.attachShadow({ mode: 'open' });
      if (isolatedSheet()) this.root.adoptedStyleSheets = [isolatedSheet()];
      else this.root.append(el('style', {}, ISOLATED_CSS));
    }
    this.root.append(out);
    queue = queue.then(() => this.run()).catch((e) => this.fail(e));
  }

  fail(e) {
    this.out.textContent = '';
    const where = e.file ? `${e.file}${e.line ? `, line ${e.line}` : ''}: ` : '';
    this.out.append(el('p', { class: 'error', role: 'alert' }, `irlens: ${where}${e.file ? withoutLocation(e) : e.message}`));
    this.dataset.state = 'error';
  }

  async loadData(client) {
    // data-from="ID": use the data of another <irlens-view> of the page
    const from = this.dataset.from ? document.getElementById(this.dataset.from) : this;
    if (!from) throw new Error(`data-from: no element with id '${this.dataset.from}'`);
    const qNode = from.querySelector('script[data-qrels]');
    if (!qNode) throw new Error('no <script type="text/plain" data-qrels> inside <irlens-view>');
    const qrels = await ingest(client, 'qrels', source('qrels', qNode));
    const runs = [];
    for (const node of from.querySelectorAll('script[data-run]')) runs.push(await ingest(client, 'run', source('run', node)));
    return { qrels, runs };
  }

  async run() {
    const { client, init } = await connect();
    const name = this.getAttribute('view') || 'table';
    const load = VIEWS[name];
    if (!load) throw new Error(`unknown view '${name}' (${Object.keys(VIEWS).join(', ')})`);
    const view = await load();
    const out = el('div', { class: 'irlens-embed' });
    this.root.append(out); // in the page while it renders (charts size themselves to it)
    const attr = (key, fallback) => (this.hasAttribute(key) ? this.getAttribute(key) : fallback);
    try {
      await view.render(out, { client, init, attr, loadData: () => this.loadData(client), missing: attr('missing', 'zero'), element: this });
    } catch (e) {
      out.remove();
      throw e;
    }
    this.out.remove(); // the "Evaluating…" line
    this.out = out;
    this.dataset.state = 'done';
  }
}

if (!customElements.get('irlens-view')) customElements.define('irlens-view', IrlensView);
