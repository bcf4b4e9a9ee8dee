#include "irlens/evaluation/evaluate.hpp"

#include "irlens/readers/text.hpp"
#include "irlens/evaluation/topic_view.hpp"

#include "irlens/parallel.hpp"
#include "evaluation/scoring.hpp"

#include <cmath>
#include <limits>

namespace irlens {

double aggregate(const MeasureSpec& spec, const std::vector<double>& all) {
    if (spec.info().text_valued) return std::numeric_limits<double>::quiet_NaN();
    // A sparse measure marks with NaN the topics it does not apply to: they are left out.
    std::vector<double> values;
    for (double v : all)
        if (!spec.info().sparse || !std::isnan(v)) values.push_back(v);
    if (values.empty()) return std::numeric_limits<double>::quiet_NaN();
    double sum = 0;
    switch (spec.aggregate()) {
        case Aggregate::Sum:
            for (double v : values) sum += v;
            return sum;
        case Aggregate::Mean:
            for (double v : values) sum += v;
            return sum / static_cast<double>(values.size());
        case Aggregate::GeoMean:
            for (double v : values) sum += std::log(std::max(v, 0.00001));
            return std::exp(sum / static_cast<double>(values.size()));
    }
    return std::numeric_limits<double>::quiet_NaN();
}

std::vector<std::string> run_warnings(const Run& run, MissingTopics missing) {
    return run_warnings(run, missing, run.num_topics_answered());
}

std::vector<std::string> run_warnings(const Run& run, MissingTopics missing, std::size_t answered) {
    std::vector<std::string> out;
    if (run.ignored_lines()) {
        std::string list;
        const auto& topics = run.ignored_topics();
        for (std::size_t i = 0; i < topics.size() && i < 5; ++i) list += (i ? ", " : "") + topics[i];
        if (topics.size() > 5) list += ", ...";
        out.push_back(run.name() + ": " + std::to_string(run.ignored_lines()) + " lines for " +
                      std::to_string(topics.size()) + " topic(s) not in the qrels were ignored (" + list + ")");
    }
    std::size_t total = run.qrels().num_topics();
    if (answered < total)
        out.push_back(run.name() + ": " + std::to_string(total - answered) + " of " + std::to_string(total) +
                      " qrels topics have no results (" +
                      (missing == MissingTopics::Skip ? "skipped; --missing zero scores them 0)" : "scored 0)"));
    if (run.mixed_tags())
        out.push_back(run.name() + ": several run tags in one file; reporting the last, '" + run.tag() + "'");
    // Invalid UTF-8 (U+FFFD in the writers) and a byte-order mark are the readers' warnings
    // (Run::text_notes, Qrels::text_notes): the front-ends report them with file and line.
    return out;
}

namespace detail {

Scoring::Scoring(const std::shared_ptr<const Qrels>& qrels, std::vector<std::shared_ptr<const Run>> runs,
                 std::vector<MeasureSpec> specs, const EvalOptions& options)
    : measures(std::move(specs)) {
    context.qrels = qrels;
    context.runs = std::move(runs);
    context.intents = options.intents;
    context.doc_lengths = options.doc_lengths;
    context.sessions = options.sessions;
    context.groups = options.groups;
    context.prefs = options.prefs;
    for (const MeasureSpec& m : measures) compiled.push_back(m.compile());
    for (auto& c : compiled) c->prepare(context);
}

void Scoring::reserve(RunScores& scores, std::size_t topics) const {
    scores.values.resize(measures.size());
    scores.texts.resize(measures.size());
    for (std::size_t m = 0; m < measures.size(); ++m) {
        scores.values[m].assign(topics, std::numeric_limits<double>::quiet_NaN());
        if (measures[m].info().text_valued) scores.texts[m].assign(topics, std::string());
    }
}

void Scoring::score(const TopicView& view, RunScores& scores, std::size_t k) const {
    for (std::size_t m = 0; m < measures.size(); ++m) {
        bool zero = view.missing() && measures[m].info().zero_if_missing;
        if (measures[m].info().text_valued)
            scores.texts[m][k] = zero ? std::string() : compiled[m]->text(view);
        else
            scores.values[m][k] = zero ? 0.0 : compiled[m]->compute(view);
    }
}

void Scoring::aggregate(RunScores& scores) const {
    scores.aggregate.clear();
    for (std::size_t m = 0; m < measures.size(); ++m)
        scores.aggregate.push_back(irlens::aggregate(measures[m], scores.values[m]));
}

}  // namespace detail

Evaluation evaluate(const std::shared_ptr<const Qrels>& qrels, const std::vector<std::shared_ptr<const Run>>& runs,
                    const std::vector<MeasureSpec>& measures, const EvalOptions& options) {
    Evaluation ev;
    ev.measures = measures;
    ev.missing = options.missing;
    detail::Scoring scoring(qrels, runs, measures, options);

    std::size_t total = 0, done = 0;
    for (const auto& run : runs)
        total += options.missing == MissingTopics::Zero ? qrels->num_topics() : run->num_topics_answered();
    for (std::size_t r = 0; r < runs.size(); ++r) {
        const Run& run = *runs[r];
        for (std::string& w : run_warnings(run, options.missing)) ev.warnings.push_back(std::move(w));
        RunScores scores;
        scores.name = run.name();
        scores.tag = run.tag();
        std::vector<std::size_t> topics;
        for (std::size_t t = 0; t < qrels->num_topics(); ++t)
            if (run.has_topic(t) || options.missing == MissingTopics::Zero) topics.push_back(t);
        for (std::size_t t : topics) scores.topics.emplace_back(qrels->topic_id(t));
        scoring.reserve(scores, topics.size());
        // Topics are independent: natively two threads share them; progress is reported (and
        // cancellation honoured) from the calling thread only, whose range starts at 0.
        detail::parallel_ranges(topics.size(), [&](std::size_t begin, std::size_t end) {
            for (std::size_t k = begin; k < end; ++k) {
                if (begin == 0 && options.progress && k % 64 == 63 &&
                    !options.progress(static_cast<double>(done + k) / static_cast<double>(total)))
                    throw Cancelled();
                scoring.score(TopicView(scoring.context, r, topics[k]), scores, k);
            }
        });
        done += topics.size();
        scoring.aggregate(scores);
        ev.runs.push_back(std::move(scores));
    }
    if (options.progress) options.progress(1.0);
    return ev;
}

}  // namespace irlens
