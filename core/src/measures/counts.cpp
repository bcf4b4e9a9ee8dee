// Counting measures: trec_eval's num_q, num_ret, num_rel, num_rel_ret, num_nonrel_judged_ret,
// unj, relstring, and ir_measures' Judged. Definitions follow the trec_eval 10.0 sources
// (m_num_*.c, m_unjudged.c, m_relstring.c; NIST) number for number.
#include "measures/common.hpp"
#include "measures/trace.hpp"

#include <algorithm>
#include <limits>
#include <string>

namespace irlens::measures {

namespace {

/// trec_eval m_unjudged.c: docs not in the pool or judged negative among the first k, over k
/// (not over min(k, num_ret): a short ranking is padded with judged docs). Traced (columns:
/// unjudged 0/1, unjudged so far).
template <class T>
double unjudged_at(const Ranking& r, long k, T& t) {
    t.ranking(r);
    t.formula("Unjudged@k = (documents in the top k not in the qrels or judged negative) / k");
    std::size_t c = t.columns({"unjudged", "unjudged so far"});
    long n = std::min(k, r.num_ret), unj = 0;
    for (long i = 0; i < n; ++i) {
        bool u = r.rels[static_cast<std::size_t>(i)] == kNotInPool || r.rels[static_cast<std::size_t>(i)] == kUnjudged;
        if (u) ++unj;
        if constexpr (T::on) t.row(i, {u ? 1.0 : 0.0, static_cast<double>(unj)}, c);
    }
    t.term("unjudged in the top k", static_cast<double>(unj));
    t.term("k", static_cast<double>(k));
    double v = static_cast<double>(unj) / static_cast<double>(k);
    t.term("Unjudged@k = unjudged / k", v);
    return v;
}

/// ir_measures' Judged@k: judged docs (any judgment, even negative) among the first min(k, n), over
/// min(k, n); 0 for an empty ranking. Traced (columns: judged 0/1, judged so far).
template <class T>
double judged_at(const Ranking& r, long k, T& t) {
    t.ranking(r);
    t.formula(
        "Judged@k = (documents in the top min(k, retrieved) that have a judgment) / min(k, retrieved); 0 when "
        "nothing was retrieved");
    std::size_t c = t.columns({"judged", "judged so far"});
    long n = std::min(k, r.num_ret), judged = 0;
    for (long i = 0; i < n; ++i) {
        bool j = r.rels[static_cast<std::size_t>(i)] != kNotInPool;
        judged += j;
        if constexpr (T::on) t.row(i, {j ? 1.0 : 0.0, static_cast<double>(judged)}, c);
    }
    t.term("judged", static_cast<double>(judged));
    t.term("min(k, retrieved)", static_cast<double>(n));
    double v = n ? static_cast<double>(judged) / static_cast<double>(n) : 0.0;
    t.term("Judged@k = judged / min(k, retrieved)", v);
    return v;
}

/// trec_eval m_relstring.c: one character per rank: the grade 0-9, '>' above 9, '-' not in the
/// pool, '.' judged negative. Traced (column: the character's code).
template <class T>
std::string relstring(const Ranking& r, long len, T& t) {
    t.ranking(r);
    t.formula(
        "RelString = one character per rank of the top k: the judgment 0-9, '>' above 9, '-' not in the "
        "qrels, '.' judged negative (a text: evaluate() reports no number)");
    std::size_t c = t.columns({"character code"});
    long n = std::max(0L, std::min(len, r.num_ret));
    std::string s;
    for (long i = 0; i < n; ++i) {
        int rel = r.rels[static_cast<std::size_t>(i)];
        s += rel > 9             ? '>'
             : rel >= 0          ? static_cast<char>('0' + rel)
             : rel == kNotInPool ? '-'
             : rel == kUnjudged  ? '.'
                                 : '<';
        if constexpr (T::on) t.row(i, {static_cast<double>(static_cast<unsigned char>(s.back()))}, c);
    }
    t.term("characters", static_cast<double>(s.size()));
    return s;
}

class RelString final : public TopicMeasure {
public:
    explicit RelString(long len) : len_(len) {}
    double compute(const TopicView&) const override { return 0; }
    std::string text(const TopicView& v) const override {
        NoTrace t;
        return relstring(v.ranking(1), len_, t);
    }
    /// The text through the same loop; the value NaN, as evaluate() reports a text-valued measure.
    bool explain(const TopicView& v, Trace& t) const override {
        t.text(relstring(v.ranking(1), len_, t));
        t.value(std::numeric_limits<double>::quiet_NaN());
        return true;
    }
    bool explainable() const override { return true; }

private:
    long len_;
};

/// A count measure: `count(view)` is the value, explained in one line: the formula and the count.
template <class F>
std::unique_ptr<TopicMeasure> count(const char* formula, const char* term, F f) {
    return traced([=](const TopicView& v, auto& t) {
        t.formula(formula);
        double n = f(v);
        t.term(term, n);
        return n;
    });
}

}  // namespace

void add_count_measures(std::vector<MeasureInfo>& out) {
    const char* num_c = "trec_eval 10.0 (NIST), m_num_*.c";
    Rows rows(out, "counts");
    rows.add("NumQ")
        .alias("num_q")
        .help("Number of topics evaluated (summed over topics).")
        .cite(num_c)
        .count()
        .trec(trec("num_q", 1).average(TrecAverage::NumQ).summary_only())
        .make([](const MeasureSpec&) {
            return count("NumQ = 1 per topic evaluated (summed over topics)", "NumQ",
                         [](const TopicView&) { return 1.0; });
        });
    rows.add("NumRet")
        .alias("num_ret")
        .help("Number of documents retrieved; with rel=N only those judged >= N (summed over topics).")
        .cite(num_c)
        .params({rel_param("")})
        .count()
        .zero_if_missing()
        .trec(trec("num_ret", 2).without_rel())
        .make([](const MeasureSpec& s) {
            const ParamValue& rel = s.param("rel");
            bool counted = rel.given;
            long level = rel.i;
            return count(
                counted ? "NumRet(rel=N) = documents retrieved with a judgment >= N" : "NumRet = documents retrieved",
                "NumRet", [=](const TopicView& v) {
                    if (!counted) return static_cast<double>(v.ranking(1).num_ret);
                    return static_cast<double>(v.ranking(level).num_rel_ret);
                });
        });
    rows.add("NumRel")
        .alias("num_rel")
        .help("Number of documents judged relevant for the topic (summed over topics).")
        .cite(num_c)
        .params({rel_param()})
        .count()
        .trec(trec("num_rel", 3).average(TrecAverage::NumRel))
        .make([](const MeasureSpec& s) {
            long level = s.int_param("rel");
            return count("NumRel = R, the documents judged relevant (judgment >= rel) for the topic", "NumRel",
                         [=](const TopicView& v) { return static_cast<double>(v.ranking(level).num_rel); });
        });
    rows.add("NumRelRet")
        .alias("num_rel_ret")
        .help(
            "Number of relevant documents retrieved (summed over topics); with @k, in the top k (ranx's hits@k, "
            "a mean: NumRelRet(agg=mean)@k).")
        .cite(num_c)
        .cutoff()
        .params({rel_param(), judged_only_param()})
        .count()
        .trec(trec("num_rel_ret", 4))
        .make([](const MeasureSpec& s) {
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            long k = s.has_cutoff() ? s.cutoff_int() : -1;
            return count("NumRelRet = relevant documents (judgment >= rel) retrieved (in the top k with @k)",
                         "NumRelRet", [=](const TopicView& v) {
                             const Ranking& r = v.ranking(level, jo);
                             if (k < 0 || k >= r.num_ret) return static_cast<double>(r.num_rel_ret);
                             long rel = 0;
                             for (long i = 0; i < k; ++i) rel += r.rels[static_cast<std::size_t>(i)] >= r.rel_level;
                             return static_cast<double>(rel);
                         });
        });
    rows.add("NumNonRelJudgedRet")
        .alias("num_nonrel_judged_ret")
        .help("Number of retrieved documents judged non-relevant (summed over topics).")
        .cite(num_c)
        .params({rel_param()})
        .count()
        .trec(trec("num_nonrel_judged_ret", 35))
        .make([](const MeasureSpec& s) {
            long level = s.int_param("rel");
            return count("NumNonRelJudgedRet = retrieved - not in the qrels - judged negative - relevant retrieved",
                         "NumNonRelJudgedRet", [=](const TopicView& v) {
                             const Ranking& r = v.ranking(level);
                             return static_cast<double>(r.num_ret) - r.num_nonpool - r.num_unjudged_in_pool -
                                    r.num_rel_ret;
                         });
        });
    rows.add("Unjudged")
        .alias("unj")
        .help(
            "Fraction of the top k that is unjudged (not in the qrels or judged negative); "
            "a ranking shorter than k counts as padded with judged documents.")
        .cite("trec_eval 10.0 (NIST), m_unjudged.c")
        .cutoff_required()
        .zero_if_missing()
        .set()
        .diagnostic()
        .trec(trec("unj", 56).cutoffs("5,10,20"))
        .make([](const MeasureSpec& s) {
            long k = s.cutoff_int();
            return traced([=](const TopicView& v, auto& t) { return unjudged_at(v.ranking(1), k, t); });
        });
    rows.add("Judged")
        .help(
            "Fraction of the top min(k, retrieved) documents that have a judgment (ir_measures' Judged@k); "
            "without @k the whole ranking.")
        .cite("ir_measures (MacAvaney, Macdonald, Ounis; ECIR 2022), Judged")
        .cutoff()
        .set()
        .diagnostic()
        .make([](const MeasureSpec& s) {
            long k = s.has_cutoff() ? s.cutoff_int() : -1;
            return traced([=](const TopicView& v, auto& t) {
                const Ranking& r = v.ranking(1);
                return judged_at(r, k < 0 ? r.num_ret : k, t);
            });
        });
    rows.add("RelString")
        .alias("relstring")
        .help(
            "The judgments of the top k documents as a string: 0-9, '>' above 9, '-' not judged, "
            "'.' judged negative (text; per topic only).")
        .cite("trec_eval 10.0 (NIST), m_relstring.c")
        .cutoff()
        .text_valued()
        .zero_if_missing()
        .trec(trec("relstring", 12).numbers("10"))
        .make([](const MeasureSpec& s) -> std::unique_ptr<TopicMeasure> {
            return std::make_unique<RelString>(s.has_cutoff() ? s.cutoff_int() : 10);
        });
}

}  // namespace irlens::measures
