// The LaTeX escaping of the page's table exports (web/src/base/tex-escape.js), character by
// character; tests/cli/latex.sh compiles its output with pdflatex beside the CLI's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { texEscape } from '../../web/src/base/tex-escape.js';

const tt = (slot) => `{\\fontencoding{OT1}\\ttfamily\\char${slot}}`;

test('TeX specials are escaped, quotes and the like become typewriter glyphs of OT1', () => {
  assert.equal(texEscape('a\\b'), 'a\\textbackslash{}b');
  assert.equal(texEscape('&%$#{}'), '\\&\\%\\$\\#\\{\\}');
  // slots of OT1's typewriter font: ' 13, ` 18, " 34, < 60, > 62, | 124, _ 95, ^ 94, ~ 126
  assert.equal(texEscape(`'\`"<>|_^~`), [13, 18, 34, 60, 62, 124, 95, 94, 126].map(tt).join(''));
  assert.equal(texEscape('run_1.txt'), `run${tt(95)}1.txt`);
});

test('the ligatures of -- and ,, are broken, a single - or , stays', () => {
  assert.equal(texEscape('a-b,c'), 'a-b,c');
  assert.equal(texEscape('a--b'), 'a-{}-b'); // only the first of the pair gets {}
  assert.equal(texEscape('a---b'), 'a-{}-{}-b');
  assert.equal(texEscape(',,,'), ',{},{},');
  assert.equal(texEscape('-,'), '-,');
});

test('letters, digits and other text print as themselves; a number becomes its text', () => {
  assert.equal(texEscape('nDCG@10 (p=0.8) émile!?'), 'nDCG@10 (p=0.8) émile!?');
  assert.equal(texEscape(0.5), '0.5');
  assert.equal(texEscape(''), '');
});
