// Counting measures: trec_eval's num_q, num_ret, num_rel, num_rel_ret, num_nonrel_judged_ret,
// unj, relstring, and ir_measures' Judged. Definitions follow the trec_eval 10.0 sources
// (m_num_*.c, m_unjudged.c, m_relstring.c; NIST) number for number.
#include "measures/common.hpp"

#include <algorithm>

namespace irlens::measures {

namespace {

/// trec_eval m_unjudged.c: docs not in the pool or judged negative among the first k, over k
/// (not over min(k, num_ret): a short ranking is padded with judged docs).
double unjudged_at(const Ranking& r, long k) {
    long n = std::min(k, r.num_ret), unj = 0;
    for (long i = 0; i < n; ++i)
        if (r.rels[static_cast<std::size_t>(i)] == kNotInPool || r.rels[static_cast<std::size_t>(i)] == kUnjudged) ++unj;
    return static_cast<double>(unj) / static_cast<double>(k);
}

/// ir_measures' Judged@k: judged docs (any judgment, even negative) among the first min(k, n), over
/// min(k, n); 0 for an empty ranking.
double judged_at(const Ranking& r, long k) {
    long n = std::min(k, r.num_ret), judged = 0;
    for (long i = 0; i < n; ++i) judged += r.rels[static_cast<std::size_t>(i)] != kNotInPool;
    return n ? static_cast<double>(judged) / static_cast<double>(n) : 0.0;
}

class RelString final : public TopicMeasure {
public:
    explicit RelString(long len) : len_(len) {}
    double compute(const TopicView&) const override { return 0; }
    /// trec_eval m_relstring.c: one character per rank: the grade 0-9, '>' above 9, '-' not in the
    /// pool, '.' judged negative.
    std::string text(const TopicView& v) const override {
        const Ranking& r = v.ranking(1);
        long n = std::max(0L, std::min(len_, r.num_ret));
        std::string s;
        for (long i = 0; i < n; ++i) {
            int rel = r.rels[static_cast<std::size_t>(i)];
            s += rel > 9 ? '>' : rel >= 0 ? static_cast<char>('0' + rel) : rel == kNotInPool ? '-' : rel == kUnjudged ? '.' : '<';
        }
        return s;
    }

private:
    long len_;
};

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
        .make([](const MeasureSpec&) { return fn([](const TopicView&) { return 1.0; }); });
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
            return fn([=](const TopicView& v) {
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
            return fn([=](const TopicView& v) { return static_cast<double>(v.ranking(level).num_rel); });
        });
    rows.add("NumRelRet")
        .alias("num_rel_ret")
        .help("Number of relevant documents retrieved (summed over topics).")
        .cite(num_c)
        .params({rel_param(), judged_only_param()})
        .count()
        .trec(trec("num_rel_ret", 4))
        .make([](const MeasureSpec& s) {
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            return fn([=](const TopicView& v) { return static_cast<double>(v.ranking(level, jo).num_rel_ret); });
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
            return fn([=](const TopicView& v) {
                const Ranking& r = v.ranking(level);
                return static_cast<double>(r.num_ret) - r.num_nonpool - r.num_unjudged_in_pool - r.num_rel_ret;
            });
        });
    rows.add("Unjudged")
        .alias("unj")
        .help("Fraction of the top k that is unjudged (not in the qrels or judged negative); "
              "a ranking shorter than k counts as padded with judged documents.")
        .cite("trec_eval 10.0 (NIST), m_unjudged.c")
        .cutoff_required()
        .zero_if_missing()
        .set()
        .diagnostic()
        .trec(trec("unj", 56).cutoffs("5,10,20"))
        .make([](const MeasureSpec& s) {
            long k = s.cutoff_int();
            return fn([=](const TopicView& v) { return unjudged_at(v.ranking(1), k); });
        });
    rows.add("Judged")
        .help("Fraction of the top min(k, retrieved) documents that have a judgment (ir_measures' Judged@k); "
              "without @k the whole ranking.")
        .cite("ir_measures (MacAvaney, Macdonald, Ounis; ECIR 2022), Judged")
        .cutoff()
        .set()
        .diagnostic()
        .make([](const MeasureSpec& s) {
            long k = s.has_cutoff() ? s.cutoff_int() : -1;
            return fn([=](const TopicView& v) {
                const Ranking& r = v.ranking(1);
                return judged_at(r, k < 0 ? r.num_ret : k);
            });
        });
    rows.add("RelString")
        .alias("relstring")
        .help("The judgments of the top k documents as a string: 0-9, '>' above 9, '-' not judged, "
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
