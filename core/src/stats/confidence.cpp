#include "irlens/stats/confidence.hpp"

#include "irlens/error.hpp"
#include "stats/distributions.hpp"
#include "stats/moments.hpp"

#include <cmath>
#include <limits>

namespace irlens {

Interval t_interval(const std::vector<double>& values, double level) {
    if (!(level > 0 && level < 1)) throw UsageError("confidence level must be in (0,1)");
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::size_t n = values.size();
    if (n < 2) return {nan, nan};
    const double mean = stats::mean(values);
    const double se = stats::sample_sd(values, mean) / std::sqrt(static_cast<double>(n));
    const double half = stats::t_quantile(static_cast<double>(n - 1), (1 + level) / 2) * se;
    return {mean - half, mean + half};
}

}  // namespace irlens
