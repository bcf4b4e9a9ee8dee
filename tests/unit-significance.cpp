// Paired tests, the unpaired bootstrap, randomised Tukey HSD and p-value corrections on
// hand-checkable vectors (arithmetic in comments). scipy agreement: unit-scipy.cpp.
#include "irlens/error.hpp"
#include "irlens/evaluation/evaluate.hpp"
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
const Alternative kTwo = Alternative::TwoSided, kGreater = Alternative::Greater, kLess = Alternative::Less;

Resampling resampling(std::size_t B, std::uint64_t seed = 1) {
    Resampling r;
    r.B = B;
    r.seed = seed;
    return r;
}

/// Twelve topics of two made-up runs (continuous scores: no tied resampled statistics).
const Vec kX = {0.61, 0.35, 0.77, 0.12, 0.48, 0.93, 0.27, 0.55, 0.69, 0.41, 0.83, 0.19};
const Vec kY = {0.52, 0.38, 0.60, 0.15, 0.31, 0.88, 0.30, 0.42, 0.71, 0.29, 0.64, 0.22};
}  // namespace

TEST_CASE("paired t-test: d = (1, 2, 3)") {
    // mean 2, sd 1, t = 2 / (1 / sqrt 3) = 2 sqrt 3. For 2 degrees of freedom
    // P(T > t) = 1/2 - t / (2 sqrt(t^2 + 2)) = 1/2 - sqrt(12/14) / 2, so two-sided p = 1 - sqrt(6/7).
    TestResult r = t_test({2, 4, 6}, {1, 2, 3});
    CHECK(r.statistic == doctest::Approx(2 * std::sqrt(3.0)).epsilon(1e-14));
    CHECK(r.p == doctest::Approx(1 - std::sqrt(6.0 / 7.0)).epsilon(1e-12));
    CHECK(t_test({2, 4, 6}, {1, 2, 3}, kGreater).p == doctest::Approx((1 - std::sqrt(6.0 / 7.0)) / 2).epsilon(1e-12));
    CHECK(t_test({2, 4, 6}, {1, 2, 3}, kLess).p == doctest::Approx(1 - (1 - std::sqrt(6.0 / 7.0)) / 2).epsilon(1e-12));
    CHECK(r.n == 3);
}

TEST_CASE("Wilcoxon signed-rank: exact and normal approximation") {
    // d = (1, -2, 3, 4): ranks 1..4, R+ = 1 + 3 + 4 = 8, R- = 2, statistic min = 2. The 16 sign
    // patterns give R+ = 0..10 with counts 1 1 1 2 2 2 2 2 1 1 1: P(R+ >= 8) = 3/16,
    // P(R+ <= 8) = 14/16, two-sided p = 2 * 3/16.
    TestResult r = wilcoxon_test({1, -2, 3, 4}, {0, 0, 0, 0});
    CHECK(r.method == "exact");
    CHECK(r.statistic == 2);
    CHECK(r.p == doctest::Approx(0.375));
    CHECK(wilcoxon_test({1, -2, 3, 4}, {0, 0, 0, 0}, kGreater).p == doctest::Approx(3.0 / 16));
    CHECK(wilcoxon_test({1, -2, 3, 4}, {0, 0, 0, 0}, kLess).p == doctest::Approx(14.0 / 16));
    CHECK(wilcoxon_test({1, -2, 3, 4}, {0, 0, 0, 0}, kGreater).statistic == 8);  // one-sided: R+
    // d = (0, 1, 2, -3, 4, 5): a zero -> normal approximation on the 5 others. R+ = 1+2+4+5 = 12,
    // R- = 3; mean 5*6/4 = 7.5, variance 5*6*11/24 = 13.75; z = (3 - 7.5)/sqrt(13.75) = -1.21356;
    // p = 2 Phi(-1.21356) = 0.2249159 (scipy: 0.22491588401596185).
    TestResult a = wilcoxon_test({0, 1, 2, -3, 4, 5}, {0, 0, 0, 0, 0, 0});
    CHECK(a.method == "normal approximation");
    CHECK(a.n == 5);
    CHECK(a.p == doctest::Approx(0.22491588401596185).epsilon(1e-12));
    CHECK(a.note == "1 zero difference(s) dropped");
    // Tied |d| in the exact path: d = (1, 1, -2, 3): ranks 1.5 1.5 3 4, R+ = 7, R- = 3; exact
    // distribution of n = 4 without ties, P(R+ >= 7) = 5/16 -> p = 10/16; the note says so.
    TestResult t = wilcoxon_test({1, 1, -2, 3}, {0, 0, 0, 0});
    CHECK(t.p == doctest::Approx(10.0 / 16));
    CHECK(t.note.find("tied differences") != std::string::npos);
}

TEST_CASE("sign test: 7 wins, 1 loss, 1 tie") {
    // Binomial(8, 1/2): P(X <= 1) = (1 + 8)/256 -> two-sided 18/256; P(X >= 7) = 9/256; P(X <= 7) = 255/256.
    Vec x = {2, 2, 2, 2, 2, 2, 2, 0, 1}, y = {1, 1, 1, 1, 1, 1, 1, 1, 1};
    TestResult r = sign_test(x, y);
    CHECK(r.statistic == 7);
    CHECK(r.n == 8);
    CHECK(r.p == doctest::Approx(18.0 / 256).epsilon(1e-13));
    CHECK(sign_test(x, y, kGreater).p == doctest::Approx(9.0 / 256).epsilon(1e-13));
    CHECK(sign_test(x, y, kLess).p == doctest::Approx(255.0 / 256).epsilon(1e-13));
    CHECK(r.note == "1 tied topic(s) dropped");
}

TEST_CASE("identical runs: p is undefined (t 0/0, ...) or 1 by definition (randomisation), and the note says why") {
    Vec x = {0.1, 0.5, 0.3, 0.8};
    for (PairedTest test : {PairedTest::T, PairedTest::Wilcoxon, PairedTest::Sign, PairedTest::Bootstrap}) {
        TestResult r = paired_test(test, x, x, kTwo, resampling(100));
        CAPTURE(paired_test_name(test));
        CHECK(std::isnan(r.p));
        CHECK(r.note.find("all differences are 0") != std::string::npos);
        CHECK(r.note.find("p is undefined") != std::string::npos);
    }
    // Every one of the 2^4 sign flips of d = (0 0 0 0) has mean 0 >= |0|: p = 16/16 = 1 exactly.
    TestResult rnd = paired_test(PairedTest::Randomisation, x, x, kTwo, resampling(100));
    CHECK(rnd.p == 1.0);
    CHECK(rnd.note == "all differences are 0 (every sign flip gives the same mean); p = 1 by definition");
    std::vector<TestResult> tukey = tukey_hsd({x, x}, {{0, 1}}, resampling(100));
    CHECK(tukey[0].p == 1.0);  // every permuted range (0) is >= the observed difference (0)
}

TEST_CASE("constant non-zero differences: t-test and bootstrap give p = 0") {
    Vec x = {0.5, 0.75, 1.0}, y = {0.25, 0.5, 0.75};  // d = 0.25 exactly on every topic
    CHECK(t_test(x, y).p == 0.0);
    TestResult b = bootstrap_test(x, y, kTwo, resampling(100));
    CHECK(b.p == 0.0);
    CHECK(std::isinf(b.statistic));
    CHECK(bootstrap_test(x, y, kLess, resampling(100)).p == 1.0);
}

TEST_CASE("randomisation test, exact enumeration") {
    // d = (1, 2, 3): sums of the 8 sign flips 6 4 2 0 0 -2 -4 -6. Observed 6:
    // two-sided #(|S| >= 6) = 2 -> 2/8; greater #(S >= 6) = 1 -> 1/8; less #(S <= 6) = 8 -> 1.
    Resampling r = resampling(10);
    TestResult t = randomisation_test({1, 2, 3}, {0, 0, 0}, kTwo, r);
    CHECK(t.p == 0.25);
    CHECK(t.method == "exact (2^3 sign flips)");
    CHECK(t.statistic == 2);  // mean difference
    CHECK(randomisation_test({1, 2, 3}, {0, 0, 0}, kGreater, r).p == 0.125);
    CHECK(randomisation_test({1, 2, 3}, {0, 0, 0}, kLess, r).p == 1.0);
    // d = (1, -1, 2, 0): the zero changes nothing; observed 2; sums of the 8 flips of (1,-1,2):
    // 2 4 0 2 -2 0 -4 -2 -> |S| >= 2 for 6 of 8.
    CHECK(randomisation_test({1, -1, 2, 0}, {0, 0, 0, 0}, kTwo, r).p == 0.75);
    // d = (0.3, -0.1, -0.2) sums to 2.8e-17 in doubles (0 in exact arithmetic): every flip is at
    // least as extreme, p = 1 - rounding must not turn the tie into a miss.
    CHECK(randomisation_test({0.3, 0.0, 0.0}, {0.0, 0.1, 0.2}, kTwo, r).p == 1.0);
}

TEST_CASE("randomisation test, Monte Carlo: reproducible, close to the exact p, and the naive algorithm") {
    Resampling exact = resampling(20000);
    Resampling mc = exact;
    mc.exact_limit = 0;  // force Monte Carlo on the 12 non-zero differences
    TestResult e = randomisation_test(kX, kY, kTwo, exact);
    TestResult m = randomisation_test(kX, kY, kTwo, mc);
    CHECK(m.method == "Monte Carlo (B=20000)");
    CHECK(e.method == "exact (2^12 sign flips)");
    // standard error of a Monte Carlo p near 0.1 with B = 20000: sqrt(0.1 * 0.9 / 20000) = 0.002
    CHECK(std::fabs(m.p - e.p) < 0.01);
    CHECK(randomisation_test(kX, kY, kTwo, mc).p == m.p);  // same seed, same p
    // The naive algorithm with the same draws: per resample, one 64-bit output whose bit t flips
    // the sign of topic t; count |sum| >= |observed| (up to the 1e-9 slack).
    Rng rng(mc.seed);
    double observed = 0, scale = 0, count = 0;
    for (std::size_t t = 0; t < kX.size(); ++t) observed += kX[t] - kY[t], scale += std::fabs(kX[t] - kY[t]);
    for (std::size_t b = 0; b < mc.B; ++b) {
        std::uint64_t bits = rng.next();
        double s = 0;
        for (std::size_t t = 0; t < kX.size(); ++t) s += ((bits >> t) & 1 ? -1 : 1) * (kX[t] - kY[t]);
        count += std::fabs(s) >= std::fabs(observed) - 1e-9 * scale;
    }
    CHECK(m.p == count / static_cast<double>(mc.B));
}

TEST_CASE("paired bootstrap: the kernel equals Sakai's Figs. 11-12 transcribed with the same draws") {
    Resampling r = resampling(2000, 99);
    const std::size_t n = kX.size();
    Vec z(n);
    double mean = 0;
    for (std::size_t i = 0; i < n; ++i) z[i] = kX[i] - kY[i], mean += z[i] / static_cast<double>(n);
    auto t_of = [&](const Vec& v) {
        double m = 0, ss = 0;
        for (double a : v) m += a;
        m /= static_cast<double>(v.size());
        for (double a : v) ss += (a - m) * (a - m);
        if (m == 0) return 0.0;
        if (ss == 0) return m > 0 ? HUGE_VAL : -HUGE_VAL;
        return m / (std::sqrt(ss / static_cast<double>(v.size() - 1)) / std::sqrt(static_cast<double>(v.size())));
    };
    const double t_obs = t_of(z);
    Vec w(n);
    for (std::size_t i = 0; i < n; ++i) w[i] = z[i] - mean;  // Fig. 11: w = z - mean(z)
    Rng rng(r.seed);
    double two = 0, greater = 0;
    for (std::size_t b = 0; b < r.B; ++b) {
        Vec star(n);
        for (std::size_t i = 0; i < n; ++i) star[i] = w[rng.below(n)];  // sampling with replacement
        double t = t_of(star);
        two += std::fabs(t) >= std::fabs(t_obs) * (1 - 1e-9);  // Fig. 12
        greater += t >= t_obs - 1e-9 * std::fabs(t_obs);
    }
    TestResult k = bootstrap_test(kX, kY, kTwo, r);
    CHECK(k.statistic == doctest::Approx(t_obs).epsilon(1e-12));
    CHECK(k.p == two / static_cast<double>(r.B));
    CHECK(bootstrap_test(kX, kY, kGreater, r).p == greater / static_cast<double>(r.B));
    // greater and less split the resamples (no resampled t equals the observed one here)
    CHECK(bootstrap_test(kX, kY, kGreater, r).p + bootstrap_test(kX, kY, kLess, r).p == doctest::Approx(1.0));
}

TEST_CASE("many pairs at once give exactly the single-pair results") {
    std::vector<Vec> rows = {kX,
                             kY,
                             {0.5, 0.4, 0.7, 0.2, 0.3, 0.9, 0.2, 0.5, 0.6, 0.4, 0.7, 0.3},
                             {0.6, 0.3, 0.8, 0.1, 0.5, 0.9, 0.3, 0.5, 0.7, 0.4, 0.8, 0.2}};
    std::vector<RunPair> pairs;
    for (std::size_t a = 0; a < rows.size(); ++a)
        for (std::size_t b = a + 1; b < rows.size(); ++b) pairs.push_back({a, b});
    Resampling r = resampling(500, 5);
    r.exact_limit = 4;  // Monte Carlo for these pairs
    for (PairedTest test :
         {PairedTest::T, PairedTest::Wilcoxon, PairedTest::Sign, PairedTest::Randomisation, PairedTest::Bootstrap}) {
        std::vector<TestResult> all = paired_tests(test, rows, pairs, kTwo, r);
        REQUIRE(all.size() == pairs.size());
        for (std::size_t k = 0; k < pairs.size(); ++k) {
            CAPTURE(paired_test_name(test));
            CAPTURE(k);
            TestResult one = paired_test(test, rows[pairs[k].a], rows[pairs[k].b], kTwo, r);
            CHECK(all[k].p == one.p);
            CHECK(all[k].statistic == one.statistic);
        }
    }
}

TEST_CASE("unpaired bootstrap (Figs. 13-14)") {
    Resampling r = resampling(4000, 11);
    // Identical samples: every |mean(x*) - mean(y*)| >= 0 -> p = 1.
    CHECK(unpaired_bootstrap_test({0.1, 0.3}, {0.1, 0.3}, kTwo, r).p == 1.0);
    // x = (1, 1, 1), y = (0, 0, 0), pooled v = (1 1 1 0 0 0): |mean x* - mean y*| >= 1 only when the
    // 3 draws for x are all 1s and the 3 for y all 0s, or the other way round: 2 (1/2)^6 = 1/32;
    // one-sided (greater), only the first: 1/64.
    TestResult t = unpaired_bootstrap_test({1, 1, 1}, {0, 0, 0}, kTwo, r);
    CHECK(t.statistic == 1.0);
    CHECK(std::fabs(t.p - 1.0 / 32) < 0.01);  // Monte Carlo error: sqrt(0.031 * 0.97 / 4000) = 0.0027
    CHECK(std::fabs(unpaired_bootstrap_test({1, 1, 1}, {0, 0, 0}, kGreater, r).p - 1.0 / 64) < 0.008);
    CHECK(unpaired_bootstrap_test({1, 1, 1}, {0, 0, 0}, kTwo, r).p == t.p);  // reproducible
    CHECK(std::isnan(unpaired_bootstrap_test({0.2, 0.4}, {}, kTwo, r).p));   // a run without topics
}

TEST_CASE("randomised Tukey HSD") {
    Resampling r = resampling(4000, 3);
    // 2 runs, topics (1, 0) and (1, 0): means 1 and 0. Permuting each topic's pair: both kept or
    // both swapped -> range 1; one swapped -> means 0.5 0.5, range 0. P(range >= 1) = 1/2.
    std::vector<TestResult> t = tukey_hsd({{1, 1}, {0, 0}}, {{0, 1}}, r);
    CHECK(t[0].statistic == 1.0);
    CHECK(std::fabs(t[0].p - 0.5) < 0.04);
    // Fig. 15 transcribed with the same draws: every resample shuffles each topic's row in turn.
    std::vector<Vec> rows = {kX, kY, {0.5, 0.4, 0.7, 0.2, 0.3, 0.9, 0.2, 0.5, 0.6, 0.4, 0.7, 0.3}};
    std::vector<RunPair> pairs = {{0, 1}, {0, 2}, {1, 2}};
    Resampling small = resampling(300, 8);
    std::vector<TestResult> fast = tukey_hsd(rows, pairs, small);
    const std::size_t n = kX.size(), m = rows.size();
    std::vector<Vec> topic_rows(n, Vec(m));
    Vec means(m, 0.0);
    for (std::size_t t2 = 0; t2 < n; ++t2)
        for (std::size_t j = 0; j < m; ++j) topic_rows[t2][j] = rows[j][t2], means[j] += rows[j][t2];
    for (double& v : means) v /= static_cast<double>(n);
    Rng rng(small.seed);
    std::vector<double> count(pairs.size(), 0);
    for (std::size_t b = 0; b < small.B; ++b) {
        Vec sums(m, 0.0);
        for (std::size_t t2 = 0; t2 < n; ++t2) {
            rng.shuffle(topic_rows[t2].data(), m);
            for (std::size_t j = 0; j < m; ++j) sums[j] += topic_rows[t2][j];
        }
        double range = (*std::max_element(sums.begin(), sums.end()) - *std::min_element(sums.begin(), sums.end())) /
                       static_cast<double>(n);
        for (std::size_t k = 0; k < pairs.size(); ++k)
            count[k] += range >= std::fabs(means[pairs[k].a] - means[pairs[k].b]) - 1e-9 * 0.93;
    }
    for (std::size_t k = 0; k < pairs.size(); ++k) CHECK(fast[k].p == count[k] / static_cast<double>(small.B));
    // With two runs, permuting a topic's row is flipping the sign of its difference, and the range
    // of the two means is |mean difference|: Tukey HSD is then the randomisation test (here exact).
    CHECK(std::fabs(tukey_hsd({kX, kY}, {{0, 1}}, resampling(20000, 4))[0].p - randomisation_test(kX, kY, kTwo, r).p) <
          0.01);
}

TEST_CASE("Bonferroni, Holm and Benjamini-Hochberg") {
    // p = (0.01, 0.04, 0.03, 0.5), k = 4.
    // Bonferroni: 4p capped at 1.
    // Holm: sorted 0.01 0.03 0.04 0.5 times 4 3 2 1 -> 0.04 0.09 0.08 0.5, running max -> 0.04 0.09 0.09 0.5.
    // BH: sorted times 4/1 4/2 4/3 4/4 -> 0.04 0.06 0.0533 0.5, running min from the top -> 0.04 0.0533 0.0533 0.5.
    Vec p = {0.01, 0.04, 0.03, 0.5};
    Vec bonf = adjust_p(p, Correction::Bonferroni), holm = adjust_p(p, Correction::Holm),
        bh = adjust_p(p, Correction::BenjaminiHochberg);
    Vec want_bonf = {0.04, 0.16, 0.12, 1.0}, want_holm = {0.04, 0.09, 0.09, 0.5},
        want_bh = {0.04, 0.16 / 3, 0.16 / 3, 0.5};
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK(bonf[i] == doctest::Approx(want_bonf[i]));
        CHECK(holm[i] == doctest::Approx(want_holm[i]));
        CHECK(bh[i] == doctest::Approx(want_bh[i]));
    }
    CHECK(adjust_p(p, Correction::None) == p);
    CHECK(adjust_p({}, Correction::Holm).empty());
    // An undefined p (NaN) stays undefined and leaves the family (R's p.adjust with NA): Bonferroni
    // over the 2 defined p-values: 0.01 x 2 = 0.02, 0.3 x 2 = 0.6; without the rule min(1, NaN x 3)
    // would have become an invented 1.
    Vec some = adjust_p({0.01, NAN, 0.3}, Correction::Bonferroni);
    CHECK(some[0] == doctest::Approx(0.02));
    CHECK(std::isnan(some[1]));
    CHECK(some[2] == doctest::Approx(0.6));
    Vec holm_nan = adjust_p({NAN, 0.04, 0.01}, Correction::Holm);  // 0.01 x 2 = 0.02, max(0.02, 0.04 x 1)
    CHECK(std::isnan(holm_nan[0]));
    CHECK(holm_nan[1] == doctest::Approx(0.04));
    CHECK(holm_nan[2] == doctest::Approx(0.02));
}

TEST_CASE("many pairs with a correction, and Tukey's restrictions") {
    std::vector<Vec> rows = {kX, kY, {0.5, 0.4, 0.7, 0.2, 0.3, 0.9, 0.2, 0.5, 0.6, 0.4, 0.7, 0.3}};
    std::vector<RunPair> pairs = {{0, 1}, {0, 2}, {1, 2}};
    PairwiseTesting holm;
    holm.correction = Correction::Holm;
    std::vector<PairwiseResult> r = test_pairs(rows, pairs, holm);
    Vec raw;
    for (const RunPair& p : pairs) raw.push_back(t_test(rows[p.a], rows[p.b]).p);
    Vec adjusted = adjust_p(raw, Correction::Holm);
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        CHECK(r[k].test.p == raw[k]);
        CHECK(r[k].p_adjusted == adjusted[k]);
    }
    CHECK(describe(holm, 3) == "paired t-test, two-sided, Holm correction over 3 pair(s)");
    PairwiseTesting tukey;
    set_pairwise_test(tukey, "tukey");
    tukey.resampling = resampling(100, 2);
    CHECK(describe(tukey, 3) == "randomised Tukey HSD (B=100, seed 2), two-sided, p adjusted for all pairs of runs");
    tukey.correction = Correction::Bonferroni;
    CHECK_THROWS_WITH_AS(test_pairs(rows, pairs, tukey),
                         "Tukey HSD p-values are already adjusted for all pairs: use no other correction", UsageError);
    tukey.correction = Correction::None;
    tukey.alternative = kGreater;
    CHECK_THROWS_WITH_AS(test_pairs(rows, pairs, tukey), "Tukey HSD is two-sided only", UsageError);
    CHECK_THROWS_WITH_AS(set_pairwise_test(tukey, "anova"),
                         "test must be t, wilcoxon, sign, randomisation, bootstrap or tukey, got 'anova'", UsageError);
}

TEST_CASE("long randomised work reports progress and can be cancelled") {
    Resampling r = resampling(1000);
    double last = 0;
    r.progress = [&](double f) {
        CHECK(f >= last);
        last = f;
        return true;
    };
    bootstrap_test(kX, kY, kTwo, r);
    CHECK(last == 1.0);
    r.progress = [](double) { return false; };
    r.exact_limit = 0;
    CHECK_THROWS_AS(bootstrap_test(kX, kY, kTwo, r), Cancelled);
    CHECK_THROWS_AS(randomisation_test(kX, kY, kTwo, r), Cancelled);
    CHECK_THROWS_AS(unpaired_bootstrap_test(kX, kY, kTwo, r), Cancelled);
    CHECK_THROWS_AS(tukey_hsd({kX, kY}, {{0, 1}}, r), Cancelled);
}

TEST_CASE("no topics: p is undefined (NaN) with a note, never a crash") {
    for (PairedTest test :
         {PairedTest::T, PairedTest::Wilcoxon, PairedTest::Sign, PairedTest::Randomisation, PairedTest::Bootstrap}) {
        TestResult r = paired_test(test, {}, {}, kTwo, resampling(10));
        CAPTURE(paired_test_name(test));
        CHECK(std::isnan(r.p));
        CHECK(r.note.find("p is undefined") != std::string::npos);
    }
    CHECK(std::isnan(tukey_hsd({{}, {}}, {{0, 1}}, resampling(10))[0].p));
}

TEST_CASE("bad requests are UsageErrors with clear messages") {
    CHECK_THROWS_WITH_AS(t_test({1, 2}, {1}), "t-test: the two score vectors differ in length (2 and 1 topics)",
                         UsageError);
    CHECK_THROWS_WITH_AS(bootstrap_test({1, 2}, {1, 2}, kTwo, resampling(0)),
                         "the number of resamples B must be between 1 and 10000000", UsageError);
    CHECK_THROWS_WITH_AS(parse_alternative("bigger"), "alternative must be two-sided, greater or less, got 'bigger'",
                         UsageError);
    CHECK_THROWS_WITH_AS(parse_correction("sidak"), "correction must be none, bonferroni, holm or bh, got 'sidak'",
                         UsageError);
    CHECK_THROWS_WITH_AS(parse_paired_test("z"),
                         "paired test must be t, wilcoxon, sign, randomisation or bootstrap, got 'z'", UsageError);
    CHECK(parse_paired_test("permutation") == PairedTest::Randomisation);
    CHECK_THROWS_WITH_AS(tukey_hsd({{1, 2}, {1}}, {{0, 1}}, resampling(10)),
                         "Tukey HSD: the score vectors differ in length", UsageError);
}

TEST_CASE("paired bootstrap counts a resample exactly as extreme as the observed t (the boundary)") {
    // Discrete scores make |t*| == |t| common. x = (0, 0, 1), y = 0: z = (0, 0, 1), mean 1/3,
    // sd 1/sqrt(3), t = (1/3) / ((1/sqrt 3) / sqrt 3) = 1. Resamples of w = z - 1/3 = (a, a, b),
    // a = -1/3 (drawn with probability 2/3), b = 2/3 (1/3):
    //   aaa  8/27  constant, mean -1/3: t* = -inf
    //   aab 12/27  mean 0:               t* = 0
    //   abb  6/27  (-1/3, 2/3, 2/3): mean 1/3, sd 1/sqrt(3): t* = 1 = t  (the boundary)
    //   bbb  1/27  constant, mean 2/3:   t* = +inf
    // two-sided |t*| >= 1: 8 + 6 + 1 = 15/27 (9/27 if the boundary were left out);
    // greater t* >= 1: 6 + 1 = 7/27 (1/27); less t* <= 1: 8 + 12 + 6 = 26/27 (20/27).
    // With B = 40,000 a proportion's standard error is at most 0.0025: 0.01 is 4 of them, and
    // each boundary resample class moves p by 6/27 = 0.22.
    const Vec x = {0, 0, 1}, y = {0, 0, 0};
    const Resampling r = resampling(40000, 7);
    const TestResult two = bootstrap_test(x, y, kTwo, r);
    CHECK(two.statistic == doctest::Approx(1.0).epsilon(1e-12));
    CHECK(std::fabs(two.p - 15.0 / 27) < 0.01);
    CHECK(std::fabs(bootstrap_test(x, y, kGreater, r).p - 7.0 / 27) < 0.01);
    CHECK(std::fabs(bootstrap_test(x, y, kLess, r).p - 26.0 / 27) < 0.01);
    // t = 0 (mean difference 0, not constant): every resample has |t*| >= 0, so p = 1 exactly.
    CHECK(bootstrap_test({1, 0, 0.5}, {0, 1, 0.5}, kTwo, r).p == 1.0);
}
