#include "args.hpp"

#include "irlens/error.hpp"
#include "irlens/text.hpp"

namespace irlens::cli {

void parse_args(const std::vector<std::string>& args, const std::vector<OptionSpec>& specs,
                std::vector<ParsedOption>& options, std::vector<std::string>& positional) {
    auto key = [](const OptionSpec& s) { return s.long_name.empty() ? std::string(1, s.short_name) : s.long_name; };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--") {
            positional.insert(positional.end(), args.begin() + static_cast<long>(i) + 1, args.end());
            return;
        }
        if (a.size() > 2 && a[0] == '-' && a[1] == '-') {
            std::string name = a.substr(2), value;
            std::size_t eq = name.find('=');
            bool has_value = eq != std::string::npos;
            if (has_value) {
                value = name.substr(eq + 1);
                name = name.substr(0, eq);
            }
            const OptionSpec* spec = nullptr;
            for (const auto& s : specs)
                if (s.long_name == name) spec = &s;
            if (!spec) throw UsageError("unknown option '--" + name + "'");
            if (spec->takes_value && !has_value) {
                if (i + 1 >= args.size()) throw UsageError("option '--" + name + "' needs a value");
                value = args[++i];
            } else if (!spec->takes_value && has_value) {
                throw UsageError("option '--" + name + "' takes no value");
            }
            options.push_back({key(*spec), value});
            continue;
        }
        if (a.size() > 1 && a[0] == '-') {
            for (std::size_t j = 1; j < a.size(); ++j) {
                const OptionSpec* spec = nullptr;
                for (const auto& s : specs)
                    if (s.short_name && s.short_name == a[j]) spec = &s;
                if (!spec) throw UsageError(std::string("unknown option '-") + a[j] + "'");
                if (!spec->takes_value) {
                    options.push_back({key(*spec), ""});
                    continue;
                }
                std::string value = a.substr(j + 1);
                if (value.empty()) {
                    if (i + 1 >= args.size()) throw UsageError(std::string("option '-") + a[j] + "' needs a value");
                    value = args[++i];
                }
                options.push_back({key(*spec), value});
                break;
            }
            continue;
        }
        positional.push_back(a);
    }
}

long int_option(const ParsedOption& option, long min) {
    long v;
    if (!text::parse_long(option.value, v) || v < min)
        throw UsageError("--" + option.name + " must be an integer >= " + std::to_string(min) + ", got '" + option.value + "'");
    return v;
}

std::vector<std::string> list_option(const ParsedOption& option) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (;;) {
        std::size_t comma = option.value.find(',', start);
        std::string item = option.value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (item.empty()) throw UsageError("--" + option.name + ": empty item in '" + option.value + "'");
        out.push_back(item);
        if (comma == std::string::npos) return out;
        start = comma + 1;
    }
}

std::vector<double> reals_option(const ParsedOption& option) {
    std::vector<double> out;
    for (const std::string& item : list_option(option)) {
        double v;
        if (!text::parse_double(item, v)) throw UsageError("--" + option.name + ": '" + item + "' is not a number");
        out.push_back(v);
    }
    return out;
}

std::string format_option(const ParsedOption& option) {
    if (option.value != "tsv" && option.value != "csv" && option.value != "json")
        throw UsageError("--format must be tsv, csv or json, got '" + option.value + "'");
    return option.value;
}

int precision_option(const ParsedOption& option) {
    long v;
    if (!text::parse_long(option.value, v) || v < 0 || v > 17)
        throw UsageError("--precision must be an integer from 0 to 17");
    return static_cast<int>(v);
}

RunOrder order_option(const ParsedOption& option) {
    if (option.value == "score") return RunOrder::Score;
    if (option.value == "rank") return RunOrder::Rank;
    throw UsageError("--order must be score or rank, got '" + option.value + "'");
}

MissingTopics missing_option(const ParsedOption& option) {
    if (option.value == "skip") return MissingTopics::Skip;
    if (option.value == "zero") return MissingTopics::Zero;
    throw UsageError("--missing must be skip or zero, got '" + option.value + "'");
}

}  // namespace irlens::cli
