// Kendall's tau-a and tau-b, and tau-b's p-value as scipy.stats.kendalltau (scipy 1.10.1)
// computes it (Kendall, Rank Correlation Methods, 1970).
#include "irlens/stats/correlation.hpp"

#include "irlens/error.hpp"
#include "stats/distributions.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace irlens {

namespace {

struct PairCounts {
    double concordant = 0, discordant = 0, tied_x = 0, tied_y = 0, tied_both = 0;  // tied_x/y: in that vector only
};

// O(n^2): the vectors compared here are runs of one campaign (a few hundred at most).
PairCounts count_pairs(const std::vector<double>& x, const std::vector<double>& y) {
    if (x.size() != y.size()) throw UsageError("Kendall's tau: the two vectors differ in length");
    PairCounts c;
    for (std::size_t i = 0; i < x.size(); ++i) {
        for (std::size_t j = i + 1; j < x.size(); ++j) {
            double dx = x[i] - x[j], dy = y[i] - y[j];
            if (dx == 0 && dy == 0)
                c.tied_both += 1;
            else if (dx == 0)
                c.tied_x += 1;
            else if (dy == 0)
                c.tied_y += 1;
            else if ((dx > 0) == (dy > 0))
                c.concordant += 1;
            else
                c.discordant += 1;
        }
    }
    return c;
}

/// Sizes of the groups of equal values (groups of 1 included; they add nothing below).
std::vector<double> tie_groups(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    std::vector<double> sizes;
    for (std::size_t i = 0; i < v.size();) {
        std::size_t j = i;
        while (j < v.size() && v[j] == v[i]) ++j;
        sizes.push_back(static_cast<double>(j - i));
        i = j;
    }
    return sizes;
}

/// scipy's mstats_basic._kendall_p_exact(n, c): the null distribution of the number of
/// concordant pairs c of a permutation of n items (no ties), by the recurrence of Kendall (1970)
/// evaluated as scipy evaluates it (cumulative sums in doubles).
double kendall_exact_p(std::size_t n, double c_in, Alternative alt) {
    // n (n - 1) is even: the integer division is exact.
    const double pairs = static_cast<double>(n * (n - 1) / 2);  // NOLINT(bugprone-integer-division)
    const bool in_right_tail = c_in >= pairs - c_in;
    const std::size_t c = static_cast<std::size_t>(std::min(c_in, pairs - c_in));
    auto factorial = [](std::size_t k) {
        double f = 1;
        for (std::size_t i = 2; i <= k; ++i) f *= static_cast<double>(i);
        return f;
    };
    double prob, mass_at_c = 0;
    if (n == 1) {
        prob = 1, mass_at_c = 1;
    } else if (n == 2) {
        prob = 1, mass_at_c = 0.5;
    } else if (c == 0) {
        prob = n < 171 ? 2.0 / factorial(n) : 0.0;
        mass_at_c = prob / 2;
    } else if (c == 1) {
        prob = n < 172 ? 2.0 / factorial(n - 1) : 0.0;
        mass_at_c = static_cast<double>(n - 1) / factorial(n);
    } else if (4 * c == n * (n - 1) && alt == Alternative::TwoSided) {
        prob = 1;
    } else {
        std::vector<double> counts(c + 1, 0.0), previous;
        counts[0] = counts[1] = 1.0;
        for (std::size_t j = 3; j <= n; ++j) {
            for (std::size_t i = 1; i <= c; ++i) counts[i] += counts[i - 1];  // cumulative sum
            if (n >= 171)
                for (double& v : counts) v /= static_cast<double>(j);
            if (j <= c) {
                previous = counts;
                for (std::size_t i = j; i <= c; ++i) counts[i] -= previous[i - j];
            }
        }
        double sum = 0;
        for (double v : counts) sum += v;
        if (n < 171) {
            prob = 2.0 * sum / factorial(n);
            mass_at_c = counts[c] / factorial(n);
        } else {
            prob = sum;
            mass_at_c = counts[c] / 2;
        }
    }
    if (alt != Alternative::TwoSided) {
        if (in_right_tail == (alt == Alternative::Greater))
            prob /= 2;
        else
            prob = 1 - prob / 2 + mass_at_c;
    }
    return std::min(1.0, std::max(0.0, prob));
}

}  // namespace

double kendall_tau_a(const std::vector<double>& x, const std::vector<double>& y) {
    PairCounts c = count_pairs(x, y);
    double n = static_cast<double>(x.size());
    if (n < 2) return std::numeric_limits<double>::quiet_NaN();
    return (c.concordant - c.discordant) / (n * (n - 1) / 2);
}

double kendall_tau_b(const std::vector<double>& x, const std::vector<double>& y) {
    return kendall_tau_b_test(x, y).coefficient;
}

CorrelationTest kendall_tau_b_test(const std::vector<double>& x, const std::vector<double>& y, Alternative alt) {
    const PairCounts c = count_pairs(x, y);
    const std::size_t n = x.size();
    CorrelationTest r;
    const double pairs = static_cast<double>(n) * static_cast<double>(n - (n > 0)) / 2;
    const double xtie = c.tied_x + c.tied_both, ytie = c.tied_y + c.tied_both;  // scipy's: tied in x (in y) at all
    if (n < 2 || xtie == pairs || ytie == pairs) {
        r.note =
            n < 2 ? "fewer than 2 items: tau and p are undefined" : "a ranking is constant: tau and p are undefined";
        return r;
    }
    const double con_minus_dis = c.concordant - c.discordant;
    // scipy divides by sqrt(pairs - xtie) and then sqrt(pairs - ytie); when the two are equal (e.g. a
    // ranking with itself) one division keeps tau exactly 1 instead of 1 - 1 ulp.
    r.coefficient = xtie == ytie ? con_minus_dis / (pairs - xtie)
                                 : con_minus_dis / std::sqrt(pairs - xtie) / std::sqrt(pairs - ytie);
    r.coefficient = std::min(1.0, std::max(-1.0, r.coefficient));
    if (xtie == 0 && ytie == 0 && (n <= 33 || std::min(c.discordant, pairs - c.discordant) <= 1)) {
        r.method = "exact";
        r.p = kendall_exact_p(n, pairs - c.discordant, alt);
        return r;
    }
    // Normal approximation of C - D with the tie-corrected variance (Kendall 1970, as scipy).
    double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    for (double t : tie_groups(x)) x0 += t * (t - 1) * (t - 2), x1 += t * (t - 1) * (2 * t + 5);
    for (double t : tie_groups(y)) y0 += t * (t - 1) * (t - 2), y1 += t * (t - 1) * (2 * t + 5);
    const double nn = static_cast<double>(n), m = nn * (nn - 1);
    const double var = (m * (2 * nn + 5) - x1 - y1) / 18 + (2 * xtie * ytie) / m + x0 * y0 / (9 * m * (nn - 2));
    const double z = con_minus_dis / std::sqrt(var);
    r.method = "normal approximation";
    r.p = alt == Alternative::TwoSided  ? 2 * stats::normal_sf(std::fabs(z))
          : alt == Alternative::Greater ? stats::normal_sf(z)
                                        : stats::normal_cdf(z);
    return r;
}

}  // namespace irlens
