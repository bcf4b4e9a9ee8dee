// AP correlation tau_ap (Yilmaz, Aslam & Robertson, "A new rank correlation coefficient for
// information retrieval", SIGIR 2008, Eq. 3; Sakai PROMISE 2013 Eq. 52).
#include "irlens/stats/correlation.hpp"

#include "irlens/error.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

namespace irlens {

// tau_ap = 2 / (m - 1) * sum_{r=2..m} correct(r) / (r - 1) - 1, the items ordered by `evaluated`
// (descending; ties keep input order). A pair tied in either ranking counts 1/2 (irlens' reading:
// Yilmaz et al. define tau_ap for rankings without ties).
double tau_ap(const std::vector<double>& evaluated, const std::vector<double>& reference) {
    if (evaluated.size() != reference.size()) throw UsageError("tau_ap: the two vectors differ in length");
    const std::size_t m = evaluated.size();
    if (m < 2) return std::numeric_limits<double>::quiet_NaN();
    std::vector<std::size_t> order(m);
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return evaluated[a] > evaluated[b]; });
    double sum = 0;
    for (std::size_t r = 1; r < m; ++r) {  // 0-based position r = rank r + 1
        const std::size_t item = order[r];
        double correct = 0;
        for (std::size_t above = 0; above < r; ++above) {
            const std::size_t other = order[above];
            if (evaluated[other] == evaluated[item] || reference[other] == reference[item])
                correct += 0.5;
            else if (reference[other] > reference[item])
                correct += 1;
        }
        sum += correct / static_cast<double>(r);
    }
    return 2.0 / static_cast<double>(m - 1) * sum - 1.0;
}

double tau_ap_symmetric(const std::vector<double>& x, const std::vector<double>& y) {
    return (tau_ap(x, y) + tau_ap(y, x)) / 2;
}

}  // namespace irlens
