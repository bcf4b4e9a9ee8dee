// Two sets of judgments compared, labels and conclusions (contract: irlens/stats/judgments.hpp).
#include "irlens/stats/judgments.hpp"

#include "irlens/error.hpp"
#include "irlens/stats/leave_one_out.hpp"

#include <algorithm>

namespace irlens {

namespace {

/// The columns of m at the topics `keep` (a subset of m.topics, in m's order).
ScoreMatrix columns(const ScoreMatrix& m, const std::vector<std::string>& keep) {
    ScoreMatrix out;
    out.measure = m.measure;
    out.runs = m.runs;
    out.scores.assign(m.runs.size(), {});
    for (std::size_t t = 0; t < m.topics.size(); ++t) {
        if (!std::binary_search(keep.begin(), keep.end(), m.topics[t])) continue;
        out.topics.push_back(m.topics[t]);
        for (std::size_t r = 0; r < m.runs.size(); ++r) out.scores[r].push_back(m.scores[r][t]);
    }
    return out;
}

}  // namespace

JudgmentsReport compare_judgments(const std::shared_ptr<const Qrels>& a, const std::shared_ptr<const Qrels>& b,
                                  const ReadRuns& read_runs, const std::vector<MeasureSpec>& measures,
                                  const EvalOptions& eval, const JudgmentsSettings& s) {
    JudgmentsReport r;
    r.settings = s;
    r.labels = judgment_agreement(*a, *b, s.threshold, s.map_b);
    if (!read_runs) return r;
    if (measures.empty()) throw UsageError("no measure given: comparing the runs' conclusions needs -m MEASURE");
    if (r.labels.topics_compared.empty())
        throw UsageError("the two sets of judgments have no topic in common: the runs cannot be compared under both");
    const std::shared_ptr<const Qrels> qa = keep_topics(*a, r.labels.topics_compared);
    std::shared_ptr<const Qrels> qb = keep_topics(*b, r.labels.topics_compared);
    if (!s.map_b.empty()) qb = map_grades(*qb, s.map_b);
    const std::vector<std::shared_ptr<const Run>> runs_a = read_runs(qa), runs_b = read_runs(qb);
    if (runs_a.size() < 2) throw UsageError("comparing the conclusions of two sets of judgments needs at least 2 runs");
    EvalOptions o = eval;
    o.missing = MissingTopics::Zero;
    const Evaluation ea = evaluate(qa, runs_a, measures, o);
    const Evaluation eb = evaluate(qb, runs_b, measures, o);
    for (const std::string& w : ea.warnings) r.warnings.push_back(a->source() + ": " + w);
    for (const std::string& w : eb.warnings) r.warnings.push_back(b->source() + ": " + w);
    std::size_t fewest = r.labels.topics_compared.size();
    for (std::size_t k = 0; k < measures.size(); ++k) {
        const ScoreMatrix ma = score_matrix(ea, k), mb = score_matrix(eb, k);
        std::vector<std::string> both;
        std::vector<std::string> ta = ma.topics, tb = mb.topics;
        std::sort(ta.begin(), ta.end());
        std::sort(tb.begin(), tb.end());
        std::set_intersection(ta.begin(), ta.end(), tb.begin(), tb.end(), std::back_inserter(both));
        fewest = std::min(fewest, both.size());
        r.measures.push_back(conclusions_agreement(columns(ma, both), columns(mb, both), s.conclusions));
    }
    r.topic_policy = "runs scored on the " + std::to_string(r.labels.topics_compared.size()) +
                     " topic(s) both sets judge; a topic a run did not answer scores as with trec_eval -c (0 for "
                     "most measures)";
    if (fewest < r.labels.topics_compared.size())
        r.topic_policy += "; a measure undefined on a topic under either set leaves it out (fewest topics used: " +
                          std::to_string(fewest) + ")";
    return r;
}

JudgmentsReport compare_judgments(const std::shared_ptr<const Qrels>& a, const std::shared_ptr<const Qrels>& b,
                                  const std::vector<std::shared_ptr<const Run>>& runs_of_a,
                                  const std::vector<MeasureSpec>& measures, const EvalOptions& eval,
                                  const JudgmentsSettings& s) {
    for (const auto& r : runs_of_a)
        if (&r->qrels() != a.get())
            throw UsageError("run " + r->name() + " was read against other qrels than " + a->source() +
                             ": read the runs against qrels A");
    ReadRuns read;
    if (!runs_of_a.empty())
        read = [&](const std::shared_ptr<const Qrels>& q) {
            std::vector<std::shared_ptr<const Run>> out;
            for (const auto& r : runs_of_a) out.push_back(rebind(*r, q));
            return out;
        };
    return compare_judgments(a, b, read, measures, eval, s);
}

}  // namespace irlens
