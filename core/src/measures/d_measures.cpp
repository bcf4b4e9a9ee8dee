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
#include "measures/intent_rankings.hpp"

#include "irlens/error.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

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
    m.needs = {Need::DiversityQrels};
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
    {
        MeasureInfo m;
        m.name = "S-RR";
        m.aliases = {"S_RR", "SRR"};
        m.family = "diversity";
        m.needs = {Need::DiversityQrels};
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
