// Exports: the results table as CSV, JSON and LaTeX (booktabs); charts as SVG and PNG. Every export
// carries its provenance: irlens version, the canonical measure names with every default spelled
// out (measuresFull), input file names with their SHA-256 (side inputs included), the settings, and
// the seeds of the randomised procedures behind what is shown (app.seeds(): significance.js; views
// that draw random samples add theirs, e.g. analysis-exports.js). The table's interval
// (ci95_low, ci95_high) is the one it shows (table-intervals.js), named in the provenance's `interval`.
import { tableInterval, intervalRecord, intervalName } from './table-intervals.js';

/** Builds the provenance record of the current view. hashes: {fileName: sha256}. */
export function provenance(app, hashes) {
  const { state } = app;
  return {
    tool: 'irlens',
    version: state.version,
    created: new Date().toISOString(),
    measures: state.result ? state.result.measuresFull : {},
    missing: state.settings.missing,
    interval: state.result ? intervalRecord(app) : null, // the table's (table-intervals.js)
    baseline: state.settings.b || null,
    inputs: [state.qrels, ...state.runs.filter((r) => r.info && !r.excluded)]
      .filter(Boolean)
      .map((s) => ({ role: s === state.qrels ? 'qrels' : 'run', name: s.source.file || s.source.name, bytes: s.source.size, sha256: hashes[s.source.name] }))
      .concat(sideInputRecords(state)),
    seeds: app.seeds ? app.seeds() : {},
    view: location.hash,
  };
}

/** The loaded side inputs (side-inputs.js: groups, intents, document lengths, sessions) as provenance records. */
function sideInputRecords(state) {
  return Object.values(state.side || {}).map((s) => ({ role: s.role, name: s.name, bytes: s.bytes, sha256: s.sha256 }));
}

const fmt = (v, digits = 4) => (v === null || v === undefined || Number.isNaN(v) ? '' : v.toFixed(digits));

/** Rows of the table as plain data: [{run, tag, measure, mean, ciLow, ciHigh, diff, wins, ties, losses}]. */
export function tableRecords(app) {
  const { result } = app.state;
  const out = [];
  for (const [run, r] of Object.entries(result.runs)) {
    for (const m of result.measures) {
      const ci = tableInterval(app, run, m);
      const rec = { run, tag: r.tag, measure: m, mean: r.mean[m], ciLow: ci ? ci[0] : null, ciHigh: ci ? ci[1] : null };
      const cmp = app.compare(run, m);
      if (cmp) Object.assign(rec, { diff: cmp.diff, wins: cmp.wins, ties: cmp.ties, losses: cmp.losses });
      out.push(rec);
    }
  }
  return out;
}

/**
 * One CSV cell, for every CSV writer of the app (the table, the statistics and analysis views):
 * null is empty; a number is written as is (negative ones too); text that a spreadsheet would
 * take for a formula (it starts with =, +, -, @, a tab or a carriage return: a run name, tag,
 * topic or document id) gets a leading single quote (OWASP, CSV injection); a cell with a comma,
 * quote or line break is quoted (RFC 4180).
 */
export function csvCell(v) {
  let s = v === null || v === undefined ? '' : String(v);
  if (typeof v !== 'number' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCSV(app, prov) {
  const recs = tableRecords(app);
  const cols = ['run', 'tag', 'measure', 'mean', 'ci95_low', 'ci95_high'];
  const withBase = !!app.state.settings.b;
  if (withBase) cols.push('diff_to_baseline', 'wins', 'ties', 'losses');
  const markers = withBase && app.markers ? app.markers() : null; // significance.js: p-values and markers when shown
  if (markers) cols.push(...markers.columns);
  const lines = [`# provenance: ${JSON.stringify(prov)}`, cols.join(',')];
  for (const r of recs) {
    const row = [r.run, r.tag, r.measure, r.mean, r.ciLow, r.ciHigh];
    if (withBase) row.push(r.diff ?? '', r.wins ?? '', r.ties ?? '', r.losses ?? '');
    if (markers) row.push(...markers.cells(r.run, r.measure));
    lines.push(row.map(csvCell).join(','));
  }
  return lines.join('\n') + '\n';
}

export function toJSON(app, prov) {
  const { result } = app.state;
  const runs = {};
  for (const [run, r] of Object.entries(result.runs)) {
    const ci95 = Object.fromEntries(result.measures.map((m) => [m, tableInterval(app, run, m)]));
    runs[run] = { tag: r.tag, mean: r.mean, ci95, perTopic: r.perTopic };
    if (app.state.settings.b) {
      runs[run].baseline = Object.fromEntries(result.measures.map((m) => [m, app.compare(run, m)]));
    }
  }
  const markers = app.markers ? app.markers() : null; // significance vs the baseline (significance.js)
  return JSON.stringify({ provenance: prov, measures: result.measures, warnings: result.warnings, runs, significance: markers ? markers.doc : undefined }, null, 2) + '\n';
}

const TEX_SPECIAL = { '\\': '\\textbackslash{}', '&': '\\&', '%': '\\%', $: '\\$', '#': '\\#', _: '\\_', '{': '\\{', '}': '\\}', '~': '\\textasciitilde{}', '^': '\\textasciicircum{}' };
export const texEscape = (s) => String(s).replace(/[\\&%$#_{}~^]/g, (c) => TEX_SPECIAL[c]);

/** booktabs table: runs x measures, mean (best per column in bold) with its interval (the table's:
 *  t, its half-width; percentile, asymmetric, its bounds), and
 *  the significance markers vs the baseline when the table shows them. */
export function toLaTeX(app, prov) {
  const { result } = app.state;
  const markers = app.markers ? app.markers() : null;
  const runs = Object.keys(result.runs);
  const best = Object.fromEntries(result.measures.map((m) => [m, app.best(m)]));
  const t = intervalRecord(app).method === 't';
  const what = texEscape(intervalName(app));
  const lines = [
    `% provenance: ${JSON.stringify(prov)}`,
    `% interval: ${intervalName(app)}`,
    '% needs \\usepackage{booktabs}',
    '\\begin{table}',
    '\\centering',
    `\\begin{tabular}{l${'r'.repeat(result.measures.length)}}`,
    '\\toprule',
    `Run & ${result.measures.map(texEscape).join(' & ')} \\\\`,
    '\\midrule',
  ];
  for (const run of runs) {
    const cells = result.measures.map((m) => {
      const v = result.runs[run].mean[m];
      if (v === null) return '--';
      let s = fmt(v);
      if (best[m] !== null && v === best[m]) s = `\\textbf{${s}}`;
      const mark = markers ? markers.of(run, m) : '';
      if (mark) s += `$^{${mark}}$`;
      const ci = tableInterval(app, run, m);
      if (ci && t) s += ` {\\scriptsize $\\pm$${fmt((ci[1] - ci[0]) / 2, 3)}}`;
      else if (ci) s += ` {\\scriptsize [${fmt(ci[0], 3)}, ${fmt(ci[1], 3)}]}`;
      return s;
    });
    lines.push(`${texEscape(run)} & ${cells.join(' & ')} \\\\`);
  }
  lines.push('\\bottomrule', '\\end{tabular}');
  lines.push(`\\caption{Mean over topics with ${t ? `the half-width of the ${what}` : `its ${what}`}; best per column in bold.${markers ? ` ${texEscape(markers.legend)}` : ''} irlens ${texEscape(prov.version)}.}`);
  lines.push('\\end{table}', '');
  return lines.join('\n');
}

/** SVG text with the provenance in a <metadata> element. */
export function svgWithProvenance(svg, prov) {
  const json = JSON.stringify(prov).replace(/]]>/g, ']]]]><![CDATA[>');
  return svg.replace(/<svg([^>]*)>/, (m) => `${m}<metadata><![CDATA[${json}]]></metadata>`);
}

// PNG: a tEXt chunk "irlens-provenance" after IHDR (CRC-32 as in the PNG specification, ISO/IEC 15948 annex D).
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function pngWithProvenance(png, prov) {
  const keyword = 'irlens-provenance';
  // tEXt is Latin-1: escape everything outside ASCII.
  const text = JSON.stringify(prov).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const data = new Uint8Array(keyword.length + 1 + text.length);
  for (let i = 0; i < keyword.length; i++) data[i] = keyword.charCodeAt(i);
  for (let i = 0; i < text.length; i++) data[keyword.length + 1 + i] = text.charCodeAt(i);
  const chunk = new Uint8Array(12 + data.length);
  const dv = new DataView(chunk.buffer);
  dv.setUint32(0, data.length);
  chunk.set([0x74, 0x45, 0x58, 0x74], 4); // "tEXt"
  chunk.set(data, 8);
  dv.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  const ihdrEnd = 8 + 8 + 13 + 4; // signature, IHDR length+type, IHDR data, CRC
  const out = new Uint8Array(png.length + chunk.length);
  out.set(png.subarray(0, ihdrEnd), 0);
  out.set(chunk, ihdrEnd);
  out.set(png.subarray(ihdrEnd), ihdrEnd + chunk.length);
  return out;
}

/** Offers `data` (string or bytes) as a download named `name`. */
export function download(name, data, type) {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** Exports a Vega view as SVG or PNG with provenance. */
export async function exportChart(view, name, format, prov) {
  if (format === 'svg') {
    download(`${name}.svg`, svgWithProvenance(await view.toSVG(), prov), 'image/svg+xml');
  } else {
    const canvas = await view.toCanvas(2);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    const png = new Uint8Array(await blob.arrayBuffer());
    download(`${name}.png`, pngWithProvenance(png, prov), 'image/png');
  }
}
