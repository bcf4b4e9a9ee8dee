// Average precision and its relatives: AP (map, map_cut), infAP, yaap, interpolated precision at
// recall levels (iprec_at_recall, 11pt_avg) and reciprocal rank. trec_eval 10.0 (m_map.c,
// m_map_cut.c, m_infap.c, m_yaap.c, m_iprec_at_recall.c, m_11pt_avg.c, m_recip_rank.c; NIST),
// number for number.
#include "measures/average_precision.hpp"

#include "measures/common.hpp"
#include "measures/trace.hpp"

#include <algorithm>
#include <cmath>

#include "irlens/error.hpp"

namespace irlens::measures {

/// m_map.c / m_map_cut.c: sum over relevant docs in the first k ranks of precision at their rank,
/// over the number of relevant docs. k < 0: the whole ranking. With depth_normalised
/// (AP(denom=min)@l), the sum is over min(l, R) instead: Sakai, PROMISE 2013, Eq. 10, so that the
/// best possible value is 1 even when l < R. Traced for explain mode (columns: relevant, relevant
/// so far, precision at a relevant rank, running sum).
template <class T>
double average_precision(const Ranking& r, long k, bool depth_normalised, T& t) {
    t.ranking(r);
    if constexpr (T::on)
        t.formula("AP = (sum over relevant retrieved documents of precision at their rank) / " +
                  std::string(depth_normalised ? "min(k, R)" : "R") + (k < 0 ? "" : ", ranks beyond k not counted"));
    std::size_t c = t.columns({"relevant", "relevant so far", "precision at rank", "sum of precisions"});
    long n = k < 0 ? r.num_ret : std::min(k, r.num_ret);
    long rel_so_far = 0;
    double sum = 0.0;
    for (long i = 0; i < n; ++i) {
        if (r.rels[static_cast<std::size_t>(i)] >= r.rel_level) {
            ++rel_so_far;
            sum += static_cast<double>(rel_so_far) / static_cast<double>(i + 1);
            if constexpr (T::on)
                t.row(i,
                      {1.0, static_cast<double>(rel_so_far),
                       static_cast<double>(rel_so_far) / static_cast<double>(i + 1), sum},
                      c);
        } else if constexpr (T::on) {
            t.row(i, {0.0, static_cast<double>(rel_so_far), std::nan(""), sum}, c);
        }
    }
    t.term("sum of precisions at relevant ranks", sum);
    t.term("R (relevant judged)", static_cast<double>(r.num_rel));
    double v;
    if (k < 0) {
        v = rel_so_far ? sum / static_cast<double>(r.num_rel) : 0.0;
    } else {
        long denom = depth_normalised ? std::min(k, r.num_rel) : r.num_rel;
        v = denom ? sum / static_cast<double>(denom) : 0.0;
    }
    t.term(depth_normalised ? "AP = sum / min(k, R)" : "AP = sum / R", v);
    return v;
}

/// Untraced AP, for other families (judgment groups).
double average_precision(const Ranking& r, long k, bool depth_normalised) {
    NoTrace t;
    return average_precision(r, k, depth_normalised, t);
}

namespace {

/// m_infap.c (Yilmaz & Aslam, CIKM 2006), as trec_eval computes it. Traced for explain mode
/// (columns: judged relevant, judged non-relevant so far, pooled unjudged so far, the rank's term,
/// running sum).
template <class T>
double inferred_ap(const Ranking& r, T& t) {
    const double eps = 0.00001;  // INFAP_EPSILON
    t.ranking(r);
    t.formula(
        "infAP = (1/R) sum over relevant ranks k of [1/k + ((k-1)/k) (|d100 above k| / (k-1)) "
        "((rel above k + eps) / (rel + nonrel above k + 2 eps))], d100 = judged or pooled-unjudged "
        "documents (Yilmaz & Aslam 2006); documents not in the pool are skipped");
    std::size_t c = t.columns({"relevant", "non-relevant so far", "pooled unjudged so far", "term", "sum of terms"});
    long nonrel_so_far = 0, rel_so_far = 0, pool_unjudged_so_far = 0;
    double inf_ap = 0.0;
    for (long j = 0; j < r.num_ret; ++j) {
        int rel = r.rels[static_cast<std::size_t>(j)];
        if (rel == kNotInPool) continue;
        if (rel == kUnjudged) {
            ++pool_unjudged_so_far;
            if constexpr (T::on)
                t.row(j,
                      {std::nan(""), static_cast<double>(nonrel_so_far), static_cast<double>(pool_unjudged_so_far),
                       std::nan(""), inf_ap},
                      c);
            continue;
        }
        if (rel >= 0 && rel < r.rel_level) {
            ++nonrel_so_far;
            if constexpr (T::on)
                t.row(j,
                      {0.0, static_cast<double>(nonrel_so_far), static_cast<double>(pool_unjudged_so_far), std::nan(""),
                       inf_ap},
                      c);
        } else {
            ++rel_so_far;
            double before = inf_ap;
            if (j == 0) {
                inf_ap += 1.0;
            } else {
                double fj = static_cast<double>(j);
                inf_ap += 1.0 / (fj + 1.0) + (fj / (fj + 1.0)) *
                                                 ((rel_so_far - 1 + nonrel_so_far + pool_unjudged_so_far) / fj) *
                                                 ((rel_so_far - 1 + eps) / (rel_so_far - 1 + nonrel_so_far + 2 * eps));
            }
            if constexpr (T::on)
                t.row(j,
                      {1.0, static_cast<double>(nonrel_so_far), static_cast<double>(pool_unjudged_so_far),
                       inf_ap - before, inf_ap},
                      c);
        }
    }
    t.term("sum of terms", inf_ap);
    t.term("R (relevant judged)", static_cast<double>(r.num_rel));
    if (r.num_rel) inf_ap /= r.num_rel;
    t.term("infAP = sum / R (the sum itself when R = 0)", inf_ap);
    return inf_ap;
}

/// m_yaap.c: log((1 + s) / (1 + R - s)), s = the sum of precisions at relevant docs (Robertson,
/// "On Smoothing Average Precision", ECIR 2012). Traced (columns as AP's).
template <class T>
double yaap(const Ranking& r, T& t) {
    t.ranking(r);
    t.formula(
        "YAAP = log((1 + S) / (1 + R - S)), S = sum over relevant retrieved documents of precision at their rank");
    std::size_t c = t.columns({"relevant", "relevant so far", "precision at rank", "S so far"});
    long rel_so_far = 0;
    double sum = 0.0;
    for (long i = 0; i < r.num_ret; ++i) {
        if (r.rels[static_cast<std::size_t>(i)] >= r.rel_level) {
            ++rel_so_far;
            sum += static_cast<double>(rel_so_far) / static_cast<double>(i + 1);
            if constexpr (T::on)
                t.row(i,
                      {1.0, static_cast<double>(rel_so_far),
                       static_cast<double>(rel_so_far) / static_cast<double>(i + 1), sum},
                      c);
        } else if constexpr (T::on) {
            t.row(i, {0.0, static_cast<double>(rel_so_far), std::nan(""), sum}, c);
        }
    }
    t.term("S (sum of precisions)", sum);
    t.term("R (relevant judged)", static_cast<double>(r.num_rel));
    double v = std::log((1.0 + sum) / (1.0 + static_cast<double>(r.num_rel) - sum));
    t.term("YAAP = log((1 + S) / (1 + R - S))", v);
    return v;
}

/// lround(x * R), the number of relevant documents recall level x needs (m_iprec_at_recall.c),
/// clamped to [-1, R + 1]: values below 0 or above R all behave alike, and a huge or infinite level
/// can no longer overflow lround (found by the fuzzer).
long recall_cutoff(double x, long num_rel) {
    double c = std::round(x * static_cast<double>(num_rel));
    if (std::isnan(c) || c > static_cast<double>(num_rel)) return num_rel + 1;
    if (c < -1) return -1;
    return static_cast<long>(c);
}

/// Rows of the interpolated-precision measures: relevant, relevant so far, precision at the rank,
/// and the interpolated precision (the highest precision at this rank or below), which is what
/// r.interpolated_precision() holds per relevant document.
template <class T>
void interpolation_rows(const Ranking& r, T& t) {
    if constexpr (T::on) {
        t.ranking(r);
        std::size_t c = t.columns({"relevant", "relevant so far", "precision at rank", "interpolated precision"});
        std::vector<double> best(static_cast<std::size_t>(r.num_ret));
        double m = 0.0;
        long rel = r.num_rel_ret;
        for (long i = r.num_ret; i > 0; --i) {  // the backward scan of m_iprec_at_recall.c
            m = std::max(m, static_cast<double>(rel) / static_cast<double>(i));
            best[static_cast<std::size_t>(i - 1)] = m;
            if (r.rels[static_cast<std::size_t>(i - 1)] >= r.rel_level) --rel;
        }
        long so_far = 0;
        for (long i = 0; i < r.num_ret; ++i) {
            bool is_rel = r.rels[static_cast<std::size_t>(i)] >= r.rel_level;
            so_far += is_rel;
            t.row(i,
                  {is_rel ? 1.0 : 0.0, static_cast<double>(so_far),
                   static_cast<double>(so_far) / static_cast<double>(i + 1), best[static_cast<std::size_t>(i)]},
                  c);
        }
    }
}

/// m_iprec_at_recall.c for one recall level x: the interpolated precision
/// max_{rank >= rank of the lround(x * R)-th relevant doc} P(rank); 0 when that many relevant docs
/// were not retrieved. (A negative level needs no relevant doc, as level 0.)
template <class T>
double interpolated_precision(const Ranking& r, double x, T& t) {
    t.formula(
        "IPrec@x = max over ranks at or after the one holding the c-th relevant document of P(rank), "
        "c = round(x * R); 0 when fewer than c relevant documents were retrieved");
    interpolation_rows(r, t);
    long cutoff = recall_cutoff(x, r.num_rel);
    t.term("R (relevant judged)", static_cast<double>(r.num_rel));
    t.term("c = round(x * R)", static_cast<double>(cutoff));
    t.term("relevant retrieved", static_cast<double>(r.num_rel_ret));
    if (cutoff > r.num_rel_ret) {
        t.term("IPrec@x (c > relevant retrieved)", 0.0);
        return 0.0;
    }
    double v = r.interpolated_precision()[static_cast<std::size_t>(std::max(cutoff, 0L))];
    t.term("IPrec@x = interpolated precision at the c-th relevant document", v);
    return v;
}

/// m_11pt_avg.c: interpolated precision averaged over the recall levels xs, replayed exactly
/// (trec_eval does not sort these levels, and its scan depends on their order). Traced: the rows
/// of the interpolation, one term per level added.
template <class T>
double interpolated_precision_avg(const Ranking& r, const std::vector<double>& xs, T& t) {
    t.formula("IPrecAvg = (sum over the recall levels x of IPrec@x) / (number of levels)");
    interpolation_rows(r, t);
    std::vector<long> cutoffs;
    for (double x : xs) cutoffs.push_back(recall_cutoff(x, r.num_rel));
    long cut = static_cast<long>(cutoffs.size()) - 1;
    while (cut >= 0 && cutoffs[static_cast<std::size_t>(cut)] > r.num_rel_ret) --cut;
    double precis = static_cast<double>(r.num_rel_ret) / static_cast<double>(r.num_ret);
    double int_precis = precis, sum = 0.0;
    long rel_so_far = r.num_rel_ret;
    for (long i = r.num_ret; i > 0 && rel_so_far > 0; --i) {
        precis = static_cast<double>(rel_so_far) / static_cast<double>(i);
        if (int_precis < precis) int_precis = precis;
        if (r.rels[static_cast<std::size_t>(i - 1)] >= r.rel_level) {
            while (cut >= 0 && rel_so_far == cutoffs[static_cast<std::size_t>(cut)]) {
                sum += int_precis;
                if constexpr (T::on) t.term("IPrec@" + format_number(xs[static_cast<std::size_t>(cut)]), int_precis);
                --cut;
            }
            --rel_so_far;
        }
    }
    for (; cut >= 0; --cut) {
        sum += int_precis;
        if constexpr (T::on) t.term("IPrec@" + format_number(xs[static_cast<std::size_t>(cut)]), int_precis);
    }
    if constexpr (T::on) {
        t.term("sum over the levels reached (the others are 0)", sum);
        t.term("number of levels", static_cast<double>(xs.size()));
    }
    double v = sum / static_cast<double>(xs.size());
    t.term("IPrecAvg = sum / levels", v);
    return v;
}

/// m_recip_rank.c, optionally restricted to the top k. Traced for explain mode.
template <class T>
double reciprocal_rank(const Ranking& r, long k, T& t) {
    t.ranking(r);
    if constexpr (T::on)
        t.formula("RR = 1 / (rank of the first relevant document), 0 if none" +
                  std::string(k < 0 ? "" : " in the top k"));
    std::size_t c = t.columns({"relevant"});
    long n = k < 0 ? r.num_ret : std::min(k, r.num_ret);
    for (long i = 0; i < n; ++i) {
        bool rel = r.rels[static_cast<std::size_t>(i)] >= r.rel_level;
        if constexpr (T::on) t.row(i, {rel ? 1.0 : 0.0}, c);
        if (rel) {
            t.term("rank of the first relevant document", static_cast<double>(i + 1));
            t.term("RR = 1 / rank", 1.0 / static_cast<double>(i + 1));
            return 1.0 / static_cast<double>(i + 1);
        }
    }
    t.term("RR (no relevant document)", 0.0);
    return 0.0;
}

}  // namespace

void add_average_precision_measures(std::vector<MeasureInfo>& out) {
    Rows rows(out, "average precision");
    rows.add("AP")
        .alias("MAP")
        .alias("map")
        .help(
            "Average precision: precision at each relevant document retrieved (in the top k with @k), "
            "summed over the number of relevant documents R (AP@k is trec_eval's map_cut.k), or over "
            "min(k, R) with denom=min.")
        .cite(
            "Buckley & Voorhees (2005); Harman (1992); Sakai, PROMISE 2013, Eqs. 9-10 (denom=min); "
            "trec_eval 10.0 (NIST), m_map.c, m_map_cut.c")
        .cutoff()
        .params({ParamInfo::word("denom",
                                 "what the sum of precisions is divided by: R (relevant documents, trec_eval) or "
                                 "min (min(k, R) for AP@k: the measurement-depth normalisation of Sakai's Eq. 10)")
                     .defaults_to("R")
                     .one_of({"R", "min"}),
                 rel_param(), judged_only_param()})
        .trec(trec("map", 5))
        .trec(trec("gm_map", 6).geometric())
        .trec(trec("map_cut", 27).cutoffs(kTrecCutoffs))
        .make([](const MeasureSpec& s) {
            long k = s.has_cutoff() ? s.cutoff_int() : -1;
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            bool by_depth = s.word_param("denom") == "min";
            return traced(
                [=](const TopicView& v, auto& t) { return average_precision(v.ranking(level, jo), k, by_depth, t); });
        });
    rows.add("infAP")
        .help(
            "Inferred AP for sampled pools: docs judged negative count as pooled-but-unjudged, "
            "docs not in the qrels as non-relevant.")
        .cite(
            "Yilmaz & Aslam, Estimating Average Precision with Incomplete and Imperfect Judgments "
            "(CIKM 2006); trec_eval 10.0 (NIST), m_infap.c")
        .params({rel_param()})
        .trec(trec("infAP", 14))
        .make([](const MeasureSpec& s) {
            long level = s.int_param("rel");
            return traced([=](const TopicView& v, auto& t) { return inferred_ap(v.ranking(level), t); });
        });
    rows.add("YAAP")
        .alias("yaap")
        .help("Yet another AP: log((1 + S) / (1 + R - S)), S the sum of precisions at relevant docs.")
        .cite("Robertson, On Smoothing Average Precision (ECIR 2012); trec_eval 10.0 (NIST), m_yaap.c")
        .params({rel_param(), judged_only_param()})
        .values(Range())
        .trec(trec("yaap", 53))
        .make([](const MeasureSpec& s) {
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            return traced([=](const TopicView& v, auto& t) { return yaap(v.ranking(level, jo), t); });
        });
    rows.add("IPrec")
        .help(
            "Interpolated precision at recall level x (IPrec@0.3): the highest precision at any rank "
            "at or after the one where recall x is reached.")
        .cite("Sakai, Metrics, Statistics, Tests (PROMISE 2013), Eq. 7; trec_eval 10.0 (NIST), m_iprec_at_recall.c")
        .cutoff_required(CutoffKind::Real)
        .cutoff_help("recall level in [0,1]")
        .cutoff_in(Range::unit())
        .params({rel_param(), judged_only_param()})
        .trec(trec("iprec_at_recall", 10).levels(kTrecRecallLevels))
        .make([](const MeasureSpec& s) {
            double x = s.cutoff();
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            return traced(
                [=](const TopicView& v, auto& t) { return interpolated_precision(v.ranking(level, jo), x, t); });
        });
    rows.add("IPrecAvg")
        .alias("11pt_avg")
        .help("Interpolated precision averaged over recall levels (default: the 11 points 0, 0.1 ... 1).")
        .cite(
            "Sakai, Metrics, Statistics, Tests (PROMISE 2013), Eq. 8 (11-point average precision); trec_eval 10.0 "
            "(NIST), "
            "m_11pt_avg.c")
        .params({ParamInfo::reals("recall", "the recall levels averaged")
                     .defaults_to("[0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1]")
                     .in(Range::unit()),
                 rel_param(), judged_only_param()})
        .trec(trec("11pt_avg", 18).numbers(kTrecRecallLevels).fill({"recall"}))
        .make([](const MeasureSpec& s) {
            std::vector<double> xs = s.param("recall").reals;
            if (xs.empty()) throw UsageError("IPrecAvg: recall must list at least one level");
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            return traced(
                [=](const TopicView& v, auto& t) { return interpolated_precision_avg(v.ranking(level, jo), xs, t); });
        });
    rows.add("RR")
        .alias("MRR")
        .alias("recip_rank")
        .help("Reciprocal rank of the first relevant document (in the top k with @k).")
        .cite("Kantor & Voorhees (2000); trec_eval 10.0 (NIST), m_recip_rank.c")
        .cutoff()
        .params({rel_param(), judged_only_param()})
        .trec(trec("recip_rank", 9))
        .make([](const MeasureSpec& s) {
            long k = s.has_cutoff() ? s.cutoff_int() : -1;
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            return traced([=](const TopicView& v, auto& t) { return reciprocal_rank(v.ranking(level, jo), k, t); });
        });
}

}  // namespace irlens::measures
