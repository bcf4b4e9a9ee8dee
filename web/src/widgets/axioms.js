// The axiomatic audit as a widget (Amigó, Spina & Carrillo-de-Albornoz, SIGIR 2018; irlens axioms,
// docs/axioms.md): a grid of verdicts, one row per measure and one column per constraint; a cell
// with a counterexample opens it below the grid (both rankings with the grades of their documents,
// the unretrieved judged documents, the intent weights, both scores).
//
//   render(out, ctx): ctx = {client (an initialised WorkerClient), attr(name, fallback)}; attributes:
//   measures ("" = the paper's Table 1 metrics, "all" = every registered measure, else names
//   separated by spaces), seed (the random search's, default 2018).
// Used by the Axioms view (views/axioms.js) and by <irlens-view view="axioms">.
import { el } from '../views/util.js';

export const CONSTRAINTS = ['Pri', 'Deep', 'DeepTh', 'CloseTh', 'Conf', 'AspDiv', 'Red', 'MRed', 'Sat', 'AspRel'];

const SYMBOL = { violated: '✗', no_witness: '✗', no_violation: '✓', witness: '✓', 'n/a': 'n/a' };

// What a cell says in short; its title and data-verdict hold the whole verdict.
function short(r) {
  if (r.kind === 'no_violation') return `✓ ${r.cases}`;
  if (r.kind === 'witness') return `✓ ${r.constraint === 'Sat' ? 'grade' : r.constraint === 'CloseTh' ? 'm=' : 'n='}${r.witness}`;
  if (r.kind === 'no_witness') return `✗ ≤${r.bound}`;
  return SYMBOL[r.kind] || '?';
}

function grades(judgments, doc) {
  const g = judgments[doc];
  return Array.isArray(g) ? g.join(' | ') : String(g);
}

function score(v) {
  return v === null || v === undefined ? 'undefined' : Number(v.toPrecision(6)).toString();
}

/** The counterexample (or the case at the bound) of one result, as two ranking tables. */
export function caseDetails(r) {
  const c = r.counterexample;
  const head = el('h3', {}, `${r.paper_metric ? `${r.paper_metric} (${r.measure})` : r.measure} — ${r.constraint}: ${r.verdict}`);
  if (!c) return el('section', { class: 'axiom-case', 'aria-label': 'Counterexample' }, head, el('p', { class: 'hint' }, r.reason || 'No counterexample: nothing broke the constraint.'));
  const aspects = Object.values(c.judgments).some(Array.isArray);
  const ranking = (label, side) => el('table', { class: 'axiom-ranking' },
    el('caption', {}, `${label}: score ${score(side.score)}`),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'rank'), el('th', { scope: 'col' }, 'doc'), el('th', { scope: 'col' }, aspects ? 'grade per aspect' : 'grade'))),
    el('tbody', {}, side.ranking.map((doc, i) => el('tr', {}, el('td', {}, String(i + 1)), el('td', {}, doc), el('td', {}, grades(c.judgments, doc))))));
  const ranked = new Set([...c.better.ranking, ...c.worse.ranking]);
  const unretrieved = Object.keys(c.judgments).filter((d) => !ranked.has(d));
  return el('section', { class: 'axiom-case', 'aria-label': 'Counterexample' }, head,
    el('p', {}, `${c.note}. The constraint claims ${c.claim}; here ${score(c.better.score)} ${c.better.score > c.worse.score ? '>' : c.better.score < c.worse.score ? '<' : '='} ${score(c.worse.score)}.`),
    el('div', { class: 'axiom-rankings' }, ranking('better', c.better), ranking('worse', c.worse)),
    unretrieved.length ? el('p', { class: 'hint' }, `Judged, not retrieved: ${unretrieved.map((d) => `${d} (${grades(c.judgments, d)})`).join(', ')}.`) : '',
    c.weights ? el('p', { class: 'hint' }, `Intent weights: ${c.weights.map((w) => Number(w.toPrecision(3))).join(', ')}.`) : '');
}

/** The verdict grid of an axioms document; onPick(result) when a cell is chosen. */
export function verdictGrid(doc, onPick) {
  const rows = new Map();
  for (const r of doc.results) {
    if (!rows.has(r.measure)) rows.set(r.measure, {});
    rows.get(r.measure)[r.constraint] = r;
  }
  return el('table', { class: 'axioms-grid' },
    el('caption', {}, `Seed ${doc.seed}; DeepTh and CloseTh searched up to n = ${doc.depth_bound}, Sat up to grade ${doc.grade_bound}. ✓ no violation found (cases) or a witness; ✗ violated or none up to the bound.`),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Measure'), CONSTRAINTS.map((c) => el('th', { scope: 'col' }, c)))),
    el('tbody', {}, [...rows].map(([measure, byC]) => {
      const any = Object.values(byC)[0];
      return el('tr', {}, el('th', { scope: 'row', title: measure }, any.paper_metric || measure),
        CONSTRAINTS.map((c) => {
          const r = byC[c];
          if (!r) return el('td', {}, '');
          const attrs = { type: 'button', class: `axiom-cell axiom-${r.kind.replace('/', '')}`, title: r.verdict, 'data-measure': measure, 'data-constraint': c,
            'data-verdict': r.verdict, 'aria-label': `${any.paper_metric || measure}, ${c}: ${r.verdict}`, onclick: () => onPick(r) };
          return el('td', {}, el('button', attrs, short(r)));
        }));
    })));
}

export async function render(out, ctx) {
  const text = String(ctx.attr('measures', '') || '').trim();
  const seed = String(ctx.attr('seed', '2018') || '2018').trim();
  out.textContent = '';
  out.append(el('p', { class: 'hint' }, 'Checking the constraints…'));
  const doc = await ctx.client.request('axioms', { measures: text === 'all' ? 'all' : text, seed });
  const details = el('div', { class: 'axiom-details', 'aria-live': 'polite' },
    el('p', { class: 'hint' }, 'Choose a cell to see its counterexample: both rankings and their scores.'));
  const pick = (r) => {
    details.textContent = '';
    details.append(caseDetails(r));
  };
  out.textContent = '';
  out.append(el('div', { class: 'axioms-scroll' }, verdictGrid(doc, pick)), details);
  return doc;
}
