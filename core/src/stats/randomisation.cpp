// Fisher's randomisation (permutation) test of the mean paired difference (Sakai Sec. 4.5; Smucker,
// Allan & Carterette, CIKM 2007): under H0 each difference is as likely to have either sign.
#include "irlens/stats/null_distribution.hpp"
#include "irlens/stats/significance.hpp"

#include "stats/batch_tests.hpp"
#include "stats/paired_input.hpp"
#include "stats/resample_blocks.hpp"
#include "stats/tolerance.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace irlens::stats {

namespace {

/// The sums of v[0..k) under all 2^k sign patterns (each sum added up in index order).
std::vector<double> signed_sums(const double* v, std::size_t k) {
    std::vector<double> sums{0.0};
    for (std::size_t i = 0; i < k; ++i) {
        std::vector<double> next;
        next.reserve(sums.size() * 2);
        for (double s : sums) {
            next.push_back(s + v[i]);
            next.push_back(s - v[i]);
        }
        sums.swap(next);
    }
    return sums;
}

/// acc[k] += col[k] or acc[k] -= col[k] (vectorised across pairs; each sum still adds its topics
/// in order).
void add_signed(double* __restrict acc, const double* __restrict col, bool plus, std::size_t len) {
    if (plus)
        for (std::size_t k = 0; k < len; ++k) acc[k] += col[k];
    else
        for (std::size_t k = 0; k < len; ++k) acc[k] -= col[k];
}

/// Which sums l + r of the exact enumeration count as extreme: r >= hi - l (upper tail) or
/// r <= lo - l (lower tail), each comparison made as the sorted search in exact_p makes it; all:
/// every sum (two-sided with |observed| within the slack of 0).
struct ExactCut {
    bool all = false, upper = false, lower = false;
    double hi = 0, lo = 0;
};
ExactCut exact_cut(double observed, double scale, Alternative alt) {
    const double slack = kTieTolerance * scale;  // scale: sum of |d| (tolerance.hpp)
    ExactCut c;
    if (alt == Alternative::TwoSided) {
        const double threshold = std::fabs(observed) - slack;
        if (threshold <= 0) c.all = true;
        c.upper = c.lower = true, c.hi = threshold, c.lo = -threshold;
    } else if (alt == Alternative::Greater) {
        c.upper = true, c.hi = observed - slack;
    } else {
        c.lower = true, c.lo = observed + slack;
    }
    return c;
}
bool exact_extreme(const ExactCut& c, double l, double r) {
    return c.all || (c.upper && r >= c.hi - l) || (c.lower && r <= c.lo - l);
}

/// The two halves of the exact enumeration: the signed sums of the first m / 2 non-zero
/// differences, and those of the rest, sorted.
struct Halves {
    std::vector<double> left, right;
    explicit Halves(const std::vector<double>& nonzero)
        : left(signed_sums(nonzero.data(), nonzero.size() / 2)),
          right(signed_sums(nonzero.data() + nonzero.size() / 2, nonzero.size() - nonzero.size() / 2)) {
        std::sort(right.begin(), right.end());
    }
};

/// Exact p over all 2^m sign flips of the m non-zero differences, by meeting in the middle: the
/// sums of the two halves are enumerated separately and a sum l + r is judged through
/// exact_extreme, counted by binary search in the sorted second half (a sum in both tails, possible
/// only through rounding, counts once).
double exact_p(const std::vector<double>& nonzero, double observed, double scale, Alternative alt) {
    const ExactCut cut = exact_cut(observed, scale, alt);
    if (cut.all) return 1.0;
    const Halves h(nonzero);
    const auto begin = h.right.begin(), end = h.right.end();
    double count = 0;
    for (double l : h.left) {
        const auto first_hi = cut.upper ? std::lower_bound(begin, end, cut.hi - l) : end;  // r >= hi - l
        const auto end_lo = cut.lower ? std::upper_bound(begin, end, cut.lo - l) : begin;  // r <= lo - l
        count +=
            static_cast<double>((end - first_hi) + (end_lo - begin) - std::max<std::ptrdiff_t>(0, end_lo - first_hi));
    }
    return std::min(1.0, count / std::ldexp(1.0, static_cast<int>(nonzero.size())));
}

/// Whether a resampled sum of signed differences is at least as extreme as the observed sum.
bool flip_extreme(double sum, double observed, double scale, Alternative alt) {
    return alt == Alternative::TwoSided  ? at_least(std::fabs(sum), std::fabs(observed), scale)
           : alt == Alternative::Greater ? at_least(sum, observed, scale)
                                         : at_most(sum, observed, scale);
}

}  // namespace

std::vector<double> pair_differences(const std::vector<std::vector<double>>& rows, const std::vector<RunPair>& pairs,
                                     const char* test) {
    const std::size_t P = pairs.size(), n = rows.empty() ? 0 : rows[0].size();
    for (const auto& row : rows)
        if (row.size() != n) throw UsageError(std::string(test) + ": the score vectors differ in length");
    std::vector<double> d(n * P);
    for (std::size_t p = 0; p < P; ++p) {
        const std::vector<double>& a = rows.at(pairs[p].a);
        const std::vector<double>& b = rows.at(pairs[p].b);
        for (std::size_t t = 0; t < n; ++t) d[t * P + p] = a[t] - b[t];
    }
    return d;
}

std::vector<TestResult> randomisation_tests(const std::vector<std::vector<double>>& rows,
                                            const std::vector<RunPair>& pairs, Alternative alt, const Resampling& r) {
    check_resampling(r);
    const char* name = "randomisation test";
    const std::vector<double> d = pair_differences(rows, pairs, name);
    const std::size_t P = pairs.size(), n = P ? d.size() / P : 0;
    std::vector<TestResult> out(P);
    std::vector<std::size_t> sampled;  // pairs tested by Monte Carlo
    std::vector<double> observed(P, 0.0), scale(P, 0.0);
    for (std::size_t p = 0; p < P; ++p) {
        std::vector<double> nonzero;
        for (std::size_t t = 0; t < n; ++t) {
            double v = d[t * P + p];
            observed[p] += v;
            scale[p] += std::fabs(v);
            if (v != 0) nonzero.push_back(v);
        }
        TestResult& res = out[p];
        res.n = n;
        res.statistic = n ? observed[p] / static_cast<double>(n) : NAN;
        if (nonzero.empty()) {
            res =
                n ? p_one_by_definition(n, 0.0, "exact", "all differences are 0 (every sign flip gives the same mean)")
                  : undefined_test(n, NAN, "exact", "no topics");
        } else if (nonzero.size() <= r.exact_limit) {
            res.method = "exact (2^" + std::to_string(nonzero.size()) + " sign flips)";
            res.p = exact_p(nonzero, observed[p], scale[p], alt);
        } else {
            res.method = "Monte Carlo (B=" + std::to_string(r.B) + ")";
            sampled.push_back(p);
        }
    }
    if (sampled.empty()) return out;

    // Monte Carlo: the same B sign-flip vectors for every sampled pair.
    const std::size_t S = sampled.size();
    const std::vector<double> cols = select_pairs(d, P, sampled);
    std::vector<double> count(S, 0.0), acc(kPairChunk);
    for_resamples(
        n, r.B, S, r.seed, r.progress, [n](Rng& g, double* w) { draw_sign_flips(g, w, n); },
        [&](const double* w, std::size_t s0, std::size_t len) {
            std::fill(acc.begin(), acc.begin() + static_cast<long>(len), 0.0);
            for (std::size_t t = 0; t < n; ++t) add_signed(acc.data(), cols.data() + t * S + s0, w[t] > 0, len);
            for (std::size_t k = 0; k < len; ++k) {
                const std::size_t p = sampled[s0 + k];
                count[s0 + k] += flip_extreme(acc[k], observed[p], scale[p], alt);
            }
        });
    for (std::size_t s = 0; s < S; ++s) out[sampled[s]].p = count[s] / static_cast<double>(r.B);
    return out;
}

// The single-pair twin of randomisation_tests: the same sums in the same order (exact: every
// l + r of the halves; Monte Carlo: the same sign flips from the seed), judged by the same
// predicates, so the share of extreme samples is the test's p.
void randomisation_null(NullDistribution& nd, const std::vector<double>& d, Alternative alt, const Resampling& r) {
    const std::size_t n = d.size();
    double observed = 0, scale = 0;
    std::vector<double> nonzero;
    for (double v : d) {
        observed += v;
        scale += std::fabs(v);
        if (v != 0) nonzero.push_back(v);
    }
    if (nonzero.empty()) {
        nd.no_picture = n ? "all differences are 0: every sign flip gives the observed mean, p = 1 by definition"
                          : "no topics: p is undefined";
        return;
    }
    const double nn = static_cast<double>(n);
    if (nonzero.size() <= r.exact_limit) {
        if (nonzero.size() > 20)
            throw UsageError("the exact randomisation distribution over " + std::to_string(nonzero.size()) +
                             " non-zero differences has 2^" + std::to_string(nonzero.size()) +
                             " values, too many to draw: use an exact limit of at most 20");
        const ExactCut cut = exact_cut(observed, scale, alt);
        const Halves h(nonzero);
        nd.samples.reserve(h.left.size() * h.right.size());
        nd.extreme.reserve(h.left.size() * h.right.size());
        for (double l : h.left)
            for (double rr : h.right) {
                nd.samples.push_back((l + rr) / nn);
                nd.extreme.push_back(exact_extreme(cut, l, rr));
            }
        return;
    }
    nd.samples.reserve(r.B);
    nd.extreme.reserve(r.B);
    for_resamples(
        n, r.B, 1, r.seed, r.progress, [n](Rng& g, double* w) { draw_sign_flips(g, w, n); },
        [&](const double* w, std::size_t, std::size_t) {
            double acc = 0;
            for (std::size_t t = 0; t < n; ++t) add_signed(&acc, d.data() + t, w[t] > 0, 1);
            nd.samples.push_back(acc / nn);
            nd.extreme.push_back(flip_extreme(acc, observed, scale, alt));
        });
}

}  // namespace irlens::stats

namespace irlens {

TestResult randomisation_test(const std::vector<double>& x, const std::vector<double>& y, Alternative alt,
                              const Resampling& r) {
    stats::differences(x, y, "randomisation test");  // length check
    return stats::randomisation_tests({x, y}, {{0, 1}}, alt, r)[0];
}

}  // namespace irlens
