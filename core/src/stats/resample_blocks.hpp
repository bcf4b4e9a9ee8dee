// The loop shared by the randomised tests that test many pairs of runs at once (internal).
//
// Every pair sees the same B resamples: resample b is drawn from the generator in order (draw()
// fills its n per-topic weights: bootstrap counts or +-1 sign flips), whatever the pairs, so the
// result of a pair does not depend on which other pairs are tested. Resamples are drawn in blocks
// and the pairs are processed in chunks, so that the per-topic values of a chunk of pairs stay in
// cache while a block of resamples is applied to them.
#pragma once

#include "irlens/evaluation/evaluate.hpp"
#include "irlens/stats/random.hpp"

#include <algorithm>
#include <cstddef>
#include <functional>
#include <vector>

namespace irlens::stats {

constexpr std::size_t kResampleBlock = 64;  // resamples drawn at a time
constexpr std::size_t kPairChunk = 512;     // pairs processed at a time

/// Draws the B resamples from a generator seeded with `seed` (draw(rng, weights) fills the n
/// weights of one resample), kResampleBlock at a time, and calls body(weights, first_pair, count)
/// for every resample of the block and every chunk of the P pairs. Reports progress after every
/// block; throws Cancelled when progress returns false.
template <class Draw, class Body>
void for_resamples(std::size_t n, std::size_t B, std::size_t P, std::uint64_t seed,
                   const std::function<bool(double)>& progress, Draw draw, Body body) {
    Rng rng(seed);
    std::vector<double> weights(kResampleBlock * n);
    for (std::size_t b0 = 0; b0 < B; b0 += kResampleBlock) {
        const std::size_t nb = std::min(kResampleBlock, B - b0);
        for (std::size_t b = 0; b < nb; ++b) draw(rng, weights.data() + b * n);
        for (std::size_t p0 = 0; p0 < P; p0 += kPairChunk)
            for (std::size_t b = 0; b < nb; ++b) body(weights.data() + b * n, p0, std::min(P - p0, kPairChunk));
        if (progress && !progress(static_cast<double>(b0 + nb) / static_cast<double>(B))) throw Cancelled();
    }
}

/// The columns `chosen` of a topic-major table of P pairs (value of pair p on topic t at
/// [t * P + p]), as a topic-major table of chosen.size() pairs: the pairs a kernel samples.
inline std::vector<double> select_pairs(const std::vector<double>& table, std::size_t P,
                                        const std::vector<std::size_t>& chosen) {
    const std::size_t n = P ? table.size() / P : 0, S = chosen.size();
    std::vector<double> out(n * S);
    for (std::size_t t = 0; t < n; ++t)
        for (std::size_t s = 0; s < S; ++s) out[t * S + s] = table[t * P + chosen[s]];
    return out;
}

/// Bootstrap resample of n topics: weights[t] = how often topic t was drawn in n draws with
/// replacement (Sakai Fig. 11: "a random sample of size n by sampling with replacement").
inline void draw_bootstrap_counts(Rng& rng, double* weights, std::size_t n) {
    std::fill(weights, weights + n, 0.0);
    for (std::size_t i = 0; i < n; ++i) weights[rng.below(n)] += 1.0;
}

/// Random sign flips of n topics: weights[t] = +1 or -1, bit t % 64 of output t / 64.
inline void draw_sign_flips(Rng& rng, double* weights, std::size_t n) {
    for (std::size_t t0 = 0; t0 < n; t0 += 64) {
        std::uint64_t bits = rng.next();
        for (std::size_t t = t0; t < n && t < t0 + 64; ++t) weights[t] = (bits >> (t - t0)) & 1 ? -1.0 : 1.0;
    }
}

}  // namespace irlens::stats
