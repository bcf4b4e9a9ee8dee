// The relevant documents every run retrieved, per topic, with their ranks (internal header).
//
// The measures that score a run against other runs (rareness, NRG, unique contributions) only
// ever look at relevant documents: rarity, residual gain and uniqueness weight a document that
// has gain. Relevant documents are judged, so a document is identified across runs by its
// judgment index in the qrels (RunReader stores every judged doc as the index of its first
// judgment); unjudged documents need no identity at all. Ranks are those of the ranking the
// measures see (ranking.hpp: evaluation order, the context's max_docs and judged_only).
#pragma once

#include "irlens/evaluation/topic_view.hpp"

#include <cstdint>
#include <vector>

namespace irlens::relative {

struct Hit {
    std::uint32_t rank;  // 1-based
    std::uint32_t doc;   // judgment index in the qrels
    std::int32_t grade;  // the judgment
};

class HitTable {
public:
    HitTable() = default;
    /// The docs judged >= min_grade in the top `limit` ranks (limit < 0: the whole ranking) of
    /// every run of the context for every qrels topic. A topic a run did not answer has no hits.
    HitTable(const EvalContext& context, long min_grade, long limit);

    std::size_t num_runs() const { return num_runs_; }
    std::size_t num_topics() const { return num_topics_; }
    const Hit* begin(std::size_t run, std::size_t topic) const {
        return hits_.data() + offsets_[run * num_topics_ + topic];
    }
    const Hit* end(std::size_t run, std::size_t topic) const {
        return hits_.data() + offsets_[run * num_topics_ + topic + 1];
    }
    /// Highest rank stored (0 when there are no hits).
    std::uint32_t max_rank() const { return max_rank_; }

private:
    std::size_t num_runs_ = 0, num_topics_ = 0;
    std::vector<Hit> hits_;
    std::vector<std::size_t> offsets_;  // [run * topics + topic], one past the end at the back
    std::uint32_t max_rank_ = 0;
};

/// Judgments of each topic with rel >= rel_level (and >= 0): N_R as trec_eval counts it.
std::vector<long> relevant_per_topic(const Qrels& qrels, long rel_level);

}  // namespace irlens::relative
