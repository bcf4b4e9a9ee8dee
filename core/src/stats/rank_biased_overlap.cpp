// Rank-biased overlap, extrapolated (Webber, Moffat & Zobel, "A similarity measure for indefinite
// rankings", ACM TOIS 28(4), 2010: Eq. 32 and Sec. 4.3 on ties).
#include "irlens/stats/correlation.hpp"

#include "irlens/error.hpp"

#include <cmath>
#include <limits>

namespace irlens {

namespace {
/// 1 + the number of items scored strictly higher.
std::vector<std::size_t> competition_ranks(const std::vector<double>& v) {
    std::vector<std::size_t> rank(v.size(), 1);
    for (std::size_t i = 0; i < v.size(); ++i)
        for (std::size_t j = 0; j < v.size(); ++j) rank[i] += v[j] > v[i];
    return rank;
}
}  // namespace

// Both rankings are complete over the same k items, so Eq. 32 reduces to
//   RBO_ext = A_k p^k + (1 - p)/p sum_{d=1..k} A_d p^d,
// with A_d = 2 X_d / (|S_d| + |T_d|) (Sec. 4.3; = X_d / d without ties).
double rank_biased_overlap(const std::vector<double>& x, const std::vector<double>& y, double p) {
    if (x.size() != y.size()) throw UsageError("rank-biased overlap: the two vectors differ in length");
    if (!(p > 0 && p < 1))
        throw UsageError("rank-biased overlap: the persistence p must be between 0 and 1 (exclusive)");
    const std::size_t k = x.size();
    if (k == 0) return std::numeric_limits<double>::quiet_NaN();
    const std::vector<std::size_t> rx = competition_ranks(x), ry = competition_ranks(y);
    double sum = 0, agreement = 0, weight = 1;
    for (std::size_t d = 1; d <= k; ++d) {
        double in_x = 0, in_y = 0, both = 0;
        for (std::size_t i = 0; i < k; ++i) {
            in_x += rx[i] <= d;
            in_y += ry[i] <= d;
            both += rx[i] <= d && ry[i] <= d;
        }
        agreement = 2 * both / (in_x + in_y);
        weight *= p;  // p^d
        sum += agreement * weight;
    }
    return agreement * weight + (1 - p) / p * sum;
}

}  // namespace irlens
