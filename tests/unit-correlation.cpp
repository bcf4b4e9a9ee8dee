// tau_ap, Spearman's rho, rank-biased overlap and Kendall's p-value on hand-checkable rankings
// (arithmetic in comments). Agreement with scipy: unit-scipy.cpp.
#include "irlens/stats/correlation.hpp"
#include "irlens/error.hpp"

#include <doctest/doctest.h>

#include <cmath>

using namespace irlens;

TEST_CASE("a ranking correlates perfectly with itself") {
    std::vector<double> x = {0.9, 0.4, 0.7, 0.1, 0.5};
    CHECK(kendall_tau_a(x, x) == 1.0);
    CHECK(kendall_tau_b(x, x) == doctest::Approx(1.0));
    CHECK(tau_ap(x, x) == doctest::Approx(1.0));
    CHECK(tau_ap_symmetric(x, x) == doctest::Approx(1.0));
    CHECK(spearman_rho(x, x) == doctest::Approx(1.0));
    CHECK(rank_biased_overlap(x, x, 0.9) == doctest::Approx(1.0));
    // reversed: tau = -1, tau_ap = -1 (no item above is ever correct), rho = -1
    std::vector<double> r = {-0.9, -0.4, -0.7, -0.1, -0.5};
    CHECK(kendall_tau_b(x, r) == doctest::Approx(-1.0));
    CHECK(tau_ap(x, r) == doctest::Approx(-1.0));
    CHECK(spearman_rho(x, r) == doctest::Approx(-1.0));
}

TEST_CASE("tau_ap is asymmetric") {
    // Items A B C. x ranks A > B > C, y ranks B > C > A.
    // tau_ap(x | y gold): order A B C. r=2 (B): A above, y has A below B -> 0. r=3 (C): A above,
    // y has A below C -> 0; B above, y has B above C -> 1; correct(3) / 2 = 1/2.
    // tau_ap = 2/2 * (0 + 1/2) - 1 = -1/2.
    // tau_ap(y | x gold): order B C A. r=2 (C): B above, x has B above C -> 1. r=3 (A): B, C above,
    // x has both below A -> 0. tau_ap = 2/2 * (1 + 0) - 1 = 0.
    // Kendall: (A,B) discordant, (A,C) discordant, (B,C) concordant -> (1 - 2)/3 = -1/3.
    std::vector<double> x = {3, 2, 1}, y = {1, 3, 2};
    CHECK(tau_ap(x, y) == doctest::Approx(-0.5));
    CHECK(tau_ap(y, x) == doctest::Approx(0.0));
    CHECK(tau_ap_symmetric(x, y) == doctest::Approx(-0.25));
    CHECK(kendall_tau_a(x, y) == doctest::Approx(-1.0 / 3));
}

TEST_CASE("tau_ap with ties: a pair tied in either ranking counts 1/2") {
    // x = (2, 1, 1): order A B C (B, C tied, input order). gold y = (3, 2, 1) (A > B > C).
    // r=2 (B): A above, gold A > B -> 1. r=3 (C): A above -> 1; B above, tied in x -> 1/2;
    // correct(3)/2 = 3/4. tau_ap = 2/2 * (1 + 3/4) - 1 = 0.75.
    CHECK(tau_ap({2, 1, 1}, {3, 2, 1}) == doctest::Approx(0.75));
    CHECK(std::isnan(tau_ap({1}, {1})));
}

TEST_CASE("Spearman's rho: 1 - 6 sum d^2 / (n (n^2 - 1)) without ties") {
    // ranks (1 2 3 4) and (1 3 2 4): sum d^2 = 2 -> 1 - 12 / 60 = 0.8
    CHECK(spearman_rho({1, 2, 3, 4}, {1, 3, 2, 4}) == doctest::Approx(0.8));
    CorrelationTest c = spearman_test({1, 1, 1}, {1, 2, 3});
    CHECK(std::isnan(c.coefficient));
    CHECK(std::isnan(c.p));  // undefined, never an invented 1
    CHECK(c.note == "a ranking is constant: rho and p are undefined");
    CHECK(std::isnan(spearman_test({1, 2}, {2, 1}).p));   // 0 degrees of freedom
    CHECK(spearman_test({1, 2, 3}, {1, 2, 3}).p == 0.0);  // rho = 1: t infinite
}

TEST_CASE("Kendall's tau-b p-value: exact for 4 items") {
    // Identical rankings of 4 items: all 24 permutations equally likely under H0; only the
    // identity has C = 6, so P(C >= 6) = 1/24 and the two-sided p = 2/24.
    CorrelationTest c = kendall_tau_b_test({1, 2, 3, 4}, {1, 2, 3, 4});
    CHECK(c.method == "exact");
    CHECK(c.p == doctest::Approx(2.0 / 24));
    CHECK(kendall_tau_b_test({1, 2, 3, 4}, {1, 2, 3, 4}, Alternative::Greater).p == doctest::Approx(1.0 / 24));
    CHECK(kendall_tau_b_test({1, 2, 3, 4}, {1, 2, 3, 4}, Alternative::Less).p == doctest::Approx(1.0));
    CHECK(kendall_tau_b_test({1, 1, 2, 3}, {1, 2, 3, 4}).method == "normal approximation");  // ties
    CorrelationTest constant = kendall_tau_b_test({1, 1}, {1, 2});
    CHECK(std::isnan(constant.coefficient));
    CHECK(std::isnan(constant.p));
    CHECK(constant.note == "a ranking is constant: tau and p are undefined");
}

TEST_CASE("rank-biased overlap, extrapolated") {
    // A > B vs B > A, p = 0.5: A_1 = 0, A_2 = 1:
    // RBO_ext = A_2 p^2 + (1 - p)/p (A_1 p + A_2 p^2) = 0.25 + 1 * 0.25 = 0.5.
    CHECK(rank_biased_overlap({2, 1}, {1, 2}, 0.5) == doctest::Approx(0.5));
    // A > B > C vs C > B > A, p = 0.9: A_1 = 0, A_2 = |{A,B} & {C,B}| / 2 = 1/2, A_3 = 1:
    // 0.729 + (0.1/0.9) (0 + 0.5 * 0.81 + 0.729) = 0.729 + 0.126 = 0.855.
    CHECK(rank_biased_overlap({3, 2, 1}, {1, 2, 3}, 0.9) == doctest::Approx(0.729 + 0.1 / 0.9 * (0.405 + 0.729)));
    // Ties: x = (1, 1) puts A and B both at rank 1; y = (2, 1) ranks A > B. Depth 1: S = {A, B},
    // T = {A}: A_1 = 2 * 1 / (2 + 1) = 2/3; depth 2: A_2 = 1. p = 0.5:
    // 0.25 + 1 * (2/3 * 0.5 + 0.25) = 0.8333.
    CHECK(rank_biased_overlap({1, 1}, {2, 1}, 0.5) == doctest::Approx(0.25 + (1.0 / 3 + 0.25)));
    CHECK_THROWS_WITH_AS(rank_biased_overlap({1}, {1}, 1.0),
                         "rank-biased overlap: the persistence p must be between 0 and 1 (exclusive)", UsageError);
    CHECK_THROWS_WITH_AS(tau_ap({1, 2}, {1}), "tau_ap: the two vectors differ in length", UsageError);
}
