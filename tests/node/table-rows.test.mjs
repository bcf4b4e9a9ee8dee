// The results table's rows in the order shown (web/src/base/table-rows.js): the sort setting,
// leaderboard mode (each team's best run, ranked), the page's ranking of the runs and the best mean
// of each column among the rows shown. Every order by hand from the means below.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sortOf, leaderboardMode, leaderboardMeasure, tableRows, pageRanking, bestOfRows, BEST_RULE } from '../../web/src/base/table-rows.js';
import { DEFAULTS } from '../../web/src/base/settings.js';
import { tableApp } from './table-app.mjs';

// Loaded in the order a, b, c, d, e. AP: a 0.2, b 0.5, c null, d 0.5, e 0.1; ERR (lower is better
// here, to test the direction): a 0.3, b 0.1, c 0.2, d 0.4, e null.
const means = {
  a: { AP: 0.2, ERR: 0.3 }, b: { AP: 0.5, ERR: 0.1 }, c: { AP: null, ERR: 0.2 }, d: { AP: 0.5, ERR: 0.4 }, e: { AP: 0.1, ERR: null },
};
const directions = { ERR: 'lower' };
const groups = { a: 'T1', b: 'T2', c: 'T1', d: 'T2', e: 'T3' };
const rows = (app) => tableRows(app).rows.map((r) => [r.run, r.team, r.rank]);
const order = (app) => tableRows(app).rows.map((r) => r.run);

test('the sort setting: column and direction, descending unless asc', () => {
  const s = (sort) => sortOf({ state: { settings: { sort } } });
  assert.deepEqual(s(''), { col: '', dir: 'desc' });
  assert.deepEqual(s(undefined), { col: '', dir: 'desc' });
  assert.deepEqual(s('AP:asc'), { col: 'AP', dir: 'asc' });
  assert.deepEqual(s('AP:desc'), { col: 'AP', dir: 'desc' });
  assert.deepEqual(s('run:up'), { col: 'run', dir: 'desc' });
  assert.deepEqual(s('run'), { col: 'run', dir: 'desc' });
});

test('without a sort the rows are the runs as loaded, each with its team (none: null), no rank', () => {
  assert.deepEqual(rows(tableApp({ means })), [['a', null, null], ['b', null, null], ['c', null, null], ['d', null, null], ['e', null, null]]);
  assert.deepEqual(tableRows(tableApp({ means })).leaderboard, null);
  assert.deepEqual(rows(tableApp({ means, groups: { a: 'T1', c: 'T2' } })).map((r) => r[1]), ['T1', null, 'T2', null, null]);
  // a column that is none of run, team or a measure: as loaded
  assert.deepEqual(order(tableApp({ means, settings: { sort: 'nDCG:asc' } })), ['a', 'b', 'c', 'd', 'e']);
  // team without groups: as loaded
  assert.deepEqual(order(tableApp({ means, settings: { sort: 'team:asc' } })), ['a', 'b', 'c', 'd', 'e']);
});

test('sorted by a measure: a run without a mean is lowest; ties keep the order loaded both ways', () => {
  // AP descending: b, d (0.5, tied: loaded order), a 0.2, e 0.1, c (null = -Infinity)
  assert.deepEqual(order(tableApp({ means, settings: { sort: 'AP:desc' } })), ['b', 'd', 'a', 'e', 'c']);
  // ascending: c, e, a, then b, d still in the order loaded
  assert.deepEqual(order(tableApp({ means, settings: { sort: 'AP:asc' } })), ['c', 'e', 'a', 'b', 'd']);
  // the sort is by value, never by the registry's direction: ERR descending puts the worst first
  assert.deepEqual(order(tableApp({ means, directions, settings: { sort: 'ERR:desc' } })), ['d', 'a', 'c', 'b', 'e']);
});

test('sorted by run name or team (a run without one sorts as "")', () => {
  const m = { b: { AP: 1 }, c: { AP: 1 }, a: { AP: 1 } };
  assert.deepEqual(order(tableApp({ means: m, settings: { sort: 'run:asc' } })), ['a', 'b', 'c']);
  assert.deepEqual(order(tableApp({ means: m, settings: { sort: 'run:desc' } })), ['c', 'b', 'a']);
  const g = { b: 'B', a: 'A' }; // c has none: before A ascending
  assert.deepEqual(order(tableApp({ means: m, groups: g, settings: { sort: 'team:asc' } })), ['c', 'a', 'b']);
  assert.deepEqual(order(tableApp({ means: m, groups: g, settings: { sort: 'team:desc' } })), ['b', 'a', 'c']);
});

test('leaderboard mode needs lb=1 and run groups', () => {
  assert.equal(DEFAULTS.lb, ''); // the setting, off by default
  assert.equal(leaderboardMode(tableApp({ means, groups, settings: { lb: '1' } })), true);
  assert.equal(leaderboardMode(tableApp({ means, settings: { lb: '1' } })), false);
  assert.equal(leaderboardMode(tableApp({ means, groups })), false);
  assert.equal(tableRows(tableApp({ means, groups })).leaderboard, null);
});

test('the leaderboard measure: the sorted one if numeric, else the first numeric measure; its direction', () => {
  const m = { a: { RelString: null, AP: 0.1, ERR: 0.2 } };
  const dirs = { RelString: 'text', ERR: 'lower' };
  assert.deepEqual(leaderboardMeasure(tableApp({ means: m, directions: dirs })), { measure: 'AP', direction: 'higher' });
  assert.deepEqual(leaderboardMeasure(tableApp({ means: m, directions: dirs, settings: { sort: 'ERR:asc' } })), { measure: 'ERR', direction: 'lower' });
  // a sort by run or by a measure without means is no leaderboard measure
  assert.deepEqual(leaderboardMeasure(tableApp({ means: m, directions: dirs, settings: { sort: 'run:asc' } })), { measure: 'AP', direction: 'higher' });
  assert.deepEqual(leaderboardMeasure(tableApp({ means: m, directions: dirs, settings: { sort: 'RelString:asc' } })), { measure: 'AP', direction: 'higher' });
  // no numeric measure: the first; better neither way counts as higher
  assert.deepEqual(leaderboardMeasure(tableApp({ means: { a: { RelString: null } }, directions: dirs })), { measure: 'RelString', direction: 'higher' });
  assert.deepEqual(leaderboardMeasure(tableApp({ means: { a: { X: 1 } }, directions: { X: 'neither' } })), { measure: 'X', direction: 'higher' });
  // a measure one run has a mean of is numeric
  assert.deepEqual(leaderboardMeasure(tableApp({ means: { a: { X: null, Y: 1 }, b: { X: 2, Y: 1 } } })).measure, 'X');
});

test("leaderboard: each team's best run, ranked best first; ties: the run loaded first", () => {
  // by AP (higher): T1 {a 0.2, c null} -> a; T2 {b 0.5, d 0.5} -> b (tie, loaded first); T3 {e 0.1}
  const app = tableApp({ means, groups, settings: { lb: '1' } });
  assert.deepEqual(rows(app), [['b', 'T2', 1], ['a', 'T1', 2], ['e', 'T3', 3]]);
  assert.deepEqual(tableRows(app).leaderboard, { measure: 'AP', direction: 'higher', teams: 3 });
  // by ERR (lower): T1 {a 0.3, c 0.2} -> c; T2 {b 0.1, d 0.4} -> b; T3 {e null} -> e, last
  const err = tableApp({ means, directions, groups, settings: { lb: '1', sort: 'ERR:asc' } });
  assert.deepEqual(tableRows(err).leaderboard, { measure: 'ERR', direction: 'lower', teams: 3 });
  // rows sorted by ERR ascending (e: null sorts lowest), each keeping its rank by ERR
  assert.deepEqual(rows(err), [['e', 'T3', 3], ['b', 'T2', 1], ['c', 'T1', 2]]);
  // descending: the worst first, ranks kept
  assert.deepEqual(rows(tableApp({ means, directions, groups, settings: { lb: '1', sort: 'ERR:desc' } })), [['c', 'T1', 2], ['b', 'T2', 1], ['e', 'T3', 3]]);
});

test('leaderboard: a run without a mean is never best while its team has one; runs without a team left out', () => {
  // T1: c (null) loaded before a (0.2): a is best; x has no team
  const m = { c: { AP: null }, a: { AP: 0.2 }, x: { AP: 0.9 }, n: { AP: null } };
  const app = tableApp({ means: m, groups: { c: 'T1', a: 'T1', n: 'T2' }, settings: { lb: '1' } });
  // T2 has only n (null): it is shown, ranked after every team with a mean
  assert.deepEqual(rows(app), [['a', 'T1', 1], ['n', 'T2', 2]]);
  // two teams without means: ranked in the order loaded
  const none = tableApp({ means: { p: { AP: null }, q: { AP: null } }, groups: { p: 'B', q: 'A' }, settings: { lb: '1' } });
  assert.deepEqual(rows(none), [['p', 'B', 1], ['q', 'A', 2]]);
  // a tie between teams: ranked in the order loaded
  // a mean of 0 or below is still better than none; lower is better: a tie goes to the run loaded first
  assert.deepEqual(rows(tableApp({ means: { c: { AP: null }, a: { AP: -0.5 } }, groups: { c: 'T', a: 'T' }, settings: { lb: '1' } })), [['a', 'T', 1]]);
  assert.deepEqual(rows(tableApp({ means: { c: { E: 0.3 }, a: { E: 0.3 } }, directions: { E: 'lower' }, groups: { c: 'T', a: 'T' }, settings: { lb: '1' } })), [['c', 'T', 1]]);
  const tie = tableApp({ means: { p: { AP: 0.5 }, q: { AP: 0.5 }, r: { AP: 0.7 } }, groups: { p: 'B', q: 'A', r: 'C' }, settings: { lb: '1' } });
  assert.deepEqual(rows(tie), [['r', 'C', 1], ['p', 'B', 2], ['q', 'A', 3]]);
});

test("the page's ranking: best first by the leaderboard measure's direction, no mean last, ties as loaded", () => {
  // AP higher: b 0.5, d 0.5, a 0.2, e 0.1, c null
  assert.deepEqual(pageRanking(tableApp({ means })), { runs: ['b', 'd', 'a', 'e', 'c'], measure: 'AP', direction: 'higher' });
  // ERR lower: b 0.1, c 0.2, a 0.3, d 0.4, e null
  assert.deepEqual(pageRanking(tableApp({ means, directions, settings: { sort: 'ERR:desc' } })).runs, ['b', 'c', 'a', 'd', 'e']);
  // NaN and a missing mean rank with null, last, in the order loaded
  const m = { p: { AP: NaN }, q: { AP: 0.1 }, r: { AP: undefined }, s: { AP: null }, t: { AP: -0.5 } };
  assert.deepEqual(pageRanking(tableApp({ means: m, measures: ['AP'] })).runs, ['q', 't', 'p', 'r', 's']);
  assert.deepEqual(pageRanking(tableApp({ means: m, measures: ['AP'], directions: { AP: 'lower' } })).runs, ['t', 'q', 'p', 'r', 's']);
});

test('the best mean of each column among the rows shown, by the direction; none for neither, text or no mean', () => {
  const m = { a: { AP: 0.2, ERR: 0.3, X: 1, S: null, N: null }, b: { AP: 0.5, ERR: 0.1, X: 2, S: null, N: null }, c: { AP: null, ERR: 0.2, X: 3, S: null, N: null } };
  const dirs = { ERR: 'lower', X: 'neither', S: 'text' };
  assert.deepEqual(bestOfRows(tableApp({ means: m, directions: dirs })), { AP: 0.5, ERR: 0.1, X: null, S: null, N: null });
  // only the rows shown count: the leaderboard's (T1: a vs c by AP -> a; T2: b)
  const lb = tableApp({ means: m, directions: dirs, groups: { a: 'T1', c: 'T1' }, settings: { lb: '1' } });
  assert.deepEqual(tableRows(lb).rows.map((r) => r.run), ['a']);
  assert.deepEqual(bestOfRows(lb), { AP: 0.2, ERR: 0.3, X: null, S: null, N: null });
  // a measure the registry does not know: none; negative means: the highest still
  assert.deepEqual(bestOfRows(tableApp({ means: { a: { Y: -2 }, b: { Y: -1 } }, measures: ['Y', 'Z'] })), { Y: -1, Z: null });
  assert.equal(BEST_RULE, 'best per column among the rows shown in bold');
});
