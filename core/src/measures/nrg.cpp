// Normalized Residual Gain, NRG(base=B,prior=P)@K (Clarke et al., SIGIR-AP 2024, Eqs. 1, 3, 4):
// a base metric whose gains are reduced by what a prior set of rankings already showed the
// searcher. Definitions and readings in relative/residual_gain.hpp; prepare() indexes every run's
// top-K relevant documents and resolves each run's prior set.
#include "measures/common.hpp"
#include "relative/residual_gain.hpp"

#include <stdexcept>

namespace irlens::measures {

namespace {

class NrgMeasure final : public TopicMeasure {
public:
    NrgMeasure(relative::NrgParams p, std::string name) : p_(std::move(p)), name_(std::move(name)) {}

    void prepare(const EvalContext& context) override {
        gain_ = relative::ResidualGain(p_, context, name_);
        prepared_ = true;
    }

    double compute(const TopicView& v) const override {
        if (!prepared_) throw std::logic_error("NRG computed before prepare()");
        return gain_.score(v.run_index(), v.topic());
    }
    bool explainable() const override { return true; }
    /// Explain mode: the prior rankings' contribution to every relevant document the run retrieved
    /// (the prior runs are the evaluation's: explain() takes them).
    bool explain(const TopicView& v, Trace& t) const override {
        if (!prepared_) throw std::logic_error("NRG computed before prepare()");
        t.ranking(v.ranking(1));
        t.value(gain_.explain(v.run_index(), v.topic(), v.context(), t));
        return true;
    }

private:
    relative::NrgParams p_;
    std::string name_;
    relative::ResidualGain gain_;
    bool prepared_ = false;
};

}  // namespace

void add_nrg_measures(std::vector<MeasureInfo>& out) {
    Rows rows(out, "relative");
    rows.add("NRG")
        .help(
            "Normalized residual gain: the base metric (nDCG@k, RBP, P@k, RR) with each document's gain reduced by "
            "the chance the searcher already saw it in the prior set of rankings; equals the base metric when the "
            "prior set is empty.")
        .cite(
            "Clarke et al., Evaluating Relative Retrieval Effectiveness with Normalized Residual Gain (SIGIR-AP "
            "2024), Eqs. 1, 3, 4; unique contributions: Appendix B")
        .cutoff()
        .cutoff_help("K: the depth of the ranking scored and of each prior ranking (required for nDCG and P)")
        .params({
            ParamInfo::word("base",
                            "the base metric: nDCG (grades as gains, seen 1/log2(i+1)), RBP (seen p^(i-1)), P (seen "
                            "1 to K), RR (cascade: seen down to the first relevant document)")
                .defaults_to("nDCG")
                .one_of({"nDCG", "RBP", "P", "RR"}),
            relative::prior_param(),
            relative::prior_runs_param(),
            ParamInfo::real("p", "persistence of base=RBP").defaults_to("0.8").in(Range::persistence()),
            ParamInfo::integer("rel",
                               "minimum judgment that counts as relevant for P and RR (default 1); makes RBP's "
                               "gains binary"),
        })
        .needs(Need::OtherRuns)
        .make([](const MeasureSpec& s) -> std::unique_ptr<TopicMeasure> {
            return std::make_unique<NrgMeasure>(relative::NrgParams::from(s), s.name());
        });
}

}  // namespace irlens::measures
