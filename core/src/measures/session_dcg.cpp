// Session DCG over multi-query sessions (Sakai, Metrics, Statistics, Tests, PROMISE 2013, Sec. 3.2,
// Eq. 35, after Jarvelin et al., ECIR 2008 and Kanoulas et al., SIGIR 2011):
//   sDCG = sum_r g(r) / (log4(qnum(r) + 3) log2(r + 1))
// over the concatenation, in session order, of the top l documents of each query's ranked list
// (@l; the whole lists without it); r is the rank in the concatenated list, qnum(r) the position
// of the query the document came from. Readings (see the README):
// - Duplicates: with dedup=True (default) only the first occurrence of a document in the
//   concatenated list is kept and later ones take no rank (the lecture's condensed-list-like
//   option); dedup=False keeps and rewards every occurrence.
// - Gains: each document's gain comes from the judgments of its own query's topic (`gains`, linear
//   by default); documents not judged for that topic gain 0.
// - A query the run did not answer is an issued query with an empty list: it contributes nothing
//   but still counts in qnum of later queries.
// - Reporting: the session's value is reported on the row of its first query (lowest position)
//   that the run answered (its first query if it answered none); the other queries of the session
//   get NaN (not applicable), which aggregation leaves out, so the mean is over sessions.
// - A topic that no session lists is a one-query session of its own.
// - A session some of whose queries are qrels topics and some not is a usage error: the results
//   of the missing ones were dropped with their topic, so their ranks cannot be known.
#include "irlens/error.hpp"
#include "irlens/readers/sessions.hpp"
#include "measures/common.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <unordered_set>

namespace irlens::measures {

namespace {

class SessionDcg final : public TopicMeasure {
public:
    SessionDcg(long k, ParamValue gains, bool judged_only, bool dedup)
        : k_(k), gains_(std::move(gains)), judged_only_(judged_only), dedup_(dedup) {}

    void prepare(const EvalContext& c) override {
        if (!c.sessions)
            throw UsageError("sDCG needs sessions: give a file of lines session<TAB>position<TAB>topic "
                             "(irlens eval --sessions FILE; EvalOptions::sessions in the library)");
        for (const Sessions::Session& s : c.sessions->sessions()) {
            std::size_t in_qrels = 0;
            for (const std::string& t : s.topics) in_qrels += c.qrels->find_topic(t) >= 0;
            for (const std::string& t : s.topics)
                if (in_qrels && c.qrels->find_topic(t) < 0)
                    throw UsageError("sDCG: query '" + t + "' of session '" + s.id + "' (" + c.sessions->source() +
                                     ") is not a topic of the qrels, so its results are unknown; judge it or drop the session");
        }
    }

    double compute(const TopicView& v) const override {
        const EvalContext& c = v.context();
        std::vector<long> queries;  // qrels topic index per position
        if (const Sessions::Session* s = c.sessions->find(v.qrels().topic_id(v.topic())))
            for (const std::string& t : s->topics) queries.push_back(c.qrels->find_topic(t));
        else
            queries.push_back(static_cast<long>(v.topic()));
        // The row that reports the session: its first answered query, else its first query.
        long report = queries[0];
        for (long t : queries) {
            if (v.run().has_topic(static_cast<std::size_t>(t))) {
                report = t;
                break;
            }
        }
        if (report != static_cast<long>(v.topic())) return std::numeric_limits<double>::quiet_NaN();

        std::unordered_set<std::string_view> seen;
        double sum = 0.0;
        long rank = 0;
        for (std::size_t q = 0; q < queries.size(); ++q) {
            std::size_t t = static_cast<std::size_t>(queries[q]);
            if (!v.run().has_topic(t)) continue;
            TopicView query(c, v.run_index(), t);
            const Ranking& r = query.ranking(1, judged_only_);
            std::vector<GainLevel> table = gain_table(gains_, r);
            long n = k_ < 0 ? r.num_ret : std::min(k_, r.num_ret);
            double query_discount = std::log(static_cast<double>(q + 1) + 3.0) / std::log(4.0);
            for (long i = 0; i < n; ++i) {
                if (dedup_ && !seen.insert(v.run().doc(r.docs[static_cast<std::size_t>(i)])).second) continue;
                ++rank;
                double g = gain_of(r.rels[static_cast<std::size_t>(i)], table);
                if (g != 0) sum += g / (query_discount * std::log2(static_cast<double>(rank) + 1.0));
            }
        }
        return sum;
    }

private:
    long k_;
    ParamValue gains_;
    bool judged_only_, dedup_;
};

}  // namespace

void add_session_measures(std::vector<MeasureInfo>& out) {
    MeasureInfo m;
    m.name = "sDCG";
    m.aliases = {"SessionDCG"};
    m.family = "session";
    m.help = "Session DCG: the top l documents of each query of a session concatenated, gain / (log4(query position + 3) "
             "log2(rank + 1)); needs --sessions. Reported on the session's first answered query, NaN on its others.";
    m.citation = "Sakai, Metrics, Statistics, Tests (PROMISE 2013), Eq. 35; Jarvelin, Price, Delcambre & Nielsen, "
                 "Discounted Cumulated Gain Based Evaluation of Multiple-Query IR Sessions (ECIR 2008); Kanoulas et al. (SIGIR 2011)";
    m.cutoff = CutoffKind::Int;
    m.cutoff_help = "documents taken from each query's list";
    m.sparse = true;
    m.params = {gains_param(),
                {"dedup", ParamKind::Bool, "True", "keep only the first occurrence of a document in the session"},
                judged_only_param()};
    m.make = [](const MeasureSpec& s) -> std::unique_ptr<TopicMeasure> {
        return std::make_unique<SessionDcg>(s.has_cutoff() ? s.cutoff_int() : -1, s.param("gains"), s.bool_param("judged_only"),
                                            s.bool_param("dedup"));
    };
    out.push_back(m);
}

}  // namespace irlens::measures
