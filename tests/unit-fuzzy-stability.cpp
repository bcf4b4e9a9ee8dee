// Stability as Turkmen, Lease & Kutlu measured it (ECIR 2023, Sec. 4.4; their released
// stability.py, after Buckley & Voorhees 2000): fuzzy_stability (stats/topic_sampling.cpp) by
// hand, against irlens' default reading on the same draws, and the options of `irlens meta`.
#include <doctest/doctest.h>

#include "irlens/error.hpp"
#include "irlens/stats/meta.hpp"
#include "irlens/frontends/stats_flags.hpp"

using namespace irlens;

namespace {

ScoreMatrix scores(const std::vector<std::vector<double>>& rows) {
    ScoreMatrix m;
    m.measure = "P@10";
    for (std::size_t r = 0; r < rows.size(); ++r) m.runs.push_back("run" + std::to_string(r));
    for (std::size_t t = 0; t < rows.at(0).size(); ++t) m.topics.push_back(std::to_string(t + 1));
    m.scores = rows;
    return m;
}

}  // namespace

TEST_CASE("fuzzy stability by hand: ties within the fuzziness count in the denominator") {
    // Every trial draws both topics, so every trial sees the means A 0.5, B 0.48, C 0.3.
    // Fuzziness 0.05: A-B (0.02) ties, A-C (0.2) and B-C (0.18) are decided, 10 trials each:
    // majority 0 + 10 + 10 = 20 of 30 comparisons -> 2/3; error rate 0; tie rate 10/30 = 1/3.
    ScoreMatrix m = scores({{0.6, 0.4}, {0.5, 0.46}, {0.3, 0.3}});
    Stability f = fuzzy_stability(m, 2, 10, 1, 0.05);
    CHECK(f.stability == doctest::Approx(2.0 / 3));
    CHECK(f.error_rate == 0);
    CHECK(f.tie_rate == doctest::Approx(1.0 / 3));
    CHECK(f.per_pair == std::vector<double>{0, 1, 1});  // pairs (A,B), (A,C), (B,C)
    // irlens' default reading decides A-B too (no tie within rounding): every pair 1.
    CHECK(stability(m, 2, 10, 1).stability == 1);
    // Fuzziness 0.01 decides A-B as well: 30 of 30.
    CHECK(fuzzy_stability(m, 2, 10, 1, 0.01).stability == 1);
}

TEST_CASE("fuzzy stability can fall below 1/2, as the paper's 0.071 does") {
    // Means 0.5, 0.51, 0.52, 0.555 on every trial: only run0-run3 (0.055) exceeds 0.05; the five
    // other pairs tie: 1/6. The default reading (ties 1/2) cannot go below 1/2.
    ScoreMatrix m = scores({{0.5}, {0.51}, {0.52}, {0.555}});
    Stability f = fuzzy_stability(m, 1, 7, 3, 0.05);
    CHECK(f.stability == doctest::Approx(1.0 / 6));
    CHECK(f.tie_rate == doctest::Approx(5.0 / 6));
    CHECK(stability(m, 1, 7, 3).stability == 1);
}

TEST_CASE("fuzzy stability draws what stability draws: with no ties the two agree") {
    // One of two topics per trial: run0 wins on topic 1, run1 on topic 2, by 1 > 0.05: no trial
    // ties, so majority / trials is the default reading's larger share on the same seeded draws,
    // and the minority is the error rate.
    ScoreMatrix m = scores({{1, 0}, {0, 1}});
    Stability d = stability(m, 1, 2000, 9);
    Stability f = fuzzy_stability(m, 1, 2000, 9, 0.05);
    CHECK(f.stability == d.stability);
    CHECK(f.error_rate == doctest::Approx(1 - d.stability));
    CHECK(f.tie_rate == 0);
    CHECK(f.stability > 0.5);  // a coin: the majority of 2000 trials, not all of them
    CHECK(f.stability < 0.55);
    CHECK_THROWS_WITH_AS(fuzzy_stability(m, 1, 10, 1, -0.1), "stability: the fuzziness must be a finite number >= 0",
                         UsageError);
}

TEST_CASE("irlens meta: --stability and --fuzziness") {
    MetaSettings s = meta_settings_from_args("stability", {"--stability", "fuzzy", "--fuzziness", "0.1"});
    CHECK(s.stability == "fuzzy");
    CHECK(s.fuzziness == 0.1);
    CHECK(meta_settings_from_args("stability", {}).stability == "half-ties");
    CHECK(meta_settings_from_args("stability", {"--stability", "fuzzy"}).fuzziness == 0.05);
    CHECK_THROWS_WITH_AS(meta_settings_from_args("stability", {"--stability", "error"}),
                         "--stability must be half-ties or fuzzy, got 'error'", UsageError);
    CHECK_THROWS_WITH_AS(meta_settings_from_args("stability", {"--fuzziness", "0.1"}),
                         "--fuzziness is for --stability fuzzy", UsageError);
    CHECK_THROWS_WITH_AS(meta_settings_from_args("stability", {"--stability", "fuzzy", "--fuzziness", "-1"}),
                         "--fuzziness must be a number >= 0", UsageError);
    CHECK_THROWS_WITH_AS(meta_settings_from_args("correlation", {"--stability", "fuzzy"}),
                         "--stability and --fuzziness are for the stability analysis", UsageError);
}
