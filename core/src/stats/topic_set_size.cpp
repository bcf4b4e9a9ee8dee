// Topic set size design and power (irlens/stats/topic_set_size.hpp; Sakai, IRJ 2016).
#include "irlens/stats/topic_set_size.hpp"

#include "irlens/error.hpp"
#include "distributions.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace irlens {

namespace {

constexpr double kNaN = NAN;

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

/// The smallest n in [2, kMaxTopicSetSize] with ok(n), for ok false then true as n grows: doubling,
/// then bisection. ok(n) is 1 (true), 0 (false) or -1 (not evaluated: NaN). The search's answer:
/// n, or 0 with `unevaluated` the first n not evaluated, or 0 with unevaluated 0 when
/// ok(kMaxTopicSetSize) is false.
struct Search {
    std::size_t n = 0, unevaluated = 0;
};
template <class Ok>
Search smallest_n(const Ok& ok) {
    Search r;
    auto test = [&](std::size_t n) {
        const int v = ok(n);
        if (v < 0) r.unevaluated = n;
        return v;
    };
    int v = test(2);
    if (v != 0) {
        r.n = v > 0 ? 2 : 0;
        return r;
    }
    std::size_t lo = 2, hi = 4;  // ok(lo) false
    while ((v = test(hi)) == 0) {
        if (hi == kMaxTopicSetSize) return r;
        lo = hi;
        hi = std::min(2 * hi, kMaxTopicSetSize);
    }
    if (v < 0) return r;
    while (hi - lo > 1) {
        const std::size_t mid = lo + (hi - lo) / 2;
        v = test(mid);
        if (v < 0) return r;
        (v > 0 ? hi : lo) = mid;
    }
    r.n = hi;
    return r;
}

/// 1 when x <= bound, 0 when above, -1 when x is NaN.
int at_most(double x, double bound) { return std::isnan(x) ? -1 : x <= bound ? 1 : 0; }

/// Why the noncentral t (or F) of n topics has no value.
std::string unevaluated_note(const char* distribution, std::size_t n, const char* noncentrality, double value) {
    return std::string("the noncentral ") + distribution + " distribution could not be evaluated with " +
           std::to_string(n) + " topics (noncentrality " + noncentrality + " = " + number(value) +
           "): --min-diff is too large against this variance for Boost.Math";
}

double paired_t_noncentrality(std::size_t n, double min_diff, double v_e) {
    return min_diff / std::sqrt(2 * v_e / static_cast<double>(n));
}
double anova_noncentrality(std::size_t n, double min_diff, double v_w) {
    return static_cast<double>(n) * min_diff * min_diff / (2 * v_w);
}

/// The two-sided critical value t(alpha/2; df), from alpha/2 itself (1 - alpha/2 rounds to 1 for
/// alpha below 2.2e-16).
double t_critical(double df, double alpha) { return stats::t_upper_quantile(df, alpha / 2); }

std::string too_many() {
    return "more than " + std::to_string(kMaxTopicSetSize) + " topics would be needed (not searched further)";
}

bool usable_variance(double v) { return v > 0 && std::isfinite(v); }

std::string variance_note(double v, const char* name) {
    if (std::isnan(v)) return std::string("no ") + name + " (see the variance's note)";
    return std::string(name) + " is " + number(v) +
           ": the scores leave no variance to size a topic set with (every difference is the same on every topic)";
}

}  // namespace

TopicSetVariances topic_set_variances(const std::vector<std::vector<double>>& x) {
    TopicSetVariances v;
    v.runs = x.size();
    v.topics = x.empty() ? 0 : x[0].size();
    const std::size_t m = v.runs, n = v.topics;
    v.v_e = v.v_w = kNaN;
    if (n < 2) {
        v.note = "fewer than 2 topics (" + std::to_string(n) + "): no variance between topics";
        return v;
    }
    std::vector<double> run_mean(m, 0.0), topic_mean(n, 0.0);
    double grand = 0;
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            run_mean[i] += x[i][j];
            topic_mean[j] += x[i][j];
        }
    for (std::size_t i = 0; i < m; ++i) {
        grand += run_mean[i];
        run_mean[i] /= static_cast<double>(n);
    }
    for (double& t : topic_mean) t /= static_cast<double>(m);
    grand /= static_cast<double>(m * n);
    double ss_w = 0, ss_e = 0;
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            const double w = x[i][j] - run_mean[i], e = w - topic_mean[j] + grand;
            ss_w += w * w;
            ss_e += e * e;
        }
    v.v_w = ss_w / static_cast<double>(m * (n - 1));
    if (m < 2) {
        v.note = "fewer than 2 runs (" + std::to_string(m) + "): no residual variance of the runs x topics ANOVA (V_E)";
        return v;
    }
    v.v_e = ss_e / static_cast<double>((n - 1) * (m - 1));
    return v;
}

void check_power_settings(const PowerSettings& s) {
    if (!(s.alpha >= kMinErrorRate && s.alpha < 1))
        throw UsageError("--alpha must be between 0 and 1 (exclusive) and at least 1e-100, e.g. 0.05 (got " +
                         number(s.alpha) + ")");
    if (!(s.beta >= kMinErrorRate && s.beta < 1 - s.alpha))
        throw UsageError(
            "--beta must be between 0 and 1 - alpha (exclusive: a power 1 - beta above alpha) and at least 1e-100, "
            "e.g. 0.2 (got " +
            number(s.beta) + ")");
    if (!(s.min_diff > 0 && std::isfinite(s.min_diff)))
        throw UsageError("--min-diff must be a positive number, e.g. 0.05 (got " + number(s.min_diff) + ")");
    if (!(s.ci_width >= 0 && std::isfinite(s.ci_width)))
        throw UsageError("--ci-width must be a positive number, e.g. 0.1 (got " + number(s.ci_width) + ")");
}

double paired_t_power(std::size_t n, double min_diff, double v_e, double alpha) {
    if (n < 2 || !usable_variance(v_e)) return kNaN;
    const double df = static_cast<double>(n - 1), ncp = paired_t_noncentrality(n, min_diff, v_e);
    const double t = t_critical(df, alpha);
    return stats::noncentral_t_sf(df, ncp, t) + stats::noncentral_t_cdf(df, ncp, -t);
}

double paired_t_type2(std::size_t n, double min_diff, double v_e, double alpha) {
    if (n < 2 || !usable_variance(v_e)) return kNaN;
    const double df = static_cast<double>(n - 1), ncp = paired_t_noncentrality(n, min_diff, v_e);
    const double t = t_critical(df, alpha);
    // P(-t <= T' <= t) = P(T' <= t) - P(T' < -t): both terms small where the power is near 1.
    return std::max(0.0, stats::noncentral_t_cdf(df, ncp, t) - stats::noncentral_t_cdf(df, ncp, -t));
}

double anova_power(std::size_t n, std::size_t m, double min_diff, double v_w, double alpha) {
    if (n < 2 || m < 2 || !usable_variance(v_w)) return kNaN;
    const double df1 = static_cast<double>(m - 1), df2 = static_cast<double>(m * (n - 1));
    return stats::noncentral_f_sf(df1, df2, anova_noncentrality(n, min_diff, v_w),
                                  stats::f_upper_quantile(df1, df2, alpha));
}

double anova_type2(std::size_t n, std::size_t m, double min_diff, double v_w, double alpha) {
    if (n < 2 || m < 2 || !usable_variance(v_w)) return kNaN;
    const double df1 = static_cast<double>(m - 1), df2 = static_cast<double>(m * (n - 1));
    return stats::noncentral_f_cdf(df1, df2, anova_noncentrality(n, min_diff, v_w),
                                   stats::f_upper_quantile(df1, df2, alpha));
}

double paired_ci_width(std::size_t n, double v_e, double alpha) {
    if (n < 2 || !(v_e >= 0)) return kNaN;
    return 2 * t_critical(static_cast<double>(n - 1), alpha) * std::sqrt(2 * v_e / static_cast<double>(n));
}

TopicSetSize paired_t_topic_set_size(double v_e, const PowerSettings& s) {
    TopicSetSize r{0, kNaN, {}};
    if (!usable_variance(v_e)) {
        r.note = variance_note(v_e, "V_E");
        return r;
    }
    // power(n) >= 1 - beta as type2(n) <= beta: 1 - beta is 1 in a double for beta below 1.1e-16.
    const Search found =
        smallest_n([&](std::size_t n) { return at_most(paired_t_type2(n, s.min_diff, v_e, s.alpha), s.beta); });
    r.topics = found.n;
    if (found.unevaluated)
        r.note = unevaluated_note("t", found.unevaluated, "min-diff / sqrt(2 V_E / n)",
                                  paired_t_noncentrality(found.unevaluated, s.min_diff, v_e));
    else if (r.topics == 0)
        r.note = too_many();
    else
        r.achieved = paired_t_power(r.topics, s.min_diff, v_e, s.alpha);
    if (r.topics && std::isnan(r.achieved)) {  // Boost.Math gave P(T' <= t) but not P(T' > t)
        r.note = unevaluated_note("t", r.topics, "min-diff / sqrt(2 V_E / n)",
                                  paired_t_noncentrality(r.topics, s.min_diff, v_e));
        r.topics = 0;
    }
    return r;
}

TopicSetSize anova_topic_set_size(std::size_t m, double v_w, const PowerSettings& s) {
    TopicSetSize r{0, kNaN, {}};
    if (m < 2) {
        r.note = "the one-way ANOVA design compares at least 2 runs (" + std::to_string(m) + " given)";
        return r;
    }
    if (!usable_variance(v_w)) {
        r.note = variance_note(v_w, "V_W");
        return r;
    }
    const Search found =
        smallest_n([&](std::size_t n) { return at_most(anova_type2(n, m, s.min_diff, v_w, s.alpha), s.beta); });
    r.topics = found.n;
    if (found.unevaluated)
        r.note = unevaluated_note("F", found.unevaluated, "n min-diff^2 / (2 V_W)",
                                  anova_noncentrality(found.unevaluated, s.min_diff, v_w));
    else if (r.topics == 0)
        r.note = too_many();
    else
        r.achieved = anova_power(r.topics, m, s.min_diff, v_w, s.alpha);
    if (r.topics && std::isnan(r.achieved)) {  // Boost.Math gave P(F' <= F) but not P(F' > F)
        r.note =
            unevaluated_note("F", r.topics, "n min-diff^2 / (2 V_W)", anova_noncentrality(r.topics, s.min_diff, v_w));
        r.topics = 0;
    }
    return r;
}

TopicSetSize ci_topic_set_size(double v_e, const PowerSettings& s) {
    TopicSetSize r{0, kNaN, {}};
    if (!(s.ci_width > 0)) throw UsageError("the CI design needs --ci-width W > 0");
    if (!usable_variance(v_e)) {
        r.note = variance_note(v_e, "V_E");
        return r;
    }
    const Search found =
        smallest_n([&](std::size_t n) { return at_most(paired_ci_width(n, v_e, s.alpha), s.ci_width); });
    r.topics = found.n;
    if (found.unevaluated)
        r.note = "the t quantile could not be evaluated with " + std::to_string(found.unevaluated) + " topics";
    else if (r.topics == 0)
        r.note = too_many();
    else
        r.achieved = paired_ci_width(r.topics, v_e, s.alpha);
    return r;
}

double paired_t_min_detectable_difference(std::size_t n, double v_e, double alpha, double beta) {
    if (n < 2 || !usable_variance(v_e)) return kNaN;
    // power(d) >= 1 - beta as type2(d) <= beta (see paired_t_topic_set_size); NaN when a type2 is NaN.
    auto ok = [&](double d) { return at_most(paired_t_type2(n, d, v_e, alpha), beta); };
    double lo = 0, hi = std::sqrt(2 * v_e / static_cast<double>(n));  // type2(lo) = 1 - alpha > beta
    int v;
    while ((v = ok(hi)) == 0) {
        lo = hi;
        hi *= 2;
        if (!std::isfinite(hi)) return kNaN;
    }
    if (v < 0) return kNaN;
    for (;;) {
        const double mid = lo + (hi - lo) / 2;
        if (mid <= lo || mid >= hi) return hi;
        v = ok(mid);
        if (v < 0) return kNaN;
        (v > 0 ? hi : lo) = mid;
    }
}

CampaignPower paired_t_campaign_power(std::size_t n, double v_e, const PowerSettings& s) {
    CampaignPower r;
    r.min_detectable_difference = paired_t_min_detectable_difference(n, v_e, s.alpha, s.beta);
    r.power = paired_t_power(n, s.min_diff, v_e, s.alpha);
    if (n < 2 || !usable_variance(v_e)) {
        r.note = n < 2 ? "fewer than 2 topics (" + std::to_string(n) + "): no power" : variance_note(v_e, "V_E");
        return r;
    }
    if (std::isnan(r.power))
        r.note = unevaluated_note("t", n, "min-diff / sqrt(2 V_E / n)", paired_t_noncentrality(n, s.min_diff, v_e));
    else if (std::isnan(r.min_detectable_difference))
        r.note =
            "the minimum detectable difference could not be found: the noncentral t distribution could not be "
            "evaluated on the way to it";
    return r;
}

}  // namespace irlens
