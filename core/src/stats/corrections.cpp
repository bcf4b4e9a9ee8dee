// Multiple-comparison corrections of p-values (as statsmodels' multipletests: bonferroni, holm,
// fdr_bh): Bonferroni (1936), Holm (1979), Benjamini & Hochberg (1995).
#include "irlens/significance.hpp"

#include <algorithm>
#include <numeric>

namespace irlens {

std::vector<double> adjust_p(const std::vector<double>& p, Correction c) {
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
