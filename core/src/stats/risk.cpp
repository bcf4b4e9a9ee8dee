// URisk and TRisk (Dincer, Macdonald & Ounis, SIGIR 2014, Eqs. 1 and 3; see risk.hpp).
#include "irlens/stats/risk.hpp"

#include "irlens/error.hpp"
#include "irlens/evaluation/evaluate.hpp"
#include "stats/moments.hpp"

#include <cmath>

namespace irlens {

WinsTiesLosses wins_ties_losses(const std::vector<double>& run, const std::vector<double>& baseline) {
    if (run.size() != baseline.size())
        throw UsageError("wins/ties/losses: the run and the baseline are scored on different numbers of topics");
    WinsTiesLosses w;
    for (std::size_t q = 0; q < run.size(); ++q) {
        const double delta = run[q] - baseline[q];  // NaN if either is: counted nowhere
        w.wins += delta > 0;
        w.losses += delta < 0;
        w.ties += delta == 0;
    }
    return w;
}

WinsTiesLosses wins_ties_losses(const RunScores& run, const RunScores& baseline, std::size_t measure) {
    std::vector<double> x, y;
    // Both topic lists are sorted (qrels byte order): walk them together.
    for (std::size_t i = 0, j = 0; i < run.topics.size() && j < baseline.topics.size();) {
        if (run.topics[i] < baseline.topics[j]) {
            ++i;
        } else if (baseline.topics[j] < run.topics[i]) {
            ++j;
        } else {
            x.push_back(run.values[measure][i++]);
            y.push_back(baseline.values[measure][j++]);
        }
    }
    return wins_ties_losses(x, y);
}

RiskResult risk_sensitive(const std::vector<double>& run, const std::vector<double>& baseline, double alpha) {
    if (run.size() != baseline.size())
        throw UsageError("risk: the run and the baseline are scored on different numbers of topics");
    if (!(alpha >= 0)) throw UsageError("risk: alpha must be >= 0");
    RiskResult r;
    const std::size_t c = run.size();
    const WinsTiesLosses w = wins_ties_losses(run, baseline);
    r.wins = w.wins;
    r.losses = w.losses;
    r.ties = w.ties;
    std::vector<double> adjusted(c);
    for (std::size_t q = 0; q < c; ++q) {
        const double delta = run[q] - baseline[q];
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
