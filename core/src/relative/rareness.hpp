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
#include "relative/hit_table.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace irlens::relative {

struct RarenessParams {
    bool average_precision = false;  // AP_rareness (Eq. 3) rather than P_rareness (Eq. 1)
    long cutoff = -1;                // K; -1: none (AP over the whole run)
    bool mixture = false;            // Sec. 5.2 normalised form (Eq. 4)
    double alpha = 0;
    long depth = -1;                 // rarity depth; -1: the whole run
    std::vector<std::string> pool;   // empty: every run evaluated
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

}  // namespace irlens::relative
