#include "option_values.hpp"

#include "irlens/error.hpp"
#include "irlens/frontends/stats_flags.hpp"
#include "irlens/readers/text.hpp"

namespace irlens::cli {

long int_option(const ParsedOption& option, long min) {
    long v;
    if (!text::parse_long(option.value, v) || v < min)
        throw UsageError("--" + option.name + " must be an integer >= " + std::to_string(min) + ", got '" +
                         option.value + "'");
    return v;
}

std::size_t count_option(const ParsedOption& option, std::size_t min) {
    return parse_count("--" + option.name, option.value, min);
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
