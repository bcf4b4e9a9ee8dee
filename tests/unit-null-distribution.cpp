// The null distributions drawn by the web app's null-distribution view: the share of samples
// marked extreme equals the test's p bit for bit, for every test, alternative and seed tried; the
// samples are the test's own statistics (hand-checked on d = (1, 2, 3)).
#include "irlens/error.hpp"
#include "irlens/stats/null_distribution.hpp"
#include "irlens/stats/random.hpp"
#include "irlens/stats/significance.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace irlens;

namespace {
using Vec = std::vector<double>;

Resampling resampling(std::size_t B, std::uint64_t seed, std::size_t exact_limit = 20) {
    Resampling r;
    r.B = B;
    r.seed = seed;
    r.exact_limit = exact_limit;
    return r;
}

double share(const NullDistribution& nd) {
    return static_cast<double>(nd.extreme_count()) / static_cast<double>(nd.samples.size());
}

const Vec kX = {0.61, 0.35, 0.77, 0.12, 0.48, 0.93, 0.27, 0.55, 0.69, 0.41, 0.83, 0.19};
const Vec kY = {0.52, 0.38, 0.60, 0.15, 0.31, 0.88, 0.30, 0.42, 0.71, 0.29, 0.64, 0.22};
// Scores on a coarse grid (ties among the resampled statistics, zero differences).
const Vec kA = {0.5, 0.25, 1, 0, 0.75, 0.5, 0.25, 0, 1, 0.5, 0.5, 0.75, 0, 0.25, 1};
const Vec kB = {0.25, 0.25, 0.75, 0, 0.5, 0.75, 0, 0, 1, 0.25, 0.5, 0.5, 0.25, 0, 0.75};
}  // namespace

TEST_CASE("exact randomisation distribution of d = (1, 2, 3)") {
    // 8 sign flips, sums 6 4 2 0 0 -2 -4 -6, means (n = 3) 2 4/3 2/3 0 0 -2/3 -4/3 -2.
    // Two-sided, observed mean 2: |S| >= 6 for 2 of 8 -> p = 1/4.
    NullDistribution nd =
        null_distribution(PairedTest::Randomisation, {1, 2, 3}, {0, 0, 0}, Alternative::TwoSided, resampling(10, 1));
    REQUIRE(nd.samples.size() == 8);
    Vec sorted = nd.samples;
    std::sort(sorted.begin(), sorted.end());
    const Vec expected = {-2, -4.0 / 3, -2.0 / 3, 0, 0, 2.0 / 3, 4.0 / 3, 2};
    for (std::size_t i = 0; i < 8; ++i) CHECK(sorted[i] == doctest::Approx(expected[i]));
    CHECK(nd.extreme_count() == 2);
    CHECK(nd.result.p == 0.25);
    CHECK(nd.statistic == "mean difference");
    CHECK(nd.no_picture.empty());
}

TEST_CASE("the share of extreme samples is the test's p, bit for bit") {
    const Alternative alts[] = {Alternative::TwoSided, Alternative::Greater, Alternative::Less};
    const std::pair<Vec, Vec> data[] = {{kX, kY}, {kA, kB}, {kY, kX}};
    for (const auto& [x, y] : data)
        for (Alternative alt : alts)
            for (std::uint64_t seed : {1u, 7u, 2024u}) {
                CAPTURE(seed);
                const std::string alternative = alternative_name(alt);
                CAPTURE(alternative);
                // Monte Carlo randomisation (exact limit 0), exact randomisation, bootstrap.
                for (std::size_t limit : {std::size_t{0}, std::size_t{20}}) {
                    NullDistribution r =
                        null_distribution(PairedTest::Randomisation, x, y, alt, resampling(2000, seed, limit));
                    CHECK(r.samples.size() == r.extreme.size());
                    CHECK(share(r) == r.result.p);
                    CHECK(r.result.p == randomisation_test(x, y, alt, resampling(2000, seed, limit)).p);
                }
                NullDistribution b = null_distribution(PairedTest::Bootstrap, x, y, alt, resampling(2000, seed));
                REQUIRE(b.samples.size() == 2000);
                CHECK(share(b) == b.result.p);
                CHECK(b.result.p == bootstrap_test(x, y, alt, resampling(2000, seed)).p);
                // The pair tested among others (as `irlens compare` tests many pairs) has the same p.
                const Vec z(x.rbegin(), x.rend());
                CHECK(paired_tests(PairedTest::Bootstrap, {x, y, z}, {{2, 0}, {0, 1}}, alt, resampling(2000, seed))[1]
                          .p == b.result.p);
            }
}

TEST_CASE("bootstrap samples are the studentised statistics of the resamples") {
    // B = 1 with seed 1: recompute t(w*) from the same draws (random.hpp's generator).
    NullDistribution b = null_distribution(PairedTest::Bootstrap, kX, kY, Alternative::TwoSided, resampling(1, 1));
    REQUIRE(b.samples.size() == 1);
    Rng rng(1);
    const std::size_t n = kX.size();
    std::vector<double> c(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) c[rng.below(n)] += 1;
    double mean = 0;
    for (std::size_t t = 0; t < n; ++t) mean += kX[t] - kY[t];
    mean /= static_cast<double>(n);
    double s1 = 0, s2 = 0;
    for (std::size_t t = 0; t < n; ++t) {
        const double w = kX[t] - kY[t] - mean;
        s1 += c[t] * w, s2 += c[t] * w * w;
    }
    const double m = s1 / static_cast<double>(n);
    const double sd = std::sqrt((s2 - s1 * s1 / static_cast<double>(n)) / static_cast<double>(n - 1));
    CHECK(b.samples[0] == doctest::Approx(m / (sd / std::sqrt(static_cast<double>(n)))));
}

TEST_CASE("t-test: Student's t with n - 1 degrees of freedom, no samples") {
    NullDistribution t = null_distribution(PairedTest::T, kX, kY, Alternative::TwoSided, resampling(10, 1));
    CHECK(t.df == 11);
    CHECK(t.samples.empty());
    CHECK(t.result.p == t_test(kX, kY).p);
    CHECK(t.no_picture.empty());
}

TEST_CASE("undefined cases say why instead of a picture") {
    const Resampling r = resampling(100, 1);
    // One topic: t undefined; bootstrap undefined; randomisation over 1 flip is defined (p = 1).
    CHECK_FALSE(null_distribution(PairedTest::T, {0.5}, {0.25}, Alternative::TwoSided, r).no_picture.empty());
    CHECK_FALSE(null_distribution(PairedTest::Bootstrap, {0.5}, {0.25}, Alternative::TwoSided, r).no_picture.empty());
    // All differences 0.
    for (PairedTest test : {PairedTest::T, PairedTest::Randomisation, PairedTest::Bootstrap}) {
        NullDistribution nd = null_distribution(test, {0.5, 0.25}, {0.5, 0.25}, Alternative::TwoSided, r);
        CHECK(nd.samples.empty());
        CHECK(nd.no_picture.find("0") != std::string::npos);
    }
    CHECK_FALSE(null_distribution(PairedTest::Sign, kX, kY, Alternative::TwoSided, r).no_picture.empty());
    // No topics.
    CHECK_FALSE(null_distribution(PairedTest::Randomisation, {}, {}, Alternative::TwoSided, r).no_picture.empty());
}

TEST_CASE("an exact distribution too large to draw is refused") {
    Vec x(21), y(21, 0.0);
    for (std::size_t i = 0; i < 21; ++i) x[i] = 0.01 * static_cast<double>(i + 1);
    CHECK_THROWS_AS(null_distribution(PairedTest::Randomisation, x, y, Alternative::TwoSided, resampling(10, 1, 21)),
                    UsageError);
    CHECK_THROWS_AS(null_distribution(PairedTest::T, {1, 2}, {1}, Alternative::TwoSided, resampling(10, 1)),
                    UsageError);
}
