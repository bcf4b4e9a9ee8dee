// Cohen's d for paired differences (d_z) with its noncentral-t interval (Steiger & Fouladi 1997;
// Cumming & Finch 2001).
#include "irlens/stats/confidence.hpp"

#include "irlens/error.hpp"
#include "stats/distributions.hpp"
#include "stats/moments.hpp"
#include "stats/paired_input.hpp"

#include <boost/math/tools/roots.hpp>

#include <cmath>
#include <cstdint>
#include <exception>
#include <stdexcept>

namespace irlens {

namespace {

/// The noncentrality lambda with P(T_{df,lambda} <= t) = target (the cdf falls as lambda grows):
/// bracketed by stepping out from t, then TOMS 748.
double noncentrality_for(double df, double t, double target) {
    auto f = [&](double lambda) {
        const double cdf = stats::noncentral_t_cdf(df, lambda, t);  // NaN: Boost.Math failed
        if (std::isnan(cdf)) throw std::domain_error("noncentral t cdf not evaluated");
        return cdf - target;
    };
    try {
        // Each end's f is evaluated once and kept for the solver (f is the costly part: a
        // noncentral t cdf; evaluating it again gave the same value at twice the cost).
        double step = 1 + std::fabs(t) / 4;
        double lo = t - step, hi = t + step;
        double flo = f(lo);
        for (int i = 0; i < 60 && flo < 0; ++i) lo -= step, step *= 2, flo = f(lo);
        double fhi = f(hi);
        for (int i = 0; i < 60 && fhi > 0; ++i) hi += step, step *= 2, fhi = f(hi);
        if (!(flo >= 0 && fhi <= 0)) return NAN;
        std::uintmax_t iterations = 200;
        auto tol = [](double a, double b) { return std::fabs(a - b) <= 1e-12 * std::max(1.0, std::fabs(a)); };
        std::pair<double, double> root =
            boost::math::tools::toms748_solve(f, lo, hi, flo, fhi, tol, iterations, stats::Policy());
        return (root.first + root.second) / 2;
    } catch (const std::exception&) {  // boost's evaluation errors far in the tails (|t| ~ 1e15)
        return NAN;                    // "the interval of d could not be bracketed"
    }
}

}  // namespace

EffectSize cohens_d_paired(const std::vector<double>& x, const std::vector<double>& y, double level) {
    if (!(level > 0 && level < 1))
        throw UsageError("the confidence level must be between 0 and 1 (exclusive), e.g. 0.95");
    const std::vector<double> d = stats::differences(x, y, "Cohen's d");
    EffectSize e;
    const std::size_t n = d.size();
    if (n < 2) {
        e.note = "fewer than 2 topics: d is undefined";
        return e;
    }
    const double mean = stats::mean(d), sd = stats::sample_sd(d, mean);
    // Constant differences: d is infinite. Tested on the differences themselves: six copies of
    // 1/3 - 1/2 have a computed sd of 3e-17, whose d (5e15) overflowed the noncentral t.
    if (sd == 0 || stats::all_equal(d)) {
        e.note = mean == 0 ? "all differences are 0: d is undefined" : "the differences are constant: d is infinite";
        e.d = mean == 0 ? NAN : mean > 0 ? HUGE_VAL : -HUGE_VAL;
        return e;
    }
    e.d = mean / sd;
    const double root_n = std::sqrt(static_cast<double>(n)), df = static_cast<double>(n - 1), t = e.d * root_n;
    e.interval.low = noncentrality_for(df, t, (1 + level) / 2) / root_n;
    e.interval.high = noncentrality_for(df, t, (1 - level) / 2) / root_n;
    if (std::isnan(e.interval.low) || std::isnan(e.interval.high)) e.note = "the interval of d could not be bracketed";
    return e;
}

}  // namespace irlens
