// The randomised paired tests over many pairs of rows (internal; paired_tests() dispatches here).
#pragma once

#include "irlens/stats/significance.hpp"

#include <vector>

namespace irlens::stats {

std::vector<TestResult> randomisation_tests(const std::vector<std::vector<double>>& rows,
                                            const std::vector<RunPair>& pairs, Alternative alt, const Resampling& r);
std::vector<TestResult> bootstrap_tests(const std::vector<std::vector<double>>& rows, const std::vector<RunPair>& pairs,
                                        Alternative alt, const Resampling& r);

/// Differences rows[a] - rows[b] of every pair, topic-major: d[t * pairs.size() + p]. UsageError
/// when the rows differ in length.
std::vector<double> pair_differences(const std::vector<std::vector<double>>& rows, const std::vector<RunPair>& pairs,
                                     const char* test);

}  // namespace irlens::stats
