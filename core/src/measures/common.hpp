// Building blocks shared by the measure families (internal header).
#pragma once

#include "irlens/measures/measure.hpp"
#include "irlens/evaluation/topic_view.hpp"
#include "measures/row.hpp"

#include <memory>
#include <utility>
#include <vector>

namespace irlens::measures {

/// A TopicMeasure from a lambda `double(const TopicView&)`.
template <class F>
class FnMeasure final : public TopicMeasure {
public:
    explicit FnMeasure(F f) : f_(std::move(f)) {}
    double compute(const TopicView& v) const override { return f_(v); }

private:
    F f_;
};

template <class F>
std::unique_ptr<TopicMeasure> fn(F f) {
    return std::make_unique<FnMeasure<F>>(std::move(f));
}

// Parameters used by many measures, with ir_measures' names and defaults.
inline ParamInfo rel_param(const char* def = "1") {
    return ParamInfo::integer("rel", "minimum judgment that counts as relevant (inclusive)").defaults_to(def);
}
inline ParamInfo judged_only_param() {
    return ParamInfo::boolean("judged_only", "drop unjudged documents before computing (condensed list, Sakai's M')")
        .defaults_to("False");
}
inline ParamInfo gains_param() {
    return ParamInfo::gains("gains",
                            "gain per relevance level: a mapping such as {0:0,1:1,2:3} (unlisted levels gain their own "
                            "level, as trec_eval), linear (gain = grade, the default) or exp (2^grade - 1)")
        .in(Range{-kMaxWeight, kMaxWeight});
}
/// The `mult` parameter of R-precision at a multiple of R (RprecMult, RprecMultAvgJG).
inline ParamInfo mult_param() {
    return ParamInfo::real("mult", "the multiple of R").defaults_to("1").in(Range::positive(kMaxWeight));
}

/// Gain lookup as trec_eval's setup_gains/get_gain (gain_init.c): the listed levels take the given
/// gains, every other judged level l >= 0 of the topic gains l, anything else (unjudged, not in the
/// pool, levels absent from the topic) gains 0. A ranking with level_gains (the D-measures') gives
/// each level that gain instead, whatever `given` lists. As in trec_eval, a listed negative level is matched
/// against the ranking's codes: gains={-1:g} gives docs not in the qrels gain g, -2 docs judged < 0.
struct GainLevel {
    long level;
    double gain;
    long count;  // judgments of the topic at this level
};
std::vector<GainLevel> setup_gains(const std::vector<std::pair<long, double>>& given, const Ranking& r);
double gain_of(long rel, const std::vector<GainLevel>& gains);
/// gain_of(rel, gains) from a table indexed by level, for loops over a whole ranking: the same
/// value for every rel (a level listed twice takes its first gain, as gain_of). The levels span a
/// small range (grades up to kMaxGrade; -1 and -2 code unpooled and judged-negative documents);
/// a table whose levels span kSpan or more falls back to gain_of. Keeps a pointer to `gains`.
class GainLookup {
public:
    static constexpr unsigned long kSpan = 4096;
    explicit GainLookup(const std::vector<GainLevel>& gains);
    double operator()(long rel) const {
        // Unsigned: below lo_ wraps to a large index; no overflow for any pair of longs.
        std::size_t i = static_cast<unsigned long>(rel) - static_cast<unsigned long>(lo_);
        if (i < table_.size()) return table_[i];
        return wide_ ? gain_of(rel, *gains_) : 0.0;
    }
    /// The largest |gain| it gives for any rel; infinity when the levels are too far apart to tell.
    double bound() const { return bound_; }

private:
    const std::vector<GainLevel>* gains_;
    long lo_ = 0;
    bool wide_ = false;
    std::vector<double> table_;
    double bound_ = 0.0;
};
/// The gain of judged level `level` under a `gains` parameter: the mapping's gain for a listed
/// level, 2^level - 1 under the exp preset, the level itself otherwise (linear, unlisted levels).
double level_gain(const ParamValue& gains, long level);
/// setup_gains for a `gains` parameter, presets included (exp lists 2^l - 1 for every level l of
/// the topic; linear lists nothing, so that every level gains itself).
std::vector<GainLevel> gain_table(const ParamValue& gains, const Ranking& r);
/// True when a `gains` parameter is absent or the linear preset (every level gains itself).
inline bool linear_gains(const ParamValue& gains) { return !gains.given || gains.word == "linear"; }

/// nDCG of the first k ranks (k = LONG_MAX: all) with a gain table and the log2 discount, against
/// the ideal ranking the table's level counts make; 0 without a positive ideal gain (gain.cpp,
/// nDCG(gains=...)@k).
double ndcg_with_gains(const Ranking& r, const std::vector<GainLevel>& gains, long k);

/// glibc's qsort (a top-down merge sort) replayed, so that comparators that are not strict weak
/// orders (trec_eval's int-truncated gain comparison) order elements exactly as trec_eval does.
/// cmp(a, b) returns <0, 0 or >0 like a qsort comparator.
template <class T, class Cmp>
void trec_qsort(T* b, std::size_t n, Cmp cmp, T* tmp) {
    if (n <= 1) return;
    std::size_t n1 = n / 2, n2 = n - n1;
    T* b1 = b;
    T* b2 = b + n1;
    trec_qsort(b1, n1, cmp, tmp);
    trec_qsort(b2, n2, cmp, tmp);
    T* out = tmp;
    while (n1 > 0 && n2 > 0) {
        if (cmp(*b1, *b2) <= 0) {
            *out++ = *b1++;
            --n1;
        } else {
            *out++ = *b2++;
            --n2;
        }
    }
    while (n1 > 0) {
        *out++ = *b1++;
        --n1;
    }
    for (std::size_t i = 0; i < n - n2; ++i) b[i] = tmp[i];
}
template <class T, class Cmp>
void trec_qsort(std::vector<T>& v, Cmp cmp) {
    std::vector<T> tmp(v.size());
    trec_qsort(v.data(), v.size(), cmp, tmp.data());
}

}  // namespace irlens::measures
