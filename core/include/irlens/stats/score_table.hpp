// The per-topic scores of one measure, taken from an Evaluation (evaluate.hpp) and paired by
// topic as the statistics need them.
//
// Topic policy (stated in every output of `irlens compare` and `irlens meta`):
// - MissingTopics::Zero (their default): every run is scored on every qrels topic, a topic the
//   run did not answer scoring as trec_eval -c scores it (0 for every measure but those defined
//   on the qrels alone, e.g. NumRel);
// - MissingTopics::Skip (--missing skip): a run is scored on the topics it answered, and the
//   scores are paired on the topics that every run compared has.
#pragma once

#include "irlens/evaluation/evaluate.hpp"

#include <string>
#include <vector>

namespace irlens {

struct ScoreMatrix {
    std::string measure;  // canonical measure name
    std::vector<std::string> runs;
    std::vector<std::string> topics;          // in qrels order
    std::vector<std::vector<double>> scores;  // [run][topic]
};

/// The scores of measure `measure` (an index into ev.measures) of the runs `runs` (indices into
/// ev.runs; every run when empty) on the topics that all of them were scored on, leaving out a
/// topic whose value is undefined (NaN) for one of them, as aggregates leave it out (e.g. sDCG
/// on a session's later queries). UsageError for a text-valued measure (relstring).
ScoreMatrix score_matrix(const Evaluation& ev, std::size_t measure, const std::vector<std::size_t>& runs = {});

/// The sentence that states the policy, e.g. "topics: all 50 qrels topics; a topic a run did not
/// answer scores as with trec_eval -c (0 for most measures)".
std::string topic_policy(MissingTopics missing, std::size_t topics_used, std::size_t qrels_topics);

}  // namespace irlens
