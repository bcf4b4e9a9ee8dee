// URisk and TRisk (Dincer, Macdonald & Ounis, SIGIR 2014, Eqs. 1 and 3; see risk.hpp).
#include "irlens/stats/risk.hpp"

#include "irlens/error.hpp"
#include "stats/moments.hpp"

#include <cmath>

namespace irlens {

RiskResult risk_sensitive(const std::vector<double>& run, const std::vector<double>& baseline, double alpha) {
    if (run.size() != baseline.size())
        throw UsageError("risk: the run and the baseline are scored on different numbers of topics");
    if (!(alpha >= 0)) throw UsageError("risk: alpha must be >= 0");
    RiskResult r;
    const std::size_t c = run.size();
    std::vector<double> adjusted(c);
    for (std::size_t q = 0; q < c; ++q) {
        const double delta = run[q] - baseline[q];
        r.wins += delta > 0;
        r.losses += delta < 0;
        r.ties += delta == 0;
        adjusted[q] = delta >= 0 ? delta : (1 + alpha) * delta;
    }
    if (c == 0) {
        r.note = "no topics";
        return r;
    }
    r.urisk = stats::mean(adjusted);
    if (c < 2) {
        r.note = "fewer than 2 topics: TRisk is undefined";
        return r;
    }
    const double se = stats::sample_sd(adjusted, r.urisk) / std::sqrt(static_cast<double>(c));
    if (se == 0) {
        r.note = "the risk-adjusted differences are constant: TRisk is undefined";
        return r;
    }
    r.trisk = r.urisk / se;
    return r;
}

}  // namespace irlens
