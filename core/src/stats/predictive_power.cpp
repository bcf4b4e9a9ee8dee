// Predictive power with preference judgments (Sakai, PROMISE 2013, Sec. 5.3; irlens/stats/meta.hpp).
#include "irlens/error.hpp"
#include "irlens/stats/meta.hpp"

#include "stats/tolerance.hpp"

namespace irlens {

PredictivePower predictive_power(const std::vector<double>& preferred, const std::vector<double>& other,
                                 const Resampling& r, double level) {
    if (preferred.size() != other.size())
        throw UsageError("predictive power: the preferred and the other scores differ in length");
    PredictivePower p;
    p.preferences = preferred.size();
    std::vector<double> agree(preferred.size());
    for (std::size_t i = 0; i < preferred.size(); ++i) {
        const bool tie = stats::tied(preferred[i], other[i]);
        p.measure_ties += tie;
        agree[i] = !tie && preferred[i] > other[i] ? 1.0 : 0.0;
        p.agreements += agree[i] == 1.0;
    }
    if (p.preferences) p.power = static_cast<double>(p.agreements) / static_cast<double>(p.preferences);
    p.interval = mean_interval(agree, level, IntervalMethod::Percentile, r);
    return p;
}

std::string predictive_power_note(const PredictivePower& p) {
    if (p.preferences == 0) return "no non-tied preference with scores: predictive power is undefined";
    if (p.preferences == 1) return "one preference: no interval";
    return "";
}

}  // namespace irlens
