#!/usr/bin/python3
"""Checks every number of `irlens meta topic-set-size` and `irlens meta power` against scipy.

usage: topic_set_size.py IRLENS QRELS RUN...     (Debian's python3-scipy 1.10.1)
A RUN that is a directory stands for every file in it (e.g. ../shared/data/covid-r1/runs).

The per-topic scores come from `irlens eval -q --format json` (full precision); from them this script
computes, with numpy and scipy only:
  V_E = SS_E / ((n - 1)(m - 1)), the residual mean square of the two-way ANOVA without replication,
  V_W = sum (x_ij - mean_i.)^2 / (m (n - 1)), the one-way ANOVA's within-run mean square,
  paired-t power(n) = nct.sf(t, n - 1, d / sqrt(2 V_E / n)) + nct.cdf(-t, ...), t = t.isf(alpha / 2, n - 1),
  anova power(n)    = ncf.sf(f.isf(alpha, m - 1, m (n - 1)), m - 1, m (n - 1), n d^2 / (2 V_W)),
  ci width(n)       = 2 t.isf(alpha / 2, n - 1) sqrt(2 V_E / n),
the topic set sizes by a linear scan from n = 2 (irlens searches by doubling and bisection), the
power curves, and the minimum detectable difference by brentq. Values agree to 1e-9 relative, sizes
exactly; an undefined value (null) agrees only with an undefined one. Exits 1 on a disagreement,
77 (SKIPPED) when scipy cannot be imported or an input is absent (e.g. ../shared).
"""
import json
import math
import os
import subprocess
import sys
import warnings

try:
    import numpy as np
    from scipy import optimize, stats
except ImportError:
    print("SKIPPED: python3 cannot import scipy (apt-get install python3-scipy)")
    sys.exit(77)

MEASURES = ["AP", "nDCG@10", "P@5"]
SETTINGS = [  # alpha, beta, min_diff, ci_width
    (0.05, 0.2, 0.05, 0.1),
    (0.01, 0.1, 0.1, 0.05),
]
failures = []
compared = 0


def agree(what, irlens, scipy_value, rel=1e-9):
    global compared
    compared += 1
    if irlens is None or scipy_value is None or (isinstance(scipy_value, float) and math.isnan(scipy_value)):
        undefined_scipy = scipy_value is None or math.isnan(scipy_value)
        if not (irlens is None and undefined_scipy):
            failures.append(f"{what}: irlens {irlens}, scipy {scipy_value}")
        return
    if abs(irlens - scipy_value) > rel * abs(scipy_value) and abs(irlens - scipy_value) > 1e-15:
        failures.append(f"{what}: irlens {irlens!r}, scipy {scipy_value!r}")


def run_irlens(irlens, args):
    out = subprocess.run([irlens] + args, capture_output=True, text=True)
    if out.returncode != 0:
        print(f"FAIL: irlens {' '.join(args[:3])} ... exited {out.returncode}: {out.stderr.strip()}")
        sys.exit(1)
    return json.loads(out.stdout)


def t_isf(a, df):
    """scipy's t.isf, polished by Newton steps on t.sf (see the docstring)."""
    x = stats.t.isf(a, df)
    for _ in range(3):
        x = x + (stats.t.sf(x, df) - a) / stats.t.pdf(x, df)
    return x


def f_isf(a, df1, df2):
    """scipy's f.isf, polished by Newton steps on f.sf."""
    x = stats.f.isf(a, df1, df2)
    for _ in range(3):
        x = x + (stats.f.sf(x, df1, df2) - a) / stats.f.pdf(x, df1, df2)
    return x


def paired_t_power(n, d, v_e, alpha):
    n = np.asarray(n, dtype=float)
    df = n - 1
    ncp = d / np.sqrt(2 * v_e / n)
    t = t_isf(alpha / 2, df)
    return stats.nct.sf(t, df, ncp) + stats.nct.cdf(-t, df, ncp)


def anova_power(n, m, d, v_w, alpha):
    n = np.asarray(n, dtype=float)
    df1, df2 = m - 1, m * (n - 1)
    return stats.ncf.sf(f_isf(alpha, df1, df2), df1, df2, n * d * d / (2 * v_w))


def ci_width(n, v_e, alpha):
    n = np.asarray(n, dtype=float)
    return 2 * t_isf(alpha / 2, n - 1) * np.sqrt(2 * v_e / n)


def first(ok, limit=200000):
    """The smallest n >= 2 with ok(n) (vectorised linear scan), or None."""
    lo = 2
    while lo <= limit:
        ns = np.arange(lo, lo + 2000)
        hit = np.nonzero(ok(ns))[0]
        if hit.size:
            return int(ns[hit[0]])
        lo += 2000
    return None


def main():
    # scipy's Boost warns "series did not converge" for sizes far beyond an answer, which the scan
    # evaluates in blocks of 2000 and never uses.
    warnings.simplefilter("ignore", RuntimeWarning)
    if len(sys.argv) < 4:
        print(__doc__)
        sys.exit(2)
    irlens, qrels, runs = sys.argv[1], sys.argv[2], sys.argv[3:]
    for path in [qrels] + runs:
        if not os.path.exists(path):
            print(f"SKIPPED: {path} is absent")
            sys.exit(77)
    runs = (
        [os.path.join(r, f) for r in runs for f in sorted(os.listdir(r))]
        if all(os.path.isdir(r) for r in runs)
        else runs
    )
    measure_args = [a for m in MEASURES for a in ("-m", m)]
    ev = run_irlens(irlens, ["eval", qrels] + runs + measure_args + ["-q", "-f", "json"])
    names = list(ev["runs"])
    docs = {}  # per setting: both documents, over every measure at once
    for alpha, beta, d, width in SETTINGS:
        common = ["--alpha", str(alpha), "--beta", str(beta), "--min-diff", str(d)] + measure_args
        docs[(alpha, beta, d, width)] = (
            run_irlens(
                irlens, ["meta", "topic-set-size", qrels] + runs + common + ["--ci-width", str(width), "-f", "json"]
            ),
            run_irlens(irlens, ["meta", "power", qrels] + runs + common + ["-f", "json"]),
        )
    global compared
    for measure in ev["measures"]:
        topics = [
            t
            for t in ev["runs"][names[0]]["per_topic"]
            if all(ev["runs"][r]["per_topic"].get(t, {}).get(measure) is not None for r in names)
        ]
        x = np.array([[ev["runs"][r]["per_topic"][t][measure] for t in topics] for r in names])
        m, n = x.shape
        resid = x - x.mean(axis=1, keepdims=True) - x.mean(axis=0, keepdims=True) + x.mean()
        v_e = float((resid**2).sum() / ((n - 1) * (m - 1)))
        v_w = float(((x - x.mean(axis=1, keepdims=True)) ** 2).sum() / (m * (n - 1)))
        for (alpha, beta, d, width), (doc, power) in docs.items():
            rows = {r["design"]: r for r in doc["designs"] if r["measure"] == measure}
            tag = f"{measure} alpha={alpha} beta={beta} d={d}"
            want = {
                "paired-t": (v_e, first(lambda ns: paired_t_power(ns, d, v_e, alpha) >= 1 - beta)),
                "anova": (v_w, first(lambda ns: anova_power(ns, m, d, v_w, alpha) >= 1 - beta)),
                "ci": (v_e, first(lambda ns: ci_width(ns, v_e, alpha) <= width)),
            }
            for design, (variance, size) in want.items():
                row = rows[design]
                agree(f"{tag} {design} variance", row["variance"], variance)
                compared += 1
                if row["topics"] != size or row["runs"] != m:
                    failures.append(
                        f"{tag} {design}: irlens {row['topics']} topics ({row['runs']} runs), scipy {size} ({m})"
                    )
                if size is not None:
                    achieved = {
                        "paired-t": lambda: paired_t_power(size, d, v_e, alpha),
                        "anova": lambda: anova_power(size, m, d, v_w, alpha),
                        "ci": lambda: ci_width(size, v_e, alpha),
                    }[design]()
                    agree(f"{tag} {design} achieved", row["achieved"], float(achieved))
            # The curves run to the largest answer of any measure (or the topics), at most 1000.
            top = doc["curve_topics"]
            if top < min(1000, max(2, n, want["paired-t"][1] or 0, want["anova"][1] or 0)) or top > 1000:
                failures.append(f"{tag}: curve_topics {top} is below this measure's answers or above 1000")
            ns = np.arange(2, top + 1)
            pc = next(mm for mm in doc["measures"] if mm["measure"] == measure)["power_curve"]
            for design, values in (
                ("paired-t", paired_t_power(ns, d, v_e, alpha)),
                ("anova", anova_power(ns, m, d, v_w, alpha)),
            ):
                if len(pc[design]) != len(ns):
                    failures.append(f"{tag} {design} curve: {len(pc[design])} points, expected {len(ns)}")
                    continue
                for k, v in enumerate(values):
                    agree(f"{tag} {design} power at {k + 2} topics", pc[design][k], float(v))
            p = next(mm for mm in power["measures"] if mm["measure"] == measure)
            agree(f"{tag} power v_e", p["v_e"], v_e)
            if p["topics"] != n or p["runs"] != m:
                failures.append(f"{tag} power: {p['topics']} topics, {p['runs']} runs; expected {n}, {m}")
            agree(f"{tag} power", p["power"], float(paired_t_power(n, d, v_e, alpha)))
            mdd = optimize.brentq(
                lambda z: float(paired_t_power(n, z, v_e, alpha)) - (1 - beta),
                1e-12,
                10,
                xtol=1e-16,
                rtol=4 * np.finfo(float).eps,
                maxiter=500,
            )
            agree(f"{tag} min_detectable_diff", p["min_detectable_diff"], mdd)
    for f in failures:
        print("FAIL", f)
    print(f"{compared} topic set size / power values compared with scipy, {len(failures)} disagreement(s)")
    sys.exit(1 if failures else 0)


main()
