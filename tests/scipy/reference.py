#!/usr/bin/python3
"""Prints scipy's p-values for the test vectors irlens checks itself against.

Run with Debian's python3-scipy (scipy 1.10.1): /usr/bin/python3 tests/scipy/reference.py
Each output line is tab-separated:
    case  function  alternative  statistic  p  x  y
with x and y as comma-separated numbers (repr: they read back as the same doubles). statistic
and p are 'nan' where scipy returns NaN or raises (irlens then returns p = 1).
The functions are called with scipy's defaults:
    ttest_rel(x, y), wilcoxon(x, y), binomtest(#x>y, #x!=y, 0.5), kendalltau(x, y), spearmanr(x, y)
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
    yield "zeros", [0.5, 0.3, 0.7, 0.4, 0.6, 0.2, 0.9, 0.5, 0.8, 0.1], [0.5, 0.1, 0.5, 0.4, 0.4, 0.1, 0.6, 0.5, 0.3, 0.2]
    yield "identical", [0.1, 0.2, 0.3, 0.4], [0.1, 0.2, 0.3, 0.4]
    yield "one_topic", [0.7], [0.2]
    yield "all_wins", [0.9, 0.8, 0.7, 0.6, 0.75, 0.85, 0.65], [0.1, 0.2, 0.3, 0.15, 0.25, 0.05, 0.35]
    rng = np.random.RandomState(20130101)
    for name, n, shift, decimals in (("n12", 12, 0.05, 4), ("n30", 30, 0.02, 4), ("n50", 50, 0.03, 4),
                                     ("n60", 60, 0.01, 4), ("n40_grid", 40, 0.02, 1), ("n150", 150, 0.0, 3)):
        x = np.round(rng.uniform(0, 1, n), decimals)
        y = np.round(np.clip(x - shift + rng.normal(0, 0.15, n), 0, 1), decimals)
        yield name, [float(v) for v in x], [float(v) for v in y]


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


if __name__ == "__main__":
    main()
