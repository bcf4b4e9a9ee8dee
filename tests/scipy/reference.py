#!/usr/bin/python3
"""Prints scipy's p-values for the test vectors irlens checks itself against.

Run with Debian's python3-scipy (scipy 1.10.1): /usr/bin/python3 tests/scipy/reference.py
Each output line is tab-separated:
    case  function  alternative  statistic  p  x  y
with x and y as comma-separated numbers (repr: they read back as the same doubles). statistic
and p are 'nan' where scipy returns NaN or raises (irlens then returns NaN with a note).
The functions are called with scipy's defaults:
    ttest_rel(x, y), wilcoxon(x, y), binomtest(#x>y, #x!=y, 0.5), kendalltau(x, y), spearmanr(x, y)
Two more lines check the bootstrap intervals of the mean of x: irlens' generator (xoshiro256**
seeded by splitmix64, integers by rejection; core/include/irlens/stats/random.hpp) is transcribed below
to draw the same B bootstrap means as irlens, and scipy's own BCa steps (scipy.stats._resampling.
_bca_interval, as scipy.stats.bootstrap uses them) and np.percentile give the bounds. On those lines
(functions bootstrap_bca and bootstrap_percentile) 'statistic' is the lower bound, 'p' the upper
bound, and y holds B, seed and confidence level.
tests/scipy/reference.txt holds this script's output as recorded; the unit tests compare irlens
with it (1e-9 relative), and the ctest `scipy` runs the script live when scipy is importable.
"""
import sys
import warnings

import numpy as np
import scipy
from scipy import stats


def cases():
    """(name, x, y): small hand-made vectors first, then seeded random ones."""
    yield "tiny", [0.30, 0.52, 0.21, 0.80, 0.66, 0.45], [0.10, 0.60, 0.20, 0.55, 0.31, 0.47]
    # P@10-like scores: tied differences, no zero -> Wilcoxon's exact path with ties.
    yield "ties", [0.5, 0.3, 0.7, 0.4, 0.6, 0.2, 0.9, 0.5], [0.3, 0.1, 0.5, 0.5, 0.4, 0.1, 0.6, 0.4]
    # Zero differences -> Wilcoxon switches to the normal approximation.
    yield "zeros", [0.5, 0.3, 0.7, 0.4, 0.6, 0.2, 0.9, 0.5, 0.8, 0.1], [
        0.5,
        0.1,
        0.5,
        0.4,
        0.4,
        0.1,
        0.6,
        0.5,
        0.3,
        0.2,
    ]
    yield "identical", [0.1, 0.2, 0.3, 0.4], [0.1, 0.2, 0.3, 0.4]
    yield "one_topic", [0.7], [0.2]
    yield "all_wins", [0.9, 0.8, 0.7, 0.6, 0.75, 0.85, 0.65], [0.1, 0.2, 0.3, 0.15, 0.25, 0.05, 0.35]
    rng = np.random.RandomState(20130101)
    for name, n, shift, decimals in (
        ("n12", 12, 0.05, 4),
        ("n30", 30, 0.02, 4),
        ("n50", 50, 0.03, 4),
        ("n60", 60, 0.01, 4),
        ("n40_grid", 40, 0.02, 1),
        ("n150", 150, 0.0, 3),
    ):
        x = np.round(rng.uniform(0, 1, n), decimals)
        y = np.round(np.clip(x - shift + rng.normal(0, 0.15, n), 0, 1), decimals)
        yield name, [float(v) for v in x], [float(v) for v in y]


MASK = (1 << 64) - 1


class IrlensRng:
    """core/include/irlens/stats/random.hpp in Python integers."""

    def __init__(self, seed):
        self.s = []
        for _ in range(4):
            seed = (seed + 0x9E3779B97F4A7C15) & MASK
            z = seed
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            self.s.append(z ^ (z >> 31))

    def next(self):
        s = self.s

        def rotl(x, k):
            return ((x << k) | (x >> (64 - k))) & MASK

        result = (rotl((s[1] * 5) & MASK, 7) * 9) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def below(self, n):
        threshold = ((1 << 64) - n) % n
        while True:
            x = self.next()
            if x >= threshold:
                return x % n


def bootstrap_intervals(x, B, seed, level):
    """irlens' B bootstrap means of x (counts per topic, summed in topic order), then scipy's BCa
    and percentile bounds."""
    from scipy.stats._resampling import _bca_interval

    n = len(x)
    rng = IrlensRng(seed)
    means = []
    for _ in range(B):
        counts = [0.0] * n
        for _ in range(n):
            counts[rng.below(n)] += 1
        total = 0.0
        for t in range(n):
            total += counts[t] * x[t]
        means.append(total / n)
    theta = np.array(means)
    alpha = (1 - level) / 2
    a1, a2 = _bca_interval((np.array(x),), lambda v, axis: np.mean(v, axis=axis), -1, alpha, theta, None)[:2]
    bca = (float(np.percentile(theta, a1 * 100)), float(np.percentile(theta, a2 * 100)))
    percentile = (float(np.percentile(theta, alpha * 100)), float(np.percentile(theta, (1 - alpha) * 100)))
    return bca, percentile


def nan_on_error(f):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            r = f()
            return float(r.statistic), float(r.pvalue)
        except ValueError:
            return float("nan"), float("nan")


def main():
    if not scipy.__version__.startswith("1.10."):
        print(f"# warning: scipy {scipy.__version__}, the recorded values come from scipy 1.10.1", file=sys.stderr)
    out = sys.stdout
    for name, x, y in cases():
        xs = ",".join(repr(v) for v in x)
        ys = ",".join(repr(v) for v in y)
        d = np.asarray(x) - np.asarray(y)
        wins, n = int(np.sum(d > 0)), int(np.sum(d != 0))
        for alt in ("two-sided", "greater", "less"):
            results = {
                "ttest_rel": nan_on_error(lambda: stats.ttest_rel(x, y, alternative=alt)),
                "wilcoxon": nan_on_error(lambda: stats.wilcoxon(x, y, alternative=alt)),
                "binomtest": nan_on_error(lambda: stats.binomtest(wins, n, 0.5, alternative=alt)),
                "kendalltau": nan_on_error(lambda: stats.kendalltau(x, y, alternative=alt)),
                "spearmanr": nan_on_error(lambda: stats.spearmanr(x, y, alternative=alt)),
            }
            for function, (statistic, p) in results.items():
                out.write(f"{name}\t{function}\t{alt}\t{statistic!r}\t{p!r}\t{xs}\t{ys}\n")
    x = [0.61, 0.35, 0.77, 0.12, 0.48, 0.93, 0.27, 0.55, 0.69, 0.41, 0.83, 0.19, 0.05, 0.99]
    B, seed, level = 2000, 17, 0.9
    bca, percentile = bootstrap_intervals(x, B, seed, level)
    xs = ",".join(repr(v) for v in x)
    for function, (low, high) in (("bootstrap_bca", bca), ("bootstrap_percentile", percentile)):
        out.write(f"interval\t{function}\ttwo-sided\t{low!r}\t{high!r}\t{xs}\t{B},{seed},{level}\n")


if __name__ == "__main__":
    main()
