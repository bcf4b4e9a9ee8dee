// The options of `irlens judgments` (contract: irlens/frontends/judgments_flags.hpp).
#include "irlens/frontends/judgments_flags.hpp"

#include "irlens/error.hpp"
#include "irlens/frontends/stats_flags.hpp"

#include <cmath>

namespace irlens {

std::vector<OptionSpec> judgments_option_specs() {
    return {{0, "threshold", true}, {0, "map-b", true}, {0, "test", true},  {0, "correction", true},
            {0, "alpha", true},     {0, "rbo-p", true}, {0, "top-k", true}, {0, "confidence", true}};
}

bool take_judgments_option(const ParsedOption& p, JudgmentsSettings& s) {
    ConclusionSettings& c = s.conclusions;
    if (p.name == "threshold") {
        const double t = parse_real("--threshold", p.value);
        if (t != std::floor(t) || std::fabs(t) > 1000)
            throw UsageError("--threshold must be a whole grade (e.g. 1 or 2), got '" + p.value + "'");
        s.threshold = static_cast<int>(t);
    } else if (p.name == "map-b") {
        s.map_b = parse_grade_map(p.value);
    } else if (p.name == "test") {
        try {
            set_pairwise_test(c.testing, p.value);
        } catch (const UsageError&) {
            throw UsageError("--test must be t, wilcoxon, sign, randomisation, bootstrap or tukey, got '" + p.value +
                             "'");
        }
    } else if (p.name == "correction") {
        c.testing.correction = parse_correction(p.value);
    } else if (p.name == "alpha") {
        c.alpha = parse_real("--alpha", p.value);
        if (!(c.alpha > 0 && c.alpha < 1)) throw UsageError("--alpha must be between 0 and 1, e.g. 0.05");
    } else if (p.name == "rbo-p") {
        c.rbo_p = parse_real("--rbo-p", p.value);
        if (!(c.rbo_p > 0 && c.rbo_p < 1)) throw UsageError("--rbo-p must be between 0 and 1 (exclusive), e.g. 0.9");
    } else if (p.name == "top-k") {
        c.top_k = parse_count("--top-k", p.value, 1);
    } else if (p.name == "confidence") {
        c.confidence = parse_real("--confidence", p.value);
        if (!(c.confidence > 0 && c.confidence < 1))
            throw UsageError("--confidence must be between 0 and 1, e.g. 0.95");
    } else {
        return false;
    }
    return true;
}

void check_judgments_settings(const JudgmentsSettings& s) {
    if (s.conclusions.testing.tukey && s.conclusions.testing.correction != Correction::None)
        throw UsageError("--test tukey adjusts its p-values for every pair itself: it takes no --correction");
}

JudgmentsSettings judgments_settings_from_args(const std::vector<std::string>& args) {
    JudgmentsSettings s;
    std::vector<OptionSpec> specs = judgments_option_specs();
    for (const OptionSpec& r : resampling_option_specs()) specs.push_back(r);
    std::vector<ParsedOption> options;
    std::vector<std::string> positional;
    parse_args(args, specs, options, positional);
    if (!positional.empty()) throw UsageError("unexpected argument '" + positional[0] + "'");
    for (const ParsedOption& p : options)
        if (!take_resampling_option(p, s.conclusions.testing.resampling)) take_judgments_option(p, s);
    s.conclusions.intervals_B = s.conclusions.testing.resampling.B;
    check_judgments_settings(s);
    return s;
}

}  // namespace irlens
