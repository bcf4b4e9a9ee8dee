// The LaTeX export of the Reproducibility view's tables (web/src/base/analysis-latex.js): the
// tabular `irlens repro -f latex` prints (cli/cmd_repro.cpp latex_table), every value checkable by
// hand: text left, numbers right with 4 decimals, counts as integers, an undefined value (null) as
// the word "undefined" (never a number), text escaped by the shared texEscape, the provenance as
// the first comment line. DOM-free: needs no WASM build.
// Run: node --test tests/node/analysis-latex.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analysisLaTeX } from '../../web/src/base/analysis-latex.js';

test('analysisLaTeX: the CLI\'s tabular, undefined as a word, text escaped', () => {
  const table = {
    columns: ['quantity', 'measure', 'cutoff', 'value', 'note'],
    rows: [
      // 2/3 = 0.66666... -> 0.6667; cutoff 10 an integer column -> 10
      { quantity: 'RMSE', measure: 'P@10', cutoff: 10, value: 2 / 3, note: '' },
      // null -> "undefined"; the note's _ and % escaped (tex-escape.js)
      { quantity: 'p_value', measure: 'AP', cutoff: 0, value: null, note: 'every difference 0: 100% equal' },
    ],
    integers: ['cutoff'],
  };
  const text = analysisLaTeX(table, { tool: 'irlens', version: 'x' });
  assert.equal(text, [
    '% provenance: {"tool":"irlens","version":"x"}',
    '\\begin{tabular}{llrrl}',
    '\\hline',
    'quantity & measure & cutoff & value & note \\\\',
    '\\hline',
    'RMSE & P@10 & 10 & 0.6667 &  \\\\',
    'p{\\fontencoding{OT1}\\ttfamily\\char95}value & AP & 0 & undefined & every difference 0: 100\\% equal \\\\',
    '\\hline',
    '\\end{tabular}',
    '',
  ].join('\n'));
});

test('analysisLaTeX: a column of nothing but undefined values is still numbers (right, "undefined")', () => {
  const text = analysisLaTeX({ columns: ['topic', 'KTU'], rows: [{ topic: '101', KTU: null }] }, {});
  assert.match(text, /\\begin\{tabular\}\{lr\}/);
  assert.match(text, /^101 & undefined \\\\$/m);
});
