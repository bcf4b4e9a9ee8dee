// Confidence intervals for mean scores (e.g. a run's mean over topics) and mean paired
// differences, and Cohen's d for paired differences with its interval.
//
// level is the confidence level, e.g. 0.95 (0 < level < 1). The bootstrap intervals draw their B
// resamples from irlens' generator seeded by Resampling::seed, exactly as the paired bootstrap
// test draws them (random.hpp), and take percentiles with linear interpolation between order
// statistics (numpy's default, 'linear' / Hyndman & Fan type 7).
#pragma once

#include "irlens/stats/significance.hpp"

#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace irlens {

struct Evaluation;

struct Interval {
    double low = std::numeric_limits<double>::quiet_NaN();
    double high = std::numeric_limits<double>::quiet_NaN();
};

/// Student's t interval of the mean: mean +- t_{(1+level)/2, n-1} * sd / sqrt(n), sd the sample
/// standard deviation (n - 1). NaN bounds for fewer than 2 values; a zero-width interval when
/// every value is equal. Quantiles from Boost.Math (no promotion to long double).
Interval t_interval(const std::vector<double>& values, double level = 0.95);

enum class IntervalMethod {
    T,           // mean +- t_{(1+level)/2, n-1} sd / sqrt(n): t_interval()
    Percentile,  // the (1-level)/2 and (1+level)/2 percentiles of B bootstrap means
    BCa,         // bias-corrected and accelerated (Efron & Tibshirani 1993, Sec. 14.3), as scipy.stats.bootstrap
};
/// "t", "percentile" or "bca"; UsageError otherwise.
IntervalMethod parse_interval_method(std::string_view text);
const char* interval_method_name(IntervalMethod m);

/// Interval for the mean of v. NaN bounds when it is undefined (fewer than 2 values).
/// BCa: z0 = Phi^-1((#(mean* < mean) + #(mean* <= mean)) / 2B), acceleration a from the
/// jackknife means (a = 0 when they are all equal), bounds at the percentiles
/// Phi(z0 + (z0 + z) / (1 - a (z0 + z))) for z = Phi^-1((1 -+ level) / 2).
Interval mean_interval(const std::vector<double>& v, double level, IntervalMethod method, const Resampling& r);

/// Interval for the mean paired difference mean(x - y) (mean_interval of the differences).
Interval paired_difference_interval(const std::vector<double>& x, const std::vector<double>& y, double level,
                                    IntervalMethod method, const Resampling& r);

/// Interval for mean(x) - mean(y) of unpaired samples: Welch's t interval (Satterthwaite degrees
/// of freedom), or the percentile interval of B differences of means of x and y resampled
/// separately. BCa is not offered for two samples (UsageError).
Interval unpaired_difference_interval(const std::vector<double>& x, const std::vector<double>& y, double level,
                                      IntervalMethod method, const Resampling& r);

/// Cohen's d for paired differences, d_z = mean(d) / sd(d) (sd with n - 1; Cohen 1988, Sec. 2.3),
/// and its interval from the noncentral t distribution (Steiger & Fouladi 1997; Cumming & Finch
/// 2001): with t = d_z sqrt(n), the noncentralities L, U with P(T_{n-1,L} <= t) = (1+level)/2 and
/// P(T_{n-1,U} <= t) = (1-level)/2 give d_z in [L / sqrt(n), U / sqrt(n)].
struct EffectSize {
    double d = std::numeric_limits<double>::quiet_NaN();
    Interval interval;
    std::string note;  // why d or its interval is undefined
};
EffectSize cohens_d_paired(const std::vector<double>& x, const std::vector<double>& y, double level);

/// The 95% t interval (t_interval) of every run's mean of every measure of an evaluation,
/// [run][measure], over the run's per-topic values: NaN bounds where the measure's aggregate is
/// not a mean, it is text-valued, or fewer than 2 values (a sparse measure's NaN topics make it
/// NaN too). What `irlens eval --format json` and the JS API's evaluate() report as ci95; asked
/// for apart from evaluate() (irlens/evaluation/evaluate.hpp), which computes no intervals.
std::vector<std::vector<Interval>> mean_intervals(const Evaluation& ev);

}  // namespace irlens
