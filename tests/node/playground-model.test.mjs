// The playground's model (web/src/playground/model.js, settings.js): the list text form, the files
// a list makes, and the words for an edit. Hand-checkable; the numbers themselves are compared with
// the CLI in tests/web/playground.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseList, listText, inputsOf, describeEdit, describeChange, freshId, listValues, listTarget } from '../../web/src/playground/model.js';
import { stateOf, settingsOf, PLAYGROUND_DEFAULTS } from '../../web/src/playground/settings.js';

const opts = { maxGrade: 3, intents: 2, name: 'list A' };

test('a list reads and writes its text form', () => {
  const text = 'd1:3 d2:0/1.2 d3:1*1000 d4:2/2*10,70 +2:1 +3:2';
  const l = parseList(text, opts);
  assert.deepEqual(l.docs.map((d) => [d.id, d.g, d.i, d.w, d.c]), [['d1', 3, [], null, null], ['d2', 0, [1, 2], null, null], ['d3', 1, [], 1000, null], ['d4', 2, [2], 10, 70]]);
  assert.deepEqual(l.missing, [0, 1, 2]);
  assert.equal(listText(l), text);
  assert.deepEqual(parseList('', opts), { docs: [], missing: [0, 0, 0] });
  assert.deepEqual(settingsOf(stateOf({})), PLAYGROUND_DEFAULTS);
});

test('a bad token is named with its position and the problem', () => {
  const bad = (text, message) => assert.throws(() => parseList(text, opts), { name: 'UsageError', message });
  bad('d1:1 d2:4', "playground list A, token 2 'd2:4': grades are 0..3");
  bad('d1:1 d1:0', "playground list A, token 2 'd1:0': document d1 is already in the list");
  bad('d1:1/3', "playground list A, token 1 'd1:1/3': intents are 1..2");
  bad('+0:2', "playground list A, token 1 '+0:2': a grade of documents not retrieved is 1..3");
  bad('d1', "playground list A, token 1 'd1': expected ID:GRADE[/INTENTS][*WORDS[,CHARACTERS]] or +GRADE:COUNT");
  bad('d~:1', "playground list A, token 1 'd~:1': a document id is letters, digits, _ . and -");
  assert.throws(() => stateOf({ pgg: 'x' }), { message: "playground: highest grade 'x' is not an integer 0..9" });
});

test('the files of a list: plain qrels, or diversity qrels with intents; the run; the lengths', () => {
  const plain = inputsOf(stateOf({ pgg: '2', pga: 'd1:2*100 d2:0 +1:2', pgb: 'd2:1 d1:2*100' }));
  assert.equal(plain.qrelsFormat, 'plain');
  assert.equal(plain.qrels, 'A 0 d1 2\nA 0 d2 0\nA 0 ~g1.1 1\nA 0 ~g1.2 1\nB 0 d2 1\nB 0 d1 2\n');
  // scores n - rank + 1: 2, 1
  assert.deepEqual(plain.runs, [{ name: 'playground', text: 'A Q0 d1 1 2 playground\nA Q0 d2 2 1 playground\nB Q0 d2 1 2 playground\nB Q0 d1 2 1 playground\n' }]);
  assert.equal(plain.docLengths, 'd1\t600\t100\n'); // 6 characters a word
  const div = inputsOf(stateOf({ pgg: '2', pgi: '2', pga: 'd1:2/1.2 d2:1 +2:1' }));
  assert.equal(div.qrelsFormat, 'diversity');
  // d1 to both its intents; d2 (no intent) judged 0 for intent 1; the missing one relevant to every intent
  assert.equal(div.qrels, 'A 1 d1 2\nA 2 d1 2\nA 1 d2 0\nA 1 ~g2.1 2\nA 2 ~g2.1 2\n');
  assert.equal(div.docLengths, undefined);
  assert.throws(() => inputsOf(stateOf({ pga: 'd1:1*10', pgb: 'd1:1*20' })), { message: 'playground: document d1 has two lengths (lists A and B): give it one' });
  // lists as runs of one topic q: shared judgments (each document once), list A's documents not retrieved
  const runs = inputsOf(stateOf({ pgg: '2', pgr: '1', pga: 'd1:2 d2:0 +1:1', pgb: 'd2:0 d3:1 d1:2 +2:5' }));
  assert.equal(runs.qrels, 'q 0 d1 2\nq 0 d2 0\nq 0 d3 1\nq 0 ~g1.1 1\n');
  assert.deepEqual(runs.runs, [{ name: 'A', text: 'q Q0 d1 1 2 A\nq Q0 d2 2 1 A\n' }, { name: 'B', text: 'q Q0 d2 1 3 B\nq Q0 d3 2 2 B\nq Q0 d1 3 1 B\n' }]);
  assert.throws(() => inputsOf(stateOf({ pgr: '1', pga: 'd1:1', pgb: 'd1:2' })),
    { message: 'playground: document d1 is judged differently in lists A and B: lists that are runs of one topic share their judgments' });
});

test('an edit in words, and a change per measure', () => {
  const l = (t) => parseList(t, opts);
  assert.equal(describeEdit(l('a:1 b:0 c:2'), l('a:1 c:2 b:0')), 'swap ranks 2 and 3');
  assert.equal(describeEdit(l('a:1 b:0 c:2 d:0'), l('d:0 a:1 b:0 c:2')), 'move d from rank 4 to rank 1');
  assert.equal(describeEdit(l('a:1 b:0 c:2 d:0'), l('b:0 a:1 d:0 c:2')), 'reorder ranks 1, 2, 3 and 4');
  assert.equal(describeEdit(l('a:1 b:0'), l('a:1 b:2')), 'b (rank 2): grade 0 → 2');
  assert.equal(describeEdit(l('a:0 b:1'), l('z:1 b:1')), 'replace a by z at rank 1');
  assert.equal(describeEdit(l('a:0 b:1'), l('a:0 b:1 c:1 +1:1')), 'add c at rank 3; documents of grade 1 not retrieved: 0 → 1');
  assert.equal(describeEdit(l('a:0 b:1'), l('a:0 b:1')), '');
  assert.equal(describeChange('AP', 0.5, 0.5833333), 'AP +0.0833');
  assert.equal(describeChange('P@5', 0.4, 0.4), 'P@5 unchanged');
  assert.equal(describeChange('RR', 1, 0.5), 'RR −0.5000');
  assert.equal(describeChange('X', null, 0.5), 'X undefined in A');
});

test('the edit in words names every difference, or says how many there are', () => {
  const l = (t) => parseList(t, opts);
  // Removal, reorder and grade change at once: before, only "remove c" was said.
  assert.equal(describeEdit(l('a:1 b:0 c:2'), l('b:0 a:2')), 'remove c; swap a and b; a (rank 2): grade 1 → 2');
  // An addition with a move of the documents both hold.
  assert.equal(describeEdit(l('a:1 b:0 c:2'), l('c:2 x:1 a:1 b:0')), 'add x at rank 2; move c from rank 3 to rank 1');
  // A replacement and a grade change elsewhere.
  assert.equal(describeEdit(l('a:0 b:1'), l('z:1 b:2')), 'replace a by z at rank 1; b (rank 2): grade 1 → 2');
  // A swap with a grade change on the same list (same documents).
  assert.equal(describeEdit(l('a:1 b:0 c:2'), l('a:1 c:2 b:1')), 'swap ranks 2 and 3; b (rank 3): grade 0 → 1');
  // Intents and lengths.
  assert.equal(describeEdit(l('a:1/1 b:0'), l('a:1/1.2 b:0*100')), 'a: intents {1} → {1, 2}; b: length changed');
  // Five differences (add, remove, two grades, missing): more than MOST_EDITS = 4: the count, the first 3, "and 2 more".
  assert.equal(describeEdit(l('a:1 b:0 c:2'), l('x:1 a:2 b:1 +1:1')),
    '5 changes: add x at rank 1; remove c; a (rank 2): grade 1 → 2; and 2 more');
});

test('the text form: any spacing, whole tokens only, counts and grades of several digits', () => {
  const docs = (text, o = opts) => parseList(text, o).docs.map((d) => [d.id, d.g, d.i]);
  assert.deepEqual(docs('  d1:1 \n d2:0  '), [['d1', 1, []], ['d2', 0, []]]);
  assert.deepEqual(parseList(' \t ', opts), { docs: [], missing: [0, 0, 0] });
  assert.deepEqual(parseList('+1:12 +1:3 +3:1000', opts).missing, [15, 0, 1000]);
  assert.deepEqual(docs('d1:12', { maxGrade: 12, intents: 0 }), [['d1', 12, []]]);
  // intents: each once, in order (as numbers: 2 before 10), empty pieces ignored
  assert.deepEqual(docs('d1:1/10.2..3.2.1', { maxGrade: 3, intents: 10 }), [['d1', 1, [1, 2, 3, 10]]]);
  const bad = (text, message, o = opts) => assert.throws(() => parseList(text, o), { name: 'UsageError', message });
  bad('+1:2x', "playground list A, token 1 '+1:2x': expected ID:GRADE[/INTENTS][*WORDS[,CHARACTERS]] or +GRADE:COUNT");
  bad('x+1:2', "playground list A, token 1 'x+1:2': a document id is letters, digits, _ . and -");
  bad('+12:1', "playground list A, token 1 '+12:1': a grade of documents not retrieved is 1..3");
  bad('+4:1', "playground list A, token 1 '+4:1': a grade of documents not retrieved is 1..3");
  bad('d1:12', "playground list A, token 1 'd1:12': grades are 0..3");
  bad('d1:1x', "playground list A, token 1 'd1:1x': expected ID:GRADE[/INTENTS][*WORDS[,CHARACTERS]] or +GRADE:COUNT");
  bad(':d1:1', "playground list A, token 1 ':d1:1': expected ID:GRADE[/INTENTS][*WORDS[,CHARACTERS]] or +GRADE:COUNT");
  bad('~d:1', "playground list A, token 1 '~d:1': a document id is letters, digits, _ . and -");
  bad('d1:1/0', "playground list A, token 1 'd1:1/0': intents are 1..2");
  bad('d1:1/1', "playground list, token 1 'd1:1/1': no intents are set (0 intents)", { maxGrade: 3, intents: 0 });
  // at most 1000 documents not retrieved per grade, counted over the tokens
  bad('+2:1001', "playground list A, token 1 '+2:1001': at most 1000 documents not retrieved per grade");
  bad('+1:600 +1:401', "playground list A, token 2 '+1:401': at most 1000 documents not retrieved per grade");
});

test('a fresh id: the first d1, d2, ... no list uses', () => {
  const l = (t) => parseList(t, opts);
  assert.equal(freshId([l('')]), 'd1');
  assert.equal(freshId([l('d2:0')]), 'd1');
  assert.equal(freshId([l('d1:1 d3:0'), l('d2:1')]), 'd4');
});

test("where a list's values and explanation are: its topic of run playground, or its run of topic q", () => {
  const values = { playground: { A: { AP: 0.5 }, B: { AP: 1 } }, A: { q: { AP: 0.25 } }, B: {} };
  assert.deepEqual(listValues({ runs: false }, values, 0), { AP: 0.5 });
  assert.deepEqual(listValues({ runs: false }, values, 1), { AP: 1 });
  assert.deepEqual(listValues({ runs: true }, values, 0), { AP: 0.25 });
  assert.equal(listValues({ runs: true }, values, 1), null); // run B has no topic q: no values
  assert.equal(listValues({ runs: false }, {}, 0), null);
  assert.deepEqual(listTarget({ runs: false }, 1), { run: 'playground', topic: 'B' });
  assert.deepEqual(listTarget({ runs: true }, 1), { run: 'B', topic: 'q' });
});

test('the files: lengths with their characters, intents judged alike in lists that are runs', () => {
  const two = inputsOf(stateOf({ pga: 'd1:1*10,70 d2:0*5' }));
  assert.equal(two.docLengths, 'd1\t70\t10\nd2\t30\t5\n'); // characters given, else 6 a word
  // runs of one topic: one judgment per document, intents compared as sets in order
  const same = inputsOf(stateOf({ pgi: '2', pgr: '1', pga: 'd1:1/1.2', pgb: 'd1:1/2.1' }));
  assert.equal(same.qrels, 'q 1 d1 1\nq 2 d1 1\n');
  assert.throws(() => inputsOf(stateOf({ pgi: '2', pgr: '1', pga: 'd1:1/1', pgb: 'd1:1/2' })),
    { message: 'playground: document d1 is judged differently in lists A and B: lists that are runs of one topic share their judgments' });
});

test('an edit in words: lists of names, several additions, the edge of MOST_EDITS, unchanged parts unsaid', () => {
  const l = (t) => parseList(t, opts);
  // documents came or went: the reordered ones by name, the last joined by "and"
  assert.equal(describeEdit(l('aa:1 bb:0 cc:2 dd:0'), l('bb:0 aa:1 dd:0 cc:2 x:1')), 'add x at rank 5; reorder aa, bb, cc and dd');
  // no one document moved, though removing x leaves the same letters in a row (a aa b / aa a b)
  assert.equal(describeEdit(l('a:1 aa:1 x:1 b:1'), l('aa:1 a:1 b:1 x:1')), 'reorder ranks 1, 2, 3 and 4');
  // one added at the rank of two removed: no replacement
  assert.equal(describeEdit(l('a:0 b:1 c:1'), l('z:1 c:1')), 'add z at rank 1; remove a, b');
  assert.equal(describeEdit(l('a:0 b:1 c:1'), l('x:1 y:1 c:1')), 'add x at rank 1, y at rank 2; remove a, b');
  // two added, one removed at the first one's rank: no replacement either
  assert.equal(describeEdit(l('a:0 b:1'), l('x:1 y:1 b:1')), 'add x at rank 1, y at rank 2; remove a');
  // intents unchanged are not said; changed, listed with commas
  assert.equal(describeEdit(l('a:1/1.2'), l('a:2/1.2')), 'a (rank 1): grade 1 → 2');
  assert.equal(describeEdit(l('a:1/1.2'), l('a:1/2')), 'a: intents {1, 2} → {2}');
  assert.equal(describeEdit(l('a:1*10,70'), l('a:1*10,80')), 'a: length changed');
  // documents not retrieved: a grade only one list has; a count that stays is not said
  assert.equal(describeEdit(parseList('+3:1', opts), parseList('', { maxGrade: 2, intents: 0 })), 'documents of grade 3 not retrieved: 1 → 0');
  assert.equal(describeEdit(l('a:0 +2:2'), l('a:1 +2:2')), 'a (rank 1): grade 0 → 1');
  assert.equal(describeEdit(l('+2:2'), l('+2:1')), 'documents of grade 2 not retrieved: 2 → 1');
  // exactly MOST_EDITS (4) differences: all said
  assert.equal(describeEdit(l('a:1 b:0 c:2'), l('x:1 a:2 b:1')), 'add x at rank 1; remove c; a (rank 2): grade 1 → 2; b (rank 3): grade 0 → 1');
});

test('a change per measure: undefined in A or in B', () => {
  assert.equal(describeChange('X', 0.5, null), 'X undefined in B');
  assert.equal(describeChange('X', undefined, 0.5), 'X undefined in A');
  assert.equal(describeChange('X', 0.5, undefined), 'X undefined in B');
  assert.equal(describeChange('X', 0, 0.5, 2), 'X +0.50');
});
