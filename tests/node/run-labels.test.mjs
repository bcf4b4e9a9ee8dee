// The run labels of the relative view's scatters (web/src/charts/run-labels.js): which runs are
// labelled and where the labels go. Pixels by hand; the browser's own boxes are checked on the
// TREC-COVID campaign (143 runs) in tests/web/campaign.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bestRuns, placeLabels } from '../../web/src/charts/run-labels.js';

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
