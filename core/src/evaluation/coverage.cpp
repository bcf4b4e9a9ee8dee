// Subtopic coverage of a ranked list (irlens/evaluation/coverage.hpp), from the same table of a topic's
// intents the diversity measures use (measures/intent_rankings.hpp).
#include "irlens/evaluation/coverage.hpp"

#include "irlens/error.hpp"
#include "irlens/evaluation/topic_view.hpp"
#include "measures/intent_rankings.hpp"

#include <unordered_map>

namespace irlens {

SubtopicCoverage subtopic_coverage(const std::shared_ptr<const Run>& run, std::string_view topic, long depth,
                                   long rel_level) {
    if (depth < 1) throw UsageError("subtopic coverage: depth must be at least 1, got " + std::to_string(depth));
    if (rel_level < 1) throw UsageError("subtopic coverage: rel must be at least 1, got " + std::to_string(rel_level));
    long t = run->qrels().find_topic(topic);
    if (t < 0) throw UsageError("subtopic coverage: topic '" + std::string(topic) + "' is not in the qrels");
    EvalContext context;
    context.qrels = run->qrels_ptr();
    context.runs = {run};
    measures::TopicIntents ti = measures::topic_intents(context, static_cast<std::size_t>(t));

    SubtopicCoverage out;
    out.topic = std::string(topic);
    for (std::string_view name : ti.names) out.intents.emplace_back(name);
    out.first_rank.assign(ti.size(), 0);
    if (!run->has_topic(static_cast<std::size_t>(t))) return out;
    // Plain qrels keep a topic's judgments in file order: look documents up by id.
    std::unordered_map<std::string_view, const std::vector<int>*> grades_of;
    for (const measures::TopicIntents::Doc& d : ti.relevant) grades_of.emplace(d.id, &d.grades);
    TopicView view(context, 0, static_cast<std::size_t>(t));
    long covered = 0;
    for (std::uint32_t ref : view.ordered()) {
        if (static_cast<long>(out.docs.size()) >= depth) break;
        std::string_view doc = run->doc(ref);
        auto it = grades_of.find(doc);
        std::vector<int> grades = it == grades_of.end() ? std::vector<int>(ti.size(), 0) : *it->second;
        long rank = static_cast<long>(out.docs.size()) + 1;
        for (std::size_t i = 0; i < grades.size(); ++i)
            if (grades[i] >= rel_level && !out.first_rank[i]) {
                out.first_rank[i] = rank;
                ++covered;
            }
        out.docs.emplace_back(doc);
        out.grades.push_back(std::move(grades));
        out.covered.push_back(covered);
    }
    return out;
}

}  // namespace irlens
