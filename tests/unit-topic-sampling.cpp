// The topic sampling behind stability and the swap rate (core/src/stats/topic_sampling.cpp): the
// drawn topic subsets are uniform (a chi-square over many seeded draws), and the swap rate's
// |difference| bins have the edges floor(|d| / width) * width at non-integer differences.
#include "irlens/stats/meta.hpp"

#include <doctest/doctest.h>

#include <bitset>
#include <cmath>
#include <map>

using namespace irlens;

namespace {
ScoreMatrix table(std::vector<std::vector<double>> scores) {
    ScoreMatrix m;
    m.measure = "AP";
    for (std::size_t r = 0; r < scores.size(); ++r) m.runs.push_back("run" + std::to_string(r));
    for (std::size_t t = 0; t < scores[0].size(); ++t) m.topics.push_back(std::to_string(t + 1));
    m.scores = std::move(scores);
    return m;
}
}  // namespace

TEST_CASE("topic sampling: every 2-subset of 5 topics is drawn equally often (chi-square, seeded)") {
    // Stability and the swap rate draw their topic sets with the same partial Fisher-Yates shuffle.
    // The swap rate's bins reveal the first set of a trial: run0 scores 2^(t+1) + 0.5 on topic t
    // (t = 0..4), run1 scores 0, so on the set {a, b} |mean difference| = 2^a + 2^b + 0.5 and with
    // bin width 1 the single bin of a one-trial swap rate starts at 2^a + 2^b, the set's bit mask.
    const ScoreMatrix m = table({{2.5, 4.5, 8.5, 16.5, 32.5}, {0, 0, 0, 0, 0}});
    // Each seed starts from a fresh pool 0..4, so the draws are independent: 10000 draws, each of
    // the C(5,2) = 10 subsets expected 1000 times.
    const std::size_t draws = 10000;
    std::map<unsigned, std::size_t> count;
    for (std::uint64_t seed = 1; seed <= draws; ++seed) {
        SwapRate s = swap_rate(m, 2, 1, seed, 1.0);
        REQUIRE(s.bins.size() == 1);
        const unsigned mask = static_cast<unsigned>(s.bins[0].low);
        REQUIRE(std::bitset<5>(mask).count() == 2);
        count[mask]++;
    }
    CHECK(count.size() == 10);
    double chi2 = 0;
    for (const auto& kv : count) chi2 += (kv.second - 1000.0) * (kv.second - 1000.0) / 1000.0;
    // Under uniform draws chi2 follows chi-square with 9 degrees of freedom, whose 0.999 quantile
    // is 27.877: a correct sampler fails this fixed-seed check with probability 0.001 (and, the
    // seeds being fixed, it passes or fails for good). A biased shuffle is far above it: swapping
    // with any position (j = below(5) instead of i + below(5 - i)) gives 25 equally likely
    // outcomes for 10 subsets, which cannot be uniform - its expected chi2 on 10000 draws is
    // about 720 + 9; never letting pool[i] stay (Sattolo's j = i + 1 + below(4 - i)) about 2500.
    MESSAGE("chi-square (9 df) of the drawn subsets: " << chi2);
    CHECK(chi2 < 27.877);
}

TEST_CASE("swap rate bins: floor(|d| / width) at non-integer differences") {
    // run0 - run1 = 0.19, run0 - run2 = 0.26, run1 - run2 = 0.07 on every topic, so on any drawn
    // set too (no swap ever). Width 0.1: 0.19 / 0.1 = 1.9 -> bin 1 = [0.1, 0.2); 2.6 -> bin 2 =
    // [0.2, 0.3); 0.7 -> bin 0 = [0, 0.1) (rounding would give bins 2, 3 and 1).
    const ScoreMatrix m = table({{0.36, 0.56, 0.46, 0.29}, {0.17, 0.37, 0.27, 0.10}, {0.10, 0.30, 0.20, 0.03}});
    SwapRate s = swap_rate(m, 2, 10, 7, 0.1);
    CHECK(s.swap_rate == 0.0);
    REQUIRE(s.bins.size() == 3);
    const double low[] = {0.0, 0.1, 0.2};
    for (std::size_t b = 0; b < 3; ++b) {
        CHECK(s.bins[b].low == doctest::Approx(low[b]));
        CHECK(s.bins[b].high == doctest::Approx(low[b] + 0.1));
        CHECK(s.bins[b].comparisons == 10);  // one pair in each bin, in each of the 10 trials
        CHECK(s.bins[b].swaps == 0);
    }
    // Width 0.25: 0.07 / 0.25 = 0.28 -> bin 0 = [0, 0.25); 0.19 / 0.25 = 0.76 -> bin 0 too (round:
    // 1); 0.26 / 0.25 = 1.04 -> bin 1 = [0.25, 0.5).
    SwapRate w = swap_rate(m, 2, 10, 7, 0.25);
    REQUIRE(w.bins.size() == 2);
    CHECK(w.bins[0].low == 0.0);
    CHECK(w.bins[0].high == 0.25);
    CHECK(w.bins[0].comparisons == 20);
    CHECK(w.bins[1].low == 0.25);
    CHECK(w.bins[1].high == 0.5);
    CHECK(w.bins[1].comparisons == 10);
}
