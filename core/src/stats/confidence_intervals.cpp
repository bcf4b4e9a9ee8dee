// Confidence intervals for means and mean differences: Student's t, Welch, bootstrap percentile
// and BCa (Efron & Tibshirani, An Introduction to the Bootstrap, 1993, Ch. 13-14; the BCa steps
// follow scipy.stats.bootstrap's _bca_interval).
#include "irlens/stats/confidence.hpp"

#include "irlens/error.hpp"
#include "irlens/stats/random.hpp"
#include "stats/distributions.hpp"
#include "stats/moments.hpp"
#include "stats/paired_input.hpp"
#include "stats/resample_blocks.hpp"

#include <algorithm>
#include <cmath>

namespace irlens {

namespace {

void check_level(double level) {
    if (!(level > 0 && level < 1))
        throw UsageError("the confidence level must be between 0 and 1 (exclusive), e.g. 0.95");
}

/// q-quantile (0 <= q <= 1) of sorted values, linear interpolation between order statistics.
double percentile(const std::vector<double>& sorted, double q) {
    const double h = (static_cast<double>(sorted.size()) - 1) * q;
    const std::size_t lo = static_cast<std::size_t>(std::floor(h));
    if (lo + 1 >= sorted.size()) return sorted.back();
    return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[lo + 1] - sorted[lo]);
}

/// B bootstrap means of v, drawn as the paired bootstrap test draws its resamples, sorted.
std::vector<double> bootstrap_means(const std::vector<double>& v, const Resampling& r) {
    stats::check_resampling(r);
    const std::size_t n = v.size();
    std::vector<double> means(r.B), counts(n);
    Rng rng(r.seed);
    for (std::size_t b = 0; b < r.B; ++b) {
        stats::draw_bootstrap_counts(rng, counts.data(), n);
        double s = 0;
        for (std::size_t t = 0; t < n; ++t) s += counts[t] * v[t];
        means[b] = s / static_cast<double>(n);
    }
    std::sort(means.begin(), means.end());
    return means;
}

Interval bca(const std::vector<double>& v, const std::vector<double>& sorted_means, double level) {
    const double n = static_cast<double>(v.size()), B = static_cast<double>(sorted_means.size());
    const double theta = stats::mean(v);
    const double below =
        static_cast<double>(std::lower_bound(sorted_means.begin(), sorted_means.end(), theta) - sorted_means.begin());
    const double at_or_below =
        static_cast<double>(std::upper_bound(sorted_means.begin(), sorted_means.end(), theta) - sorted_means.begin());
    const double z0 = stats::normal_quantile((below + at_or_below) / (2 * B));
    if (!std::isfinite(z0)) return {};  // every bootstrap mean on one side of the estimate
    // Jackknife: the means leaving out one value; acceleration from their third and second moments.
    double sum = 0;
    for (double a : v) sum += a;
    std::vector<double> jack(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) jack[i] = (sum - v[i]) / (n - 1);
    const double jack_mean = stats::mean(jack);
    double num = 0, den = 0;
    for (double j : jack) {
        num += (jack_mean - j) * (jack_mean - j) * (jack_mean - j);
        den += (jack_mean - j) * (jack_mean - j);
    }
    const double a = den > 0 ? num / (6 * std::pow(den, 1.5)) : 0.0;
    const double z_low = stats::normal_quantile((1 - level) / 2), z_high = -z_low;
    const double q_low = stats::normal_cdf(z0 + (z0 + z_low) / (1 - a * (z0 + z_low)));
    const double q_high = stats::normal_cdf(z0 + (z0 + z_high) / (1 - a * (z0 + z_high)));
    return {percentile(sorted_means, q_low), percentile(sorted_means, q_high)};
}

}  // namespace

IntervalMethod parse_interval_method(std::string_view text) {
    if (text == "t") return IntervalMethod::T;
    if (text == "percentile") return IntervalMethod::Percentile;
    if (text == "bca") return IntervalMethod::BCa;
    throw UsageError("interval method must be t, percentile or bca, got '" + std::string(text) + "'");
}

const char* interval_method_name(IntervalMethod m) {
    switch (m) {
        case IntervalMethod::T: return "t";
        case IntervalMethod::Percentile: return "bootstrap percentile";
        case IntervalMethod::BCa: return "bootstrap BCa";
    }
    return "";
}

Interval mean_interval(const std::vector<double>& v, double level, IntervalMethod method, const Resampling& r) {
    check_level(level);
    if (v.size() < 2) return {};
    if (method == IntervalMethod::T) return t_interval(v, level);
    const std::vector<double> means = bootstrap_means(v, r);
    if (method == IntervalMethod::Percentile)
        return {percentile(means, (1 - level) / 2), percentile(means, (1 + level) / 2)};
    return bca(v, means, level);
}

Interval paired_difference_interval(const std::vector<double>& x, const std::vector<double>& y, double level,
                                    IntervalMethod method, const Resampling& r) {
    return mean_interval(stats::differences(x, y, "paired difference interval"), level, method, r);
}

Interval unpaired_difference_interval(const std::vector<double>& x, const std::vector<double>& y, double level,
                                      IntervalMethod method, const Resampling& r) {
    check_level(level);
    if (method == IntervalMethod::BCa)
        throw UsageError("BCa intervals are available for one sample or paired differences only; use t or percentile");
    if (x.size() < 2 || y.size() < 2) return {};
    const double mx = stats::mean(x), my = stats::mean(y);
    if (method == IntervalMethod::T) {
        // Welch: se^2 = vx/nx + vy/ny, df = se^4 / ((vx/nx)^2/(nx-1) + (vy/ny)^2/(ny-1)).
        const double nx = static_cast<double>(x.size()), ny = static_cast<double>(y.size());
        const double sx = stats::sample_sd(x, mx), sy = stats::sample_sd(y, my);
        const double ax = sx * sx / nx, ay = sy * sy / ny;
        const double se2 = ax + ay;
        if (se2 == 0) return {mx - my, mx - my};
        const double df = se2 * se2 / (ax * ax / (nx - 1) + ay * ay / (ny - 1));
        const double half = stats::t_quantile(df, (1 + level) / 2) * std::sqrt(se2);
        return {mx - my - half, mx - my + half};
    }
    stats::check_resampling(r);
    std::vector<double> diffs(r.B);
    Rng rng(r.seed);
    for (double& d : diffs) {
        double sx = 0, sy = 0;
        for (std::size_t i = 0; i < x.size(); ++i) sx += x[rng.below(x.size())];
        for (std::size_t i = 0; i < y.size(); ++i) sy += y[rng.below(y.size())];
        d = sx / static_cast<double>(x.size()) - sy / static_cast<double>(y.size());
    }
    std::sort(diffs.begin(), diffs.end());
    return {percentile(diffs, (1 - level) / 2), percentile(diffs, (1 + level) / 2)};
}

}  // namespace irlens
