// Shared by the statistics benchmarks (stats_bench.cpp, compare_bench.cpp; not tests): a wall and
// CPU timer, an order-sensitive checksum of p-values, and the synthetic score matrix both draw.
#pragma once

#include "irlens/stats/random.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

namespace irlens::bench {

/// Wall-clock and process CPU time (std::clock: every thread's) since construction.
struct Timer {
    std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
    std::clock_t cpu = std::clock();
    std::string elapsed() const {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%7.2f s wall %7.2f s cpu",
                      std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count(),
                      static_cast<double>(std::clock() - cpu) / CLOCKS_PER_SEC);
        return buf;
    }
};

/// FNV-1a over the bit patterns of p(item) for each item in order: two builds (native and WASM,
/// before and after a change) that print the same checksum computed the same p-values bit for bit.
template <class Items, class P>
unsigned long long checksum(const Items& items, P p) {
    unsigned long long h = 1469598103934665603ull;
    for (const auto& item : items) {
        const double v = p(item);
        unsigned long long bits;
        std::memcpy(&bits, &v, sizeof bits);
        h = (h ^ bits) * 1099511628211ull;
    }
    return h;
}

/// runs x topics scores: run j's score on topic t is a topic difficulty plus a run effect plus
/// noise, clipped to [0, 1], drawn from irlens' generator (seed 2024), so every build sees the
/// same matrix (rows[j][t]).
inline std::vector<std::vector<double>> synthetic_scores(std::size_t runs, std::size_t topics) {
    Rng rng(2024);
    std::vector<double> difficulty(topics), effect(runs);
    for (double& d : difficulty) d = rng.uniform();
    for (double& e : effect) e = 0.2 * rng.uniform() - 0.1;
    std::vector<std::vector<double>> rows(runs, std::vector<double>(topics));
    for (std::size_t j = 0; j < runs; ++j)
        for (std::size_t t = 0; t < topics; ++t)
            rows[j][t] = std::min(1.0, std::max(0.0, difficulty[t] + effect[j] + 0.3 * (rng.uniform() - 0.5)));
    return rows;
}

}  // namespace irlens::bench
