#include "irlens/evaluation/topic_view.hpp"

namespace irlens {

TopicView::TopicView(const EvalContext& context, std::size_t run_index, std::size_t topic)
    : context_(&context), run_index_(run_index), topic_(topic), missing_(!context.runs[run_index]->has_topic(topic)) {}

TopicView::TopicView(const TopicView& parent, RankingSource source)
    : context_(parent.context_),
      run_index_(parent.run_index_),
      topic_(parent.topic_),
      missing_(parent.missing_),
      parent_(&parent),
      source_(std::move(source)) {}

const std::vector<std::uint32_t>& TopicView::ordered() const {
    if (parent_) return parent_->ordered();
    if (!have_order_) {
        ordered_ = order_topic(run(), topic_);
        have_order_ = true;
    }
    return ordered_;
}

const Ranking& TopicView::ranking(long rel_level, bool judged_only) const {
    judged_only = judged_only || context_->base.judged_only;
    for (const Cached& c : cache_)
        if (c.rel_level == rel_level && c.judged_only == judged_only) return *c.ranking;
    RankingOptions options = context_->base;
    options.rel_level = rel_level;
    options.judged_only = judged_only;
    cache_.push_back(Cached{rel_level, judged_only,
                            std::make_unique<Ranking>(source_ ? source_(rel_level, judged_only)
                                                              : make_ranking(run(), topic_, ordered(), options))});
    return *cache_.back().ranking;
}

}  // namespace irlens
