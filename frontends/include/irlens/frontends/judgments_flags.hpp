// Reading the settings of `irlens judgments` (two sets of judgments compared) from its options:
// one reader for the CLI and the JS API (whose options object becomes the same option list, e.g.
// {threshold: 2, mapB: '3:2,2:1,1:1,0:0'} -> --threshold 2 --map-b 3:2,2:1,1:1,0:0), so that the
// names, defaults, checks and messages are the same everywhere.
#pragma once

#include "irlens/frontends/args.hpp"
#include "irlens/stats/judgments.hpp"

#include <vector>

namespace irlens {

/// --threshold G (binary relevance: grade >= G, default 1), --map-b FROM:TO,... (B's grades onto
/// A's), --test T (t, wilcoxon, sign, randomisation, bootstrap, tukey; default t), --correction C
/// (none, bonferroni, holm, bh; default none), --alpha A (0.05), --rbo-p P (0.9), --top-k K (10),
/// --confidence L (0.95).
std::vector<OptionSpec> judgments_option_specs();
/// Applies p when it is one of the options above (UsageError for a bad value); false otherwise.
bool take_judgments_option(const ParsedOption& p, JudgmentsSettings& s);
/// The checks once every option is read (Tukey HSD takes no correction).
void check_judgments_settings(const JudgmentsSettings& s);
/// The settings from an option list holding only the options above and -B, --seed, --exact-limit
/// (the JS API's and Python's): B is both the tests' resamples and the intervals' (as the CLI).
/// UsageError for anything else (positional arguments included).
JudgmentsSettings judgments_settings_from_args(const std::vector<std::string>& args);

}  // namespace irlens
