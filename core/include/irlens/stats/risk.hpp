// Risk-sensitive evaluation of a run against a baseline run (Dincer, Macdonald & Ounis,
// "Hypothesis testing for the risk-sensitive evaluation of retrieval systems", SIGIR 2014; URisk
// after Wang, Bennett & Collins-Thompson, SIGIR 2012), as the TREC 2013-2014 Web Track reported it.
#pragma once

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace irlens {

struct RunScores;

/// Topics where a run is above (wins), equal to (ties) or below (losses) a baseline.
struct WinsTiesLosses {
    std::size_t wins = 0, ties = 0, losses = 0;
};

/// Over paired per-topic values (run[q] and baseline[q] score the same topic q), the one tie rule
/// of irlens (the CLI's compare --risk, the JS API and the web table's baseline column alike):
/// exact signs of run[q] - baseline[q] - a win when > 0, a loss when < 0, a tie only when the two
/// doubles are equal (no tolerance). A pair with a NaN on either side (a topic a sparse measure
/// does not apply to) is not counted. UsageError for vectors of different lengths.
WinsTiesLosses wins_ties_losses(const std::vector<double>& run, const std::vector<double>& baseline);

/// The same over the topics both runs of an evaluation were scored on (with --missing skip a run
/// may lack some; RunScores::topics are in the qrels' byte order), for measure index `measure`.
WinsTiesLosses wins_ties_losses(const RunScores& run, const RunScores& baseline, std::size_t measure);

struct RiskResult {
    double urisk = std::numeric_limits<double>::quiet_NaN();
    double trisk = std::numeric_limits<double>::quiet_NaN();
    std::size_t wins = 0, losses = 0,
                ties = 0;  // topics where the run is above / below / equal to the baseline (wins_ties_losses)
    std::string note;      // why TRisk is undefined
};

/// With delta_q = run_q - baseline_q and the risk-adjusted delta'_q = delta_q when delta_q >= 0,
/// (1 + alpha) delta_q otherwise (a loss weighs 1 + alpha times a win; alpha = 0: plain mean
/// difference):
///   URisk = mean over the c topics of delta'_q
///   TRisk = URisk / (s / sqrt(c)), s the sample standard deviation (c - 1) of delta',
/// i.e. the paired t statistic of the risk-adjusted differences (with alpha = 0 exactly the
/// t-test's t); |TRisk| >= 2 marks a significant win (> 0) or loss (< 0). irlens' reading: the
/// standard error uses the sample standard deviation (c - 1), so that TRisk at alpha = 0 is
/// Student's t. TRisk is NaN (with a note) when s = 0 or c < 2. UsageError for alpha < 0 or
/// vectors of different lengths.
RiskResult risk_sensitive(const std::vector<double>& run, const std::vector<double>& baseline, double alpha);

}  // namespace irlens
