// What docs/axioms.md says beside the audit, read from the document itself (bundled as text, so
// the page and the docs never disagree): the paper's mark of each Table 1 metric and constraint
// ("Table 1 beside irlens": ✓, ✗ or – for undefined / not stated), the disagreements D1..Dn with
// their entries ("The disagreements") and the numbered causes the entries and causes cite.
import doc from '../../../docs/axioms.md';

const plain = (md) => md.replace(/\*\*|`/g, '').replace(/\s+/g, ' ').trim();

/** The lines of the section headed `title` (## level), up to the next ## heading. */
function section(title) {
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => l === `## ${title}`);
  if (start < 0) return [];
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? lines.length : end);
}

/**
 * paperMarks: Map(paper metric -> {constraint -> {paper: '✓' | '✗' | '–', irlens, disagreement: 'D9' | null}})
 * from the table of "Table 1 beside irlens".
 */
export const paperMarks = (() => {
  const out = new Map();
  const rows = section('Table 1 beside irlens').filter((l) => l.startsWith('| ') && !l.startsWith('| paper metric') && !l.startsWith('|---'));
  const header = section('Table 1 beside irlens').find((l) => l.startsWith('| paper metric'));
  if (!header) return out;
  const constraints = header.split('|').slice(3, -1).map((c) => c.trim());
  for (const row of rows) {
    const cells = row.split('|').slice(1, -1).map((c) => c.trim());
    const marks = {};
    constraints.forEach((c, i) => {
      const m = cells[i + 2].match(/^(\S+) \/ (\S+)(?: \[(D\d+)\])?$/);
      if (m) marks[c] = { paper: m[1], irlens: m[2], disagreement: m[3] || null };
    });
    out.set(cells[0], marks);
  }
  return out;
})();

/** The causes of "The disagreements": [{n, text, ids: Set('D2', ...)}] (ranges D14-D16 spelled out). */
const causes = (() => {
  const out = [];
  let cur = null;
  for (const l of section('The disagreements')) {
    const m = l.match(/^(\d+)\. (.*)$/);
    if (m) out.push((cur = { n: Number(m[1]), text: m[2] }));
    else if (cur && /^ {3}\S/.test(l)) cur.text += ` ${l.trim()}`;
    else cur = null;
  }
  for (const c of out) {
    c.ids = new Set();
    for (const [, a, b] of c.text.matchAll(/D(\d+)(?:-D(\d+))?/g))
      for (let k = Number(a); k <= Number(b || a); k++) c.ids.add(`D${k}`);
    c.text = plain(c.text);
  }
  return out;
})();

/** The entry of disagreement `id` ("D9") and the cause it falls under: {id, entry, cause: {n, text} | null}, or null. */
export function disagreement(id) {
  const line = section('The disagreements').find((l) => l.startsWith(`- **${id}** `));
  if (!line) return null;
  const entry = plain(line.slice(`- **${id}** `.length));
  const cited = entry.match(/\(cause (\d+)\)/);
  const cause = cited ? causes.find((c) => c.n === Number(cited[1])) : causes.find((c) => c.ids.has(id));
  return { id, entry, cause: cause ? { n: cause.n, text: cause.text } : null };
}
