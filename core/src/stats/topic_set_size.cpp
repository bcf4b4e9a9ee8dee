// Topic set size design and power (irlens/stats/topic_set_size.hpp; Sakai, IRJ 2016).
#include "irlens/stats/topic_set_size.hpp"

#include "irlens/error.hpp"
#include "distributions.hpp"

#include <algorithm>
#include <cmath>

namespace irlens {

namespace {

constexpr double kNaN = NAN;

std::string number(double v) {
    std::string s = std::to_string(v);
    while (s.size() > 1 && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}

/// The smallest n in [2, kMaxTopicSetSize] with ok(n), for ok false then true as n grows: doubling,
/// then bisection. 0 when ok(kMaxTopicSetSize) is false.
template <class Ok>
std::size_t smallest_n(const Ok& ok) {
    if (ok(2)) return 2;
    std::size_t lo = 2, hi = 4;  // ok(lo) false
    while (!ok(hi)) {
        if (hi == kMaxTopicSetSize) return 0;
        lo = hi;
        hi = std::min(2 * hi, kMaxTopicSetSize);
    }
    while (hi - lo > 1) {
        const std::size_t mid = lo + (hi - lo) / 2;
        (ok(mid) ? hi : lo) = mid;
    }
    return hi;
}

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
    if (!(s.alpha > 0 && s.alpha < 1)) throw UsageError("--alpha must be between 0 and 1 (exclusive), e.g. 0.05");
    if (!(s.beta > 0 && s.beta < 1 - s.alpha))
        throw UsageError("--beta must be between 0 and 1 - alpha (exclusive: a power 1 - beta above alpha), e.g. 0.2");
    if (!(s.min_diff > 0 && std::isfinite(s.min_diff))) throw UsageError("--min-diff must be a positive number, e.g. 0.05");
    if (!(s.ci_width >= 0 && std::isfinite(s.ci_width))) throw UsageError("--ci-width must be a positive number, e.g. 0.1");
}

double paired_t_power(std::size_t n, double min_diff, double v_e, double alpha) {
    if (n < 2 || !usable_variance(v_e)) return kNaN;
    const double df = static_cast<double>(n - 1);
    const double ncp = min_diff / std::sqrt(2 * v_e / static_cast<double>(n));
    const double t = stats::t_quantile(df, 1 - alpha / 2);
    return stats::noncentral_t_sf(df, ncp, t) + stats::noncentral_t_cdf(df, ncp, -t);
}

double anova_power(std::size_t n, std::size_t m, double min_diff, double v_w, double alpha) {
    if (n < 2 || m < 2 || !usable_variance(v_w)) return kNaN;
    const double df1 = static_cast<double>(m - 1), df2 = static_cast<double>(m * (n - 1));
    const double lambda = static_cast<double>(n) * min_diff * min_diff / (2 * v_w);
    return stats::noncentral_f_sf(df1, df2, lambda, stats::f_upper_quantile(df1, df2, alpha));
}

double paired_ci_width(std::size_t n, double v_e, double alpha) {
    if (n < 2 || !(v_e >= 0)) return kNaN;
    return 2 * stats::t_quantile(static_cast<double>(n - 1), 1 - alpha / 2) * std::sqrt(2 * v_e / static_cast<double>(n));
}

TopicSetSize paired_t_topic_set_size(double v_e, const PowerSettings& s) {
    TopicSetSize r{0, kNaN, {}};
    if (!usable_variance(v_e)) {
        r.note = variance_note(v_e, "V_E");
        return r;
    }
    const double power = 1 - s.beta;
    r.topics = smallest_n([&](std::size_t n) { return paired_t_power(n, s.min_diff, v_e, s.alpha) >= power; });
    if (r.topics == 0) r.note = too_many();
    else r.achieved = paired_t_power(r.topics, s.min_diff, v_e, s.alpha);
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
    const double power = 1 - s.beta;
    r.topics = smallest_n([&](std::size_t n) { return anova_power(n, m, s.min_diff, v_w, s.alpha) >= power; });
    if (r.topics == 0) r.note = too_many();
    else r.achieved = anova_power(r.topics, m, s.min_diff, v_w, s.alpha);
    return r;
}

TopicSetSize ci_topic_set_size(double v_e, const PowerSettings& s) {
    TopicSetSize r{0, kNaN, {}};
    if (!(s.ci_width > 0)) throw UsageError("the CI design needs --ci-width W > 0");
    if (!usable_variance(v_e)) {
        r.note = variance_note(v_e, "V_E");
        return r;
    }
    r.topics = smallest_n([&](std::size_t n) { return paired_ci_width(n, v_e, s.alpha) <= s.ci_width; });
    if (r.topics == 0) r.note = too_many();
    else r.achieved = paired_ci_width(r.topics, v_e, s.alpha);
    return r;
}

double paired_t_min_detectable_difference(std::size_t n, double v_e, double alpha, double beta) {
    if (n < 2 || !usable_variance(v_e)) return kNaN;
    const double power = 1 - beta;
    auto ok = [&](double d) { return paired_t_power(n, d, v_e, alpha) >= power; };
    double lo = 0, hi = std::sqrt(2 * v_e / static_cast<double>(n));  // power(lo) = alpha < 1 - beta
    while (!ok(hi)) {
        lo = hi;
        hi *= 2;
        if (!std::isfinite(hi)) return kNaN;
    }
    for (;;) {
        const double mid = lo + (hi - lo) / 2;
        if (mid <= lo || mid >= hi) return hi;
        (ok(mid) ? hi : lo) = mid;
    }
}

}  // namespace irlens
