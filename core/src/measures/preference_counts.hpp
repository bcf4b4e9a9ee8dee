// The preferences of one topic counted against one run's ranking: trec_eval 10.0's
// form_prefs_counts.c (NIST), shared by the prefs measures (preferences.cpp). Computed once per
// (run, topic) and cached in the TopicView.
//
// Docs get trec_eval's "docid ranks": the judged docs the run retrieved (in its first max_docs,
// ordered by score descending, ties by doc id ASCENDING - unlike the other measures) are numbered
// 0.. in rank order, the judged docs it did not retrieve follow in byte order of their ids. A
// preference A > B is "ret" when both docs were retrieved, "imp" (implied) when exactly one was,
// "notoccur" when neither was; it is fulfilled when A's docid rank is below B's, so a retrieved doc
// fulfils every preference for it over an unretrieved one.
#pragma once

#include "irlens/evaluation/topic_view.hpp"

#include <cstdint>
#include <vector>

namespace irlens::measures {

/// One judgment group (trec_eval's JG counts). "possible" counts include the fulfilled ones.
/// 64-bit counts: they grow with the square of the docs, and long has 32 bits in WASM.
struct GroupCounts {
    std::int64_t fulfilled_ret = 0, possible_ret = 0;
    std::int64_t fulfilled_imp = 0, possible_imp = 0;
    std::int64_t possible_notoccur = 0;
    // Docs with rel_level > 0 ("rel") and the others ("nonrel"; in a group with several sub-groups
    // only those at exactly 0, as trec_eval counts them), in the group and among the retrieved.
    std::int64_t num_rel = 0, num_rel_ret = 0, num_nonrel = 0, num_nonrel_ret = 0;
    // prefs_avgjg_Rnonrel and prefs_avgjg_Rnonrel_ret: the group's fulfilled and possible
    // preferences once its number of non-relevant docs is set to its number of relevant ones.
    std::int64_t rnonrel_fulfilled = 0, rnonrel_possible = 0;
    std::int64_t rnonrel_ret_fulfilled = 0, rnonrel_ret_possible = 0;
};

struct TopicPrefCounts {
    long num_judged = 0, num_judged_ret = 0;
    std::vector<std::uint32_t> rank;  // docid rank of each topic doc
    std::vector<GroupCounts> groups;  // in group order
};

/// prefs_pair*: over the doc pairs some group has a preference on, the share of the groups'
/// preferences on the pair that the run fulfils, summed in trec_eval's order (pairs of two
/// retrieved docs, then pairs of one retrieved doc, each by increasing docid ranks).
struct PairRatios {
    double sum_ret = 0;  // over pairs of two retrieved docs
    double sum_imp = 0;  // sum_ret continued over pairs of one retrieved doc
    std::int64_t pairs_ret = 0, pairs_imp = 0, pairs_notret = 0;
};

/// Throws UsageError naming `measure` when the evaluation has no preferences or the runs were not
/// read against their qrels index.
void require_preferences(const EvalContext& context, const std::string& measure);

const TopicPrefCounts& preference_counts(const TopicView& v);
const PairRatios& preference_pairs(const TopicView& v);

}  // namespace irlens::measures
