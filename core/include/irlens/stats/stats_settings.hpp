// The settings of `irlens compare` and `irlens meta`, with the checks across them. They are read
// from options by front-end code (irlens/frontends/stats_flags.hpp: one reader for the CLI and
// the JS API), so that names, defaults and messages are the same everywhere.
#pragma once

#include "irlens/stats/confidence.hpp"
#include "irlens/measures/measure.hpp"
#include "irlens/readers/preference_judgments.hpp"
#include "irlens/stats/significance.hpp"
#include "irlens/stats/topic_set_size.hpp"

#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace irlens {

/// The largest value of any count option of any command (resamples, trials, topics, depths, sample
/// sizes): beyond it a computation would run for days, not give a better answer.
constexpr std::size_t kMaxCount = 10000000;

/// UsageError "no measure given: ..." when `measures` is empty.
void require_measures(const std::vector<MeasureSpec>& measures);

/// Which parts of a comparison row are computed (CompareSettings::only). All: everything (the
/// CLI's and the JS API's default). PValues: the test, its p-values and the means, without the
/// intervals, Cohen's d and risk (the page's p-value matrix: for 500 runs, 124,750 pairs whose
/// intervals and effect sizes cost most of the work). Details: the intervals, Cohen's d and risk
/// without the test (a pair's details once its p-value is shown). Each part's numbers are the
/// ones All computes for that row, whatever the other rows.
enum class CompareParts { All, PValues, Details };

/// The settings of `irlens compare`.
struct CompareSettings {
    CompareParts only = CompareParts::All;  // the JS API's `only` ('p-values', 'details'); no CLI option
    PairwiseTesting testing;                // --test (t), --alternative (two-sided), --correction (none), resampling
    bool unpaired = false;                  // --test unpaired-bootstrap
    double confidence = 0.95;               // --confidence: level of every interval
    IntervalMethod interval = IntervalMethod::T;  // --ci
    bool risk = false;                            // --risk ALPHA given: URisk and TRisk
    double risk_alpha = 0;
    std::string baseline;  // --baseline: a run's name ("" = every pair of runs)
    /// --pairs A:B,C:D (repeatable): only these pairs (run names), in this order; the correction's
    /// family is these pairs (Tukey HSD's p-values stay adjusted for all pairs of all runs).
    std::vector<std::pair<std::string, std::string>> pairs;
};

/// The checks across options, once all are read: --risk needs --baseline, --pairs excludes it, Tukey HSD takes no
/// correction and no one-sided alternative, BCa intervals are not for unpaired-bootstrap.
void check_compare_settings(const CompareSettings& s);
/// The settings of `irlens meta`.
struct MetaSettings {
    std::string analysis;                 // one of meta_analyses()
    PairwiseTesting testing;              // discriminative power: --test (bootstrap), --correction, resampling
    bool curve = false;                   // --curve: the CLI prints the ASL curve instead of the summary
    std::size_t topics = 0;               // --topics: stability's topics per trial (0 = half of them)
    std::size_t trials = 1000;            // --trials
    std::string stability = "half-ties";  // --stability half-ties (stability()) | fuzzy (fuzzy_stability())
    double fuzziness = 0.05;              // --fuzziness: fuzzy stability's tie margin
    bool fuzziness_given = false;
    double bin_width = 0.01;        // --bin-width: the swap rate's bins of |mean difference|
    double rbo_p = 0.9;             // --rbo-p
    std::vector<std::string> gold;  // --gold: concordance's gold-standard measures
    std::size_t depth = 100;        // --depth: the leave-one-out pool depth
    std::string preferences_file;   // --preferences: predictive power's judgments (read by the front-end)
    std::shared_ptr<const PreferenceJudgments> preferences;  // ... once read
    PowerSettings power;       // topic-set-size and power: --alpha, --beta, --min-diff, --ci-width
    bool power_given = false;  // one of those options given
    MetaSettings() { testing.test = PairedTest::Bootstrap; }
};

/// correlation, discriminative-power, stability, concordance, unanimity, predictive-power, loo,
/// topic-set-size, power.
const std::vector<std::string>& meta_analyses();
/// UsageError "unknown analysis ..." unless `name` is one of them.
void check_meta_analysis(const std::string& name);

/// What one meta analysis needs of its inputs, stated once for the CLI, the JS API
/// (metaAnalyses()) and the page: the fewest topics common to every run it is defined on
/// (`min_topics`, with `why` the reason), and the fewest measures it compares (`min_measures`,
/// besides concordance's gold standards). Metric Unanimity is defined on a single topic (Amigo et
/// al., SIGIR 2018, Sec. 6.1: its worked example has one); a test, a correlation of means over
/// topic samples or a bootstrap over topics needs 2; topic-set-size and power say per measure
/// why they have no number (min_topics 0); loo re-evaluates the runs and has none either.
struct MetaAnalysisInfo {
    std::string name;
    std::size_t min_topics = 2;
    std::size_t min_measures = 1;
    std::string why;  // why fewer topics give no result ("" when min_topics is 0)
};
/// Every analysis of meta_analyses(), in that order.
const std::vector<MetaAnalysisInfo>& meta_analysis_infos();
/// The entry of `name` (check_meta_analysis first).
const MetaAnalysisInfo& meta_analysis_info(const std::string& name);
/// UsageError "ANALYSIS needs at least N topic(s) that every run answered; POLICY" when `topics`
/// (common to every run) is below the analysis' minimum. policy: topic_policy() without its
/// "topics: " head, saying which topics were counted.
void check_meta_topics(const std::string& name, std::size_t topics, const std::string& policy);
/// The checks across options: --rbo-p in (0, 1), --bin-width > 0, --gold only for concordance,
/// --stability and --fuzziness only for stability, --fuzziness (>= 0) only with --stability fuzzy,
/// --preferences only for predictive-power, --alpha, --beta, --min-diff only for topic-set-size and
/// power (check_power_settings), --ci-width only for topic-set-size.
void check_meta_settings(const MetaSettings& s);
}  // namespace irlens
