// Average ranks with ties (scipy.stats.rankdata's default 'average' method), shared by the
// Wilcoxon test and Spearman's rho (internal).
#pragma once

#include <vector>

namespace irlens::stats {

struct AverageRanks {
    std::vector<double> rank;       // 1-based; tied values share the mean of their ranks
    std::vector<double> tie_sizes;  // size of every group of 2 or more equal values
};

/// Ranks values in ascending order; equality is exact (as scipy).
AverageRanks average_ranks(const std::vector<double>& values);

}  // namespace irlens::stats
