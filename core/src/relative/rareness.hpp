// Rareness-based P@K and AP (Türkmen, Lease & Kutlu, "New Metrics to Encourage Innovation and
// Diversity in Information Retrieval Approaches", ECIR 2023), shared by the P_rareness /
// AP_rareness measures and the experiments of rarity.hpp (internal header).
//
// Rarity of a relevant document d of a topic (Eq. 2): R(d) = 1 - S_d / S, S the number of runs in
// the rarity pool, S_d the number of them with d in their top `depth` for that topic.
// Normalised rarity (Sec. 5.2): R'(d) = 1 - (S_d - 1) / (S - 1).
// Readings chosen (the paper assumes S_d >= 1 and S >= 2):
//   - S_d = 0 (an explicit pool none of whose runs retrieved d): R = 1 (what Eq. 2 gives) and R' is
//     clamped to 1, the maximum of each;
//   - S = 1: R' = 1 (its only run found d, "1 when only one system found d");
//   - S counts every pool run, also one that did not answer the topic.
//   - Only relevant documents are counted: rarity never weighs a non-relevant one (Rel = 0).
#pragma once

#include "irlens/measures/measure.hpp"
#include "measures/trace.hpp"
#include "relative/hit_table.hpp"

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace irlens::relative {

struct RarenessParams {
    bool average_precision = false;  // AP_rareness (Eq. 3) rather than P_rareness (Eq. 1)
    long cutoff = -1;                // K; -1: none (AP over the whole run)
    bool mixture = false;            // Sec. 5.2 normalised form (Eq. 4)
    double alpha = 0;
    long depth = -1;                // rarity depth; -1: the whole run
    std::vector<std::string> pool;  // empty: every run evaluated
    long rel_level = 1;

    /// Reads and checks the parameters of a P_rareness / AP_rareness spec (UsageError).
    static RarenessParams from(const MeasureSpec& spec);
    /// Ranks the hit table must keep: the larger of the cutoff and the depth (-1: all).
    long hit_limit() const;
};

/// S_d for every judgment of the qrels, counted over the pool runs' top-depth hits.
class RarityCounts {
public:
    RarityCounts() = default;
    RarityCounts(const HitTable& hits, const std::vector<std::size_t>& pool, long depth, std::size_t num_judgments);
    /// Counts again over another pool, reusing the storage.
    void recount(const HitTable& hits, const std::vector<std::size_t>& pool, long depth);

    std::size_t systems() const { return systems_; }
    std::uint32_t found_by(std::uint32_t doc) const { return counts_[doc]; }
    double rarity(std::uint32_t doc) const;          // R(d), Eq. 2
    double rarity_mixture(std::uint32_t doc) const;  // R'(d), Sec. 5.2, clamped to [0,1]

private:
    std::size_t systems_ = 0;
    std::vector<std::uint32_t> counts_;
};

/// Pool run indices: every run when `pool` is empty, else the runs it names (UsageError for a
/// name that matches no run, or a run named twice).
std::vector<std::size_t> resolve_pool(const std::vector<std::string>& pool, const EvalContext& context);

/// The value of one topic of one run, from its hits (in rank order) and the topic's N_R.
double rareness_score(const RarenessParams& p, const RarityCounts& counts, const Hit* begin, const Hit* end,
                      long num_rel);

// Eq. 1:  P@K_rareness = (1/K) sum_{i<=K} Rel(d_i) (1 + alpha R(d_i));
// Eq. 4:  P'@K_rareness = (1/K) sum_{i<=K} [(1 - alpha) Rel(d_i) + alpha Rel(d_i) R'(d_i)];
// Eq. 3:  AP_rareness = (1/N_R) sum_{i<=K} Rel(d_i) P@i_rareness (the whole run without @K), and
//         the mixture AP' the same with P'@i. Each relevant document weighs w(d) = 1 + alpha R(d)
//         (or (1 - alpha) + alpha R'(d)); with alpha = 0, w = 1 exactly and the sums are those of
//         trec_eval's P, map_cut and map, operation for operation (m_P.c, m_map.c, m_map_cut.c).
// Traced for explain mode (measures/trace.hpp): per relevant document (row rank - 1) S_d, its
// rarity and weight and the sums so far.
template <class T>
double rareness_score(const RarenessParams& p, const RarityCounts& counts, const Hit* begin, const Hit* end,
                      long num_rel, T& t) {
    auto weight = [&](std::uint32_t doc) {
        return p.mixture ? (1.0 - p.alpha) + p.alpha * counts.rarity_mixture(doc) : 1.0 + p.alpha * counts.rarity(doc);
    };
    const long k = p.cutoff;  // hits are in rank order; -1: no cutoff
    auto within = [k](const Hit* h) { return k < 0 || static_cast<long>(h->rank) <= k; };
    std::size_t c = 0;
    if constexpr (T::on) {
        t.formula(
            std::string(p.average_precision
                            ? "AP_rareness = (1/N_R) sum over relevant d_i of (sum_{j<=i, d_j relevant} w(d_j)) / i"
                            : "P_rareness@K = (1/K) sum over relevant d_i, i <= K, of w(d_i)") +
            (p.mixture ? "; w(d) = (1 - alpha) + alpha R'(d), R'(d) = 1 - (S_d - 1) / (S - 1)"
                       : "; w(d) = 1 + alpha R(d), R(d) = 1 - S_d / S") +
            "; S_d = pool runs with d in their top " + (p.depth < 0 ? std::string("ranks") : std::to_string(p.depth)) +
            ", alpha = " + format_number(p.alpha));
        c = t.columns({"S_d (pool runs that retrieved d)", p.mixture ? "R'(d)" : "R(d)", "weight w(d)"});
        if (p.average_precision)
            t.columns({"weighted relevant so far", "P_rareness@i", "sum so far"});
        else
            t.columns({"sum so far"});
        t.term("S (runs in the rarity pool)", static_cast<double>(counts.systems()));
    }
    auto show = [&](const Hit* h, std::initializer_list<double> sums) {
        if constexpr (T::on) {
            std::vector<double> row = {static_cast<double>(counts.found_by(h->doc)),
                                       p.mixture ? counts.rarity_mixture(h->doc) : counts.rarity(h->doc),
                                       weight(h->doc)};
            row.insert(row.end(), sums.begin(), sums.end());
            t.row(static_cast<long>(h->rank) - 1, row, c);
        }
    };
    double sum = 0.0;
    if (!p.average_precision) {
        for (const Hit* h = begin; h != end && within(h); ++h)
            if (h->grade >= p.rel_level) {
                sum += weight(h->doc);
                show(h, {sum});
            }
        if constexpr (T::on) {
            t.term("sum of weights", sum);
            t.term("K", static_cast<double>(p.cutoff));
        }
        return sum / static_cast<double>(p.cutoff);
    }
    double weighted_so_far = 0.0;
    for (const Hit* h = begin; h != end && within(h); ++h) {
        if (h->grade < p.rel_level) continue;
        weighted_so_far += weight(h->doc);
        sum += weighted_so_far / static_cast<double>(h->rank);
        show(h, {weighted_so_far, weighted_so_far / static_cast<double>(h->rank), sum});
    }
    if constexpr (T::on) {
        t.term("sum of P_rareness@i", sum);
        t.term("N_R (relevant documents of the topic)", static_cast<double>(num_rel));
        if (!num_rel) t.term("no relevant document, so", 0.0);
    }
    return num_rel ? sum / static_cast<double>(num_rel) : 0.0;
}

}  // namespace irlens::relative
