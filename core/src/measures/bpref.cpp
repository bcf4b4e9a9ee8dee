// Binary preference: trec_eval's bpref (m_bpref.c; NIST), number for number, and Sakai's two
// readings of it, bpref_R and bpref_N (PROMISE 2013, Eqs. 22-23). Only judged documents count:
// docs not in the qrels and docs judged negative are skipped (the condensed list).
#include "measures/common.hpp"
#include "measures/trace.hpp"

#include <algorithm>
#include <cmath>

namespace irlens::measures {

namespace {

/// N: judgments of the topic below the relevance threshold (judged non-relevant).
long judged_nonrelevant(const Ranking& r) {
    long n = 0;
    for (long j = 0; j < r.rel_level && j < static_cast<long>(r.rel_levels.size()); ++j)
        n += r.rel_levels[static_cast<std::size_t>(j)];
    return n;
}

/// Buckley & Voorhees (SIGIR 2004) as trec_eval computes it: for each judged relevant document,
/// 1 - min(non-relevant above it, R) / min(N, R), averaged over R (N = judged non-relevant).
/// Traced (columns: relevant, judged non-relevant above, the document's term, sum).
template <class T>
double bpref(const Ranking& r, T& t) {
    t.ranking(r);
    t.formula(
        "bpref = (1/R) sum over judged relevant retrieved documents of 1 - min(n above, R) / min(N, R), n above "
        "= judged non-relevant documents ranked above it, N = judged non-relevant for the topic; documents not "
        "judged are skipped");
    std::size_t c = t.columns({"relevant", "non-relevant above", "term", "sum"});
    long num_nonrel = judged_nonrelevant(r);
    t.term("R (relevant judged)", static_cast<double>(r.num_rel));
    t.term("N (non-relevant judged)", static_cast<double>(num_nonrel));
    long nonrel_so_far = 0;
    double sum = 0.0;
    for (long j = 0; j < r.num_ret; ++j) {
        int rel = r.rels[static_cast<std::size_t>(j)];
        if (rel == kNotInPool || rel == kUnjudged) continue;
        double before = sum;
        if (rel >= 0 && rel < r.rel_level) {
            ++nonrel_so_far;
            if constexpr (T::on) t.row(j, {0.0, static_cast<double>(nonrel_so_far), std::nan(""), sum}, c);
            continue;
        } else if (nonrel_so_far > 0) {
            sum += 1.0 - static_cast<double>(std::min(nonrel_so_far, r.num_rel)) /
                             static_cast<double>(std::min(num_nonrel, r.num_rel));
        } else {
            sum += 1.0;
        }
        if constexpr (T::on) t.row(j, {1.0, static_cast<double>(nonrel_so_far), sum - before, sum}, c);
    }
    t.term("sum of terms", sum);
    if (r.num_rel) sum /= static_cast<double>(r.num_rel);
    t.term("bpref = sum / R (0 when R = 0)", sum);
    return sum;
}

/// Sakai, PROMISE 2013, over the condensed list `r` (judged documents only), where r' - C(r') is
/// the number of judged non-relevant documents above a relevant one:
///   Eq. 22  bpref_R = 1/R sum_r' I(r') (1 - min(R, r' - C(r')) / R)
///   Eq. 23  bpref_N = 1/R sum_r' I(r') (1 - (r' - C(r')) / N)
/// bpref_R equals trec_eval's bpref when R <= N, bpref_N when R >= N. R = 0 gives 0; with N = 0 no
/// non-relevant document can be above, and each relevant one contributes 1. Traced as bpref (the
/// ranks are those of the condensed list).
template <class T>
double bpref_sakai(const Ranking& r, bool over_n, T& t) {
    t.ranking(r);
    t.formula(over_n
                  ? "bpref_N = (1/R) sum over relevant documents of the condensed list of 1 - (non-relevant above) / N"
                  : "bpref_R = (1/R) sum over relevant documents of the condensed list of 1 - min(R, non-relevant "
                    "above) / R");
    std::size_t c = t.columns({"relevant", "non-relevant above", "term", "sum"});
    t.term("R (relevant judged)", static_cast<double>(r.num_rel));
    if (!r.num_rel) {
        t.term("value (R = 0)", 0.0);
        return 0.0;
    }
    long num_nonrel = judged_nonrelevant(r), nonrel_above = 0;
    t.term("N (non-relevant judged)", static_cast<double>(num_nonrel));
    double sum = 0.0;
    for (long j = 0; j < r.num_ret; ++j) {
        double before = sum;
        if (r.rels[static_cast<std::size_t>(j)] < r.rel_level) {
            ++nonrel_above;
            if constexpr (T::on) t.row(j, {0.0, static_cast<double>(nonrel_above), std::nan(""), sum}, c);
            continue;
        } else if (over_n) {
            sum += 1.0 - (num_nonrel ? static_cast<double>(nonrel_above) / static_cast<double>(num_nonrel) : 0.0);
        } else {
            sum += 1.0 - static_cast<double>(std::min(r.num_rel, nonrel_above)) / static_cast<double>(r.num_rel);
        }
        if constexpr (T::on) t.row(j, {1.0, static_cast<double>(nonrel_above), sum - before, sum}, c);
    }
    t.term("sum of terms", sum);
    double v = sum / static_cast<double>(r.num_rel);
    t.term(over_n ? "bpref_N = sum / R" : "bpref_R = sum / R", v);
    return v;
}

/// Sakai's bpref_R (over_n = false) or bpref_N, compiled.
auto sakai_bpref(bool over_n) {
    return [over_n](const MeasureSpec& s) {
        long level = s.int_param("rel");
        return traced([=](const TopicView& v, auto& t) { return bpref_sakai(v.ranking(level, true), over_n, t); });
    };
}

}  // namespace

void add_bpref_measures(std::vector<MeasureInfo>& out) {
    Rows rows(out, "bpref");
    rows.add("Bpref")
        .alias("BPref")
        .alias("bpref")
        .help(
            "Binary preference: how often judged relevant documents rank above judged non-relevant ones "
            "(unjudged documents are ignored). Bpref(agg=gmean) is trec_eval's gm_bpref.")
        .cite(
            "Buckley & Voorhees, Retrieval Evaluation with Incomplete Information (SIGIR 2004); "
            "trec_eval 10.0 (NIST), m_bpref.c")
        .params({rel_param()})
        .trec(trec("bpref", 8))
        .trec(trec("gm_bpref", 15).geometric())
        .make([](const MeasureSpec& s) {
            long level = s.int_param("rel");
            return traced([=](const TopicView& v, auto& t) { return bpref(v.ranking(level), t); });
        });
    rows.add("BprefR")
        .alias("bpref_R")
        .help(
            "bpref with R as the denominator: 1/R sum over judged relevant documents of "
            "1 - min(R, judged non-relevant above) / R (Bpref when R <= N).")
        .cite("Sakai, Metrics, Statistics, Tests (PROMISE 2013), Eq. 22; Buckley & Voorhees (SIGIR 2004)")
        .params({rel_param()})
        .make(sakai_bpref(false));
    rows.add("BprefN")
        .alias("bpref_N")
        .help(
            "bpref with N as the denominator: 1/R sum over judged relevant documents of "
            "1 - (judged non-relevant above) / N (Bpref when R >= N; Buttcher et al.'s RankEff).")
        .cite("Sakai, Metrics, Statistics, Tests (PROMISE 2013), Eq. 23; Buckley & Voorhees (SIGIR 2004)")
        .params({rel_param()})
        .make(sakai_bpref(true));
}

}  // namespace irlens::measures
