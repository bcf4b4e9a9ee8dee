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

MeasureInfo f_or_e(const char* name, const char* alias, const char* help, bool e) {
    MeasureInfo m;
    m.name = name;
    m.aliases = {alias};
    m.family = "set";
    m.help = help;
    m.citation = "van Rijsbergen, Information Retrieval (1979); Sakai, Metrics, Statistics, Tests (PROMISE 2013), Eqs. 1-5";
    m.cutoff = CutoffKind::Int;
    m.cutoff_help = "the retrieved set is the top k documents";
    m.params = {ParamInfo{"beta", ParamKind::Real, "1", "recall is beta times as important as precision (F_1: harmonic mean)"}.in(Range::non_negative(kMaxWeight)),
                rel_param(),
                judged_only_param()};
    m.make = [e](const MeasureSpec& s) {
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
    return m;
}

MeasureInfo set_measure(const char* name, const char* alias, const char* help, double (*f)(const Ranking&)) {
    MeasureInfo m;
    m.name = name;
    m.aliases = {alias};
    m.family = "set";
    m.help = help;
    m.citation = std::string("trec_eval 10.0 (NIST), m_") + alias + ".c";
    m.params = {rel_param(), judged_only_param()};
    m.make = [f](const MeasureSpec& s) {
        long level = s.int_param("rel");
        bool jo = s.bool_param("judged_only");
        return fn([=](const TopicView& v) { return f(v.ranking(level, jo)); });
    };
    return m;
}

}  // namespace

void add_set_measures(std::vector<MeasureInfo>& out) {
    out.push_back(set_measure("SetP", "set_P", "Precision of the whole retrieved set: relevant retrieved / retrieved.", set_p));
    out.push_back(set_measure("SetRelP", "set_relative_P",
                              "Set precision relative to the best possible for a set of that size: "
                              "relevant retrieved / min(retrieved, relevant).",
                              set_rel_p));
    out.push_back(set_measure("SetR", "set_recall", "Recall of the whole retrieved set: relevant retrieved / relevant.", set_r));
    out.push_back(set_measure("SetAP", "set_map",
                              "Unranked average precision: relevant retrieved^2 / (retrieved * relevant).", set_ap));
    {
        MeasureInfo m;
        m.name = "SetF";
        m.aliases = {"set_F"};
        m.family = "set";
        m.help = "F measure of the retrieved set, (beta+1) P R / (beta P + R) as trec_eval's set_F.beta "
                 "(beta weighs recall against precision; the textbook F_b has beta = b^2).";
        m.citation = "van Rijsbergen, Information Retrieval (1979); trec_eval 10.0 (NIST), m_set_F.c";
        m.params = {ParamInfo{"beta", ParamKind::Real, "1", "relative weight of recall"}.in(Range::non_negative(kMaxWeight)), rel_param(), judged_only_param()};
        m.make = [](const MeasureSpec& s) {
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            double x = s.real_param("beta");
            return fn([=](const TopicView& v) { return set_f(v.ranking(level, jo), x); });
        };
        out.push_back(m);
    }
    out.push_back(f_or_e("F", "F-measure",
                         "F-measure of the retrieved set (the top k with @k): (beta^2+1) P R / (beta^2 P + R), beta in the "
                         "textbook sense (SetF's beta is this beta^2).",
                         false));
    out.push_back(f_or_e("E", "E-measure", "E-measure of the retrieved set (the top k with @k): 1 - F(beta).", true));
    {
        MeasureInfo m;
        m.name = "Utility";
        m.zero_if_missing = true;
        m.aliases = {"utility"};
        m.family = "set";
        m.help = "Linear set utility a*relret + b*nonrelret + c*relnotret + d*nonrelnotret "
                 "(d needs N, the number of documents in the collection).";
        m.citation = "trec_eval 10.0 (NIST), m_utility.c";
        m.params = {ParamInfo{"a", ParamKind::Real, "1", "worth of a relevant retrieved doc"}.in(Range{-kMaxWeight, kMaxWeight}),
                    ParamInfo{"b", ParamKind::Real, "-1", "worth of a non-relevant retrieved doc"}.in(Range{-kMaxWeight, kMaxWeight}),
                    ParamInfo{"c", ParamKind::Real, "0", "worth of a relevant doc not retrieved"}.in(Range{-kMaxWeight, kMaxWeight}),
                    ParamInfo{"d", ParamKind::Real, "0", "worth of a non-relevant doc not retrieved"}.in(Range{-kMaxWeight, kMaxWeight}),
                    ParamInfo{"N", ParamKind::Int, "0", "number of documents in the collection (trec_eval -N)"}.in(Range::non_negative()),
                    rel_param(),
                    judged_only_param()};
        m.make = [](const MeasureSpec& s) {
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
        };
        out.push_back(m);
    }
}

}  // namespace irlens::measures
