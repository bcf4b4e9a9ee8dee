// Intent-aware (IA) measures with per-intent graded relevance (Agrawal et al., WSDM 2009; Sakai,
// PROMISE 2013, Eq. 26): M-IA = sum over the topic's intents i of Pr(i|q) M_i, M_i computed on
// the intent's own judgments (its "locally ideal" list where M is normalised):
//   nDCG_IA@k   nDCG_i with trec_eval's gain table (gains=, default linear: the grade; exp: 2^g - 1)
//               and the log2 discount;
//   RR_IA       1 / rank of the first document with grade >= rel for the intent;
//   RBP_IA(p)   RBP_i as irlens' RBP: graded, gain / the highest gain of the qrels file's grades
//               (gains= maps grades first), binary with rel=N;
//   ERR_IA(graded=True)@k  ERR_i as irlens' ERR (err.cpp; Chapelle et al., CIKM 2009): satisfaction
//               probability (2^g - 1) / 2^max_grade of the gain g of a grade >= rel (gains=,
//               max_grade= as ERR), so that on a single intent it is ERR@k.
// Pr(i|q) comes from the intent probabilities (uniform without them; intents.hpp). Negative
// judgments count as non-relevant.
//
// P+Q@l = sum_i Pr(i|q) (Q_i@l for an informational intent, P+_i@l for a navigational one)
// (Sakai Eq. 34, Q and P+ from the blended-ratio family, sakai.hpp); P+Q#@l = gamma I-rec@l +
// (1 - gamma) P+Q@l (Eq. 29's combination, as for D#-nDCG).
#include "measures/err.hpp"
#include "measures/intent_rankings.hpp"
#include "measures/sakai.hpp"

#include "irlens/error.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace irlens::measures {

namespace {

const long kAll = std::numeric_limits<long>::max();

MeasureInfo ia_measure(const char* name, std::vector<std::string> aliases, const char* help, const char* cite) {
    MeasureInfo m;
    m.name = name;
    m.aliases = std::move(aliases);
    m.family = "diversity";
    m.needs = {Need::DiversityQrels};
    m.help = help;
    m.citation = std::string("Agrawal et al., Diversifying Search Results (WSDM 2009); Sakai, PROMISE 2013, Sec. 3.1, Eq. 26; ") + cite;
    m.cutoff = CutoffKind::Int;
    return m;
}

/// RR_i: 1 / rank of the first document with grade >= rel within the first k ranks.
double rr_of(const Ranking& r, long rel, long k) {
    long n = std::min(k, r.num_ret);
    for (long i = 0; i < n; ++i)
        if (r.rels[static_cast<std::size_t>(i)] >= rel) return 1.0 / static_cast<double>(i + 1);
    return 0.0;
}

/// RBP_i = (1 - p) sum over the first k ranks of gain * p^(rank-1).
template <class Gain>
double rbp_of(const Ranking& r, double p, long k, Gain gain) {
    double sum = 0.0, weight = 1.0;
    long n = std::min(k, r.num_ret);
    for (long i = 0; i < n; ++i) {
        sum += gain(r.rels[static_cast<std::size_t>(i)]) * weight;
        weight *= p;
    }
    return (1.0 - p) * sum;
}

long cutoff_or_all(const MeasureSpec& s) { return s.has_cutoff() ? s.cutoff_int() : kAll; }

}  // namespace

std::unique_ptr<TopicMeasure> graded_err_ia(const MeasureSpec& s) {
    if (s.real_param("alpha") != 0.5)
        throw UsageError(s.name() + ": alpha applies only to ndeval's ERR_IA (graded=False)");
    long k = s.cutoff_int(), rel = s.int_param("rel");
    bool jo = s.bool_param("judged_only");
    ParamValue gains = s.param("gains");
    return fn([=](const TopicView& v) {
        Satisfaction sat = satisfaction(s, v.qrels());
        return intent_aware_sum(intent_rankings(v, jo), [&](const Ranking& intent, std::size_t) {
            Ranking r = intent;  // relevant from grade rel on
            r.rel_level = rel;
            return err_of(ranking_probs(r, gain_table(gains, r), sat, k));
        });
    });
}

void add_intent_aware_measures(std::vector<MeasureInfo>& out) {
    for (bool sharp_form : {false, true}) {
        MeasureInfo m = ia_measure(sharp_form ? "P+Q#" : "P+Q", {sharp_form ? "PplusQsharp" : "PplusQ"},
                                   sharp_form ? "P+Q#@l = gamma I-rec@l + (1 - gamma) P+Q@l."
                                              : "P+Q@l: Q-measure for each informational intent, P+ for each navigational "
                                                "one, weighted by Pr(i|q) (intent types from --intent-types; "
                                                "informational by default).",
                                   "Sakai, PROMISE 2013, Eqs. 12-14, 29, 34; Sakai, WWW 2012");
        m.params = {ParamInfo{"beta", ParamKind::Real, "1", "user persistence of Q and P+"}.in(Range::non_negative(kMaxWeight)), gains_param(), judged_only_param()};
        if (sharp_form)
            m.params.insert(m.params.begin(), gamma_param());
        m.make = [sharp_form](const MeasureSpec& s) {
            double beta = s.real_param("beta");
            double gamma = sharp_form ? sharp_gamma(s) : 0.0;
            if (!(beta >= 0) || !std::isfinite(beta)) throw UsageError(s.name() + ": beta must be a finite number >= 0");
            long l = s.has_cutoff() ? s.cutoff_int() : -1;
            ParamValue gains = s.param("gains");
            bool jo = s.bool_param("judged_only");
            return fn([=](const TopicView& v) {
                const IntentRankings& ir = intent_rankings(v, jo);
                double pq = intent_aware_sum(ir, [&](const Ranking& r, std::size_t i) {
                    std::vector<GainLevel> g = gain_table(gains, r);
                    return ir.topic.navigational[i] ? p_plus_at(r, g, beta, l) : q_measure(r, g, beta, l);
                });
                return sharp_form ? sharp(gamma, intent_recall(ir, l), pq) : pq;
            });
        };
        out.push_back(m);
    }
    {
        MeasureInfo m = ia_measure("nDCG_IA", {"nDCG-IA"},
                                   "Intent-aware nDCG: sum of Pr(i|q) nDCG_i@k, each intent against its own ideal ranking.",
                                   "Jarvelin & Kekalainen, TOIS 2002 (nDCG)");
        m.params = {gains_param(), judged_only_param()};
        m.make = [](const MeasureSpec& s) {
            long k = cutoff_or_all(s);
            ParamValue gains = s.param("gains");
            bool jo = s.bool_param("judged_only");
            return fn([=](const TopicView& v) {
                return intent_aware_sum(intent_rankings(v, jo), [&](const Ranking& r, std::size_t) {
                    return ndcg_with_gains(r, gain_table(gains, r), k);
                });
            });
        };
        out.push_back(m);
    }
    {
        MeasureInfo m = ia_measure("RR_IA", {"RR-IA"},
                                   "Intent-aware reciprocal rank: sum of Pr(i|q) / rank of the first document relevant to "
                                   "intent i (within k).",
                                   "Voorhees, TREC-8 QA (reciprocal rank)");
        m.params = {rel_param(), judged_only_param()};
        m.make = [](const MeasureSpec& s) {
            long k = cutoff_or_all(s), rel = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            return fn([=](const TopicView& v) {
                return intent_aware_sum(intent_rankings(v, jo), [&](const Ranking& r, std::size_t) { return rr_of(r, rel, k); });
            });
        };
        out.push_back(m);
    }
    {
        MeasureInfo m = ia_measure("RBP_IA", {"RBP-IA"},
                                   "Intent-aware rank-biased precision: sum of Pr(i|q) RBP_i, graded as RBP (gain / highest "
                                   "grade) unless rel=N makes it binary.",
                                   "Moffat & Zobel, TOIS 2008 (RBP)");
        m.params = {ParamInfo{"p", ParamKind::Real, "0.8", "persistence: probability of moving on to the next rank"}.in(Range::persistence()),
                    rel_param(""),
                    gains_param(),
                    judged_only_param()};
        m.make = [](const MeasureSpec& s) {
            double p = s.real_param("p");
            if (!(p >= 0 && p < 1)) throw UsageError("RBP_IA: p must be in [0,1), got " + format_number(p));
            long k = cutoff_or_all(s);
            const ParamValue rel = s.param("rel");
            ParamValue given = s.param("gains");
            bool jo = s.bool_param("judged_only");
            return fn([=](const TopicView& v) {
                // RBP's graded gains (rbp.cpp, norm=qrels): over the highest gain of the qrels' grades.
                double hi = 0.0;
                for (long level = 0; level <= v.qrels().max_grade(); ++level) hi = std::max(hi, level_gain(given, level));
                return intent_aware_sum(intent_rankings(v, jo), [&](const Ranking& r, std::size_t) {
                    if (rel.given) return rbp_of(r, p, k, [&](int g) { return g >= rel.i ? 1.0 : 0.0; });
                    std::vector<GainLevel> gains = gain_table(given, r);
                    return rbp_of(r, p, k, [&](int g) { return hi > 0 ? gain_of(g, gains) / hi : 0.0; });
                });
            });
        };
        out.push_back(m);
    }
}

}  // namespace irlens::measures
