// The metric playground's state and the files it evaluates (views/playground.js,
// widgets/playground.js, playground/editor.js). Plain data, no DOM:
//
//   state = {measures: 'AP nDCG@10', maxGrade: 3, intents: 0 (0: no intents), runs: false, lists: [A, B?]}
//   list  = {docs: [{id, g, i: [intents], w: words | null, c: characters | null}], missing: [n_1 .. n_max]}
//
// A list is one topic (A, or B to compare): its retrieved documents in rank order with their grades,
// and missing[g-1] relevant documents of grade g that it did not retrieve. Written as text, a list
// is space-separated tokens (the URL hash keeps it so, settings.js):
//   ID:G[/I.I...][*WORDS[,CHARACTERS]]  a retrieved document (id of letters, digits, _ . -), its
//                                      grade, the intents it is relevant to, its length
//   +G:N                               N relevant documents of grade G not retrieved
// e.g. `d1:3 d2:0/1.2 d3:1*1000 +2:1`.
//
// inputsOf(state) builds the qrels, run(s) and document-lengths texts `irlens eval` reads (the
// worker evaluates exactly these, worker-playground.js). Lists are topics A (and B) of one run
// named playground; or, with state.runs (for the measures that score a run against the others:
// NRG, the rareness measures), runs A and B of one topic q, sharing their judgments (a document
// judged differently in the two is an error) and list A's documents not retrieved. One qrels line per retrieved
// document (grade 0 = judged nonrelevant) and per document not retrieved (ids `~gG.K`, which no
// typed id can take); with intents, the diversity format `topic intent doc grade`, a document's
// grade going to each of its intents (a document with none is judged 0 for intent 1, i.e.
// nonrelevant; documents not retrieved are relevant to every intent). Document lengths are
// written for the documents that have one; characters, when not given, are 6 a word (U-measure
// reads characters, TBG words).

export const TOPICS = ['A', 'B'];
export const RUNS_TOPIC = 'q'; // the one topic of lists that are runs
export const CHARS_PER_WORD = 6;
const ID = /^[A-Za-z0-9_.-]+$/;

function fail(where, message) {
  throw Object.assign(new Error(`${where}: ${message}`), { name: 'UsageError' });
}

/** Parses a list's text (see above); maxGrade and intents bound the grades and intents. */
export function parseList(text, { maxGrade, intents, name = 'list' }) {
  const docs = [];
  const missing = new Array(maxGrade).fill(0);
  const seen = new Set();
  const tokens = text.trim() ? text.trim().split(/\s+/) : [];
  tokens.forEach((tok, k) => {
    const where = `playground ${name}, token ${k + 1} '${tok}'`;
    let m = /^\+(\d+):(\d+)$/.exec(tok);
    if (m) {
      const g = Number(m[1]);
      if (g < 1 || g > maxGrade) fail(where, `a grade of documents not retrieved is 1..${maxGrade}`);
      missing[g - 1] += Number(m[2]);
      if (missing[g - 1] > 1000) fail(where, 'at most 1000 documents not retrieved per grade');
      return;
    }
    m = /^([^:]+):(\d+)(?:\/([\d.]+))?(?:\*(\d+)(?:,(\d+))?)?$/.exec(tok);
    if (!m) fail(where, 'expected ID:GRADE[/INTENTS][*WORDS[,CHARACTERS]] or +GRADE:COUNT');
    const [, id, g, ints, w, c] = m;
    if (!ID.test(id)) fail(where, 'a document id is letters, digits, _ . and -');
    if (seen.has(id)) fail(where, `document ${id} is already in the list`);
    seen.add(id);
    const grade = Number(g);
    if (grade > maxGrade) fail(where, `grades are 0..${maxGrade}`);
    const i = ints ? [...new Set(ints.split('.').filter(Boolean).map(Number))].sort((a, b) => a - b) : [];
    for (const x of i) if (x < 1 || x > intents) fail(where, intents ? `intents are 1..${intents}` : 'no intents are set (0 intents)');
    docs.push({ id, g: grade, i, w: w === undefined ? null : Number(w), c: c === undefined ? null : Number(c) });
  });
  return { docs, missing };
}

/** The text of a list (parseList's inverse). */
export function listText(list) {
  const docs = list.docs.map((d) => `${d.id}:${d.g}${d.i.length ? `/${d.i.join('.')}` : ''}${d.w !== null ? `*${d.w}${d.c !== null ? `,${d.c}` : ''}` : ''}`);
  const missing = list.missing.flatMap((n, k) => (n ? [`+${k + 1}:${n}`] : []));
  return [...docs, ...missing].join(' ');
}

/** A fresh document id for `list` (d1, d2, ... the first free). */
export function freshId(lists) {
  const used = new Set(lists.flatMap((l) => l.docs.map((d) => d.id)));
  for (let k = 1; ; k++) if (!used.has(`d${k}`)) return `d${k}`;
}

/** The qrels, run(s) and document lengths texts of the state's lists (see the header). */
export function inputsOf(state) {
  const diversity = state.intents > 0;
  const qrels = [];
  const runs = state.runs ? state.lists.map((_, k) => ({ name: TOPICS[k], lines: [] })) : [{ name: 'playground', lines: [] }];
  const lengths = new Map(); // doc -> {line, topic}
  const grades = new Map(); // runs mode: doc -> {g, i, list}, the one judgment of a document
  const judge = (topic, doc, grade, intents) => {
    if (!diversity) qrels.push(`${topic} 0 ${doc} ${grade}`);
    else if (!intents.length) qrels.push(`${topic} 1 ${doc} 0`);
    else for (const i of intents) qrels.push(`${topic} ${i} ${doc} ${grade}`);
  };
  const all = Array.from({ length: state.intents }, (_, j) => j + 1);
  const judgeMissing = (topic, list) => list.missing.forEach((count, g) => {
    for (let j = 1; j <= count; j++) judge(topic, `~g${g + 1}.${j}`, g + 1, all);
  });
  state.lists.forEach((list, k) => {
    const name = TOPICS[k];
    const topic = state.runs ? RUNS_TOPIC : name;
    const run = state.runs ? runs[k] : runs[0];
    const n = list.docs.length;
    list.docs.forEach((d, r) => {
      if (!state.runs) judge(topic, d.id, d.g, d.i);
      else {
        const before = grades.get(d.id);
        if (!before) {
          grades.set(d.id, { g: d.g, i: d.i.join('.'), list: name });
          judge(topic, d.id, d.g, d.i);
        } else if (before.g !== d.g || before.i !== d.i.join('.')) {
          fail('playground', `document ${d.id} is judged differently in lists ${before.list} and ${name}: lists that are runs of one topic share their judgments`);
        }
      }
      run.lines.push(`${topic} Q0 ${d.id} ${r + 1} ${n - r} ${run.name}`);
      if (d.w !== null) {
        const line = `${d.id}\t${d.c !== null ? d.c : d.w * CHARS_PER_WORD}\t${d.w}`;
        const seen = lengths.get(d.id);
        if (seen && seen.line !== line) fail('playground', `document ${d.id} has two lengths (lists ${seen.topic} and ${name}): give it one`);
        lengths.set(d.id, { line, topic: name });
      }
    });
    if (!state.runs) judgeMissing(topic, list);
  });
  if (state.runs) judgeMissing(RUNS_TOPIC, state.lists[0]);
  const inputs = { qrels: `${qrels.join('\n')}\n`, qrelsFormat: diversity ? 'diversity' : 'plain', runs: runs.map((r) => ({ name: r.name, text: `${r.lines.join('\n')}\n` })) };
  if (lengths.size) inputs.docLengths = `${[...lengths.values()].map((l) => l.line).join('\n')}\n`;
  return inputs;
}

/** Where list k's values are in a playgroundEvaluate reply ({RUN: {TOPIC: {M: v}}}): its topic, or its run. */
export function listValues(state, values, k) {
  const perTopic = state.runs ? values[TOPICS[k]] : values.playground;
  const topic = state.runs ? RUNS_TOPIC : TOPICS[k];
  return perTopic && perTopic[topic] ? perTopic[topic] : null;
}

/** The run and topic of list k, for playgroundExplain. */
export function listTarget(state, k) {
  return state.runs ? { run: TOPICS[k], topic: RUNS_TOPIC } : { run: 'playground', topic: TOPICS[k] };
}

const ranks = (xs) => (xs.length === 1 ? `rank ${xs[0]}` : `ranks ${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/** Most differences describeEdit names one by one; beyond, it says how many there are. */
export const MOST_EDITS = 4;

/**
 * The change of order of the documents both lists hold (ca: their order in a, cb: in b; ra, rb:
 * rank of an id in a, in b; sameSet: the lists hold the same documents, so ranks name them):
 * "swap ranks 2 and 3" ("swap d2 and d3" when documents came or went), "move d4 from rank 4 to
 * rank 1", "reorder ranks 1, 2 and 4" ("reorder d1, d2 and d4"); null when the order is the same.
 */
function orderEdit(ca, cb, ra, rb, sameSet) {
  const moved = ca.flatMap((id, k) => (cb[k] !== id ? [k] : []));
  if (!moved.length) return null;
  const names = (ks) => (sameSet ? ranks(ks.map((k) => k + 1)) : ks.map((k) => ca[k]).join(', ').replace(/, ([^,]*)$/, ' and $1'));
  if (moved.length === 2 && ca[moved[0]] === cb[moved[1]]) return `swap ${names(moved)}`;
  // one document moved: removing it from both leaves the same order
  const one = ca.find((id) => {
    const without = (xs) => xs.filter((x) => x !== id).join(' ');
    return without(ca) === without(cb);
  });
  if (one) return `move ${one} from rank ${ra(one)} to rank ${rb(one)}`;
  return `reorder ${names(moved)}`;
}

/**
 * What changed from list a to list b, in words, every difference: documents added, removed or
 * replaced, the order of the documents both hold ("swap ranks 2 and 3", "move d4 from rank 4 to
 * rank 1"), their grades ("d3 (rank 3): grade 1 → 2"), intents and lengths, and the relevant
 * documents not retrieved ("documents of grade 2 not retrieved: 1 → 0"), joined by "; ". More than
 * MOST_EDITS differences: "N changes: " and the first ones, with how many more. '' when the lists
 * are the same.
 */
export function describeEdit(a, b) {
  const parts = [];
  const ia = a.docs.map((d) => d.id), ib = b.docs.map((d) => d.id);
  const byId = new Map(a.docs.map((d) => [d.id, d]));
  const inB = new Set(ib);
  const added = ib.filter((id) => !byId.has(id));
  const removed = ia.filter((id) => !inB.has(id));
  const ra = (id) => ia.indexOf(id) + 1, rb = (id) => ib.indexOf(id) + 1;
  if (added.length === 1 && removed.length === 1 && ra(removed[0]) === rb(added[0])) {
    parts.push(`replace ${removed[0]} by ${added[0]} at rank ${rb(added[0])}`);
  } else {
    if (added.length) parts.push(`add ${added.map((id) => `${id} at rank ${rb(id)}`).join(', ')}`);
    if (removed.length) parts.push(`remove ${removed.join(', ')}`);
  }
  const order = orderEdit(ia.filter((id) => inB.has(id)), ib.filter((id) => byId.has(id)), ra, rb, !added.length && !removed.length);
  if (order) parts.push(order);
  for (const [r, d] of b.docs.entries()) {
    const before = byId.get(d.id);
    if (!before) continue;
    if (before.g !== d.g) parts.push(`${d.id} (rank ${r + 1}): grade ${before.g} → ${d.g}`);
    if (before.i.join('.') !== d.i.join('.')) parts.push(`${d.id}: intents {${before.i.join(', ')}} → {${d.i.join(', ')}}`);
    if (before.w !== d.w || before.c !== d.c) parts.push(`${d.id}: length changed`);
  }
  const grades = Math.max(a.missing.length, b.missing.length);
  for (let g = 0; g < grades; g++) {
    const n = a.missing[g] || 0, m = b.missing[g] || 0;
    if (m !== n) parts.push(`documents of grade ${g + 1} not retrieved: ${n} → ${m}`);
  }
  if (parts.length > MOST_EDITS) return `${parts.length} changes: ${parts.slice(0, MOST_EDITS - 1).join('; ')}; and ${parts.length - MOST_EDITS + 1} more`;
  return parts.join('; ');
}

/** "AP +0.0833" / "P@5 unchanged" / "ERR: undefined" for one measure from value a to value b. */
export function describeChange(measure, a, b, digits = 4) {
  if (a === null || b === null || a === undefined || b === undefined) return `${measure} undefined in ${a === null || a === undefined ? 'A' : 'B'}`;
  const d = b - a;
  if (d === 0) return `${measure} unchanged`;
  return `${measure} ${d > 0 ? '+' : '−'}${Math.abs(d).toFixed(digits)}`;
}
