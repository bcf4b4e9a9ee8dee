// Set (unranked) measures over the whole retrieved set: trec_eval's set_P, set_relative_P,
// set_recall, set_map, set_F and utility (m_set_*.c, m_utility.c; NIST), number for number; and
// the textbook F- and E-measures with beta (van Rijsbergen 1979; Sakai, PROMISE 2013, Eqs. 1-5).
#include "measures/common.hpp"
#include "measures/trace.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <string>

#include "irlens/error.hpp"

namespace irlens::measures {

namespace {

// The set measures are traced for explain mode: the counts they read, as terms, then the value.
template <class T>
void set_counts(const Ranking& r, T& t) {
    t.term("retrieved", static_cast<double>(r.num_ret));
    t.term("relevant retrieved", static_cast<double>(r.num_rel_ret));
    t.term("R (relevant judged)", static_cast<double>(r.num_rel));
}
template <class T>
double set_p(const Ranking& r, T& t) {
    t.formula("SetP = relevant retrieved / retrieved (0 when nothing was retrieved)");
    set_counts(r, t);
    double v = r.num_ret ? static_cast<double>(r.num_rel_ret) / static_cast<double>(r.num_ret) : 0.0;
    t.term("SetP", v);
    return v;
}
template <class T>
double set_rel_p(const Ranking& r, T& t) {
    t.formula("SetRelP = relevant retrieved / min(retrieved, R) (0 when either is 0)");
    set_counts(r, t);
    double v = r.num_ret && r.num_rel
                   ? static_cast<double>(r.num_rel_ret) / static_cast<double>(std::min(r.num_ret, r.num_rel))
                   : 0.0;
    t.term("SetRelP", v);
    return v;
}
template <class T>
double set_r(const Ranking& r, T& t) {
    t.formula("SetR = relevant retrieved / R (0 when R = 0)");
    set_counts(r, t);
    double v = r.num_rel ? static_cast<double>(r.num_rel_ret) / static_cast<double>(r.num_rel) : 0.0;
    t.term("SetR", v);
    return v;
}
template <class T>
double set_ap(const Ranking& r, T& t) {
    t.formula("SetAP = relevant retrieved^2 / (retrieved * R) (0 when either is 0)");
    set_counts(r, t);
    double v = r.num_ret && r.num_rel ? (static_cast<double>(r.num_rel_ret) * static_cast<double>(r.num_rel_ret)) /
                                            (static_cast<double>(r.num_ret) * static_cast<double>(r.num_rel))
                                      : 0.0;
    t.term("SetAP", v);
    return v;
}
/// m_set_F.c: (x+1) P R / (x P + R), x = the weight of recall relative to precision.
template <class T>
double set_f(const Ranking& r, double x, T& t) {
    t.formula(
        "SetF = (beta + 1) P R / (beta P + R), P = relevant retrieved / retrieved, R = relevant retrieved / "
        "relevant judged; 0 when nothing relevant was retrieved");
    set_counts(r, t);
    if (!r.num_rel_ret) {
        t.term("SetF (nothing relevant retrieved)", 0.0);
        return 0.0;
    }
    double p = static_cast<double>(r.num_rel_ret) / static_cast<double>(r.num_ret);
    double rc = static_cast<double>(r.num_rel_ret) / static_cast<double>(r.num_rel);
    t.term("P", p);
    t.term("R", rc);
    double v = (x + 1.0) * p * rc / (x * p + rc);
    t.term("SetF", v);
    return v;
}

/// Sakai, PROMISE 2013, Eq. 5: F = (beta^2 + 1) P R / (beta^2 P + R), P and R of the retrieved set
/// D, which with @k is the top min(k, retrieved) documents (a short ranking is not padded, unlike
/// P@k). 0 when no relevant document is retrieved (P R = 0). E-measure (Eq. 4) is 1 - F.
/// Traced (columns: relevant, relevant so far).
template <class T>
double f_measure(const Ranking& r, long k, double beta, T& t) {
    t.ranking(r);
    std::size_t c = t.columns({"relevant", "relevant so far"});
    long n = k < 0 ? r.num_ret : std::min(k, r.num_ret), rel = 0;
    for (long i = 0; i < n; ++i) {
        rel += r.rels[static_cast<std::size_t>(i)] >= r.rel_level;
        if constexpr (T::on)
            t.row(i, {r.rels[static_cast<std::size_t>(i)] >= r.rel_level ? 1.0 : 0.0, static_cast<double>(rel)}, c);
    }
    t.term("|D| (documents in the set)", static_cast<double>(n));
    t.term("relevant in the set", static_cast<double>(rel));
    t.term("R (relevant judged)", static_cast<double>(r.num_rel));
    if (!rel) {
        t.term("F (nothing relevant in the set)", 0.0);
        return 0.0;
    }
    double p = static_cast<double>(rel) / static_cast<double>(n);
    double rc = static_cast<double>(rel) / static_cast<double>(r.num_rel);
    double b2 = beta * beta;
    t.term("P = relevant / |D|", p);
    t.term("R = relevant / R", rc);
    double v = (b2 + 1.0) * p * rc / (b2 * p + rc);
    t.term("F = (beta^2 + 1) P R / (beta^2 P + R)", v);
    return v;
}

/// F (e = false) or E, compiled.
auto f_or_e(bool e) {
    return [e](const MeasureSpec& s) {
        long k = s.has_cutoff() ? s.cutoff_int() : -1;
        long level = s.int_param("rel");
        bool jo = s.bool_param("judged_only");
        double beta = s.real_param("beta");
        if (!(beta >= 0) || !std::isfinite(beta))
            throw UsageError(s.info().name + ": beta must be a finite number >= 0, got " + format_number(beta));
        return traced([=](const TopicView& v, auto& t) {
            if constexpr (std::decay_t<decltype(t)>::on)
                t.formula(
                    std::string(e ? "E = 1 - F, " : "") +
                    "F = (beta^2 + 1) P R / (beta^2 P + R), P and R of the retrieved set D (the top k with @k); 0 "
                    "when nothing relevant is in D");
            double f = f_measure(v.ranking(level, jo), k, beta, t);
            if (e) t.term("E = 1 - F", 1.0 - f);
            return e ? 1.0 - f : f;
        });
    };
}

/// A traced measure f(ranking, tracer) of the retrieved set, compiled.
template <class F>
auto set_factory(F f) {
    return [f](const MeasureSpec& s) {
        long level = s.int_param("rel");
        bool jo = s.bool_param("judged_only");
        return traced([=](const TopicView& v, auto& t) { return f(v.ranking(level, jo), t); });
    };
}

}  // namespace

void add_set_measures(std::vector<MeasureInfo>& out) {
    Rows rows(out, "set");
    rows.add("SetP")
        .alias("set_P")
        .help("Precision of the whole retrieved set: relevant retrieved / retrieved.")
        .cite("trec_eval 10.0 (NIST), m_set_P.c")
        .params({rel_param(), judged_only_param()})
        .set()
        .trec(trec("set_P", 30))
        .make(set_factory([](const Ranking& r, auto& t) { return set_p(r, t); }));
    rows.add("SetRelP")
        .alias("set_relative_P")
        .help(
            "Set precision relative to the best possible for a set of that size: "
            "relevant retrieved / min(retrieved, relevant).")
        .cite("trec_eval 10.0 (NIST), m_set_relative_P.c")
        .params({rel_param(), judged_only_param()})
        .set()
        .trec(trec("set_relative_P", 31))
        .make(set_factory([](const Ranking& r, auto& t) { return set_rel_p(r, t); }));
    rows.add("SetR")
        .alias("set_recall")
        .help("Recall of the whole retrieved set: relevant retrieved / relevant.")
        .cite("trec_eval 10.0 (NIST), m_set_recall.c")
        .params({rel_param(), judged_only_param()})
        .set()
        .trec(trec("set_recall", 32))
        .make(set_factory([](const Ranking& r, auto& t) { return set_r(r, t); }));
    rows.add("SetAP")
        .alias("set_map")
        .help("Unranked average precision: relevant retrieved^2 / (retrieved * relevant).")
        .cite("trec_eval 10.0 (NIST), m_set_map.c")
        .params({rel_param(), judged_only_param()})
        .set()
        .trec(trec("set_map", 33))
        .make(set_factory([](const Ranking& r, auto& t) { return set_ap(r, t); }));
    rows.add("SetF")
        .alias("set_F")
        .help(
            "F measure of the retrieved set, (beta+1) P R / (beta P + R) as trec_eval's set_F.beta "
            "(beta weighs recall against precision; the textbook F_b has beta = b^2).")
        .cite("van Rijsbergen, Information Retrieval (1979); trec_eval 10.0 (NIST), m_set_F.c")
        .params(
            {ParamInfo::real("beta", "relative weight of recall").defaults_to("1").in(Range::non_negative(kMaxWeight)),
             rel_param(), judged_only_param()})
        .set()
        .trec(trec("set_F", 34).numbers("1.0").fill({"beta"}))
        .make([](const MeasureSpec& s) {
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            double x = s.real_param("beta");
            return traced([=](const TopicView& v, auto& t) { return set_f(v.ranking(level, jo), x, t); });
        });
    const char* van_rijsbergen =
        "van Rijsbergen, Information Retrieval (1979); Sakai, Metrics, Statistics, Tests (PROMISE 2013), Eqs. 1-5";
    std::vector<ParamInfo> f_params = {
        ParamInfo::real("beta", "recall is beta times as important as precision (F_1: harmonic mean)")
            .defaults_to("1")
            .in(Range::non_negative(kMaxWeight)),
        rel_param(), judged_only_param()};
    rows.add("F")
        .alias("F-measure")
        .help(
            "F-measure of the retrieved set (the top k with @k): (beta^2+1) P R / (beta^2 P + R), beta in the "
            "textbook sense (SetF's beta is this beta^2).")
        .cite(van_rijsbergen)
        .cutoff()
        .cutoff_help("the retrieved set is the top k documents")
        .params(f_params)
        .set()
        .make(f_or_e(false));
    rows.add("E")
        .alias("E-measure")
        .help("E-measure of the retrieved set (the top k with @k): 1 - F(beta).")
        .cite(van_rijsbergen)
        .cutoff()
        .cutoff_help("the retrieved set is the top k documents")
        .params(f_params)
        .set()
        .lower_is_better()
        .make(f_or_e(true));
    rows.add("Utility")
        .alias("utility")
        .help(
            "Linear set utility a*relret + b*nonrelret + c*relnotret + d*nonrelnotret "
            "(d needs N, the number of documents in the collection).")
        .cite("trec_eval 10.0 (NIST), m_utility.c")
        .params({ParamInfo::real("a", "worth of a relevant retrieved doc")
                     .defaults_to("1")
                     .in(Range{-kMaxWeight, kMaxWeight}),
                 ParamInfo::real("b", "worth of a non-relevant retrieved doc")
                     .defaults_to("-1")
                     .in(Range{-kMaxWeight, kMaxWeight}),
                 ParamInfo::real("c", "worth of a relevant doc not retrieved")
                     .defaults_to("0")
                     .in(Range{-kMaxWeight, kMaxWeight}),
                 ParamInfo::real("d", "worth of a non-relevant doc not retrieved")
                     .defaults_to("0")
                     .in(Range{-kMaxWeight, kMaxWeight}),
                 ParamInfo::integer("N", "number of documents in the collection (trec_eval -N)")
                     .defaults_to("0")
                     .in(Range::non_negative()),
                 rel_param(), judged_only_param()})
        .zero_if_missing()
        .set()
        .values(Range())
        .trec(trec("utility", 17).numbers("1.0,-1.0,0.0,0.0").fill({"a", "b", "c", "d"}))
        .make([](const MeasureSpec& s) {
            double a = s.real_param("a"), b = s.real_param("b"), c = s.real_param("c"), d = s.real_param("d");
            long coll = s.int_param("N");
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            return traced([=](const TopicView& v, auto& t) {
                const Ranking& r = v.ranking(level, jo);
                t.formula(
                    "Utility = a * relevant retrieved + b * non-relevant retrieved + c * relevant not retrieved + "
                    "d * non-relevant not retrieved (N - retrieved - R + relevant retrieved)");
                set_counts(r, t);
                t.term("N (documents in the collection)", static_cast<double>(coll));
                return a * r.num_rel_ret + b * (r.num_ret - r.num_rel_ret) + c * (r.num_rel - r.num_rel_ret) +
                       // in double: N = 9223372036854775807 must not overflow (found by the fuzzer)
                       d * (static_cast<double>(coll) + r.num_rel_ret - r.num_ret - r.num_rel);
            });
        });
}

}  // namespace irlens::measures
