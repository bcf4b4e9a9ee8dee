// A table of an analysis view as LaTeX (the Reproducibility view's exports): the tabular the CLI's
// `irlens runs` / `irlens repro -f latex` print (cli/cmd_repro.cpp latex_table: a column per field,
// text left and numbers right, \hline rules, 4 decimals, counts as integers, an undefined value
// (null) as the word "undefined"), text through the shared texEscape (tex-escape.js, the twin of
// the CLI's escaping), the provenance as a first comment line. DOM-free.
import { texEscape } from './tex-escape.js';

/**
 * {columns, rows: [{column: value}], integers: [column names printed without decimals]} and a
 * provenance record -> the LaTeX text.
 */
export function analysisLaTeX({ columns, rows, integers = [] }, prov) {
  const numeric = (c) => rows.every((r) => r[c] === null || r[c] === undefined || typeof r[c] === 'number');
  const kinds = columns.map((c) => (numeric(c) ? 'r' : 'l'));
  const cell = (c, v) => {
    if (v === null || v === undefined) return numeric(c) ? 'undefined' : '';
    if (typeof v === 'number') return integers.includes(c) ? String(Math.round(v)) : v.toFixed(4);
    return texEscape(v);
  };
  const lines = [
    `% provenance: ${JSON.stringify(prov)}`,
    `\\begin{tabular}{${kinds.join('')}}`,
    '\\hline',
    `${columns.map(texEscape).join(' & ')} \\\\`,
    '\\hline',
    ...rows.map((r) => `${columns.map((c) => cell(c, r[c])).join(' & ')} \\\\`),
    '\\hline',
    '\\end{tabular}',
  ];
  return lines.join('\n') + '\n';
}
