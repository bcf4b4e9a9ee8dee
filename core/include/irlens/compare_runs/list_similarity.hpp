// How similar two ranked lists of documents are: rank-biased overlap (Webber, Moffat & Zobel,
// "A similarity measure for indefinite rankings", ACM TOIS 28(4), 2010), Kendall's tau union
// (Breuer et al., "How to measure the reproducibility of system-oriented IR experiments",
// SIGIR 2020, Sec. 3.1), overlap@k and Jaccard@k; with repro_eval's own forms of KTU and RBO
// (irgroup/repro_eval, measure/document_order.py) where they differ.
//
// Inputs: two lists of document ids, best first, each without repeats (UsageError otherwise).
// Ties: a list is already an order. irlens builds it from a run as trec_eval (and repro_eval's
// break_ties) do: score descending, equal scores by document id descending in byte order
// (evaluation/ranking.hpp, order_topic), so no two documents of a list share a rank.
// The lists may differ in length (a run that retrieved fewer documents for the topic): each
// measure below says how it treats the shorter one.
#pragma once

#include <cstddef>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace irlens {

using DocList = std::vector<std::string_view>;

/// Webber et al.'s three RBO values of two prefixes S (length s) and L (length l >= s) of
/// indefinite rankings, persistence p in (0, 1). With X_d the overlap |S_:d & L_:d| and
/// X'_d = |S_:s & L_:min(d,l)| the overlap that the seen items alone guarantee:
///   min = (1 - p)/p (sum_{d=1..l} (X'_d - X'_l) p^d / d - X'_l ln(1 - p))     (Eq. 11, with X'_d
///         in place of X_d for uneven lists: every unseen item matches nothing; Sec. 4.2)
///   max = (1 - p) sum_{d>=1} p^(d-1) Xmax_d / d, Xmax_d the largest overlap the unseen items
///         allow (each matches an unmatched seen item of the other list, or an unseen one), which
///         reaches d at a finite depth f; the tail from f on is p^(f-1) (Sec. 4.1, Eq. 13)
///   res = max - min (the residual, Eq. 13)
///   ext = (1 - p)/p (sum_{d=1..l} X_d/d p^d + sum_{d=s+1..l} X_s (d - s)/(s d) p^d)
///         + ((X_l - X_s)/l + X_s/s) p^l                                          (Eq. 32)
/// Both lists empty: min = ext = 1, res = 0 (identical); one empty: min = ext = 0, res as above.
/// (irlens' RBO of orderings of runs, stats/correlation.hpp, is Eq. 32 for two complete rankings of
/// the same items with score ties; this is Eq. 32 for two lists without ties, of any lengths.)
struct Rbo {
    double min = std::numeric_limits<double>::quiet_NaN();
    double res = std::numeric_limits<double>::quiet_NaN();
    double ext = std::numeric_limits<double>::quiet_NaN();
};
/// UsageError unless 0 < p < 1 or when a list repeats an id.
Rbo rank_biased_overlap(const DocList& a, const DocList& b, double p);

/// repro_eval's RBO (document_order.py `_rbo`, "reproduced from Clarke et al.", TOIS 2021): the
/// top-weighted average of the overlaps, normalised by the weights and truncated at `depth`:
///   sum_{d=1..depth} p^(d-1) |S_:d & L_:d| / d  /  sum_{d=1..depth} p^(d-1),
/// lists shorter than depth adding nothing beyond their ends (their overlap stays, d grows).
/// repro_eval's defaults: p = 0.95, depth = 1000. NaN for depth 0.
double rbo_repro_eval(const DocList& a, const DocList& b, double p, std::size_t depth);

/// Kendall's tau union (KTU), as irlens defines it: Kendall's tau-b over the union U of the two
/// lists' documents, each document ranked by its position in each list, a document absent from a
/// list tied below that list's last. Depends on the lists only, never on how ids are spelled.
/// Two permutations of one set: the classic Kendall's tau of the two orders. NaN (undefined) when
/// |U| < 2 or every document is tied in one list.
double kendall_tau_union(const DocList& a, const DocList& b);

/// KTU as repro_eval computes it (document_order.py `_KTU`): U sorted by id (Python's str order
/// = byte order for UTF-8), x_i and y_i the sorted-union index of the i-th document of each list,
/// and scipy.stats.kendalltau(x, y) (tau-b) over positions i. This pairs the i-th documents of the
/// two lists, so it depends on how the ids are spelled (docs/differences-from-reference-tools.md).
/// NaN, with `why` set, where repro_eval fails: lists of different lengths (scipy raises) or fewer
/// than 2 documents.
double kendall_tau_union_repro_eval(const DocList& a, const DocList& b, std::string* why = nullptr);

/// Documents in both top-k prefixes over k: |S_:k & L_:k| / k (a list shorter than k contributes
/// what it has; k counts all the same). NaN for k = 0.
double overlap_at(const DocList& a, const DocList& b, std::size_t k);
/// |S_:k & L_:k| / |S_:k | L_:k|. NaN when both prefixes are empty.
double jaccard_at(const DocList& a, const DocList& b, std::size_t k);

}  // namespace irlens
