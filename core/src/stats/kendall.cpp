#include "irlens/correlation.hpp"

#include "irlens/error.hpp"

#include <cmath>
#include <limits>

namespace irlens {

namespace {

struct PairCounts {
    double concordant = 0, discordant = 0, tied_x = 0, tied_y = 0;
};

// O(n^2): the vectors compared here are runs of one campaign (a few hundred at most).
PairCounts count_pairs(const std::vector<double>& x, const std::vector<double>& y) {
    if (x.size() != y.size()) throw UsageError("Kendall's tau: the two vectors differ in length");
    PairCounts c;
    for (std::size_t i = 0; i < x.size(); ++i) {
        for (std::size_t j = i + 1; j < x.size(); ++j) {
            double dx = x[i] - x[j], dy = y[i] - y[j];
            if (dx == 0 && dy == 0) continue;
            if (dx == 0)
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

}  // namespace

double kendall_tau_a(const std::vector<double>& x, const std::vector<double>& y) {
    PairCounts c = count_pairs(x, y);
    double n = static_cast<double>(x.size());
    if (n < 2) return std::numeric_limits<double>::quiet_NaN();
    return (c.concordant - c.discordant) / (n * (n - 1) / 2);
}

double kendall_tau_b(const std::vector<double>& x, const std::vector<double>& y) {
    PairCounts c = count_pairs(x, y);
    double denom = std::sqrt((c.concordant + c.discordant + c.tied_x) * (c.concordant + c.discordant + c.tied_y));
    if (x.size() < 2 || denom == 0) return std::numeric_limits<double>::quiet_NaN();
    return (c.concordant - c.discordant) / denom;
}

}  // namespace irlens
