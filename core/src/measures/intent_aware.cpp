// Intent-aware (IA) measures with per-intent graded relevance (Agrawal et al., WSDM 2009; Sakai,
// PROMISE 2013, Eq. 26): M-IA = sum over the topic's intents i of Pr(i|q) M_i, M_i computed on
// the intent's own judgments (the generic forms nDCG_IA, Q_IA, ... are in intent_aware_forms.cpp):
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
#include "measures/trace.hpp"

#include "irlens/error.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace irlens::measures {

namespace {

/// Explain mode: the terms Pr(i|q) and M_i of intent i (the intent-aware sum's weight and value).
template <class T>
void intent_terms(const IntentRankings& ir, std::size_t i, const char* measure, double value, T& t) {
    if constexpr (T::on) {
        const std::string name(ir.topic.names[i]);
        t.term("Pr(" + name + "|q)", ir.topic.weights()[i]);
        t.term(std::string(measure) + " of intent " + name, value);
    }
}

}  // namespace

std::unique_ptr<TopicMeasure> graded_err_ia(const MeasureSpec& s) {
    if (s.real_param("alpha") != 0.5)
        throw UsageError(s.name() + ": alpha applies only to ndeval's ERR_IA (graded=False)");
    long k = s.cutoff_int(), rel = s.int_param("rel");
    bool jo = s.bool_param("judged_only");
    ParamValue gains = s.param("gains");
    return traced([=](const TopicView& v, auto& t) {
        Satisfaction sat = satisfaction(s, v.qrels());
        const IntentRankings& ir = intent_rankings(v, jo);
        show_ranking(v, ir, t);
        t.formula(
            "ERR-IA@k = sum over intents i of Pr(i|q) ERR_i@k, ERR_i@k = sum_{r<=k} (1/r) R_r prod_{j<r} (1 - R_j) on "
            "intent i's judgments, R = (2^g - 1) / 2^max_grade");
        return intent_aware_sum(ir, [&](const Ranking& intent, std::size_t i) {
            Ranking r = intent;  // relevant from grade rel on
            r.rel_level = rel;
            double value = err_of(ranking_probs(r, gain_table(gains, r), sat, k));
            intent_terms(ir, i, "ERR", value, t);
            return value;
        });
    });
}

void add_intent_aware_measures(std::vector<MeasureInfo>& out) {
    std::size_t first = out.size();
    Rows rows(out, "diversity");
    for (bool sharp_form : {false, true}) {
        std::vector<ParamInfo> params = {ParamInfo::real("beta", "user persistence of Q and P+")
                                             .defaults_to("1")
                                             .in(Range::non_negative(kMaxWeight)),
                                         gains_param(), judged_only_param()};
        if (sharp_form) params.insert(params.begin(), gamma_param());
        rows.add(sharp_form ? "P+Q#" : "P+Q")
            .alias(sharp_form ? "PplusQsharp" : "PplusQ")
            .help(sharp_form
                      ? "P+Q#@l = gamma I-rec@l + (1 - gamma) P+Q@l."
                      : "P+Q@l: Q-measure for each informational intent, P+ for each navigational one, weighted by "
                        "Pr(i|q) (intent types from --intent-types; informational by default).")
            .cite(
                "Agrawal et al., Diversifying Search Results (WSDM 2009); Sakai, PROMISE 2013, Sec. 3.1, Eq. 26; "
                "Sakai, "
                "PROMISE 2013, Eqs. 12-14, 29, 34; Sakai, WWW 2012")
            .cutoff()
            .params(params)
            .make([sharp_form](const MeasureSpec& s) {
                double beta = s.real_param("beta");
                double gamma = sharp_form ? sharp_gamma(s) : 0.0;
                if (!(beta >= 0) || !std::isfinite(beta))
                    throw UsageError(s.name() + ": beta must be a finite number >= 0");
                long l = s.has_cutoff() ? s.cutoff_int() : -1;
                ParamValue gains = s.param("gains");
                bool jo = s.bool_param("judged_only");
                return traced([=](const TopicView& v, auto& t) {
                    const IntentRankings& ir = intent_rankings(v, jo);
                    show_ranking(v, ir, t);
                    t.formula(
                        std::string(sharp_form ? "P+Q#@l = gamma I-rec@l + (1 - gamma) P+Q@l; " : "") +
                        "P+Q@l = sum over intents i of Pr(i|q) M_i, M_i = Q@l for an informational intent, P+@l for a "
                        "navigational one, on intent i's judgments");
                    double pq = intent_aware_sum(ir, [&](const Ranking& r, std::size_t i) {
                        std::vector<GainLevel> g = gain_table(gains, r);
                        double value = ir.topic.navigational[i] ? p_plus_at(r, g, beta, l) : q_measure(r, g, beta, l);
                        intent_terms(ir, i, ir.topic.navigational[i] ? "P+" : "Q", value, t);
                        return value;
                    });
                    if (!sharp_form) return pq;
                    const double irec = intent_recall(ir, l);
                    t.term("P+Q", pq);
                    t.term("I-rec", irec);
                    t.term("gamma", gamma);
                    return sharp(gamma, irec, pq);
                });
            });
    }
    mark_diversity(out, first);
}

}  // namespace irlens::measures
