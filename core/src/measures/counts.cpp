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
    const char* trec = "trec_eval 10.0 (NIST), m_num_*.c";
    {
        MeasureInfo m;
        m.name = "NumQ";
        m.aliases = {"num_q"};
        m.family = "counts";
        m.help = "Number of topics evaluated (summed over topics).";
        m.citation = trec;
        m.aggregate = Aggregate::Sum;
        m.integer = true;
        m.make = [](const MeasureSpec&) { return fn([](const TopicView&) { return 1.0; }); };
        out.push_back(m);
    }
    {
        MeasureInfo m;
        m.name = "NumRet";
        m.zero_if_missing = true;
        m.aliases = {"num_ret"};
        m.family = "counts";
        m.help = "Number of documents retrieved; with rel=N only those judged >= N (summed over topics).";
        m.citation = trec;
        m.params = {rel_param("")};
        m.aggregate = Aggregate::Sum;
        m.integer = true;
        m.make = [](const MeasureSpec& s) {
            const ParamValue& rel = s.param("rel");
            bool counted = rel.given;
            long level = rel.i;
            return fn([=](const TopicView& v) {
                if (!counted) return static_cast<double>(v.ranking(1).num_ret);
                return static_cast<double>(v.ranking(level).num_rel_ret);
            });
        };
        out.push_back(m);
    }
    {
        MeasureInfo m;
        m.name = "NumRel";
        m.aliases = {"num_rel"};
        m.family = "counts";
        m.help = "Number of documents judged relevant for the topic (summed over topics).";
        m.citation = trec;
        m.params = {rel_param()};
        m.aggregate = Aggregate::Sum;
        m.integer = true;
        m.make = [](const MeasureSpec& s) {
            long level = s.int_param("rel");
            return fn([=](const TopicView& v) { return static_cast<double>(v.ranking(level).num_rel); });
        };
        out.push_back(m);
    }
    {
        MeasureInfo m;
        m.name = "NumRelRet";
        m.aliases = {"num_rel_ret"};
        m.family = "counts";
        m.help = "Number of relevant documents retrieved (summed over topics).";
        m.citation = trec;
        m.params = {rel_param(), judged_only_param()};
        m.aggregate = Aggregate::Sum;
        m.integer = true;
        m.make = [](const MeasureSpec& s) {
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            return fn([=](const TopicView& v) { return static_cast<double>(v.ranking(level, jo).num_rel_ret); });
        };
        out.push_back(m);
    }
    {
        MeasureInfo m;
        m.name = "NumNonRelJudgedRet";
        m.aliases = {"num_nonrel_judged_ret"};
        m.family = "counts";
        m.help = "Number of retrieved documents judged non-relevant (summed over topics).";
        m.citation = trec;
        m.params = {rel_param()};
        m.aggregate = Aggregate::Sum;
        m.integer = true;
        m.make = [](const MeasureSpec& s) {
            long level = s.int_param("rel");
            return fn([=](const TopicView& v) {
                const Ranking& r = v.ranking(level);
                return static_cast<double>(r.num_ret) - r.num_nonpool - r.num_unjudged_in_pool - r.num_rel_ret;
            });
        };
        out.push_back(m);
    }
    {
        MeasureInfo m;
        m.name = "Unjudged";
        m.zero_if_missing = true;
        m.aliases = {"unj"};
        m.family = "counts";
        m.help = "Fraction of the top k that is unjudged (not in the qrels or judged negative); "
                 "a ranking shorter than k counts as padded with judged documents.";
        m.citation = "trec_eval 10.0 (NIST), m_unjudged.c";
        m.cutoff = CutoffKind::Int;
        m.cutoff_required = true;
        m.make = [](const MeasureSpec& s) {
            long k = s.cutoff_int();
            return fn([=](const TopicView& v) { return unjudged_at(v.ranking(1), k); });
        };
        out.push_back(m);
    }
    {
        MeasureInfo m;
        m.name = "Judged";
        m.family = "counts";
        m.help = "Fraction of the top min(k, retrieved) documents that have a judgment (ir_measures' Judged@k); "
                 "without @k the whole ranking.";
        m.citation = "ir_measures (MacAvaney, Macdonald, Ounis; ECIR 2022), Judged";
        m.cutoff = CutoffKind::Int;
        m.make = [](const MeasureSpec& s) {
            long k = s.has_cutoff() ? s.cutoff_int() : -1;
            return fn([=](const TopicView& v) {
                const Ranking& r = v.ranking(1);
                return judged_at(r, k < 0 ? r.num_ret : k);
            });
        };
        out.push_back(m);
    }
    {
        MeasureInfo m;
        m.name = "RelString";
        m.zero_if_missing = true;
        m.aliases = {"relstring"};
        m.family = "counts";
        m.help = "The judgments of the top k documents as a string: 0-9, '>' above 9, '-' not judged, "
                 "'.' judged negative (text; per topic only).";
        m.citation = "trec_eval 10.0 (NIST), m_relstring.c";
        m.cutoff = CutoffKind::Int;
        m.text_valued = true;
        m.make = [](const MeasureSpec& s) -> std::unique_ptr<TopicMeasure> {
            return std::make_unique<RelString>(s.has_cutoff() ? s.cutoff_int() : 10);
        };
        out.push_back(m);
    }
}

}  // namespace irlens::measures
