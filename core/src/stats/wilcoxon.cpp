// Wilcoxon signed-rank test, as scipy.stats.wilcoxon(x, y) with its defaults in scipy 1.10.1
// (zero_method='wilcox', correction=False, alternative, mode='auto'); see significance.hpp.
#include "irlens/stats/significance.hpp"

#include "stats/distributions.hpp"
#include "stats/paired_input.hpp"
#include "stats/ranks.hpp"

#include <cmath>
#include <cstdint>

namespace irlens {

namespace {

/// Number of sign assignments of ranks 1..n giving each rank sum R+ = 0..n(n+1)/2 (exact
/// integers: at most 2^50 for the n <= 50 the exact path is used for).
std::vector<std::uint64_t> signed_rank_counts(std::size_t n) {
    std::vector<std::uint64_t> c(n * (n + 1) / 2 + 1, 0);
    c[0] = 1;
    std::size_t top = 0;
    for (std::size_t k = 1; k <= n; ++k) {
        top += k;
        for (std::size_t s = top; s >= k; --s) c[s] += c[s - k];
    }
    return c;
}

}  // namespace

TestResult wilcoxon_test(const std::vector<double>& x, const std::vector<double>& y, Alternative alt) {
    std::vector<double> d = stats::differences(x, y, "Wilcoxon signed-rank test");
    if (d.empty()) return stats::undefined_test(0, NAN, "", "no topics (scipy: NaN)");
    std::size_t zeros = 0;
    for (double v : d) zeros += v == 0;
    // scipy 1.10.1, mode 'auto': exact for at most 50 differences, unless one of them is 0.
    const bool exact = d.size() <= 50 && zeros == 0;
    const char* method = exact ? "exact" : "normal approximation";
    if (zeros == d.size())
        return stats::undefined_test(0, NAN, method, "all differences are 0 (identical scores; scipy raises an error)");
    std::vector<double> nonzero;
    for (double v : d)
        if (v != 0) nonzero.push_back(v);  // zero_method 'wilcox'
    const std::size_t n = nonzero.size();
    std::vector<double> magnitude(n);
    for (std::size_t i = 0; i < n; ++i) magnitude[i] = std::fabs(nonzero[i]);
    stats::AverageRanks ranks = stats::average_ranks(magnitude);
    double r_plus = 0, r_minus = 0;
    for (std::size_t i = 0; i < n; ++i) (nonzero[i] > 0 ? r_plus : r_minus) += ranks.rank[i];

    TestResult r;
    r.n = n;
    r.method = method;
    r.statistic = alt == Alternative::TwoSided ? std::min(r_plus, r_minus) : r_plus;
    if (!exact) {
        // Normal approximation: mean n(n+1)/4, variance (n(n+1)(2n+1) - sum t(t^2-1)/2) / 24 over
        // the tie groups of size t; no continuity correction.
        const double nn = static_cast<double>(n);
        const double mean = nn * (nn + 1) * 0.25;
        double var = nn * (nn + 1) * (2 * nn + 1);
        for (double t : ranks.tie_sizes) var -= 0.5 * t * (t * t - 1);
        const double z = (r.statistic - mean) / std::sqrt(var / 24);
        r.p = alt == Alternative::TwoSided  ? 2 * stats::normal_sf(std::fabs(z))
              : alt == Alternative::Greater ? stats::normal_sf(z)
                                            : stats::normal_cdf(z);
        if (zeros) r.note = std::to_string(zeros) + " zero difference(s) dropped";
        return r;
    }
    // Exact null distribution of R+; scipy truncates a tied (half-integer) R+ to an integer.
    const std::vector<std::uint64_t> counts = signed_rank_counts(n);
    const std::size_t k = static_cast<std::size_t>(r_plus);
    if (!ranks.tie_sizes.empty())
        r.note = "tied differences: the exact distribution assumes none (R+ truncated to an integer, as scipy 1.10.1)";
    const double total = std::ldexp(1.0, static_cast<int>(n));
    std::uint64_t at_most = 0, at_least = 0;
    for (std::size_t s = 0; s < counts.size(); ++s) {
        if (s <= k) at_most += counts[s];
        if (s >= k) at_least += counts[s];
    }
    const double p_less = static_cast<double>(at_most) / total, p_greater = static_cast<double>(at_least) / total;
    if (alt == Alternative::TwoSided)
        r.p = k == (counts.size() - 1) / 2 ? 1.0 : std::min(1.0, 2 * std::min(p_less, p_greater));
    else
        r.p = std::min(1.0, alt == Alternative::Greater ? p_greater : p_less);
    return r;
}

}  // namespace irlens
