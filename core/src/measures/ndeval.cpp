// The diversity measures of NIST's ndeval v4.5 (TREC Web track 2009-2014), number for number:
// ERR-IA, nERR-IA, alpha-DCG, alpha-nDCG, NRBP, nNRBP, MAP-IA, P-IA and subtopic recall, named
// as ir_measures names them (ERR_IA@k, nERR_IA@k, alpha_DCG@k, alpha_nDCG@k, NRBP, nNRBP,
// AP_IA, P_IA@k, StRecall@k).
//
// As ndeval:
// - judgments are binary per intent (grade >= rel, rel = 1 by default); intents are weighted
//   uniformly (ndeval has no intent probabilities: these measures ignore them) over the m
//   "actual subtopics", those with a relevant document (with rel = N: a judgment >= N);
// - the novelty-biased gain of rank r is sum over intents of (1 - alpha)^(documents relevant to
//   the intent above r) (Clarke et al., SIGIR 2008, Eq. 25 of Sakai's lecture), each power built
//   by repeated multiplication and summed in intent order;
// - alpha-DCG@k and ERR-IA@k are normalised by the "ideal ideal" list, in which every document
//   is relevant to all m intents (collection-independent); alpha-nDCG@k and nERR-IA@k divide
//   that by the same for a greedy ideal ranking of the judged documents (ties broken towards
//   the larger doc id, byte order), and are 0 when the run gains nothing in the top k;
// - NRBP and nNRBP use the whole ranking (not only the top 20); nNRBP's ideal is the whole
//   greedy list.
// Deliberate differences: ndeval computes cutoffs up to 20 only; irlens takes any k. ndeval
// leaves its rank-1 values unnormalised (it never prints them); irlens normalises every k.
// A topic without any relevant document scores 0 on every measure (ndeval prints nan for nNRBP,
// 0/0).
#include "measures/err.hpp"
#include "measures/intent_rankings.hpp"
#include "measures/trace.hpp"

#include "irlens/error.hpp"

#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>

namespace irlens::measures {

namespace {

/// The redundancy model: a document relevant to an intent (grade >= rel) brings it relevance(grade)
/// times (1 - alpha)^(documents relevant to it above). relevance is 1 (ndeval), or with graded the
/// RBU paper's r(d,t) (Sec. 4.3): ERR's satisfaction probability (2^g - 1)/2^max_grade of the gain
/// g of the grade (err.hpp).
struct Novelty {
    double alpha;
    long rel;
    bool graded = false;
    Satisfaction sat;
    ParamValue gains;
    double relevance(int grade) const { return graded ? sat.of_gain(level_gain(gains, grade)) : 1.0; }
};

/// ndeval's discount(): 1 at rank 1, log(2) / log(rank + 1) after.
double ndeval_discount(long i) { return i == 0 ? 1.0 : std::log(2.0) / std::log(static_cast<double>(i) + 2.0); }

// The loops below are traced for explain mode (measures/trace.hpp): templates over the tracer,
// NoTrace in evaluation. The trace computes its values beside the loop's own expressions, which
// stay as they were (the numbers of an evaluation do not change).

/// Novelty-biased gains of the first n ranks of a run (computeDCG / computeERR / computeNRBP).
/// Explain mode: per rank, each intent's gain relevance (1 - alpha)^(documents relevant to it
/// above) (NaN for an intent the document is not relevant to) and their sum.
template <class T>
std::vector<double> run_gains(const IntentRankings& ir, const Novelty& nv, long n, T& t) {
    n = std::min(n, ir.num_ret);
    std::size_t c = 0;
    if constexpr (T::on) {
        std::vector<std::string> cols;
        for (std::string_view name : ir.topic.names) cols.push_back("gain for intent " + std::string(name));
        cols.push_back("novelty-biased gain");
        c = t.columns(cols);
    }
    std::vector<double> gain(ir.topic.size(), 1.0), out(static_cast<std::size_t>(n), 0.0);
    for (long r = 0; r < n; ++r) {
        double score = 0.0;
        std::vector<double> shown;  // explain mode: the row
        if constexpr (T::on) shown.assign(gain.size() + 1, std::nan(""));
        for (std::size_t i = 0; i < gain.size(); ++i) {
            int grade = ir.rankings[i].rels[static_cast<std::size_t>(r)];
            if (grade >= nv.rel) {
                if constexpr (T::on) shown[i] = nv.relevance(grade) * gain[i];
                score += nv.relevance(grade) * gain[i];
                gain[i] *= (1.0 - nv.alpha);
            }
        }
        out[static_cast<std::size_t>(r)] = score;
        if constexpr (T::on) {
            shown.back() = score;
            t.row(r, shown, c);
        }
    }
    return out;
}

/// ndeval's idealResult(): the greedy ranking of the judged documents by novelty-biased gain,
/// ties to the larger doc id. Only documents relevant to some intent can gain, so only they are
/// ranked; the gains of the first n ranks are returned. Explain mode: the column "ideal gain" and
/// the ideal's documents as terms (their gain as value).
template <class T>
std::vector<double> ideal_gains(const TopicIntents& ti, const Novelty& nv, long n, T& t) {
    std::vector<const TopicIntents::Doc*> docs;
    for (const auto& d : ti.relevant)
        for (int g : d.grades)
            if (g >= nv.rel) {
                docs.push_back(&d);
                break;
            }
    std::vector<double> gain(ti.size(), 1.0), out;
    std::vector<bool> used(docs.size(), false);
    std::size_t c = 0;
    if constexpr (T::on) c = t.columns({"ideal gain"});
    for (long r = 0; r < n && r < static_cast<long>(docs.size()); ++r) {
        long where = -1;
        double best = 0.0;
        for (std::size_t k = 0; k < docs.size(); ++k) {
            if (used[k]) continue;
            double score = 0.0;
            for (std::size_t i = 0; i < gain.size(); ++i)
                if (docs[k]->grades[i] >= nv.rel) score += nv.relevance(docs[k]->grades[i]) * gain[i];
            if (where < 0 || score > best ||
                (score == best && docs[k]->id > docs[static_cast<std::size_t>(where)]->id)) {
                best = score;
                where = static_cast<long>(k);
            }
        }
        used[static_cast<std::size_t>(where)] = true;
        for (std::size_t i = 0; i < gain.size(); ++i)
            if (docs[static_cast<std::size_t>(where)]->grades[i] >= nv.rel) gain[i] *= (1.0 - nv.alpha);
        out.push_back(best);
        if constexpr (T::on) {
            t.row(r, {best}, c);
            t.term(
                "ideal rank " + std::to_string(r + 1) + ": " + std::string(docs[static_cast<std::size_t>(where)]->id),
                best);
        }
    }
    return out;
}

/// alpha-DCG@k (discounted = dcg_discounted) or ERR-IA@k (err_discounted) over the "ideal ideal"
/// normaliser of m intents: cumulative discounted gain over the cumulative discounted
/// m (1 - alpha)^(r-1). Explain mode: the columns of `who` (run or ideal) and, with
/// ideal_ideal_columns, those of the normaliser; the terms of both sums and their ratio.
template <class Discounted, class T>
double ideal_ideal_normalised(const std::vector<double>& gains, long m, double alpha, long k, Discounted discounted,
                              T& t, const std::string& who = "run", bool ideal_ideal_columns = true) {
    if (m == 0) {
        t.term("m (intents with a relevant document): none, so", 0.0);
        return 0.0;
    }
    std::size_t c = 0, cn = 0;
    if constexpr (T::on) {
        c = t.columns({who + " discounted gain", who + " sum so far"});
        if (ideal_ideal_columns)
            cn = t.columns(
                {"ideal-ideal gain m (1-alpha)^(i-1)", "ideal-ideal discounted gain", "ideal-ideal sum so far"});
    }
    double cum = 0.0, ideal = 0.0, ideal_gain = static_cast<double>(m);
    for (long r = 0; r < k; ++r) {
        if (r < static_cast<long>(gains.size())) cum += discounted(gains[static_cast<std::size_t>(r)], r);
        ideal += discounted(ideal_gain, r);
        if constexpr (T::on) {
            if (r < static_cast<long>(gains.size()))
                t.row(r, {discounted(gains[static_cast<std::size_t>(r)], r), cum}, c);
            if (ideal_ideal_columns) t.row(r, {ideal_gain, discounted(ideal_gain, r), ideal}, cn);
        }
        ideal_gain *= (1.0 - alpha);
    }
    if constexpr (T::on) {
        t.term(who + " sum@k", cum);
        t.term("ideal-ideal sum@k (m = " + std::to_string(m) + " intents)", ideal);
        t.term(who + " sum / ideal-ideal sum", cum / ideal);
    }
    return cum / ideal;
}

/// computeDCG multiplies by discount(), computeERR divides by the rank (bit for bit as ndeval).
double dcg_discounted(double gain, long r) { return gain * ndeval_discount(r); }
double err_discounted(double gain, long r) { return gain / static_cast<double>(r + 1); }

/// NRBP (Clarke, Kolla & Vechtomova, ICTIR 2009) as computeNRBP: sum of gain * beta^(r-1), times
/// (1 - (1 - alpha) beta) / m. Explain mode: the columns and terms of `who` (run or ideal).
template <class T>
double nrbp(const std::vector<double>& gains, long m, double alpha, double beta, T& t, const std::string& who = "run") {
    if (m == 0) {
        t.term("m (intents with a relevant document): none, so", 0.0);
        return 0.0;
    }
    std::size_t c = 0;
    if constexpr (T::on) c = t.columns({who + " beta^(i-1)", who + " gain beta^(i-1)", who + " sum so far"});
    double sum = 0.0, decay = 1.0;
    for (std::size_t r = 0; r < gains.size(); ++r) {
        const double g = gains[r];
        sum += g * decay;
        if constexpr (T::on) t.row(static_cast<long>(r), {decay, g * decay, sum}, c);
        decay *= beta;
    }
    if constexpr (T::on) {
        t.term(who + " sum", sum);
        t.term("(1 - (1 - alpha) beta) / m, m = " + std::to_string(m),
               (1 - (1 - alpha) * beta) / static_cast<double>(m));
        t.term(who + " NRBP", sum * ((1 - (1 - alpha) * beta) / static_cast<double>(m)));
    }
    return sum * ((1 - (1 - alpha) * beta) / static_cast<double>(m));
}

/// computeMAP: the mean over the m intents of each intent's AP (binary, grade >= rel). Explain
/// mode: per rank the precision of every intent the document is relevant to; each intent's AP.
template <class T>
double ap_ia(const IntentRankings& ir, long rel, T& t) {
    t.formula("AP-IA = (1/m) sum over intents i of AP_i, AP_i = (sum of precision at intent i's relevant ranks) / R_i");
    long m = ir.topic.intents_with_relevant(rel);
    if (m == 0) {
        t.term("m (intents with a relevant document): none, so", 0.0);
        return 0.0;
    }
    std::size_t n = ir.topic.size();
    std::size_t c = 0;
    if constexpr (T::on) {
        std::vector<std::string> cols;
        for (std::string_view name : ir.topic.names) cols.push_back("precision for intent " + std::string(name));
        c = t.columns(cols);
    }
    std::vector<long> count(n, 0);
    std::vector<double> total(n, 0.0);
    for (long r = 0; r < ir.num_ret; ++r) {
        std::vector<double> shown;  // explain mode: the row
        if constexpr (T::on) shown.assign(n, std::nan(""));
        for (std::size_t i = 0; i < n; ++i)
            if (ir.rankings[i].rels[static_cast<std::size_t>(r)] >= rel) {
                ++count[i];
                total[i] += static_cast<double>(count[i]) / static_cast<double>(r + 1);
                if constexpr (T::on) shown[i] = static_cast<double>(count[i]) / static_cast<double>(r + 1);
            }
        if constexpr (T::on) t.row(r, shown, c);
    }
    double sum = 0.0;
    for (std::size_t i = 0; i < n; ++i)
        if (long nrel = ir.topic.num_relevant(i, rel)) {
            sum += total[i] / static_cast<double>(nrel);
            if constexpr (T::on)
                t.term("AP of intent " + std::string(ir.topic.names[i]) + " (R = " + std::to_string(nrel) + ")",
                       total[i] / static_cast<double>(nrel));
        }
    t.term("sum of the intents' AP", sum);
    t.term("m", static_cast<double>(m));
    return sum / static_cast<double>(m);
}

/// computePrecision: relevant (document, intent) pairs in the top k over k m. Explain mode: per
/// rank each intent's grade and the pairs counted.
template <class T>
double p_ia(const IntentRankings& ir, long rel, long k, T& t) {
    t.formula("P-IA@k = relevant (document, intent) pairs in the top k / (k m)");
    long m = ir.topic.intents_with_relevant(rel);
    if (m == 0) {
        t.term("m (intents with a relevant document): none, so", 0.0);
        return 0.0;
    }
    const std::size_t g = intent_grade_columns(ir.topic, t);
    std::size_t c = 0;
    if constexpr (T::on) c = t.columns({"relevant intents", "pairs so far"});
    long count = 0, n = std::min(k, ir.num_ret);
    for (long r = 0; r < n; ++r) {
        [[maybe_unused]] long before = count;
        for (const Ranking& x : ir.rankings) count += x.rels[static_cast<std::size_t>(r)] >= rel;
        if constexpr (T::on) {
            intent_grade_row(ir, r, t, g);
            t.row(r, {static_cast<double>(count - before), static_cast<double>(count)}, c);
        }
    }
    t.term("pairs in the top k", static_cast<double>(count));
    t.term("k m", static_cast<double>(k * m));
    return static_cast<double>(count) / static_cast<double>(k * m);
}

// Explain mode: the formulas, in words.
const std::string kGainWords =
    "gain_i = sum over intents t the document is relevant to of r(d,t) (1 - alpha)^(documents "
    "relevant to t above)";
const std::string kErrIaFormula =
    "ERR-IA@k = sum_{i<=k} gain_i / i over the same for the ideal-ideal list (gain m (1 - "
    "alpha)^(i-1)); " +
    kGainWords;
const std::string kAlphaDcgFormula =
    "alpha-DCG@k = sum_{i<=k} gain_i disc(i) over the same for the ideal-ideal list (gain m "
    "(1 - alpha)^(i-1)), disc(1) = 1, disc(i) = log 2 / log(i + 1); " +
    kGainWords;
const std::string kNrbpFormula = "NRBP = (1 - (1 - alpha) beta) / m sum_i gain_i beta^(i-1); " + kGainWords;
std::string novelty_words(const Novelty& nv) {
    return std::string(nv.graded ? ", r(d,t) = (2^g - 1) / 2^max_grade" : ", r(d,t) = 1") +
           " (relevant: grade >= " + std::to_string(nv.rel) + "), alpha = " + format_number(nv.alpha);
}

ParamInfo alpha_param() {
    return ParamInfo{
        "alpha", ParamKind::Real, "0.5",
        "redundancy penalty: a document's gain for an intent is (1 - alpha)^(documents relevant to it above)"}
        .in(Range::unit());
}
ParamInfo beta_param() {
    return ParamInfo{"beta", ParamKind::Real, "0.5", "patience: NRBP weighs rank r by beta^(r-1)"}.in(Range::unit());
}
ParamInfo div_rel_param() {
    return {"rel", ParamKind::Int, "1", "minimum judgment that counts as relevant to an intent (ndeval: 1)"};
}

/// Parameters every ndeval measure reads, checked as ndeval checks them.
struct NdevalParams {
    Novelty nv{0.5, 1};
    double beta = 0.5;
    bool judged_only = false;
    std::shared_ptr<const MeasureSpec> spec;  // for graded: the satisfaction probability's parameters
    /// nv, with the satisfaction probability of an evaluation of q when graded.
    Novelty novelty(const Qrels& q) const {
        Novelty n = nv;
        if (n.graded) n.sat = satisfaction(*spec, q);
        return n;
    }
};
NdevalParams ndeval_params(const MeasureSpec& s) {
    NdevalParams p;
    for (const ParamInfo& info : s.info().params) {
        if (info.name == "alpha") p.nv.alpha = s.real_param("alpha");
        if (info.name == "beta") p.beta = s.real_param("beta");
        if (info.name == "graded" && info.kind == ParamKind::Bool && s.info().name != "ERR_IA")
            p.nv.graded = s.bool_param("graded");
    }
    if (p.nv.graded) {
        p.nv.gains = s.param("gains");
        p.spec = std::make_shared<MeasureSpec>(s);
    }
    p.nv.rel = s.int_param("rel");
    p.judged_only = s.bool_param("judged_only");
    if (!(p.nv.alpha >= 0 && p.nv.alpha <= 1))
        throw UsageError(s.name() + ": alpha must be in [0,1], got " + format_number(p.nv.alpha));
    if (!(p.beta >= 0 && p.beta <= 1))
        throw UsageError(s.name() + ": beta must be in [0,1], got " + format_number(p.beta));
    if (p.nv.rel < 1) throw UsageError(s.name() + ": rel must be at least 1, got " + std::to_string(p.nv.rel));
    return p;
}

const char kErrIa[] =
    "Chapelle et al., Expected Reciprocal Rank for Graded Relevance (CIKM 2009); Agrawal et al., "
    "Diversifying Search Results (WSDM 2009); Clarke et al., A Comparative Analysis of Cascade Measures "
    "for Novelty and Diversity (WSDM 2011); NIST ndeval v4.5";
const char kAlphaNdcg[] =
    "Clarke et al., Novelty and Diversity in Information Retrieval Evaluation (SIGIR 2008); Sakai, "
    "PROMISE 2013, Sec. 3.1, Eq. 25; NIST ndeval v4.5";
const char kNrbp[] =
    "Clarke, Kolla & Vechtomova, An Effectiveness Measure for Ambiguous and Underspecified Queries "
    "(ICTIR 2009); NIST ndeval v4.5";
const char kIa[] =
    "Agrawal et al., Diversifying Search Results (WSDM 2009); Sakai, PROMISE 2013, Sec. 3.1, Eq. 26; NIST "
    "ndeval v4.5";

MeasureInfo ndeval_measure(const char* name, std::vector<std::string> aliases, const char* help, const char* cite,
                           bool cutoff, std::vector<ParamInfo> params) {
    MeasureInfo m;
    m.name = name;
    m.aliases = std::move(aliases);
    m.family = "diversity";
    m.needs = {Need::DiversityQrels};
    m.help = help;
    m.citation = cite;
    if (cutoff) {
        m.cutoff = CutoffKind::Int;
        m.cutoff_required = true;
    }
    m.params = std::move(params);
    m.params.push_back(div_rel_param());
    m.params.push_back(judged_only_param());
    return m;
}

/// The graded variant's parameters (alpha_DCG, alpha_nDCG, NRBP, nNRBP): graded, max_grade, gains.
void add_graded_params(MeasureInfo& m) {
    m.params.push_back(
        {"graded", ParamKind::Bool, "False",
         "False: ndeval's binary relevance per intent; True: the RBU paper's graded r(d,t) = (2^g - 1)/2^max_grade "
         "(Amigo et al., SIGIR 2018, Sec. 4.3)"});
    for (ParamInfo p : {max_grade_param(), gains_param()}) {
        p.help += " (graded=True only)";
        m.params.push_back(p);
    }
    m.help += " graded=True: each intent's gain is r(d,t) (2^g - 1)/2^max_grade instead of 1 (the RBU paper's form).";
    m.citation += "; graded: Amigo, Spina & Carrillo-de-Albornoz, SIGIR 2018, Sec. 4.3";
    auto make = m.make;
    m.make = [make](const MeasureSpec& s) {
        if (!s.bool_param("graded") && (s.param("gains").given || s.param("max_grade").given))
            throw UsageError(s.name() + ": gains and max_grade apply only with graded=True");
        return make(s);
    };
}

}  // namespace

// Defined in intent_aware.cpp: ERR_IA(graded=True)@k.
std::unique_ptr<TopicMeasure> graded_err_ia(const MeasureSpec& s);

void add_ndeval_measures(std::vector<MeasureInfo>& out) {
    std::size_t first = out.size();
    {
        MeasureInfo m = ndeval_measure("ERR_IA", {"ERR-IA"},
                                       "Intent-aware ERR@k as ndeval: binary per-intent relevance, novelty gains "
                                       "(1-alpha)^n over rank, normalised "
                                       "by an ideal list relevant to every intent. graded=True: Chapelle's ERR-IA, sum "
                                       "of Pr(i|q) ERR_i@k, ERR_i as "
                                       "irlens' ERR on the intent's graded judgments.",
                                       kErrIa, true, {alpha_param()});
        m.params.push_back(
            {"graded", ParamKind::Bool, "False",
             "False: ndeval's ERR-IA; True: Chapelle et al.'s graded ERR-IA weighted by the intent probabilities"});
        for (ParamInfo p : {max_grade_param(), gains_param()}) {
            p.help += " (graded=True only)";
            m.params.push_back(p);
        }
        m.make = [](const MeasureSpec& s) -> std::unique_ptr<TopicMeasure> {
            if (s.bool_param("graded")) return graded_err_ia(s);
            if (s.param("gains").given || s.param("max_grade").given)
                throw UsageError(s.name() + ": gains and max_grade apply only with graded=True");
            NdevalParams p = ndeval_params(s);
            long k = s.cutoff_int();
            return traced([=](const TopicView& v, auto& t) {
                const IntentRankings& ir = intent_rankings(v, p.judged_only);
                show_ranking(v, ir, t);
                if constexpr (std::decay_t<decltype(t)>::on) t.formula(kErrIaFormula + novelty_words(p.nv));
                long m = ir.topic.intents_with_relevant(p.nv.rel);
                return ideal_ideal_normalised(run_gains(ir, p.nv, k, t), m, p.nv.alpha, k, err_discounted, t);
            });
        };
        out.push_back(m);
    }
    // alpha-DCG@k / alpha-nDCG@k and nERR-IA@k: run over ideal, both ideal-ideal normalised.
    auto normalised = [](const char* name, std::vector<std::string> aliases, const char* help, bool err) {
        MeasureInfo m =
            ndeval_measure(name, std::move(aliases), help, err ? kErrIa : kAlphaNdcg, true, {alpha_param()});
        m.make = [err](const MeasureSpec& s) -> std::unique_ptr<TopicMeasure> {
            NdevalParams p = ndeval_params(s);
            long k = s.cutoff_int();
            auto value = [=](const std::vector<double>& gains, long m, auto& t, const std::string& who, bool columns) {
                return err ? ideal_ideal_normalised(gains, m, p.nv.alpha, k, err_discounted, t, who, columns)
                           : ideal_ideal_normalised(gains, m, p.nv.alpha, k, dcg_discounted, t, who, columns);
            };
            return traced_with_ideal(
                [=](const TopicIntents& ti, const EvalContext& c, auto& t) {
                    if constexpr (std::decay_t<decltype(t)>::on)
                        t.formula((err ? "nERR-IA@k = ERR-IA@k / ERR-IA@k of the greedy ideal ranking; "
                                       : "alpha-nDCG@k = alpha-DCG@k / alpha-DCG@k of the greedy ideal ranking; ") +
                                  std::string(err ? kErrIaFormula : kAlphaDcgFormula) + novelty_words(p.nv));
                    return value(ideal_gains(ti, p.novelty(*c.qrels), k, t), ti.intents_with_relevant(p.nv.rel), t,
                                 "ideal", false);
                },
                [=](const TopicView& v, double ideal, auto& t) {
                    const IntentRankings& ir = intent_rankings(v, p.judged_only);
                    show_ranking(v, ir, t);
                    std::vector<double> gains = run_gains(ir, p.novelty(v.qrels()), k, t);
                    bool any = false;
                    for (double g : gains) any |= g != 0;
                    if (!any) {
                        t.term("the run gains nothing in the top k, so", 0.0);
                        return 0.0;
                    }
                    double run = value(gains, ir.topic.intents_with_relevant(p.nv.rel), t, "run", true);
                    t.term("ideal (normalised as the run)", ideal);
                    t.term("run / ideal", run / ideal);
                    return run / ideal;
                });
        };
        return m;
    };
    out.push_back(
        normalised("nERR_IA", {"nERR-IA"},
                   "ERR-IA@k (ndeval) over the ERR-IA@k of ndeval's greedy ideal ranking (collection-dependent "
                   "normalisation).",
                   true));
    {
        MeasureInfo m =
            ndeval_measure("alpha_DCG", {"alpha-DCG"},
                           "alpha-DCG@k as ndeval: novelty-biased gains (1-alpha)^n per intent, discounted by "
                           "log2(rank+1), over the same for an ideal list relevant to every intent.",
                           kAlphaNdcg, true, {alpha_param()});
        m.make = [](const MeasureSpec& s) -> std::unique_ptr<TopicMeasure> {
            NdevalParams p = ndeval_params(s);
            long k = s.cutoff_int();
            return traced([=](const TopicView& v, auto& t) {
                const IntentRankings& ir = intent_rankings(v, p.judged_only);
                show_ranking(v, ir, t);
                if constexpr (std::decay_t<decltype(t)>::on) t.formula(kAlphaDcgFormula + novelty_words(p.nv));
                return ideal_ideal_normalised(run_gains(ir, p.novelty(v.qrels()), k, t),
                                              ir.topic.intents_with_relevant(p.nv.rel), p.nv.alpha, k, dcg_discounted,
                                              t);
            });
        };
        add_graded_params(m);
        out.push_back(m);
    }
    {
        MeasureInfo m =
            normalised("alpha_nDCG", {"alpha-nDCG"},
                       "alpha-nDCG@k (Clarke et al. 2008) as ndeval: alpha-DCG@k over alpha-DCG@k of the greedy "
                       "ideal ranking.",
                       false);
        add_graded_params(m);
        out.push_back(m);
    }
    auto nrbp_measure = [](const char* name, std::vector<std::string> aliases, const char* help, bool normalise) {
        MeasureInfo m = ndeval_measure(name, std::move(aliases), help, kNrbp, false, {alpha_param(), beta_param()});
        m.make = [normalise](const MeasureSpec& s) -> std::unique_ptr<TopicMeasure> {
            NdevalParams p = ndeval_params(s);
            const long all = std::numeric_limits<long>::max();
            auto run_nrbp = [=](const TopicView& v, auto& t) {
                const IntentRankings& ir = intent_rankings(v, p.judged_only);
                show_ranking(v, ir, t);
                if constexpr (std::decay_t<decltype(t)>::on)
                    t.formula(std::string(normalise ? "nNRBP = NRBP / NRBP of the greedy ideal ranking; " : "") +
                              kNrbpFormula + novelty_words(p.nv) + ", beta = " + format_number(p.beta));
                return nrbp(run_gains(ir, p.novelty(v.qrels()), all, t), ir.topic.intents_with_relevant(p.nv.rel),
                            p.nv.alpha, p.beta, t);
            };
            if (!normalise) return traced(run_nrbp);
            return traced_with_ideal(
                [=](const TopicIntents& ti, const EvalContext& c, auto& t) {
                    return nrbp(ideal_gains(ti, p.novelty(*c.qrels), all, t), ti.intents_with_relevant(p.nv.rel),
                                p.nv.alpha, p.beta, t, "ideal");
                },
                [=](const TopicView& v, double ideal, auto& t) {
                    if (!(ideal > 0)) {
                        t.term("the ideal NRBP is 0, so", 0.0);
                        return 0.0;
                    }
                    double run = run_nrbp(v, t);
                    t.term("run NRBP / ideal NRBP", run / ideal);
                    return run / ideal;
                });
        };
        return m;
    };
    for (bool normalise : {false, true}) {
        MeasureInfo m = normalise
                            ? nrbp_measure("nNRBP", {}, "NRBP over the NRBP of ndeval's greedy ideal ranking.", true)
                            : nrbp_measure("NRBP", {},
                                           "Novelty- and rank-biased precision as ndeval: sum of novelty-biased gain * "
                                           "beta^(rank-1) over the whole ranking, times (1 - (1-alpha) beta) / m.",
                                           false);
        add_graded_params(m);
        out.push_back(m);
    }
    {
        MeasureInfo m =
            ndeval_measure("AP_IA", {"MAP_IA", "MAP-IA"},
                           "Intent-aware average precision as ndeval's MAP-IA: the mean over intents of each "
                           "intent's AP (binary per-intent judgments).",
                           kIa, false, {});
        m.make = [](const MeasureSpec& s) {
            NdevalParams p = ndeval_params(s);
            return traced([=](const TopicView& v, auto& t) {
                const IntentRankings& ir = intent_rankings(v, p.judged_only);
                show_ranking(v, ir, t);
                return ap_ia(ir, p.nv.rel, t);
            });
        };
        out.push_back(m);
    }
    {
        MeasureInfo m =
            ndeval_measure("P_IA", {"P-IA"},
                           "Intent-aware precision@k as ndeval: relevant (document, intent) pairs in the top k over "
                           "k times the number of intents.",
                           kIa, true, {});
        m.make = [](const MeasureSpec& s) {
            NdevalParams p = ndeval_params(s);
            long k = s.cutoff_int();
            return traced([=](const TopicView& v, auto& t) {
                const IntentRankings& ir = intent_rankings(v, p.judged_only);
                show_ranking(v, ir, t);
                return p_ia(ir, p.nv.rel, k, t);
            });
        };
        out.push_back(m);
    }
    {
        MeasureInfo m =
            ndeval_measure("StRecall", {"strec", "S-Recall", "I-rec"},
                           "Subtopic (intent) recall: the fraction of the topic's intents with a relevant document "
                           "in the top k (the whole ranking without @k); ndeval's strec, Sakai's I-rec.",
                           "Zhai, Cohen & Lafferty, Beyond Independent Relevance (SIGIR 2003); Sakai, PROMISE "
                           "2013, Sec. 3.1, Eq. 24 (I-rec); NIST ndeval v4.5",
                           false, {});
        m.cutoff = CutoffKind::Int;
        m.make = [](const MeasureSpec& s) {
            NdevalParams p = ndeval_params(s);
            long k = s.has_cutoff() ? s.cutoff_int() : -1;
            return traced([=](const TopicView& v, auto& t) {
                const IntentRankings& ir = intent_rankings(v, p.judged_only);
                show_ranking(v, ir, t);
                return intent_recall(ir, k, p.nv.rel, t);
            });
        };
        out.push_back(m);
    }
    mark_diversity(out, first);
}

}  // namespace irlens::measures
