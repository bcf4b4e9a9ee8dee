// Exports: the results table as CSV, JSON and LaTeX (booktabs longtable, and a compact variant), in
// the order shown (table-rows.js), with the team of each run when run groups are loaded; charts as SVG and PNG. Every export
// carries its provenance: irlens version, the canonical measure names with every default spelled
// out (measuresFull), input file names with their SHA-256 (side inputs included), the settings, and
// the seeds of the randomised procedures behind what is shown (app.seeds(): significance.js; views
// that draw random samples add theirs, e.g. analysis-exports.js). DOM-free: the downloads
// themselves (a file offered to the browser, a chart drawn to SVG or PNG) are ui/downloads.js. The table's interval
// (ci95_low, ci95_high) is the one it shows (table-intervals.js), named in the provenance's `interval`.
import { tableInterval, intervalRecord, intervalName, intervalsPending } from './table-intervals.js';
import { tableRows, sortOf, bestOfRows, BEST_RULE } from './table-rows.js';
import { teams } from './teams.js';
import { texEscape } from './tex-escape.js';

export { texEscape }; // tex-escape.js: the twin of the CLI's LaTeX escaping

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

/**
 * The version of the table's exports (CSV, JSON, LaTeX), in their provenance (`table.format`):
 * 2 (irlens 28): rows in the order shown (sort, leaderboard mode), a team column with run groups
 * loaded, a rank in leaderboard mode; LaTeX as a longtable, with a compact variant. 1: file order,
 * no team (docs/web-app.md, "Exports").
 */
export const TABLE_FORMAT = 2;

/**
 * A table export never goes out without the intervals the table shows: while the worker is still
 * computing them (table-intervals.js intervalsPending; the page waits for app.intervalsReady()
 * before it exports) this throws, saying so, rather than write them empty.
 */
function assertIntervals(app) {
  if (intervalsPending(app)) throw new Error("the table's intervals are still being computed: export once they are shown");
}

/**
 * The provenance of a table export: what the rows are (order, teams, leaderboard) beside the rest,
 * and with significance markers shown, the test and correction behind them (`markers`: the CSV's
 * p, p_adjusted and marker columns name no test otherwise).
 */
function tableProvenance(app, prov, shown) {
  const t = teams(app);
  const { col, dir } = sortOf(app);
  const markers = app.markers ? app.markers() : null;
  return {
    ...prov,
    ...(markers ? { markers: { baseline: markers.doc.baseline, test: markers.doc.test, correction: markers.doc.correction } } : {}),
    table: {
      format: TABLE_FORMAT,
      order: col ? `${col}:${dir}` : 'as loaded',
      groups: t ? t.file : null,
      leaderboard: shown.leaderboard ? { measure: shown.leaderboard.measure, direction: shown.leaderboard.direction, teams: shown.leaderboard.teams } : null,
    },
  };
}

/**
 * Rows of the table as plain data, in the order shown (table-rows.js): [{run, team, rank, tag,
 * measure, mean, ciLow, ciHigh, diff, wins, ties, losses}].
 */
export function tableRecords(app, shown = tableRows(app)) {
  const { result } = app.state;
  const out = [];
  for (const { run, team, rank } of shown.rows) {
    const r = result.runs[run];
    for (const m of result.measures) {
      const ci = tableInterval(app, run, m);
      const rec = { run, team, rank, tag: r.tag, measure: m, mean: r.mean[m], ciLow: ci ? ci[0] : null, ciHigh: ci ? ci[1] : null };
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
 * topic or document id), also after single quotes of its own ("'=x" -> "''=x", so that irlens' --scores
 * reader, which takes one quote off, gives the name back), gets a leading single quote (OWASP, CSV
 * injection); a cell with a comma,
 * quote or line break is quoted (RFC 4180).
 */
export function csvCell(v) {
  let s = v === null || v === undefined ? '' : String(v);
  if (typeof v !== 'number' && /^'*[=+\-@\t\r]/.test(s)) s = `'${s}`; // as text::csv_text: also after leading 's
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV: one line per (run, measure), runs in the order shown; `rank` (leaderboard mode) and `team` (groups loaded) columns. */
export function toCSV(app, prov) {
  assertIntervals(app);
  const shown = tableRows(app);
  const recs = tableRecords(app, shown);
  const withTeam = !!teams(app);
  const cols = [...(shown.leaderboard ? ['rank'] : []), 'run', ...(withTeam ? ['team'] : []), 'tag', 'measure', 'mean', 'ci95_low', 'ci95_high'];
  const withBase = !!app.state.settings.b;
  if (withBase) cols.push('diff_to_baseline', 'wins', 'ties', 'losses');
  const markers = withBase && app.markers ? app.markers() : null; // significance.js: p-values and markers when shown
  if (markers) cols.push(...markers.columns);
  const lines = [`# provenance: ${JSON.stringify(tableProvenance(app, prov, shown))}`, cols.join(',')];
  for (const r of recs) {
    const row = [...(shown.leaderboard ? [r.rank] : []), r.run, ...(withTeam ? [r.team] : []), r.tag, r.measure, r.mean, r.ciLow, r.ciHigh];
    if (withBase) row.push(r.diff ?? '', r.wins ?? '', r.ties ?? '', r.losses ?? '');
    if (markers) row.push(...markers.cells(r.run, r.measure));
    lines.push(row.map(csvCell).join(','));
  }
  return lines.join('\n') + '\n';
}

/** JSON: `order` lists the runs as shown; each run has its team (null: none or no groups) and, in leaderboard mode, its rank. */
export function toJSON(app, prov) {
  assertIntervals(app);
  const { result } = app.state;
  const shown = tableRows(app);
  const runs = {};
  for (const { run, team, rank } of shown.rows) {
    const r = result.runs[run];
    const ci95 = Object.fromEntries(result.measures.map((m) => [m, tableInterval(app, run, m)]));
    runs[run] = { tag: r.tag, team, ...(shown.leaderboard ? { rank } : {}), mean: r.mean, ci95, perTopic: r.perTopic };
    if (app.state.settings.b) {
      runs[run].baseline = Object.fromEntries(result.measures.map((m) => [m, app.compare(run, m)]));
    }
  }
  const markers = app.markers ? app.markers() : null; // significance vs the baseline (significance.js)
  return JSON.stringify({ provenance: tableProvenance(app, prov, shown), measures: result.measures, warnings: result.warnings, order: shown.rows.map((r) => r.run), runs, significance: markers ? markers.doc : undefined }, null, 2) + '\n';
}

/**
 * The table as LaTeX: a booktabs `longtable` (it breaks across pages, its header repeated; the
 * caption on top), runs in the order shown, an optional rank (leaderboard mode) and team (groups
 * loaded) column, each mean (the best per column among the rows shown in bold, the significance markers vs the baseline
 * when the table shows them), the baseline's row in italics; in \scriptsize with narrow column
 * gaps. Run and team names sit in boxes of a fixed share of the line width, broken after `_`, `.`,
 * `-`, `/` and inside camelCase where they are longer. Full: the interval of each mean (t:
 * ±half-width; percentile: low--high, as the page shows it) on a second line in \tiny. Compact:
 * means and markers only, and a run's name on one line, never broken (its column as wide as the
 * widest name). Aligned in one pdflatex pass: longtable sets its header before any row and takes
 * the rows' widths from the .aux of an earlier pass, so each header cell is stacked (\ooalign)
 * over a phantom of its column's widest content (headPhantoms); the second pass changes nothing
 * (tests/web/latex-export.test.mjs compares the two PDFs). Both fit the text width
 * of an article (345 pt) with 5 measures and markers, 6 without (tests/web/organiser.test.mjs
 * compiles 143 runs x 5 measures); more measures make a wider table. Needs
 * \usepackage{booktabs,longtable}.
 */
function latexTable(app, prov, { compact }) {
  assertIntervals(app);
  const { result } = app.state;
  const shown = tableRows(app);
  const markers = app.markers ? app.markers() : null;
  const withTeam = !!teams(app);
  const base = app.state.settings.b;
  const best = bestOfRows(app, shown);
  const t = intervalRecord(app).method === 't';
  const what = texEscape(intervalName(app));
  const lead = [...(shown.leaderboard ? ['\\#'] : []), 'Run', ...(withTeam ? ['Team'] : [])];
  const breakable = (text) => texEscape(text).replace(/(\\char95\}|[./-])/g, '$1\\allowbreak{}').replace(/([a-z])(?=[A-Z])/g, '$1\\allowbreak{}');
  const box = (share, text, style = '') => `\\parbox[t]{${share}\\linewidth}{\\raggedright${style} ${breakable(text)}}`;
  // Compact: the name in one piece (\\mbox: no break at _ . - or camelCase).
  const whole = (text, style = '') => (style ? `{${style} \\mbox{${texEscape(text)}}}` : `\\mbox{${texEscape(text)}}`);
  // With markers or a rank column the measures take more room: narrower gaps between columns and a
  // slightly narrower run box (full; its name's pieces still fit), smaller type (compact, whose run
  // names are not broken), so that 5 measures still fit an article's 345 pt (the 55-team
  // leaderboard of covid-r1 with markers was 12 pt too wide: tests/web/organiser.test.mjs).
  const tight = !!markers || !!shown.leaderboard;
  const runShare = withTeam ? (tight ? '0.155' : '0.165') : '0.3';
  const teamShare = compact && markers ? '0.13' : '0.15'; // in \tiny a team's name takes 5/7 of the room
  const ncol = lead.length + result.measures.length;
  const means = (run, m) => {
    const v = result.runs[run].mean[m];
    if (v === null) return '--';
    let s = fmt(v);
    if (best[m] !== null && v === best[m]) s = `\\textbf{${s}}`;
    const mark = markers ? markers.of(run, m) : '';
    if (mark) s += `$^{${mark}}$`;
    return s;
  };
  const interval = (run, m) => {
    const ci = tableInterval(app, run, m);
    if (!ci) return '';
    return t ? `{\\tiny $\\pm$${fmt((ci[1] - ci[0]) / 2, 3)}}` : `{\\tiny ${fmt(ci[0], 3)}--${fmt(ci[1], 3)}}`;
  };
  const runs = shown.rows.map((r) => r.run);
  const widest = (texts) => texts.reduce((a, b) => (b.length > a.length ? b : a), '');
  // Each column's widest content, as TeX material of no height: the header cells stand on it.
  const phantoms = [
    ...(shown.leaderboard ? [`\\hphantom{${widest(shown.rows.map((r) => String(r.rank)))}}`] : []),
    compact ? '\\irlensRunNames' : `\\hspace*{${runShare}\\linewidth}`,
    ...(withTeam ? [`\\hspace*{${teamShare}\\linewidth}`] : []),
    ...result.measures.map((m) => {
      // digits are equally wide in Computer Modern: the longest text in bold (the widest a cell gets) and the longest marker
      const mean = widest(runs.map((r) => fmt(result.runs[r].mean[m]) || '--'));
      const mark = markers ? widest(runs.map((r) => markers.of(r, m) || '')) : '';
      const ci = compact ? '' : widest(runs.map((r) => interval(r, m)));
      return `\\hphantom{\\textbf{${mean}}${mark ? `$^{${mark}}$` : ''}}${ci ? `\\cr\\hphantom{${ci}}` : ''}`;
    }),
  ];
  const stacked = (label, i) => (i < lead.length ? `\\ooalign{${label}\\hfil\\cr${phantoms[i]}\\cr}` : `\\ooalign{\\hfil ${label}\\cr${phantoms[i]}\\cr}`);
  const header = `${[...lead, ...result.measures.map(texEscape)].map(stacked).join(' & ')} \\\\`;
  const caption = [
    compact ? 'Mean over topics' : `Mean over topics with ${t ? `the half-width of the ${what}` : `its ${what}`}; each under its mean`,
    `; ${BEST_RULE}.`,
    shown.leaderboard ? ` The best run of each team by mean ${texEscape(shown.leaderboard.measure)}, ranked (\\#).` : '',
    base && result.runs[base] ? ` The baseline, ${texEscape(base)}, in italics.` : '',
    markers ? ` ${texEscape(markers.legend)}` : '',
    ` irlens ${texEscape(prov.version)}.`,
  ].join('');
  const lines = [
    `% provenance: ${JSON.stringify(tableProvenance(app, prov, shown))}`,
    `% interval: ${intervalName(app)}`,
    '% needs \\usepackage{booktabs,longtable}',
    '\\begingroup',
    `${compact && markers ? '\\tiny' : '\\scriptsize'}\\setlength{\\tabcolsep}{${tight ? 1 : 2}pt}`,
    // The compact run column's width: its widest name (a phantom column of every name, in the headers).
    ...(compact ? [`\\def\\irlensRunNames{\\hphantom{\\begin{tabular}{@{}l@{}}${runs.map((r) => whole(r, r === base ? '\\itshape' : '')).join('\\\\')}\\end{tabular}}}`] : []),
    `\\begin{longtable}{@{}${'l'.repeat(lead.length)}${'r'.repeat(result.measures.length)}@{}}`,
    `\\caption{${caption}}\\\\`,
    '\\toprule', header, '\\midrule', '\\endfirsthead',
    `\\multicolumn{${ncol}}{@{}l}{\\emph{(continued)}}\\\\`, '\\toprule', header, '\\midrule', '\\endhead',
    '\\midrule', `\\multicolumn{${ncol}}{r@{}}{\\emph{(continued on the next page)}}\\\\`, '\\endfoot',
    '\\bottomrule', '\\endlastfoot',
  ];
  for (const { run, team, rank } of shown.rows) {
    const name = compact ? whole(run, run === base ? '\\itshape' : '') : box(runShare, run, run === base ? '\\itshape' : '');
    const left = [...(shown.leaderboard ? [String(rank)] : []), name, ...(withTeam ? [team === null ? '--' : box(teamShare, team)] : [])];
    lines.push(`${[...left, ...result.measures.map((m) => means(run, m))].join(' & ')} \\\\`);
    if (compact) continue;
    const intervals = result.measures.map((m) => interval(run, m));
    if (intervals.some(Boolean)) lines.push(`${left.map(() => '').join(' & ')} & ${intervals.join(' & ')} \\\\[2pt]`);
  }
  lines.push('\\end{longtable}', '\\endgroup', '');
  return lines.join('\n');
}

/** The LaTeX table with every mean's interval (latexTable). */
export const toLaTeX = (app, prov) => latexTable(app, prov, { compact: false });
/** The LaTeX table of the means and markers alone, to fit a page's width (latexTable). */
export const toLaTeXCompact = (app, prov) => latexTable(app, prov, { compact: true });

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
