// Set (unranked) measures over the whole retrieved set: trec_eval's set_P, set_relative_P,
// set_recall, set_map, set_F and utility (m_set_*.c, m_utility.c; NIST), number for number; and
// the textbook F- and E-measures with beta (van Rijsbergen 1979; Sakai, PROMISE 2013, Eqs. 1-5).
#include "measures/common.hpp"

#include <algorithm>
#include <cmath>

#include "irlens/error.hpp"

namespace irlens::measures {

namespace {

double set_p(const Ranking& r) { return r.num_ret ? static_cast<double>(r.num_rel_ret) / static_cast<double>(r.num_ret) : 0.0; }
double set_rel_p(const Ranking& r) {
    return r.num_ret && r.num_rel
               ? static_cast<double>(r.num_rel_ret) / static_cast<double>(std::min(r.num_ret, r.num_rel))
               : 0.0;
}
double set_r(const Ranking& r) { return r.num_rel ? static_cast<double>(r.num_rel_ret) / static_cast<double>(r.num_rel) : 0.0; }
double set_ap(const Ranking& r) {
    return r.num_ret && r.num_rel ? (static_cast<double>(r.num_rel_ret) * static_cast<double>(r.num_rel_ret)) /
                                        (static_cast<double>(r.num_ret) * static_cast<double>(r.num_rel))
                                  : 0.0;
}
/// m_set_F.c: (x+1) P R / (x P + R), x = the weight of recall relative to precision.
double set_f(const Ranking& r, double x) {
    if (!r.num_rel_ret) return 0.0;
    double p = static_cast<double>(r.num_rel_ret) / static_cast<double>(r.num_ret);
    double rc = static_cast<double>(r.num_rel_ret) / static_cast<double>(r.num_rel);
    return (x + 1.0) * p * rc / (x * p + rc);
}

/// Sakai, PROMISE 2013, Eq. 5: F = (beta^2 + 1) P R / (beta^2 P + R), P and R of the retrieved set
/// D, which with @k is the top min(k, retrieved) documents (a short ranking is not padded, unlike
/// P@k). 0 when no relevant document is retrieved (P R = 0). E-measure (Eq. 4) is 1 - F.
double f_measure(const Ranking& r, long k, double beta) {
    long n = k < 0 ? r.num_ret : std::min(k, r.num_ret), rel = 0;
    for (long i = 0; i < n; ++i) rel += r.rels[static_cast<std::size_t>(i)] >= r.rel_level;
    if (!rel) return 0.0;
    double p = static_cast<double>(rel) / static_cast<double>(n);
    double rc = static_cast<double>(rel) / static_cast<double>(r.num_rel);
    double b2 = beta * beta;
    return (b2 + 1.0) * p * rc / (b2 * p + rc);
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
        return fn([=](const TopicView& v) {
            double f = f_measure(v.ranking(level, jo), k, beta);
            return e ? 1.0 - f : f;
        });
    };
}

/// A measure f(ranking) of the retrieved set, compiled.
auto set_factory(double (*f)(const Ranking&)) {
    return [f](const MeasureSpec& s) {
        long level = s.int_param("rel");
        bool jo = s.bool_param("judged_only");
        return fn([=](const TopicView& v) { return f(v.ranking(level, jo)); });
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
        .make(set_factory(set_p));
    rows.add("SetRelP")
        .alias("set_relative_P")
        .help("Set precision relative to the best possible for a set of that size: "
              "relevant retrieved / min(retrieved, relevant).")
        .cite("trec_eval 10.0 (NIST), m_set_relative_P.c")
        .params({rel_param(), judged_only_param()})
        .set()
        .trec(trec("set_relative_P", 31))
        .make(set_factory(set_rel_p));
    rows.add("SetR")
        .alias("set_recall")
        .help("Recall of the whole retrieved set: relevant retrieved / relevant.")
        .cite("trec_eval 10.0 (NIST), m_set_recall.c")
        .params({rel_param(), judged_only_param()})
        .set()
        .trec(trec("set_recall", 32))
        .make(set_factory(set_r));
    rows.add("SetAP")
        .alias("set_map")
        .help("Unranked average precision: relevant retrieved^2 / (retrieved * relevant).")
        .cite("trec_eval 10.0 (NIST), m_set_map.c")
        .params({rel_param(), judged_only_param()})
        .set()
        .trec(trec("set_map", 33))
        .make(set_factory(set_ap));
    rows.add("SetF")
        .alias("set_F")
        .help("F measure of the retrieved set, (beta+1) P R / (beta P + R) as trec_eval's set_F.beta "
              "(beta weighs recall against precision; the textbook F_b has beta = b^2).")
        .cite("van Rijsbergen, Information Retrieval (1979); trec_eval 10.0 (NIST), m_set_F.c")
        .params({ParamInfo::real("beta", "relative weight of recall").defaults_to("1").in(Range::non_negative(kMaxWeight)), rel_param(), judged_only_param()})
        .set()
        .trec(trec("set_F", 34).numbers("1.0").fill({"beta"}))
        .make([](const MeasureSpec& s) {
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            double x = s.real_param("beta");
            return fn([=](const TopicView& v) { return set_f(v.ranking(level, jo), x); });
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
        .help("F-measure of the retrieved set (the top k with @k): (beta^2+1) P R / (beta^2 P + R), beta in the "
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
        .help("Linear set utility a*relret + b*nonrelret + c*relnotret + d*nonrelnotret "
              "(d needs N, the number of documents in the collection).")
        .cite("trec_eval 10.0 (NIST), m_utility.c")
        .params({ParamInfo::real("a", "worth of a relevant retrieved doc").defaults_to("1").in(Range{-kMaxWeight, kMaxWeight}),
                 ParamInfo::real("b", "worth of a non-relevant retrieved doc").defaults_to("-1").in(Range{-kMaxWeight, kMaxWeight}),
                 ParamInfo::real("c", "worth of a relevant doc not retrieved").defaults_to("0").in(Range{-kMaxWeight, kMaxWeight}),
                 ParamInfo::real("d", "worth of a non-relevant doc not retrieved").defaults_to("0").in(Range{-kMaxWeight, kMaxWeight}),
                 ParamInfo::integer("N", "number of documents in the collection (trec_eval -N)").defaults_to("0").in(Range::non_negative()),
                 rel_param(),
                 judged_only_param()})
        .zero_if_missing()
        .set()
        .values(Range())
        .trec(trec("utility", 17).numbers("1.0,-1.0,0.0,0.0").fill({"a", "b", "c", "d"}))
        .make([](const MeasureSpec& s) {
            double a = s.real_param("a"), b = s.real_param("b"), c = s.real_param("c"), d = s.real_param("d");
            long coll = s.int_param("N");
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            return fn([=](const TopicView& v) {
                const Ranking& r = v.ranking(level, jo);
                return a * r.num_rel_ret + b * (r.num_ret - r.num_rel_ret) + c * (r.num_rel - r.num_rel_ret) +
                       // in double: N = 9223372036854775807 must not overflow (found by the fuzzer)
                       d * (static_cast<double>(coll) + r.num_rel_ret - r.num_ret - r.num_rel);
            });
        });
}

}  // namespace irlens::measures
