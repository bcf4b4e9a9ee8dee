#include "irlens/evaluation/stream.hpp"

#include "irlens/error.hpp"

#include "evaluation/scoring.hpp"

#include <limits>

namespace irlens {

std::string stream_obstacle(const std::vector<MeasureSpec>& measures) {
    for (const MeasureSpec& m : measures)
        for (Need n : m.info().needs)
            if (n == Need::OtherRuns || n == Need::Sessions)
                return m.name() + " needs " +
                       (n == Need::OtherRuns ? "every run at once" : "the other topics of a session") +
                       ", so the run cannot be evaluated one topic at a time";
    return {};
}

namespace {

std::vector<MeasureSpec> streamable(std::vector<MeasureSpec> measures) {
    std::string why = stream_obstacle(measures);
    if (!why.empty()) throw UsageError(why);
    return measures;
}

}  // namespace

struct StreamEvaluation::State {
    std::shared_ptr<const Qrels> qrels;
    MissingTopics missing;
    // The measures see the Run the reader is building through a non-owning pointer in
    // scoring.context.runs[0] (the reader owns it until finish()).
    detail::Scoring scoring;
    RunReader reader;
    RunScores by_topic;          // values[m][t] for every qrels topic t
    std::vector<char> answered;  // per qrels topic
    std::size_t num_answered = 0;
    std::shared_ptr<const Run> run;

    State(std::shared_ptr<const Qrels> q, std::string name, std::vector<MeasureSpec> measures,
          const EvalOptions& options, RunOrder order)
        : qrels(q),
          missing(options.missing),
          scoring(q, {}, streamable(std::move(measures)), options),
          reader(std::move(q), std::move(name), order) {}  // reader: the last member initialised from q
};

StreamEvaluation::StreamEvaluation(std::shared_ptr<const Qrels> qrels, std::string run_name,
                                   std::vector<MeasureSpec> measures, const EvalOptions& options, RunOrder order)
    : st_(new State(std::move(qrels), std::move(run_name), std::move(measures), options, order)) {
    State& st = *st_;
    st.scoring.context.runs.resize(1);
    st.scoring.reserve(st.by_topic, st.qrels->num_topics());
    st.answered.assign(st.qrels->num_topics(), 0);
    st.reader.stream_topics([&st](const Run& run, std::size_t t) {
        if (!st.scoring.context.runs[0])
            st.scoring.context.runs[0] = std::shared_ptr<const Run>(&run, [](const Run*) {});
        st.scoring.score(TopicView(st.scoring.context, 0, t), st.by_topic, t);
        st.answered[t] = 1;
        ++st.num_answered;
    });
}

StreamEvaluation::~StreamEvaluation() = default;

void StreamEvaluation::set_byte_order_mark(text::ByteOrderMark mode) { st_->reader.set_byte_order_mark(mode); }

void StreamEvaluation::feed(std::string_view chunk) { st_->reader.feed(chunk); }

const std::shared_ptr<const Run>& StreamEvaluation::run() const { return st_->run; }

std::size_t StreamEvaluation::topics_answered() const { return st_->num_answered; }

Evaluation StreamEvaluation::finish() {
    State& st = *st_;
    st.run = st.reader.finish();
    // From here on the measures see the finished Run (no entries: every topic reads as missing).
    st.scoring.context.runs[0] = st.run;
    Evaluation ev;
    ev.measures = st.scoring.measures;
    ev.missing = st.missing;
    ev.warnings = run_warnings(*st.run, st.missing, st.num_answered);
    RunScores scores;
    scores.name = st.run->name();
    scores.tag = st.run->tag();
    std::vector<std::size_t> topics;
    for (std::size_t t = 0; t < st.qrels->num_topics(); ++t)
        if (st.answered[t] || st.missing == MissingTopics::Zero) topics.push_back(t);
    st.scoring.reserve(scores, topics.size());
    std::size_t num_measures = st.scoring.measures.size();
    for (std::size_t k = 0; k < topics.size(); ++k) {
        std::size_t t = topics[k];
        scores.topics.emplace_back(st.qrels->topic_id(t));
        if (!st.answered[t]) {  // --missing zero: the placeholder ranking, as evaluate() scores it
            st.scoring.score(TopicView(st.scoring.context, 0, t), scores, k);
            continue;
        }
        for (std::size_t m = 0; m < num_measures; ++m) {
            scores.values[m][k] = st.by_topic.values[m][t];
            if (!st.by_topic.texts[m].empty()) scores.texts[m][k] = std::move(st.by_topic.texts[m][t]);
        }
    }
    st.scoring.aggregate(scores);
    ev.runs.push_back(std::move(scores));
    return ev;
}

}  // namespace irlens
