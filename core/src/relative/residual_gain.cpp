#include "relative/residual_gain.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/run_groups.hpp"
#include "measures/trace.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

namespace irlens::relative {

ParamInfo prior_param() {
    return ParamInfo::word("prior",
                           "the prior set of each run: others (every other run), best_per_group (the best run by "
                           "the base metric of every other group; needs groups), other_groups (every run of the "
                           "other groups), list (the runs named in runs=[...]), chronological (runs=[...] in "
                           "release order: the runs released before it)")
        .defaults_to("others")
        .one_of({"others", "best_per_group", "other_groups", "list", "chronological"});
}

ParamInfo prior_runs_param() {
    return ParamInfo::words("runs", "the run names for prior=list / prior=chronological, e.g. [bm25,ance]");
}

NrgParams NrgParams::from(const MeasureSpec& spec) {
    NrgParams p;
    const std::string name = spec.name();
    const std::string& base = spec.word_param("base");
    p.base = base == "nDCG"  ? NrgBase::Ndcg
             : base == "RBP" ? NrgBase::Rbp
             : base == "P"   ? NrgBase::Precision
                             : NrgBase::ReciprocalRank;
    p.read_prior(spec);
    const std::string& prior = spec.word_param("prior");
    p.cutoff = spec.has_cutoff() ? spec.cutoff_int() : -1;
    if ((p.base == NrgBase::Ndcg || p.base == NrgBase::Precision) && p.cutoff < 0)
        throw UsageError(name + ": base=" + base + " needs a cutoff, e.g. NRG(base=" + base + ",prior=" + prior +
                         ")@10");
    p.p = spec.real_param("p");
    if (p.base == NrgBase::Rbp && !(p.p >= 0 && p.p < 1))
        throw UsageError(name + ": p must be in [0,1), got " + format_number(p.p));
    if (p.base != NrgBase::Rbp && p.p != 0.8) throw UsageError(name + ": p applies only to base=RBP");
    const ParamValue& rel = spec.param("rel");
    if (rel.given && p.base == NrgBase::Ndcg)
        throw UsageError(name + ": rel does not apply to base=nDCG (its gains are the relevance grades)");
    p.binary = p.base != NrgBase::Ndcg && (p.base != NrgBase::Rbp || rel.given);
    p.rel_level = rel.given ? rel.i : 1;
    return p;
}

void NrgParams::read_prior(const MeasureSpec& spec) {
    const std::string name = spec.name();
    const std::string& word = spec.word_param("prior");
    prior = word == "others"           ? PriorPolicy::Others
            : word == "best_per_group" ? PriorPolicy::BestPerGroup
            : word == "other_groups"   ? PriorPolicy::OtherGroups
            : word == "list"           ? PriorPolicy::List
                                       : PriorPolicy::Chronological;
    const ParamValue& given = spec.param("runs");
    bool listed = prior == PriorPolicy::List || prior == PriorPolicy::Chronological;
    if (listed && !given.given)
        throw UsageError(name + ": prior=" + word + " needs the runs, e.g. runs=[runA,runB] (" +
                         (prior == PriorPolicy::List ? "the prior set" : "in release order") + ")");
    if (!listed && given.given)
        throw UsageError(name + ": runs=[...] applies only to prior=list or prior=chronological");
    runs = given.words;
}

ResidualGain::ResidualGain(const NrgParams& params, const EvalContext& context, const std::string& name)
    : p_(params), qrels_(context.qrels.get()) {
    hits_ = HitTable(context, p_.binary ? p_.rel_level : 1, p_.cutoff);
    max_grade_ = static_cast<double>(qrels_->max_grade());
    powers_.assign(static_cast<std::size_t>(hits_.max_rank()) + 1, 1.0);
    for (std::size_t i = 1; i < powers_.size(); ++i) powers_[i] = powers_[i - 1] * p_.p;

    // 1 - seen(pos) of every relevant document in every ranking's top K (Eq. 3); a factor of 1
    // (seen = 0) is left out.
    std::vector<std::size_t> count(qrels_->num_judgments() + 1, 0);
    auto for_each_factor = [&](const std::function<void(std::uint32_t run, std::uint32_t doc, double f)>& emit) {
        for (std::size_t r = 0; r < hits_.num_runs(); ++r) {
            for (std::size_t t = 0; t < hits_.num_topics(); ++t) {
                for (const Hit* h = hits_.begin(r, t); h != hits_.end(r, t); ++h) {
                    double f = 0.0;
                    if (p_.base == NrgBase::Ndcg) f = 1.0 - 1.0 / std::log2(static_cast<double>(h->rank) + 1.0);
                    if (p_.base == NrgBase::Rbp) f = 1.0 - powers_[h->rank - 1];
                    emit(static_cast<std::uint32_t>(r), h->doc, f);
                    if (p_.base == NrgBase::ReciprocalRank) break;  // seen only down to the first relevant
                }
            }
        }
    };
    for_each_factor([&](std::uint32_t, std::uint32_t doc, double f) { count[doc + 1] += f != 1.0; });
    for (std::size_t i = 1; i < count.size(); ++i) count[i] += count[i - 1];
    factor_offsets_ = count;
    factors_.resize(count.back());
    for_each_factor([&](std::uint32_t run, std::uint32_t doc, double f) {
        if (f != 1.0) factors_[count[doc]++] = Factor{run, f};
    });
    resolve_priors(context, name);
}

void ResidualGain::resolve_priors(const EvalContext& context, const std::string& name) {
    const std::size_t n = context.runs.size();
    priors_.assign(n, {});
    auto resolve_list = [&]() {
        std::vector<std::size_t> listed;
        for (const std::string& run : p_.runs) {
            long i = find_run(context.runs, run);
            if (i < 0) throw UsageError(name + ": run '" + run + "' in runs=[...] is not among the runs evaluated");
            if (std::find(listed.begin(), listed.end(), static_cast<std::size_t>(i)) != listed.end())
                throw UsageError(name + ": run '" + run + "' is named twice in runs=[...]");
            listed.push_back(static_cast<std::size_t>(i));
        }
        return listed;
    };
    std::vector<std::string> groups;
    if (p_.prior == PriorPolicy::BestPerGroup || p_.prior == PriorPolicy::OtherGroups) {
        if (!context.groups)
            throw UsageError(name +
                             " needs the group of every run (irlens eval --groups FILE: run<TAB>group or a "
                             "leaderboard CSV with run and team columns)");
        groups = context.groups->groups_of(context.runs, name);
    }
    switch (p_.prior) {
        case PriorPolicy::Others:
            for (std::size_t r = 0; r < n; ++r)
                for (std::size_t j = 0; j < n; ++j)
                    if (j != r) priors_[r].push_back(j);
            break;
        case PriorPolicy::OtherGroups:
            for (std::size_t r = 0; r < n; ++r)
                for (std::size_t j = 0; j < n; ++j)
                    if (groups[j] != groups[r]) priors_[r].push_back(j);
            break;
        case PriorPolicy::BestPerGroup: {
            // The best run of each group by the base metric's mean over all qrels topics (a topic a
            // run did not answer counts 0); ties go to the run whose name sorts first.
            std::map<std::string, std::size_t> best;
            std::vector<double> mean(n, 0.0);
            for (std::size_t r = 0; r < n; ++r) {
                for (std::size_t t = 0; t < hits_.num_topics(); ++t) mean[r] += base_score(r, t);
                mean[r] /= static_cast<double>(hits_.num_topics());
                auto it = best.find(groups[r]);
                if (it == best.end()) {
                    best.emplace(groups[r], r);
                } else {
                    std::size_t b = it->second;
                    if (mean[r] > mean[b] || (mean[r] == mean[b] && context.runs[r]->name() < context.runs[b]->name()))
                        it->second = r;
                }
            }
            for (std::size_t r = 0; r < n; ++r) {
                for (const auto& g : best)
                    if (g.first != groups[r]) priors_[r].push_back(g.second);
                std::sort(priors_[r].begin(), priors_[r].end());
            }
            break;
        }
        case PriorPolicy::List: {
            std::vector<std::size_t> listed = resolve_list();
            for (std::size_t r = 0; r < n; ++r) {
                for (std::size_t j : listed)
                    if (j != r) priors_[r].push_back(j);
                std::sort(priors_[r].begin(), priors_[r].end());
            }
            break;
        }
        case PriorPolicy::Chronological: {
            // Each listed run's prior set is the runs listed before it; a run not listed counts as
            // released after all of them.
            std::vector<std::size_t> listed = resolve_list();
            for (std::size_t r = 0; r < n; ++r) {
                auto at = std::find(listed.begin(), listed.end(), r);
                priors_[r].assign(listed.begin(), at);
                std::sort(priors_[r].begin(), priors_[r].end());
            }
            break;
        }
    }
    in_prior_.assign(n, std::vector<char>(n, 0));
    for (std::size_t r = 0; r < n; ++r)
        for (std::size_t j : priors_[r]) in_prior_[r][j] = 1;
}

double ResidualGain::gain(std::int32_t grade) const {
    if (p_.binary) return grade >= p_.rel_level ? 1.0 : 0.0;
    if (grade <= 0) return 0.0;
    if (p_.base == NrgBase::Rbp) return max_grade_ > 0 ? static_cast<double>(grade) / max_grade_ : 0.0;
    return static_cast<double>(grade);
}

double ResidualGain::evaluate(std::size_t run, std::size_t t, bool with_prior) const {
    measures::NoTrace trace;
    return evaluate(run, t, with_prior, trace, nullptr);
}

double ResidualGain::explain(std::size_t run, std::size_t topic, const EvalContext& context, Trace& t) const {
    return evaluate(run, topic, true, t, &context);
}

// Traced for explain mode (measures/trace.hpp): the trace computes its values beside the loops'
// own expressions, which stay as they were.
template <class T>
double ResidualGain::evaluate(std::size_t run, std::size_t t, bool with_prior, T& trace,
                              const EvalContext* context) const {
    const char* in_prior = with_prior ? in_prior_[run].data() : nullptr;
    // Eq. 3: G(d) times (1 - seen(pos(d, R_j))) for each prior ranking R_j holding d in its top K.
    auto residual = [&](std::uint32_t doc, double g) {
        if (in_prior)
            for (std::size_t i = factor_offsets_[doc]; i < factor_offsets_[doc + 1]; ++i)
                if (in_prior[factors_[i].run]) g *= factors_[i].factor;
        return g;
    };
    const Hit* begin = hits_.begin(run, t);
    const Hit* end = hits_.end(run, t);
    // Explain mode: the columns of each relevant document the run retrieved, up to the base's own.
    std::size_t c = 0, cb = 0;
    std::vector<std::size_t> shown_priors;  // the prior runs with a column of their own (at most 8)
    if constexpr (T::on) {
        static const char* const kBase[] = {
            "nDCG@K: G = grade, seen(i) = 1/log2(i+1), over the ideal ranking of the judged "
            "documents by residual gain",
            "RBP: G = grade / highest grade (or binary with rel), seen(i) = p^(i-1), times (1 - p)",
            "P@K: G = 1 if relevant, seen(i) = 1 for i <= K, over K",
            "RR: G = 1 if relevant, a prior ranking is seen down to its first relevant document; "
            "the searcher stops at the first document with residual gain: G(d|R) / i"};
        trace.formula(
            std::string(
                "NRG (Eq. 4) = the base metric with each gain G(d) replaced by the residual gain G(d|R) = G(d) "
                "prod over the prior rankings R_j holding d in their top K of (1 - seen(pos(d, R_j))) (Eq. 3); ") +
            kBase[static_cast<int>(p_.base)] + (p_.cutoff < 0 ? "" : "; K = " + std::to_string(p_.cutoff)));
        const std::vector<std::size_t>& prior = priors_[run];
        std::string names;
        for (std::size_t j : prior) names += (names.empty() ? "" : ", ") + context->runs[j]->name();
        trace.term("the prior set: " + (names.empty() ? std::string("none") : names),
                   static_cast<double>(prior.size()));
        std::vector<std::string> cols = {"G(d)", "prior rankings holding d", "prod (1 - seen)"};
        for (std::size_t j = 0; j < prior.size() && j < 8; ++j) {
            shown_priors.push_back(prior[j]);
            cols.push_back("1 - seen in " + context->runs[prior[j]]->name());
        }
        cols.push_back("G(d|R)");
        c = trace.columns(cols);
        switch (p_.base) {
            case NrgBase::Ndcg: cb = trace.columns({"1/log2(i+1)", "G(d|R)/log2(i+1)", "DCG so far"}); break;
            case NrgBase::Rbp: cb = trace.columns({"p^(i-1)", "G(d|R) p^(i-1)", "sum so far"}); break;
            case NrgBase::Precision: cb = trace.columns({"sum so far"}); break;
            case NrgBase::ReciprocalRank: break;
        }
    }
    // Explain mode: the document's gain, its prior factors and its residual gain.
    auto show = [&](const Hit* h, double g) {
        if constexpr (T::on) {
            double holders = 0, product = 1.0;
            std::vector<double> per(shown_priors.size(), std::nan(""));
            for (std::size_t i = factor_offsets_[h->doc]; i < factor_offsets_[h->doc + 1]; ++i)
                if (in_prior[factors_[i].run]) {
                    holders += 1;
                    product *= factors_[i].factor;
                    for (std::size_t s = 0; s < shown_priors.size(); ++s)
                        if (shown_priors[s] == factors_[i].run) per[s] = factors_[i].factor;
                }
            std::vector<double> row = {g, holders, product};
            row.insert(row.end(), per.begin(), per.end());
            row.push_back(residual(h->doc, g));
            trace.row(static_cast<long>(h->rank) - 1, row, c);
        }
    };
    switch (p_.base) {
        case NrgBase::Ndcg: {
            // As m_ndcg_cut.c: sum of gain / log2(rank + 1) over the top K, over the ideal's.
            double dcg = 0.0;
            for (const Hit* h = begin; h != end; ++h) {
                double g = residual(h->doc, gain(h->grade));
                if (g > 0) dcg += g / std::log2(static_cast<double>(h->rank + 1));
                if constexpr (T::on) {
                    show(h, gain(h->grade));
                    double d = 1.0 / std::log2(static_cast<double>(h->rank + 1));
                    trace.row(static_cast<long>(h->rank) - 1,
                              {d, g > 0 ? g / std::log2(static_cast<double>(h->rank + 1)) : 0.0, dcg}, cb);
                }
            }
            std::vector<double> ideal_gains;
            for (const Judgment* j = qrels_->begin(t); j != qrels_->end(t); ++j) {
                double g = j->rel > 0 ? residual(qrels_->index_of(*j), static_cast<double>(j->rel)) : 0.0;
                if (g > 0) ideal_gains.push_back(g);
            }
            std::sort(ideal_gains.begin(), ideal_gains.end(), std::greater<double>());
            double ideal = 0.0;
            std::size_t ci = 0;
            if constexpr (T::on) ci = trace.columns({"ideal G(d|R)", "ideal DCG so far"});
            for (std::size_t i = 0; i < ideal_gains.size() && i < static_cast<std::size_t>(p_.cutoff); ++i) {
                ideal += ideal_gains[i] / std::log2(static_cast<double>(i + 2));
                if constexpr (T::on) trace.row(static_cast<long>(i), {ideal_gains[i], ideal}, ci);
            }
            if constexpr (T::on) {
                trace.term("DCG@K with residual gains", dcg);
                trace.term("ideal DCG@K with residual gains", ideal);
                if (!(ideal > 0.0)) trace.term("no residual gain left in the ideal ranking, so", 0.0);
            }
            return ideal > 0.0 ? dcg / ideal : 0.0;
        }
        case NrgBase::Rbp: {
            // As m_rbp.c: (1 - p) sum gain p^(rank-1).
            double sum = 0.0;
            for (const Hit* h = begin; h != end; ++h) {
                double g = residual(h->doc, gain(h->grade));
                if (g != 0) sum += g * powers_[h->rank - 1];
                if constexpr (T::on) {
                    show(h, gain(h->grade));
                    trace.row(static_cast<long>(h->rank) - 1,
                              {powers_[h->rank - 1], g != 0 ? g * powers_[h->rank - 1] : 0.0, sum}, cb);
                }
            }
            if constexpr (T::on) {
                trace.term("sum", sum);
                trace.term("1 - p", 1.0 - p_.p);
            }
            return (1.0 - p_.p) * sum;
        }
        case NrgBase::Precision: {
            double sum = 0.0;
            for (const Hit* h = begin; h != end; ++h) {
                sum += residual(h->doc, gain(h->grade));
                if constexpr (T::on) {
                    show(h, gain(h->grade));
                    trace.row(static_cast<long>(h->rank) - 1, {sum}, cb);
                }
            }
            if constexpr (T::on) {
                trace.term("sum of residual gains", sum);
                trace.term("K", static_cast<double>(p_.cutoff));
            }
            return sum / static_cast<double>(p_.cutoff);
        }
        case NrgBase::ReciprocalRank:
            for (const Hit* h = begin; h != end; ++h) {
                double g = residual(h->doc, gain(h->grade));
                if constexpr (T::on) show(h, gain(h->grade));
                if (g > 0) {
                    if constexpr (T::on) trace.term("first rank with residual gain", static_cast<double>(h->rank));
                    return g / static_cast<double>(h->rank);
                }
            }
            if constexpr (T::on) trace.term("no document with residual gain, so", 0.0);
            return 0.0;
    }
    return 0.0;
}

}  // namespace irlens::relative
