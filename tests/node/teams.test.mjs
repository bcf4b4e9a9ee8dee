// The team of each run from a run groups file (web/src/base/teams.js): a name refers to the run of
// exactly that name, else to the run with the same key (the name without .gz, then .txt/.tsv: the
// core's run_key); the runs without a group are listed and said in the table's warnings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { teams, unmatchedWarning } from '../../web/src/base/teams.js';

const app = (runNames, byRun, name = 'groups.tsv') => ({ runNames, state: { side: byRun ? { groups: { name, info: { byRun } } } : {} } });

test('no groups file: no teams and no warning', () => {
  assert.equal(teams(app(['a'], null)), null);
  assert.equal(teams({ runNames: ['a'], state: {} }), null);
  assert.equal(teams({ runNames: ['a'], state: { side: { groups: { name: 'g' } } } }), null); // read, no info yet
  assert.equal(unmatchedWarning(app(['a'], null)), null);
});

test('a run matches by its exact name, else by its key', () => {
  // leaderboard tags: "final.qruir.txt" is the run read from final.qruir.gz; "x.txt" and "x" share
  // the key x: the one listed last gives the key's group, an exact name still wins
  const t = teams(app(['final.qruir.gz', 'x.txt', 'x.tsv', 'x', 'y.run', 'z'], { 'final.qruir.txt': 'UIUC', 'x.txt': 'A', x: 'B', 'y.run.gz': 'C' }));
  assert.equal(t.file, 'groups.tsv');
  assert.deepEqual(['final.qruir.gz', 'x.txt', 'x.tsv', 'x', 'y.run', 'z', 'other.txt.gz'].map(t.of), ['UIUC', 'A', 'B', 'B', 'C', null, null]);
  assert.deepEqual(t.unmatched, ['z']);
  assert.equal(t.count, 4); // UIUC, A, B, C
});

test('the count is of the groups among the evaluated runs; the warning names the runs without one', () => {
  const t = teams(app(['a', 'b', 'c', 'd'], { a: 'T1', b: 'T1', c: 'T2', other: 'T3' }));
  assert.equal(t.count, 2); // T1, T2 (T3's run is not evaluated)
  assert.deepEqual(t.unmatched, ['d']);
  assert.equal(unmatchedWarning(app(['a', 'd'], { a: 'T1' }, 'teams.csv')), '1 run without a group in teams.csv (matched by name, or by name without .gz/.txt/.tsv): d');
  assert.equal(unmatchedWarning(app(['e', 'a', 'd'], { a: 'T1' })), '2 runs without a group in groups.tsv (matched by name, or by name without .gz/.txt/.tsv): e, d');
  assert.equal(unmatchedWarning(app(['a'], { a: 'T1' })), null);
  // a group named "" or 0 is a group
  assert.deepEqual(teams(app(['a', 'b'], { a: '', b: 0 })).unmatched, []);
});
