// Confidence intervals of a mean over topics.
#pragma once

#include <vector>

namespace irlens {

struct Interval {
    double low, high;
};

/// Student's t interval of the mean: mean +- t_{(1+level)/2, n-1} * sd / sqrt(n), sd the sample
/// standard deviation (n - 1). NaN bounds for fewer than 2 values; a zero-width interval when
/// every value is equal. Quantiles from Boost.Math (no promotion to long double).
Interval t_interval(const std::vector<double>& values, double level = 0.95);

}  // namespace irlens
