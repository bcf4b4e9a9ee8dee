// Run versus run, topic by topic; the contract is in irlens/compare_runs/run_comparison.hpp.
#include "irlens/compare_runs/run_comparison.hpp"

#include "irlens/error.hpp"
#include "irlens/evaluation/ranking.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace irlens {

DocList ranked_docs(const Run& run, std::size_t topic, std::size_t depth) {
    DocList docs;
    if (!run.has_topic(topic)) return docs;
    const std::vector<std::uint32_t> order = depth ? order_topic(run, topic, depth) : order_topic(run, topic);
    for (std::uint32_t ref : order) docs.push_back(run.doc(ref));
    return docs;
}

namespace {
double mean_skipping_nan(const std::vector<double>& v) {
    double sum = 0;
    std::size_t n = 0;
    for (double x : v)
        if (!std::isnan(x)) sum += x, ++n;
    return n ? sum / double(n) : std::numeric_limits<double>::quiet_NaN();
}
}  // namespace

RunComparison compare_rankings(const Run& a, const Run& b, const RunComparisonSettings& settings) {
    if (&a.qrels() != &b.qrels()) throw UsageError("compare runs: the two runs were read against different qrels");
    if (!(settings.p > 0 && settings.p < 1))
        throw UsageError("rank-biased overlap: the persistence p must be between 0 and 1 (exclusive)");
    for (std::size_t k : settings.cutoffs)
        if (k == 0) throw UsageError("compare runs: a cutoff must be at least 1");
    RunComparison out;
    out.settings = settings;
    const Qrels& qrels = a.qrels();
    for (std::size_t t = 0; t < qrels.num_topics(); ++t) {
        const std::string id(qrels.topic_id(t));
        if (a.has_topic(t) != b.has_topic(t)) (a.has_topic(t) ? out.only_a : out.only_b).push_back(id);
        if (!a.has_topic(t) || !b.has_topic(t)) continue;
        const DocList da = ranked_docs(a, t, settings.depth), db = ranked_docs(b, t, settings.depth);
        TopicComparison c;
        c.topic = id;
        c.length_a = da.size();
        c.length_b = db.size();
        c.rbo = rank_biased_overlap(da, db, settings.p);
        c.ktu = kendall_tau_union(da, db);
        for (std::size_t k : settings.cutoffs) {
            c.overlap.push_back(overlap_at(da, db, k));
            c.jaccard.push_back(jaccard_at(da, db, k));
        }
        out.topics.push_back(std::move(c));
    }
    std::vector<double> mins, ress, exts, ktus;
    for (const TopicComparison& c : out.topics) {
        mins.push_back(c.rbo.min);
        ress.push_back(c.rbo.res);
        exts.push_back(c.rbo.ext);
        ktus.push_back(c.ktu);
        out.ktu_topics += !std::isnan(c.ktu);
    }
    out.mean_rbo = {mean_skipping_nan(mins), mean_skipping_nan(ress), mean_skipping_nan(exts)};
    out.mean_ktu = mean_skipping_nan(ktus);
    for (std::size_t i = 0; i < settings.cutoffs.size(); ++i) {
        std::vector<double> o, j;
        for (const TopicComparison& c : out.topics) o.push_back(c.overlap[i]), j.push_back(c.jaccard[i]);
        out.mean_overlap.push_back(mean_skipping_nan(o));
        out.mean_jaccard.push_back(mean_skipping_nan(j));
    }
    std::stable_sort(out.topics.begin(), out.topics.end(), [](const TopicComparison& x, const TopicComparison& y) {
        return x.rbo.ext < y.rbo.ext;  // stable: topic order (byte order) among equal values
    });
    return out;
}

}  // namespace irlens
