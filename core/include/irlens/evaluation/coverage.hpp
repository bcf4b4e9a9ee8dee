// Subtopic coverage of a ranked list: for one (run, topic), which of the topic's intents
// (subtopics) each of the first `depth` documents is relevant to - the data of the web app's
// per-topic coverage chart (the view behind I-rec / subtopic recall, Sakai Eq. 24, and the
// novelty-based diversity measures: a document adds to them for the intents it covers first).
//
// Readings, as every diversity measure (measures/intent_rankings.hpp): a topic's intents are its
// subtopics with at least one judgment >= 1, in ndeval's order (numeric ids ascending, then the
// others in byte order); with plain qrels a topic has the single intent "0". A document covers an
// intent when its judgment for that subtopic is >= rel_level; negative judgments (spam) cover none.
// The documents are the run's, in evaluation order (its RunOrder).
#pragma once

#include "irlens/readers/run.hpp"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace irlens {

struct SubtopicCoverage {
    std::string topic;
    std::vector<std::string> intents;      // the topic's intents, in ndeval's order
    std::vector<std::string> docs;         // the run's first `depth` documents (none if it did not answer)
    std::vector<std::vector<int>> grades;  // [rank - 1][intent]: the judgment for the intent, 0 if none or < 0
    std::vector<long> first_rank;          // per intent: first rank whose grade is >= rel_level, 0 if none
    std::vector<long> covered;             // [rank - 1]: intents covered by ranks 1..rank (I-rec's numerator)
};

/// UsageError when the topic is not in the run's qrels or depth < 1 (depth 0 is not allowed; pass
/// a large depth for the whole run) or rel_level < 1.
SubtopicCoverage subtopic_coverage(const std::shared_ptr<const Run>& run, std::string_view topic, long depth,
                                   long rel_level = 1);

}  // namespace irlens
