// A small getopt_long-style parser shared by the subcommands: clustered short flags (-qc),
// attached or separate values (-M100, -m P.5, --measure=P.5, --measure P.5), "--" ends options.
#pragma once

#include "irlens/evaluate.hpp"
#include "irlens/run.hpp"

#include <string>
#include <vector>

namespace irlens::cli {

struct OptionSpec {
    char short_name;         // 0 if none
    std::string long_name;   // "" if none
    bool takes_value;
};

struct ParsedOption {
    std::string name;   // the long name if it has one, else the short letter
    std::string value;
};

/// Splits args into options (in order) and positional arguments. Throws UsageError on an
/// unknown option or a missing value.
void parse_args(const std::vector<std::string>& args, const std::vector<OptionSpec>& specs,
                std::vector<ParsedOption>& options, std::vector<std::string>& positional);

// Option values, checked (UsageError naming the option): an integer >= min; a comma-separated
// list of words or of numbers (no empty item); an output format tsv|csv|json.
long int_option(const ParsedOption& option, long min);
std::vector<std::string> list_option(const ParsedOption& option);
std::vector<double> reals_option(const ParsedOption& option);
std::string format_option(const ParsedOption& option);
/// --precision: decimals from 0 to 17.
int precision_option(const ParsedOption& option);
/// --order score|rank and --missing skip|zero, as `irlens eval` reads them.
RunOrder order_option(const ParsedOption& option);
MissingTopics missing_option(const ParsedOption& option);

}  // namespace irlens::cli
