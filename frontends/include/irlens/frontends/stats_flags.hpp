// Reading the settings of `irlens compare` and `irlens meta` from their options. One reader serves
// the CLI and the JS API (which turns its options object into the same option list, e.g.
// {test: 'bootstrap', B: 1000} -> --test bootstrap -B 1000), so that the names, the defaults, the
// checks and the error messages (which name the CLI's options) are the same everywhere.
#pragma once

#include "irlens/frontends/args.hpp"
#include "irlens/stats/stats_settings.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace irlens {

/// A whole number for option `name`, from `min` to kMaxCount: the one reader of every count
/// option (CLI and JS API); UsageError otherwise, e.g. "-B must be a whole number of at least 1,
/// got '0'" or "--trials must be at most 10000000, got '100000000000'".
std::size_t parse_count(const std::string& name, const std::string& value, std::size_t min);
/// A finite real number for option `name`; UsageError otherwise.
double parse_real(const std::string& name, const std::string& value);

/// -B N (1 to 10^7 resamples, default 10000), --seed S (0 to 2^64 - 1, default 1) and
/// --exact-limit N (0 to 40, default 20).
std::vector<OptionSpec> resampling_option_specs();
/// Applies p to r when it is one of the options above (UsageError for a bad value); returns false
/// for any other option.
bool take_resampling_option(const ParsedOption& p, Resampling& r);

/// --baseline, --pairs, --test, --correction, --alternative, --confidence, --ci, --risk.
std::vector<OptionSpec> compare_option_specs();
/// Applies p when it is one of compare's own options (UsageError for a bad value); false otherwise.
bool take_compare_option(const ParsedOption& p, CompareSettings& s);
/// The settings from an option list holding only compare's own options and the resampling options
/// (the JS API's): the resampling options first, then the others in order, as the CLI reads them;
/// then check_compare_settings. UsageError for anything else (positional arguments included).
/// Also --only p-values|details (CompareSettings::only): the JS API's option `only`, which the
/// CLI does not take (its tables and JSON always hold every part).
CompareSettings compare_settings_from_args(const std::vector<std::string>& args);

/// --test, --correction, --curve, --topics, --trials, --bin-width, --rbo-p, --gold, --depth,
/// --stability, --fuzziness, --preferences (the file's path: the front-end reads it).
std::vector<OptionSpec> meta_option_specs();
/// Applies p when it is one of meta's own options (UsageError for a bad value); false otherwise.
bool take_meta_option(const ParsedOption& p, MetaSettings& s);
/// As compare_settings_from_args, for `analysis` and meta's options.
MetaSettings meta_settings_from_args(const std::string& analysis, const std::vector<std::string>& args);

}  // namespace irlens
