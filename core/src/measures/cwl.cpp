// The C/W/L family as cwl_eval 1.0.12 (ireval/cwl) computes it and ir_measures 0.4.3 names it:
// INST, INSQ, BPM, SDCG, NERR8-NERR11 and C/W/L's RBP (RBP_CWL). Moffat, Bailey, Scholer & Thomas,
// "Incorporating User Expectations and Behavior into the Measurement of Search Effectiveness"
// (TOIS 2017): a measure is a user model given by C(i), the probability of continuing from rank i
// to rank i+1; from it (cwl_metrics.py)
//   W(i) = prod_{j<i} C(j) / sum_{m=1..n} prod_{j<m} C(j)   (the weight of rank i)
//   L(i) = prod_{j<i} C(j) * (1 - C(i))                      (the probability of stopping at i)
// over the measurement depth n (`depth`, cwl_eval's max_n = 1000): the ranking is cut to n ranks or
// padded to n with documents of gain 0. With gains g (grade through min_rel/max_rel, below) and
// cost 1 per document, the outputs (`out`, cwl_eval's column names):
//   EU  = sum_i W(i) g(i)           expected utility per item: the measure's value
//   ETU = sum_i L(i) sum_{j<=i} g(j) expected total utility
//   EC  = sum_i W(i) * 1            expected cost per item
//   ETC = sum_i L(i) * i            expected total cost
//   ED  = 1 / W(1)                  expected depth (items examined)
// and each one's residual ResEU ... ResED (cwl_eval -r): the same output with every unjudged
// document and every padded rank at gain 1 (the top grade), minus the output as above.
// Gains (ir_measures' cwl provider): negative grades count 0; then
// (min(max(grade, min_rel), max_rel) - min_rel) / (max_rel - min_rel); with rel=N (RBP_CWL only)
// 1 when grade >= N, else 0. A document not in the qrels is unjudged: gain 0, 1 in the residual.
// Ties: irlens ranks as trec_eval does (score, then docno); cwl_eval takes the file order.
#include "measures/common.hpp"
#include "measures/trace.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "irlens/error.hpp"

namespace irlens::measures {

namespace {

enum class Model { INST, INSQ, BPM, SDCG, NERR8, NERR9, NERR10, NERR11, RBP };

/// The outputs of cwl_eval, in its column order; Res* are the residuals.
const std::vector<std::string> kOutputs = {"EU",    "ETU",    "EC",    "ETC",    "ED",
                                           "ResEU", "ResETU", "ResEC", "ResETC", "ResED"};

struct Settings {
    Model model;
    std::string name;  // the measure, for messages
    double T = 1, p = 0.8;
    long k = 0;  // the cutoff (SDCG, NERR8, NERR9; BPM's K)
    long depth = 1000;
    long min_rel = 0, max_rel = -1;  // max_rel -1: the qrels' highest grade
    long rel = -1;                   // RBP_CWL(rel=N): binary gains
    int out = 0;                     // index in kOutputs
};

/// The gain of a ranking code (grade >= 0, kUnjudged = judged negative, kNotInPool = unjudged);
/// NaN for an unjudged document.
double gain(int code, const Settings& s, long max_rel) {
    if (code == kNotInPool) return std::nan("");
    double g = code < 0 ? 0.0 : code;
    if (s.rel >= 0) return g >= s.rel ? 1.0 : 0.0;
    if (max_rel <= s.min_rel) return 0.0;  // no grade above min_rel in the qrels
    g = std::min(std::max(g, static_cast<double>(s.min_rel)), static_cast<double>(max_rel));
    return (g - s.min_rel) / static_cast<double>(max_rel - s.min_rel);
}

/// C(i) for ranks i = 1..n (index i-1) of gains g (cwl_eval's c_vector of each metric class).
std::vector<double> continuation(const Settings& s, const std::vector<double>& g) {
    std::size_t n = g.size();
    std::vector<double> c(n, 0.0);
    double cum = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        double rank = static_cast<double>(i + 1);
        cum += g[i];
        switch (s.model) {
            case Model::INST: {  // Moffat et al. (ADCS 2015), Eq. 3: T_i = T - sum_{j<=i} g_j
                double ti = s.T - cum;
                c[i] = std::pow((rank + s.T + ti - 1.0) / (rank + s.T + ti), 2.0);
                break;
            }
            case Model::INSQ:  // Moffat, Scholer & Thomas (ADCS 2012): ((i + 2T - 1) / (i + 2T))^2
                c[i] = std::pow((rank + 2.0 * s.T - 1.0) / (rank + 2.0 * s.T), 2.0);
                break;
            case Model::BPM:  // Zhang et al. (SIGIR 2017), static: gain below T and cost below K
                c[i] = cum < s.T && rank < static_cast<double>(s.k) ? 1.0 : 0.0;
                break;
            case Model::SDCG:  // log2(i+1) / log2(i+2) before rank k, 0 from k on
                c[i] = rank < static_cast<double>(s.k)
                           ? (std::log(rank + 1.0) / std::log(2.0)) / (std::log(rank + 2.0) / std::log(2.0))
                           : 0.0;
                break;
            case Model::NERR8:  // Azzopardi, Mackenzie & Moffat (ICTIR 2021), Eq. 8
                c[i] = rank < static_cast<double>(s.k) ? 1.0 - g[i] : 0.0;
                break;
            case Model::NERR9:  // Eq. 9
                c[i] = rank < static_cast<double>(s.k) ? (rank / (rank + 1.0)) * (1.0 - g[i]) : 0.0;
                break;
            case Model::NERR10:  // Eq. 10
                c[i] = s.p * (1.0 - g[i]);
                break;
            case Model::NERR11:  // Eq. 12 of the paper (ir_measures' and cwl_eval's "Eq. 11")
                c[i] = std::pow((rank + 2.0 * s.T - 1.0) / (rank + 2.0 * s.T), 2.0) * (1.0 - g[i]);
                break;
            case Model::RBP:  // Moffat & Zobel (TOIS 2008): C(i) = p
                c[i] = s.p;
                break;
        }
    }
    return c;
}

/// One case of cwl_eval's _do_score: the five outputs, with C, W and L per rank.
struct Scored {
    std::vector<double> g, c, w, l;
    double eu = 0, etu = 0, ec = 0, etc = 0, ed = 0;
};

Scored score(const Settings& s, std::vector<double> g) {
    Scored r;
    r.c = continuation(s, g);
    std::size_t n = g.size();
    std::vector<double> reach(n);  // prod_{j<i} C(j)
    double sum = 0.0, prod = 1.0;
    for (std::size_t i = 0; i < n; ++i) {
        reach[i] = prod;
        sum += prod;
        prod *= r.c[i];
    }
    double w1 = 1.0 / sum;
    r.w.resize(n);
    r.l.resize(n);
    double cum = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        r.w[i] = reach[i] * w1;
        r.l[i] = reach[i] * (1.0 - r.c[i]);
        cum += g[i];
        r.eu += r.w[i] * g[i];
        r.etu += r.l[i] * cum;
        r.ec += r.w[i];  // cost 1 per document
        r.etc += r.l[i] * static_cast<double>(i + 1);
    }
    r.ed = 1.0 / w1;
    r.g = std::move(g);
    return r;
}

double output(const Scored& r, int which) {
    switch (which % 5) {
        case 0: return r.eu;
        case 1: return r.etu;
        case 2: return r.ec;
        case 3: return r.etc;
        default: return r.ed;
    }
}

/// The output `s.out` of the measure on ranking `r` (traced for explain mode: gain, C(i), W(i),
/// L(i) per rank; for a residual also the best case's).
template <class T>
double cwl_value(const Settings& s, const Ranking& r, long max_rel, T& t) {
    t.ranking(r);
    std::size_t n = static_cast<std::size_t>(s.depth);
    std::size_t shown = std::min<std::size_t>(n, static_cast<std::size_t>(r.num_ret));
    std::vector<double> worst(n, 0.0), best(n, 1.0);
    long unjudged = 0;
    for (std::size_t i = 0; i < shown; ++i) {
        double g = gain(r.rels[i], s, max_rel);
        if (std::isnan(g)) {
            ++unjudged;
            continue;
        }
        worst[i] = best[i] = g;
    }
    bool residual = s.out >= 5;
    Scored lo = score(s, std::move(worst));
    Scored hi;
    if (residual) hi = score(s, std::move(best));
    const std::string& what = kOutputs[static_cast<std::size_t>(s.out)];
    t.formula(what +
              (residual ? " = (the output with every unjudged document and padded rank at gain 1) - (the "
                          "output with gain 0 there); "
                        : " with ") +
              "W(i) = prod_{j<i} C(j) / sum_m prod_{j<m} C(j), L(i) = prod_{j<i} C(j) (1 - C(i)) over the depth " +
              std::to_string(s.depth) +
              "; EU = sum W(i) g(i), ETU = sum L(i) sum_{j<=i} g(j), EC = sum W(i), "
              "ETC = sum L(i) i, ED = 1 / W(1)");
    if constexpr (T::on) {
        std::size_t c0 = t.columns({"gain", "C(i)", "W(i)", "L(i)"});
        std::size_t c1 =
            residual ? t.columns({"gain, best case", "C(i), best case", "W(i), best case", "L(i), best case"}) : 0;
        for (std::size_t i = 0; i < shown; ++i) {
            long rank = static_cast<long>(i);
            t.row(rank, {lo.g[i], lo.c[i], lo.w[i], lo.l[i]}, c0);
            if (residual) t.row(rank, {hi.g[i], hi.c[i], hi.w[i], hi.l[i]}, c1);
        }
        double tail = 0.0;
        for (std::size_t i = shown; i < n; ++i) tail += lo.w[i];
        t.term("depth n (ranks scored: the ranking cut or padded to it)", static_cast<double>(s.depth));
        t.term("unjudged documents in the first n ranks", static_cast<double>(unjudged));
        t.term("W beyond the ranking (padded ranks, gain 0)", tail);
        t.term("EU", lo.eu);
        t.term("ETU", lo.etu);
        t.term("EC", lo.ec);
        t.term("ETC", lo.etc);
        t.term("ED", lo.ed);
        if (residual) t.term(what.substr(3) + ", best case", output(hi, s.out));
    }
    double v = residual ? output(hi, s.out) - output(lo, s.out) : output(lo, s.out);
    if (residual) t.term(what, v);  // the outputs themselves are listed above
    return v;
}

/// What each output reports, in kOutputs' order: EU (in [0, 1]: W sums to 1, gains are at most 1)
/// and ETU rate the run, higher is better; EC, ETC and ED are costs and a depth, and the residuals
/// (of either sign for the costs: a better-judged ranking can stop the user earlier) describe the
/// run and its judgments: neither better high nor low, so no front-end marks a "best" run by them.
std::vector<ParamInfo::Output> output_presentation() {
    const ParamInfo::Output eu{Direction::Higher, Range::unit()}, etu{Direction::Higher, Range::non_negative()},
        cost{Direction::Neither, Range::non_negative()}, residual{Direction::Neither, Range{}};
    return {eu, etu, cost, cost, cost, residual, residual, residual, residual, residual};
}

ParamInfo t_param(const char* help) {
    return ParamInfo::real("T", help).defaults_to("1").in(Range::positive(kMaxWeight));  // T + T_i stays finite
}
std::vector<ParamInfo> common_params(std::vector<ParamInfo> own) {
    own.push_back(ParamInfo::integer("min_rel", "the grade that gains 0 (lower grades too; ir_measures' min_rel)")
                      .defaults_to("0")
                      .in(Range::non_negative(1e9)));
    own.push_back(ParamInfo::integer("max_rel",
                                     "the grade that gains 1: gain = (grade - min_rel) / (max_rel - min_rel); "
                                     "default: the highest grade in the qrels (ir_measures requires it)")
                      .in(Range::positive(1e9)));
    own.push_back(ParamInfo::integer("depth",
                                     "measurement depth: the ranking is cut or padded (gain 0) to this many "
                                     "ranks, and W normalised over them (cwl_eval's max_depth)")
                      .defaults_to("1000")
                      .in(Range{1, 1e5}));
    own.push_back(ParamInfo::word("out",
                                  "the output: EU (expected utility per item, the measure), ETU, EC, ETC, ED "
                                  "(expected total utility, cost per item, total cost, depth), or a residual "
                                  "ResEU ... ResED (cwl_eval -r): the output with every unjudged document and "
                                  "every rank padded to the depth at gain 1, minus the output")
                      .defaults_to("EU")
                      .one_of(kOutputs)
                      .reports(output_presentation()));
    return own;
}

std::unique_ptr<TopicMeasure> make_cwl(const MeasureSpec& spec, Model model) {
    Settings s;
    s.model = model;
    s.name = spec.info().name;
    s.depth = spec.int_param("depth");
    s.min_rel = spec.int_param("min_rel");
    const ParamValue& max_rel = spec.param("max_rel");
    if (max_rel.given) {
        s.max_rel = max_rel.i;
        if (s.max_rel <= s.min_rel)
            throw UsageError(s.name + ": max_rel must be above min_rel (" + std::to_string(s.min_rel) + "), got " +
                             std::to_string(s.max_rel));
    }
    const std::string& out = spec.word_param("out");
    s.out = static_cast<int>(std::find(kOutputs.begin(), kOutputs.end(), out) - kOutputs.begin());
    if (model == Model::INST || model == Model::INSQ || model == Model::NERR11 || model == Model::BPM)
        s.T = spec.real_param("T");
    if (model == Model::NERR10 || model == Model::RBP) s.p = spec.real_param("p");
    if (spec.has_cutoff()) s.k = spec.cutoff_int();
    if (model == Model::RBP && spec.param("rel").given) s.rel = spec.int_param("rel");
    auto check = [s](const EvalContext& c) {
        // ir_measures clips grades above max_rel to it (with a warning); irlens refuses.
        if (s.max_rel >= 0 && s.rel < 0 && c.qrels && c.qrels->max_grade() > s.max_rel)
            throw UsageError(s.name + ": max_rel must be at least the qrels' highest grade, " +
                             std::to_string(c.qrels->max_grade()) + ", got " + std::to_string(s.max_rel));
    };
    return traced(
        [s](const TopicView& v, auto& t) {
            long top = s.max_rel >= 0 ? s.max_rel : v.qrels().max_grade();
            return cwl_value(s, v.ranking(1, false), top, t);
        },
        check);
}

}  // namespace

void add_cwl_measures(std::vector<MeasureInfo>& out) {
    const std::string tool =
        "; cwl_eval 1.0.12 (Azzopardi, Thomas & Moffat, SIGIR 2019) and ir_measures 0.4.3's cwl_eval provider";
    const std::string nerr = "Azzopardi, Mackenzie & Moffat, ERR is not C/W/L (ICTIR 2021), ";
    Rows rows(out, "C/W/L");
    rows.add("INST")
        .help(
            "INST (C/W/L): an adaptive user who wants T units of gain: C(i) = ((i + T + T_i - 1) / (i + T + T_i))^2, "
            "T_i = T - gain so far; value = expected utility per item (out= gives cwl_eval's other outputs).")
        .cite(
            "Moffat, Bailey, Scholer & Thomas, INST: An Adaptive Metric for Information Retrieval Evaluation (ADCS "
            "2015)" +
            tool)
        .params(common_params({t_param("T: the gain the user wants (documents of gain 1)")}))
        .make([](const MeasureSpec& s) { return make_cwl(s, Model::INST); });
    rows.add("INSQ")
        .help(
            "INSQ (C/W/L): C(i) = ((i + 2T - 1) / (i + 2T))^2, a non-adaptive INST; value = expected utility per item.")
        .cite("Moffat, Scholer & Thomas, Models and Metrics: IR Evaluation as a User Process (ADCS 2012)" + tool)
        .params(common_params({t_param("T: the gain the user wants (documents of gain 1)")}))
        .make([](const MeasureSpec& s) { return make_cwl(s, Model::INSQ); });
    rows.add("BPM")
        .help(
            "Bejeweled Player Model, static (C/W/L): the user goes on while the gain so far is below T and the "
            "documents seen below K = the cutoff; value = expected utility per item.")
        .cite("Zhang, Liu, Li, Zhang, Xu & Ma, Evaluating Web Search with a Bejeweled Player Model (SIGIR 2017)" + tool)
        .cutoff_required()
        .cutoff_help("K: the documents the user is willing to examine (cost 1 each)")
        .params(common_params({t_param("T: the gain the user wants (E_b)")}))
        .make([](const MeasureSpec& s) { return make_cwl(s, Model::BPM); });
    rows.add("SDCG")
        .help(
            "Scaled DCG (C/W/L): DCG@k's log2 discount as a user model, weights summing to 1 over the top k: "
            "sum_{i<=k} g(i) / log2(i+1) over sum_{i<=k} 1 / log2(i+1). Not sDCG (session DCG).")
        .cite("Moffat, Bailey, Scholer & Thomas (ADCS 2015); Jarvelin & Kekalainen (TOIS 2002)" + tool + ", cwl_dcg.py")
        .cutoff_required()
        .params(common_params({ParamInfo::word("dcg", "the DCG formulation (ir_measures': log2 only)")
                                   .defaults_to("log2")
                                   .one_of({"log2"})}))
        .make([](const MeasureSpec& s) { return make_cwl(s, Model::SDCG); });
    rows.add("NERR8")
        .help(
            "Not-but-nearly ERR, Eq. 8 (C/W/L): C(i) = 1 - g(i) before rank k, 0 from k on; value = expected "
            "utility per item.")
        .cite(nerr + "Eq. 8" + tool)
        .cutoff_required()
        .params(common_params({}))
        .make([](const MeasureSpec& s) { return make_cwl(s, Model::NERR8); });
    rows.add("NERR9")
        .help("Not-but-nearly ERR, Eq. 9 (C/W/L): C(i) = i / (i + 1) * (1 - g(i)) before rank k, 0 from k on.")
        .cite(nerr + "Eq. 9" + tool)
        .cutoff_required()
        .params(common_params({}))
        .make([](const MeasureSpec& s) { return make_cwl(s, Model::NERR9); });
    rows.add("NERR10")
        .help("Not-but-nearly ERR, Eq. 10 (C/W/L): C(i) = p (1 - g(i)), RBP's patience with gain-based stopping.")
        .cite(nerr + "Eq. 10" + tool)
        .params(common_params({ParamInfo::real("p", "persistence").defaults_to("0.9").in(Range{0, 1, true, true})}))
        .make([](const MeasureSpec& s) { return make_cwl(s, Model::NERR10); });
    rows.add("NERR11")
        .help(
            "Not-but-nearly ERR, Eq. 12 of the paper (ir_measures' NERR11): C(i) = ((i + 2T - 1) / (i + 2T))^2 "
            "(1 - g(i)), INSQ's goal with gain-based stopping.")
        .cite(nerr + "Eq. 12" + tool)
        .params(common_params({t_param("T: the gain the user wants")}))
        .make([](const MeasureSpec& s) { return make_cwl(s, Model::NERR11); });
    rows.add("RBP_CWL")
        .help(
            "RBP as C/W/L defines it: C(i) = p over the measurement depth, weights normalised over it (RBP's "
            "(1 - p) p^(i-1) / (1 - p^depth)); graded through min_rel/max_rel, or binary with rel=N. Residual, by hand "
            "(tests/unit-cwl.cpp): p=0.5, depth 6, gains 1, unjudged, 0.5, 0 and two padded ranks: reach 1, 1/2 ... "
            "1/32 "
            "(sum 63/32); EU = (1 + 1/8) / (63/32) = 36/63; at gain 1 there: (1 + 1/2 + 1/8 + 1/16 + 1/32) / (63/32) "
            "= 55/63; ResEU = 19/63.")
        .cite("Moffat & Zobel, Rank-Biased Precision for Measurement of Retrieval Effectiveness (TOIS 2008)" + tool +
              ", cwl_rbp.py")
        .params(common_params({ParamInfo::real("p", "persistence").defaults_to("0.8").in(Range{0, 1, true, true}),
                               ParamInfo::integer("rel",
                                                  "binary gains: 1 for a grade >= rel, else 0 (ir_measures' "
                                                  "RBP(rel=N) through cwl_eval); default: graded")
                                   .in(Range::positive(1e9))}))
        .make([](const MeasureSpec& s) { return make_cwl(s, Model::RBP); });
}

}  // namespace irlens::measures
