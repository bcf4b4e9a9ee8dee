// Spearman's rho and its p-value, as scipy.stats.spearmanr (scipy 1.10.1).
#include "irlens/stats/correlation.hpp"

#include "irlens/error.hpp"
#include "stats/distributions.hpp"
#include "stats/ranks.hpp"
#include "stats/test_p_values.hpp"

#include <algorithm>
#include <cmath>

namespace irlens {

double spearman_rho(const std::vector<double>& x, const std::vector<double>& y) {
    return spearman_test(x, y).coefficient;
}

// rho = cov(rx, ry) / sd(rx) / sd(ry) over the average ranks rx, ry (numpy's corrcoef, clipped
// to [-1, 1]); t = rho sqrt(dof / ((rho + 1)(1 - rho))), dof = n - 2.
CorrelationTest spearman_test(const std::vector<double>& x, const std::vector<double>& y, Alternative alt) {
    if (x.size() != y.size()) throw UsageError("Spearman's rho: the two vectors differ in length");
    const std::size_t n = x.size();
    CorrelationTest r;
    auto constant = [](const std::vector<double>& v) {
        return std::all_of(v.begin(), v.end(), [&](double a) { return a == v[0]; });
    };
    if (n < 2 || constant(x) || constant(y)) {
        r.note =
            n < 2 ? "fewer than 2 items: rho and p are undefined" : "a ranking is constant: rho and p are undefined";
        return r;
    }
    const std::vector<double> rx = stats::average_ranks(x).rank, ry = stats::average_ranks(y).rank;
    double mx = 0, my = 0;
    for (std::size_t i = 0; i < n; ++i) mx += rx[i], my += ry[i];
    mx /= static_cast<double>(n);
    my /= static_cast<double>(n);
    double sxx = 0, syy = 0, sxy = 0;
    for (std::size_t i = 0; i < n; ++i) {
        sxx += (rx[i] - mx) * (rx[i] - mx);
        syy += (ry[i] - my) * (ry[i] - my);
        sxy += (rx[i] - mx) * (ry[i] - my);
    }
    const double dn = static_cast<double>(n - 1);
    const double rho = std::min(1.0, std::max(-1.0, sxy / dn / std::sqrt(sxx / dn) / std::sqrt(syy / dn)));
    r.coefficient = rho;
    if (n <= 2) {
        r.note = "2 items: p is undefined (0 degrees of freedom)";
        return r;
    }
    const double dof = static_cast<double>(n - 2);
    const double t = rho * std::sqrt(std::max(0.0, dof / ((rho + 1.0) * (1.0 - rho))));  // +-inf when |rho| = 1
    r.method = "Student's t, n - 2 degrees of freedom";
    r.p = stats::t_test_p(t, dof, alt);
    return r;
}

}  // namespace irlens
