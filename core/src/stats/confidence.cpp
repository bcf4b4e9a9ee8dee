#include "irlens/confidence.hpp"

#include "irlens/error.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <cmath>
#include <limits>

namespace irlens {

namespace {
using Policy = boost::math::policies::policy<boost::math::policies::promote_double<false>>;
}

Interval t_interval(const std::vector<double>& values, double level) {
    if (!(level > 0 && level < 1)) throw UsageError("confidence level must be in (0,1)");
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::size_t n = values.size();
    if (n < 2) return {nan, nan};
    double mean = 0;
    for (double v : values) mean += v;
    mean /= static_cast<double>(n);
    double ss = 0;
    for (double v : values) ss += (v - mean) * (v - mean);
    double se = std::sqrt(ss / static_cast<double>(n - 1)) / std::sqrt(static_cast<double>(n));
    boost::math::students_t_distribution<double, Policy> t(static_cast<double>(n - 1));
    double half = boost::math::quantile(t, (1 + level) / 2) * se;
    return {mean - half, mean + half};
}

}  // namespace irlens
