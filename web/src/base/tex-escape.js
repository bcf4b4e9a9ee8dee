// LaTeX text for the page's table exports (exports.js): texEscape, the twin of the CLI's
// text::latex_text. Its own module so that node tests import it without the WASM build.

// Text in which every printable ASCII character and every letter prints as itself: the twin of
// the CLI's text::latex_text (core/include/irlens/readers/text.hpp; tests/cli/latex.sh compiles both
// with pdflatex and reads the PDF back). \\ & % $ # { } escaped; " ' ` < > | _ ^ ~ as typewriter
// glyphs of the OT1 encoding (their roman glyphs are curly quotes, inverted ! and ?, a dash, or
// drawn; \\textquotedbl does not exist in OT1); the ligatures of -- and ,, broken with {}.
const ttGlyph = (slot) => `{\\fontencoding{OT1}\\ttfamily\\char${slot}}`;
const TEX_SPECIAL = { '\\': '\\textbackslash{}', '&': '\\&', '%': '\\%', $: '\\$', '#': '\\#', '{': '\\{', '}': '\\}',
  "'": ttGlyph(13), '`': ttGlyph(18), '"': ttGlyph(34), '<': ttGlyph(60), '>': ttGlyph(62), '|': ttGlyph(124), _: ttGlyph(95), '^': ttGlyph(94), '~': ttGlyph(126),
  '-': '-{}', ',': ',{}' }; // - and , only before another: the pair's ligature broken
export const texEscape = (s) => String(s).replace(/-(?=-)|,(?=,)|[\\&%$#_{}~^<>|"'`]/g, (c) => TEX_SPECIAL[c]);
