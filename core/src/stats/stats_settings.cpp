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

const std::vector<MetaAnalysisInfo>& meta_analysis_infos() {
    static const std::string tests = "no test, interval or resample over topics is defined on fewer than 2";
    static const std::vector<MetaAnalysisInfo> all = {
        {"correlation", 2, 2, "a mean over 1 topic orders the runs as that topic does, and over none not at all"},
        {"discriminative-power", 2, 1, tests},
        {"stability", 2, 1, "topic samples need at least 2 topics to differ"},
        {"concordance", 2, 2, "fewer than 2 topics: no comparison of per-topic differences is a sample"},
        {"unanimity", 1, 2, "Metric Unanimity compares the runs topic by topic: it needs one"},
        {"predictive-power", 2, 1, tests},
        {"loo", 0, 1, ""},
        {"topic-set-size", 0, 1, ""},
        {"power", 0, 1, ""},
    };
    return all;
}

const std::vector<std::string>& meta_analyses() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const MetaAnalysisInfo& a : meta_analysis_infos()) out.push_back(a.name);
        return out;
    }();
    return names;
}

void check_meta_analysis(const std::string& name) {
    const std::vector<std::string>& all = meta_analyses();
    if (std::find(all.begin(), all.end(), name) == all.end())
        throw UsageError("unknown analysis '" + name +
                         "': expected correlation, discriminative-power, stability, concordance, unanimity, "
                         "predictive-power, loo, topic-set-size or power");
}

const MetaAnalysisInfo& meta_analysis_info(const std::string& name) {
    check_meta_analysis(name);
    for (const MetaAnalysisInfo& a : meta_analysis_infos())
        if (a.name == name) return a;
    throw UsageError("unknown analysis '" + name + "'");  // not reached: checked above
}

void check_meta_topics(const std::string& name, std::size_t topics, const std::string& policy) {
    const MetaAnalysisInfo& a = meta_analysis_info(name);
    if (topics >= a.min_topics) return;
    throw UsageError(name + " needs at least " + std::to_string(a.min_topics) +
                     (a.min_topics == 1 ? " topic" : " topics") + " that every run answered; " + policy);
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
        if (s.power.ci_width > 0 && s.analysis != "topic-set-size")
            throw UsageError("--ci-width is for the topic-set-size analysis");
    } else if (s.power_given) {
        throw UsageError("--alpha, --beta, --min-diff and --ci-width are for the topic-set-size and power analyses");
    }
}

}  // namespace irlens
