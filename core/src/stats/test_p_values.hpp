// p-values of the t and binomial tests from their statistics, shared by the tests, the
// correlations and the meta-evaluation (internal).
#pragma once

#include "irlens/stats/significance.hpp"

#include <cstddef>

namespace irlens::stats {

/// p of a t statistic with df degrees of freedom, as scipy's _ttest_finish (stdtr).
double t_test_p(double t, double df, Alternative alt);

/// p of k successes in n trials with success probability p, as scipy.stats.binomtest (1.10.1).
double binomial_test_p(std::size_t k, std::size_t n, double p, Alternative alt);

}  // namespace irlens::stats
