#include "irlens/stats/score_table.hpp"

#include "irlens/error.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace irlens {

ScoreMatrix score_matrix(const Evaluation& ev, std::size_t measure, const std::vector<std::size_t>& runs_in) {
    if (measure >= ev.measures.size()) throw UsageError("score_matrix: no such measure");
    const MeasureSpec& spec = ev.measures[measure];
    if (spec.info().text_valued)
        throw UsageError("measure '" + spec.name() +
                         "' has text values; significance tests and meta-evaluation need numbers");
    std::vector<std::size_t> runs = runs_in;
    if (runs.empty())
        for (std::size_t r = 0; r < ev.runs.size(); ++r) runs.push_back(r);
    ScoreMatrix m;
    m.measure = spec.name();
    for (std::size_t k = 0; k < runs.size(); ++k) {
        const RunScores& r = ev.runs.at(runs[k]);
        m.runs.push_back(r.name);
        if (k == 0) {
            m.topics = r.topics;
        } else {  // topics are in qrels (byte) order in every run: intersect sorted lists
            std::vector<std::string> common;
            std::set_intersection(m.topics.begin(), m.topics.end(), r.topics.begin(), r.topics.end(),
                                  std::back_inserter(common));
            m.topics.swap(common);
        }
    }
    // A topic without a value for one of the runs (NaN: e.g. sDCG on a session's later queries) is
    // left out, as the measure's aggregate leaves it out.
    std::vector<std::string> defined;
    for (const std::string& topic : m.topics) {
        bool ok = true;
        for (std::size_t run : runs) {
            const RunScores& r = ev.runs[run];
            const std::size_t t =
                static_cast<std::size_t>(std::lower_bound(r.topics.begin(), r.topics.end(), topic) - r.topics.begin());
            ok = ok && !std::isnan(r.values[measure][t]);
        }
        if (ok) defined.push_back(topic);
    }
    m.topics.swap(defined);
    for (std::size_t run : runs) {
        const RunScores& r = ev.runs[run];
        std::vector<double> row;
        row.reserve(m.topics.size());
        std::size_t t = 0;
        for (const std::string& topic : m.topics) {
            while (r.topics[t] != topic) ++t;
            row.push_back(r.values[measure][t]);
        }
        m.scores.push_back(std::move(row));
    }
    return m;
}

std::string topic_policy(MissingTopics missing, std::size_t topics_used, std::size_t qrels_topics) {
    if (missing == MissingTopics::Zero)
        return "topics: all " + std::to_string(topics_used) +
               " qrels topics; a topic a run did not answer scores as with trec_eval -c (0 for most measures)";
    return "topics: the " + std::to_string(topics_used) + " of " + std::to_string(qrels_topics) +
           " qrels topics that every compared run answered (--missing skip)";
}

}  // namespace irlens
