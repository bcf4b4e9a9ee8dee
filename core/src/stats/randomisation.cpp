// Fisher's randomisation (permutation) test of the mean paired difference (Sakai Sec. 4.5; Smucker,
// Allan & Carterette, CIKM 2007): under H0 each difference is as likely to have either sign.
#include "irlens/stats/significance.hpp"

#include "stats/batch_tests.hpp"
#include "stats/paired_input.hpp"
#include "stats/resample_blocks.hpp"
#include "stats/tolerance.hpp"

#include <algorithm>
#include <cmath>

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

/// Exact p over all 2^m sign flips of the m non-zero differences, by meeting in the middle: the
/// sums of the two halves are enumerated separately and a sum l + r is compared through r >= c - l
/// in the sorted second half. scale: sum of |d| (the slack of tolerance.hpp).
double exact_p(const std::vector<double>& nonzero, double observed, double scale, Alternative alt) {
    const std::size_t m = nonzero.size(), h = m / 2;
    const std::vector<double> left = signed_sums(nonzero.data(), h);
    std::vector<double> right = signed_sums(nonzero.data() + h, m - h);
    std::sort(right.begin(), right.end());
    const double slack = kTieTolerance * scale;
    auto count_at_least = [&](double c) {  // #(l, r) with l + r >= c
        double n = 0;
        for (double l : left)
            n += static_cast<double>(right.end() - std::lower_bound(right.begin(), right.end(), c - l));
        return n;
    };
    auto count_at_most = [&](double c) {  // #(l, r) with l + r <= c
        double n = 0;
        for (double l : left)
            n += static_cast<double>(std::upper_bound(right.begin(), right.end(), c - l) - right.begin());
        return n;
    };
    double count;
    if (alt == Alternative::TwoSided) {
        const double threshold = std::fabs(observed) - slack;
        if (threshold <= 0) return 1.0;
        count = count_at_least(threshold) + count_at_most(-threshold);
    } else if (alt == Alternative::Greater) {
        count = count_at_least(observed - slack);
    } else {
        count = count_at_most(observed + slack);
    }
    return std::min(1.0, count / std::ldexp(1.0, static_cast<int>(m)));
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
            res = n ? p_one_by_definition(n, 0.0, "exact", "all differences are 0 (every sign flip gives the same mean)")
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
                bool extreme = alt == Alternative::TwoSided
                                   ? at_least(std::fabs(acc[k]), std::fabs(observed[p]), scale[p])
                               : alt == Alternative::Greater ? at_least(acc[k], observed[p], scale[p])
                                                             : at_most(acc[k], observed[p], scale[p]);
                count[s0 + k] += extreme;
            }
        });
    for (std::size_t s = 0; s < S; ++s) out[sampled[s]].p = count[s] / static_cast<double>(r.B);
    return out;
}

}  // namespace irlens::stats

namespace irlens {

TestResult randomisation_test(const std::vector<double>& x, const std::vector<double>& y, Alternative alt,
                              const Resampling& r) {
    stats::differences(x, y, "randomisation test");  // length check
    return stats::randomisation_tests({x, y}, {{0, 1}}, alt, r)[0];
}

}  // namespace irlens
