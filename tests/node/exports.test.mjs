// The results table's exports (web/src/base/exports.js): CSV, JSON and LaTeX in the order shown,
// with teams, ranks, intervals, the baseline's columns and markers, and their provenance; the
// provenance carried by SVG and PNG charts. The page's buttons: tests/web/exports.test.mjs; LaTeX
// compiled with pdflatex: tests/web/latex-export.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crc32 } from 'node:zlib';
import {
  provenance, tableRecords, csvCell, toCSV, toJSON, toLaTeX, toLaTeXCompact, svgWithProvenance, pngWithProvenance, TABLE_FORMAT, texEscape,
} from '../../web/src/base/exports.js';
import { tableApp } from './table-app.mjs';

globalThis.location = { hash: '#v=table' }; // provenance's `view`: the page's hash

// Two runs loaded as bm25_x, qlm; AP: 0.25 and 0.5 (qlm best), ERR: bm25_x undefined, qlm 0.125.
const means = { bm25_x: { AP: 0.25, ERR: null }, qlm: { AP: 0.5, ERR: 0.125 } };
const percentile95 = { bm25_x: { AP: [0.1, 0.4] }, qlm: { AP: null } };
const ci95 = { bm25_x: { AP: [-0.05, 0.55] }, qlm: { AP: [0.3, 0.7] } };
const prov = { version: '1.2' };
const json = (line) => JSON.parse(line.replace(/^[#%] provenance: /, ''));

test('provenance: version, measures in full, the interval, inputs with their hashes, seeds and the view', () => {
  const app = tableApp({ means, settings: { b: 'qlm', missing: 'skip' } });
  app.state.runs.push({ info: {}, excluded: true, source: { name: 'x.txt', size: 1 } }, { info: null, source: { name: 'y.txt', size: 1 } });
  app.state.runs[0].source.file = 'dir/bm25_x.txt';
  const p = provenance(app, { 'q.txt': 'h0', 'bm25_x.txt': 'h1', 'qlm.txt': 'h2' });
  assert.match(p.created, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  delete p.created;
  assert.deepEqual(p, {
    tool: 'irlens', version: '9.9.9', measures: { AP: 'AP(full)', ERR: 'ERR(full)' }, missing: 'skip',
    interval: { method: 'percentile', confidence: 0.95, B: 1000, seed: '1' }, baseline: 'qlm',
    inputs: [
      { role: 'qrels', name: 'q.txt', bytes: 3, sha256: 'h0' },
      { role: 'run', name: 'dir/bm25_x.txt', bytes: 7, sha256: 'h1' }, // the file's path when known
      { role: 'run', name: 'qlm.txt', bytes: 7, sha256: 'h2' },
    ],
    seeds: { bootstrap: 1 }, view: '#v=table',
  });
  // before a result, without a qrels, baseline or seeds: empty, never invented
  const bare = { state: { settings: { missing: 'zero', b: '' }, version: '1', result: null, runs: [], qrels: null } };
  const q = provenance(bare, {});
  assert.deepEqual([q.measures, q.interval, q.baseline, q.inputs, q.seeds], [{}, null, null, [], {}]);
  // side inputs (run groups) follow the runs
  assert.deepEqual(provenance(tableApp({ means, groups: { qlm: 'T' } }), {}).inputs.at(-1), { role: 'groups', name: 'groups.tsv', bytes: 10, sha256: 'g' });
});

test('a CSV cell: empty for null, numbers as they are, formulas defused, RFC 4180 quoting', () => {
  assert.deepEqual([null, undefined, 0, -0.5, 1e-7].map(csvCell), ['', '', '0', '-0.5', '1e-7']);
  assert.deepEqual(['=1+2', '+x', '-x', '@x', '\tx', "'=x", "''+x", "a=b", "'x"].map(csvCell), ["'=1+2", "'+x", "'-x", "'@x", "'\tx", "''=x", "'''+x", 'a=b', "'x"]);
  assert.equal(csvCell('\rx'), `"'\rx"`); // defused and quoted (a line break)
  assert.deepEqual(['a,b', 'say "hi"', 'a\nb', 'plain'].map(csvCell), ['"a,b"', '"say ""hi"""', '"a\nb"', 'plain']);
  assert.equal(texEscape('a_b'), 'a{\\fontencoding{OT1}\\ttfamily\\char95}b'); // re-exported from tex-escape.js
});

test('CSV: one line per (run, measure) in the order shown, undefined means and intervals empty', () => {
  const app = tableApp({ means, percentile95, settings: { sort: 'AP:desc' } });
  const lines = toCSV(app, prov).split('\n');
  assert.deepEqual(json(lines[0]), { version: '1.2', table: { format: TABLE_FORMAT, order: 'AP:desc', groups: null, leaderboard: null } });
  assert.equal(TABLE_FORMAT, 2);
  assert.deepEqual(lines.slice(1), [
    'run,tag,measure,mean,ci95_low,ci95_high',
    'qlm,qlm-tag,AP,0.5,,',
    'qlm,qlm-tag,ERR,0.125,,',
    'bm25_x,bm25_x-tag,AP,0.25,0.1,0.4',
    'bm25_x,bm25_x-tag,ERR,,,',
    '',
  ]);
  // tci=t: the core's t interval instead
  assert.equal(toCSV(tableApp({ means, ci95, settings: { tci: 't' } }), prov).split('\n')[2], 'bm25_x,bm25_x-tag,AP,0.25,-0.05,0.55');
});

test('CSV: rank and team columns in leaderboard mode, the baseline columns and the markers', () => {
  const compare = (run, m) => (m === 'AP' ? { diff: run === 'qlm' ? 0 : -0.25, wins: 1, ties: 2, losses: 3 } : null);
  const markers = { doc: { baseline: 'qlm', test: 't', correction: 'holm' }, columns: ['p', 'marker'], cells: (run, m) => [`p-${run}`, `${m}*`] };
  const app = tableApp({ means, groups: { bm25_x: 'T1', qlm: 'T2' }, settings: { lb: '1', b: 'qlm' }, compare, markers });
  const lines = toCSV(app, prov).split('\n');
  assert.deepEqual(json(lines[0]), {
    version: '1.2', markers: { baseline: 'qlm', test: 't', correction: 'holm' },
    table: { format: 2, order: 'as loaded', groups: 'groups.tsv', leaderboard: { measure: 'AP', direction: 'higher', teams: 2 } },
  });
  assert.deepEqual(lines.slice(1, -1), [
    'rank,run,team,tag,measure,mean,ci95_low,ci95_high,diff_to_baseline,wins,ties,losses,p,marker',
    '1,qlm,T2,qlm-tag,AP,0.5,,,0,1,2,3,p-qlm,AP*',
    '1,qlm,T2,qlm-tag,ERR,0.125,,,,,,,p-qlm,ERR*',
    '2,bm25_x,T1,bm25_x-tag,AP,0.25,,,-0.25,1,2,3,p-bm25_x,AP*',
    '2,bm25_x,T1,bm25_x-tag,ERR,,,,,,,,p-bm25_x,ERR*',
  ]);
  // markers without a baseline are not written (there is nothing they compare with)
  assert.equal(toCSV(tableApp({ means, markers }), prov).split('\n')[1], 'run,tag,measure,mean,ci95_low,ci95_high');
  // a run name that looks like a formula is defused
  assert.equal(toCSV(tableApp({ means: { '=cmd': { AP: 1 } } }), prov).split('\n')[2], "'=cmd,'=cmd-tag,AP,1,,");
  // the records behind it: diff, wins, ties, losses only where the baseline compares
  const recs = tableRecords(app);
  assert.deepEqual(recs[1], { run: 'qlm', team: 'T2', rank: 1, tag: 'qlm-tag', measure: 'ERR', mean: 0.125, ciLow: null, ciHigh: null });
  assert.deepEqual(recs[2], { run: 'bm25_x', team: 'T1', rank: 2, tag: 'bm25_x-tag', measure: 'AP', mean: 0.25, ciLow: null, ciHigh: null, diff: -0.25, wins: 1, ties: 2, losses: 3 });
});

test('JSON: the runs in the order shown with team, rank, intervals, the baseline rows and significance', () => {
  const app = tableApp({ means, percentile95, settings: { sort: 'run:desc' } });
  const doc = JSON.parse(toJSON(app, prov));
  assert.deepEqual(doc.provenance, { version: '1.2', table: { format: 2, order: 'run:desc', groups: null, leaderboard: null } });
  assert.deepEqual(doc.measures, ['AP', 'ERR']);
  assert.deepEqual(doc.warnings, []);
  assert.deepEqual(doc.order, ['qlm', 'bm25_x']);
  assert.deepEqual(Object.keys(doc.runs), ['qlm', 'bm25_x']);
  assert.deepEqual(doc.runs.bm25_x, { tag: 'bm25_x-tag', team: null, mean: { AP: 0.25, ERR: null }, ci95: { AP: [0.1, 0.4], ERR: null }, perTopic: { 1: { AP: 0.25, ERR: null } } });
  assert.equal('significance' in doc, false);
  assert.ok(toJSON(app, prov).endsWith('}\n'));
  const markers = { doc: { baseline: 'qlm', test: 'sign', correction: 'none', measures: [] } };
  const lb = JSON.parse(toJSON(tableApp({ means, groups: { bm25_x: 'T1', qlm: 'T1' }, settings: { lb: '1', b: 'qlm' }, compare: (r, m) => `${r}/${m}`, markers }), prov));
  assert.deepEqual(lb.order, ['qlm']);
  assert.deepEqual([lb.runs.qlm.team, lb.runs.qlm.rank, lb.runs.qlm.baseline], ['T1', 1, { AP: 'qlm/AP', ERR: 'qlm/ERR' }]);
  assert.deepEqual(lb.significance, markers.doc);
  assert.deepEqual(lb.provenance.table.leaderboard, { measure: 'AP', direction: 'higher', teams: 1 });
});

test('LaTeX (full): a longtable, runs in boxes broken after _, the best in bold, the interval under each mean', () => {
  const app = tableApp({ means, percentile95 });
  // the widest mean of each column is the header's phantom; "--": an undefined mean; qlm best on both
  assert.equal(toLaTeX(app, prov), `% provenance: {"version":"1.2","table":{"format":2,"order":"as loaded","groups":null,"leaderboard":null}}
% interval: 95% bootstrap percentile interval (B = 1,000, seed 1)
% needs \\usepackage{booktabs,longtable}
\\begingroup
\\scriptsize\\setlength{\\tabcolsep}{2pt}
\\begin{longtable}{@{}lrr@{}}
\\caption{Mean over topics with its 95\\% bootstrap percentile interval (B = 1,000, seed 1); each under its mean; best per column among the rows shown in bold. irlens 1.2.}\\\\
\\toprule
\\ooalign{Run\\hfil\\cr\\hspace*{0.3\\linewidth}\\cr} & \\ooalign{\\hfil AP\\cr\\hphantom{\\textbf{0.2500}}\\cr\\hphantom{{\\tiny 0.100--0.400}}\\cr} & \\ooalign{\\hfil ERR\\cr\\hphantom{\\textbf{0.1250}}\\cr} \\\\
\\midrule
\\endfirsthead
\\multicolumn{3}{@{}l}{\\emph{(continued)}}\\\\
\\toprule
\\ooalign{Run\\hfil\\cr\\hspace*{0.3\\linewidth}\\cr} & \\ooalign{\\hfil AP\\cr\\hphantom{\\textbf{0.2500}}\\cr\\hphantom{{\\tiny 0.100--0.400}}\\cr} & \\ooalign{\\hfil ERR\\cr\\hphantom{\\textbf{0.1250}}\\cr} \\\\
\\midrule
\\endhead
\\midrule
\\multicolumn{3}{r@{}}{\\emph{(continued on the next page)}}\\\\
\\endfoot
\\bottomrule
\\endlastfoot
\\parbox[t]{0.3\\linewidth}{\\raggedright bm25{\\fontencoding{OT1}\\ttfamily\\char95}\\allowbreak{}x} & 0.2500 & -- \\\\
 & {\\tiny 0.100--0.400} &  \\\\[2pt]
\\parbox[t]{0.3\\linewidth}{\\raggedright qlm} & \\textbf{0.5000} & \\textbf{0.1250} \\\\
\\end{longtable}
\\endgroup
`);
});

test('LaTeX (full): t half-widths, rank and team columns, the baseline in italics, markers, long names broken', () => {
  // t: half-width of [-0.05, 0.55] = 0.300, of [0.3, 0.7] = 0.200
  const markers = { doc: { baseline: 'bm25_x' }, legend: 'Stars: p.', of: (run, m) => (run === 'bm25_x' && m === 'AP' ? '*-' : '') };
  const app = tableApp({
    means: { ...means, 'noTeam.run/x-y': { AP: 0.5, ERR: 0.5 } }, ci95, groups: { bm25_x: 'Team_A', qlm: 'B' },
    settings: { tci: 't', b: 'bm25_x' }, markers,
  });
  const tex = toLaTeX(app, prov);
  assert.match(tex, /\\caption\{Mean over topics with the half-width of the 95\\% t confidence interval; each under its mean; best per column among the rows shown in bold\. The baseline, bm25\{\\fontencoding\{OT1\}\\ttfamily\\char95\}x, in italics\. Stars: p\. irlens 1\.2\.\}/);
  assert.ok(tex.includes('\\scriptsize\\setlength{\\tabcolsep}{1pt}'), 'markers: narrower gaps');
  assert.ok(tex.includes('\\begin{longtable}{@{}llrr@{}}'));
  assert.ok(tex.includes('\\ooalign{Run\\hfil\\cr\\hspace*{0.155\\linewidth}\\cr} & \\ooalign{Team\\hfil\\cr\\hspace*{0.15\\linewidth}\\cr} & '), 'the header of the run and team columns');
  assert.ok(tex.includes('\\multicolumn{4}{@{}l}'));
  // the baseline in italics, a box of 0.155 of the line (tight, with teams); the team in a 0.15 box; the marker
  assert.ok(tex.includes('\\parbox[t]{0.155\\linewidth}{\\raggedright\\itshape bm25{\\fontencoding{OT1}\\ttfamily\\char95}\\allowbreak{}x} & \\parbox[t]{0.15\\linewidth}{\\raggedright Team{\\fontencoding{OT1}\\ttfamily\\char95}\\allowbreak{}A} & 0.2500$^{*-}$ & -- \\\\'), tex);
  assert.ok(tex.includes(' &  & {\\tiny $\\pm$0.300} &  \\\\[2pt]'));
  assert.ok(tex.includes(' &  & {\\tiny $\\pm$0.200} &  \\\\[2pt]'));
  // a run without a team: "--"; its name broken after . / - and inside camelCase; ties for best both bold
  assert.ok(tex.includes('\\parbox[t]{0.155\\linewidth}{\\raggedright no\\allowbreak{}Team.\\allowbreak{}run/\\allowbreak{}x-\\allowbreak{}y} & -- & \\textbf{0.5000} & \\textbf{0.5000} \\\\'), tex);
  assert.ok(tex.includes('\\hphantom{\\textbf{0.2500}$^{*-}$}\\cr\\hphantom{{\\tiny $\\pm$0.300}}'), 'the header stands on the widest mean, marker and interval');
  // without markers, with teams: 0.165 and 2 pt
  const plain = toLaTeX(tableApp({ means, groups: { qlm: 'B' } }), prov);
  assert.ok(plain.includes('\\parbox[t]{0.165\\linewidth}') && plain.includes('{\\tabcolsep}{2pt}'));
});

test('LaTeX: the leaderboard ranked with #, compact names never broken, \\tiny with markers', () => {
  const app = tableApp({ means, groups: { bm25_x: 'T1', qlm: 'T2' }, settings: { lb: '1', sort: 'AP:asc' } });
  const tex = toLaTeX(app, prov);
  assert.ok(tex.includes('The best run of each team by mean AP, ranked (\\#).'));
  assert.ok(tex.includes('\\ooalign{\\#\\hfil\\cr\\hphantom{2}\\cr}'), 'the rank column stands on its widest rank');
  assert.ok(tex.includes('{\\tabcolsep}{1pt}'), 'a rank column: narrower gaps');
  // sorted ascending: bm25_x (rank 2) first
  assert.ok(tex.indexOf('2 & \\parbox[t]{0.155\\linewidth}{\\raggedright bm25') < tex.indexOf('1 & \\parbox[t]{0.155\\linewidth}{\\raggedright qlm'));
  const markers = { doc: { baseline: 'base' }, legend: 'L', of: () => '**+' };
  const compact = toLaTeXCompact(tableApp({
    means: { aB_c: { AP: 0.5, ERR: null }, base: { AP: null, ERR: null } }, groups: { aB_c: 'T' }, settings: { b: 'base' }, markers, percentile95: { aB_c: { AP: [0.1, 0.9] } },
  }), prov);
  // the header: the run column stands on every name, each mean on its widest (no interval); a column without a mean on "--"
  assert.ok(compact.includes('\\ooalign{Run\\hfil\\cr\\irlensRunNames\\cr} & \\ooalign{Team\\hfil\\cr\\hspace*{0.13\\linewidth}\\cr} & \\ooalign{\\hfil AP\\cr\\hphantom{\\textbf{0.5000}$^{**+}$}\\cr} & \\ooalign{\\hfil ERR\\cr\\hphantom{\\textbf{--}$^{**+}$}\\cr} \\\\'), compact);
  assert.ok(compact.includes('\\tiny\\setlength{\\tabcolsep}{1pt}'), compact);
  assert.ok(compact.includes('\\caption{Mean over topics; best per column among the rows shown in bold. The baseline, base, in italics. L irlens 1.2.}'));
  assert.ok(compact.includes('\\def\\irlensRunNames{\\hphantom{\\begin{tabular}{@{}l@{}}\\mbox{aB{\\fontencoding{OT1}\\ttfamily\\char95}c}\\\\{\\itshape \\mbox{base}}\\end{tabular}}}'));
  assert.ok(compact.includes('\\mbox{aB{\\fontencoding{OT1}\\ttfamily\\char95}c} & \\parbox[t]{0.13\\linewidth}{\\raggedright T} & \\textbf{0.5000}$^{**+}$ & -- \\\\'), compact);
  assert.ok(compact.includes('{\\itshape \\mbox{base}} & -- & -- & -- \\\\'), 'an undefined mean: "--" and no marker');
  assert.ok(!compact.includes('\\\\[2pt]') && !compact.includes('0.100'), 'no interval lines, though there is an interval');
  // a baseline that is not a loaded run is not said
  assert.ok(!toLaTeXCompact(tableApp({ means, settings: { b: 'gone' } }), prov).includes('The baseline'));
});

test('SVG and PNG carry the provenance: a <metadata> element, a tEXt chunk after IHDR', () => {
  assert.equal(svgWithProvenance('<?xml?><svg a="1"><g/></svg>', { x: 'a]]>b' }), '<?xml?><svg a="1"><metadata><![CDATA[{"x":"a]]]]><![CDATA[>b"}]]></metadata><g/></svg>');
  // a PNG: signature (8), IHDR (4 length + 4 type + 13 data + 4 CRC = 25), IEND (12)
  const png = new Uint8Array(8 + 25 + 12).map((_, i) => i % 251);
  const out = pngWithProvenance(png, { n: 'é' });
  const text = 'irlens-provenance\0{"n":"\\u00e9"}'; // tEXt is Latin-1: é escaped
  assert.equal(out.length, png.length + 12 + text.length);
  assert.deepEqual(out.subarray(0, 33), png.subarray(0, 33));
  assert.deepEqual(out.subarray(33 + 12 + text.length), png.subarray(33));
  const dv = new DataView(out.buffer);
  assert.equal(dv.getUint32(33), text.length);
  assert.equal(Buffer.from(out.subarray(37, 41 + text.length)).toString('latin1'), `tEXt${text}`);
  assert.equal(dv.getUint32(41 + text.length), crc32(Buffer.from(`tEXt${text}`, 'latin1'))); // CRC over type and data
});

test('a table export while the table\'s intervals are still being computed says so, never writes them empty (issue 42)', () => {
  const app = tableApp({ means, percentile95, ci95 });
  app.state.result.percentile.pending = 1; // the worker holds them back (table-intervals.js)
  for (const f of [toCSV, toJSON, toLaTeX, toLaTeXCompact]) assert.throws(() => f(app, prov), /the table's intervals are still being computed/);
  app.state.settings.tci = 't'; // the t interval came with the evaluation: nothing to wait for
  assert.match(toCSV(app, prov), /bm25_x,bm25_x-tag,AP,0.25,-0.05,0.55/);
  app.state.settings.tci = 'percentile';
  delete app.state.result.percentile.pending; // arrived
  assert.match(toCSV(app, prov), /bm25_x,bm25_x-tag,AP,0.25,0.1,0.4/);
});
