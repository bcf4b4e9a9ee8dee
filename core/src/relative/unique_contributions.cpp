// Unique contributions to the relevant set per run and per group (Clarke et al., SIGIR-AP 2024,
// Appendix B; see unique.hpp).
#include "irlens/relative/unique.hpp"

#include "irlens/error.hpp"
#include "irlens/evaluation/topic_view.hpp"
#include "relative/hit_table.hpp"

#include <algorithm>
#include <cmath>

namespace irlens {

UniqueContributions unique_contributions(const std::shared_ptr<const Qrels>& qrels,
                                         const std::vector<std::shared_ptr<const Run>>& runs, const RunGroups* groups,
                                         long depth, long rel_level, MissingTopics missing) {
    if (depth < 1) throw UsageError("unique contributions: depth must be at least 1, got " + std::to_string(depth));
    EvalContext context;
    context.qrels = qrels;
    context.runs = runs;
    relative::HitTable hits(context, rel_level, depth);

    UniqueContributions out;
    out.depth = depth;
    out.rel_level = rel_level;
    out.topics = qrels->num_topics();
    out.missing = missing;
    // Group index of every run, groups numbered in order of first appearance.
    std::vector<std::string> names =
        groups ? groups->groups_of(runs, "unique contributions") : std::vector<std::string>();
    std::vector<std::size_t> group_of(runs.size());
    for (std::size_t r = 0; r < runs.size(); ++r) {
        const std::string& g = groups ? names[r] : runs[r]->name();
        auto it = std::find_if(out.groups.begin(), out.groups.end(), [&](const UniqueCount& u) { return u.name == g; });
        if (it == out.groups.end()) {
            out.groups.push_back(UniqueCount{g, g, 0, 0.0, 0, 0});
            it = out.groups.end() - 1;
        }
        ++it->runs;
        group_of[r] = static_cast<std::size_t>(it - out.groups.begin());
        out.runs.push_back(UniqueCount{runs[r]->name(), g, 1, 0.0, 0, 0});
    }

    // Per topic: the one group that has each doc in a top `depth`, or kShared when several have.
    const std::size_t kNone = static_cast<std::size_t>(-1), kShared = kNone - 1;
    std::vector<std::size_t> owner;
    for (std::size_t t = 0; t < qrels->num_topics(); ++t) {
        std::uint32_t first = qrels->index_of(*qrels->begin(t));
        owner.assign(qrels->num_judgments(t), kNone);
        for (std::size_t r = 0; r < runs.size(); ++r) {
            for (const relative::Hit* h = hits.begin(r, t); h != hits.end(r, t); ++h) {
                std::size_t& o = owner[h->doc - first];
                o = o == kNone || o == group_of[r] ? group_of[r] : kShared;
            }
        }
        for (std::size_t r = 0; r < runs.size(); ++r)
            for (const relative::Hit* h = hits.begin(r, t); h != hits.end(r, t); ++h)
                out.runs[r].total += owner[h->doc - first] == group_of[r];
        for (std::size_t o : owner)
            if (o != kNone && o != kShared) ++out.groups[o].total;
        // The topics each mean is over.
        std::vector<bool> group_answered(out.groups.size(), missing == MissingTopics::Zero);
        for (std::size_t r = 0; r < runs.size(); ++r) {
            bool counts = missing == MissingTopics::Zero || runs[r]->has_topic(t);
            out.runs[r].topics += counts;
            if (counts) group_answered[group_of[r]] = true;
        }
        for (std::size_t g = 0; g < out.groups.size(); ++g) out.groups[g].topics += group_answered[g];
    }
    auto mean = [](const UniqueCount& u) {
        return u.topics ? static_cast<double>(u.total) / static_cast<double>(u.topics) : std::nan("");
    };
    for (UniqueCount& u : out.runs) u.mean = mean(u);
    for (UniqueCount& u : out.groups) u.mean = mean(u);
    return out;
}

}  // namespace irlens
