// The settings of `irlens compare` and `irlens meta` and their checks (see
// irlens/stats/stats_settings.hpp); reading them from options is front-end code
// (frontends/stats_flags.cpp).
#include "irlens/stats/stats_settings.hpp"

#include "irlens/error.hpp"

#include <algorithm>

namespace irlens {

void require_measures(const std::vector<MeasureSpec>& measures) {
    if (measures.empty()) throw UsageError("no measure given: add -m MEASURE (e.g. -m AP -m nDCG@10)");
}

void check_compare_settings(const CompareSettings& s) {
    if (s.risk && s.baseline.empty())
        throw UsageError("--risk needs --baseline: URisk and TRisk compare a run with a baseline");
    if (!s.pairs.empty() && !s.baseline.empty())
        throw UsageError("--pairs and --baseline exclude each other: name the baseline in the pairs (RUN:BASELINE)");
    if (s.testing.tukey && s.testing.correction != Correction::None)
        throw UsageError("Tukey HSD p-values are already adjusted for all pairs: use no other --correction");
    if (s.testing.tukey && s.testing.alternative != Alternative::TwoSided)
        throw UsageError("Tukey HSD is two-sided only: drop --alternative");
    if (s.unpaired && s.interval == IntervalMethod::BCa)
        throw UsageError("--ci bca is for paired differences; use t or percentile with unpaired-bootstrap");
}

const std::vector<std::string>& meta_analyses() {
    static const std::vector<std::string> names = {"correlation", "discriminative-power", "stability",
                                                   "concordance", "unanimity",            "predictive-power",
                                                   "loo",         "topic-set-size",       "power"};
    return names;
}

void check_meta_analysis(const std::string& name) {
    const std::vector<std::string>& all = meta_analyses();
    if (std::find(all.begin(), all.end(), name) == all.end())
        throw UsageError("unknown analysis '" + name +
                         "': expected correlation, discriminative-power, stability, concordance, unanimity, "
                         "predictive-power, loo, topic-set-size or power");
}

void check_meta_settings(const MetaSettings& s) {
    if (!(s.rbo_p > 0 && s.rbo_p < 1)) throw UsageError("--rbo-p must be between 0 and 1 (exclusive)");
    if (!(s.bin_width > 0)) throw UsageError("--bin-width must be positive");
    if (!s.gold.empty() && s.analysis != "concordance") throw UsageError("--gold is for the concordance analysis");
    if ((s.stability != "half-ties" || s.fuzziness_given) && s.analysis != "stability")
        throw UsageError("--stability and --fuzziness are for the stability analysis");
    if (s.fuzziness_given && s.stability != "fuzzy") throw UsageError("--fuzziness is for --stability fuzzy");
    if (!s.preferences_file.empty() && s.analysis != "predictive-power")
        throw UsageError("--preferences is for the predictive-power analysis");
    if (s.analysis == "topic-set-size" || s.analysis == "power") {
        check_power_settings(s.power);
        if (s.power.ci_width > 0 && s.analysis != "topic-set-size") throw UsageError("--ci-width is for the topic-set-size analysis");
    } else if (s.power_given) {
        throw UsageError("--alpha, --beta, --min-diff and --ci-width are for the topic-set-size and power analyses");
    }
}

}  // namespace irlens
