// Confidence intervals (t intervals checked against closed forms and scipy.stats.t.interval),
// Cohen's d and URisk/TRisk on hand-checkable data (arithmetic in comments).
#include "irlens/stats/confidence.hpp"
#include "irlens/error.hpp"
#include "irlens/evaluation/evaluate.hpp"
#include "irlens/stats/risk.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

using namespace irlens;

namespace {
Resampling resampling(std::size_t B, std::uint64_t seed = 1) {
    Resampling r;
    r.B = B;
    r.seed = seed;
    return r;
}
}  // namespace

TEST_CASE("t interval of a mean and of a paired difference") {
    // v = (1, 2, 3): mean 2, sd 1; with 2 df t_{0.975} = (2p - 1) / sqrt(2p(1 - p)) = 0.95 / sqrt(0.04875)
    // = 4.302652729749464 -> 2 -+ 4.302652729749464 / sqrt 3 = 2 -+ 2.484137712... (scipy's t.ppf gives
    // 4.302652729911275, 4e-11 off the closed form; Boost.Math's quantile matches the closed form).
    Interval i = mean_interval({1, 2, 3}, 0.95, IntervalMethod::T, {});
    CHECK(i.low == doctest::Approx(2 - 4.302652729749464 / std::sqrt(3.0)).epsilon(1e-12));
    CHECK(i.high == doctest::Approx(2 + 4.302652729749464 / std::sqrt(3.0)).epsilon(1e-12));
    Interval d = paired_difference_interval({2, 4, 6}, {1, 2, 3}, 0.95, IntervalMethod::T, {});  // same differences
    CHECK(d.low == doctest::Approx(i.low).epsilon(1e-12));
    CHECK(std::isnan(mean_interval({1}, 0.95, IntervalMethod::T, {}).low));
}

TEST_CASE("bootstrap percentile and BCa intervals") {
    // v = (0, 1): bootstrap means 0, 0.5, 1 with probabilities 1/4, 1/2, 1/4 -> the 2.5% and 97.5%
    // percentiles are 0 and 1 (for BCa too: the jackknife means 1 and 0 are symmetric, a = 0, and
    // z0 = Phi^-1(~1/2) ~ 0).
    Interval p = mean_interval({0, 1}, 0.95, IntervalMethod::Percentile, resampling(20000));
    CHECK(p.low == 0.0);
    CHECK(p.high == 1.0);
    Interval b = mean_interval({0, 1}, 0.95, IntervalMethod::BCa, resampling(20000));
    CHECK(b.low == 0.0);
    CHECK(b.high == 1.0);
    // Right-skewed v = (0, 0, 0, 0, 10): a bootstrap mean is 2K, K ~ Binomial(5, 1/5) tens drawn:
    // P(0) = .32768, P(2) = .4096, P(4) = .2048, P(6) = .0512, P(8) = .0064, P(10) = .00032.
    // Percentile: 2.5% -> 0, 97.5% -> 6 (cumulative .99328 at 6).
    // BCa: z0 = Phi^-1((.32768 + .73728) / 2) = 0.08151; jackknife means 2.5 (x4) and 0, mean 2,
    // a = (4 (-0.5)^3 + 2^3) / (6 (4 * 0.25 + 4)^1.5) = 7.5 / 67.08 = 0.1118;
    // upper quantile Phi(z0 + (z0 + 1.96) / (1 - a (z0 + 1.96))) = 0.99680 -> 8 (beyond .99328);
    // lower Phi(z0 + (z0 - 1.96) / (1 - a (z0 - 1.96))) = 0.0707 -> 0.
    Resampling r = resampling(20000, 7);
    Interval sp = mean_interval({0, 0, 0, 0, 10}, 0.95, IntervalMethod::Percentile, r);
    Interval sb = mean_interval({0, 0, 0, 0, 10}, 0.95, IntervalMethod::BCa, r);
    CHECK(sp.low == 0.0);
    CHECK(sp.high == 6.0);
    CHECK(sb.low == 0.0);
    CHECK(sb.high == 8.0);
    // Constant data: every bootstrap mean equals the mean.
    Interval c = mean_interval({0.3, 0.3, 0.3}, 0.9, IntervalMethod::BCa, resampling(100));
    CHECK(c.low == doctest::Approx(0.3));
    CHECK(c.high == doctest::Approx(0.3));
}

TEST_CASE("unpaired difference intervals") {
    // Welch with equal variances and sizes: x = (1, 2, 3), y = (0, 1, 2): difference 1,
    // se^2 = 1/3 + 1/3, df = (2/3)^2 / ((1/3)^2/2 * 2) = 4; t_{0.975,4} = 2.7764451051977987.
    Interval w = unpaired_difference_interval({1, 2, 3}, {0, 1, 2}, 0.95, IntervalMethod::T, {});
    CHECK(w.low == doctest::Approx(1 - 2.7764451051977987 * std::sqrt(2.0 / 3)).epsilon(1e-12));
    CHECK(w.high == doctest::Approx(1 + 2.7764451051977987 * std::sqrt(2.0 / 3)).epsilon(1e-12));
    Interval p = unpaired_difference_interval({1, 1}, {0, 0}, 0.95, IntervalMethod::Percentile, resampling(50));
    CHECK(p.low == 1.0);  // every resample of (1, 1) and (0, 0) differs by exactly 1
    CHECK(p.high == 1.0);
    CHECK_THROWS_WITH_AS(unpaired_difference_interval({1, 2}, {1, 2}, 0.95, IntervalMethod::BCa, {}),
                         "BCa intervals are available for one sample or paired differences only; use t or percentile",
                         UsageError);
    CHECK_THROWS_WITH_AS(mean_interval({1, 2}, 95, IntervalMethod::T, {}),
                         "the confidence level must be between 0 and 1 (exclusive), e.g. 0.95", UsageError);
}

TEST_CASE("Cohen's d for paired differences with its noncentral-t interval") {
    // d = (1, 2, 3): d_z = 2 / 1 = 2; t = 2 sqrt 3 with 2 df. The noncentralities solving
    // P(T <= t) = 0.975 and 0.025 (scipy.stats.nct + brentq: -0.2452 and 7.1109) over sqrt 3:
    // [-0.14156417860223902, 4.105494594597417].
    EffectSize e = cohens_d_paired({2, 4, 6}, {1, 2, 3}, 0.95);
    CHECK(e.d == doctest::Approx(2.0));
    CHECK(e.interval.low == doctest::Approx(-0.14156417860223902).epsilon(1e-7));
    CHECK(e.interval.high == doctest::Approx(4.105494594597417).epsilon(1e-7));
    CHECK(e.note.empty());
    EffectSize z = cohens_d_paired({1, 2}, {1, 2}, 0.95);
    CHECK(std::isnan(z.d));
    CHECK(z.note == "all differences are 0: d is undefined");
    // RR 1/3 against 1/2 on six topics: every difference is 1/3 - 1/2 (the same double), but the
    // computed sd is a rounding error (~3e-17); d is infinite, not 5e15 with a noncentral t that
    // overflowed ("internal error" from `irlens compare` before).
    EffectSize c = cohens_d_paired(std::vector<double>(6, 1.0 / 3), std::vector<double>(6, 0.5), 0.95);
    CHECK(std::isinf(c.d));
    CHECK(c.d < 0);
    CHECK(c.note == "the differences are constant: d is infinite");
}

TEST_CASE("URisk and TRisk") {
    // delta = (0.2, -0.2, 0); alpha = 1 doubles the loss: delta' = (0.2, -0.4, 0).
    // URisk = -0.2 / 3 = -0.0667; sd(delta') = sqrt((0.2667^2 + 0.3333^2 + 0.0667^2) / 2) = 0.30551,
    // se = 0.30551 / sqrt 3 = 0.17638, TRisk = -0.0667 / 0.17638 = -0.37796.
    RiskResult r = risk_sensitive({0.5, 0.2, 0.4}, {0.3, 0.4, 0.4}, 1.0);
    CHECK(r.urisk == doctest::Approx(-0.2 / 3));
    CHECK(r.trisk == doctest::Approx(-0.3779644730092272).epsilon(1e-12));
    CHECK(r.wins == 1);
    CHECK(r.losses == 1);
    CHECK(r.ties == 1);
    // alpha = 0: URisk is the mean difference and TRisk the paired t statistic.
    std::vector<double> x = {0.61, 0.35, 0.77, 0.12, 0.48}, y = {0.52, 0.38, 0.60, 0.15, 0.31};
    RiskResult plain = risk_sensitive(x, y, 0.0);
    CHECK(plain.trisk == doctest::Approx(t_test(x, y).statistic).epsilon(1e-12));
    CHECK(std::isnan(risk_sensitive({1, 1}, {1, 1}, 5).trisk));
    CHECK_THROWS_WITH_AS(risk_sensitive({1}, {1}, -1), "risk: alpha must be >= 0", UsageError);
}

TEST_CASE("t interval of a mean") {
    // values 0.2 0.4 0.6: mean 0.4, sd 0.2, se 0.2/sqrt(3) = 0.11547005383792516;
    // with 2 degrees of freedom the t quantile has a closed form, t_p = (2p - 1) / sqrt(2 p (1 - p)):
    // t_{0.975} = 0.95 / sqrt(0.04875) = 4.302652729749464 -> half width 0.4968275423687...
    // (scipy.stats.t.interval(0.95, 2, 0.4, se) gives (-0.09682754236875041, 0.8968275423687506)).
    irlens::Interval i = irlens::t_interval({0.2, 0.4, 0.6});
    CHECK(i.low == doctest::Approx(0.4 - 4.302652729749464 * 0.11547005383792516).epsilon(1e-12));
    CHECK(i.high == doctest::Approx(0.4 + 4.302652729749464 * 0.11547005383792516).epsilon(1e-12));
    irlens::Interval flat = irlens::t_interval({0.5, 0.5, 0.5, 0.5});
    CHECK(flat.low == 0.5);
    CHECK(flat.high == 0.5);
    CHECK(std::isnan(irlens::t_interval({0.5}).low));
}

TEST_CASE("wins, ties and losses: exact signs, one rule") {
    // deltas: 0.5-0.3 = +0.2 (win), 0.2-0.4 = -0.2 (loss), 0.4-0.4 = 0 (tie), 1e-15 above (a
    // win: no tolerance), NaN on the baseline's side (not counted).
    const double nan = std::nan("");
    WinsTiesLosses w = wins_ties_losses({0.5, 0.2, 0.4, 0.3 + 1e-15, 0.7}, {0.3, 0.4, 0.4, 0.3, nan});
    CHECK(w.wins == 2);
    CHECK(w.ties == 1);
    CHECK(w.losses == 1);
    CHECK_THROWS_AS(wins_ties_losses({1}, {1, 2}), UsageError);
    // Over topics both runs were scored on: run a has t1 t2 t4, run b t2 t3 t4; common t2 (0.6 vs
    // 0.5: win) and t4 (0.1 vs 0.1: tie); t1 and t3 are left out.
    RunScores a, b;
    a.topics = {"t1", "t2", "t4"};
    a.values = {{0.9, 0.6, 0.1}};
    b.topics = {"t2", "t3", "t4"};
    b.values = {{0.5, 0.0, 0.1}};
    WinsTiesLosses p = wins_ties_losses(a, b, 0);
    CHECK(p.wins == 1);
    CHECK(p.ties == 1);
    CHECK(p.losses == 0);
}

TEST_CASE("mean intervals of an evaluation") {
    // One run, AP (a mean) and NumRet (a sum): AP over 0.2 0.4 0.6 has the t interval checked
    // above (0.4 +- 4.302652729749464 * 0.11547005383792516); NumRet's aggregate is not a mean: NaN.
    Evaluation ev;
    ev.measures = parse_measures("AP NumRet");
    RunScores r;
    r.topics = {"1", "2", "3"};
    r.values = {{0.2, 0.4, 0.6}, {10, 10, 10}};
    ev.runs.push_back(r);
    const auto ci = mean_intervals(ev);
    REQUIRE(ci.size() == 1);
    REQUIRE(ci[0].size() == 2);
    CHECK(ci[0][0].low == doctest::Approx(0.4 - 4.302652729749464 * 0.11547005383792516).epsilon(1e-12));
    CHECK(ci[0][0].high == doctest::Approx(0.4 + 4.302652729749464 * 0.11547005383792516).epsilon(1e-12));
    CHECK(std::isnan(ci[0][1].low));
    CHECK(std::isnan(ci[0][1].high));
}
