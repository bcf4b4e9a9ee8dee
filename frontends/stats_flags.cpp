// The options of `irlens compare` and `irlens meta`, read into the core's settings (see
// irlens/frontends/stats_flags.hpp).
#include "irlens/frontends/stats_flags.hpp"

#include "irlens/error.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace irlens {

std::size_t parse_count(const std::string& name, const std::string& value, std::size_t min) {
    char* end = nullptr;
    errno = 0;
    unsigned long long v = value.empty() || value[0] == '-' ? 0 : std::strtoull(value.c_str(), &end, 10);
    if (value.empty() || value[0] == '-' || *end || (!errno && v < min))
        throw UsageError(name + " must be a whole number of at least " + std::to_string(min) + ", got '" + value + "'");
    if (errno || v > kMaxCount)  // errno: more than 2^64 - 1
        throw UsageError(name + " must be at most " + std::to_string(kMaxCount) + ", got '" + value + "'");
    return static_cast<std::size_t>(v);
}

double parse_real(const std::string& name, const std::string& value) {
    char* end = nullptr;
    double v = std::strtod(value.c_str(), &end);
    if (value.empty() || *end || !std::isfinite(v)) throw UsageError(name + " must be a number, got '" + value + "'");
    return v;
}

std::vector<OptionSpec> resampling_option_specs() {
    return {{'B', "", true}, {0, "seed", true}, {0, "exact-limit", true}};
}

bool take_resampling_option(const ParsedOption& p, Resampling& r) {
    if (p.name == "B") {
        r.B = parse_count("-B", p.value, 1);
    } else if (p.name == "seed") {
        char* end = nullptr;
        errno = 0;
        unsigned long long v = std::strtoull(p.value.c_str(), &end, 10);
        if (p.value.empty() || p.value[0] == '-' || *end || errno)
            throw UsageError("--seed must be a whole number from 0 to 18446744073709551615, got '" + p.value + "'");
        r.seed = v;
    } else if (p.name == "exact-limit") {
        r.exact_limit = parse_count("--exact-limit", p.value, 0);
        if (r.exact_limit > 40) throw UsageError("--exact-limit must be at most 40");
    } else {
        return false;
    }
    return true;
}

namespace {

/// Reads an option list that may hold only `own` and the resampling options: the resampling
/// options first, then take_own for the others in order (the CLI's order).
template <class Take>
void read_options(const std::vector<std::string>& args, std::vector<OptionSpec> own, Resampling& r, Take take_own) {
    for (const OptionSpec& s : resampling_option_specs()) own.push_back(s);
    std::vector<ParsedOption> options;
    std::vector<std::string> positional;
    parse_args(args, own, options, positional);
    if (!positional.empty()) throw UsageError("unexpected argument '" + positional[0] + "'");
    for (const ParsedOption& p : options) take_resampling_option(p, r);
    for (const ParsedOption& p : options) take_own(p);
}

}  // namespace

std::vector<OptionSpec> compare_option_specs() {
    return {{0, "baseline", true},   {0, "test", true}, {0, "correction", true}, {0, "alternative", true},
            {0, "confidence", true}, {0, "ci", true},   {0, "risk", true},       {0, "pairs", true}};
}

bool take_compare_option(const ParsedOption& p, CompareSettings& s) {
    if (p.name == "baseline") {
        s.baseline = p.value;
    } else if (p.name == "pairs") {
        // A:B,C:D: pairs separated by commas, the two runs of a pair by a colon.
        std::size_t start = 0;
        for (;;) {
            const std::size_t comma = p.value.find(',', start);
            const std::string pair =
                p.value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
            const std::size_t colon = pair.find(':');
            if (colon == std::string::npos || colon == 0 || colon + 1 == pair.size() ||
                pair.find(':', colon + 1) != std::string::npos)
                throw UsageError(
                    "--pairs takes RUN:RUN pairs separated by commas (e.g. a.run:b.run,a.run:c.run), got '" + pair +
                    "'");
            s.pairs.emplace_back(pair.substr(0, colon), pair.substr(colon + 1));
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
    } else if (p.name == "test") {
        s.unpaired = p.value == "unpaired-bootstrap";
        if (!s.unpaired) {
            try {
                set_pairwise_test(s.testing, p.value);
            } catch (const UsageError&) {
                throw UsageError(
                    "--test must be t, wilcoxon, sign, randomisation, bootstrap, unpaired-bootstrap or tukey, got '" +
                    p.value + "'");
            }
        }
    } else if (p.name == "correction") {
        s.testing.correction = parse_correction(p.value);
    } else if (p.name == "alternative") {
        s.testing.alternative = parse_alternative(p.value);
    } else if (p.name == "confidence") {
        s.confidence = parse_real("--confidence", p.value);
        if (!(s.confidence > 0 && s.confidence < 1))
            throw UsageError("--confidence must be between 0 and 1, e.g. 0.95");
    } else if (p.name == "ci") {
        s.interval = parse_interval_method(p.value);
    } else if (p.name == "risk") {
        s.risk = true;
        s.risk_alpha = parse_real("--risk", p.value);
        if (s.risk_alpha < 0) throw UsageError("--risk must be >= 0 (the risk aversion alpha)");
    } else {
        return false;
    }
    return true;
}

CompareSettings compare_settings_from_args(const std::vector<std::string>& args) {
    CompareSettings s;
    std::vector<OptionSpec> specs = compare_option_specs();
    specs.push_back({0, "only", true});
    read_options(args, specs, s.testing.resampling, [&](const ParsedOption& p) {
        if (p.name != "only") {
            take_compare_option(p, s);
        } else if (p.value == "p-values") {
            s.only = CompareParts::PValues;
        } else if (p.value == "details") {
            s.only = CompareParts::Details;
        } else {
            throw UsageError("only must be 'p-values' or 'details', got '" + p.value + "'");
        }
    });
    check_compare_settings(s);
    return s;
}

std::vector<OptionSpec> meta_option_specs() {
    return {{0, "test", true},   {0, "correction", true}, {0, "curve", false},    {0, "topics", true},
            {0, "trials", true}, {0, "bin-width", true},  {0, "rbo-p", true},     {0, "gold", true},
            {0, "depth", true},  {0, "stability", true},  {0, "fuzziness", true}, {0, "preferences", true},
            {0, "alpha", true},  {0, "beta", true},       {0, "min-diff", true},  {0, "ci-width", true}};
}

bool take_meta_option(const ParsedOption& p, MetaSettings& s) {
    if (p.name == "test")
        set_pairwise_test(s.testing, p.value);
    else if (p.name == "correction")
        s.testing.correction = parse_correction(p.value);
    else if (p.name == "curve")
        s.curve = true;
    else if (p.name == "topics")
        s.topics = parse_count("--topics", p.value, 1);
    else if (p.name == "trials")
        s.trials = parse_count("--trials", p.value, 1);
    else if (p.name == "bin-width")
        s.bin_width = parse_real("--bin-width", p.value);
    else if (p.name == "rbo-p")
        s.rbo_p = parse_real("--rbo-p", p.value);
    else if (p.name == "gold")
        s.gold.push_back(p.value);
    else if (p.name == "depth")
        s.depth = parse_count("--depth", p.value, 1);
    else if (p.name == "stability") {
        if (p.value != "half-ties" && p.value != "fuzzy")
            throw UsageError("--stability must be half-ties or fuzzy, got '" + p.value + "'");
        s.stability = p.value;
    } else if (p.name == "fuzziness") {
        s.fuzziness = parse_real("--fuzziness", p.value);
        s.fuzziness_given = true;
        if (!(s.fuzziness >= 0) || !std::isfinite(s.fuzziness)) throw UsageError("--fuzziness must be a number >= 0");
    } else if (p.name == "preferences") {
        s.preferences_file = p.value;
    } else if (p.name == "alpha" || p.name == "beta" || p.name == "min-diff" || p.name == "ci-width") {
        const double v = parse_real("--" + p.name, p.value);
        // PowerSettings::ci_width 0 means "no CI design": given, the width must be a positive number.
        if (p.name == "ci-width" && !(v > 0))
            throw UsageError("--ci-width must be a positive number, e.g. 0.1 (got " + p.value + ")");
        (p.name == "alpha"      ? s.power.alpha
         : p.name == "beta"     ? s.power.beta
         : p.name == "min-diff" ? s.power.min_diff
                                : s.power.ci_width) = v;
        s.power_given = true;
    } else
        return false;
    return true;
}

MetaSettings meta_settings_from_args(const std::string& analysis, const std::vector<std::string>& args) {
    check_meta_analysis(analysis);
    MetaSettings s;
    s.analysis = analysis;
    read_options(args, meta_option_specs(), s.testing.resampling,
                 [&](const ParsedOption& p) { take_meta_option(p, s); });
    check_meta_settings(s);
    return s;
}

}  // namespace irlens
