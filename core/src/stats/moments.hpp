// Mean and sample standard deviation, computed one way everywhere (internal): the sum in index
// order divided by n, and sqrt(sum of squared deviations / (n - 1)) - two passes, as numpy.
#pragma once

#include <cmath>
#include <vector>

namespace irlens::stats {

inline double mean(const std::vector<double>& v) {
    double sum = 0;
    for (double x : v) sum += x;
    return sum / static_cast<double>(v.size());
}

/// Sample standard deviation (n - 1) around m; NaN for fewer than 2 values.
inline double sample_sd(const std::vector<double>& v, double m) {
    double ss = 0;
    for (double x : v) ss += (x - m) * (x - m);
    return std::sqrt(ss / static_cast<double>(v.size() - 1));
}

}  // namespace irlens::stats
