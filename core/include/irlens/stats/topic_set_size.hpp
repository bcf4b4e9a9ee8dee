// Topic set size design and statistical power, from the variance of a campaign's own per-topic
// scores (Sakai, "Topic set size design", Information Retrieval Journal 19(3), 2016; Sakai, PROMISE
// 2013 lecture, Table 1: beta is the probability of a Type II error, 1 - beta the power).
//
// Variance estimates (one measure, n topics every run was scored on, m runs; x[i][j] run i, topic j):
//   V_E = SS_E / ((n - 1)(m - 1)),  SS_E = sum_ij (x_ij - mean_i. - mean_.j + mean..)^2
//         the residual mean square of the two-way ANOVA without replication (runs x topics): the
//         paired designs use 2 V_E as the variance of a per-topic difference (Sakai 2016, Sec. 3, 6);
//   V_W = sum_ij (x_ij - mean_i.)^2 / (m (n - 1))
//         the within-run mean square of the one-way ANOVA (runs as groups): the ANOVA design's
//         common variance sigma^2.
// Designs (alpha the two-sided significance level, beta the Type II error rate, minD the minimum
// difference to detect; "power" is always exact, from Boost.Math's noncentral distributions, never
// the normal approximations of Sakai's Excel sheets):
//   paired t   power(n) = P(|T'| > t(alpha/2; n - 1)), T' noncentral t with n - 1 degrees of freedom
//              and noncentrality minD / sqrt(2 V_E / n); the topic set size is the smallest n >= 2
//              with power(n) >= 1 - beta (Sakai 2016, Sec. 3);
//   one-way ANOVA over m systems
//              power(n) = P(F' > F(alpha; m - 1, m(n - 1))), F' noncentral F with (m - 1, m(n - 1))
//              degrees of freedom and noncentrality lambda = n minD^2 / (2 V_W): the least favourable
//              configuration, two systems minD apart and the others at their midpoint (Sakai 2016,
//              Sec. 4); smallest n >= 2 with power(n) >= 1 - beta;
//   CI width   the smallest n >= 2 with 2 t(alpha/2; n - 1) sqrt(2 V_E / n) <= width: the two-sided
//              100(1 - alpha)% interval of a paired difference is no wider than `width` (Sakai 2016,
//              Sec. 5, without its expected-width correction).
// The power of a campaign as it is (n its topics): the paired t-test's power for minD, and its
// minimum detectable difference, the minD whose power is exactly 1 - beta. There is deliberately no
// "post-hoc power" from an observed difference: it is a function of the p-value and says nothing more.
//
// Power increases with n (and with minD), and the interval narrows with n, so the smallest n is
// found by doubling, then bisection; the tests compare it with scipy's linear scan. Sizes beyond
// kMaxTopicSetSize are not searched: the result then says so.
// Undefined cases give no number (topics 0, NaN values) and a note that says why: fewer than 2
// topics or 2 runs, a variance of 0.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace irlens {

/// The smallest alpha and beta taken. Computed from alpha/2 and beta themselves (below), the
/// designs hold far below 1.1e-16, where 1 - beta is 1; Boost.Math's t quantile fails from about
/// 1e-250 (-inf for 5 and 10 degrees of freedom at 1e-300, the issue-37 crash), so the range
/// stops well above it, where no design asks for an error rate anyway.
constexpr double kMinErrorRate = 1e-100;

/// The largest topic set size searched.
constexpr std::size_t kMaxTopicSetSize = 10000000;

struct TopicSetVariances {
    std::size_t runs = 0, topics = 0;
    double v_e = 0, v_w = 0;  // NaN when undefined (see note)
    std::string note;         // why a variance is undefined; empty when both are defined
};

/// V_E and V_W of scores[run][topic] (every run scored on the same topics). NaN with a note for
/// fewer than 2 runs or 2 topics.
TopicSetVariances topic_set_variances(const std::vector<std::vector<double>>& scores);

/// Design requirements; checked by check_power_settings.
struct PowerSettings {
    double alpha = 0.05;     // two-sided significance level
    double beta = 0.2;       // Type II error rate: the power sought is 1 - beta
    double min_diff = 0.05;  // minimum difference to detect
    double ci_width = 0;     // the CI design's largest interval width (0: no CI design)
};

/// UsageError unless alpha in [kMinErrorRate, 1), beta in [kMinErrorRate, 1 - alpha) (a power above
/// alpha), min_diff > 0 and ci_width >= 0 (0: no CI design), all finite; the message names the value.
/// Every computation below takes alpha/2 and beta themselves, never 1 - alpha/2 or 1 - beta (which
/// round to 1 in a double below 1.1e-16): the critical values from the upper tail, the search for
/// power >= 1 - beta as Type II error <= beta.
void check_power_settings(const PowerSettings& s);

/// Two-sided power of the paired t-test with n topics for a true difference min_diff, per-topic
/// difference variance 2 v_e. NaN for n < 2 or v_e <= 0 or not finite.
double paired_t_power(std::size_t n, double min_diff, double v_e, double alpha);
/// Its Type II error rate 1 - power, computed directly as P(-t <= T' <= t) (exact where the power
/// rounds to 1). NaN as paired_t_power.
double paired_t_type2(std::size_t n, double min_diff, double v_e, double alpha);
/// Power of the one-way ANOVA F test over m systems with n topics each, least favourable
/// configuration for min_diff, within variance v_w. NaN for n < 2, m < 2 or v_w <= 0.
double anova_power(std::size_t n, std::size_t m, double min_diff, double v_w, double alpha);
/// Its Type II error rate P(F' <= F(alpha; ...)), computed directly. NaN as anova_power.
double anova_type2(std::size_t n, std::size_t m, double min_diff, double v_w, double alpha);
/// Width 2 t(alpha/2; n - 1) sqrt(2 v_e / n) of the two-sided 100(1 - alpha)% interval of a paired
/// difference. NaN for n < 2 or v_e < 0.
double paired_ci_width(std::size_t n, double v_e, double alpha);

struct TopicSetSize {
    std::size_t topics = 0;  // the smallest n meeting the requirement; 0 when there is none (note)
    double achieved = 0;     // the power (paired-t, anova) or the interval width (ci) at `topics`; NaN with topics 0
    std::string note;        // why there is no number; empty otherwise
};
// A power or a Type II error is NaN (and the design gets a note naming the noncentrality) where
// Boost.Math cannot evaluate the noncentral distribution: a noncentrality beyond about 65536
// (e.g. --min-diff 1e300); sizes are never searched past such an n.

TopicSetSize paired_t_topic_set_size(double v_e, const PowerSettings& s);
TopicSetSize anova_topic_set_size(std::size_t m, double v_w, const PowerSettings& s);
TopicSetSize ci_topic_set_size(double v_e, const PowerSettings& s);  // s.ci_width > 0

/// The paired t-test's minimum detectable difference with n topics: the difference whose two-sided
/// power at alpha is exactly 1 - beta (bisection to the last bit). NaN for n < 2 or v_e <= 0.
double paired_t_min_detectable_difference(std::size_t n, double v_e, double alpha, double beta);

/// `irlens meta power` for one measure: the two numbers above at the campaign's n, and a note
/// saying why one is NaN (fewer than 2 topics, V_E not usable, the distribution not evaluated).
struct CampaignPower {
    double min_detectable_difference = 0, power = 0;
    std::string note;  // empty when both are numbers
};
CampaignPower paired_t_campaign_power(std::size_t n, double v_e, const PowerSettings& s);

}  // namespace irlens
