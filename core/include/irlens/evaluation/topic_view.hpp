// What a measure sees of one (run, topic) pair, with the rankings it needs built lazily and
// cached: the ordering is computed once per topic, and one Ranking per distinct
// (rel_level, judged_only) the measures ask for.
#pragma once

#include "irlens/readers/qrels.hpp"
#include "irlens/evaluation/ranking.hpp"
#include "irlens/readers/run.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace irlens {

// Optional inputs some measure families need (each defined in its family's header).
class Intents;      // diversity: intent probabilities and types per topic (intents.hpp)
class DocLengths;   // TBG / U-measure: document lengths (doc_lengths.hpp)
class Sessions;     // session DCG: topic -> (session, position) (sessions.hpp)
class RunGroups;    // relative measures: run -> group (run_groups.hpp)
class Preferences;  // prefs measures: preference judgments, trec_eval -R prefs (preferences.hpp)

/// Shared by every topic of one evaluation.
struct EvalContext {
    std::shared_ptr<const Qrels> qrels;
    std::vector<std::shared_ptr<const Run>> runs;  // every run evaluated together
    RankingOptions base;                           // max_docs and forced judged_only (trec_eval -M, -J)
    std::shared_ptr<const Intents> intents;
    std::shared_ptr<const DocLengths> doc_lengths;
    std::shared_ptr<const Sessions> sessions;
    std::shared_ptr<const RunGroups> groups;
    std::shared_ptr<const Preferences> prefs;  // its qrels() is then `qrels`
};

class TopicView {
public:
    TopicView(const EvalContext& context, std::size_t run_index, std::size_t topic);
    /// A view of the same (run, topic) whose rankings come from `source` (called once per
    /// (rel_level, judged_only) asked for, judged_only already forced by the context) instead of
    /// the qrels as a whole: the intent-aware forms (measures/intent_aware_forms.cpp) score a
    /// standard measure on one intent's judgments this way. `parent` must outlive the view.
    using RankingSource = std::function<Ranking(long rel_level, bool judged_only)>;
    TopicView(const TopicView& parent, RankingSource source);

    const EvalContext& context() const { return *context_; }
    const Qrels& qrels() const { return *context_->qrels; }
    const Run& run() const { return *context_->runs[run_index_]; }
    std::size_t run_index() const { return run_index_; }
    std::size_t topic() const { return topic_; }
    /// True when the run has no result for the topic (the ranking then holds trec_eval -c's
    /// placeholder document).
    bool missing() const { return missing_; }

    /// The ranking at relevance threshold rel_level; judged_only drops unjudged docs first.
    const Ranking& ranking(long rel_level, bool judged_only = false) const;
    /// Doc refs in evaluation order (before max_docs / judged_only).
    const std::vector<std::uint32_t>& ordered() const;

    /// What a measure family computes once per (run, topic) and shares between its measures (e.g.
    /// the preference counts): make() builds it on first use, then it is kept under (tag, variant);
    /// tag is the address of an object of the family, variant tells apart e.g. relevance levels.
    template <class T, class Make>
    const T& cached(const void* tag, long variant, Make&& make) const {
        for (const Extra& e : extras_)
            if (e.tag == tag && e.variant == variant) return *static_cast<const T*>(e.value.get());
        auto value = std::make_shared<const T>(make());
        extras_.push_back(Extra{tag, variant, value});
        return *value;
    }

private:
    const EvalContext* context_;
    std::size_t run_index_, topic_;
    bool missing_;
    const TopicView* parent_ = nullptr;  // its ordering is shared
    RankingSource source_;
    mutable std::vector<std::uint32_t> ordered_;
    mutable bool have_order_ = false;
    struct Cached {
        long rel_level;
        bool judged_only;
        std::unique_ptr<Ranking> ranking;
    };
    mutable std::vector<Cached> cache_;
    struct Extra {
        const void* tag;
        long variant;
        std::shared_ptr<const void> value;
    };
    mutable std::vector<Extra> extras_;
};

}  // namespace irlens
