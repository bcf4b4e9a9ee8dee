// Randomised Tukey HSD test (Sakai Sec. 4.4, Fig. 15; Carterette, ACM TOIS 2012).
#include "irlens/error.hpp"
#include "irlens/evaluation/evaluate.hpp"
#include "irlens/stats/random.hpp"
#include "irlens/stats/significance.hpp"

#include "stats/paired_input.hpp"
#include "stats/tolerance.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <cmath>

namespace irlens {

// U (n topics x m runs): every resample permutes each topic's row of scores among the runs
// (Fisher-Yates, in place: a uniform permutation of a permuted row is again uniform) and records
// the range max_j mean_j - min_j mean_j of the run means. ASL(X, Y) = #(range >= |mean X - mean Y|)
// / B, found by binary search in the sorted ranges.
std::vector<TestResult> tukey_hsd(const std::vector<std::vector<double>>& rows, const std::vector<RunPair>& pairs,
                                  const Resampling& r) {
    stats::check_resampling(r);
    const std::size_t m = rows.size(), n = m ? rows[0].size() : 0;
    for (const auto& row : rows)
        if (row.size() != n) throw UsageError("Tukey HSD: the score vectors differ in length");
    for (const RunPair& p : pairs)
        if (p.a >= m || p.b >= m) throw UsageError("Tukey HSD: a pair refers to a run that is not in the matrix");
    const std::string method = "randomised Tukey HSD (B=" + std::to_string(r.B) + ", " + std::to_string(m) + " runs)";
    std::vector<TestResult> out(pairs.size());
    if (n == 0 || m < 2) {
        for (auto& res : out) res = stats::undefined_test(n, NAN, method, n ? "fewer than 2 runs" : "no topics");
        return out;
    }
    // Topic-major copy of U, and the observed run means (sums in topic order).
    std::vector<double> u(n * m), means(m, 0.0);
    double scale = 0;
    for (std::size_t j = 0; j < m; ++j)
        for (std::size_t t = 0; t < n; ++t) {
            u[t * m + j] = rows[j][t];
            scale = std::max(scale, std::fabs(rows[j][t]));
        }
    for (std::size_t t = 0; t < n; ++t)
        for (std::size_t j = 0; j < m; ++j) means[j] += u[t * m + j];
    for (double& v : means) v /= static_cast<double>(n);

    Rng rng(r.seed);
    std::vector<double> ranges(r.B), sums(m);
    // Rng::shuffle's draws below(i), i = m..2, with their rejection thresholds computed once.
    std::vector<std::uint64_t> threshold(m + 1, 0);
    for (std::size_t i = 1; i <= m; ++i) threshold[i] = Rng::rejection_threshold(i);
    for (std::size_t b = 0; b < r.B; ++b) {
        std::fill(sums.begin(), sums.end(), 0.0);
        for (std::size_t t = 0; t < n; ++t) {
            double* row = u.data() + t * m;
            for (std::size_t i = m; i > 1; --i) {  // rng.shuffle(row, m), the same draws and swaps
                const std::size_t j = static_cast<std::size_t>(rng.below(i, threshold[i]));
                std::swap(row[i - 1], row[j]);
            }
            for (std::size_t j = 0; j < m; ++j) sums[j] += row[j];
        }
        auto [lo, hi] = std::minmax_element(sums.begin(), sums.end());
        ranges[b] = *hi / static_cast<double>(n) - *lo / static_cast<double>(n);
        const bool report = r.progress && ((b + 1) % 256 == 0 || b + 1 == r.B);
        if (report && !r.progress(static_cast<double>(b + 1) / static_cast<double>(r.B))) throw Cancelled();
    }
    std::sort(ranges.begin(), ranges.end());
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        TestResult& res = out[k];
        res.n = n;
        res.method = method;
        res.statistic = means[pairs[k].a] - means[pairs[k].b];
        const double threshold = std::fabs(res.statistic) - stats::kTieTolerance * scale;
        const auto first = std::lower_bound(ranges.begin(), ranges.end(), threshold);
        res.p = static_cast<double>(ranges.end() - first) / static_cast<double>(r.B);
        if (pairs[k].a == pairs[k].b) res.note = "a run compared with itself";
    }
    return out;
}

}  // namespace irlens
