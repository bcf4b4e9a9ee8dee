// U-measure (Sakai & Dou, Summaries, Ranked Retrieval and Sessions: A Unified Framework for
// Information Access Evaluation, SIGIR 2013; Sakai, Metrics, Statistics, Tests, PROMISE 2013,
// Eqs. 19-20 and Fig. 5) over the trailtext of a ranked list under linear traversal: the user
// reads the snippet of every document down the list and F of the text of each relevant one, in
// rank order (Fig. 5b: snippet 1, snippet 2, F% of document 2, ...). The offset position of a
// relevant document is the number of characters read up to the end of its F% part:
//   pos(k) = sum_{i <= k} snippet + sum_{i <= k, relevant} F * characters(i)
//   U      = sum_{k relevant} g(k) max(0, 1 - pos(k) / L)
// Readings: U is left unnormalised (the lecture's "normalisation factor ... set to zero if
// normalisation is not required" is read as a factor of one); g is the gain of the document's
// grade (`gains`, linear by default: gv_x = x); F * characters is not rounded. Defaults: F = 0.2,
// snippet = 200 characters (Fig. 9), L = 132000 characters (Sakai & Dou). The lengths file gives
// characters; only relevant documents in the top k are looked up.
#include "measures/doc_length_lookup.hpp"
#include "measures/trace.hpp"

#include <algorithm>
#include <cmath>

namespace irlens::measures {

namespace {

/// U of one topic (see the top of this file), traced for explain mode: per rank the document's
/// characters (relevant ones), pos(k), the decay max(0, 1 - pos/L), the gain and U so far.
template <class T>
double u_measure(double L, double F, double snippet, long k, long level, const ParamValue& gains, bool judged_only,
                 const TopicView& v, T& t) {
    const Ranking& r = v.ranking(level, judged_only);
    t.ranking(r);
    t.formula(
        "U = sum over relevant ranks k of g(k) max(0, 1 - pos(k) / L), pos(k) = characters read to the end of "
        "rank k: a snippet per rank and F of each relevant document's characters; reading stops at pos >= L");
    std::size_t c = t.columns({"characters", "pos(k)", "max(0, 1 - pos/L)", "gain", "U so far"});
    std::vector<GainLevel> table = gain_table(gains, r);
    long n = k < 0 ? r.num_ret : std::min(k, r.num_ret);
    double pos = 0.0, u = 0.0;
    for (long i = 0; i < n && pos < L; ++i) {
        pos += snippet;
        int rel = r.rels[static_cast<std::size_t>(i)];
        if (rel < level) {
            if constexpr (T::on) t.row(i, {std::nan(""), pos, std::nan(""), 0.0, u}, c);
            continue;
        }
        double chars = static_cast<double>(length_at(v, r, i).characters);
        pos += F * chars;
        u += gain_of(rel, table) * std::max(0.0, 1.0 - pos / L);
        if constexpr (T::on) t.row(i, {chars, pos, std::max(0.0, 1.0 - pos / L), gain_of(rel, table), u}, c);
    }
    t.term("L (characters)", L);
    t.term("U", u);
    return u;
}

}  // namespace

void add_u_measures(std::vector<MeasureInfo>& out) {
    Rows rows(out, "reading time");
    rows.add("U")
        .alias("U-measure")
        .help(
            "U-measure: gain of each relevant document decayed linearly, max(0, 1 - pos/L), by the characters read "
            "before it (snippets, and F of each relevant document); needs --doc-lengths (characters).")
        .cite(
            "Sakai & Dou, Summaries, Ranked Retrieval and Sessions: A Unified Framework for Information Access "
            "Evaluation (SIGIR 2013); Sakai, Metrics, Statistics, Tests (PROMISE 2013), Eqs. 19-20")
        .cutoff()
        .params({ParamInfo::real("L", "characters read after which nothing is worth anything")
                     .defaults_to("132000")
                     .in(Range::positive(kMaxWeight)),
                 ParamInfo::real("F", "fraction of each relevant document read").defaults_to("0.2").in(Range::unit()),
                 ParamInfo::real("snippet", "characters of each snippet read")
                     .defaults_to("200")
                     .in(Range::non_negative(kMaxWeight)),
                 rel_param(), gains_param(), judged_only_param()})
        .values(Range::non_negative())
        .needs(Need::DocLengths)
        .make([](const MeasureSpec& s) -> std::unique_ptr<TopicMeasure> {
            double L = s.real_param("L"), F = s.real_param("F"), snippet = s.real_param("snippet");
            if (!(L > 0) || !std::isfinite(L))
                throw UsageError("U: L must be a positive number of characters, got " + format_number(L));
            if (!(F >= 0 && F <= 1))
                throw UsageError("U: F is the fraction of a document read, in [0,1], got " + format_number(F));
            if (!(snippet >= 0) || !std::isfinite(snippet))
                throw UsageError("U: snippet must be a number of characters >= 0, got " + format_number(snippet));
            long k = s.has_cutoff() ? s.cutoff_int() : -1, level = s.int_param("rel");
            ParamValue gains = s.param("gains");
            bool jo = s.bool_param("judged_only");
            return traced(
                [=](const TopicView& v, auto& t) { return u_measure(L, F, snippet, k, level, gains, jo, v, t); },
                [](const EvalContext& c) { need_doc_lengths(c, "U"); });
        });
}

}  // namespace irlens::measures
