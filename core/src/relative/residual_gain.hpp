// Normalized Residual Gain (Clarke et al., "Evaluating Relative Retrieval Effectiveness with
// Normalized Residual Gain", SIGIR-AP 2024), internal header of the NRG measure.
//
// A base metric in browsing-model form (Eq. 1): S(R) = (1/N) sum_{i<=K} G(d_i) seen(i).
// Residual gain of d given prior rankings R_1..R_M (Eq. 3):
//     G(d|R) = G(d) prod_j (1 - seen(pos(d, R_j))),  pos within R_j's top K, seen(inf) = 0.
// NRG (Eq. 4) is Eq. 1 with G(d|R) for G(d); where N is an ideal ranking's score (nDCG), the ideal
// ranks the judged documents by residual gain. With M = 0 no factor is applied, so NRG is the base
// metric bit for bit (the same additions in the same order as measures/gain.cpp, rbp.cpp,
// precision.cpp, average_precision.cpp).
//
// Base metrics:
//   nDCG@K  G = the relevance grade (trec_eval's ndcg_cut), seen(i) = 1/log2(i+1), N = the
//           ideal's DCG@K over the judged documents sorted by residual gain.
//   RBP(p)  G = grade / highest grade in the qrels (irlens' RBP), or binary with rel=N;
//           seen(i) = p^(i-1), N = 1/(1-p); over the whole ranking unless @K.
//   P@K     G = 1 if judged >= rel, seen(i) = 1 for i <= K, N = K.
//   RR[@K]  G = 1 if judged >= rel. Cascade reading (chosen): a searcher scans a ranking down to
//           its first relevant document and stops, so in a prior ranking seen(i) = 1 up to and
//           including its first relevant document in the top K (the whole top K when it has none)
//           and 0 below; in the ranking scored, the searcher stops at the first document that
//           still has residual gain: NRG = G(d|R)/i for the first such d_i (N = 1).
#pragma once

#include "irlens/evaluation/explain.hpp"
#include "irlens/measures/measure.hpp"
#include "relative/hit_table.hpp"

#include <string>
#include <vector>

namespace irlens::relative {

enum class NrgBase { Ndcg, Rbp, Precision, ReciprocalRank };
enum class PriorPolicy { Others, BestPerGroup, OtherGroups, List, Chronological };

/// The parameters prior= (default others) and runs= of the measures that score a run against a
/// prior set of runs (NRG, TaSC).
ParamInfo prior_param();
ParamInfo prior_runs_param();

struct NrgParams {
    NrgBase base = NrgBase::Ndcg;
    PriorPolicy prior = PriorPolicy::Others;
    long cutoff = -1;  // K; -1: the whole ranking (RBP, RR)
    double p = 0.8;
    bool binary = false;  // gains 0/1 from rel_level (always for P and RR; RBP with rel=N)
    long rel_level = 1;
    std::vector<std::string> runs;  // prior=list / chronological

    /// Reads and checks the parameters of an NRG spec (UsageError).
    static NrgParams from(const MeasureSpec& spec);
    /// Reads prior= and runs= of a spec (NRG's, TaSC's) into prior and runs, checking that runs=[...]
    /// is given exactly for prior=list / chronological (UsageError naming the measure).
    void read_prior(const MeasureSpec& spec);
};

class ResidualGain {
public:
    ResidualGain() = default;
    /// Resolves every run's prior set and indexes the prior rankings' top-K relevant documents.
    /// `name` (the measure's) prefixes error messages.
    ResidualGain(const NrgParams& params, const EvalContext& context, const std::string& name);

    /// Eq. 4: NRG of run `run` for topic `topic`, given its prior set.
    double score(std::size_t run, std::size_t topic) const { return evaluate(run, topic, true); }
    /// Eq. 1: the base metric (no prior ranking).
    double base_score(std::size_t run, std::size_t topic) const { return evaluate(run, topic, false); }
    /// score(), recording its arithmetic (explain mode, irlens/evaluation/explain.hpp): per relevant
    /// document (row rank - 1) its gain, the factors 1 - seen(pos) of the prior rankings that hold
    /// it, its residual gain and the base metric's sums; for nDCG the ideal's residual gains.
    double explain(std::size_t run, std::size_t topic, const EvalContext& context, Trace& t) const;
    /// Indices (into the context's runs) of the prior set of a run, ascending.
    const std::vector<std::size_t>& prior(std::size_t run) const { return priors_[run]; }

private:
    struct Factor {
        std::uint32_t run;
        double factor;  // 1 - seen(pos(d, R_run))
    };
    double evaluate(std::size_t run, std::size_t topic, bool with_prior) const;
    template <class T>
    double evaluate(std::size_t run, std::size_t topic, bool with_prior, T& t, const EvalContext* context) const;
    double gain(std::int32_t grade) const;
    void resolve_priors(const EvalContext& context, const std::string& name);

    NrgParams p_;
    const Qrels* qrels_ = nullptr;
    HitTable hits_;
    std::vector<double> powers_;  // p^(i-1) for RBP, by repeated multiplication
    double max_grade_ = 0;
    std::vector<std::size_t> factor_offsets_;  // per judgment index (CSR), one past the end at the back
    std::vector<Factor> factors_;              // sorted by judgment, then run
    std::vector<std::vector<std::size_t>> priors_;
    std::vector<std::vector<char>> in_prior_;  // [run][other run]
};

}  // namespace irlens::relative
