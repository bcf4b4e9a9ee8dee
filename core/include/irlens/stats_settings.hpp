// The settings of `irlens compare` and `irlens meta`, read from their options. One reader serves
// the CLI and the JS API (which turns its options object into the same option list, e.g.
// {test: 'bootstrap', B: 1000} -> --test bootstrap -B 1000), so that the names, the defaults, the
// checks and the error messages (which name the CLI's options) are the same everywhere.
#pragma once

#include "irlens/args.hpp"
#include "irlens/confidence.hpp"
#include "irlens/measure.hpp"
#include "irlens/significance.hpp"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace irlens {

/// The largest value of any count option of any command (resamples, trials, topics, depths, sample
/// sizes): beyond it a computation would run for days, not give a better answer.
constexpr std::size_t kMaxCount = 10000000;

/// A whole number for option `name`, from `min` to kMaxCount: the one reader of every count
/// option (CLI and JS API); UsageError otherwise, e.g. "-B must be a whole number of at least 1,
/// got '0'" or "--trials must be at most 10000000, got '100000000000'".
std::size_t parse_count(const std::string& name, const std::string& value, std::size_t min);
/// A finite real number for option `name`; UsageError otherwise.
double parse_real(const std::string& name, const std::string& value);

/// -B N (1 to 10^7 resamples, default 10000), --seed S (0 to 2^64 - 1, default 1) and
/// --exact-limit N (0 to 40, default 20).
std::vector<OptionSpec> resampling_option_specs();
/// Applies p to r when it is one of the options above (UsageError for a bad value); returns false
/// for any other option.
bool take_resampling_option(const ParsedOption& p, Resampling& r);

/// UsageError "no measure given: ..." when `measures` is empty.
void require_measures(const std::vector<MeasureSpec>& measures);

/// The settings of `irlens compare`.
struct CompareSettings {
    PairwiseTesting testing;  // --test (t), --alternative (two-sided), --correction (none), resampling
    bool unpaired = false;    // --test unpaired-bootstrap
    double confidence = 0.95;                      // --confidence: level of every interval
    IntervalMethod interval = IntervalMethod::T;   // --ci
    bool risk = false;                             // --risk ALPHA given: URisk and TRisk
    double risk_alpha = 0;
    std::string baseline;  // --baseline: a run's name ("" = every pair of runs)
    /// --pairs A:B,C:D (repeatable): only these pairs (run names), in this order; the correction's
    /// family is these pairs (Tukey HSD's p-values stay adjusted for all pairs of all runs).
    std::vector<std::pair<std::string, std::string>> pairs;
};

/// --baseline, --pairs, --test, --correction, --alternative, --confidence, --ci, --risk.
std::vector<OptionSpec> compare_option_specs();
/// Applies p when it is one of compare's own options (UsageError for a bad value); false otherwise.
bool take_compare_option(const ParsedOption& p, CompareSettings& s);
/// The checks across options, once all are read: --risk needs --baseline, --pairs excludes it, Tukey HSD takes no
/// correction and no one-sided alternative, BCa intervals are not for unpaired-bootstrap.
void check_compare_settings(const CompareSettings& s);
/// The settings from an option list holding only compare's own options and the resampling options
/// (the JS API's): the resampling options first, then the others in order, as the CLI reads them;
/// then check_compare_settings. UsageError for anything else (positional arguments included).
CompareSettings compare_settings_from_args(const std::vector<std::string>& args);

/// The settings of `irlens meta`.
struct MetaSettings {
    std::string analysis;     // one of meta_analyses()
    PairwiseTesting testing;  // discriminative power: --test (bootstrap), --correction, resampling
    bool curve = false;       // --curve: the CLI prints the ASL curve instead of the summary
    std::size_t topics = 0;   // --topics: stability's topics per trial (0 = half of them)
    std::size_t trials = 1000;     // --trials
    std::string stability = "half-ties";  // --stability half-ties (stability()) | fuzzy (fuzzy_stability())
    double fuzziness = 0.05;               // --fuzziness: fuzzy stability's tie margin
    bool fuzziness_given = false;
    double bin_width = 0.01;       // --bin-width: the swap rate's bins of |mean difference|
    double rbo_p = 0.9;            // --rbo-p
    std::vector<std::string> gold;  // --gold: concordance's gold-standard measures
    std::size_t depth = 100;       // --depth: the leave-one-out pool depth
    MetaSettings() { testing.test = PairedTest::Bootstrap; }
};

/// correlation, discriminative-power, stability, concordance, unanimity, loo.
const std::vector<std::string>& meta_analyses();
/// UsageError "unknown analysis ..." unless `name` is one of them.
void check_meta_analysis(const std::string& name);
/// --test, --correction, --curve, --topics, --trials, --bin-width, --rbo-p, --gold, --depth,
/// --stability, --fuzziness.
std::vector<OptionSpec> meta_option_specs();
/// Applies p when it is one of meta's own options (UsageError for a bad value); false otherwise.
bool take_meta_option(const ParsedOption& p, MetaSettings& s);
/// The checks across options: --rbo-p in (0, 1), --bin-width > 0, --gold only for concordance,
/// --stability and --fuzziness only for stability, --fuzziness (>= 0) only with --stability fuzzy.
void check_meta_settings(const MetaSettings& s);
/// As compare_settings_from_args, for `analysis` and meta's options.
MetaSettings meta_settings_from_args(const std::string& analysis, const std::vector<std::string>& args);

}  // namespace irlens
