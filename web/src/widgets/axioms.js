// The axiomatic audit as a widget (Amigó, Spina & Carrillo-de-Albornoz, SIGIR 2018; irlens axioms,
// docs/axioms.md): a grid of verdicts, one row per measure and one column per constraint; a cell
// with a counterexample opens it below the grid (both rankings with the grades of their documents,
// the unretrieved judged documents, the intent weights, both scores).
//
//   render(out, ctx): ctx = {client (an initialised WorkerClient), attr(name, fallback)}; attributes:
//   measures ("" = the paper's Table 1 metrics, "all" = every registered measure, else names
//   separated by spaces), seed (the random search's, default 2018).
// Used by the Axioms view (views/axioms.js) and by <irlens-view view="axioms">.
//
// A row is headed by the measure as it was typed (the canonical form, every parameter spelled out,
// below it, whole: it holds the cutoff), or the paper's name of a Table 1 metric. A Table 1 row's
// cells show the paper's mark beside irlens' verdict (from docs/axioms.md, widgets/axioms-paper.js);
// a disagreement names its entry there (D1, D2, ...), and its cell opens that entry and its cause
// with the counterexample.
import { el } from '../ui/util.js';
import { paperMarks, disagreement } from './axioms-paper.js';

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

/** The paper's mark of a result's cell ({paper, irlens, disagreement}), or null outside Table 1. */
function paperMark(r) {
  const row = r.paper_metric ? paperMarks.get(r.paper_metric) : null;
  return row && row[r.constraint] ? row[r.constraint] : null;
}

/** The paper's mark beside irlens' verdict, and where a disagreement is explained (docs/axioms.md). */
function paperNote(r) {
  const mark = paperMark(r);
  if (!mark) return null;
  const d = mark.disagreement ? disagreement(mark.disagreement) : null;
  const said = `The paper's Table 1 marks ${r.paper_metric}, ${r.constraint}: ${mark.paper === '–' ? '– (no mark: not defined or not stated)' : mark.paper}; irlens: ${r.verdict}.`;
  if (!d) return el('p', { class: 'axiom-paper-note' }, said);
  return el('section', { class: 'axiom-disagreement', 'aria-label': `Disagreement ${d.id}` }, el('p', {}, said),
    el('p', {}, el('strong', {}, `Why they disagree (docs/axioms.md, ${d.id}): `), d.entry),
    d.cause ? el('p', {}, el('strong', {}, `Cause ${d.cause.n}: `), d.cause.text) : null);
}

/**
 * The judged documents no ranking retrieved, and what they are for: the cases are built with them
 * (docs/axioms.md, "How each constraint is checked").
 */
function helpers(c, unretrieved) {
  if (!unretrieved.length) return '';
  const top = (d) => [].concat(c.judgments[d]).some((g) => g === 5);
  return el('p', { class: 'hint axiom-helpers' },
    `Judged, not retrieved: ${unretrieved.map((d) => `${d} (${grades(c.judgments, d)}${top(d) ? ': scale helper' : ''})`).join(', ')}. `,
    'These helper documents are part of the case, not of either ranking. ',
    unretrieved.some(top) ? 'A document of grade 5 (for every aspect) keeps the grades ranked low on the scale of the measures that map grades to probabilities, as the paper assumes (r(d, t) ≪ 1, Sec. 3.1). ' : '',
    'Others make the relevant documents R differ from those retrieved, give every aspect the same positive grades, or give the measure the relevant document it needs to be defined.');
}

/** The counterexample (or the case at the bound) of one result, as two ranking tables. */
export function caseDetails(r) {
  const c = r.counterexample;
  const head = el('h3', {}, `${r.paper_metric ? `${r.paper_metric} (${r.measure})` : r.measure} — ${r.constraint}: ${r.verdict}`);
  if (!c) return el('section', { class: 'axiom-case', 'aria-label': 'Counterexample' }, head, el('p', { class: 'hint' }, r.reason || 'No counterexample: nothing broke the constraint.'), paperNote(r));
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
    helpers(c, unretrieved),
    c.weights ? el('p', { class: 'hint' }, `Intent weights: ${c.weights.map((w) => Number(w.toPrecision(3))).join(', ')}.`) : '',
    paperNote(r));
}

/**
 * The verdict grid of an axioms document; onPick(result) when a cell is chosen. typed: Map(canonical
 * name -> the name as the user typed it), heading the rows in place of the canonical form.
 */
export function verdictGrid(doc, onPick, typed = new Map()) {
  const rows = new Map();
  for (const r of doc.results) {
    if (!rows.has(r.measure)) rows.set(r.measure, {});
    rows.get(r.measure)[r.constraint] = r;
  }
  const anyPaper = doc.results.some((r) => paperMark(r));
  return el('table', { class: 'axioms-grid' },
    el('caption', {}, `Seed ${doc.seed}; DeepTh and CloseTh searched up to n = ${doc.depth_bound}, Sat up to grade ${doc.grade_bound}. ✓ no violation found (cases) or a witness; ✗ violated or none up to the bound.`,
      anyPaper ? ' Below each verdict of a Table 1 metric: the paper\'s mark (– none: not defined or not stated); D1, D2, ...: a disagreement, explained in docs/axioms.md and with its counterexample (choose the cell).' : ''),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Measure'), CONSTRAINTS.map((c) => el('th', { scope: 'col' }, c)))),
    el('tbody', {}, [...rows].map(([measure, byC]) => {
      const any = Object.values(byC)[0];
      const name = typed.get(measure) || any.paper_metric || measure;
      return el('tr', {}, el('th', { scope: 'row', title: measure }, el('span', { class: 'axiom-name' }, name),
        name !== measure ? el('span', { class: 'axiom-canonical' }, measure) : null),
      CONSTRAINTS.map((c) => {
        const r = byC[c];
        if (!r) return el('td', {}, '');
        const mark = paperMark(r);
        const attrs = { type: 'button', class: `axiom-cell axiom-${r.kind.replace('/', '')}${mark && mark.disagreement ? ' axiom-disagree' : ''}`,
          title: mark ? `${r.verdict}; the paper: ${mark.paper}${mark.disagreement ? ` (disagreement ${mark.disagreement}, docs/axioms.md)` : ''}` : r.verdict,
          'data-measure': measure, 'data-constraint': c, 'data-verdict': r.verdict, ...(mark ? { 'data-paper': mark.paper, 'data-disagreement': mark.disagreement || '' } : {}),
          'aria-label': `${name}, ${c}: ${r.verdict}`, onclick: () => onPick(r) };
        return el('td', {}, el('button', attrs, short(r),
          mark ? el('span', { class: 'axiom-paper' }, `paper ${mark.paper}${mark.disagreement ? ` · ${mark.disagreement}` : ''}`) : null));
      }));
    })));
}

/**
 * The names as typed, by canonical name: the k-th distinct measure of the document is the k-th name
 * typed (the core audits each measure once, in the order given); none when the counts differ (a
 * measure typed twice) or for "all" and the Table 1 default.
 */
function typedNames(text, doc) {
  if (!text || text === 'all') return new Map();
  const names = text.split(/\s+/).filter(Boolean);
  const measures = [...new Set(doc.results.map((r) => r.measure))];
  return names.length === measures.length ? new Map(measures.map((m, i) => [m, names[i]])) : new Map();
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
  out.append(el('div', { class: 'axioms-scroll' }, verdictGrid(doc, pick, typedNames(text, doc))), details);
  return doc;
}
