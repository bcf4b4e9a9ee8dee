// What evaluate() and the streaming evaluation (stream.cpp) share: the measures compiled and
// prepared against one context, and the scoring of one (run, topic) into a RunScores slot, so
// both paths compute every value with the same code.
#pragma once

#include "irlens/evaluation/evaluate.hpp"
#include "irlens/evaluation/topic_view.hpp"

#include <memory>
#include <vector>

namespace irlens::detail {

struct Scoring {
    EvalContext context;
    std::vector<MeasureSpec> measures;
    std::vector<std::unique_ptr<TopicMeasure>> compiled;

    /// Compiles the measures and prepares them (UsageError for a missing side input).
    Scoring(const std::shared_ptr<const Qrels>& qrels, std::vector<std::shared_ptr<const Run>> runs,
            std::vector<MeasureSpec> specs, const EvalOptions& options);

    /// Sizes scores' values (NaN) and texts for `topics` topics.
    void reserve(RunScores& scores, std::size_t topics) const;

    /// Scores the view's (run, topic) into column k of scores: trec_eval -c's 0 for a topic the
    /// run did not answer (measures that are zero_if_missing), else the measure's value.
    void score(const TopicView& view, RunScores& scores, std::size_t k) const;

    /// The aggregates of every measure, after every topic is scored.
    void aggregate(RunScores& scores) const;
};

}  // namespace irlens::detail
