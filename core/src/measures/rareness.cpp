// Rareness-based ("innovation") measures: P_rareness(alpha=A)@K and AP_rareness(alpha=A)[@K] of
// Türkmen, Lease & Kutlu (ECIR 2023), Eqs. 1-4; definitions and readings in relative/rareness.hpp.
// They score a run against the other runs of the evaluation: prepare() counts, per topic, how many
// runs of the rarity pool retrieved each relevant document in their top `depth`.
#include "measures/common.hpp"
#include "measures/trace.hpp"
#include "relative/rareness.hpp"

#include <stdexcept>

namespace irlens::measures {

namespace {

class RarenessMeasure final : public TopicMeasure {
public:
    explicit RarenessMeasure(relative::RarenessParams p) : p_(std::move(p)) {}

    void prepare(const EvalContext& context) override {
        hits_ = relative::HitTable(context, p_.rel_level, p_.hit_limit());
        pool_ = relative::resolve_pool(p_.pool, context);
        counts_ = relative::RarityCounts(hits_, pool_, p_.depth, context.qrels->num_judgments());
        num_rel_ = relative::relevant_per_topic(*context.qrels, p_.rel_level);
        prepared_ = true;
    }

    double compute(const TopicView& v) const override {
        if (!prepared_) throw std::logic_error("rareness measure computed before prepare()");
        return relative::rareness_score(p_, counts_, hits_.begin(v.run_index(), v.topic()),
                                        hits_.end(v.run_index(), v.topic()), num_rel_[v.topic()]);
    }
    bool explainable() const override { return true; }
    /// Explain mode: every relevant document the run retrieved, with its rarity (the other runs are
    /// the evaluation's: explain() takes them).
    bool explain(const TopicView& v, Trace& t) const override {
        if (!prepared_) throw std::logic_error("rareness measure computed before prepare()");
        t.ranking(v.ranking(p_.rel_level));
        std::string pool;
        for (std::size_t r : pool_) pool += (pool.empty() ? "" : ", ") + v.context().runs[r]->name();
        t.term("the rarity pool: " + pool, static_cast<double>(pool_.size()));
        t.value(relative::rareness_score(p_, counts_, hits_.begin(v.run_index(), v.topic()),
                                         hits_.end(v.run_index(), v.topic()), num_rel_[v.topic()], t));
        return true;
    }

private:
    relative::RarenessParams p_;
    relative::HitTable hits_;
    relative::RarityCounts counts_;
    std::vector<std::size_t> pool_;
    std::vector<long> num_rel_;
    bool prepared_ = false;
};

/// The parameters of the rareness measures.
std::vector<ParamInfo> rareness_params() {
    return {
        ParamInfo::real("alpha", "weight of rarity (0 gives the standard measure)")
            .mandatory()
            .in(Range{-kMaxWeight, kMaxWeight}),
        ParamInfo::word("variant",
                        "original: weight 1 + alpha R(d), R = 1 - S_d/S (Eqs. 1-3); mixture: (1 - alpha) + "
                        "alpha R'(d), R' = 1 - (S_d - 1)/(S - 1), alpha in [0,1] (Sec. 5.2, Eq. 4)")
            .defaults_to("original")
            .one_of({"original", "mixture"}),
        ParamInfo::integer("depth",
                           "a run retrieved d when d is in its top depth (default: the cutoff, else the whole run)")
            .in(Range::at_least(1)),
        ParamInfo::words("pool", "the runs rarity is counted over, e.g. [runA,runB] (default: every run evaluated)"),
        rel_param(),
    };
}

std::unique_ptr<TopicMeasure> make_rareness(const MeasureSpec& s) {
    return std::make_unique<RarenessMeasure>(relative::RarenessParams::from(s));
}

}  // namespace

void add_rareness_measures(std::vector<MeasureInfo>& out) {
    const std::string cite =
        "Türkmen, Lease & Kutlu, New Metrics to Encourage Innovation and Diversity in Information "
        "Retrieval Approaches (ECIR 2023), ";
    Rows rows(out, "relative");
    rows.add("P_rareness")
        .help(
            "Rareness-based precision at k: relevant documents in the top k, each weighted 1 + alpha R(d) by how few "
            "runs retrieved it; alpha=0 is P@k.")
        .cite(cite + "Eqs. 1-2; normalised form Sec. 5.2, Eq. 4")
        .cutoff_required()
        .params(rareness_params())
        .values(Range())
        .needs(Need::OtherRuns)
        .make(make_rareness);
    rows.add("AP_rareness")
        .help(
            "Rareness-based average precision: AP with P@i replaced by P_rareness@i (in the top k with @k); alpha=0 is "
            "AP (AP@k).")
        .cite(cite + "Eq. 3 (with Eqs. 1-2); normalised form Sec. 5.2")
        .cutoff()
        .params(rareness_params())
        .values(Range())
        .needs(Need::OtherRuns)
        .make(make_rareness);
}

}  // namespace irlens::measures
