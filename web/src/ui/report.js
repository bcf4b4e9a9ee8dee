// The shareable report (issue 25, section 4): one click saves the current analysis as one
// self-contained HTML file that reads offline from file:// with no script at all (its Content
// Security Policy allows none, nor any request): the provenance first (irlens version, every
// setting, the measures with their defaults spelled out, the inputs' names, sizes and SHA-256:
// exports.js provenance()), then the results table as the Table view shows it (every run, in the
// order shown, each mean with its interval, the difference to the baseline with wins/ties/losses,
// the significance markers and their legend), then what the views of REPORT_VIEWS show (charts,
// significance, meta-evaluation, topic difficulty), rendered with the page's own views and chart
// specs into a box out of sight and copied: Vega's SVG as it is drawn, a chart drawn on canvas (a
// large heatmap) as a PNG image, controls (buttons, inputs) and the instructions that need script
// ("hover a cell": views/util.js scriptOnly) left out, folded details unfolded.
//
// The report's format version is REPORT_FORMAT, in its provenance (`report.format`).
import { provenance } from '../base/exports.js';
import { download } from './downloads.js';
import { tableRows, bestOfRows } from '../base/table-rows.js';
import { intervalName } from '../base/table-intervals.js';
import { teams } from '../base/teams.js';
import { el } from './util.js';
import { tableCell, tableCaption } from './table-cells.js';

/** Version of the report's layout (docs/web-app.md, "The HTML report"). */
export const REPORT_FORMAT = 3; // 2 (issue 35): the Topic difficulty section; no instruction that needs script. 3 (issues 38, 39): the Judgments and Reproducibility sections, each when its view holds results

/** The views whose results the report shows, in this order. */
export const REPORT_VIEWS = ['charts', 'significance', 'meta', 'difficulty'];

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** The results table with every run, its cells the Table view's (which attaches its rows as they scroll in: not here). */
function reportTable(app) {
  const { result, settings } = app.state;
  const base = settings.b;
  const groups = teams(app);
  const shown = tableRows(app);
  const { rows, leaderboard } = shown;
  const best = bestOfRows(app, shown);
  const what = intervalName(app);
  const body = rows.map(({ run, team, rank }) => el('tr', { 'data-run': run, class: run === base ? 'baseline' : null },
    el('th', { scope: 'row' }, leaderboard ? `${rank}. ` : '', run, run === base ? el('div', { class: 'tag' }, 'baseline') : null),
    groups ? el('td', { class: 'team' }, team ?? '–') : null,
    result.measures.map((m) => tableCell(app, run, m, { best: best[m], what, base }))));
  const head = el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, leaderboard ? '# Run' : 'Run'), groups ? el('th', { scope: 'col' }, 'Team') : null,
    result.measures.map((m) => el('th', { scope: 'col', title: result.measuresFull[m] }, m))));
  return el('table', { id: 'results' }, tableCaption(app, what), head, el('tbody', {}, body));
}

/** A copy of a rendered view without its controls, its canvases as images. */
function staticCopy(node) {
  const copy = node.cloneNode(true);
  const canvases = node.querySelectorAll('canvas');
  copy.querySelectorAll('canvas').forEach((c, i) => {
    let src = '';
    try { src = canvases[i].toDataURL('image/png'); } catch { /* a tainted canvas: left out */ }
    c.replaceWith(src ? Object.assign(document.createElement('img'), { src, alt: canvases[i].getAttribute('aria-label') || 'chart' }) : document.createTextNode(''));
  });
  copy.querySelectorAll('.needs-script').forEach((e) => e.remove()); // instructions that need the live page (views/util.js scriptOnly)
  copy.querySelectorAll('button, input, select, textarea, datalist, .exports, .sr-only-control, script').forEach((e) => {
    const label = e.closest('label');
    (label && copy.contains(label) && label.querySelector('input, select, textarea') === e ? label : e).remove();
  });
  copy.querySelectorAll('details').forEach((d) => d.setAttribute('open', ''));
  // Vega refers to its gradients and clips by the page's address (url(http://host/page#gradient_0)):
  // in the report they are the file's own (url(#gradient_0)).
  for (const e of copy.querySelectorAll('[fill^="url("], [stroke^="url("], [clip-path^="url("], [mask^="url("], [filter^="url("]'))
    for (const a of ['fill', 'stroke', 'clip-path', 'mask', 'filter'])
      if (e.hasAttribute(a)) e.setAttribute(a, e.getAttribute(a).replace(/^url\((['"]?)[^#)'"]*#/, 'url($1#'));
  return copy;
}

/** Renders `view` into a box out of sight (laid out, for charts sized to their container) and returns a static copy. */
async function renderedView(app, view) {
  const box = el('section', { class: 'report-render', 'aria-hidden': 'true', style: 'position:absolute;left:-20000px;top:0;width:1100px;visibility:hidden' });
  document.body.append(box);
  try {
    await view.render(box, app, () => true, { report: true }); // {report}: a view may leave out its own inputs
    const copy = staticCopy(box);
    for (const a of ['style', 'aria-hidden', 'class']) copy.removeAttribute(a); // in sight in the report
    return copy;
  } finally {
    box.remove();
  }
}

/** The page's style rules as text (the report carries them; it loads nothing). */
function pageStyles() {
  const out = [];
  for (const sheet of document.styleSheets) {
    try { for (const rule of sheet.cssRules) out.push(rule.cssText); } catch { /* not readable: left out */ }
  }
  return out.join('\n');
}

const REPORT_CSS = `
body{max-width:1200px;margin:1rem auto;padding:0 1rem;display:block}
.report-section{margin:1.5rem 0}
.report-view{border-top:1px solid #ccc;padding-top:.5rem}
.report-settings td,.report-settings th{text-align:left;padding:.1rem .6rem .1rem 0;vertical-align:top}
.report-settings code{word-break:break-all}
table#results td{text-align:right;padding:.2rem .5rem}
table#results th{text-align:left;padding:.2rem .5rem}
table#results td.best .mean{font-weight:bold}
.chart svg,.chart img{max-width:100%;height:auto}
.chart.scroll,.table-wrap{overflow:auto}
.report-all-settings{columns:16rem auto;font-size:.85rem}
.report-all-settings div{break-inside:avoid;display:flex;gap:.5rem}
.report-all-settings dt{font-weight:bold;min-width:7rem}
.report-all-settings dd{margin:0}
pre.provenance{white-space:pre-wrap;word-break:break-all;font-size:.8rem}
`;

/** The settings and inputs as a two-column table. */
function provenanceTable(prov, settings) {
  const rows = [
    ['irlens', prov.version],
    ['created', prov.created],
    ...prov.inputs.map((i) => [`${i.role} file`, el('span', {}, i.name, ` (${i.bytes} bytes), SHA-256 `, el('code', {}, i.sha256 || '–'))]),
    ...Object.entries(prov.measures).map(([m, full]) => [`measure ${m}`, el('code', {}, full)]),
  ];
  return [
    el('table', { class: 'report-settings', id: 'report-provenance' },
      el('caption', {}, 'Provenance: the inputs and measures of this analysis'),
      el('tbody', {}, rows.map(([k, v]) => el('tr', {}, el('th', { scope: 'row' }, k), el('td', {}, v))))),
    el('h3', {}, 'Every setting of the page (the link\'s hash; "(none)": not set)'),
    el('dl', { class: 'report-all-settings', id: 'report-settings' },
      Object.entries(settings).map(([k, v]) => el('div', {}, el('dt', {}, k), el('dd', {}, el('code', {}, v === '' ? '(none)' : String(v)))))),
  ];
}

/**
 * The report of the current analysis as the text of one HTML file. onProgress(what): the part
 * being made. Needs a result (the caller's button is disabled without one).
 */
export async function makeReport(app, { onProgress = () => {} } = {}) {
  const { result, settings } = app.state;
  if (!result) throw new Error('no result to report: load a qrels file and runs first');
  await app.intervalsReady(); // the table's intervals, computed after its means (app.js)
  // A view with inReport(app) (views/judgments.js, views/reproducibility.js) joins the report when it has results.
  const ids = [...REPORT_VIEWS, ...app.views.filter((v) => v.inReport && v.inReport(app)).map((v) => v.id)];
  const prov = { ...provenance(app, await app.fileHashes()), report: { format: REPORT_FORMAT, views: ['table', ...ids] } };
  const parts = [];
  for (const id of ids) {
    const view = app.views.find((v) => v.id === id);
    if (!view) continue;
    onProgress(view.label);
    parts.push(el('section', { class: 'report-section report-view', id: `report-view-${id}` }, el('h2', {}, view.label), await renderedView(app, view)));
  }
  const markers = app.tableAddons ? app.tableAddons.map((addon) => addon(app)).filter(Boolean).map(staticCopy) : [];
  const main = el('main', {},
    el('h1', {}, 'irlens report'),
    el('p', {}, `Evaluation of ${Object.keys(result.runs).length} runs on ${result.measures.length} measure(s), made with irlens ${prov.version} on ${prov.created}. `,
      'Every number below is as the page showed it; the provenance names the inputs by their SHA-256, so the analysis can be made again.'),
    el('section', { class: 'report-section', id: 'report-inputs' }, el('h2', {}, 'Inputs and settings'), ...provenanceTable(prov, settings)),
    el('section', { class: 'report-section', id: 'report-table' }, el('h2', {}, 'Table'), ...markers,
      el('div', { class: 'table-wrap' }, reportTable(app)),
      ...(result.warnings.length ? [el('details', { class: 'warnings', open: true }, el('summary', {}, `${result.warnings.length} warning(s)`), el('ul', {}, result.warnings.map((w) => el('li', {}, w))))] : [])),
    ...parts,
    el('section', { class: 'report-section' }, el('h2', {}, 'Provenance record (JSON)'), el('pre', { class: 'provenance', id: 'report-provenance-json' }, JSON.stringify(prov, null, 2))));
  const title = `irlens report: ${Object.keys(result.runs).length} runs, ${result.measures.join(', ')}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="generator" content="irlens ${esc(prov.version)}; report format ${REPORT_FORMAT}">
<title>${esc(title)}</title>
<style>${pageStyles().replace(/<\/style/gi, '<\\/style')}
${REPORT_CSS}</style>
</head>
<body>
${main.outerHTML}
</body>
</html>
`;
}

/**
 * The button that saves the report ("HTML report"): disabled while the report is made, the
 * progress bar says which part.
 */
export function reportButton(app) {
  const button = el('button', {
    type: 'button', class: 'small', 'data-export': 'report.html', title: 'the table, charts, statistics and provenance in one HTML file that reads offline, with no script',
    onclick: async () => {
      button.disabled = true;
      try {
        let html = '';
        await app.busy('Making the report', async (progress) => {
          let done = 0;
          html = await makeReport(app, { onProgress: (what) => progress(done++ / REPORT_VIEWS.length, what) });
        });
        if (html) download('irlens-report.html', html, 'text/html');
      } catch (e) {
        app.reportError(e);
        app.renderErrors();
      } finally {
        button.disabled = false;
      }
    },
  }, 'HTML report');
  return button;
}
