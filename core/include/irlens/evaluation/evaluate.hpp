// Evaluate many runs against one qrels index for a list of measures: the engine behind
// `irlens eval`, the JS API and the web app.
//
// Topics: by default (MissingTopics::Skip, as trec_eval) a run is scored on the qrels topics it
// answered; with MissingTopics::Zero on every qrels topic, a topic without results being scored
// as trec_eval -c does (a placeholder ranking: 0 for every measure except those defined on the
// qrels alone, e.g. NumRel). Topics of a run that are not in the qrels are ignored with a warning.
#pragma once

#include "irlens/measures/measure.hpp"
#include "irlens/readers/qrels.hpp"
#include "irlens/readers/run.hpp"
#include "irlens/evaluation/topic_view.hpp"

#include <functional>
#include <stdexcept>
#include <memory>
#include <string>
#include <vector>

namespace irlens {

enum class MissingTopics { Skip, Zero };

struct EvalOptions {
    MissingTopics missing = MissingTopics::Skip;
    /// Called with the fraction done (0..1); returning false cancels (evaluate then throws
    /// Cancelled).
    std::function<bool(double)> progress;
    /// Optional inputs of some measure families (see topic_view.hpp); a measure that needs one
    /// that is missing throws UsageError naming it.
    std::shared_ptr<const Intents> intents;
    std::shared_ptr<const DocLengths> doc_lengths;
    std::shared_ptr<const Sessions> sessions;
    std::shared_ptr<const RunGroups> groups;
    std::shared_ptr<const Preferences> prefs;  // the runs must be read against prefs->qrels()
};

struct Cancelled : std::runtime_error {
    Cancelled() : std::runtime_error("cancelled") {}
};

struct RunScores {
    std::string name, tag;
    std::vector<std::string> topics;              // topics scored, in qrels (byte) order
    std::vector<std::vector<double>> values;      // [measure][topic]
    std::vector<std::vector<std::string>> texts;  // [measure][topic], text-valued measures only
    std::vector<double> aggregate;                // [measure]; NaN for text measures or no topics
};

struct Evaluation {
    std::vector<MeasureSpec> measures;
    std::vector<RunScores> runs;
    std::vector<std::string> warnings;
    MissingTopics missing = MissingTopics::Skip;
};

/// Intervals of the means are not computed here: the front-ends ask for them (mean_intervals in
/// irlens/stats/confidence.hpp).
Evaluation evaluate(const std::shared_ptr<const Qrels>& qrels, const std::vector<std::shared_ptr<const Run>>& runs,
                    const std::vector<MeasureSpec>& measures, const EvalOptions& options = {});

/// Aggregates per-topic values as the spec says (mean, sum, or trec_eval's geometric mean with
/// floor 1e-5); a sparse measure's NaN values (topics it does not apply to) are left out. NaN when
/// no value is left.
double aggregate(const MeasureSpec& spec, const std::vector<double>& values);

/// Warnings about one run (ignored topics, unanswered topics, mixed tags).
std::vector<std::string> run_warnings(const Run& run, MissingTopics missing);
/// The same with the number of qrels topics the run answered given (a streamed run keeps none).
std::vector<std::string> run_warnings(const Run& run, MissingTopics missing, std::size_t answered);

}  // namespace irlens
