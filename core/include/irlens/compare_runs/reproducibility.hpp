// Did the reproduction reproduce? The measures of Breuer et al., "How to measure the
// reproducibility of system-oriented IR experiments", SIGIR 2020 (Sec. 3), as the repro_eval
// library (irgroup/repro_eval) computes them, for an original (baseline b, advanced a) pair of runs
// and its reproduction (same topics and qrels: reproducibility) or replication (other topics and
// qrels: replicability):
//   document order (reproducibility only), per cutoff c (both lists cut to their first c):
//     KTU (irlens' kendall_tau_union, and repro_eval's own form), RBO (repro_eval's normalised,
//     truncated form at p = 0.95, depth 1000, and Webber et al.'s RBO_ext at the same p);
//   effectiveness (reproducibility only), per measure M, over the topics both runs were scored on
//   (each run scored whole, as evaluate() scores it; repro_eval first cuts it to run_length):
//     RMSE = sqrt(1/n sum_t (M_orig(t) - M_rep(t))^2)                              (Sec. 3.2)
//     nRMSE = RMSE / sqrt(1/n sum_t max(M_orig(t), 1 - M_orig(t))^2)  (repro_eval's normalisation:
//             the RMSE of the farthest scores in [0, 1])
//   overall effect, per measure:
//     ER = mean_t(M_a'(t) - M_b'(t)) / mean_t(M_a(t) - M_b(t))                     (Sec. 3.3, Eq. 4)
//     DeltaRI = RI - RI', RI = (mean M_a - mean M_b) / mean M_b                    (Sec. 3.3)
//     (mean improvements over the topics both runs of the pair were scored on; the means of RI
//     over each run's own topics, as repro_eval's mean_score);
//   statistics, per measure and run (baseline, advanced): the p-value of Student's t-test of the
//     original against the reproduced scores (NaN where t is undefined, e.g. identical scores,
//     where repro_eval reports 1):
//     paired by topic id (scipy.stats.ttest_rel) for
//     reproducibility, unpaired with pooled variance (scipy.stats.ttest_ind) for replicability.
// Where a value is undefined (a zero mean improvement or baseline mean, no common topic, KTU of one
// document) it is NaN and the row's note says why. Topics one run of a pair lacks are counted and
// left out (repro_eval fails on them); docs/differences-from-reference-tools.md has the details.
#pragma once

#include "irlens/evaluation/evaluate.hpp"
#include "irlens/stats/significance.hpp"

#include <cstddef>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace irlens {

struct ReproSettings {
    double p = 0.95;                                                // repro_eval's RBO_P
    std::size_t rbo_depth = 1000;                                   // repro_eval's RBO_DEPTH
    std::size_t run_length = 1000;                                  // repro_eval's RUN_LENGTH
    std::vector<std::size_t> cutoffs = {5, 10, 20, 50, 100, 1000};  // repro_eval's example cutoffs
    bool replicability = false;                                     // the reproduced runs use other qrels
};

/// One value of the report: `quantity` is one of KTU, KTU_repro_eval, RBO_repro_eval, RBO_ext
/// (document order: measure empty, cutoff set), RMSE, nRMSE, p_value (measure set, cutoff 0),
/// ER, DeltaRI (measure set, run "both"); run is "baseline", "advanced" or "both".
struct ReproValue {
    std::string quantity, measure;
    std::size_t cutoff = 0;
    std::string run;
    double value = std::numeric_limits<double>::quiet_NaN();
    std::size_t topics = 0;  // topics the value is over
    std::string note;        // why the value is NaN, or what was left out
};

struct ReproReport {
    ReproSettings settings;
    std::vector<ReproValue> values;
    std::vector<std::string> warnings;
};

/// The runs: orig_b, orig_a read against the original qrels; rep_b, rep_a against the same qrels
/// (reproducibility) or the replication's (settings.replicability). UsageError for a cutoff of 0,
/// p outside (0, 1), no measure, or reproducibility runs read against different qrels.
ReproReport reproducibility(const std::shared_ptr<const Run>& orig_b, const std::shared_ptr<const Run>& orig_a,
                            const std::shared_ptr<const Run>& rep_b, const std::shared_ptr<const Run>& rep_a,
                            const std::vector<MeasureSpec>& measures, const ReproSettings& settings = {});

/// Student's unpaired t-test with pooled variance (scipy.stats.ttest_ind, equal_var=True):
///   t = (mean x - mean y) / sqrt(s2 (1/nx + 1/ny)), s2 = (sum (x - mean x)^2 + sum (y - mean y)^2)
///   / (nx + ny - 2), p from Student's t with nx + ny - 2 degrees of freedom. Both samples
/// constant and equal: p = 1 with a note (scipy: NaN); constant and different: p = 0 (t infinite).
/// NaN with a note for nx + ny < 3 or an empty sample.
TestResult unpaired_t_test(const std::vector<double>& x, const std::vector<double>& y,
                           Alternative alt = Alternative::TwoSided);

}  // namespace irlens
