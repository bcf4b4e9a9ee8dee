#include "stats_options.hpp"

#include "irlens/error.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace irlens::cli {

std::vector<OptionSpec> stats_option_specs() {
    return {
        {'B', "", true}, {0, "seed", true}, {0, "exact-limit", true}, {'f', "format", true}, {0, "precision", true}};
}

std::vector<ParsedOption> parse_stats_command(const std::vector<std::string>& args, std::vector<OptionSpec> own,
                                              const std::vector<std::string>& formats, EvaluationInputs& in,
                                              StatsOptions& o, std::vector<std::string>& positional) {
    std::vector<OptionSpec> specs = own;
    for (const OptionSpec& s : input_option_specs()) specs.push_back(s);
    for (const OptionSpec& s : stats_option_specs()) specs.push_back(s);
    std::vector<ParsedOption> options, rest;
    parse_args(args, specs, options, positional);
    in.eval.missing = MissingTopics::Zero;
    for (const ParsedOption& p : options)
        if (!take_input_option(p, in) && !take_stats_option(p, o, formats)) rest.push_back(p);
    return rest;
}

std::size_t parse_count(const std::string& name, const std::string& value, std::size_t min) {
    char* end = nullptr;
    errno = 0;
    unsigned long long v = value.empty() || value[0] == '-' ? 0 : std::strtoull(value.c_str(), &end, 10);
    if (value.empty() || value[0] == '-' || *end || errno || v < min)
        throw UsageError(name + " must be a whole number of at least " + std::to_string(min) + ", got '" + value + "'");
    return static_cast<std::size_t>(v);
}

double parse_real(const std::string& name, const std::string& value) {
    char* end = nullptr;
    double v = std::strtod(value.c_str(), &end);
    if (value.empty() || *end || !std::isfinite(v)) throw UsageError(name + " must be a number, got '" + value + "'");
    return v;
}

bool take_stats_option(const ParsedOption& p, StatsOptions& o, const std::vector<std::string>& formats) {
    if (p.name == "B") {
        o.resampling.B = parse_count("-B", p.value, 1);
    } else if (p.name == "seed") {
        char* end = nullptr;
        errno = 0;
        unsigned long long v = std::strtoull(p.value.c_str(), &end, 10);
        if (p.value.empty() || p.value[0] == '-' || *end || errno)
            throw UsageError("--seed must be a whole number from 0 to 18446744073709551615, got '" + p.value + "'");
        o.resampling.seed = v;
    } else if (p.name == "exact-limit") {
        o.resampling.exact_limit = parse_count("--exact-limit", p.value, 0);
        if (o.resampling.exact_limit > 40) throw UsageError("--exact-limit must be at most 40");
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
    std::snprintf(buf, sizeof buf, "%.*g", digits, p);
    return buf;
}

nlohmann::json json_number(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

std::string marker(double p) { return p < 0.001 ? "***" : p < 0.01 ? "**" : p < 0.05 ? "*" : ""; }

std::string latex_escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
            case '\\':
                out += "\\textbackslash{}";
                break;
            case '~':
                out += "\\textasciitilde{}";
                break;
            case '^':
                out += "\\textasciicircum{}";
                break;
            case '&':
            case '%':
            case '$':
            case '#':
            case '_':
            case '{':
            case '}':
                out += '\\';
                out += c;
                break;
            default:
                out += c;
        }
    }
    return out;
}

}  // namespace irlens::cli
