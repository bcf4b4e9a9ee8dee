// The rarity report: per topic, every relevant document with S_d, R(d) and R'(d), rarest first
// (Türkmen, Lease & Kutlu, ECIR 2023, Eq. 2, Sec. 5.2 and the view of Table 4).
#include "irlens/error.hpp"
#include "irlens/relative/rarity.hpp"
#include "relative/rareness.hpp"

#include <algorithm>
#include <unordered_map>

namespace irlens {

RarityReport rarity_report(const std::shared_ptr<const Qrels>& qrels,
                           const std::vector<std::shared_ptr<const Run>>& runs, const RarityOptions& options) {
    if (options.depth == 0 || options.depth < -1)
        throw UsageError("rarity: depth must be at least 1, got " + std::to_string(options.depth));
    EvalContext context;
    context.qrels = qrels;
    context.runs = runs;
    relative::HitTable hits(context, options.rel_level, options.depth);
    std::vector<std::size_t> pool = relative::resolve_pool(options.pool, context);
    relative::RarityCounts counts(hits, pool, options.depth, qrels->num_judgments());

    RarityReport report;
    report.systems = counts.systems();
    report.depth = options.depth;
    for (std::size_t r : pool) report.pool.push_back(runs[r]->name());
    std::unordered_map<std::uint32_t, std::size_t> finder;  // doc -> the pool run that found it
    for (std::size_t t = 0; t < qrels->num_topics(); ++t) {
        finder.clear();
        for (std::size_t r : pool)
            for (const relative::Hit* h = hits.begin(r, t); h != hits.end(r, t); ++h) finder[h->doc] = r;
        std::size_t first = report.documents.size();
        std::string_view previous;
        for (const Judgment* j = qrels->begin(t); j != qrels->end(t); ++j) {
            // Grouped qrels judge a doc once per group, adjacently; runs refer to its first judgment.
            if (qrels->doc(*j) == previous) continue;
            previous = qrels->doc(*j);
            if (j->rel < 0 || j->rel < options.rel_level) continue;
            std::uint32_t doc = qrels->index_of(*j);
            RareDocument d;
            d.topic = std::string(qrels->topic_id(t));
            d.doc = std::string(qrels->doc(*j));
            d.rel = j->rel;
            d.found_by = counts.found_by(doc);
            d.rarity = counts.rarity(doc);
            d.rarity_mixture = counts.rarity_mixture(doc);
            if (d.found_by == 1) d.only_run = runs[finder.at(doc)]->name();
            report.documents.push_back(std::move(d));
        }
        std::sort(report.documents.begin() + static_cast<long>(first), report.documents.end(),
                  [](const RareDocument& a, const RareDocument& b) {
                      return a.found_by != b.found_by ? a.found_by < b.found_by : a.doc < b.doc;
                  });
    }
    return report;
}

}  // namespace irlens
