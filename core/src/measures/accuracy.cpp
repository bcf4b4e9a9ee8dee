// ir_measures' Accuracy (ir_measures 0.4.3, ir_measures/providers/accuracy_provider.py): the
// probability that a retrieved relevant document is ranked above a retrieved non-relevant one, a
// diagnostic (do train, validation and test rankings agree?). Over the top k (all retrieved
// without @k), with relevant = judgment >= rel and every other document (unjudged included)
// non-relevant:
//   Accuracy = 1 - (sum over relevant documents d of the non-relevant documents above d) / (N Rk),
// Rk the relevant documents and N the non-relevant ones in the top k. Undefined, and left out of
// the mean as ir_measures leaves the topic out, when no relevant document is in the top k; also
// when no non-relevant one is (ir_measures divides by zero there and fails; irlens gives no
// value).
#include "measures/common.hpp"
#include "measures/trace.hpp"

#include <limits>

namespace irlens::measures {

namespace {

template <class T>
double accuracy(const Ranking& r, long k, T& t) {
    t.ranking(r);
    t.formula(
        "Accuracy = 1 - (sum over relevant documents of the non-relevant documents above it) / (N R), R the "
        "relevant and N the non-relevant documents retrieved in the top k; no value when R = 0 or N = 0");
    std::size_t c = t.columns({"relevant", "non-relevant above"});
    long n = k < 0 ? r.num_ret : std::min(k, r.num_ret);
    double nonrel = 0, above = 0, rel = 0;
    for (long i = 0; i < n; ++i) {
        bool is_rel = r.rels[static_cast<std::size_t>(i)] >= r.rel_level;
        if constexpr (T::on) t.row(i, {is_rel ? 1.0 : 0.0, nonrel}, c);
        if (is_rel) {
            rel += 1;
            above += nonrel;
        } else {
            nonrel += 1;
        }
    }
    t.term("R (relevant retrieved)", rel);
    t.term("N (non-relevant retrieved)", nonrel);
    t.term("non-relevant above relevant, summed", above);
    if (rel == 0 || nonrel == 0) {
        t.term("Accuracy (no value: R = 0 or N = 0)", std::numeric_limits<double>::quiet_NaN());
        return std::numeric_limits<double>::quiet_NaN();
    }
    double v = 1.0 - above / (nonrel * rel);
    t.term("Accuracy", v);
    return v;
}

}  // namespace

void add_accuracy_measures(std::vector<MeasureInfo>& out) {
    Rows rows(out, "accuracy");
    rows.add("Accuracy")
        .help(
            "Probability that a retrieved relevant document ranks above a retrieved non-relevant one (ir_measures' "
            "diagnostic); no value for a topic without both in the top k.")
        .cite("ir_measures 0.4.3 (MacAvaney, Macdonald, Ounis; ECIR 2022), Accuracy (providers/accuracy_provider.py)")
        .cutoff()
        .params({rel_param()})
        .sparse()
        .make([](const MeasureSpec& s) {
            long k = s.has_cutoff() ? s.cutoff_int() : -1;
            long level = s.int_param("rel");
            return traced([=](const TopicView& v, auto& t) { return accuracy(v.ranking(level), k, t); });
        });
}

}  // namespace irlens::measures
