// Measures over judgment groups (qrels_jg: `topic group doc rel`, one set of judgments per user or
// judging session): AP, P@k and precision at multiples of R computed against each group's
// judgments alone, then averaged over the topic's groups. trec_eval 10.0 (m_map_avgjg.c,
// m_P_avgjg.c, m_Rprec_mult_avgjg.c over form_res_rels_jg.c; NIST), number for number.
//
// M_avgjg = (1/|G|) sum_g M(ranking judged by group g): the intent-aware average of Sakai,
// "Metrics, Statistics, Tests" (PROMISE 2013), Eq. 26, with every group equally likely; AP is his
// Eq. 9. Groups are taken in byte order of their names and their values summed in that order, then
// divided by |G| (only when |G| > 1), as trec_eval does.
#include "measures/average_precision.hpp"
#include "measures/common.hpp"
#include "measures/precision.hpp"
#include "measures/trace.hpp"

#include "irlens/error.hpp"

#include <algorithm>

namespace irlens::measures {

namespace {

const char kGroupRankingsTag = 'g';  // cache tag (its address)

/// The judgment groups of the topic, by name.
std::vector<std::uint32_t> topic_groups(const TopicView& v) {
    const Qrels& qrels = v.qrels();
    std::vector<std::uint32_t> groups;
    for (const Judgment* j = qrels.begin(v.topic()); j != qrels.end(v.topic()); ++j) groups.push_back(j->group);
    std::sort(groups.begin(), groups.end(),
              [&](std::uint32_t a, std::uint32_t b) { return qrels.group_names()[a] < qrels.group_names()[b]; });
    groups.erase(std::unique(groups.begin(), groups.end()), groups.end());
    return groups;
}

/// form_res_rels_jg.c: the ranking against each judgment group of the topic, groups by name.
const std::vector<Ranking>& group_rankings(const TopicView& v, long rel_level, bool judged_only) {
    long variant = rel_level * 2 + (judged_only ? 1 : 0);
    return v.cached<std::vector<Ranking>>(&kGroupRankingsTag, variant, [&] {
        std::vector<std::uint32_t> groups = topic_groups(v);
        std::vector<Ranking> rankings;
        RankingOptions options = v.context().base;
        options.rel_level = rel_level;
        options.judged_only = options.judged_only || judged_only;
        for (std::uint32_t g : groups) {
            options.group = g;
            rankings.push_back(make_ranking(v.run(), v.topic(), v.ordered(), options));
        }
        return rankings;
    });
}

/// The group average of f, trec_eval's way: summed over the groups, divided only when |G| > 1.
/// Traced for explain mode: per rank, whether each group judged the document relevant; per group
/// the value of `what` against its judgments; the sum and |G|.
template <class F, class T>
double over_groups(const TopicView& v, long rel_level, bool judged_only, const char* what, F f, T& t) {
    const std::vector<Ranking>& rankings = group_rankings(v, rel_level, judged_only);
    if constexpr (T::on) {
        t.formula(std::string(what) + "AvgJG = (1/|G|) sum over the topic's judgment groups g of " + what +
                  " against g's judgments alone (the sum itself when |G| <= 1)");
        std::vector<std::string> cols;
        for (std::uint32_t g : topic_groups(v)) cols.push_back("relevant to group " + v.qrels().group_names()[g]);
        if (!rankings.empty()) t.ranking(rankings[0]);
        std::size_t c = t.columns(cols);
        for (std::size_t g = 0; g < rankings.size(); ++g)
            for (long i = 0; i < rankings[g].num_ret; ++i)
                t.row(i, {rankings[g].rels[static_cast<std::size_t>(i)] >= rankings[g].rel_level ? 1.0 : 0.0}, c + g);
    }
    std::vector<std::uint32_t> groups;
    if constexpr (T::on) groups = topic_groups(v);
    double sum = 0.0;
    for (std::size_t g = 0; g < rankings.size(); ++g) {
        double x = f(rankings[g]);
        sum += x;
        if constexpr (T::on) t.term(std::string(what) + " against group " + v.qrels().group_names()[groups[g]], x);
    }
    t.term("sum over the groups", sum);
    t.term("|G| (judgment groups of the topic)", static_cast<double>(rankings.size()));
    if (rankings.size() > 1) sum /= static_cast<double>(rankings.size());
    t.term(rankings.size() > 1 ? "value = sum / |G|" : "value = sum (|G| <= 1)", sum);
    return sum;
}

/// The check of prepare(): judgment-group qrels.
auto need_groups(const std::string& name) {
    return [name](const EvalContext& context) {
        if (context.qrels->format() != QrelsFormat::Grouped)
            throw UsageError(name + " needs judgment-group qrels, `topic group doc rel` (trec_eval -R qrels_jg)");
    };
}

}  // namespace

void add_judgment_group_measures(std::vector<MeasureInfo>& out) {
    Rows rows(out, "judgment groups");
    rows.add("APAvgJG")
        .alias("map_avgjg")
        .help("Average precision against each judgment group's judgments, averaged over the groups.")
        .cite(
            "trec_eval 10.0 (NIST), m_map_avgjg.c; AP: Sakai, PROMISE 2013, Eq. 9, averaged over "
            "groups as Eq. 26 with uniform weights")
        .params({rel_param(), judged_only_param()})
        .input(RelInput::JudgmentGroups)
        .trec(trec("map_avgjg", 50))
        .make([](const MeasureSpec& s) {
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            return traced(
                [=](const TopicView& v, auto& t) {
                    return over_groups(
                        v, level, jo, "AP", [](const Ranking& r) { return average_precision(r, -1); }, t);
                },
                need_groups(s.name()));
        });
    rows.add("PAvgJG")
        .alias("P_avgjg")
        .help("Precision at k against each judgment group's judgments, averaged over the groups.")
        .cite(
            "trec_eval 10.0 (NIST), m_P_avgjg.c; averaged over groups as Sakai, PROMISE 2013, "
            "Eq. 26 with uniform weights")
        .cutoff_required()
        .params({rel_param(), judged_only_param()})
        .input(RelInput::JudgmentGroups)
        .trec(trec("P_avgjg", 51).cutoffs(kTrecCutoffs))
        .make([](const MeasureSpec& s) {
            long k = s.cutoff_int(), level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            return traced(
                [=](const TopicView& v, auto& t) {
                    return over_groups(
                        v, level, jo, "P@k", [k](const Ranking& r) { return precision_at(r, k); }, t);
                },
                need_groups(s.name()));
        });
    rows.add("RprecMultAvgJG")
        .alias("Rprec_mult_avgjg")
        .help(
            "Precision after mult x R documents (R relevant in the group) against each judgment "
            "group's judgments, averaged over the groups.")
        .cite(
            "trec_eval 10.0 (NIST), m_Rprec_mult_avgjg.c; averaged over groups as Sakai, PROMISE "
            "2013, Eq. 26 with uniform weights")
        .params({mult_param(), rel_param(), judged_only_param()})
        .input(RelInput::JudgmentGroups)
        .trec(trec("Rprec_mult_avgjg", 52).levels(kTrecMultiples).fill({"mult"}))
        .make([](const MeasureSpec& s) {
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            double mult = s.real_param("mult");
            return traced(
                [=](const TopicView& v, auto& t) {
                    return over_groups(
                        v, level, jo, "RprecMult", [mult](const Ranking& r) { return r_precision_mult(r, mult); }, t);
                },
                need_groups(s.name()));
        });
}

}  // namespace irlens::measures
