// Exports of the analysis views (relative, rareness, subtopic coverage): a table as CSV or JSON, a
// chart as SVG or PNG (exports.js) or its data as CSV or JSON. Each carries the provenance of
// exports.js plus `analysis` (what was computed, with its settings) and `seeds` (Algorithm 1's).
import { provenance, csvCell } from '../base/exports.js';
import { download, exportChart } from './downloads.js';
import { el } from './util.js';

/** The provenance record of an analysis: {..., analysis, seeds}. */
export async function analysisProvenance(app, analysis, seeds = {}) {
  return { ...provenance(app, await app.fileHashes()), analysis, seeds };
}

/** CSV of {columns, rows: [{column: value}]}: a provenance comment line, the header, the rows (full precision). */
export function tableCSV({ columns, rows }, prov) {
  const lines = [`# provenance: ${JSON.stringify(prov)}`, columns.map(csvCell).join(',')];
  for (const r of rows) lines.push(columns.map((c) => csvCell(r[c])).join(','));
  return lines.join('\n') + '\n';
}

/** JSON of a table object (the JS API's shape) with its provenance first. */
export function tableJSON(table, prov) {
  return JSON.stringify({ provenance: prov, ...table }, null, 2) + '\n';
}

/**
 * CSV and JSON buttons for a table: get() returns {table: {columns, rows, ...}, analysis, seeds}
 * (or null while there is nothing to export). name: the file name and the buttons' data-export.
 */
export function tableExports(app, name, get) {
  const button = (label, ext, type, make) => el('button', {
    type: 'button', class: 'small', 'data-export': `${name}.${ext}`,
    onclick: async () => {
      const what = get();
      if (!what) return;
      download(`irlens-${name}.${ext}`, make(what.table, await analysisProvenance(app, what.analysis, what.seeds)), type);
    },
  }, label);
  return el('div', { class: 'exports', role: 'group', 'aria-label': `Export ${name}` }, 'Export: ',
    button('CSV', 'csv', 'text/csv', tableCSV), ' ', button('JSON', 'json', 'application/json', tableJSON));
}

/**
 * SVG / PNG of a chart and CSV / JSON of its data: getView() returns the Vega view, get() as
 * for tableExports (the chart's data as a table).
 */
export function chartDataExports(app, name, getView, get) {
  const image = (format) => el('button', {
    type: 'button', class: 'small', 'data-export': `${name}.${format}`,
    onclick: async () => {
      const what = get();
      const view = getView();
      if (!what || !view) return;
      exportChart(view, name, format, await analysisProvenance(app, what.analysis, what.seeds));
    },
  }, format.toUpperCase());
  const data = tableExports(app, name, get);
  data.firstChild.after(image('svg'), ' ', image('png'), ' '); // after "Export: ", as every export row reads
  return data;
}
