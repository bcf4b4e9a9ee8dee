// Run versus run: how different two runs' document rankings are, topic by topic (RBO, KTU,
// overlap@k, Jaccard@k of compare_runs/list_similarity.hpp), their means, and the topics ranked
// by how much the runs differ there (as diffir does: most different first).
//
// Both runs are read against one qrels index (readers/run.hpp): a topic absent from the qrels is
// dropped by the reader (and counted there). Each topic's list is the run's trec_eval order
// (score descending, ties by document id descending; order_topic in evaluation/ranking.hpp), cut
// to its first `depth` documents. A topic only one run answered is not compared: it is listed in
// only_a / only_b and left out of every mean (never scored as 0 or 1).
#pragma once

#include "irlens/compare_runs/list_similarity.hpp"
#include "irlens/readers/run.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace irlens {

/// The documents of topic t of `run` in trec_eval order, at most `depth` of them (0: all); views
/// into the run, valid while it lives. Empty when the run did not answer t.
DocList ranked_docs(const Run& run, std::size_t topic, std::size_t depth);

struct RunComparisonSettings {
    double p = 0.9;                           // RBO persistence (Webber et al.'s usual 0.9)
    std::size_t depth = 1000;                 // documents per topic compared (repro_eval's run length)
    std::vector<std::size_t> cutoffs = {10};  // k of overlap@k and Jaccard@k
};

struct TopicComparison {
    std::string topic;
    std::size_t length_a = 0, length_b = 0;  // after the cut to depth
    Rbo rbo;
    double ktu = 0;                        // kendall_tau_union; NaN when undefined
    std::vector<double> overlap, jaccard;  // [cutoff]
};

struct RunComparison {
    RunComparisonSettings settings;
    /// The topics both runs answered, most different first: RBO_ext ascending, then topic id.
    std::vector<TopicComparison> topics;
    std::vector<std::string> only_a, only_b;  // qrels topics one run answered and the other not
    /// Means over `topics` (NaN when there are none; KTU over the topics where it is defined).
    Rbo mean_rbo;
    double mean_ktu = 0;
    std::size_t ktu_topics = 0;  // topics where KTU is defined
    std::vector<double> mean_overlap, mean_jaccard;
};

/// UsageError when the runs were read against different qrels, for p outside (0, 1) or a
/// cutoff of 0.
RunComparison compare_rankings(const Run& a, const Run& b, const RunComparisonSettings& settings = {});

}  // namespace irlens
