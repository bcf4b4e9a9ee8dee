// The ranked list of one run for one topic, joined with the judgments: trec_eval's RES_RELS
// (form_res_rels.c), the input of almost every measure.
//
// Relevance of the doc at each rank:
//   >= 0            its judgment
//   kNotInPool (-1) the doc is not in the qrels for this topic
//   kUnjudged  (-2) the qrels judge it with a negative value ("in the pool but unjudged";
//                   infAP's sampled pools, spam -2 in TREC Web qrels)
// Ordering: RunOrder::Score = score descending, ties by doc id descending in byte order (strcmp);
// RunOrder::Rank = rank ascending, same tie rule. max_docs keeps the first max_docs after ordering
// (trec_eval -M); judged_only then drops every doc whose relevance is negative (trec_eval -J).
// With a group (grouped qrels), the ranking is the one against that group's judgments alone
// (form_res_rels_jg.c): a doc judged only in other groups is not in the pool. Grouped qrels
// without a group (standard measures on diversity qrels) give a doc its highest grade over the
// groups, and count it once per level (the RBU paper's r(d)).
#pragma once

#include "irlens/readers/qrels.hpp"
#include "irlens/readers/run.hpp"

#include <climits>
#include <cstdint>
#include <vector>

namespace irlens {

constexpr int kNotInPool = -1;
constexpr int kUnjudged = -2;

struct RankingOptions {
    long rel_level = 1;  // a doc is relevant when its judgment is >= rel_level (trec_eval -l)
    bool judged_only = false;
    long max_docs = LONG_MAX;
    long group = -1;  // grouped qrels: only the judgments of this group count (trec_eval -R qrels_jg)
};

struct Ranking {
    std::vector<int> rels;            // relevance per rank (rank r at index r-1)
    std::vector<std::uint32_t> docs;  // doc refs per rank (see Run::doc)
    long num_ret = 0;                 // == rels.size()
    long num_rel_ret = 0;             // retrieved with rel >= rel_level
    long num_nonpool = 0;             // retrieved, rel == kNotInPool
    long num_unjudged_in_pool = 0;    // retrieved, rel == kUnjudged
    long num_rel = 0;                 // judgments of the topic with rel >= rel_level
    long num_rel_levels = 0;          // 1 + highest judged level >= 0 with a judgment
    std::vector<long> rel_levels;     // judgments of the topic per level 0..num_rel_levels-1
    long rel_level = 1;
    /// Empty, or the gain of each level 0..num_rel_levels-1 in increasing order, which gain tables
    /// then take instead of a `gains` mapping: the D-measures' ranking, whose levels stand for
    /// global gains (measures/d_measures.cpp).
    std::vector<double> level_gains;

    /// Interpolated precision at the c-th relevant document retrieved, c = 0..num_rel_ret:
    /// max over ranks >= rank of the c-th relevant doc of P(rank), as trec_eval's backward scan
    /// (m_iprec_at_recall.c) computes it; [0] is what that scan leaves for a recall level of 0.
    /// Computed on first use.
    const std::vector<double>& interpolated_precision() const;

private:
    mutable std::vector<double> iprec_;
};

/// Doc refs of one topic of a run in evaluation order (before max_docs / judged_only).
/// A run that did not answer the topic yields the single placeholder doc trec_eval -c uses.
std::vector<std::uint32_t> order_topic(const Run& run, std::size_t topic);
/// Only the first `limit` doc refs of that order (a partial sort: the same prefix, cheaper).
std::vector<std::uint32_t> order_topic(const Run& run, std::size_t topic, std::size_t limit);

/// Joins an ordered list with the judgments of the topic.
Ranking make_ranking(const Run& run, std::size_t topic, const std::vector<std::uint32_t>& ordered,
                     const RankingOptions& options);

}  // namespace irlens
