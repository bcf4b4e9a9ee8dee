// Utility-based diversity measures in the form Amigo, Spina & Carrillo-de-Albornoz (SIGIR 2018)
// give them: Expected Utility (EU, Yang & Lad 2009), the Cube Test (CT, Luo et al. 2013) and
// their Rank-Biased Utility (RBU, Eq. 11). With w(t) = Pr(t|q) (intents.hpp), r(d,t) the
// relevance of d to intent t in [0,1] and c(i,t) the number of documents above rank i with
// r > 0 for t:
//   EU@k    = sum_{i<=k} 1 / (1 + log2 i) * (sum_t w(t) r(d_i,t) (1 - alpha)^c(i,t) - e)
//   CT@k    = sum_{i<=k} 1 / i * sum_t w(t) r(d_i,t) (1 - alpha)^c(i,t) [sum_{j<i} r(d_j,t) < max_height]
//   RBU@k   = sum_{i<=k} p^i * (sum_t w(t) r(d_i,t) prod_{j<i} (1 - r(d_j,t)) - e)       (Eq. 11)
// Readings (the extracted text is garbled in places):
// - r(d,t) is ERR's satisfaction probability (2^g - 1) / 2^max_grade of the document's gain g for
//   the intent (err.hpp; gains= maps grades to gains, default the grade; max_grade defaults to the
//   highest gain of the qrels' grades): the user model RBU takes from ERR, and the mapping of the
//   authors' RBU code, which takes max_grade per aspect where irlens takes one for the file.
//   Negative grades (spam) are 0.
// - EU's discount is read as 1 / (1 + log i) (Jarvelin et al.'s 1 + log_b r, base 2); CT's
//   saturation f_Sat as "the intent's relevance above rank i is still below max_height".
// - RBU follows Eq. 11 as printed: rank i weighs p^i, with no (1 - p) factor. The authors' code
//   computes (1 - p) sum p^(i-1) (...), i.e. (1 - p) / p times Eq. 11, and has no cutoff.
// - RBU(form=authors) is the authors' released implementation (jCarrilloDeAlbornoz/RBU, RBU.java):
//     RBU = (1 - p) sum_{i<=n} p^(i-1) (sum_t w(t) r'(d_i,t) prod_{j<i} (1 - r'(d_j,t)) - e)
//   over the whole ranking (n documents; @k, an irlens extension, truncates it), with
//   r'(d,t) = (2^g - 1) / 2^gmax(t), gmax(t) the highest gain among intent t's relevant
//   judgments of the topic (max_grade does not apply), and 0 for a topic the run did not answer
//   (their evaluation covers every topic of the gold standard). When every intent's gmax(t) is
//   the file's max_grade: RBU(form=authors)@k = (1 - p) / p * RBU@k. Their ranking is the order of
//   the lines of their two-column run format; irlens' is the run's order (score, or --order rank).
// - The effort e is spent for each document inspected: ranks beyond the end of a short ranking
//   cost nothing. Without @k the sums run over the whole ranking.
// Reductions of RBU (Sec. 5), exact forms (tested in tests/unit-diversity-utility.cpp):
// - e = 0 and no intent with two relevant documents in the top k (so every product is 1):
//   RBU@k = p / (1 - p) RBP-IA@k, RBP-IA with the same r; with redundancy RBU@k is smaller.
// - e = 0 and p = 1: RBU@k = sum_t w(t) (1 - prod_{i<=k} (1 - r(d_i,t))), the probability of
//   being satisfied; ERR-IA@k (graded) weighs the same terms by 1/i, so it equals RBU at k = 1 and
//   is below it otherwise.
// - RBU@k with effort e = RBU@k with e = 0 minus e sum_{i<=min(k,n)} p^i.
#include "measures/err.hpp"
#include "measures/intent_rankings.hpp"
#include "measures/trace.hpp"

#include "irlens/error.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

namespace irlens::measures {

namespace {

const long kWholeRanking = std::numeric_limits<long>::max();

struct UtilityParams {
    double alpha = 0, e = 0, p = 0, max_height = 0;
    long k = kWholeRanking;
    bool judged_only = false;
    bool authors = false;  // RBU(form=authors): r' with a per-intent gmax, (1 - p) p^(i-1) weights
};

/// Relevance r(d_i, t) of every rank (first index) and intent, from the intent rankings. With
/// per_intent, gmax is intent t's highest gain among its relevant judgments (RBU(form=authors)).
std::vector<std::vector<double>> relevance(const IntentRankings& ir, const ParamValue& gains, const Satisfaction& sat,
                                           long k, bool per_intent) {
    long n = std::min(k, ir.num_ret);
    std::vector<std::vector<double>> out(static_cast<std::size_t>(n), std::vector<double>(ir.topic.size()));
    for (std::size_t i = 0; i < ir.topic.size(); ++i) {
        const Ranking& r = ir.rankings[i];
        std::vector<GainLevel> table = gain_table(gains, r);
        Satisfaction own = sat;
        if (per_intent) {
            own.gmax = 0.0;
            for (long level = r.rel_level; level < r.num_rel_levels; ++level)
                if (r.rel_levels[static_cast<std::size_t>(level)] > 0)
                    own.gmax = std::max(own.gmax, gain_of(level, table));
        }
        std::vector<double> probs = ranking_probs(r, table, own, n);
        for (long x = 0; x < n; ++x) out[static_cast<std::size_t>(x)][i] = probs[static_cast<std::size_t>(x)];
    }
    return out;
}

/// Explain mode: the columns r(d, t) of every intent t (the relevance the sums below weigh),
/// then `names`; returns the index of the first of `names`.
template <class T>
std::size_t utility_columns(const IntentRankings& ir, T& t, std::initializer_list<const char*> names) {
    if constexpr (T::on) {
        std::vector<std::string> cols;
        for (std::string_view name : ir.topic.names) cols.push_back("r(d, intent " + std::string(name) + ")");
        t.columns(cols);
        return t.columns(std::vector<std::string>(names.begin(), names.end()));
    }
    return 0;
}

/// Explain mode: the r(d, t) of rank r.
template <class T>
void utility_row(const std::vector<std::vector<double>>& rel, std::size_t r, T& t) {
    if constexpr (T::on) t.row(static_cast<long>(r), rel[r]);
}

// The loops below are traced for explain mode (measures/trace.hpp): per rank, r(d, t) of every
// intent, then the measure's own intermediate values.

const auto eu = [](const IntentRankings& ir, const std::vector<std::vector<double>>& rel, const UtilityParams& u,
                   auto& t) {
    if constexpr (std::decay_t<decltype(t)>::on)
        t.formula("EU@k = sum_{i<=k} (sum_t w(t) r(d_i,t) (1 - alpha)^c(i,t) - e) / (1 + log2 i); alpha = " +
                  format_number(u.alpha) + ", e = " + format_number(u.e));
    const std::size_t c =
        utility_columns(ir, t, {"novelty-biased gain", "discount 1 + log2 i", "(gain - e) / discount", "EU so far"});
    const std::vector<double>& w = ir.topic.weights();
    std::vector<double> novelty(ir.topic.size(), 1.0);
    double sum = 0.0;
    for (std::size_t r = 0; r < rel.size(); ++r) {
        double gain = 0.0;
        for (std::size_t i = 0; i < novelty.size(); ++i) {
            gain += w[i] * rel[r][i] * novelty[i];
            if (rel[r][i] > 0) novelty[i] *= 1.0 - u.alpha;
        }
        const double discount = 1.0 + std::log2(static_cast<double>(r + 1)), term = (gain - u.e) / discount;
        sum += term;
        utility_row(rel, r, t);
        t.row(static_cast<long>(r), {gain, discount, term, sum}, c);
    }
    t.term("EU", sum);
    return sum;
};

const auto ct = [](const IntentRankings& ir, const std::vector<std::vector<double>>& rel, const UtilityParams& u,
                   auto& t) {
    if constexpr (std::decay_t<decltype(t)>::on)
        t.formula(
            "CT@k = sum_{i<=k} 1/i sum_t w(t) r(d_i,t) (1 - alpha)^c(i,t) [intent t's relevance above i < max_height]; "
            "alpha = " +
            format_number(u.alpha) + ", max_height = " + format_number(u.max_height));
    const std::size_t c = utility_columns(ir, t, {"unsaturated novelty-biased gain", "gain / i", "CT so far"});
    const std::vector<double>& w = ir.topic.weights();
    std::vector<double> novelty(ir.topic.size(), 1.0), filled(ir.topic.size(), 0.0);
    double sum = 0.0;
    for (std::size_t r = 0; r < rel.size(); ++r) {
        double gain = 0.0;
        for (std::size_t i = 0; i < novelty.size(); ++i) {
            if (filled[i] < u.max_height) gain += w[i] * rel[r][i] * novelty[i];
            filled[i] += rel[r][i];
            if (rel[r][i] > 0) novelty[i] *= 1.0 - u.alpha;
        }
        const double term = gain / static_cast<double>(r + 1);
        sum += term;
        utility_row(rel, r, t);
        t.row(static_cast<long>(r), {gain, term, sum}, c);
    }
    t.term("CT", sum);
    return sum;
};

/// Eq. 11 (rank i weighs p^i), or with u.authors the authors' code (rank i weighs (1 - p) p^(i-1)).
const auto rbu = [](const IntentRankings& ir, const std::vector<std::vector<double>>& rel, const UtilityParams& u,
                    auto& t) {
    if constexpr (std::decay_t<decltype(t)>::on)
        t.formula(std::string(u.authors ? "RBU (the authors' code) = (1 - p) sum_i p^(i-1) (gain_i - e)"
                                        : "RBU (Eq. 11) = sum_i p^i (gain_i - e)") +
                  ", gain_i = sum_t w(t) r(d_i,t) prod_{j<i} (1 - r(d_j,t)); p = " + format_number(u.p) +
                  ", e = " + format_number(u.e));
    const std::size_t c =
        utility_columns(ir, t, {u.authors ? "p^(i-1)" : "p^i", "gain", "weight (gain - e)", "sum so far"});
    const std::vector<double>& w = ir.topic.weights();
    std::vector<double> unsatisfied(ir.topic.size(), 1.0);
    double sum = 0.0, weight = u.authors ? 1.0 : u.p;  // the weight of rank 1
    for (std::size_t r = 0; r < rel.size(); ++r) {
        double gain = 0.0;
        for (std::size_t i = 0; i < unsatisfied.size(); ++i) {
            gain += w[i] * rel[r][i] * unsatisfied[i];
            unsatisfied[i] *= 1.0 - rel[r][i];
        }
        sum += weight * (gain - u.e);
        utility_row(rel, r, t);
        t.row(static_cast<long>(r), {weight, gain, weight * (gain - u.e), sum}, c);
        weight *= u.p;
    }
    t.term("sum", sum);
    if (!u.authors) return sum;
    t.term("RBU = (1 - p) sum", (1.0 - u.p) * sum);
    return (1.0 - u.p) * sum;
};

template <class F>
MeasureInfo utility_measure(const char* name, const char* help, const std::string& cite, std::vector<ParamInfo> params,
                            bool cutoff_required, F f) {
    MeasureInfo m;
    m.name = name;
    m.family = "diversity";
    m.needs = {Need::DiversityQrels};
    m.help = help;
    m.citation = cite;
    m.cutoff = CutoffKind::Int;
    m.cutoff_required = cutoff_required;
    m.params = std::move(params);
    m.params.push_back(max_grade_param());
    m.params.push_back(gains_param());
    m.params.push_back(judged_only_param());
    m.make = [f](const MeasureSpec& s) {
        UtilityParams u;
        bool saturates = false;
        for (const ParamInfo& p : s.info().params) {
            if (p.name == "alpha") u.alpha = s.real_param("alpha");
            if (p.name == "e") u.e = s.real_param("e");
            if (p.name == "p") u.p = s.real_param("p");
            if (p.name == "max_height") {
                u.max_height = s.real_param("max_height");
                saturates = true;
            }
            if (p.name == "form") u.authors = s.word_param("form") == "authors";
        }
        if (u.authors && s.param("max_grade").given)
            throw UsageError(s.name() +
                             ": max_grade does not apply to form=authors (gmax is each intent's highest gain)");
        if (!(u.alpha >= 0 && u.alpha <= 1))
            throw UsageError(s.name() + ": alpha must be in [0,1], got " + format_number(u.alpha));
        if (!(u.p >= 0 && u.p <= 1)) throw UsageError(s.name() + ": p must be in [0,1], got " + format_number(u.p));
        if (!(u.e >= 0) || !std::isfinite(u.e))
            throw UsageError(s.name() + ": e must be >= 0, got " + format_number(u.e));
        if (saturates && !(u.max_height > 0))
            throw UsageError(s.name() + ": max_height must be > 0, got " + format_number(u.max_height));
        u.k = s.has_cutoff() ? s.cutoff_int() : kWholeRanking;
        u.judged_only = s.bool_param("judged_only");
        ParamValue gains = s.param("gains");
        return traced([=](const TopicView& v, auto& t) {
            if (u.authors && v.missing()) {  // the authors' code: no ranking, RBU 0
                t.term("RBU (no ranking: the topic was not answered)", 0.0);
                return 0.0;
            }
            const IntentRankings& ir = intent_rankings(v, u.judged_only);
            if constexpr (std::decay_t<decltype(t)>::on)
                if (!ir.rankings.empty()) t.ranking(explain_ranking(v, ir));
            return f(ir, relevance(ir, gains, satisfaction(s, v.qrels()), u.k, u.authors), u, t);
        });
    };
    return m;
}

ParamInfo alpha_param() {
    return ParamInfo::real("alpha", "redundancy penalty: (1 - alpha)^(documents relevant to the intent above)")
        .defaults_to("0.5")
        .in(Range::unit());
}
ParamInfo effort_param() {
    return ParamInfo::real("e", "effort (cost) of inspecting one document, in relevance units")
        .defaults_to("0.03")
        .in(Range::non_negative(kMaxWeight));
}

}  // namespace

const char kAmigo[] =
    "Amigo, Spina & Carrillo-de-Albornoz, An Axiomatic Analysis of Diversity Evaluation Metrics: "
    "Introducing the Rank-Biased Utility Metric (SIGIR 2018)";

void add_diversity_utility_measures(std::vector<MeasureInfo>& out) {
    out.push_back(utility_measure(
        "EU", "Expected utility: novelty-biased gain minus effort e per document, discounted by 1 / (1 + log2 rank).",
        std::string("Yang & Lad, Modeling Expected Utility of Multi-session Information Distillation (ICTIR 2009), as "
                    "written in ") +
            kAmigo + ", Sec. 4.3",
        {alpha_param(), effort_param()}, false, eu));
    out.back().values = Range();  // the effort e makes it negative, the sum is unbounded
    out.push_back(utility_measure(
        "CT",
        "Cube test: novelty-biased gain while the intent is not yet saturated (max_height), discounted by 1 / rank.",
        std::string(
            "Luo, Wing, Yang & Hearst, The Water Filling Model and the Cube Test (SIGIR 2013), as written in ") +
            kAmigo + ", Sec. 4.3",
        {alpha_param(), ParamInfo::real("max_height", "relevance that saturates an intent (the cube's height)")
                            .defaults_to("1")
                            .in(Range::positive(kMaxWeight))},
        true, ct));
    out.back().values = Range::non_negative();  // 1/rank summed: unbounded
    out.push_back(utility_measure(
        "RBU",
        "Rank-biased utility (Eq. 11): sum of p^rank (ERR-style gain over intents - effort e); form=authors: "
        "the authors' code, (1 - p) p^(rank-1) weights and each intent's own highest grade.",
        std::string(kAmigo) + ", Eq. 11; form=authors: the authors' RBU.java (github.com/jCarrilloDeAlbornoz/RBU)",
        {ParamInfo::real("p", "persistence: probability of inspecting the next document")
             .defaults_to("0.8")
             .in(Range::unit()),
         effort_param(),
         ParamInfo::word("form",
                         "paper: Eq. 11 as printed (p^rank, gmax = max_grade); authors: the released code ((1 - p) "
                         "p^(rank-1), gmax per intent, 0 for an unanswered topic)")
             .defaults_to("paper")
             .one_of({"paper", "authors"})},
        false, rbu));
    out.back().values = Range();  // the effort e makes it negative
}

}  // namespace irlens::measures
