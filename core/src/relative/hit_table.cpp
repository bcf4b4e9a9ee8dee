#include "relative/hit_table.hpp"

#include "irlens/evaluation/ranking.hpp"

#include <algorithm>

namespace irlens::relative {

HitTable::HitTable(const EvalContext& context, long min_grade, long limit)
    : num_runs_(context.runs.size()), num_topics_(context.qrels->num_topics()) {
    offsets_.reserve(num_runs_ * num_topics_ + 1);
    offsets_.push_back(0);
    RankingOptions options = context.base;
    // max_docs cuts before judged_only drops docs (trec_eval -M, -J), so only without judged_only
    // may the ordering itself stop at the limit.
    std::size_t order_limit = static_cast<std::size_t>(-1);
    if (limit >= 0 && !options.judged_only) {
        long n = std::min(limit, options.max_docs);
        order_limit = static_cast<std::size_t>(std::max(n, 0L));
        options.max_docs = n;
    }
    for (const auto& run : context.runs) {
        for (std::size_t t = 0; t < num_topics_; ++t) {
            if (run->has_topic(t)) {
                Ranking r = make_ranking(*run, t, order_topic(*run, t, order_limit), options);
                std::size_t n = limit < 0 ? r.rels.size() : std::min(r.rels.size(), static_cast<std::size_t>(limit));
                for (std::size_t i = 0; i < n; ++i) {
                    if (r.rels[i] < min_grade || r.rels[i] < 0) continue;
                    hits_.push_back(Hit{static_cast<std::uint32_t>(i + 1), r.docs[i], r.rels[i]});
                    max_rank_ = std::max(max_rank_, static_cast<std::uint32_t>(i + 1));
                }
            }
            offsets_.push_back(hits_.size());
        }
    }
}

std::vector<long> relevant_per_topic(const Qrels& qrels, long rel_level) {
    std::vector<long> out(qrels.num_topics(), 0);
    for (std::size_t t = 0; t < qrels.num_topics(); ++t)
        for (const Judgment* j = qrels.begin(t); j != qrels.end(t); ++j) out[t] += j->rel >= 0 && j->rel >= rel_level;
    return out;
}

}  // namespace irlens::relative
