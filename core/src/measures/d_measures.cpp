// Sakai & Song's D-measures and Sakai's intent-type-sensitive variants (Sakai, PROMISE 2013,
// Sec. 3.1), and Zhai et al.'s S-RR:
//   GG(r)      = sum_i Pr(i|q) g_i(r)                                              (Eq. 27)
//   D-nDCG@l   = sum_{r<=l} GG(r) / log2(r+1) / sum_{r<=l} GG*(r) / log2(r+1)      (Eq. 28)
//   D#-nDCG@l  = gamma I-rec@l + (1 - gamma) D-nDCG@l                              (Eqs. 24, 29)
//   GG_DIN(r)  = sum_{informational i} Pr(i|q) g_i(r)
//                + sum_{navigational j} isnew_j(r) Pr(j|q) g_j(r)                  (Eq. 32)
//   DIN-nDCG@l = D-nDCG@l with GG_DIN for the run and the same globally ideal list   (Eq. 33)
//   DIN#-nDCG@l = gamma I-rec@l + (1 - gamma) DIN-nDCG@l
//   S-RR@x%    = 1 / the first rank at which I-rec reaches x% (0 if it never does)
// Readings: g_i(r) is the gain of the document's grade for intent i (gains=, default linear: the
// grade itself, as nDCG; exp: 2^g - 1), 0 below grade 1 whatever gains= lists (Sakai's gv_0 = 0);
// GG* lists every document relevant to some intent by decreasing global gain (the "globally ideal
// list"); without @l both sums run over the whole ranking and the whole ideal list; the log base
// cancels (log2 here). I-rec and isnew count a document as relevant to an
// intent from grade 1 on. Intent types default to informational, so DIN-nDCG = D-nDCG without an
// intent-types file.
//
// The D- and D#-forms of the other measures defined on a gain vector and an ideal list (Sakai Sec.
// 3.1: "based on the globally ideal list, other D-measures such as D-Q can be defined"), written
// once: global_ranking() turns the (run, topic) into one Ranking whose judgment at each rank is a
// level standing for the document's global gain GG (Eq. 27), with a gain table from levels to
// global gains that counts the topic's documents relevant to some intent per level, so that the
// base measure's own code (sakai.hpp, err.hpp) reads GG for g, "relevant to some intent" for I,
// and builds the globally ideal list from the table:
//   D-Q@l      Q (Eq. 13) with g = GG, cg* from the globally ideal list, R = documents relevant
//              to some intent;
//   D-nERR@l   ERR (Eq. 15) with Pr(r) = (2^GG(r) - 1) / 2^max_grade (ERR's reading, err.hpp) over
//              the same for the globally ideal list;
//   D#-Q, D#-nERR  gamma I-rec@l + (1 - gamma) D-measure (Eq. 29).
#include "measures/err.hpp"
#include "measures/intent_rankings.hpp"
#include "measures/sakai.hpp"
#include "measures/trace.hpp"

#include "irlens/error.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>

namespace irlens::measures {

namespace {

const long kAll = std::numeric_limits<long>::max();

/// trec_eval's gain table of each intent (gain_table) from its level counts.
std::vector<std::vector<GainLevel>> intent_gains(const TopicIntents& ti, const ParamValue& given) {
    std::vector<std::vector<GainLevel>> out;
    for (const auto& levels : ti.levels) {
        Ranking r;
        r.rel_levels = levels;
        r.num_rel_levels = static_cast<long>(levels.size());
        out.push_back(gain_table(given, r));
    }
    return out;
}

double discounted_sum(const std::vector<double>& gains, long l) {
    double sum = 0.0;
    long n = std::min(l, static_cast<long>(gains.size()));
    for (long r = 0; r < n; ++r) sum += gains[static_cast<std::size_t>(r)] / std::log2(static_cast<double>(r + 2));
    return sum;
}

/// The denominator of Eq. 28: the globally ideal list's discounted global gain.
double ideal_dcg(const TopicIntents& ti, const ParamValue& given, long l) {
    auto gains = intent_gains(ti, given);
    std::vector<double> gg;
    for (const auto& d : ti.relevant) {
        double sum = 0.0;
        for (std::size_t i = 0; i < ti.size(); ++i)
            if (d.grades[i] >= 1) sum += ti.weights()[i] * gain_of(d.grades[i], gains[i]);
        gg.push_back(sum);
    }
    std::sort(gg.begin(), gg.end(), std::greater<double>());
    return discounted_sum(gg, l);
}

/// The run's global gains (Eq. 27), or with din = true Eq. 32's (navigational intents gain only
/// at their first relevant document).
std::vector<double> run_global_gains(const IntentRankings& ir, const ParamValue& given, long l, bool din) {
    std::size_t m = ir.topic.size();
    const std::vector<double>& w = ir.topic.weights();
    std::vector<std::vector<GainLevel>> gains;
    for (const Ranking& r : ir.rankings) gains.push_back(gain_table(given, r));
    std::vector<bool> seen(m, false);
    long n = std::min(l, ir.num_ret);
    std::vector<double> out(static_cast<std::size_t>(n), 0.0);
    for (long r = 0; r < n; ++r) {
        double sum = 0.0;
        for (std::size_t i = 0; i < m; ++i) {
            int g = ir.rankings[i].rels[static_cast<std::size_t>(r)];
            if (g < 1) continue;
            if (!(din && ir.topic.navigational[i] && seen[i])) sum += w[i] * gain_of(g, gains[i]);
            seen[i] = true;
        }
        out[static_cast<std::size_t>(r)] = sum;
    }
    return out;
}

MeasureInfo d_measure(const char* name, std::vector<std::string> aliases, const char* help, const char* eqs, bool din,
                      bool sharp_form) {
    MeasureInfo m;
    m.name = name;
    m.aliases = std::move(aliases);
    m.family = "diversity";
    m.help = help;
    m.citation = std::string(din ? "Sakai, Evaluation with informational and navigational intents (WWW 2012); "
                                 : "Sakai & Song, Evaluating diversified search results using per-intent graded "
                                   "relevance (SIGIR 2011); ") +
                 "Sakai, PROMISE 2013, Sec. 3.1, " + eqs;
    m.cutoff = CutoffKind::Int;
    m.params = {gains_param(), judged_only_param()};
    if (sharp_form) m.params.insert(m.params.begin(), gamma_param());
    m.make = [din, sharp_form](const MeasureSpec& s) -> std::unique_ptr<TopicMeasure> {
        long l = s.has_cutoff() ? s.cutoff_int() : kAll;
        ParamValue given = s.param("gains");
        bool jo = s.bool_param("judged_only");
        double gamma = sharp_form ? sharp_gamma(s) : 0.0;
        return with_ideal([=](const TopicIntents& ti) { return ideal_dcg(ti, given, l); },
                          [=](const TopicView& v, double ideal) {
                              const IntentRankings& ir = intent_rankings(v, jo);
                              double d = ideal > 0 ? discounted_sum(run_global_gains(ir, given, l, din), l) / ideal : 0.0;
                              return sharp_form ? sharp(gamma, intent_recall(ir, l == kAll ? -1 : l), d) : d;
                          });
    };
    return m;
}

/// One D-measure view of a (run, topic): level k >= 1 stands for the k-th smallest distinct global
/// gain of the topic's relevant documents, 0 for a judged document relevant to no intent.
struct GlobalRanking {
    Ranking ranking;
    std::vector<GainLevel> gains;  // level -> GG, with the topic's count of each
};

/// GG of a document with grade(i) for intent i (Eq. 27; gain 0 below grade 1).
template <class Grade>
double global_gain(const TopicIntents& ti, const std::vector<std::vector<GainLevel>>& gains, Grade grade) {
    double sum = 0.0;
    for (std::size_t i = 0; i < ti.size(); ++i) {
        int g = grade(i);
        if (g >= 1) sum += ti.weights()[i] * gain_of(g, gains[i]);
    }
    return sum;
}

GlobalRanking global_ranking(const IntentRankings& ir, const ParamValue& given) {
    const TopicIntents& ti = ir.topic;
    auto gains = intent_gains(ti, given);
    std::vector<double> values;  // GG of each relevant document of the topic
    for (const auto& d : ti.relevant) values.push_back(global_gain(ti, gains, [&](std::size_t i) { return d.grades[i]; }));
    std::vector<double> distinct = values;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    auto level_of = [&](double gg) {
        return static_cast<int>(std::lower_bound(distinct.begin(), distinct.end(), gg) - distinct.begin()) + 1;
    };
    GlobalRanking out;
    Ranking& r = out.ranking;
    r.rel_level = 1;
    r.num_rel = static_cast<long>(values.size());
    r.num_rel_levels = static_cast<long>(distinct.size()) + 1;
    r.rel_levels.assign(distinct.size() + 1, 0);
    for (double gg : values) r.rel_levels[static_cast<std::size_t>(level_of(gg))]++;
    out.gains.push_back({0, 0.0, 0});
    for (std::size_t k = 0; k < distinct.size(); ++k)
        out.gains.push_back({static_cast<long>(k) + 1, distinct[k], r.rel_levels[k + 1]});
    for (long x = 0; x < ir.num_ret; ++x) {
        std::size_t at = static_cast<std::size_t>(x);
        bool relevant = false, judged = false, unjudged = false;
        for (const Ranking& intent : ir.rankings) {
            int g = intent.rels[at];
            relevant |= g >= 1;
            judged |= g >= 0;
            unjudged |= g == kUnjudged;
        }
        int code = 0;
        if (relevant) {
            code = level_of(global_gain(ti, gains, [&](std::size_t i) { return ir.rankings[i].rels[at]; }));
            r.num_rel_ret++;
        } else if (!judged && unjudged) {
            code = kUnjudged;
            r.num_unjudged_in_pool++;
        } else if (!judged) {
            code = kNotInPool;
            r.num_nonpool++;
        }
        r.rels.push_back(code);
        r.docs.push_back(ir.docs[at]);
    }
    r.num_ret = ir.num_ret;
    return out;
}

/// A D-measure over the global ranking: `value(global, trace)`; with a sharp form, combined with I-rec@l.
template <class Value>
MeasureInfo d_form(const char* name, std::vector<std::string> aliases, const char* help, const char* eqs,
                   std::vector<ParamInfo> params, bool sharp_form, Value value) {
    MeasureInfo m;
    m.name = name;
    m.aliases = std::move(aliases);
    m.family = "diversity";
    m.help = help;
    m.citation = std::string("Sakai & Song, Evaluating diversified search results using per-intent graded relevance "
                             "(SIGIR 2011); Sakai, PROMISE 2013, Sec. 3.1, ") + eqs;
    m.cutoff = CutoffKind::Int;
    m.params = std::move(params);
    m.params.push_back(gains_param());
    m.params.push_back(judged_only_param());
    if (sharp_form) m.params.insert(m.params.begin(), gamma_param());
    std::string d_name = name;  // the D-measure a sharp form combines with I-rec
    if (sharp_form) d_name.erase(d_name.find('#'), 1);
    m.make = [sharp_form, value, d_name](const MeasureSpec& s) -> std::unique_ptr<TopicMeasure> {
        long l = s.has_cutoff() ? s.cutoff_int() : -1;
        ParamValue given = s.param("gains");
        bool jo = s.bool_param("judged_only");
        double gamma = sharp_form ? sharp_gamma(s) : 0.0;
        auto base = value(s, l);
        // The global ranking is kept in the view (under this measure's own tag): an explanation
        // refers to it until the trace is finished.
        auto tag = std::make_shared<char>();
        return traced([=](const TopicView& v, auto& t) {
            const IntentRankings& ir = intent_rankings(v, jo);
            const GlobalRanking& g = v.cached<GlobalRanking>(tag.get(), 0, [&] { return global_ranking(ir, given); });
            if constexpr (std::decay_t<decltype(t)>::on) {
                t.ranking(g.ranking);
                std::size_t c = t.columns({"global gain GG"});
                for (long x = 0; x < g.ranking.num_ret; ++x) {
                    int code = g.ranking.rels[static_cast<std::size_t>(x)];
                    t.row(x, {code >= 1 ? gain_of(code, g.gains) : 0.0}, c);
                }
            }
            double d = base(v, g);
            t.term(d_name, d);
            if (!sharp_form) return d;
            double irec = intent_recall(ir, l);
            t.term("I-rec", irec);
            return sharp(gamma, irec, d);
        });
    };
    return m;
}

ParamInfo beta_param() {
    return ParamInfo{"beta", ParamKind::Real, "1", "user persistence of the blended ratio"}.in(Range::non_negative(kMaxWeight));
}

/// D-Q and D#-Q.
MeasureInfo d_q(bool sharp_form) {
    return d_form(sharp_form ? "D#-Q" : "D-Q", {sharp_form ? "Dsharp_Q" : "D_Q"},
                  sharp_form ? "D#-Q@l = gamma I-rec@l + (1 - gamma) D-Q@l."
                             : "D-Q@l: Q-measure of the global gain sum_i Pr(i|q) g_i, relevant = relevant to some intent, "
                               "against the globally ideal list.",
                  sharp_form ? "Eqs. 13, 24, 27, 29" : "Eqs. 13, 27", {beta_param()}, sharp_form,
                  [](const MeasureSpec& s, long l) {
                      double beta = s.real_param("beta");
                      return [=](const TopicView&, const GlobalRanking& g) { return q_measure(g.ranking, g.gains, beta, l); };
                  });
}

/// D-nERR and D#-nERR.
MeasureInfo d_nerr(bool sharp_form) {
    return d_form(sharp_form ? "D#-nERR" : "D-nERR", {sharp_form ? "Dsharp_nERR" : "D_nERR"},
                  sharp_form ? "D#-nERR@l = gamma I-rec@l + (1 - gamma) D-nERR@l."
                             : "D-nERR@l: ERR with satisfaction probability (2^GG - 1)/2^max_grade of the global gain GG, "
                               "over the same for the globally ideal list.",
                  sharp_form ? "Eqs. 15, 24, 27, 29" : "Eqs. 15, 27", {max_grade_param()}, sharp_form,
                  [](const MeasureSpec& s, long l) {
                      return [=](const TopicView& v, const GlobalRanking& g) {
                          Satisfaction sat = satisfaction(s, v.qrels());
                          double ideal = err_of(ideal_probs(g.ranking, g.gains, sat, l));
                          return ideal > 0.0 ? err_of(ranking_probs(g.ranking, g.gains, sat, l)) / ideal : 0.0;
                      };
                  });
}

/// S-RR@x%: 1 / the first rank where the fraction of intents covered reaches x / 100.
double s_rr(const IntentRankings& ir, double percent) {
    std::size_t m = ir.topic.size();
    if (m == 0) return 0.0;
    std::vector<bool> seen(m, false);
    std::size_t covered = 0;
    for (long r = 0; r < ir.num_ret; ++r) {
        for (std::size_t i = 0; i < m; ++i) {
            if (!seen[i] && ir.rankings[i].rels[static_cast<std::size_t>(r)] >= 1) {
                seen[i] = true;
                ++covered;
            }
        }
        if (static_cast<double>(covered) * 100.0 >= percent * static_cast<double>(m)) return 1.0 / static_cast<double>(r + 1);
    }
    return 0.0;
}

}  // namespace

void add_d_measures(std::vector<MeasureInfo>& out) {
    out.push_back(d_measure("D-nDCG", {"D_nDCG"},
                            "D-nDCG@l: nDCG of the global gain sum_i Pr(i|q) g_i against the globally ideal list.", "Eqs. 27-28",
                            false, false));
    out.push_back(d_measure("D#-nDCG", {"Dsharp_nDCG"}, "D#-nDCG@l = gamma I-rec@l + (1 - gamma) D-nDCG@l.", "Eqs. 24, 27-29",
                            false, true));
    out.push_back(d_measure("DIN-nDCG", {"DIN_nDCG"},
                            "DIN-nDCG@l: D-nDCG where a navigational intent gains only at its first relevant document.",
                            "Eqs. 32-33", true, false));
    out.push_back(d_measure("DIN#-nDCG", {"DINsharp_nDCG"}, "DIN#-nDCG@l = gamma I-rec@l + (1 - gamma) DIN-nDCG@l.",
                            "Eqs. 24, 29, 32-33", true, true));
    for (bool sharp_form : {false, true}) out.push_back(d_q(sharp_form));
    for (bool sharp_form : {false, true}) out.push_back(d_nerr(sharp_form));
    {
        MeasureInfo m;
        m.name = "S-RR";
        m.aliases = {"S_RR", "SRR"};
        m.family = "diversity";
        m.help = "Subtopic reciprocal rank S-RR@x%: 1 / the first rank at which x% of the topic's intents are covered "
                 "(0 if never).";
        m.citation = "Zhai, Cohen & Lafferty, Beyond independent relevance (SIGIR 2003); Amigo, Spina & Carrillo-de-Albornoz, "
                     "SIGIR 2018, Sec. 4.3";
        m.cutoff = CutoffKind::Percent;
        m.cutoff_required = true;
        m.cutoff_help = "the percentage of intents to cover, e.g. 100%";
        m.params = {judged_only_param()};
        m.make = [](const MeasureSpec& s) {
            double percent = s.cutoff();
            bool jo = s.bool_param("judged_only");
            return fn([=](const TopicView& v) { return s_rr(intent_rankings(v, jo), percent); });
        };
        out.push_back(m);
    }
}

}  // namespace irlens::measures
