// Compatibility (Clarke, Vtyurina & Smucker, "Assessing top-k preferences", ACM TOIS 39(3), 2021;
// earlier "Offline evaluation by maximum similarity to an ideal ranking", CIKM 2020): the
// rank-biased overlap (Webber, Moffat & Zobel, TOIS 2010) of the run with an ideal ranking of the
// topic's relevant documents, normalised by the ideal ranking's overlap with itself. The paper is
// not in ../shared; the arithmetic is ir_measures' `Compat` (ir_measures/providers/
// compat_provider.py, checked there against the authors' compatibility.py), reimplemented here:
//   ranking R: every retrieved document, score descending, ties by document id ASCENDING (unlike
//              trec_eval's descending rule: ir_measures sorts by doc id, then stably by score);
//   ideal I:   the judgments of the topic with grade > 0, grade descending; documents of equal
//              grade by the run's score descending (an unretrieved document counts as score 0.0,
//              so a retrieved document with a negative score follows the unretrieved ones), then
//              in qrels file order (Python's stable sort);
//   depth d = max(|R|, |I|), and with A_i = |R[1..i] ∩ I[1..i]|
//     RBO(R, I) = sum_{i=1..d} p^(i-1) * A_i / i  /  sum_{i=1..d} p^(i-1)
//   Compat = RBO(R, I) / RBO(I, I) when normalize=True and RBO(I, I) > 0, else RBO(R, I)
//   (a topic without relevant documents scores 0).
// irlens readings: with --order rank the ideal's ties follow the run's rank order (an unretrieved
// document after every retrieved one); trec_eval's -M cut applies to R. The authors' script sums
// to depth 1000 whatever the lengths; ir_measures (followed here) stops at max(|R|, |I|), which is
// the same for runs of 1000 documents.
#include "measures/common.hpp"
#include "measures/trace.hpp"

#include "irlens/error.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace irlens::measures {

namespace {

/// R and I of one topic, built once per (run, topic) and shared by every Compat measure.
struct CompatLists {
    Ranking ranking;                   // R: doc refs (a judged doc's ref is its judgment index)
    std::vector<std::uint32_t> ideal;  // I: judgment indexes
    std::uint32_t first = 0;           // the topic's first judgment index
    std::size_t count = 0;             // and its number of judgments
};

const char kCompatTag = 0;  // TopicView::cached key

CompatLists compat_lists(const TopicView& v) {
    const Run& run = v.run();
    const Qrels& q = v.qrels();
    std::size_t t = v.topic();
    CompatLists out;
    out.count = q.num_judgments(t);
    out.first = out.count ? q.index_of(*q.begin(t)) : 0;
    std::vector<RunEntry> entries(run.entries(t).begin(), run.entries(t).end());
    std::stable_sort(entries.begin(), entries.end(), [&](const RunEntry& a, const RunEntry& b) {
        if (a.key != b.key) return a.key > b.key;
        return run.doc(a.doc) < run.doc(b.doc);
    });
    std::vector<std::uint32_t> ordered;
    ordered.reserve(entries.size());
    for (const RunEntry& e : entries) ordered.push_back(e.doc);
    RankingOptions options = v.context().base;
    options.rel_level = 1;
    options.group = -1;
    out.ranking = make_ranking(run, t, ordered, options);

    // The run's key of each judged document of R; unretrieved: 0.0 (scores) or below any rank.
    const double unretrieved = run.order() == RunOrder::Score ? 0.0 : -std::numeric_limits<double>::infinity();
    std::vector<double> key(q.num_judgments(t), unretrieved);
    std::size_t kept = std::min<std::size_t>(entries.size(), static_cast<std::size_t>(std::max(0L, options.max_docs)));
    for (std::size_t i = 0; i < kept; ++i)
        if (run.judged(entries[i].doc)) key[entries[i].doc - out.first] = entries[i].key;
    for (const Judgment* j = q.begin(t); j != q.end(t); ++j)
        if (j->rel > 0) out.ideal.push_back(q.index_of(*j));
    std::stable_sort(out.ideal.begin(), out.ideal.end(), [&](std::uint32_t a, std::uint32_t b) {
        int ga = q.judgment(a).rel, gb = q.judgment(b).rel;
        if (ga != gb) return ga > gb;
        return key[a - out.first] > key[b - out.first];
    });
    return out;
}

/// Compat of R against I: RBO summed to depth max(|R|, |I|) as above, in ir_measures' order of
/// operations. Traced for explain mode (per depth i: the grade of I's i-th document, A_i,
/// p^(i-1), p^(i-1) A_i / i, and the same term of RBO(I, I)).
template <class T>
double compat(const Qrels& q, const CompatLists& l, double p, bool normalize, T& t) {
    const Ranking& r = l.ranking;
    t.ranking(r);
    t.formula(
        "Compat = RBO(R, I) / RBO(I, I), RBO(X, Y) = sum_{i<=d} p^(i-1) |X[1..i] & Y[1..i]| / i / sum_{i<=d} p^(i-1); "
        "R the run, I the relevant documents by grade (ties by the run's score), d = max(|R|, |I|)");
    std::size_t c =
        t.columns({"ideal grade", "overlap A_i", "p^(i-1)", "p^(i-1) A_i / i", "ideal p^(i-1) min(i,|I|) / i"});
    std::size_t n_r = static_cast<std::size_t>(r.num_ret), n_i = l.ideal.size();
    std::size_t depth = std::max(n_r, n_i);
    // Membership of the judged documents (by judgment index - first) in the prefixes so far.
    std::vector<unsigned char> in_r(l.count, 0), in_i(l.count, 0);
    double score = 0.0, best = 0.0, normalizer = 0.0, weight = 1.0;
    long overlap = 0;
    for (std::size_t i = 0; i < depth; ++i) {
        if (i < n_r) {
            std::uint32_t d = r.docs[i];
            if ((d & kUnjudgedDoc) == 0) {  // judged (the placeholder doc has the bit set too)
                in_r[d - l.first] = 1;
                overlap += in_i[d - l.first];
            }
        }
        if (i < n_i) {
            std::uint32_t d = l.ideal[i] - l.first;
            in_i[d] = 1;
            overlap += in_r[d];
        }
        double rank = static_cast<double>(i + 1);
        double term = weight * static_cast<double>(overlap) / rank;
        double ideal_term = weight * static_cast<double>(std::min(i + 1, n_i)) / rank;
        score += term;
        best += ideal_term;
        normalizer += weight;
        if constexpr (T::on)
            t.row(static_cast<long>(i),
                  {i < n_i ? static_cast<double>(q.judgment(l.ideal[i]).rel) : std::nan(""),
                   static_cast<double>(overlap), weight, term, ideal_term},
                  c);
        weight *= p;
    }
    double rbo = depth ? score / normalizer : 0.0;
    double ideal_rbo = depth ? best / normalizer : 0.0;
    t.term("sum p^(i-1) A_i / i", score);
    t.term("sum p^(i-1)", normalizer);
    t.term("RBO(R, I)", rbo);
    if (!normalize) return rbo;
    t.term("RBO(I, I)", ideal_rbo);
    if (!(ideal_rbo > 0)) return rbo;
    t.term("Compat = RBO(R, I) / RBO(I, I)", rbo / ideal_rbo);
    return rbo / ideal_rbo;
}

}  // namespace

void add_compat_measures(std::vector<MeasureInfo>& out) {
    Rows rows(out, "compat");
    rows.add("Compat")
        .alias("compat")
        .help(
            "Compatibility: rank-biased overlap of the run with the ideal ranking of the relevant documents (by "
            "grade), "
            "normalised by the ideal's own; as ir_measures' Compat.")
        .cite(
            "Clarke, Vtyurina & Smucker, Assessing Top-k Preferences (TOIS 39(3), 2021), compatibility with its "
            "normalisation for finite ideal rankings; RBO: Webber, Moffat & Zobel (TOIS 2010); ir_measures 0.4.3 "
            "(compat provider)")
        .params({ParamInfo::real("p", "persistence: the weight of depth i is p^(i-1)")
                     .defaults_to("0.95")
                     .in(Range{0, 1, true, true}),
                 ParamInfo::boolean("normalize",
                                    "divide by the ideal ranking's RBO with itself (for finite ideal rankings)")
                     .defaults_to("True")})
        .make([](const MeasureSpec& s) {
            double p = s.real_param("p");
            bool normalize = s.bool_param("normalize");
            return traced([=](const TopicView& v, auto& t) {
                const CompatLists& l = v.cached<CompatLists>(&kCompatTag, 0, [&] { return compat_lists(v); });
                return compat(v.qrels(), l, p, normalize, t);
            });
        });
}

}  // namespace irlens::measures
