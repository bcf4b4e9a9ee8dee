// Rank correlation between two scorings of the same items (e.g. the mean score of each run under
// two measures). More coefficients (tau_ap, Spearman, RBO) and their tests live with the
// meta-evaluation code.
#pragma once

#include <vector>

namespace irlens {

/// Kendall's tau-a: (concordant - discordant) / (n (n - 1) / 2); pairs tied in either vector
/// count as neither. NaN for fewer than 2 items.
double kendall_tau_a(const std::vector<double>& x, const std::vector<double>& y);

/// Kendall's tau-b, as scipy.stats.kendalltau (variant 'b'):
///   (C - D) / sqrt((C + D + Tx) (C + D + Ty)),
/// Tx = pairs tied in x only, Ty = pairs tied in y only (pairs tied in both count nowhere).
/// NaN when the denominator is 0 (e.g. one vector constant) or for fewer than 2 items.
double kendall_tau_b(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace irlens
