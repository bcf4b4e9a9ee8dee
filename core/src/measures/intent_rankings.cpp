#include "measures/intent_rankings.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/intents.hpp"
#include "irlens/readers/text.hpp"

#include <algorithm>

namespace irlens::measures {

TopicIntents topic_intents(const EvalContext& context, std::size_t t) {
    const Qrels& q = *context.qrels;
    TopicIntents ti;
    for (const Judgment* j = q.begin(t); j != q.end(t); ++j)
        if (j->rel >= 1 && std::find(ti.groups.begin(), ti.groups.end(), j->group) == ti.groups.end())
            ti.groups.push_back(j->group);
    std::sort(ti.groups.begin(), ti.groups.end(), [&](std::uint32_t a, std::uint32_t b) {
        return text::numeric_id_before(q.group_names()[a], q.group_names()[b]);
    });
    std::size_t m = ti.groups.size();
    for (std::uint32_t g : ti.groups) ti.names.emplace_back(q.group_names()[g]);
    std::string_view topic = q.topic_id(t);
    try {
        ti.weight_values =
            context.intents ? context.intents->weights(topic, ti.names) : Intents().weights(topic, ti.names);
    } catch (const InputError&) {
        ti.weight_error = std::current_exception();
    }
    for (std::string_view name : ti.names)
        ti.navigational.push_back(context.intents && context.intents->type(topic, name) == IntentType::Navigational);

    ti.intent_of_group.assign(q.group_names().size(), m);
    for (std::size_t i = 0; i < m; ++i) ti.intent_of_group[ti.groups[i]] = i;
    ti.levels.assign(m, {});
    for (const Judgment* j = q.begin(t); j != q.end(t); ++j) {
        std::size_t i = ti.intent_of_group[j->group];
        if (i == m || j->rel < 0) continue;
        auto& lv = ti.levels[i];
        if (lv.size() <= static_cast<std::size_t>(j->rel)) lv.resize(static_cast<std::size_t>(j->rel) + 1, 0);
        lv[static_cast<std::size_t>(j->rel)]++;
    }
    // Judgments are sorted by doc id, so the judgments of a document are adjacent.
    for (const Judgment* j = q.begin(t); j != q.end(t);) {
        std::string_view doc = q.doc(*j);
        TopicIntents::Doc d{doc, std::vector<int>(m, 0)};
        bool relevant = false;
        for (; j != q.end(t) && q.doc(*j) == doc; ++j) {
            std::size_t i = ti.intent_of_group[j->group];
            if (i < m && j->rel >= 1) {
                d.grades[i] = j->rel;
                relevant = true;
            }
        }
        if (relevant) ti.relevant.push_back(std::move(d));
    }
    return ti;
}

long TopicIntents::num_relevant(std::size_t i, long rel) const {
    long n = 0;
    for (std::size_t l = static_cast<std::size_t>(std::max(rel, 0L)); l < levels[i].size(); ++l) n += levels[i][l];
    return n;
}

long TopicIntents::intents_with_relevant(long rel) const {
    long m = 0;
    for (std::size_t i = 0; i < size(); ++i) m += num_relevant(i, rel) > 0;
    return m;
}

namespace {

const char kIntentRankingsTag = 'i';  // TopicView::cached tag (its address)

/// True when the qrels judge the document of run ref >= 0 for some group of topic t.
bool judged_for_topic(const Qrels& q, const Run& run, std::size_t t, std::uint32_t ref) {
    long first = ref == kPlaceholderDoc ? q.find_once(t, run.doc(ref)) : run.judged(ref) ? static_cast<long>(ref) : -1;
    if (first < 0) return false;
    std::string_view doc = q.doc(q.judgment(static_cast<std::uint32_t>(first)));
    for (const Judgment* j = &q.judgment(static_cast<std::uint32_t>(first)); j != q.end(t) && q.doc(*j) == doc; ++j)
        if (j->rel >= 0) return true;
    return false;
}

IntentRankings build(const TopicView& v, bool judged_only) {
    IntentRankings ir;
    ir.topic = topic_intents(v.context(), v.topic());
    ir.docs = intent_docs(v, judged_only);
    const std::vector<std::uint32_t>& docs = ir.docs;
    ir.num_ret = static_cast<long>(docs.size());
    RankingOptions options;  // rel_level 1, every document of `docs`
    for (std::uint32_t g : ir.topic.groups) {
        options.group = static_cast<long>(g);
        ir.rankings.push_back(make_ranking(v.run(), v.topic(), docs, options));
    }
    return ir;
}

}  // namespace

std::vector<std::uint32_t> intent_docs(const TopicView& v, bool judged_only) {
    const EvalContext& c = v.context();
    judged_only = judged_only || c.base.judged_only;
    std::vector<std::uint32_t> docs;
    for (std::uint32_t ref : v.ordered()) {
        if (static_cast<long>(docs.size()) >= c.base.max_docs) break;
        if (!judged_only || judged_for_topic(v.qrels(), v.run(), v.topic(), ref)) docs.push_back(ref);
    }
    return docs;
}

const IntentRankings& intent_rankings(const TopicView& v, bool judged_only) {
    return v.cached<IntentRankings>(&kIntentRankingsTag, judged_only ? 1 : 0, [&] { return build(v, judged_only); });
}

double intent_aware_sum(const IntentRankings& ir, const std::function<double(const Ranking&, std::size_t)>& f) {
    const std::vector<double>& w = ir.topic.weights();
    double sum = 0.0;
    for (std::size_t i = 0; i < ir.topic.size(); ++i) sum += w[i] * f(ir.rankings[i], i);
    return sum;
}

double sharp_gamma(const MeasureSpec& s) {
    double gamma = s.real_param("gamma");
    if (!(gamma >= 0 && gamma <= 1))
        throw UsageError(s.name() + ": gamma must be in [0,1], got " + format_number(gamma));
    return gamma;
}

double intent_recall(const IntentRankings& ir, long k, long rel) {
    NoTrace t;
    return intent_recall(ir, k, rel, t);
}

const Ranking& explain_ranking(const TopicView& v, const IntentRankings& ir) {
    static const char tag = 0;
    return v.cached<Ranking>(&tag, 0, [&] {
        Ranking out = ir.rankings.front();
        for (std::size_t r = 0; r < out.rels.size(); ++r) {
            int best = kNotInPool;
            bool negative = false;
            for (const Ranking& x : ir.rankings) {
                best = std::max(best, x.rels[r]);
                negative = negative || x.rels[r] == kUnjudged;
            }
            out.rels[r] = best == kNotInPool && negative ? kUnjudged : best;
        }
        return out;
    });
}

}  // namespace irlens::measures
