// Cutoff measures: precision, recall, success and relative precision at k; R-precision and
// precision at multiples of R. trec_eval 10.0 (m_P.c, m_recall.c, m_success.c, m_rel_P.c,
// m_Rprec.c, m_Rprec_mult.c; NIST), number for number. A cutoff beyond the ranking counts the
// missing ranks as non-relevant.
#include "measures/precision.hpp"

#include "measures/common.hpp"
#include "measures/trace.hpp"

#include <algorithm>
#include <limits>
#include <climits>

namespace irlens::measures {

namespace {

// The cutoff measures are templates over the tracer of explain mode (measures/trace.hpp): NoTrace
// in the normal path, Trace when explaining. Row columns: relevant (0/1), relevant so far.
template <class T>
long relevant_in_top(const Ranking& r, long k, T& t) {
    long n = std::min(k, r.num_ret), rel = 0;
    t.ranking(r);
    std::size_t c = t.columns({"relevant", "relevant so far"});
    for (long i = 0; i < n; ++i) {
        bool is_rel = r.rels[static_cast<std::size_t>(i)] >= r.rel_level;
        rel += is_rel;
        if constexpr (T::on) t.row(i, {is_rel ? 1.0 : 0.0, static_cast<double>(rel)}, c);
    }
    if constexpr (T::on) t.term("relevant in the top k (k = " + std::to_string(k) + ")", static_cast<double>(rel));
    return rel;
}

/// van Rijsbergen (1979); m_P.c: P@k = relevant in the top k / k.
struct PrecisionAt {
    template <class T>
    double operator()(const Ranking& r, long k, T& t) const {
        t.formula("P@k = (relevant documents in the top k) / k; missing ranks count as non-relevant");
        double v = static_cast<double>(relevant_in_top(r, k, t)) / static_cast<double>(k);
        t.term("P@k = relevant / k", v);
        return v;
    }
};
/// m_recall.c: R@k = relevant in the top k / R (0 when R = 0).
struct RecallAt {
    template <class T>
    double operator()(const Ranking& r, long k, T& t) const {
        t.formula("R@k = (relevant documents in the top k) / R, R = relevant documents judged for the topic");
        long rel = relevant_in_top(r, k, t);
        t.term("R (relevant judged)", static_cast<double>(r.num_rel));
        double v = r.num_rel ? static_cast<double>(rel) / static_cast<double>(r.num_rel) : 0.0;
        t.term("R@k = relevant / R", v);
        return v;
    }
};
/// m_success.c: 1 if a relevant document is in the top k.
struct SuccessAt {
    template <class T>
    double operator()(const Ranking& r, long k, T& t) const {
        t.formula("Success@k = 1 if a relevant document is in the top k, else 0");
        double v = relevant_in_top(r, k, t) ? 1.0 : 0.0;
        t.term("Success@k", v);
        return v;
    }
};
/// m_rel_P.c: precision relative to the best possible at k, i.e. P@k up to R and recall after.
struct RelativePAt {
    template <class T>
    double operator()(const Ranking& r, long k, T& t) const {
        t.formula("RelP@k = (relevant documents in the top k) / min(k, R)");
        if (!r.num_rel) {
            t.term("R (relevant judged)", 0.0);
            t.term("RelP@k (R = 0)", 0.0);
            return 0.0;
        }
        long rel = relevant_in_top(r, k, t);
        double v = static_cast<double>(rel) / static_cast<double>(k > r.num_rel ? r.num_rel : k);
        t.term("min(k, R)", static_cast<double>(k > r.num_rel ? r.num_rel : k));
        t.term("RelP@k = relevant / min(k, R)", v);
        return v;
    }
};
/// m_Rprec.c: precision after R = num_rel documents. Traced (rows of relevant_in_top).
template <class T>
double r_precision(const Ranking& r, T& t) {
    t.formula("Rprec = (relevant documents in the top R) / R, R = relevant documents judged for the topic");
    t.term("R (relevant judged)", static_cast<double>(r.num_rel));
    long n = std::min(r.num_ret, r.num_rel);
    if (!n) {
        t.term("Rprec (no document to count: R = 0 or nothing retrieved)", 0.0);
        return 0.0;
    }
    double v = static_cast<double>(relevant_in_top(r, n, t)) / static_cast<double>(r.num_rel);
    t.term("Rprec = relevant / R", v);
    return v;
}
}  // namespace

/// m_Rprec_mult.c for one multiple m of R: cutoff = (long)(m * R + 0.9). Beyond the ranking the
/// value is num_rel_ret / cutoff; otherwise precision at the cutoff, but only where a relevant
/// document occurs at or after it (trec_eval's backwards scan stops at the first relevant doc).
/// Traced: rows of the backward scan (relevant, relevant at or above the rank).
template <class T>
double r_precision_mult(const Ranking& r, double mult, T& t) {
    t.ranking(r);
    t.formula(
        "RprecMult = (relevant documents in the top c) / c, c = (long)(mult * R + 0.9); trec_eval's backward "
        "scan gives 0 when no relevant document is at or below rank c");
    // trec_eval's (long) cast, saturated so that a huge or infinite mult cannot overflow it (a
    // cutoff beyond the ranking is all that matters then; found by the fuzzer's UBSan build).
    double c = mult * static_cast<double>(r.num_rel) + 0.9;
    long cutoff = c < static_cast<double>(LONG_MAX) && c > static_cast<double>(LONG_MIN) ? static_cast<long>(c)
                  : c < 0                                                                ? LONG_MIN
                                                                                         : LONG_MAX;
    t.term("R (relevant judged)", static_cast<double>(r.num_rel));
    t.term("c = (long)(mult * R + 0.9)", static_cast<double>(cutoff));
    std::size_t col = t.columns({"relevant", "relevant at or above"});
    if (cutoff > r.num_ret) {
        double v = static_cast<double>(r.num_rel_ret) / static_cast<double>(cutoff);
        t.term("relevant retrieved (c is beyond the ranking)", static_cast<double>(r.num_rel_ret));
        t.term("RprecMult = relevant retrieved / c", v);
        return v;
    }
    long rel_so_far = r.num_rel_ret;
    for (long i = r.num_ret; i > 0 && rel_so_far > 0; --i) {
        bool is_rel = r.rels[static_cast<std::size_t>(i - 1)] >= r.rel_level;
        if constexpr (T::on) t.row(i - 1, {is_rel ? 1.0 : 0.0, static_cast<double>(rel_so_far)}, col);
        if (i == cutoff) {
            double v = static_cast<double>(rel_so_far) / static_cast<double>(i);
            t.term("relevant in the top c", static_cast<double>(rel_so_far));
            t.term("RprecMult = relevant / c", v);
            return v;
        }
        if (is_rel) --rel_so_far;
    }
    t.term("RprecMult (no relevant document at or below rank c)", 0.0);
    return 0.0;
}

double r_precision_mult(const Ranking& r, double mult) {
    NoTrace t;
    return r_precision_mult(r, mult, t);
}

double precision_at(const Ranking& r, long k) {
    NoTrace t;
    return PrecisionAt{}(r, k, t);
}

namespace {

/// The compiled form of a cutoff measure f(ranking, k, tracer) (PrecisionAt, RecallAt, ...).
template <class F>
auto cutoff_factory(F f) {
    return [f](const MeasureSpec& s) {
        // Only Success's cutoff is optional: without @k, the whole ranking (ranx's hit_rate).
        long k = s.has_cutoff() ? s.cutoff_int() : std::numeric_limits<long>::max();
        long level = s.int_param("rel");
        bool jo = s.bool_param("judged_only");
        return traced([=](const TopicView& v, auto& t) { return f(v.ranking(level, jo), k, t); });
    };
}

}  // namespace

void add_precision_measures(std::vector<MeasureInfo>& out) {
    Rows rows(out, "precision");
    rows.add("P")
        .alias("Precision")
        .help("Precision at k: relevant documents in the top k, over k.")
        .cite("van Rijsbergen (1979); trec_eval 10.0 (NIST), m_P.c")
        .cutoff_required()
        .params({rel_param(), judged_only_param()})
        .trec(trec("P", 11).cutoffs(kTrecCutoffs))
        .make(cutoff_factory(PrecisionAt{}));
    rows.add("R")
        .alias("Recall")
        .help("Recall at k: relevant documents in the top k, over all relevant.")
        .cite("trec_eval 10.0 (NIST), m_recall.c")
        .cutoff_required()
        .params({rel_param(), judged_only_param()})
        .trec(trec("recall", 13).cutoffs(kTrecCutoffs))
        .make(cutoff_factory(RecallAt{}));
    rows.add("Success")
        .help(
            "1 if a relevant document is in the top k, else 0; without @k, anywhere in the ranking (ranx's hit_rate).")
        .cite("trec_eval 10.0 (NIST), m_success.c (S. Tomlinson)")
        .cutoff()
        .params({rel_param(), judged_only_param()})
        .trec(trec("success", 29).cutoffs("1,5,10"))
        .make(cutoff_factory(SuccessAt{}));
    rows.add("RelP")
        .help("Relative precision at k: relevant in the top k over min(k, R).")
        .cite("trec_eval 10.0 (NIST), m_rel_P.c")
        .cutoff_required()
        .params({rel_param(), judged_only_param()})
        .trec(trec("relative_P", 28).cutoffs(kTrecCutoffs))
        .make(cutoff_factory(RelativePAt{}));
    rows.add("Rprec")
        .alias("RPrec")
        .help("R-precision: precision after R documents, R = number of relevant documents.")
        .cite(
            "Buckley & Voorhees, Retrieval System Evaluation (2005); Sakai, Metrics, Statistics, Tests (PROMISE 2013), "
            "Sec. 2.2 (R-prec = Prec(R)); trec_eval 10.0 (NIST), m_Rprec.c")
        .params({rel_param(), judged_only_param()})
        .trec(trec("Rprec", 7))
        .make([](const MeasureSpec& s) {
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            return traced([=](const TopicView& v, auto& t) { return r_precision(v.ranking(level, jo), t); });
        });
    rows.add("RprecMult")
        .alias("Rprec_mult")
        .help("Precision at a multiple of R documents (trec_eval's Rprec_mult).")
        .cite("trec_eval 10.0 (NIST), m_Rprec_mult.c")
        .params({mult_param(), rel_param(), judged_only_param()})
        .trec(trec("Rprec_mult", 16).levels(kTrecMultiples).fill({"mult"}))
        .make([](const MeasureSpec& s) {
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            double mult = s.real_param("mult");
            return traced([=](const TopicView& v, auto& t) { return r_precision_mult(v.ranking(level, jo), mult, t); });
        });
}

}  // namespace irlens::measures
