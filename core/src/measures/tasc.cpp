// TaSC, MAX TaSC as Clarke et al. use it (SIGIR-AP 2024, Appendix C, Figure 5) after Arabzadeh,
// Bigdeli, Hamidi Rad & Bagheri, Quantifying Ranker Coverage of Different Query Subspaces (SIGIR
// 2023): the run's nDCG@K on a topic, scaled by how much of the topic the prior set leaves
// uncovered, the best prior run's nDCG@K there:
//     TaSC@K(R, q) = nDCG@K(R, q) * (1 - max_{R_j in prior(R)} nDCG@K(R_j, q)),
// with max over an empty prior set 0 (TaSC = nDCG@K) and a prior run that did not answer q scoring
// 0 there. The mean over topics is the run's score. The prior set is NRG's (relative/
// residual_gain.hpp); Figure 5 takes prior=best_per_group (the best run of every other group by
// mean nDCG@K). Reading of the authors' release (aminbigdeli/Normalized-Residual-Gain,
// code/calculate_tasc.py): the same per-topic formula, with nDCG@K from pytrec_eval (trec_eval's
// ndcg_cut, as irlens' nDCG@K); its competitor list is the listed best runs of the target's *own*
// group (a run of a one-run group gets an empty prior set), which departs from the paper's caption;
// irlens follows the paper (docs/differences-from-reference-tools.md).
#include "measures/common.hpp"
#include "measures/trace.hpp"
#include "relative/residual_gain.hpp"

#include <stdexcept>

namespace irlens::measures {

namespace {

class TascMeasure final : public TopicMeasure {
public:
    TascMeasure(relative::NrgParams p, std::string name) : p_(std::move(p)), name_(std::move(name)) {}

    void prepare(const EvalContext& context) override {
        gain_ = relative::ResidualGain(p_, context, name_);
        const std::size_t runs = context.runs.size(), topics = context.qrels->num_topics();
        ndcg_.assign(runs, std::vector<double>(topics, 0.0));
        for (std::size_t r = 0; r < runs; ++r)
            for (std::size_t t = 0; t < topics; ++t) ndcg_[r][t] = gain_.base_score(r, t);
        prepared_ = true;
    }

    double compute(const TopicView& v) const override {
        measures::NoTrace trace;
        return evaluate(v, trace);
    }
    bool explainable() const override { return true; }
    /// Explain mode: the run's nDCG@K, the best prior run's and the size of the prior set (the
    /// prior runs are the evaluation's: explain() takes them).
    bool explain(const TopicView& v, Trace& t) const override {
        t.ranking(v.ranking(1));
        t.value(evaluate(v, t));
        return true;
    }

private:
    template <class T>
    double evaluate(const TopicView& v, T& t) const {
        if (!prepared_) throw std::logic_error("TaSC computed before prepare()");
        const std::size_t run = v.run_index(), topic = v.topic();
        double best = 0.0;  // max over the prior set; 0 when it is empty
        std::size_t best_run = run;
        for (std::size_t j : gain_.prior(run))
            if (best_run == run || ndcg_[j][topic] > best) {
                best = ndcg_[j][topic];
                best_run = j;
            }
        const double own = ndcg_[run][topic];
        if constexpr (T::on) {
            t.formula("TaSC@K = nDCG@K(run) * (1 - max over the prior set of nDCG@K(prior run)); K = " +
                      std::to_string(p_.cutoff));
            const std::vector<std::size_t>& prior = gain_.prior(run);
            t.term("nDCG@K of the run", own);
            t.term("runs in the prior set", static_cast<double>(prior.size()));
            if (prior.empty())
                t.term("no prior run, so the max is", 0.0);
            else
                t.term("max nDCG@K of the prior set (" + v.context().runs[best_run]->name() + ")", best);
            t.term("1 - max", 1.0 - best);
        }
        return own * (1.0 - best);
    }

    relative::NrgParams p_;
    std::string name_;
    relative::ResidualGain gain_;
    std::vector<std::vector<double>> ndcg_;  // [run][qrels topic]: nDCG@K, 0 where not answered
    bool prepared_ = false;
};

}  // namespace

void add_tasc_measures(std::vector<MeasureInfo>& out) {
    Rows rows(out, "relative");
    rows.add("TaSC")
        .help(
            "MAX TaSC: the run's nDCG@k on a topic times (1 - the highest nDCG@k of its prior set there); "
            "equals nDCG@k when the prior set is empty. prior=best_per_group is Clarke et al.'s Figure 5.")
        .cite(
            "Arabzadeh, Bigdeli, Hamidi Rad & Bagheri, Quantifying Ranker Coverage of Different Query Subspaces "
            "(SIGIR 2023); MAX TaSC with a prior set as in Clarke et al., Evaluating Relative Retrieval Effectiveness "
            "with Normalized Residual Gain (SIGIR-AP 2024), Appendix C, Figure 5")
        .cutoff_required()
        .cutoff_help("K: the depth of nDCG@K, for the run and for its prior runs")
        .params({relative::prior_param(), relative::prior_runs_param()})
        .needs(Need::OtherRuns)
        .make([](const MeasureSpec& s) -> std::unique_ptr<TopicMeasure> {
            relative::NrgParams p;
            p.base = relative::NrgBase::Ndcg;
            p.cutoff = s.cutoff_int();
            p.read_prior(s);
            return std::make_unique<TascMeasure>(std::move(p), s.name());
        });
}

}  // namespace irlens::measures
