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
//   predictive-power      every measure: the share of the non-tied human preferences
//                         (settings.preferences) it agrees with, with a bootstrap interval
//   loo                   the leave-one-out pool test (needs the runs' groups: eval.groups)
//   topic-set-size        every measure: V_E, V_W and the topics the paired t-test, the one-way
//                         ANOVA over the runs and (settings.power.ci_width > 0) the CI design need
//                         (topic_set_size.hpp), and their power at 2 ... curve_topics topics
//   power                 every measure: the campaign's n, V_E, the paired t-test's minimum
//                         detectable difference and its power for settings.power.min_diff
// meta_json() (json_documents.hpp) is the document `irlens meta ... --format json` prints and the
// JS API returns.
#pragma once

#include "irlens/stats/comparison.hpp"
#include "irlens/stats/correlation.hpp"
#include "irlens/evaluation/evaluate.hpp"
#include "irlens/stats/leave_one_out.hpp"
#include "irlens/stats/meta.hpp"
#include "irlens/stats/stats_settings.hpp"
#include "irlens/stats/topic_set_size.hpp"

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

struct MeasurePredictivePower {
    std::string measure;
    std::size_t unscored = 0;  // non-tied preferences left out: a run has no value on the topic
    PredictivePower result;
};

struct PredictivePowerReport {
    std::string source;  // the preferences file
    std::size_t judgments = 0, human_ties = 0;
    double level = 0.95;  // of the intervals
    std::vector<MeasurePredictivePower> measures;
};

/// topic-set-size and power: one measure.
struct MeasureTopicSetSize {
    std::string measure;
    TopicSetVariances variances;                      // over the topics every run was scored on
    TopicSetSize paired_t, anova, ci;                 // topic-set-size (ci: with a width)
    double min_detectable_difference = 0, power = 0;  // power: the paired t-test at the campaign's n (NaN: note)
    std::string note;  // power: why min_detectable_difference or power is NaN (paired_t_campaign_power)
    std::vector<double> curve_paired_t, curve_anova;  // topic-set-size: power at 2, 3, ... curve_topics topics
};

/// Why a topic-set-size design (of variance `variance`) or the power of a measure has no number;
/// "" when it has one.
std::string design_note(const MeasureTopicSetSize& x, const TopicSetSize& design, double variance);
std::string power_note(const MeasureTopicSetSize& x);

/// The largest number of topics of the power curves.
constexpr std::size_t kPowerCurveTopics = 1000;

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
    PredictivePowerReport predictive;
    LeaveOneOut loo;
    std::string groups_source;                        // loo: the groups file
    std::vector<MeasureTopicSetSize> topic_set_size;  // topic-set-size, power
    std::size_t curve_topics = 0;  // the curves' last number of topics: the largest defined paired-t or
                                   // anova answer and the campaign's topics, within [2, kPowerCurveTopics]
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
