// The run labels of the relative view's scatters (web/src/charts/run-labels.js): which runs are
// labelled and where the labels go. Pixels by hand; the browser's own boxes are checked on the
// TREC-COVID campaign (143 runs) in tests/web/campaign.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bestRuns, placeLabels, pointsDomain, scatterAxis, runLabelLayer, LABEL_FONT } from '../../web/src/charts/run-labels.js';

test('the runs labelled: the best by y and by x alternately, without repeats; no value is never best', () => {
  const points = [
    { run: 'a', x: 0.9, y: 0.1 }, { run: 'b', x: 0.8, y: 0.9 }, { run: 'c', x: 0.1, y: 0.8 },
    { run: 'd', x: 0.5, y: 0.5 }, { run: 'e', x: null, y: null }, { run: 'f', x: 0.5, y: 0.2 },
  ];
  // by y: b (0.9), c (0.8), d (0.5); by x: a (0.9), b (0.8), d and f (0.5: by name, d first)
  assert.deepEqual(bestRuns(points, 3), ['b', 'a', 'c', 'd']);
  assert.deepEqual(bestRuns(points, 1), ['b', 'a']);
  assert.deepEqual(bestRuns([{ run: 'e', x: null, y: NaN }], 5), []);
});

test('a label goes right of its point, else left, above, below, then the diagonals, then further out', () => {
  const area = { width: 200, height: 100 };
  const opts = { r: 6, gap: 2 };
  // One point at (100, 50), a 40 x 14 label: right of it, 6 + 2 = 8 px from its centre, centred.
  let { placed } = placeLabels([{ key: 'a', px: 100, py: 50, width: 40, height: 14 }], area, opts);
  assert.deepEqual(placed, [{ key: 'a', left: 108, top: 43, width: 40, height: 14 }]);
  // Near the right edge (px 180: 188 + 40 > 200): left of it, 180 - 8 - 40 = 132.
  ({ placed } = placeLabels([{ key: 'a', px: 180, py: 50, width: 40, height: 14 }], area, opts));
  assert.equal(placed[0].left, 132);
  // Two points 10 px apart on a line: right of a (108..148) would cover b's point (110, 50): a's
  // label goes left, 100 - 8 - 40 = 52; b's right, 110 + 8 = 118 (clear of a's label and point).
  ({ placed } = placeLabels([{ key: 'a', px: 100, py: 50, width: 40, height: 14 }, { key: 'b', px: 110, py: 50, width: 40, height: 14 }], area, opts));
  assert.deepEqual(placed.map((p) => [p.key, p.left, p.top]), [['a', 52, 43], ['b', 118, 43]]);
});

test('labels never intersect nor cover a labelled point; a label with no room is left out and named', () => {
  // 30 points on a diagonal 3 px apart in a small area: most labels find no room.
  const wanted = Array.from({ length: 30 }, (_, i) => ({ key: `r${i}`, px: 40 + 3 * i, py: 40 + 3 * i, width: 50, height: 14 }));
  const { placed, left } = placeLabels(wanted, { width: 200, height: 160 }, { r: 6, gap: 2 });
  assert.equal(placed.length + left.length, 30);
  assert.ok(placed.length >= 2 && left.length >= 1, `${placed.length} placed, ${left.length} left out`);
  assert.deepEqual(placed.map((p) => p.key).slice(0, 1), ['r0']); // priority: the first wanted is placed
  for (const [i, a] of placed.entries()) {
    assert.ok(a.left >= 0 && a.top >= 0 && a.left + a.width <= 200 && a.top + a.height <= 160, `${a.key} inside`);
    for (const b of placed.slice(i + 1))
      assert.ok(a.left + a.width + 2 <= b.left || b.left + b.width + 2 <= a.left || a.top + a.height + 2 <= b.top || b.top + b.height + 2 <= a.top, `${a.key} / ${b.key}`);
    for (const w of wanted) {
      const dx = Math.max(a.left - w.px, 0, w.px - a.left - a.width), dy = Math.max(a.top - w.py, 0, w.py - a.top - a.height);
      assert.ok(dx * dx + dy * dy >= 36, `${a.key} covers ${w.key}'s point`);
    }
  }
});

// The eight places of the first ring, one at a time: a 10 x 4 label, r 6 (d = 6 + 2 = 8 px out, on
// the diagonals e = 8 / sqrt(2) = 5.657 px on each axis); the area's edges rule out the places before.
const one = (px, py, area) => placeLabels([{ key: 'a', px, py, width: 10, height: 4 }], area, { r: 6, gap: 2 }).placed[0] || null;
const at = (box) => box && [box.left, box.top];
const E = 8 * Math.SQRT1_2;

test('the eight places in order, each taken where the ones before leave the area; the edges are inside', () => {
  // point (17, 20) in 33 x 40: right 25..35 > 33, left -1 < 0; above: 17 - 5 = 12, 20 - 8 - 4 = 8
  assert.deepEqual(at(one(17, 20, { width: 33, height: 40 })), [12, 8]);
  // point (17, 10) in 33 x 30: above's top -2; below: 10 + 8 = 18
  assert.deepEqual(at(one(17, 10, { width: 33, height: 30 })), [12, 18]);
  // point (17, 10) in 33 x 21: below ends at 22 > 21; above-right: 17 + e, 10 - e - 4 (ends at 32.657 <= 33)
  assert.deepEqual(at(one(17, 10, { width: 33, height: 21 })), [17 + E, 10 - E - 4]);
  // 30 wide: above-right ends at 32.657 > 30; above-left: 17 - e - 10 = 1.343
  assert.deepEqual(at(one(17, 10, { width: 30, height: 21 })), [17 - E - 10, 10 - E - 4]);
  // point (17, 5) in 33 x 15: the above places leave the top; below-right: 5 + e = 10.657 (ends at 14.657)
  assert.deepEqual(at(one(17, 5, { width: 33, height: 15 })), [17 + E, 5 + E]);
  assert.deepEqual(at(one(17, 5, { width: 30, height: 15 })), [17 - E - 10, 5 + E]);
  // a label may touch the area's edges: right of (17, 10) ends at 35 = width; left of (18, 10) starts at 0
  assert.deepEqual(at(one(17, 10, { width: 35, height: 20 })), [25, 8]);
  assert.deepEqual(at(one(18, 10, { width: 35, height: 20 })), [0, 8]);
  // above (17, 12) starts at top 0; below (17, 9) ends at 9 + 8 + 4 = 21 = height
  assert.deepEqual(at(one(17, 12, { width: 33, height: 40 })), [12, 0]);
  assert.deepEqual(at(one(17, 9, { width: 33, height: 21 })), [12, 17]);
  // no room at all: left out
  assert.deepEqual(placeLabels([{ key: 'a', px: 5, py: 5, width: 10, height: 4 }], { width: 10, height: 10 }), { placed: [], left: ['a'] });
});

test('the second ring is one label height and gap further out, when the first ring covers other points', () => {
  // Point P (100, 50) with four labelled points around it, 10 px away: (110, 50) (90, 50) (100, 40)
  // (100, 60). Every place of the first ring covers one of them, and right, left, above and below of
  // the second ring (d = 8 + 4 + 2 = 14) come within 4 px of one; above-right of the second ring
  // (100 + 9.899, 50 - 9.899 - 4) keeps 9.9 px from each: P's label goes there.
  const p = (key, px, py) => ({ key, px, py, width: 10, height: 4 });
  const { placed } = placeLabels([p('P', 100, 50), p('Q1', 110, 50), p('Q2', 90, 50), p('Q3', 100, 40), p('Q4', 100, 60)], { width: 300, height: 200 }, { r: 6, gap: 2 });
  const e2 = 14 * Math.SQRT1_2;
  assert.deepEqual(at(placed[0]), [100 + e2, 50 - e2 - 4]);
  assert.equal(placed[0].key, 'P');
});

test('labels keep the gap: exactly `gap` apart is allowed, one pixel closer is not', () => {
  const area = { width: 300, height: 200 }, opts = { r: 6, gap: 2 };
  const p = (key, px, py) => ({ key, px, py, width: 10, height: 4 });
  // A at (100, 50): right, 108..118 x 48..52. B at (100, 56): right, 54..58, 2 px below A's label.
  assert.deepEqual(placeLabels([p('A', 100, 50), p('B', 100, 56)], area, opts).placed.map(at), [[108, 48], [108, 54]]);
  // B at (100, 55): its right label would be 1 px from A's: B goes left (100 - 8 - 10 = 82)
  assert.deepEqual(placeLabels([p('A', 100, 50), p('B', 100, 55)], area, opts).placed.map(at), [[108, 48], [82, 53]]);
  // B above: at (100, 44) its right label 42..46 ends 2 px above A's; at (100, 45) 1 px: left
  assert.deepEqual(placeLabels([p('A', 100, 50), p('B', 100, 44)], area, opts).placed.map(at), [[108, 48], [108, 42]]);
  assert.deepEqual(placeLabels([p('A', 100, 50), p('B', 100, 45)], area, opts).placed.map(at), [[108, 48], [82, 43]]);
  // B beside: at (138, 50) in a 154-wide area its right label (146..156) leaves the area, its left
  // label 120..130 starts 2 px after A's; at (137, 50) 1 px: above instead (137 - 5, 50 - 12)
  assert.deepEqual(placeLabels([p('A', 100, 50), p('B', 138, 50)], { width: 154, height: 200 }, opts).placed.map(at), [[108, 48], [120, 48]]);
  assert.deepEqual(placeLabels([p('A', 100, 50), p('B', 137, 50)], { width: 154, height: 200 }, opts).placed.map(at), [[108, 48], [132, 38]]);
  // B's label before A's on the same line needs points of radius 1 (r 6 keeps it off A's point):
  // A (100, 50) right at 103..113 x 48..52; B (88, 53) right at 91..101 x 51..55 ends 2 px before
  // A's label (and 1 px from A's point: not covered); at (89, 53) 1 px: left instead (89 - 3 - 10)
  const small = { r: 1, gap: 2 };
  assert.deepEqual(placeLabels([p('A', 100, 50), p('B', 88, 53)], area, small).placed.map(at), [[103, 48], [91, 51]]);
  assert.deepEqual(placeLabels([p('A', 100, 50), p('B', 89, 53)], area, small).placed.map(at), [[103, 48], [76, 51]]);
});

test("a label may come to the edge of a point's disc, not into it", () => {
  // P (100, 50), right label 108..118 x 48..52; Q at (124, 50) is 6 px (r) from its end: not covered.
  const p = (key, px, py) => ({ key, px, py, width: 10, height: 4 });
  assert.deepEqual(at(placeLabels([p('P', 100, 50), p('Q', 124, 50)], { width: 300, height: 200 }).placed[0]), [108, 48]);
  // Q at (123.9, 50): 5.9 px: covered, P's label goes left
  assert.deepEqual(at(placeLabels([p('P', 100, 50), p('Q', 123.9, 50)], { width: 300, height: 200 }).placed[0]), [82, 48]);
});

test('bestRuns: ties by name either way round, n per axis', () => {
  // all tied on both axes: by name, whatever the order given
  const pts = [{ run: 'c', x: 1, y: 1 }, { run: 'a', x: 1, y: 1 }, { run: 'b', x: 1, y: 1 }];
  assert.deepEqual(bestRuns(pts, 2), ['a', 'b']);
  assert.deepEqual(bestRuns([...pts].reverse(), 2), ['a', 'b']);
  assert.deepEqual(bestRuns(pts, 3), ['a', 'b', 'c']);
  // n = 1: the best by y and the best by x, never a third
  assert.deepEqual(bestRuns([{ run: 'p', x: 3, y: 1 }, { run: 'q', x: 1, y: 3 }, { run: 'r', x: 2, y: 2 }], 1), ['q', 'p']);
  // the default: five per axis
  const many = Array.from({ length: 12 }, (_, i) => ({ run: `r${String(i).padStart(2, '0')}`, x: i, y: i }));
  assert.deepEqual(bestRuns(many), ['r11', 'r10', 'r09', 'r08', 'r07']);
});

test("a scatter's axes: the points' extent, padded (24 px on x, 16 on y), labels flush; the label layer", () => {
  const points = [{ x: 0.2, y: 5 }, { x: 0.7, y: null }, { x: NaN, y: 1 }];
  assert.deepEqual(pointsDomain(points, 'x'), { domain: [0.2, 0.7] });
  assert.deepEqual(pointsDomain(points, 'y'), { domain: [1, 5] });
  assert.deepEqual(pointsDomain([{ x: 0.5 }, { x: 0.5 }], 'x'), {}); // no range: the scale's own
  assert.deepEqual(pointsDomain([{ x: null }], 'x'), {});
  assert.deepEqual(scatterAxis(points, 'x'), { scale: { zero: false, padding: 24, domain: [0.2, 0.7] }, axis: { labelFlush: 24 } });
  assert.deepEqual(scatterAxis(points, 'y'), { scale: { zero: false, padding: 16, domain: [1, 5] }, axis: { labelFlush: 16 } });
  assert.deepEqual(LABEL_FONT, { size: 11, family: 'system-ui, sans-serif' });
  assert.deepEqual(runLabelLayer(), {
    name: 'run_labels',
    data: { name: 'run_labels', values: [] },
    mark: { type: 'text', align: 'left', baseline: 'middle', fontSize: 11 },
    encoding: { x: { field: 'lx', type: 'quantitative' }, y: { field: 'ly', type: 'quantitative' }, text: { field: 'run' } },
  });
});
