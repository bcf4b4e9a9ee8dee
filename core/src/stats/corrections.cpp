// Multiple-comparison corrections of p-values (as statsmodels' multipletests: bonferroni, holm,
// fdr_bh): Bonferroni (1936), Holm (1979), Benjamini & Hochberg (1995).
#include "irlens/stats/significance.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace irlens {

// An undefined p-value (NaN: a test undefined on its data) stays undefined and is no comparison:
// the others are adjusted among themselves.
std::vector<double> adjust_p(const std::vector<double>& all, Correction c) {
    std::vector<std::size_t> defined;
    for (std::size_t i = 0; i < all.size(); ++i)
        if (!std::isnan(all[i])) defined.push_back(i);
    if (defined.size() < all.size()) {
        std::vector<double> some, out(all);
        for (std::size_t i : defined) some.push_back(all[i]);
        some = adjust_p(some, c);
        for (std::size_t j = 0; j < defined.size(); ++j) out[defined[j]] = some[j];
        return out;
    }
    const std::vector<double>& p = all;
    const std::size_t k = p.size();
    std::vector<double> out(p);
    if (c == Correction::None || k == 0) return out;
    const double kk = static_cast<double>(k);
    if (c == Correction::Bonferroni) {
        for (double& v : out) v = std::min(1.0, v * kk);
        return out;
    }
    std::vector<std::size_t> order(k);
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
    if (c == Correction::Holm) {
        double running = 0;
        for (std::size_t i = 0; i < k; ++i) {  // i-th smallest (0-based) is multiplied by k - i
            running = std::max(running, std::min(1.0, (kk - static_cast<double>(i)) * p[order[i]]));
            out[order[i]] = running;
        }
    } else {
        double running = 1;
        for (std::size_t i = k; i-- > 0;) {  // (i+1)-th smallest is multiplied by k / (i + 1)
            running = std::min(running, std::min(1.0, kk / static_cast<double>(i + 1) * p[order[i]]));
            out[order[i]] = running;
        }
    }
    return out;
}

}  // namespace irlens
