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

#include <cmath>

namespace irlens::measures {

namespace {

struct TbgParams {
    double half_life, summary_time, click_rel, click_nonrel, save_rel, slope, intercept, chars_per_word;
    bool have_chars_per_word;
};

class Tbg final : public TopicMeasure {
public:
    Tbg(TbgParams p, long k, long level, bool judged_only) : p_(p), k_(k), level_(level), judged_only_(judged_only) {}

    void prepare(const EvalContext& c) override { need_doc_lengths(c, "TBG"); }

    double compute(const TopicView& v) const override {
        const Ranking& r = v.ranking(level_, judged_only_);
        long n = k_ < 0 ? r.num_ret : std::min(k_, r.num_ret), last = -1;
        for (long i = 0; i < n; ++i)
            if (r.rels[static_cast<std::size_t>(i)] >= level_) last = i;
        const double gain = p_.click_rel * p_.save_rel, decay = std::log(2.0) / p_.half_life;
        double tbg = 0.0, time = 0.0;
        for (long i = 0; i <= last; ++i) {
            bool relevant = r.rels[static_cast<std::size_t>(i)] >= level_;
            if (relevant) tbg += gain * std::exp(-time * decay);
            if (i < last)
                time += p_.summary_time + (relevant ? p_.click_rel : p_.click_nonrel) *
                                              (p_.slope * words(v, r, i) + p_.intercept);
        }
        return tbg;
    }

private:
    double words(const TopicView& v, const Ranking& r, long i) const {
        const DocLengths::Length& len = length_at(v, r, i);
        if (len.words >= 0) return static_cast<double>(len.words);
        if (p_.have_chars_per_word) return static_cast<double>(len.characters) / p_.chars_per_word;
        throw InputError(v.context().doc_lengths->source(), len.line,
                         "document '" + quote_bytes(v.run().doc(r.docs[static_cast<std::size_t>(i)])) +
                             "' has no word count (third column), which TBG needs; add it or give TBG chars_per_word");
    }

    TbgParams p_;
    long k_, level_;
    bool judged_only_;
};

}  // namespace

void add_tbg_measures(std::vector<MeasureInfo>& out) {
    Rows rows(out, "reading time");
    rows.add("TBG")
        .help("Time-biased gain: gain of each relevant document decayed by the expected time to reach it "
              "(summaries read, documents clicked and read at 0.018 s/word + 7.8 s); needs --doc-lengths (words).")
        .cite("Smucker & Clarke, Time-Based Calibration of Effectiveness Measures (SIGIR 2012); "
              "Sakai, Metrics, Statistics, Tests (PROMISE 2013), Eqs. 17-18")
        .cutoff()
        .params({ParamInfo::real("h", "half-life of the decay, in seconds").defaults_to("224").in(Range::positive(kMaxWeight)),
                 ParamInfo::real("summary_time", "T_S: seconds to read a summary").defaults_to("4.4").in(Range::non_negative(kMaxWeight)),
                 ParamInfo::real("click_rel", "probability of clicking a relevant document's summary").defaults_to("0.64").in(Range::unit()),
                 ParamInfo::real("click_nonrel", "probability of clicking a non-relevant document's summary").defaults_to("0.39").in(Range::unit()),
                 ParamInfo::real("save_rel", "probability of judging a clicked relevant document relevant").defaults_to("0.77").in(Range::unit()),
                 ParamInfo::real("slope", "reading time per word, in seconds (T_D = slope * words + intercept)").defaults_to("0.018").in(Range::non_negative(kMaxWeight)),
                 ParamInfo::real("intercept", "reading time of any document, in seconds").defaults_to("7.8").in(Range::non_negative(kMaxWeight)),
                 ParamInfo::real("chars_per_word", "for documents listed without words: words = characters / chars_per_word (default: an error)").in(Range::positive(kMaxWeight)),
                 rel_param(),
                 judged_only_param()})
        .values(Range::non_negative())
        .needs(Need::DocLengths)
        .make([](const MeasureSpec& s) -> std::unique_ptr<TopicMeasure> {
            TbgParams p{s.real_param("h"),         s.real_param("summary_time"), s.real_param("click_rel"),
                        s.real_param("click_nonrel"), s.real_param("save_rel"),  s.real_param("slope"),
                        s.real_param("intercept"), s.real_param("chars_per_word"), s.param("chars_per_word").given};
            if (!(p.half_life > 0) || !std::isfinite(p.half_life))
                throw UsageError("TBG: h (the half-life) must be a positive number of seconds, got " + format_number(p.half_life));
            for (double prob : {p.click_rel, p.click_nonrel, p.save_rel})
                if (!(prob >= 0 && prob <= 1))
                    throw UsageError("TBG: click_rel, click_nonrel and save_rel are probabilities in [0,1], got " + format_number(prob));
            for (double t : {p.summary_time, p.slope, p.intercept})
                if (!(t >= 0) || !std::isfinite(t))
                    throw UsageError("TBG: summary_time, slope and intercept must be finite numbers >= 0, got " + format_number(t));
            if (p.have_chars_per_word && (!(p.chars_per_word > 0) || !std::isfinite(p.chars_per_word)))
                throw UsageError("TBG: chars_per_word must be a positive number, got " + format_number(p.chars_per_word));
            return std::make_unique<Tbg>(p, s.has_cutoff() ? s.cutoff_int() : -1, s.int_param("rel"), s.bool_param("judged_only"));
        });
}

}  // namespace irlens::measures
