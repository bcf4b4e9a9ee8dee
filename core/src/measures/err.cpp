// Expected reciprocal rank and its normalised form (Chapelle, Metzler, Zhang & Grinspan, CIKM
// 2009; Sakai, Metrics, Statistics, Tests, PROMISE 2013, Eq. 15):
//   ERR = sum_r dsat(r - 1) Pr(r) / r,   dsat(r) = prod_{k <= r} (1 - Pr(k)),
//   Pr(r) = (2^g(r) - 1) / 2^gmax  for a relevant document (judgment >= rel), 0 otherwise,
// g the gain of the document's grade (`gains`, by default the grade itself) and gmax the
// `max_grade` parameter, by default 4: gdeval's MAX_JUDGMENT, through which ir_measures computes
// its ERR@k, so that ERR@k means what it means there on qrels graded 0-4 (issue 22); where the
// qrels hold a higher gain (gdeval refuses such judgments), that gain, so that every probability
// stays in [0,1]. An explicit max_grade below a gain is refused. nERR's
// forms (D-nERR, wnERR_IA) share nERR's row and default; the other measures built on ERR's
// satisfaction probability (ERR_IA(graded=True), graded alpha-nDCG and NRBP, EU, CT, RBU) keep
// the qrels' highest gain (max_grade_param), as their papers scale grades to the collection.
// nERR divides by the ERR of the ideal ranking (relevant judgments by decreasing gain), which is
// the highest ERR any ranking can reach: swapping adjacent documents into decreasing Pr order
// never lowers ERR.
#include "measures/err.hpp"

#include "measures/trace.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "irlens/error.hpp"

namespace irlens::measures {

namespace {
/// gdeval.pl's MAX_JUDGMENT: the grade scale of its ERR, fixed at 0-4.
constexpr double kGdevalMaxJudgment = 4.0;
}  // namespace

double Satisfaction::of_gain(double g) const {
    double p = (std::exp2(g) - 1.0) / std::exp2(gmax);
    if (!(p >= 0.0 && p <= 1.0))
        throw UsageError(measure + ": a gain of " + format_number(g) +
                         " gives the satisfaction probability (2^g - 1)/2^" + format_number(gmax) + " = " +
                         format_number(p) + ", outside [0,1]; raise max_grade or use gains >= 0");
    return p;
}

ParamInfo max_grade_param() {
    return ParamInfo::real("max_grade",
                           "gmax of the satisfaction probability (2^g - 1)/2^gmax; default: the highest gain of "
                           "any grade in the qrels file")
        .in(Range::non_negative(1000));
}

ParamInfo gdeval_max_grade_param() {
    return ParamInfo::real("max_grade",
                           "gmax of the satisfaction probability (2^g - 1)/2^gmax; default: 4 (gdeval's "
                           "MAX_JUDGMENT, ir_measures' ERR), or the highest gain of any grade in the qrels "
                           "file where it is higher (gdeval refuses those grades)")
        .in(Range::non_negative(1000));
}

Satisfaction satisfaction(const MeasureSpec& s, const Qrels& q, double at_least) {
    const ParamValue& max_grade = s.param("max_grade");
    const ParamValue& gains = s.param("gains");
    Satisfaction sat{max_grade.r, s.info().name};
    if (max_grade.given) {
        if (!std::isfinite(sat.gmax))
            throw UsageError(s.info().name + ": max_grade must be a finite number, got " + format_number(sat.gmax));
    } else {
        sat.gmax = at_least;
        for (long l = 0; l <= q.max_grade(); ++l) sat.gmax = std::max(sat.gmax, level_gain(gains, l));
    }
    return sat;
}

namespace {

/// err_of, traced: per rank Pr(r), dsat(r-1), the rank's term and the sum so far, in the columns
/// from `c` on.
template <class T>
double err_sum(const std::vector<double>& probs, T& t, std::size_t c) {
    double sum = 0.0, still = 1.0;
    for (std::size_t i = 0; i < probs.size(); ++i) {
        sum += still * probs[i] / static_cast<double>(i + 1);
        if constexpr (T::on)
            t.row(static_cast<long>(i), {probs[i], still, still * probs[i] / static_cast<double>(i + 1), sum}, c);
        still *= 1.0 - probs[i];
    }
    return sum;
}

}  // namespace

double err_of(const std::vector<double>& probs) {
    NoTrace t;
    return err_sum(probs, t, 0);
}

std::vector<double> ranking_probs(const Ranking& r, const std::vector<GainLevel>& gains, const Satisfaction& s,
                                  long k) {
    long n = k < 0 ? r.num_ret : std::min(k, r.num_ret);
    std::vector<double> probs(static_cast<std::size_t>(n), 0.0);
    for (long i = 0; i < n; ++i) {
        int rel = r.rels[static_cast<std::size_t>(i)];
        if (rel >= r.rel_level) probs[static_cast<std::size_t>(i)] = s.of_gain(gain_of(rel, gains));
    }
    return probs;
}

std::vector<double> ideal_probs(const Ranking& r, const std::vector<GainLevel>& gains, const Satisfaction& s, long k) {
    std::vector<double> probs;
    for (const GainLevel& g : gains)
        if (g.level >= r.rel_level)
            for (long c = 0; c < g.count; ++c) probs.push_back(s.of_gain(g.gain));
    std::sort(probs.begin(), probs.end(), [](double a, double b) { return a > b; });
    if (k >= 0 && static_cast<std::size_t>(k) < probs.size()) probs.resize(static_cast<std::size_t>(k));
    return probs;
}

namespace {

/// ERR (normalised = false) or nERR, compiled.
auto err_factory(bool normalised) {
    return [normalised](const MeasureSpec& s) {
        long k = s.has_cutoff() ? s.cutoff_int() : -1;
        const ParamValue& max_grade = s.param("max_grade");
        if (max_grade.given && !std::isfinite(max_grade.r))
            throw UsageError("ERR: max_grade must be a finite number, got " + format_number(max_grade.r));
        long level = s.int_param("rel");
        ParamValue gains = s.param("gains");
        bool jo = s.bool_param("judged_only");
        return traced([=](const TopicView& v, auto& t) {
            Satisfaction sat = satisfaction(s, v.qrels(), kGdevalMaxJudgment);
            const Ranking& r = v.ranking(level, jo);
            t.ranking(r);
            if constexpr (std::decay_t<decltype(t)>::on)
                t.formula(std::string(normalised ? "nERR = ERR / (ERR of the ideal ranking), " : "") +
                          "ERR = sum over ranks r of dsat(r-1) Pr(r) / r, dsat(r-1) = prod over k < r of (1 - Pr(k)), "
                          "Pr = (2^gain - 1) / 2^gmax for a relevant document, else 0");
            t.term("gmax", sat.gmax);
            std::vector<GainLevel> table = gain_table(gains, r);
            std::size_t c = t.columns({"Pr(r)", "dsat(r-1)", "dsat(r-1) Pr(r) / r", "ERR so far"});
            double value = err_sum(ranking_probs(r, table, sat, k), t, c);
            t.term("ERR", value);
            if (!normalised) return value;
            std::size_t ci = t.columns({"ideal Pr(r)", "ideal dsat(r-1)", "ideal term", "ideal ERR so far"});
            double ideal = err_sum(ideal_probs(r, table, sat, k), t, ci);
            t.term("ideal ERR", ideal);
            double v_ = ideal > 0.0 ? value / ideal : 0.0;
            t.term(ideal > 0.0 ? "nERR = ERR / ideal ERR" : "nERR (ideal ERR = 0)", v_);
            return v_;
        });
    };
}

}  // namespace

void add_err_measures(std::vector<MeasureInfo>& out) {
    const char* cite =
        "Chapelle, Metzler, Zhang & Grinspan, Expected Reciprocal Rank for Graded Relevance (CIKM 2009); "
        "Sakai, Metrics, Statistics, Tests (PROMISE 2013), Eq. 15";
    Rows rows(out, "err");
    rows.add("ERR")
        .alias("err")
        .help(
            "Expected reciprocal rank: the user stops at rank r, satisfied with probability "
            "(2^g - 1)/2^max_grade, with probability dsat(r-1) Pr(r); the utility there is 1/r.")
        .cite(cite)
        .cutoff()
        .params({gdeval_max_grade_param(), rel_param(), gains_param(), judged_only_param()})
        .make(err_factory(false));
    rows.add("nERR")
        .help(
            "Normalised ERR: ERR over the ERR of the ideal ranking (relevant judgments by decreasing "
            "gain), both in the top k with @k.")
        .cite(cite)
        .cutoff()
        .params({gdeval_max_grade_param(), rel_param(), gains_param(), judged_only_param()})
        .make(err_factory(true));
}

}  // namespace irlens::measures
