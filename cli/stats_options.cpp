#include "stats_options.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/text.hpp"

#include <cmath>
#include <cstdio>

namespace irlens::cli {

std::vector<OptionSpec> stats_option_specs() {
    std::vector<OptionSpec> specs = resampling_option_specs();
    specs.push_back({'f', "format", true});
    specs.push_back({0, "precision", true});
    specs.push_back({0, "provenance", false});
    return specs;
}

std::vector<ParsedOption> parse_stats_command(const std::vector<std::string>& args, std::vector<OptionSpec> own,
                                              const std::vector<std::string>& formats, EvaluationInputs& in,
                                              StatsOptions& o, std::vector<std::string>& positional) {
    std::vector<OptionSpec> specs = own;
    for (const OptionSpec& s : input_option_specs()) specs.push_back(s);
    for (const OptionSpec& s : stats_option_specs()) specs.push_back(s);
    std::vector<ParsedOption> options, rest;
    parse_args(args, specs, options, positional);
    o.given = options;
    in.eval.missing = MissingTopics::Zero;
    for (const ParsedOption& p : options)
        if (!take_input_option(p, in) && !take_stats_option(p, o, formats)) rest.push_back(p);
    return rest;
}

bool take_stats_option(const ParsedOption& p, StatsOptions& o, const std::vector<std::string>& formats) {
    if (take_resampling_option(p, o.resampling)) {
        return true;
    } else if (p.name == "format") {
        bool ok = false;
        std::string list;
        for (const std::string& f : formats) {
            ok = ok || f == p.value;
            list += (list.empty() ? "" : ", ") + f;
        }
        if (!ok) throw UsageError("--format must be one of " + list + ", got '" + p.value + "'");
        o.format = p.value;
    } else if (p.name == "precision") {
        std::size_t v = parse_count("--precision", p.value, 0);
        if (v > 17) throw UsageError("--precision must be an integer from 0 to 17");
        o.precision = static_cast<int>(v);
    } else if (p.name == "provenance") {
        o.provenance = true;
    } else {
        return false;
    }
    return true;
}

std::string fixed(double v, int precision) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", precision, v);
    return buf;
}

std::string p_value(double p, int digits) {
    if (std::isnan(p)) return "nan";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", digits < 1 ? 1 : digits, p);
    return buf;
}

std::string latex_escape(const std::string& s) { return text::latex_text(s); }

}  // namespace irlens::cli
