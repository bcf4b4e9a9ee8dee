// Values of the CLI's options, checked: each throws UsageError naming the option.
#pragma once

#include "irlens/frontends/args.hpp"
#include "irlens/evaluation/evaluate.hpp"
#include "irlens/readers/run.hpp"

#include <string>
#include <vector>

namespace irlens::cli {

/// An integer >= min.
long int_option(const ParsedOption& option, long min);
/// A count (depth, trials, sample size): from min to kMaxCount (irlens/stats/stats_settings.hpp).
std::size_t count_option(const ParsedOption& option, std::size_t min);
/// A comma-separated list of words or of numbers (no empty item).
std::vector<std::string> list_option(const ParsedOption& option);
std::vector<double> reals_option(const ParsedOption& option);
/// --format: tsv, csv or json.
std::string format_option(const ParsedOption& option);
/// --precision: decimals from 0 to 17.
int precision_option(const ParsedOption& option);
/// --order score|rank and --missing skip|zero, as `irlens eval` reads them.
RunOrder order_option(const ParsedOption& option);
MissingTopics missing_option(const ParsedOption& option);

}  // namespace irlens::cli
