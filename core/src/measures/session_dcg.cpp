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
#include "measures/trace.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <unordered_set>

namespace irlens::measures {

namespace {

/// The checks of prepare(): sessions given, and no session half in the qrels.
void check_sessions(const EvalContext& c) {
    if (!c.sessions)
        throw UsageError(
            "sDCG needs sessions: give a file of lines session<TAB>position<TAB>topic "
            "(irlens eval --sessions FILE; EvalOptions::sessions in the library)");
    for (const Sessions::Session& s : c.sessions->sessions()) {
        std::size_t in_qrels = 0;
        for (const std::string& t : s.topics) in_qrels += c.qrels->find_topic(t) >= 0;
        for (const std::string& t : s.topics)
            if (in_qrels && c.qrels->find_topic(t) < 0)
                throw UsageError(
                    "sDCG: query '" + t + "' of session '" + s.id + "' (" + c.sessions->source() +
                    ") is not a topic of the qrels, so its results are unknown; judge it or drop the session");
    }
}

/// sDCG of the session of topic view v (see the top of this file), traced for explain mode: one
/// row per rank r of the concatenated list (its document and judgment from its own query), with
/// the query position, the gain, the two discounts and sDCG so far.
template <class T>
double session_dcg(long k, const ParamValue& gains, bool judged_only, bool dedup, const TopicView& v, T& t) {
    const EvalContext& c = v.context();
    if constexpr (T::on)
        t.formula(
            "sDCG = sum over ranks r of the session's concatenated list of g(r) / (log4(qnum(r) + 3) log2(r + 1)), "
            "the top l documents of each query in session order" +
            std::string(dedup ? ", repeated documents dropped" : ""));
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
    t.term("queries in the session", static_cast<double>(queries.size()));
    if (report != static_cast<long>(v.topic())) {
        if constexpr (T::on)
            t.term("not applicable: the session is reported on topic " +
                       std::string(v.qrels().topic_id(static_cast<std::size_t>(report))),
                   std::numeric_limits<double>::quiet_NaN());
        return std::numeric_limits<double>::quiet_NaN();
    }
    std::size_t col = t.columns({"query position", "gain", "log4(qnum + 3)", "log2(r + 1)", "sDCG so far"});
    std::unordered_set<std::string_view> seen;
    double sum = 0.0;
    long rank = 0;
    for (std::size_t q = 0; q < queries.size(); ++q) {
        std::size_t tp = static_cast<std::size_t>(queries[q]);
        if (!v.run().has_topic(tp)) continue;
        TopicView query(c, v.run_index(), tp);
        const Ranking& r = query.ranking(1, judged_only);
        std::vector<GainLevel> table = gain_table(gains, r);
        long n = k < 0 ? r.num_ret : std::min(k, r.num_ret);
        double query_discount = std::log(static_cast<double>(q + 1) + 3.0) / std::log(4.0);
        for (long i = 0; i < n; ++i) {
            if (dedup && !seen.insert(v.run().doc(r.docs[static_cast<std::size_t>(i)])).second) continue;
            ++rank;
            double g = gain_of(r.rels[static_cast<std::size_t>(i)], table);
            if (g != 0) sum += g / (query_discount * std::log2(static_cast<double>(rank) + 1.0));
            if constexpr (T::on) {
                t.doc(rank - 1, v.run().doc(r.docs[static_cast<std::size_t>(i)]), r.rels[static_cast<std::size_t>(i)]);
                t.row(rank - 1,
                      {static_cast<double>(q + 1), g, query_discount, std::log2(static_cast<double>(rank) + 1.0), sum},
                      col);
            }
        }
    }
    t.term("sDCG", sum);
    return sum;
}

}  // namespace

void add_session_measures(std::vector<MeasureInfo>& out) {
    Rows rows(out, "session");
    rows.add("sDCG")
        .alias("SessionDCG")
        .help(
            "Session DCG: the top l documents of each query of a session concatenated, gain / (log4(query position + "
            "3) "
            "log2(rank + 1)); needs --sessions. Reported on the session's first answered query, NaN on its others.")
        .cite(
            "Sakai, Metrics, Statistics, Tests (PROMISE 2013), Eq. 35; Jarvelin, Price, Delcambre & Nielsen, "
            "Discounted Cumulated Gain Based Evaluation of Multiple-Query IR Sessions (ECIR 2008); Kanoulas et al. "
            "(SIGIR 2011)")
        .cutoff()
        .cutoff_help("documents taken from each query's list")
        .params({gains_param(),
                 ParamInfo::boolean("dedup", "keep only the first occurrence of a document in the session")
                     .defaults_to("True"),
                 judged_only_param()})
        .sparse()
        .values(Range::non_negative())
        .needs(Need::Sessions)
        .make([](const MeasureSpec& s) -> std::unique_ptr<TopicMeasure> {
            long k = s.has_cutoff() ? s.cutoff_int() : -1;
            ParamValue gains = s.param("gains");
            bool jo = s.bool_param("judged_only"), dedup = s.bool_param("dedup");
            return traced([=](const TopicView& v, auto& t) { return session_dcg(k, gains, jo, dedup, v, t); },
                          check_sessions);
        });
}

}  // namespace irlens::measures
