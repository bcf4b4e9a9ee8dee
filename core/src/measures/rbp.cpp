// Rank-biased precision and its residual (Moffat & Zobel, TOIS 2008):
//   RBP = (1 - p) * sum_i gain(d_i) * p^(i-1).
// Gains: with rel=N binary (judgment >= N); otherwise graded, mapped through `gains` (trec_eval's
// level table, see common.hpp) and normalised to [0,1]:
//   norm=qrels (default, irlens/ir_measures' graded RBP): gain / the highest mapped gain of the
//              levels 0 .. highest grade in the qrels file, present in the file or not, like
//              trec_eval's gain table (e.g. grade / max grade); negative gains stay negative;
//   norm=none (ranx's rbp.95, ranx/metrics/rank_biased_precision.py): the mapped gain as it is,
//              so a grade-2 document counts twice a grade-1 one and RBP may exceed 1;
//   norm=topic (trec_eval's rbp): only when a gain of the topic's table lies outside [0,1], gains
//              become (g - min) / (max - min) over that table (m_rbp.c). trec_eval 10.0 reads min
//              and max uninitialised there; irlens starts them from the table, which is what the
//              code means and what the reference outputs in ../shared carry.
#include "measures/common.hpp"
#include "measures/trace.hpp"

#include <algorithm>
#include <cmath>

#include "irlens/error.hpp"

namespace irlens::measures {

namespace {

/// A quarter of the smaller gap between x and its neighbouring doubles (0 for 0, or when it
/// underflows): a number below it in magnitude, added to x, rounds back to x (round to nearest).
inline double quarter_gap(double x) {
    const double a = std::fabs(x);
    return (a - std::nextafter(a, 0.0)) / 4;
}

/// (1 - p) * sum over the first k ranks of gain * p^(i-1); binary gains (judgment >= the
/// ranking's rel_level) when `gains` is null. Moffat & Zobel (2008), Eq. 2 (RBP). Traced for
/// explain mode (columns: gain, p^(rank-1), gain x p^(rank-1), sum so far).
template <class T>
double rbp_sum(const Ranking& r, double p, long k, const std::vector<GainLevel>* gains, T& t) {
    t.ranking(r);
    t.formula(gains ? "RBP = (1 - p) * sum over ranks i of gain_i * p^(i-1), gains normalised to [0,1]"
                    : "RBP = (1 - p) * sum over ranks i of rel_i * p^(i-1), rel_i = 1 if relevant else 0");
    std::size_t c = t.columns({"gain", "p^(rank-1)", "gain * p^(rank-1)", "sum so far"});
    double sum = 0.0, cur_p = 1.0;
    long n = k < 0 ? r.num_ret : std::min(k, r.num_ret);
    static const std::vector<GainLevel> kNone;
    const GainLookup gain_at(gains ? *gains : kNone);
    const double bound = gains ? gain_at.bound() : 1.0;  // the largest |gain| of any rank
    double negligible = 0.0;                             // quarter_gap(sum)
    for (long i = 0; i < n; ++i) {
        int rel = r.rels[static_cast<std::size_t>(i)];
        double gain = gains ? gain_at(rel) : (rel >= r.rel_level ? 1.0 : 0.0);
        if (gain != 0) {
            sum += gain * cur_p;
            negligible = quarter_gap(sum);
        }
        if constexpr (T::on) t.row(i, {gain, cur_p, gain * cur_p, sum}, c);
        cur_p = cur_p * p;
        // Every term left is at most bound * cur_p (p <= 1: cur_p never grows): once that is below
        // a quarter of the gap around the sum, adding any of them rounds back to the sum, so the
        // rest of the ranking cannot change it (the trace lists every rank all the same).
        if constexpr (!T::on)
            if (bound * cur_p < negligible) break;
    }
    t.term("sum", sum);
    t.term("1 - p", 1.0 - p);
    t.term("RBP = (1 - p) * sum", (1.0 - p) * sum);
    return (1.0 - p) * sum;
}

/// m_rbp_resid.c: when the ranking holds unjudged documents, p^n + (1 - p) * sum over unjudged
/// ranks i of p^(i-1) (the most RBP could still rise if they were all fully relevant); else 0.
/// Traced (columns: unjudged 0/1, p^(rank-1), sum over unjudged ranks so far).
template <class T>
double rbp_residual(const Ranking& r, double p, T& t) {
    t.ranking(r);
    t.formula(
        "RBPResid = p^n + (1 - p) * sum over unjudged ranks i of p^(i-1), n = documents retrieved; 0 when "
        "every retrieved document is judged");
    std::size_t c = t.columns({"unjudged", "p^(rank-1)", "unjudged sum so far"});
    long unj = 0;
    double sum = 0.0, cur_p = 1.0;
    for (long i = 0; i < r.num_ret; ++i) {
        bool u = r.rels[static_cast<std::size_t>(i)] < 0;
        if (u) {
            ++unj;
            sum += cur_p;
        }
        if constexpr (T::on) t.row(i, {u ? 1.0 : 0.0, cur_p, sum}, c);
        cur_p = cur_p * p;
    }
    t.term("unjudged retrieved", static_cast<double>(unj));
    t.term("p^n (the tail beyond the ranking)", cur_p);
    t.term("sum of p^(i-1) over unjudged ranks", sum);
    double v = unj ? cur_p + (1 - p) * sum : 0.0;
    t.term(unj ? "RBPResid = p^n + (1 - p) * sum" : "RBPResid (no unjudged document)", v);
    return v;
}

}  // namespace

void add_rbp_measures(std::vector<MeasureInfo>& out) {
    const std::string cite =
        "Moffat & Zobel, Rank-Biased Precision for Measurement of Retrieval Effectiveness (TOIS 2008); "
        "Sakai, Metrics, Statistics, Tests (PROMISE 2013), Eq. 16";
    Rows rows(out, "rbp");
    rows.add("RBP")
        .help(
            "Rank-biased precision (1-p) sum gain_i p^(i-1); graded (gain / highest grade) unless rel=N makes it "
            "binary; "
            "norm=none takes the gains as they are (ranx's rbp.95).")
        .cite(cite + "; trec_eval 10.0 (NIST), m_rbp.c")
        .cutoff()
        .params({ParamInfo::real("p", "persistence: probability of moving on to the next rank")
                     .defaults_to("0.8")
                     .in(Range::persistence()),
                 rel_param(""), gains_param(),
                 ParamInfo::word("norm",
                                 "gain normalisation: qrels = over the highest grade in the qrels file, topic = "
                                 "trec_eval's per-topic rule, none = the gains as they are (ranx)")
                     .defaults_to("qrels")
                     .one_of({"qrels", "topic", "none"}),
                 judged_only_param()})
        .trec(trec("rbp", 54).pairs({"p=0.9"}).fixed("norm=topic").without_rel())
        .make([](const MeasureSpec& s) {
            double p = s.real_param("p");
            long k = s.has_cutoff() ? s.cutoff_int() : -1;
            const ParamValue& rel = s.param("rel");
            ParamValue given = s.param("gains");
            bool per_topic = s.word_param("norm") == "topic";
            bool raw = s.word_param("norm") == "none";
            bool jo = s.bool_param("judged_only");
            if (p < 0 || p >= 1) throw UsageError("RBP: p must be in [0,1), got " + format_number(p));
            return traced([=](const TopicView& v, auto& t) {
                const Ranking& r = v.ranking(rel.given ? rel.i : 1, jo);
                if (rel.given) return rbp_sum(r, p, k, nullptr, t);
                std::vector<GainLevel> gains = gain_table(given, r);
                if (raw) {
                    // ranx's rank_biased_precision: the grade itself (through `gains`) is the gain.
                } else if (per_topic) {
                    if (!gains.empty()) {
                        double lo = gains[0].gain, hi = gains[0].gain;
                        for (const GainLevel& g : gains) {
                            lo = std::min(lo, g.gain);
                            hi = std::max(hi, g.gain);
                        }
                        if (lo < 0 || hi > 1)
                            for (GainLevel& g : gains) g.gain = (g.gain - lo) / (hi - lo);
                    }
                } else {
                    // Highest mapped gain over the levels of the whole qrels file.
                    double hi = 0.0;
                    for (long level = 0; level <= v.qrels().max_grade(); ++level)
                        hi = std::max(hi, level_gain(given, level));
                    for (GainLevel& g : gains) g.gain = hi > 0 ? g.gain / hi : 0.0;
                }
                return rbp_sum(r, p, k, &gains, t);
            });
        });
    rows.add("RBPResid")
        .alias("rbp_resid")
        .help(
            "RBP residual: how much RBP could still rise if every unjudged document retrieved were fully "
            "relevant, plus the tail beyond the ranking; 0 when every retrieved document is judged (trec_eval).")
        .cite(cite + "; trec_eval 10.0 (NIST), m_rbp_resid.c")
        .params({ParamInfo::real("p", "persistence").defaults_to("0.8").in(Range::persistence()), judged_only_param()})
        .zero_if_missing()
        .diagnostic()
        .trec(trec("rbp_resid", 55).pairs({"p=0.9"}))
        .make([](const MeasureSpec& s) {
            double p = s.real_param("p");
            bool jo = s.bool_param("judged_only");
            // As for RBP: outside [0,1) the residual is no longer a probability mass.
            if (p < 0 || p >= 1) throw UsageError("RBPResid: p must be in [0,1), got " + format_number(p));
            return traced([=](const TopicView& v, auto& t) { return rbp_residual(v.ranking(1, jo), p, t); });
        });
}

}  // namespace irlens::measures
