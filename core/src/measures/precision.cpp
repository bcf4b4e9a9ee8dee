// Cutoff measures: precision, recall, success and relative precision at k; R-precision and
// precision at multiples of R. trec_eval 10.0 (m_P.c, m_recall.c, m_success.c, m_rel_P.c,
// m_Rprec.c, m_Rprec_mult.c; NIST), number for number. A cutoff beyond the ranking counts the
// missing ranks as non-relevant.
#include "measures/precision.hpp"

#include "measures/common.hpp"

#include <algorithm>

namespace irlens::measures {

namespace {

long relevant_in_top(const Ranking& r, long k) {
    long n = std::min(k, r.num_ret), rel = 0;
    for (long i = 0; i < n; ++i) rel += r.rels[static_cast<std::size_t>(i)] >= r.rel_level;
    return rel;
}

}  // namespace

double precision_at(const Ranking& r, long k) { return static_cast<double>(relevant_in_top(r, k)) / static_cast<double>(k); }

namespace {

double recall_at(const Ranking& r, long k) {
    return r.num_rel ? static_cast<double>(relevant_in_top(r, k)) / static_cast<double>(r.num_rel) : 0.0;
}
double success_at(const Ranking& r, long k) { return relevant_in_top(r, k) ? 1.0 : 0.0; }
/// m_rel_P.c: precision relative to the best possible at k, i.e. P@k up to R and recall after.
double relative_p_at(const Ranking& r, long k) {
    if (!r.num_rel) return 0.0;
    return static_cast<double>(relevant_in_top(r, k)) / static_cast<double>(k > r.num_rel ? r.num_rel : k);
}
/// m_Rprec.c: precision after R = num_rel documents.
double r_precision(const Ranking& r) {
    long n = std::min(r.num_ret, r.num_rel);
    if (!n) return 0.0;
    return static_cast<double>(relevant_in_top(r, n)) / static_cast<double>(r.num_rel);
}

}  // namespace

/// m_Rprec_mult.c for one multiple m of R: cutoff = (long)(m * R + 0.9). Beyond the ranking the
/// value is num_rel_ret / cutoff; otherwise precision at the cutoff, but only where a relevant
/// document occurs at or after it (trec_eval's backwards scan stops at the first relevant doc).
double r_precision_mult(const Ranking& r, double mult) {
    long cutoff = static_cast<long>(mult * r.num_rel + 0.9);
    if (cutoff > r.num_ret) return static_cast<double>(r.num_rel_ret) / static_cast<double>(cutoff);
    long rel_so_far = r.num_rel_ret;
    for (long i = r.num_ret; i > 0 && rel_so_far > 0; --i) {
        if (i == cutoff) return static_cast<double>(rel_so_far) / static_cast<double>(i);
        if (r.rels[static_cast<std::size_t>(i - 1)] >= r.rel_level) --rel_so_far;
    }
    return 0.0;
}

namespace {

MeasureInfo cutoff_measure(const char* name, std::vector<std::string> aliases, const char* help, const char* cite,
                           double (*f)(const Ranking&, long)) {
    MeasureInfo m;
    m.name = name;
    m.aliases = std::move(aliases);
    m.family = "precision";
    m.help = help;
    m.citation = cite;
    m.cutoff = CutoffKind::Int;
    m.cutoff_required = true;
    m.params = {rel_param(), judged_only_param()};
    m.make = [f](const MeasureSpec& s) {
        long k = s.cutoff_int();
        long level = s.int_param("rel");
        bool jo = s.bool_param("judged_only");
        return fn([=](const TopicView& v) { return f(v.ranking(level, jo), k); });
    };
    return m;
}

}  // namespace

void add_precision_measures(std::vector<MeasureInfo>& out) {
    out.push_back(cutoff_measure("P", {"Precision"}, "Precision at k: relevant documents in the top k, over k.",
                                 "van Rijsbergen (1979); trec_eval 10.0 (NIST), m_P.c", precision_at));
    out.push_back(cutoff_measure("R", {"Recall"}, "Recall at k: relevant documents in the top k, over all relevant.",
                                 "trec_eval 10.0 (NIST), m_recall.c", recall_at));
    out.push_back(cutoff_measure("Success", {}, "1 if a relevant document is in the top k, else 0.",
                                 "trec_eval 10.0 (NIST), m_success.c (S. Tomlinson)", success_at));
    out.push_back(cutoff_measure("RelP", {}, "Relative precision at k: relevant in the top k over min(k, R).",
                                 "trec_eval 10.0 (NIST), m_rel_P.c", relative_p_at));
    {
        MeasureInfo m;
        m.name = "Rprec";
        m.aliases = {"RPrec"};
        m.family = "precision";
        m.help = "R-precision: precision after R documents, R = number of relevant documents.";
        m.citation = "Buckley & Voorhees, Retrieval System Evaluation (2005); trec_eval 10.0 (NIST), m_Rprec.c";
        m.params = {rel_param(), judged_only_param()};
        m.make = [](const MeasureSpec& s) {
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            return fn([=](const TopicView& v) { return r_precision(v.ranking(level, jo)); });
        };
        out.push_back(m);
    }
    {
        MeasureInfo m;
        m.name = "RprecMult";
        m.aliases = {"Rprec_mult"};
        m.family = "precision";
        m.help = "Precision at a multiple of R documents (trec_eval's Rprec_mult).";
        m.citation = "trec_eval 10.0 (NIST), m_Rprec_mult.c";
        m.params = {{"mult", ParamKind::Real, "1", "the multiple of R", true}, rel_param(), judged_only_param()};
        m.make = [](const MeasureSpec& s) {
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            double mult = s.real_param("mult");
            return fn([=](const TopicView& v) { return r_precision_mult(v.ranking(level, jo), mult); });
        };
        out.push_back(m);
    }
}

}  // namespace irlens::measures
