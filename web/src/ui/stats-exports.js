// Exports of the statistics views: each table as CSV (its rows) and JSON (the JS API's document
// behind it, as `irlens compare|meta --format json` would print it); charts as SVG and PNG through
// ui/util.js' chartExports. All carry the provenance of exports.js plus the statistics' settings
// and seeds (withStatistics).
import { provenance, csvCell } from '../base/exports.js';
import { download } from './downloads.js';
import { el } from './util.js';

/**
 * Adds to a provenance record what a statistic was computed with: statistics = {name, ...settings,
 * seed?, B?}; the seed (randomised procedures only) also under seeds.
 */
export function withStatistics(statistics) {
  return (prov) => ({ ...prov, seeds: statistics.seed !== undefined ? { [statistics.name]: { seed: statistics.seed, B: statistics.B } } : {}, statistics });
}

/** CSV and JSON buttons for a table: data(format) -> {columns, rows, doc} or a promise of it ('csv' needs no doc). */
export function tableExports(app, name, data, statistics) {
  const decorate = withStatistics(statistics);
  const button = (ext, type, make) => el('button', {
    type: 'button',
    class: 'small',
    'data-export': `${name}.${ext}`,
    onclick: async () => download(`irlens-${name}.${ext}`, make(await data(ext), decorate(provenance(app, await app.fileHashes()))), type),
  }, ext.toUpperCase());
  const csv = ({ columns, rows }, prov) => [`# provenance: ${JSON.stringify(prov)}`, columns.join(','), ...rows.map((r) => r.map(csvCell).join(','))].join('\n') + '\n';
  const json = ({ doc }, prov) => JSON.stringify({ provenance: prov, ...doc }, null, 2) + '\n';
  return el('div', { class: 'exports', role: 'group', 'aria-label': `Export ${name}` }, 'Export: ', button('csv', 'text/csv', csv), ' ', button('json', 'application/json', json));
}
