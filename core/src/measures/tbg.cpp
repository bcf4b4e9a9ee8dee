// Time-biased gain (Smucker & Clarke, Time-Based Calibration of Effectiveness Measures, SIGIR
// 2012; Sakai, Metrics, Statistics, Tests, PROMISE 2013, Eqs. 17-18), binary relevance:
//   TBG  = sum_k g(k) exp(-T(k) ln 2 / h)
//   T(k) = sum_{i < k} (T_S + P_click(i) T_D(i)),   T_D(i) = 0.018 words(i) + 7.8 seconds
//   g(k) = P(click | relevant) P(save | relevant) = 0.64 * 0.77 for a relevant document, else 0;
//   P_click(i) = 0.64 for a relevant document, 0.39 otherwise (unjudged documents count as
//   non-relevant unless judged_only drops them); T_S = 4.4 s per summary; half-life h = 224 s.
// These are Smucker & Clarke's calibrated values (the lecture quotes 0.64, 0.39 and T_D); each is
// a parameter. Lengths are in words (the third column of the lengths file). A document listed
// without words takes characters / chars_per_word when that parameter is given; otherwise TBG stops
// with an error naming it. Only the documents above the last relevant one in the top k are looked
// up (a document's own length only delays the ones below it).
#include "measures/doc_length_lookup.hpp"
#include "measures/trace.hpp"

#include <cmath>

namespace irlens::measures {

namespace {

struct TbgParams {
    double half_life, summary_time, click_rel, click_nonrel, save_rel, slope, intercept, chars_per_word;
    bool have_chars_per_word;
};

/// The words of the document at 0-based rank i of r (see the top of this file).
double words(const TbgParams& p, const TopicView& v, const Ranking& r, long i) {
    const DocLengths::Length& len = length_at(v, r, i);
    if (len.words >= 0) return static_cast<double>(len.words);
    if (p.have_chars_per_word) return static_cast<double>(len.characters) / p.chars_per_word;
    throw InputError(v.context().doc_lengths->source(), len.line,
                     "document '" + quote_bytes(v.run().doc(r.docs[static_cast<std::size_t>(i)])) +
                         "' has no word count (third column), which TBG needs; add it or give TBG chars_per_word");
}

/// TBG of one topic (Eq. 17-18 above), traced for explain mode: per rank the time T(k) at which the
/// user reaches it, the decay exp(-T(k) ln 2 / h), the gain and TBG so far; the rank's reading time.
template <class T>
double tbg(const TbgParams& p, long k, long level, bool judged_only, const TopicView& v, T& t) {
    const Ranking& r = v.ranking(level, judged_only);
    t.ranking(r);
    t.formula(
        "TBG = sum over relevant ranks k of g exp(-T(k) ln 2 / h), g = P(click|rel) P(save|rel); T(k) = sum over "
        "ranks i < k of T_S + P_click(i) (slope * words(i) + intercept)");
    std::size_t c = t.columns({"words", "T(k) seconds", "decay", "gain", "TBG so far"});
    long n = k < 0 ? r.num_ret : std::min(k, r.num_ret), last = -1;
    for (long i = 0; i < n; ++i)
        if (r.rels[static_cast<std::size_t>(i)] >= level) last = i;
    const double gain = p.click_rel * p.save_rel, decay = std::log(2.0) / p.half_life;
    t.term("g = click_rel * save_rel", gain);
    t.term("h (half-life, seconds)", p.half_life);
    double tbg = 0.0, time = 0.0;
    for (long i = 0; i <= last; ++i) {
        bool relevant = r.rels[static_cast<std::size_t>(i)] >= level;
        if (relevant) tbg += gain * std::exp(-time * decay);
        double at = time, w = std::nan("");  // words are looked up only above the last relevant document
        if (i < last) {
            w = words(p, v, r, i);
            time += p.summary_time + (relevant ? p.click_rel : p.click_nonrel) * (p.slope * w + p.intercept);
        }
        if constexpr (T::on) t.row(i, {w, at, std::exp(-at * decay), relevant ? gain : 0.0, tbg}, c);
    }
    t.term("TBG", tbg);
    return tbg;
}

}  // namespace

void add_tbg_measures(std::vector<MeasureInfo>& out) {
    Rows rows(out, "reading time");
    rows.add("TBG")
        .help(
            "Time-biased gain: gain of each relevant document decayed by the expected time to reach it "
            "(summaries read, documents clicked and read at 0.018 s/word + 7.8 s); needs --doc-lengths (words).")
        .cite(
            "Smucker & Clarke, Time-Based Calibration of Effectiveness Measures (SIGIR 2012); "
            "Sakai, Metrics, Statistics, Tests (PROMISE 2013), Eqs. 17-18")
        .cutoff()
        .params({ParamInfo::real("h", "half-life of the decay, in seconds")
                     .defaults_to("224")
                     .in(Range::positive(kMaxWeight)),
                 ParamInfo::real("summary_time", "T_S: seconds to read a summary")
                     .defaults_to("4.4")
                     .in(Range::non_negative(kMaxWeight)),
                 ParamInfo::real("click_rel", "probability of clicking a relevant document's summary")
                     .defaults_to("0.64")
                     .in(Range::unit()),
                 ParamInfo::real("click_nonrel", "probability of clicking a non-relevant document's summary")
                     .defaults_to("0.39")
                     .in(Range::unit()),
                 ParamInfo::real("save_rel", "probability of judging a clicked relevant document relevant")
                     .defaults_to("0.77")
                     .in(Range::unit()),
                 ParamInfo::real("slope", "reading time per word, in seconds (T_D = slope * words + intercept)")
                     .defaults_to("0.018")
                     .in(Range::non_negative(kMaxWeight)),
                 ParamInfo::real("intercept", "reading time of any document, in seconds")
                     .defaults_to("7.8")
                     .in(Range::non_negative(kMaxWeight)),
                 ParamInfo::real(
                     "chars_per_word",
                     "for documents listed without words: words = characters / chars_per_word (default: an error)")
                     .in(Range::positive(kMaxWeight)),
                 rel_param(), judged_only_param()})
        .values(Range::non_negative())
        .needs(Need::DocLengths)
        .make([](const MeasureSpec& s) -> std::unique_ptr<TopicMeasure> {
            TbgParams p{s.real_param("h"),
                        s.real_param("summary_time"),
                        s.real_param("click_rel"),
                        s.real_param("click_nonrel"),
                        s.real_param("save_rel"),
                        s.real_param("slope"),
                        s.real_param("intercept"),
                        s.real_param("chars_per_word"),
                        s.param("chars_per_word").given};
            if (!(p.half_life > 0) || !std::isfinite(p.half_life))
                throw UsageError("TBG: h (the half-life) must be a positive number of seconds, got " +
                                 format_number(p.half_life));
            for (double prob : {p.click_rel, p.click_nonrel, p.save_rel})
                if (!(prob >= 0 && prob <= 1))
                    throw UsageError("TBG: click_rel, click_nonrel and save_rel are probabilities in [0,1], got " +
                                     format_number(prob));
            for (double t : {p.summary_time, p.slope, p.intercept})
                if (!(t >= 0) || !std::isfinite(t))
                    throw UsageError("TBG: summary_time, slope and intercept must be finite numbers >= 0, got " +
                                     format_number(t));
            if (p.have_chars_per_word && (!(p.chars_per_word > 0) || !std::isfinite(p.chars_per_word)))
                throw UsageError("TBG: chars_per_word must be a positive number, got " +
                                 format_number(p.chars_per_word));
            long k = s.has_cutoff() ? s.cutoff_int() : -1, level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            return traced([=](const TopicView& v, auto& t) { return tbg(p, k, level, jo, v, t); },
                          [](const EvalContext& c) { need_doc_lengths(c, "TBG"); });
        });
}

}  // namespace irlens::measures
