#include "evaluation_input.hpp"

#include "input.hpp"

#include "irlens/error.hpp"
#include "irlens/measures/measure_list.hpp"
#include "irlens/measures/peer_names.hpp"

#include <cstdio>
#include <map>

namespace irlens::cli {

std::vector<OptionSpec> input_option_specs() {
    return {{'m', "measure", true}, {0, "missing", true},     {0, "qrels-format", true}, {0, "run-format", true},
            {0, "order", true},     {0, "doc-lengths", true}, {0, "sessions", true},     {0, "groups", true},
            {0, "intents", true},   {0, "intent-types", true}};
}

namespace {
/// Adds m (as typed: `typed`) unless a measure of the same canonical name is there already.
void add_typed(EvaluationInputs& in, MeasureSpec m, const std::string& typed) {
    const std::size_t before = in.measures.size();
    add_distinct(in.measures, std::move(m));
    if (in.measures.size() > before) in.typed.push_back(typed);
}
}  // namespace

bool take_input_option(const ParsedOption& p, EvaluationInputs& in) {
    if (p.name == "measure") {
        if (const MeasureGroup* g = find_measure_group(p.value)) {
            for (const std::string& m : g->measures) add_typed(in, parse_measure(m), m);
        } else {
            for (const std::string& m : split_measure_list(p.value)) {
                std::string note = changed_name_note(m);
                if (!note.empty()) std::fprintf(stderr, "irlens: warning: %s\n", note.c_str());
                add_typed(in, parse_measure(m), m);
            }
        }
    } else if (p.name == "missing") {
        if (p.value == "skip")
            in.eval.missing = MissingTopics::Skip;
        else if (p.value == "zero")
            in.eval.missing = MissingTopics::Zero;
        else
            throw UsageError("--missing must be skip or zero, got '" + p.value + "'");
    } else if (p.name == "qrels-format") {
        if (p.value == "plain")
            in.qrels_format = QrelsFormat::Plain;
        else if (p.value == "diversity")
            in.qrels_format = QrelsFormat::Grouped;
        else
            throw UsageError("--qrels-format must be plain or diversity, got '" + p.value + "'");
    } else if (p.name == "run-format") {
        try {
            in.run_format = parse_run_format(p.value);
        } catch (const UsageError&) {
            throw UsageError("--run-format must be auto, trec, msmarco or json, got '" + p.value + "'");
        }
    } else if (p.name == "order") {
        if (p.value == "score")
            in.order = RunOrder::Score;
        else if (p.value == "rank")
            in.order = RunOrder::Rank;
        else
            throw UsageError("--order must be score or rank, got '" + p.value + "'");
    } else if (p.name == "doc-lengths") {
        in.doc_lengths_path = p.value;
    } else if (p.name == "sessions") {
        in.sessions_path = p.value;
    } else if (p.name == "groups") {
        in.groups_path = p.value;
    } else if (p.name == "intents") {
        in.intents_path = p.value;
    } else if (p.name == "intent-types") {
        in.intent_types_path = p.value;
    } else {
        return false;
    }
    return true;
}

void load_optional_inputs(EvaluationInputs& in) {
    if (!in.doc_lengths_path.empty()) in.eval.doc_lengths = load_doc_lengths(in.doc_lengths_path);
    if (!in.sessions_path.empty()) in.eval.sessions = load_sessions(in.sessions_path);
    if (!in.groups_path.empty()) in.eval.groups = load_groups(in.groups_path);
    if (!in.intents_path.empty() || !in.intent_types_path.empty())
        in.eval.intents = load_intents(in.intents_path, in.intent_types_path);
}

std::vector<std::shared_ptr<const Run>> load_runs(const std::shared_ptr<const Qrels>& qrels,
                                                  const std::vector<std::string>& paths, RunOrder order,
                                                  InputFormat run_format) {
    const RunNames names = run_names(paths);
    for (const std::string& w : names.warnings) std::fprintf(stderr, "irlens: warning: %s\n", w.c_str());
    std::vector<std::shared_ptr<const Run>> runs;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        const std::string& p = paths[i];
        try {
            runs.push_back(
                load_run(qrels, p, names.names[i], order, text::ByteOrderMark::Strip, Formats::Any, run_format));
        } catch (const InputError& e) {
            throw InputError(p, e.line(), e.problem());
        }
    }
    return runs;
}

}  // namespace irlens::cli
