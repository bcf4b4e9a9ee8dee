// Options shared by `irlens compare` and `irlens meta`: resampling (-B, --seed, --exact-limit: read
// by the front-end library, irlens/frontends/stats_flags.hpp), output (-f/--format, --precision), and how numbers are
// printed in tsv and LaTeX (JSON: the core's comparison_json / meta_json).
#pragma once

#include "evaluation_input.hpp"

#include "irlens/frontends/args.hpp"
#include "irlens/stats/significance.hpp"
#include "irlens/frontends/stats_flags.hpp"

#include <string>
#include <vector>

namespace irlens::cli {

struct StatsOptions {
    Resampling resampling;  // B = 10000, seed = 1 unless given
    std::string format = "tsv";
    int precision = 4;
    bool provenance = false;          // --provenance: the provenance comment first (tsv, LaTeX)
    bool scores = false;              // --scores: the positional files are per-topic scores (score_files.hpp)
    std::vector<ParsedOption> given;  // every option as given (the provenance's settings)
};

/// -B, --seed, --exact-limit, -f/--format, --precision, --provenance, --scores.
std::vector<OptionSpec> stats_option_specs();

/// Applies p when it is one of the options above (formats: the allowed list); false otherwise.
bool take_stats_option(const ParsedOption& p, StatsOptions& o, const std::vector<std::string>& formats);

/// Parses a compare/meta command line: the command's own options plus the input options
/// (evaluation_input.hpp, with the missing-topic policy defaulting to zero) and the options above.
/// Fills in, o and positional; returns the command's own options in order.
std::vector<ParsedOption> parse_stats_command(const std::vector<std::string>& args, std::vector<OptionSpec> own,
                                              const std::vector<std::string>& formats, EvaluationInputs& in,
                                              StatsOptions& o, std::vector<std::string>& positional);

/// The evaluation of the per-topic scores in `files` (--scores), for compare and meta: the
/// measures -m names (all those of the files when none), warnings on stderr (as `command`) for the
/// measures left out. UsageError for an option that needs qrels and runs (--missing zero,
/// --qrels-format, --order, side inputs).
struct ScoreInput {
    Evaluation evaluation;
    std::string name;        // "scores: FILE, ..." (the JSON's "qrels" field)
    std::size_t topics = 0;  // topics in the files
};
ScoreInput load_scores(const std::vector<std::string>& files, const EvaluationInputs& in, const StatsOptions& o,
                       const char* command);
/// A topic policy sentence of the core (score_table.hpp, --missing skip) worded for score files.
std::string scores_policy(std::string policy);

/// v with `precision` decimals; "nan", "inf", "-inf" for non-finite values.
std::string fixed(double v, int precision);
/// A p-value with `digits` significant digits (e.g. 0.0123, 1.5e-12; at least 1); "nan" when
/// not a number.
std::string p_value(double p, int digits);
/// Text with LaTeX's special characters escaped (text::latex_text).
std::string latex_escape(const std::string& s);

}  // namespace irlens::cli
