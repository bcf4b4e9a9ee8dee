// The leave-one-out pool test (Sakai, PROMISE 2013, Sec. 5.4, Fig. 18): see leave_one_out.hpp.
#include "irlens/stats/leave_one_out.hpp"

#include "irlens/stats/correlation.hpp"
#include "irlens/error.hpp"
#include "irlens/evaluation/ranking.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace irlens {

namespace {

constexpr int kNoGroup = -1, kSeveralGroups = -2;

/// The qrels without the judgments whose index has drop[index] set, rebuilt through the reader
/// (so that the index invariants hold): `topic iter|group doc rel` lines.
std::shared_ptr<const Qrels> qrels_without(const Qrels& qrels, const std::vector<char>& drop,
                                           const std::string& source) {
    QrelsReader reader(source, qrels.format());
    std::string line;
    for (std::size_t t = 0; t < qrels.num_topics(); ++t)
        for (const Judgment* j = qrels.begin(t); j != qrels.end(t); ++j) {
            if (drop[qrels.index_of(*j)]) continue;
            line.assign(qrels.topic_id(t));
            line += ' ';
            line += qrels.format() == QrelsFormat::Grouped ? qrels.group_names()[j->group] : std::string("0");
            line += ' ';
            line += qrels.doc(*j);
            line += ' ' + std::to_string(j->rel) + '\n';
            reader.feed(line);
        }
    return reader.finish();
}

}  // namespace

// Its entries written back as run lines (the score, or the rank, exactly: %.17g) in file order.
std::shared_ptr<const Run> rebind(const Run& run, const std::shared_ptr<const Qrels>& qrels) {
    RunReader reader(qrels, run.name(), run.order());
    const Qrels& old = run.qrels();
    std::string line;
    char number[40];
    for (std::size_t t = 0; t < old.num_topics(); ++t)
        for (const RunEntry& e : run.entries(t)) {
            line.assign(old.topic_id(t));
            line += " Q0 ";
            line += run.doc(e.doc);
            if (run.order() == RunOrder::Score) {
                std::snprintf(number, sizeof number, " 0 %.17g ", e.key);
            } else {
                std::snprintf(number, sizeof number, " %.0f 0 ", -e.key);
            }
            line += number;
            line += run.tag().empty() ? std::string("-") : run.tag();
            line += '\n';
            reader.feed(line);
        }
    return reader.finish();
}

namespace {

/// Competition rank of every score (1 + the number of strictly higher scores).
std::vector<std::size_t> ranks_of(const std::vector<double>& scores) {
    std::vector<std::size_t> rank(scores.size(), 1);
    for (std::size_t i = 0; i < scores.size(); ++i)
        for (double s : scores) rank[i] += s > scores[i];
    return rank;
}

}  // namespace

LeaveOneOut leave_one_out(const std::shared_ptr<const Qrels>& qrels,
                          const std::vector<std::shared_ptr<const Run>>& runs, const std::vector<std::string>& groups,
                          const std::vector<MeasureSpec>& measures, const LeaveOneOutOptions& options) {
    if (groups.size() != runs.size()) throw UsageError("leave-one-out: one group per run is needed");
    if (options.pool_depth == 0) throw UsageError("leave-one-out: the pool depth must be at least 1");
    for (const MeasureSpec& m : measures)
        if (m.info().text_valued)
            throw UsageError("measure '" + m.name() + "' has text values; the LOO test needs numbers");
    LeaveOneOut out;
    out.measures = measures;
    out.pool_depth = options.pool_depth;
    Evaluation full = evaluate(qrels, runs, measures, options.eval);
    out.warnings = std::move(full.warnings);

    // Group ids, and the owner of every judgment index: the group that alone contributed it.
    std::map<std::string, int> group_id;
    std::vector<int> run_group(runs.size());
    for (std::size_t r = 0; r < runs.size(); ++r)
        run_group[r] = group_id.emplace(groups[r], static_cast<int>(group_id.size())).first->second;
    std::vector<int> owner(qrels->num_judgments(), kNoGroup);
    for (std::size_t r = 0; r < runs.size(); ++r)
        for (std::size_t t = 0; t < qrels->num_topics(); ++t) {
            if (!runs[r]->has_topic(t)) continue;
            const std::vector<std::uint32_t> ordered = order_topic(*runs[r], t);
            for (std::size_t k = 0; k < ordered.size() && k < options.pool_depth; ++k) {
                const std::uint32_t ref = ordered[k];
                if (!runs[r]->judged(ref) || ref == kPlaceholderDoc) continue;
                int& o = owner[ref];
                o = o == kNoGroup || o == run_group[r] ? run_group[r] : kSeveralGroups;
            }
        }

    const std::size_t M = measures.size(), R = runs.size();
    out.runs.resize(R);
    for (std::size_t r = 0; r < R; ++r) {
        out.runs[r].run = full.runs[r].name;
        out.runs[r].group = groups[r];
        out.runs[r].full = full.runs[r].aggregate;
        out.runs[r].loo.assign(M, NAN);
    }
    for (const auto& [name, id] : group_id) {
        // Drop every judgment row of the documents the group alone contributed (a document's rows
        // are adjacent in its topic; the run refers to the first).
        std::vector<char> drop(qrels->num_judgments(), 0);
        std::size_t removed = 0, relevant = 0;
        for (std::size_t t = 0; t < qrels->num_topics(); ++t) {
            std::size_t kept = 0;
            for (const Judgment* j = qrels->begin(t); j != qrels->end(t); ++j) {
                const Judgment* first = j;
                while (first != qrels->begin(t) && qrels->doc(*(first - 1)) == qrels->doc(*j)) --first;
                if (owner[qrels->index_of(*first)] == id) {
                    drop[qrels->index_of(*j)] = 1;
                    ++removed;
                    relevant += j->rel > 0;
                } else {
                    ++kept;
                }
            }
            if (kept == 0 && qrels->num_judgments(t) > 0)
                out.warnings.push_back("leave-one-out: every judgment of topic '" + std::string(qrels->topic_id(t)) +
                                       "' is a unique contribution of group '" + name +
                                       "': the topic drops out of that group's LOO evaluation");
        }
        std::vector<std::size_t> members;
        for (std::size_t r = 0; r < R; ++r)
            if (run_group[r] == id) members.push_back(r);
        if (removed == 0) {  // nothing unique: the LOO qrels are the qrels
            for (std::size_t r : members) out.runs[r].loo = out.runs[r].full;
            continue;
        }
        if (removed == qrels->num_judgments())
            throw InputError(qrels->source(), 0,
                             "leave-one-out: group '" + name + "' contributed every judged document");
        const std::shared_ptr<const Qrels> loo_qrels =
            qrels_without(*qrels, drop, qrels->source() + " without group " + name);
        std::vector<std::shared_ptr<const Run>> rebound;
        for (std::size_t r : members) rebound.push_back(rebind(*runs[r], loo_qrels));
        const Evaluation loo = evaluate(loo_qrels, rebound, measures, options.eval);
        for (std::size_t k = 0; k < members.size(); ++k) {
            LeaveOneOutRun& lr = out.runs[members[k]];
            lr.loo = loo.runs[k].aggregate;
            lr.unique_judgments = removed;
            lr.unique_relevant = relevant;
        }
    }

    // Ranks, agreement and changes per measure.
    for (std::size_t m = 0; m < M; ++m) {
        std::vector<double> full_scores(R), loo_scores(R);
        for (std::size_t r = 0; r < R; ++r) full_scores[r] = out.runs[r].full[m], loo_scores[r] = out.runs[r].loo[m];
        const std::vector<std::size_t> full_rank = ranks_of(full_scores);
        std::size_t max_change = 0;
        double change = 0;
        for (std::size_t r = 0; r < R; ++r) {
            std::vector<double> mixed = full_scores;  // the run's group takes its LOO scores
            for (std::size_t o = 0; o < R; ++o)
                if (run_group[o] == run_group[r]) mixed[o] = loo_scores[o];
            const std::size_t loo_rank = ranks_of(mixed)[r];
            out.runs[r].full_rank.push_back(full_rank[r]);
            out.runs[r].loo_rank.push_back(loo_rank);
            max_change =
                std::max(max_change, loo_rank > full_rank[r] ? loo_rank - full_rank[r] : full_rank[r] - loo_rank);
            change += std::fabs(loo_scores[r] - full_scores[r]);
        }
        out.kendall_tau_b.push_back(kendall_tau_b(full_scores, loo_scores));
        out.mean_abs_change.push_back(R ? change / static_cast<double>(R) : NAN);
        out.max_rank_change.push_back(max_change);
    }
    return out;
}

}  // namespace irlens
