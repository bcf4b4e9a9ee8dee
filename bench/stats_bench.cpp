// Benchmark of the randomised significance procedures (not a test): prints wall-clock times.
//   randomised Tukey HSD, B = 10,000, 150 runs x 50 topics          (target < 5 s natively)
//   paired bootstrap, B = 10,000, all 11,175 pairs of those runs    (target < 10 s natively)
//   randomisation test, B = 10,000, all pairs (Monte Carlo)
// Both the wall-clock time and the process CPU time (std::clock) are printed: on a shared machine
// the CPU time is the figure to compare with the targets (everything here runs on one thread).
// Scores are synthetic: run j's score on topic t is a topic difficulty plus a run effect plus
// noise, clipped to [0, 1], drawn from irlens' generator (seed 2024), so every build sees the same
// matrix. A checksum of the p-values shows that two builds (e.g. native and WASM) agree bit for bit.
// usage: irlens_stats_bench [RUNS [TOPICS [B [tukey]]]]   (tukey: Tukey HSD only)
#include "irlens/stats/significance.hpp"
#include "synthetic_stats.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

using irlens::bench::Timer;

/// The p-values' checksum (synthetic_stats.hpp), to compare builds.
unsigned long long checksum(const std::vector<irlens::TestResult>& results) {
    return irlens::bench::checksum(results, [](const irlens::TestResult& r) { return r.p; });
}

}  // namespace

int main(int argc, char** argv) {
    const std::size_t runs = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 150;
    const std::size_t topics = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 50;
    const std::size_t B = argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 10000;

    const std::vector<std::vector<double>> rows = irlens::bench::synthetic_scores(runs, topics);
    std::vector<irlens::RunPair> pairs;
    for (std::size_t a = 0; a < runs; ++a)
        for (std::size_t b = a + 1; b < runs; ++b) pairs.push_back({a, b});
    irlens::Resampling r;
    r.B = B;
    r.seed = 1;
    std::printf("%zu runs x %zu topics, %zu pairs, B = %zu\n", runs, topics, pairs.size(), B);

    Timer t0;
    auto tukey = irlens::tukey_hsd(rows, pairs, r);
    std::printf("randomised Tukey HSD        %s   checksum %016llx\n", t0.elapsed().c_str(), checksum(tukey));
    if (argc > 4 && std::strcmp(argv[4], "tukey") == 0) return 0;

    t0 = Timer();
    auto boot = irlens::paired_tests(irlens::PairedTest::Bootstrap, rows, pairs, irlens::Alternative::TwoSided, r);
    std::printf("paired bootstrap, all pairs %s   checksum %016llx\n", t0.elapsed().c_str(), checksum(boot));

    t0 = Timer();
    auto perm = irlens::paired_tests(irlens::PairedTest::Randomisation, rows, pairs, irlens::Alternative::TwoSided, r);
    std::printf("randomisation, all pairs    %s   checksum %016llx\n", t0.elapsed().c_str(), checksum(perm));

    t0 = Timer();
    auto t = irlens::paired_tests(irlens::PairedTest::T, rows, pairs, irlens::Alternative::TwoSided, r);
    std::printf("t-test, all pairs           %s   checksum %016llx\n", t0.elapsed().c_str(), checksum(t));
    return 0;
}
