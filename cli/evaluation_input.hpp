// What `irlens eval`, `irlens compare` and `irlens meta` share: the measures (a preset name such
// as trec_official expands to its list), the missing-topic policy, the qrels format and run order
// options, the optional inputs of some measures (--doc-lengths, --sessions, --groups, --intents,
// --intent-types), and the loading of
// the runs (named by input.hpp's run_names: the file name without .gz, .txt or .tsv).
#pragma once

#include "irlens/frontends/args.hpp"
#include "irlens/evaluation/evaluate.hpp"
#include "irlens/readers/input_formats.hpp"
#include "irlens/measures/measure.hpp"
#include "irlens/readers/qrels.hpp"
#include "irlens/readers/run.hpp"

#include <memory>
#include <string>
#include <vector>

namespace irlens::cli {

/// EvalOptions with MissingTopics::Zero: the CLI's default for every command that averages or
/// compares (the trec_eval drop-in keeps trec_eval's Skip).
inline EvalOptions zero_missing() {
    EvalOptions o;
    o.missing = MissingTopics::Zero;
    return o;
}

struct EvaluationInputs {
    std::vector<MeasureSpec> measures;
    std::vector<std::string> typed;     // each measure as typed (a preset's: as its list names it)
    EvalOptions eval = zero_missing();  // --missing zero unless told otherwise (README: missing topics)
    QrelsFormat qrels_format = QrelsFormat::Plain;
    RunOrder order = RunOrder::Score;
    InputFormat run_format = InputFormat::Unknown;             // --run-format (Unknown: auto, by content)
    std::string doc_lengths_path, sessions_path, groups_path;  // loaded into eval by load_optional_inputs
    std::string intents_path, intent_types_path;               // likewise
};

/// -m/--measure, --missing, --qrels-format, --run-format, --order, --doc-lengths, --sessions, --groups,
/// --intents and --intent-types.
std::vector<OptionSpec> input_option_specs();

/// Applies p to `in` when it is one of the input options (UsageError for a bad value); returns
/// false for any other option.
bool take_input_option(const ParsedOption& p, EvaluationInputs& in);

/// Loads the files of --doc-lengths, --sessions, --groups, --intents and --intent-types (when
/// given) into in.eval.
void load_optional_inputs(EvaluationInputs& in);

/// Reads every run file against the qrels; an input error names the path.
std::vector<std::shared_ptr<const Run>> load_runs(const std::shared_ptr<const Qrels>& qrels,
                                                  const std::vector<std::string>& paths, RunOrder order,
                                                  InputFormat run_format = InputFormat::Unknown);

}  // namespace irlens::cli
