// The analyses of `irlens meta` over a set of runs and measures, as the CLI and the JS API's meta()
// run them (the methods are in meta.hpp, correlation.hpp and leave_one_out.hpp):
//   correlation           every pair of measures: Kendall's tau-a and tau-b (with p), tau_ap both
//                         ways and symmetric, Spearman's rho (with p), RBO, over the runs' scores
//                         (each measure's aggregate over the common topics)
//   discriminative-power  every measure: significant pairs at 0.05 / 0.01, minimum detectable
//                         difference, the ASL curve
//   stability             every measure: stability over `trials` samples of `topics` topics (half
//                         by default) and the swap rate of two disjoint samples of min(T, n/2)
//   concordance           exactly two measures given the gold-standard measures (the last
//                         settings.gold.size() measures of the evaluation)
//   unanimity             every measure against all the others
//   loo                   the leave-one-out pool test (needs the runs' groups: eval.groups)
// meta_json() (json_documents.hpp) is the document `irlens meta ... --format json` prints and the
// JS API returns.
#pragma once

#include "irlens/stats/comparison.hpp"
#include "irlens/stats/correlation.hpp"
#include "irlens/evaluation/evaluate.hpp"
#include "irlens/stats/leave_one_out.hpp"
#include "irlens/stats/meta.hpp"
#include "irlens/stats/stats_settings.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace irlens {

/// Rank correlation of the run orderings of two measures (x, y).
struct MeasureCorrelation {
    std::string x, y;
    std::size_t runs = 0;
    double tau_a = 0, tau_ap_xy = 0, tau_ap_yx = 0, rbo = 0;  // tau_ap_xy: runs ordered by x, y the gold standard
    CorrelationTest tau_b, spearman;
    std::string note;  // tau-b's note, else Spearman's
};

struct MeasureDiscrimination {
    std::string measure;
    std::size_t topics = 0;
    DiscriminativePower power;  // curve's run indices refer to MetaReport::runs
};

struct MeasureStability {
    std::string measure;
    std::size_t topics_per_trial = 0, swap_topics_per_set = 0;
    Stability stability;
    SwapRate swap;
};

struct ConcordanceReport {
    std::string measure_1, measure_2;
    std::vector<std::string> gold;
    Concordance result;
};

struct MetaReport {
    std::string analysis, qrels;  // qrels: its source name
    MissingTopics missing = MissingTopics::Zero;
    std::vector<std::string> runs;
    std::string topic_policy;  // e.g. topic_policy() of the first measure; loo: loo_topic_policy()
    MetaSettings settings;
    // The analysis' results (only its own are filled in):
    std::vector<MeasureCorrelation> correlation;
    std::vector<MeasureDiscrimination> discrimination;
    std::vector<MeasureStability> stability;
    ConcordanceReport concordance;
    std::vector<Unanimity> unanimity;
    LeaveOneOut loo;
    std::string groups_source;  // loo: the groups file
    std::vector<std::string> warnings;
};

/// "all qrels topics, unanswered ones scored as trec_eval -c" or "the topics each run answered
/// (--missing skip)": leave-one-out's topics.
std::string loo_topic_policy(MissingTopics missing);

/// The group of every run: looked up by its name (also without .gz/.txt), then by its tag.
/// UsageError naming the run and the groups file when one has none.
std::vector<std::string> groups_of_runs(const std::vector<std::shared_ptr<const Run>>& runs, const RunGroups& groups);

/// Runs settings.analysis (not loo) on an evaluation whose last settings.gold.size() measures are
/// the gold standard. progress: the fraction done (false cancels: Cancelled).
MetaReport meta_evaluation(const Evaluation& ev, const std::string& qrels_name, std::size_t qrels_topics,
                           const MetaSettings& settings, const std::function<bool(double)>& progress = {});

/// Evaluates the runs on `measures` and the gold measures and runs the analysis (`evaluated`, if
/// set, is called with the evaluation first: comparison.hpp), or runs the leave-one-out test
/// (eval.groups required). eval.progress, if set, receives the fraction done.
MetaReport meta_runs(const std::shared_ptr<const Qrels>& qrels, const std::vector<std::shared_ptr<const Run>>& runs,
                     const std::vector<MeasureSpec>& measures, const EvalOptions& eval, const MetaSettings& settings,
                     const OnEvaluated& evaluated = {});


}  // namespace irlens
