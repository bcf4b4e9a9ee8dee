// Comparing runs on the per-topic scores of each measure: the analysis behind `irlens compare` and
// the JS API's compare(). For every run against a baseline, or for every pair of runs: the test
// (significance.hpp) and its corrected p-value, the intervals of both means and of the difference
// (confidence.hpp), Cohen's d with its interval, and optionally URisk / TRisk (risk.hpp).
//
// Topics (score_table.hpp): a pair is compared on the topics both runs were scored on (all qrels
// topics with MissingTopics::Zero, compare's default); randomised Tukey HSD on the topics every
// run has; the unpaired bootstrap on each run's own topics. The sentence stating it is in every
// output (MeasureComparison::topic_policy).
//
// Its JSON document (comparison_json, irlens/frontends/json_documents.hpp) is what `irlens compare
// --format json` prints and the JS API returns (parsed): the CLI and the JS API cannot drift apart.
#pragma once

#include "irlens/stats/confidence.hpp"
#include "irlens/evaluation/evaluate.hpp"
#include "irlens/readers/qrels.hpp"
#include "irlens/stats/risk.hpp"
#include "irlens/readers/run.hpp"
#include "irlens/stats/significance.hpp"
#include "irlens/stats/stats_settings.hpp"

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace irlens {

/// The pairs compared: (run, baseline) for every other run in run order, or every pair (a, b),
/// a < b, when baseline >= runs.
std::vector<RunPair> comparison_pairs(std::size_t runs, std::size_t baseline);

/// The index of the run `name` refers to: a run's name, or (the CLI's paths) paths[i] or its last
/// path component. UsageError "--baseline 'X' is not one of the runs (A, B)" when none matches.
std::size_t find_baseline(const std::vector<std::string>& names, const std::string& name,
                          const std::vector<std::string>& paths = {});

/// One run (a) against the baseline or the other run of the pair (b), on one measure.
struct ComparisonRow {
    std::size_t a = 0, b = 0;  // run indices
    std::size_t topics = 0;    // topics compared (unpaired: of both runs together)
    double mean_a = std::numeric_limits<double>::quiet_NaN(), mean_b = std::numeric_limits<double>::quiet_NaN();
    Interval ci_a, ci_b, ci_diff;  // of each mean, and of the (paired or unpaired) difference
    TestResult test;
    double p_adjusted = 1;  // after the correction over the pairs of the measure (Tukey: its own p)
    EffectSize effect;      // Cohen's d_z of the paired differences (not for unpaired)
    RiskResult risk;        // with CompareSettings::risk
    /// The notes of the test, the effect size and the risk, joined by "; ".
    std::string notes() const;
};

struct MeasureComparison {
    std::string measure, measure_full;  // canonical and full names
    std::size_t topics_used = 0;        // the most topics any pair used
    std::string topic_policy;           // topic_policy() for topics_used
    std::vector<ComparisonRow> rows;    // in comparison_pairs() order
};

struct Comparison {
    std::string qrels;  // the qrels' source name
    std::size_t qrels_topics = 0;
    std::vector<std::string> runs;  // names, in input order
    std::size_t baseline = 0;       // index into runs; runs.size() when every pair is compared
    CompareSettings settings;
    MissingTopics missing = MissingTopics::Zero;
    std::string test;       // e.g. "paired t-test, two-sided, no correction for multiple comparisons"
    std::string intervals;  // e.g. "95% t" or "90% percentile (B=1000, seed 1)"
    std::vector<MeasureComparison> measures;
    std::vector<std::string> warnings;  // the evaluation's
    bool has_baseline() const { return baseline < runs.size(); }
};

/// Compares the runs of an evaluation on each of its measures. progress (optional) receives the
/// fraction done over all measures and returns false to cancel (Cancelled is thrown).
/// UsageError for fewer than two runs or a text-valued measure.
Comparison compare_evaluation(const Evaluation& ev, const std::string& qrels_name, std::size_t qrels_topics,
                              const CompareSettings& settings, std::size_t baseline,
                              const std::function<bool(double)>& progress = {});

/// Called with the evaluation once the runs are evaluated, before they are compared (the CLI prints
/// the evaluation's warnings there).
using OnEvaluated = std::function<void(const Evaluation&)>;

/// Evaluates the runs (eval: missing-topic policy, side inputs) and compares them: eval.progress,
/// if set, receives the fraction of the whole job, the evaluation counting as one measure's tests.
/// UsageError for fewer than two runs (checked first) or no measure.
Comparison compare_runs(const std::shared_ptr<const Qrels>& qrels, const std::vector<std::shared_ptr<const Run>>& runs,
                        const std::vector<MeasureSpec>& measures, const EvalOptions& eval,
                        const CompareSettings& settings, std::size_t baseline, const OnEvaluated& evaluated = {});

/// The significance marker of an (adjusted) p-value: "***" p < 0.001, "**" p < 0.01, "*" p < 0.05.
const char* significance_marker(double p);

}  // namespace irlens
