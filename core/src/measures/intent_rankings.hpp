// What the diversity measures see of a topic and of a (run, topic): the topic's intents with
// their weights and types, every document's grade per intent, and one Ranking per intent (as
// trec_eval's qrels_jg builds one per judgment group). Internal header, shared by the diversity
// families (ndeval.cpp, intent_aware.cpp, d_measures.cpp, diversity_utility.cpp).
//
// Readings shared by every diversity measure (see intents.hpp for weights and types):
// - A topic's intents are the qrels subtopics (column 2) with at least one judgment >= 1, in
//   ndeval's order: numeric subtopic ids ascending, then the others in byte order. With plain
//   qrels every topic has the single intent "0".
// - Negative judgments (spam, -2 in the TREC Web track qrels) are not relevant to any intent; as
//   everywhere in irlens (trec_eval's convention), they mark a document "in the pool but
//   unjudged": Ranking::rels holds kUnjudged for them, and judged_only drops a document that has
//   no judgment >= 0 for the topic.
#pragma once

#include "measures/common.hpp"
#include "measures/trace.hpp"

#include <cmath>
#include <exception>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace irlens::measures {

/// The intents of one qrels topic and the grades of its judged documents.
struct TopicIntents {
    std::vector<std::uint32_t> groups;         // qrels group id of each intent
    std::vector<std::string_view> names;       // subtopic id of each intent
    std::vector<std::size_t> intent_of_group;  // per qrels group id: its intent, or size() if none
    /// Pr(i|q) of each intent, summing to 1 (Intents::weights). Throws the InputError of an
    /// intent probabilities file that does not cover the topic: only measures that weigh intents
    /// ask, so a partial file does not stop the others.
    const std::vector<double>& weights() const {
        if (weight_error) std::rethrow_exception(weight_error);
        return weight_values;
    }
    std::vector<double> weight_values;  // set by topic_intents(), with weight_error
    std::exception_ptr weight_error;
    std::vector<bool> navigational;  // Intents::type
    /// Judgment counts of each intent per level 0..max (as Ranking::rel_levels).
    std::vector<std::vector<long>> levels;
    /// Every document of the topic that is relevant (>= 1) to some intent, in doc-id byte order,
    /// with its grade per intent.
    struct Doc {
        std::string_view id;
        std::vector<int> grades;  // per intent; negative judgments and missing ones as 0
    };
    std::vector<Doc> relevant;
    std::size_t size() const { return groups.size(); }
    /// Judgments >= rel of intent i, and the number of intents that have one (ndeval's
    /// "actual subtopics" when rel = 1).
    long num_relevant(std::size_t i, long rel) const;
    long intents_with_relevant(long rel) const;
};

/// Builds the table of qrels topic t (weights and types from context.intents, when given).
TopicIntents topic_intents(const EvalContext& context, std::size_t t);

/// One (run, topic) per intent: rankings[i] is make_ranking against intent i's group alone
/// (RankingOptions::group, as trec_eval's qrels_jg): rels[r] is the grade of the document at rank
/// r + 1 for the intent (kNotInPool when the qrels have no judgment of it for the intent,
/// kUnjudged when negative), with rel_level 1 and the intent's own judgment counts. Every ranking
/// holds the run's documents after max_docs and judged_only (applied for the topic as a whole).
struct IntentRankings {
    TopicIntents topic;
    std::vector<Ranking> rankings;
    std::vector<std::uint32_t> docs;  // intent_docs(): the documents of every ranking
    long num_ret = 0;
};

/// The run's documents every intent's ranking holds: the view's order after max_docs, and after
/// judged_only for the topic as a whole (a document judged >= 0 for some intent), so that every
/// intent's ranking holds the same documents at the same ranks.
std::vector<std::uint32_t> intent_docs(const TopicView& v, bool judged_only);

/// The intent rankings of a view, built once per view and shared by the measures that ask.
const IntentRankings& intent_rankings(const TopicView& v, bool judged_only);

/// A measure with a value per qrels topic computed once per evaluation from the topic's intents
/// (ideal values, which depend on the qrels alone): ideal(TopicIntents[, EvalContext]) in prepare(), then
/// score(TopicView, the topic's ideal value) per topic.
template <class Ideal, class Score>
class WithIdeal final : public TopicMeasure {
public:
    WithIdeal(Ideal ideal, Score score) : ideal_(std::move(ideal)), score_(std::move(score)) {}
    void prepare(const EvalContext& c) override {
        values_.clear();
        for (std::size_t t = 0; t < c.qrels->num_topics(); ++t) {
            if constexpr (std::is_invocable_v<Ideal, const TopicIntents&, const EvalContext&>)
                values_.push_back(ideal_(topic_intents(c, t), c));
            else
                values_.push_back(ideal_(topic_intents(c, t)));
        }
    }
    double compute(const TopicView& v) const override { return score_(v, values_[v.topic()]); }

private:
    Ideal ideal_;
    Score score_;
    std::vector<double> values_;
};
template <class Ideal, class Score>
std::unique_ptr<TopicMeasure> with_ideal(Ideal ideal, Score score) {
    return std::make_unique<WithIdeal<Ideal, Score>>(std::move(ideal), std::move(score));
}

/// WithIdeal whose both functions are traced (explain mode): ideal(TopicIntents, EvalContext, tracer)
/// and score(TopicView, ideal value, tracer) are generic over the tracer. explain() computes the
/// topic's ideal again with the Trace (the same arithmetic, so the same value), then the score.
template <class Ideal, class Score>
class TracedWithIdeal final : public TopicMeasure {
public:
    TracedWithIdeal(Ideal ideal, Score score) : ideal_(std::move(ideal)), score_(std::move(score)) {}
    void prepare(const EvalContext& c) override {
        values_.clear();
        NoTrace t;
        for (std::size_t topic = 0; topic < c.qrels->num_topics(); ++topic)
            values_.push_back(ideal_(topic_intents(c, topic), c, t));
    }
    double compute(const TopicView& v) const override {
        NoTrace t;
        return score_(v, values_[v.topic()], t);
    }
    bool explainable() const override { return true; }
    bool explain(const TopicView& v, Trace& t) const override {
        ideal_(topic_intents(v.context(), v.topic()), v.context(), t);
        t.value(score_(v, values_[v.topic()], t));
        return true;
    }

private:
    Ideal ideal_;
    Score score_;
    std::vector<double> values_;
};
template <class Ideal, class Score>
std::unique_ptr<TopicMeasure> traced_with_ideal(Ideal ideal, Score score) {
    return std::make_unique<TracedWithIdeal<Ideal, Score>>(std::move(ideal), std::move(score));
}

/// Sum over the topic's intents of Pr(i|q) f(intent i's ranking, i): the intent-aware form of a
/// measure (Sakai Eq. 26).
double intent_aware_sum(const IntentRankings& ir, const std::function<double(const Ranking&, std::size_t)>& f);

/// The base measure of a generic form (IA, D): `base` with the form's parameters (every one but
/// `skip`, such as the "#" forms' gamma) and integer cutoff (intent_aware_forms.cpp).
MeasureSpec base_spec(const MeasureSpec& form, const std::string& base, const std::string& skip = "");

/// Marks the rows out[first..] as reading diversity qrels (MeasureInfo::needs).
void mark_diversity(std::vector<MeasureInfo>& out, std::size_t first);

// Explain mode (measures/trace.hpp) of the diversity measures.

/// The ranking an explanation shows: the run's documents with each one's highest grade over the
/// intents (kUnjudged when only negative judgments), kept in the view so that it outlives the trace.
/// ir must have at least one intent.
const Ranking& explain_ranking(const TopicView& v, const IntentRankings& ir);

/// Declares one column per intent, "grade for intent NAME"; returns the index of the first.
template <class T>
std::size_t intent_grade_columns(const TopicIntents& ti, T& t) {
    if constexpr (T::on) {
        std::vector<std::string> cols;
        for (std::string_view name : ti.names) cols.push_back("grade for intent " + std::string(name));
        return t.columns(cols);
    }
    return 0;
}
/// Sets the intent grades of rank x (NaN where the document has no judgment >= 0 for the intent).
template <class T>
void intent_grade_row(const IntentRankings& ir, long x, T& t, std::size_t first) {
    if constexpr (T::on) {
        std::vector<double> g;
        for (const Ranking& r : ir.rankings) {
            int grade = r.rels[static_cast<std::size_t>(x)];
            g.push_back(grade >= 0 ? static_cast<double>(grade) : std::nan(""));
        }
        t.row(x, g, first);
    }
}
/// Shows the explain ranking when the topic has intents (a topic without is explained by its terms).
template <class T>
void show_ranking(const TopicView& v, const IntentRankings& ir, T& t) {
    if constexpr (T::on)
        if (!ir.rankings.empty()) t.ranking(explain_ranking(v, ir));
}

/// Sakai's "#" combination (Eq. 29): gamma * I-rec + (1 - gamma) * value.
inline double sharp(double gamma, double intent_recall, double value) {
    return gamma * intent_recall + (1 - gamma) * value;
}

/// The `gamma` parameter of the "#" measures (default 0.5, as in Sakai's papers).
inline ParamInfo gamma_param() {
    return ParamInfo{"gamma", ParamKind::Real, "0.5",
                     "weight of I-rec in the # combination gamma I-rec + (1 - gamma) measure"}
        .in(Range::unit());
}
/// `gamma` of a "#" measure; UsageError unless it is in [0,1].
double sharp_gamma(const MeasureSpec& s);

/// I-rec / subtopic recall (Sakai Eq. 24): the fraction of the topic's intents with a document
/// of grade >= rel in the first k ranks (k < 0: the whole ranking); 0 without intents.
double intent_recall(const IntentRankings& ir, long k, long rel = 1);
/// The same loop, traced for explain mode: per rank the intents it covers first and the count so far.
template <class T>
double intent_recall(const IntentRankings& ir, long k, long rel, T& t) {
    long n = k < 0 ? ir.num_ret : std::min(k, ir.num_ret), covered = 0;
    std::vector<long> first(T::on ? ir.rankings.size() : 0, -1);  // explain mode: the rank that covers intent i
    for (std::size_t i = 0; i < ir.rankings.size(); ++i) {
        for (long x = 0; x < n; ++x)
            if (ir.rankings[i].rels[static_cast<std::size_t>(x)] >= rel) {
                ++covered;
                if constexpr (T::on) first[i] = x;
                break;
            }
    }
    long m = ir.topic.intents_with_relevant(rel);
    if constexpr (T::on) {
        t.formula("I-rec@k = intents with a document of grade >= " + std::to_string(rel) +
                  " in the top k / m (the topic's intents with such a document)");
        const std::size_t g = intent_grade_columns(ir.topic, t);
        const std::size_t c = t.columns({"intents first covered here", "intents covered so far"});
        long so_far = 0;
        for (long x = 0; x < n; ++x) {
            intent_grade_row(ir, x, t, g);
            long here = 0;
            for (long f : first) here += f == x;
            so_far += here;
            t.row(x, {static_cast<double>(here), static_cast<double>(so_far)}, c);
        }
        t.term("intents covered", static_cast<double>(covered));
        t.term("m", static_cast<double>(m));
    }
    return m ? static_cast<double>(covered) / static_cast<double>(m) : 0.0;
}

}  // namespace irlens::measures
