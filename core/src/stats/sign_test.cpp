// The sign test: scipy.stats.binomtest(k, n, 0.5) (scipy 1.10.1) on the topics where the runs
// differ, k = topics where x wins.
#include "irlens/stats/significance.hpp"

#include "stats/distributions.hpp"
#include "stats/paired_input.hpp"
#include "stats/test_p_values.hpp"

#include <cmath>

namespace irlens {

namespace stats {

/// Binomial test of k successes in n trials with success probability p, as scipy 1.10.1's
/// binomtest. Two-sided: P(X <= k) plus the upper tail of outcomes whose probability is at most
/// pmf(k) (1 + 1e-7) (found by scipy's binary search), or the mirror image when k > np.
double binomial_test_p(std::size_t k_, std::size_t n_, double p, Alternative alt) {
    const double k = static_cast<double>(k_), n = static_cast<double>(n_);
    if (alt == Alternative::Less) return binomial_cdf(n, p, k);
    if (alt == Alternative::Greater) return binomial_sf(n, p, k - 1);
    const double d = binomial_pmf(n, p, k);
    const double rerr = 1 + 1e-7;
    auto pmf = [&](double i) { return binomial_pmf(n, p, i); };
    // scipy's _binary_search_for_binom_tst: the index i in [lo, hi] with a(i) <= target < a(i+1)
    // for a function a ascending on the range.
    auto search = [](auto a, double target, double lo, double hi) {
        while (lo < hi) {
            double mid = lo + std::floor((hi - lo) / 2);
            double v = a(mid);
            if (v < target)
                lo = mid + 1;
            else if (v > target)
                hi = mid - 1;
            else
                return mid;
        }
        return a(lo) <= target ? lo : lo - 1;
    };
    double pval;
    if (k == p * n) {
        pval = 1.0;
    } else if (k < p * n) {
        double ix = search([&](double i) { return -pmf(i); }, -d * rerr, std::ceil(p * n), n);
        double y = n - ix + (d * rerr == pmf(ix) ? 1 : 0);
        pval = binomial_cdf(n, p, k) + binomial_sf(n, p, n - y);
    } else {
        double ix = search(pmf, d * rerr, 0, std::floor(p * n));
        double y = ix + 1;
        pval = binomial_cdf(n, p, y - 1) + binomial_sf(n, p, k - 1);
    }
    return std::min(1.0, pval);
}

}  // namespace stats

TestResult sign_test(const std::vector<double>& x, const std::vector<double>& y, Alternative alt) {
    std::vector<double> d = stats::differences(x, y, "sign test");
    std::size_t wins = 0, losses = 0;
    for (double v : d) {
        wins += v > 0;
        losses += v < 0;
    }
    const char* method = "exact binomial";
    if (d.empty()) return stats::undefined_test(0, 0, method, "no topics");
    if (wins + losses == 0)
        return stats::undefined_test(0, 0, method,
                                     "all differences are 0 (identical scores; scipy's binomtest raises an error)");
    TestResult r;
    r.n = wins + losses;
    r.statistic = static_cast<double>(wins);
    r.method = method;
    r.p = stats::binomial_test_p(wins, wins + losses, 0.5, alt);
    if (r.n < d.size()) r.note = std::to_string(d.size() - r.n) + " tied topic(s) dropped";
    return r;
}

}  // namespace irlens
