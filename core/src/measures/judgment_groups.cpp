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

#include "irlens/error.hpp"

#include <algorithm>

namespace irlens::measures {

namespace {

const char kGroupRankingsTag = 'g';  // cache tag (its address)

/// form_res_rels_jg.c: the ranking against each judgment group of the topic, groups by name.
const std::vector<Ranking>& group_rankings(const TopicView& v, long rel_level, bool judged_only) {
    long variant = rel_level * 2 + (judged_only ? 1 : 0);
    return v.cached<std::vector<Ranking>>(&kGroupRankingsTag, variant, [&] {
        const Qrels& qrels = v.qrels();
        std::vector<std::uint32_t> groups;
        for (const Judgment* j = qrels.begin(v.topic()); j != qrels.end(v.topic()); ++j) groups.push_back(j->group);
        std::sort(groups.begin(), groups.end(), [&](std::uint32_t a, std::uint32_t b) {
            return qrels.group_names()[a] < qrels.group_names()[b];
        });
        groups.erase(std::unique(groups.begin(), groups.end()), groups.end());
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
template <class F>
double over_groups(const TopicView& v, long rel_level, bool judged_only, F f) {
    const std::vector<Ranking>& rankings = group_rankings(v, rel_level, judged_only);
    double sum = 0.0;
    for (const Ranking& r : rankings) sum += f(r);
    if (rankings.size() > 1) sum /= static_cast<double>(rankings.size());
    return sum;
}

class GroupMeasure final : public TopicMeasure {
public:
    using Fn = std::function<double(const TopicView&)>;
    GroupMeasure(std::string name, Fn f) : name_(std::move(name)), f_(std::move(f)) {}
    void prepare(const EvalContext& context) override {
        if (context.qrels->format() != QrelsFormat::Grouped)
            throw UsageError(name_ + " needs judgment-group qrels, `topic group doc rel` (trec_eval -R qrels_jg)");
    }
    double compute(const TopicView& v) const override { return f_(v); }

private:
    std::string name_;
    Fn f_;
};

}  // namespace

void add_judgment_group_measures(std::vector<MeasureInfo>& out) {
    Rows rows(out, "judgment groups");
    rows.add("APAvgJG")
        .alias("map_avgjg")
        .help("Average precision against each judgment group's judgments, averaged over the groups.")
        .cite("trec_eval 10.0 (NIST), m_map_avgjg.c; AP: Sakai, PROMISE 2013, Eq. 9, averaged over "
              "groups as Eq. 26 with uniform weights")
        .params({rel_param(), judged_only_param()})
        .input(RelInput::JudgmentGroups)
        .trec(trec("map_avgjg", 50))
        .make([](const MeasureSpec& s) {
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            return std::make_unique<GroupMeasure>(s.name(), [=](const TopicView& v) {
                return over_groups(v, level, jo, [](const Ranking& r) { return average_precision(r, -1); });
            });
        });
    rows.add("PAvgJG")
        .alias("P_avgjg")
        .help("Precision at k against each judgment group's judgments, averaged over the groups.")
        .cite("trec_eval 10.0 (NIST), m_P_avgjg.c; averaged over groups as Sakai, PROMISE 2013, "
              "Eq. 26 with uniform weights")
        .cutoff_required()
        .params({rel_param(), judged_only_param()})
        .input(RelInput::JudgmentGroups)
        .trec(trec("P_avgjg", 51).cutoffs(kTrecCutoffs))
        .make([](const MeasureSpec& s) {
            long k = s.cutoff_int(), level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            return std::make_unique<GroupMeasure>(s.name(), [=](const TopicView& v) {
                return over_groups(v, level, jo, [k](const Ranking& r) { return precision_at(r, k); });
            });
        });
    rows.add("RprecMultAvgJG")
        .alias("Rprec_mult_avgjg")
        .help("Precision after mult x R documents (R relevant in the group) against each judgment "
              "group's judgments, averaged over the groups.")
        .cite("trec_eval 10.0 (NIST), m_Rprec_mult_avgjg.c; averaged over groups as Sakai, PROMISE "
              "2013, Eq. 26 with uniform weights")
        .params({mult_param(), rel_param(), judged_only_param()})
        .input(RelInput::JudgmentGroups)
        .trec(trec("Rprec_mult_avgjg", 52).levels(kTrecMultiples).fill({"mult"}))
        .make([](const MeasureSpec& s) {
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            double mult = s.real_param("mult");
            return std::make_unique<GroupMeasure>(s.name(), [=](const TopicView& v) {
                return over_groups(v, level, jo, [mult](const Ranking& r) { return r_precision_mult(r, mult); });
            });
        });
}

}  // namespace irlens::measures
