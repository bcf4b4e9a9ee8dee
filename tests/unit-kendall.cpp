// Kendall's tau-a and tau-b on hand-checkable vectors.
#include "irlens/stats/correlation.hpp"

#include <doctest/doctest.h>

#include <cmath>

using irlens::kendall_tau_a;
using irlens::kendall_tau_b;

TEST_CASE("Kendall's tau: identical, reversed, and a hand-counted example") {
    std::vector<double> x = {1, 2, 3, 4};
    CHECK(kendall_tau_b(x, x) == doctest::Approx(1.0));
    CHECK(kendall_tau_b(x, {4, 3, 2, 1}) == doctest::Approx(-1.0));
    // x = 1 2 3 4, y = 1 3 2 4: of 6 pairs only (2,3) is discordant -> (5 - 1) / 6 = 2/3.
    CHECK(kendall_tau_a(x, {1, 3, 2, 4}) == doctest::Approx(2.0 / 3.0));
    CHECK(kendall_tau_b(x, {1, 3, 2, 4}) == doctest::Approx(2.0 / 3.0));
}

TEST_CASE("Kendall's tau-b with ties (checked against scipy.stats.kendalltau)") {
    // x = 1 2 2 3, y = 1 2 3 3. Pairs: (1,2) C, (1,3) C, (1,4) C, (2,3) tied x only,
    // (2,4) C, (3,4) tied y only -> C = 4, D = 0, Tx = 1, Ty = 1:
    // tau_b = 4 / sqrt(5 * 5) = 0.8; tau_a = 4 / 6.
    CHECK(kendall_tau_b({1, 2, 2, 3}, {1, 2, 3, 3}) == doctest::Approx(0.8));
    CHECK(kendall_tau_a({1, 2, 2, 3}, {1, 2, 3, 3}) == doctest::Approx(4.0 / 6.0));
    // x = 1 1 2 3, y = 3 1 2 2: (1,2) tx, (1,3) D, (1,4) D, (2,3) C, (2,4) C, (3,4) ty
    // -> C = 2, D = 2 -> 0.
    CHECK(kendall_tau_b({1, 1, 2, 3}, {3, 1, 2, 2}) == doctest::Approx(0.0));
}

TEST_CASE("Kendall's tau-b is undefined for a constant vector") {
    CHECK(std::isnan(kendall_tau_b({1, 1, 1}, {1, 2, 3})));
    CHECK(std::isnan(kendall_tau_b({1}, {1})));
}
