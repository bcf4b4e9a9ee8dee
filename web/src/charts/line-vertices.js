// The vertices a line chart needs of a curve: a run of equal values is a straight segment, so only
// its first and last points are drawn (the line is the curve's exactly, with fewer vertices).

/**
 * The indices i in [0, n) with value(i) differing from its neighbour on either side, plus the
 * first and last index: the ends of each run of equal values.
 * E.g. values [0, 0, 0, 0.2, 0.5, 0.5] -> [0, 2, 3, 4, 5].
 */
export function runEnds(n, value) {
  const kept = [];
  for (let i = 0; i < n; i++)
    if (i === 0 || i === n - 1 || value(i) !== value(i - 1) || value(i) !== value(i + 1)) kept.push(i);
  return kept;
}
