// Unique contributions to the relevant set (the classic TREC overview table; Clarke et al.,
// "Evaluating Relative Retrieval Effectiveness with Normalized Residual Gain", SIGIR-AP 2024,
// Appendix B): the relevant documents in a run's top `depth` (the pool depth) that no run of
// another group has in its top `depth`.
//   per run:   such documents of the run (a run of the same group finding it too does not matter);
//   per group: the distinct such documents found by any run of the group.
// Reported as the mean over the topics (MissingTopics::Zero: every qrels topic, a topic a run did
// not answer counting 0; Skip: per run the topics it answered, per group those any of its runs
// answered) and the total.
// Per run this is depth x NRG(base=P,prior=other_groups)@depth, topic by topic.
#pragma once

#include "irlens/evaluation/evaluate.hpp"
#include "irlens/readers/qrels.hpp"
#include "irlens/readers/run.hpp"
#include "irlens/readers/run_groups.hpp"

#include <memory>
#include <string>
#include <vector>

namespace irlens {

struct UniqueCount {
    std::string name;  // the run (per run) or the group (per group)
    std::string group;
    std::size_t runs = 1;    // runs of the group (per group)
    double mean = 0;         // per topic (NaN when no topic counts: Skip and nothing answered)
    long total = 0;          // over all topics
    std::size_t topics = 0;  // the topics the mean is over
};

struct UniqueContributions {
    long depth = 0;
    long rel_level = 1;
    std::size_t topics = 0;  // qrels topics
    MissingTopics missing = MissingTopics::Zero;
    std::vector<UniqueCount> runs;    // in the order of the runs given
    std::vector<UniqueCount> groups;  // in order of first appearance among the runs
};

/// groups == nullptr: every run is its own group (named as the run). UsageError for depth < 1 or a
/// run that has no group in `groups`.
UniqueContributions unique_contributions(const std::shared_ptr<const Qrels>& qrels,
                                         const std::vector<std::shared_ptr<const Run>>& runs, const RunGroups* groups,
                                         long depth, long rel_level = 1, MissingTopics missing = MissingTopics::Zero);

}  // namespace irlens
