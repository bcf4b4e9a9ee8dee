#include "stats/ranks.hpp"

#include <algorithm>
#include <numeric>

namespace irlens::stats {

AverageRanks average_ranks(const std::vector<double>& values) {
    const std::size_t n = values.size();
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
    AverageRanks out;
    out.rank.assign(n, 0.0);
    for (std::size_t i = 0; i < n;) {
        std::size_t j = i;
        while (j + 1 < n && values[order[j + 1]] == values[order[i]]) ++j;
        // positions i..j (0-based) hold ranks i+1..j+1: their mean is (i + j + 2) / 2.
        const double mean_rank = static_cast<double>(i + j + 2) / 2.0;
        for (std::size_t k = i; k <= j; ++k) out.rank[order[k]] = mean_rank;
        if (j > i) out.tie_sizes.push_back(static_cast<double>(j - i + 1));
        i = j + 1;
    }
    return out;
}

}  // namespace irlens::stats
