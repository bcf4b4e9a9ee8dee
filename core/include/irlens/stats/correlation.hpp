// Rank correlation between two scorings of the same items, e.g. the scores of a set of runs
// under two measures (Sakai, PROMISE 2013, Sec. 5.2). Higher scores rank first. Items are
// matched by position: x[i] and y[i] score the same item.
#pragma once

#include "irlens/stats/significance.hpp"

#include <limits>
#include <string>
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

/// A correlation coefficient with its p-value (H0: no association).
struct CorrelationTest {
    double coefficient = std::numeric_limits<double>::quiet_NaN();
    double p = std::numeric_limits<double>::quiet_NaN();
    std::string method;
    std::string note;  // set when the coefficient or p is undefined (NaN: never an invented value)
};

/// Kendall's tau-b with the p-value of scipy.stats.kendalltau (scipy 1.10.1, method 'auto'):
/// exact (Kendall 1970) when neither vector has ties and n <= 33 or min(D, pairs - D) <= 1;
/// otherwise the normal approximation of C - D with the tie-corrected variance.
CorrelationTest kendall_tau_b_test(const std::vector<double>& x, const std::vector<double>& y,
                                   Alternative alt = Alternative::TwoSided);

/// Spearman's rho: Pearson's correlation of the average ranks (scipy.stats.spearmanr). NaN when
/// a vector is constant or has fewer than 2 items.
double spearman_rho(const std::vector<double>& x, const std::vector<double>& y);
/// rho with scipy's p-value: t = rho sqrt((n - 2) / ((1 + rho)(1 - rho))), Student's t with
/// n - 2 degrees of freedom (undefined, NaN, for n <= 2).
CorrelationTest spearman_test(const std::vector<double>& x, const std::vector<double>& y,
                              Alternative alt = Alternative::TwoSided);

/// AP correlation tau_ap (Yilmaz, Aslam & Robertson, SIGIR 2008; Sakai Eq. 52): the items are
/// ranked by `evaluated`; for every rank r = 2..m, correct(r) counts the items above r that
/// `reference` (the gold standard) also orders above the item at r;
///   tau_ap = 2 / (m - 1) * sum_{r=2..m} correct(r) / (r - 1) - 1.
/// Asymmetric: tau_ap(x, y) != tau_ap(y, x) in general. Ties (not defined by Yilmaz et al.;
/// irlens' reading): items tied in `evaluated` keep their input order, and a pair tied in either
/// ranking counts 1/2 towards correct(r). NaN for fewer than 2 items.
double tau_ap(const std::vector<double>& evaluated, const std::vector<double>& reference);
/// The symmetric tau_ap: the mean of tau_ap(x, y) and tau_ap(y, x) (Yilmaz et al. 2008, Sec. 3).
double tau_ap_symmetric(const std::vector<double>& x, const std::vector<double>& y);

/// Rank-biased overlap, extrapolated (RBO_ext; Webber, Moffat & Zobel, ACM TOIS 2010, Eq. 32 for
/// two complete rankings of the same k items): with persistence p in (0, 1),
///   RBO_ext = A_k p^k + (1 - p) / p * sum_{d=1..k} A_d p^d,
/// A_d the agreement of the two depth-d prefixes. Ties (Webber et al. Sec. 4.3): the prefix at
/// depth d holds every item ranked at d or above (an item's rank is 1 + the number of items
/// scored strictly higher), and A_d = 2 |S_d & T_d| / (|S_d| + |T_d|), which is X_d / d without
/// ties. 1 for identical orderings. UsageError unless 0 < p < 1; NaN for no items.
double rank_biased_overlap(const std::vector<double>& x, const std::vector<double>& y, double p);

}  // namespace irlens
