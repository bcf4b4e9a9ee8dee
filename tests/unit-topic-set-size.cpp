// Topic set size design and power (irlens/stats/topic_set_size.hpp) on hand-checkable cases: the
// variances by hand, the sizes against the textbook values of Cohen's power tables as G*Power 3
// prints them (paired t: d_z = 0.5 needs 34 pairs, power 0.8077775; one-way ANOVA: f = 0.25 over
// 3 groups needs 53 per group, N = 159). tests/scipy/topic_set_size.py checks every number of a
// real campaign against scipy.
#include "irlens/error.hpp"
#include "irlens/stats/stats_settings.hpp"
#include "irlens/stats/topic_set_size.hpp"

#include <doctest/doctest.h>

#include <cmath>

using namespace irlens;

TEST_CASE("V_E and V_W of a 2 runs x 3 topics table, by hand") {
    // A = 0.2 0.4 0.6 (mean 0.4), B = 0.1 0.5 0.3 (mean 0.3).
    // V_W: SS_W = (0.04 + 0 + 0.04) + (0.04 + 0.04 + 0) = 0.16 over m(n - 1) = 4: 0.04.
    // V_E: with 2 runs the residual is half the deviation of each difference A - B = 0.1 -0.1 0.3
    // (mean 0.1) from its mean, on each run: SS_E = 2 * (0 + 0.01 + 0.01) = 0.04 over (n - 1)(m - 1) = 2:
    // 0.02. So 2 V_E = 0.04 is the sample variance of the differences (0 + 0.04 + 0.04) / 2.
    TopicSetVariances v = topic_set_variances({{0.2, 0.4, 0.6}, {0.1, 0.5, 0.3}});
    CHECK(v.runs == 2);
    CHECK(v.topics == 3);
    CHECK(v.v_e == doctest::Approx(0.02).epsilon(1e-12));
    CHECK(v.v_w == doctest::Approx(0.04).epsilon(1e-12));
    CHECK(v.note.empty());
    // Topic effects do not enter V_E: adding 1 to topic 1 of both runs changes V_W only. A is then
    // 1.2 0.4 0.6 (mean 11/15, deviations 7/15 -5/15 -2/15: SS 78/225), B 1.1 0.5 0.3 (mean 9.5/15,
    // deviations 7/15 -2/15 -5/15: SS 78/225): V_W = 156/225 / 4 = 39/225.
    TopicSetVariances shifted = topic_set_variances({{1.2, 0.4, 0.6}, {1.1, 0.5, 0.3}});
    CHECK(shifted.v_e == doctest::Approx(0.02).epsilon(1e-12));
    CHECK(shifted.v_w == doctest::Approx(39.0 / 225).epsilon(1e-12));
}

TEST_CASE("undefined variances say why, never a number") {
    TopicSetVariances one_topic = topic_set_variances({{0.2}, {0.1}});
    CHECK(std::isnan(one_topic.v_e));
    CHECK(std::isnan(one_topic.v_w));
    CHECK(one_topic.note == "fewer than 2 topics (1): no variance between topics");
    TopicSetVariances one_run = topic_set_variances({{0.2, 0.4, 0.6}});
    CHECK(std::isnan(one_run.v_e));
    CHECK(one_run.v_w == doctest::Approx(0.04).epsilon(1e-12));  // (0.04 + 0 + 0.04) / 2
    CHECK(one_run.note == "fewer than 2 runs (1): no residual variance of the runs x topics ANOVA (V_E)");
    CHECK(topic_set_variances({}).note == "fewer than 2 topics (0): no variance between topics");
    // B = A + 0.1 on every topic: V_E = 0, no size can be given.
    TopicSetVariances constant = topic_set_variances({{0.2, 0.4, 0.6}, {0.3, 0.5, 0.7}});
    CHECK(constant.v_e == doctest::Approx(0).epsilon(1e-12));
    PowerSettings s;
    TopicSetSize t = paired_t_topic_set_size(0.0, s);
    CHECK(t.topics == 0);
    CHECK(std::isnan(t.achieved));
    CHECK(t.note ==
          "V_E is 0: the scores leave no variance to size a topic set with (every difference is the same on every "
          "topic)");
    CHECK(paired_t_topic_set_size(NAN, s).note == "no V_E (see the variance's note)");
    CHECK(anova_topic_set_size(1, 0.04, s).note == "the one-way ANOVA design compares at least 2 runs (1 given)");
    CHECK(std::isnan(paired_t_power(1, 0.1, 0.02, 0.05)));
    CHECK(std::isnan(paired_t_power(10, 0.1, 0.0, 0.05)));
    CHECK(std::isnan(anova_power(10, 1, 0.1, 0.04, 0.05)));
    CHECK(std::isnan(paired_t_min_detectable_difference(1, 0.02, 0.05, 0.2)));
}

TEST_CASE("paired t: d_z = 0.5 at alpha 0.05 needs 34 topics for power 0.8 (Cohen; G*Power 0.8077775)") {
    // V_E = 0.02: a difference's standard deviation is sqrt(2 V_E) = 0.2, so minD = 0.1 is d_z = 0.5.
    PowerSettings s;
    s.min_diff = 0.1;
    TopicSetSize t = paired_t_topic_set_size(0.02, s);
    CHECK(t.topics == 34);
    CHECK(t.achieved == doctest::Approx(0.8077775012792738).epsilon(1e-9));
    CHECK(paired_t_power(33, 0.1, 0.02, 0.05) == doctest::Approx(0.7953658414875043).epsilon(1e-9));  // < 0.8
    CHECK(t.note.empty());
    // The minimum detectable difference with 34 topics is a little under 0.1, with power 0.8 exactly.
    const double mdd = paired_t_min_detectable_difference(34, 0.02, 0.05, 0.2);
    CHECK(mdd < 0.1);
    CHECK(mdd > 0.098);
    CHECK(paired_t_power(34, mdd, 0.02, 0.05) == doctest::Approx(0.8).epsilon(1e-12));
    // A power of 1 - beta that no size reaches within the search: said, not a number.
    s.min_diff = 1e-5;
    TopicSetSize huge = paired_t_topic_set_size(0.02, s);
    CHECK(huge.topics == 0);
    CHECK(huge.note == "more than 10000000 topics would be needed (not searched further)");
}

TEST_CASE("one-way ANOVA: f = 0.25 over 3 systems needs 53 topics each (Cohen; G*Power N = 159)") {
    // Least favourable configuration: lambda = n minD^2 / (2 V_W) = f^2 m n, so f^2 = minD^2 / (2 m V_W);
    // V_W = 0.04, m = 3 and minD^2 = 0.015 give f^2 = 0.0625.
    PowerSettings s;
    s.min_diff = std::sqrt(0.015);
    TopicSetSize t = anova_topic_set_size(3, 0.04, s);
    CHECK(t.topics == 53);
    CHECK(t.achieved == doctest::Approx(0.804887285301069).epsilon(1e-9));
    CHECK(anova_power(52, 3, s.min_diff, 0.04, 0.05) == doctest::Approx(0.7967328616673726).epsilon(1e-9));
}

TEST_CASE("CI width: 2 t(alpha/2; n - 1) sqrt(2 V_E / n), with the t table's quantiles") {
    // n = 2: t(0.975; 1) = 12.7062047, sqrt(2 * 0.02 / 2) = 0.1414214: width 3.5938574.
    CHECK(paired_ci_width(2, 0.02, 0.05) == doctest::Approx(3.5938574129103054).epsilon(1e-9));
    // n = 34: t(0.975; 33) = 2.0345153, sqrt(0.04 / 34) = 0.0342997: width 0.1395666.
    CHECK(paired_ci_width(34, 0.02, 0.05) == doctest::Approx(0.13956659798534082).epsilon(1e-9));
    PowerSettings s;
    s.ci_width = 0.13956659798534082 * (1 + 1e-12);  // n = 34 is the first size within the width
    TopicSetSize t = ci_topic_set_size(0.02, s);
    CHECK(t.topics == 34);
    CHECK(paired_ci_width(33, 0.02, 0.05) > s.ci_width);
    CHECK(t.achieved <= s.ci_width);
}

TEST_CASE("power settings are checked, and only for topic-set-size and power") {
    PowerSettings s;
    s.beta = 0.96;  // power 0.04 below alpha 0.05
    CHECK_THROWS_WITH_AS(
        check_power_settings(s),
        "--beta must be between 0 and 1 - alpha (exclusive: a power 1 - beta above alpha) and at least 1e-100, "
        "e.g. 0.2 (got 0.96)",
        UsageError);
    s = PowerSettings();
    s.alpha = 0;
    CHECK_THROWS_WITH_AS(check_power_settings(s),
                         "--alpha must be between 0 and 1 (exclusive) and at least 1e-100, e.g. 0.05 (got 0)",
                         UsageError);
    s = PowerSettings();
    s.min_diff = -0.1;
    CHECK_THROWS_WITH_AS(check_power_settings(s), "--min-diff must be a positive number, e.g. 0.05 (got -0.1)",
                         UsageError);
    MetaSettings m;
    m.analysis = "correlation";
    m.power_given = true;
    CHECK_THROWS_WITH_AS(check_meta_settings(m),
                         "--alpha, --beta, --min-diff and --ci-width are for the topic-set-size and power analyses",
                         UsageError);
    m.analysis = "power";
    m.power.ci_width = 0.1;
    CHECK_THROWS_WITH_AS(check_meta_settings(m), "--ci-width is for the topic-set-size analysis", UsageError);
    m.analysis = "topic-set-size";
    CHECK_NOTHROW(check_meta_settings(m));
}

TEST_CASE("error rates below 1.1e-16 are computed from themselves, never from 1 - rate") {
    // The critical value t(alpha/2; 1) of one degree of freedom is cot(pi alpha/2) ~ 2 / (pi alpha):
    // alpha 1e-17 gives 6.3662e16, and with 2 topics the interval's width is 2 t sqrt(2 V_E / 2)
    // = 2 * 6.3662e16 * 0.1 = 1.27324e16 for V_E 0.01. From 1 - alpha/2 (= 1 in a double) it was inf.
    CHECK(paired_ci_width(2, 0.01, 1e-17) == doctest::Approx(4 / (M_PI * 1e-17) * 0.1).epsilon(1e-6));
    // Paired t with V_E 0.02, min_diff 0.05: a smaller alpha or beta never needs fewer topics, and
    // 1e-17 / 1e-20 no longer answer NaN (alpha) or the same as each other (beta: 1 - beta was 1).
    PowerSettings s;
    s.min_diff = 0.05;
    std::size_t previous = 0;
    for (double alpha : {1e-12, 1e-15, 1e-17, 1e-50}) {
        s.alpha = alpha;
        const TopicSetSize t = paired_t_topic_set_size(0.02, s);
        CHECK(t.note == "");
        CHECK(t.topics > previous);
        previous = t.topics;
        CHECK(anova_topic_set_size(3, 0.02, s).topics > 0);
    }
    s = PowerSettings();
    s.beta = 1e-20;
    const TopicSetSize b20 = paired_t_topic_set_size(0.02, s);
    s.beta = 1e-17;
    const TopicSetSize b17 = paired_t_topic_set_size(0.02, s);
    CHECK(b20.topics > b17.topics);  // both were the size of 1 - beta = 1
    // The size found is the first whose Type II error is within beta (computed directly).
    CHECK(paired_t_type2(b20.topics, 0.05, 0.02, 0.05) <= 1e-20);
    CHECK(paired_t_type2(b20.topics - 1, 0.05, 0.02, 0.05) > 1e-20);
    CHECK(anova_topic_set_size(3, 0.02, s).topics > 0);
    CHECK(anova_type2(10, 3, 0.05, 0.02, 0.05) ==
          doctest::Approx(1 - anova_power(10, 3, 0.05, 0.02, 0.05)).epsilon(1e-12));
    // Below 1e-100 the settings are refused, with the value named (alpha 1e-300 crashed boost).
    s.beta = 1e-101;
    CHECK_THROWS_WITH_AS(
        check_power_settings(s),
        "--beta must be between 0 and 1 - alpha (exclusive: a power 1 - beta above alpha) and at least 1e-100, "
        "e.g. 0.2 (got 1e-101)",
        UsageError);
    s = PowerSettings();
    s.alpha = 1e-300;
    CHECK_THROWS_WITH_AS(check_power_settings(s),
                         "--alpha must be between 0 and 1 (exclusive) and at least 1e-100, e.g. 0.05 (got 1e-300)",
                         UsageError);
}

TEST_CASE("a noncentral distribution Boost.Math cannot evaluate gives a note naming it, never an exception") {
    // min_diff 1e300 with V_E 0.02 and 2 topics: noncentrality 1e300 / sqrt(0.02) = 7.07107e300,
    // beyond the 2^31 Poisson index Boost.Math 1.74 truncates to (it threw "internal error").
    PowerSettings s;
    s.min_diff = 1e300;
    const TopicSetSize t = paired_t_topic_set_size(0.02, s);
    CHECK(t.topics == 0);
    CHECK(std::isnan(t.achieved));
    CHECK(
        t.note ==
        "the noncentral t distribution could not be evaluated with 2 topics (noncentrality min-diff / sqrt(2 V_E / n) "
        "= 7.07107e+300): --min-diff is too large against this variance for Boost.Math");
    CHECK(anova_topic_set_size(3, 0.02, s).note ==
          "the noncentral F distribution could not be evaluated with 2 topics (noncentrality n min-diff^2 / (2 V_W) = "
          "inf): "
          "--min-diff is too large against this variance for Boost.Math");
    // The campaign's power says the same, with 3 topics 1e300 / sqrt(2 * 0.02 / 3) = 8.66025e300
    // (it said "V_E is 0" of any NaN power); its minimum
    // detectable difference does not depend on min_diff and is still a number.
    const CampaignPower p = paired_t_campaign_power(3, 0.02, s);
    CHECK(std::isnan(p.power));
    CHECK(p.min_detectable_difference > 0);
    CHECK(
        p.note ==
        "the noncentral t distribution could not be evaluated with 3 topics (noncentrality min-diff / sqrt(2 V_E / n) "
        "= 8.66025e+300): --min-diff is too large against this variance for Boost.Math");
    s = PowerSettings();
    const CampaignPower fine = paired_t_campaign_power(3, 0.02, s);
    CHECK(fine.note == "");
    CHECK(fine.power == doctest::Approx(paired_t_power(3, 0.05, 0.02, 0.05)));
    CHECK(paired_t_campaign_power(3, 0, s).note ==
          "V_E is 0: the scores leave no variance to size a topic set with (every difference is the same on every "
          "topic)");
}
