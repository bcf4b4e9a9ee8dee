#include "irlens/stats/confidence.hpp"

#include "irlens/error.hpp"
#include "irlens/evaluation/evaluate.hpp"
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

std::vector<std::vector<Interval>> mean_intervals(const Evaluation& ev) {
    std::vector<std::vector<Interval>> out;
    for (const RunScores& r : ev.runs) {
        std::vector<Interval>& row = out.emplace_back(ev.measures.size());
        for (std::size_t m = 0; m < ev.measures.size(); ++m)
            if (ev.measures[m].aggregate() == Aggregate::Mean && !ev.measures[m].info().text_valued)
                row[m] = t_interval(r.values[m]);
    }
    return out;
}

}  // namespace irlens
