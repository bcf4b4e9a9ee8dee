// The probability distributions the statistics code needs, from Boost.Math (header-only; Debian's
// libboost-math-dev), all under one policy (internal header):
// - promote_float<false>, promote_double<false>: compute in double, never in long double, so that
//   native x86-64 (80-bit long double) and WASM (long double = double) give the same numbers;
// - errors never throw: a domain error gives NaN and an overflow +-inf, which the callers check
//   (the core never lets a library exception reach the user as an "internal error"). Boost.Math 1.74
//   raises some errors under its default policy whatever the policy given (the noncentral
//   distributions' itrunc/trunc of the Poisson index beyond a noncentrality of about 65536, their
//   root finders' evaluation errors): the noncentral wrappers catch those and give NaN too.
#pragma once

#include <cmath>
#include <exception>

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/fisher_f.hpp>
#include <boost/math/distributions/non_central_f.hpp>
#include <boost/math/distributions/non_central_t.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

namespace irlens::stats {

namespace bm = boost::math;
using Policy = bm::policies::policy<bm::policies::promote_float<false>, bm::policies::promote_double<false>,
                                    bm::policies::domain_error<bm::policies::ignore_error>,
                                    bm::policies::pole_error<bm::policies::ignore_error>,
                                    bm::policies::overflow_error<bm::policies::ignore_error>,
                                    bm::policies::evaluation_error<bm::policies::ignore_error>,
                                    bm::policies::rounding_error<bm::policies::ignore_error>,
                                    bm::policies::indeterminate_result_error<bm::policies::ignore_error>>;

/// Student's t with df degrees of freedom: P(T <= x). Handles x = +-inf.
inline double t_cdf(double df, double x) {
    if (x == -HUGE_VAL) return 0.0;
    if (x == HUGE_VAL) return 1.0;
    return bm::cdf(bm::students_t_distribution<double, Policy>(df), x);
}
/// The p-quantile of Student's t.
inline double t_quantile(double df, double p) {
    return bm::quantile(bm::students_t_distribution<double, Policy>(df), p);
}

/// The x with P(T > x) = p, from p itself (1 - p rounds to 1 for p below 1.1e-16).
inline double t_upper_quantile(double df, double p) {
    return bm::quantile(bm::complement(bm::students_t_distribution<double, Policy>(df), p));
}

/// Standard normal: P(Z <= x), P(Z > x) (computed directly, accurate in the tail), quantile.
inline double normal_cdf(double x) {
    if (x == -HUGE_VAL) return 0.0;
    if (x == HUGE_VAL) return 1.0;
    return bm::cdf(bm::normal_distribution<double, Policy>(), x);
}
inline double normal_sf(double x) {
    if (x == -HUGE_VAL) return 1.0;
    if (x == HUGE_VAL) return 0.0;
    return bm::cdf(bm::complement(bm::normal_distribution<double, Policy>(), x));
}
inline double normal_quantile(double p) { return bm::quantile(bm::normal_distribution<double, Policy>(), p); }

/// Binomial(n, p): P(X = k), P(X <= k) and P(X > k) (k an integer in [0, n]).
inline double binomial_pmf(double n, double p, double k) {
    return bm::pdf(bm::binomial_distribution<double, Policy>(n, p), k);
}
inline double binomial_cdf(double n, double p, double k) {
    if (k < 0) return 0.0;
    if (k >= n) return 1.0;
    return bm::cdf(bm::binomial_distribution<double, Policy>(n, p), k);
}
inline double binomial_sf(double n, double p, double k) {
    if (k < 0) return 1.0;
    if (k >= n) return 0.0;
    return bm::cdf(bm::complement(bm::binomial_distribution<double, Policy>(n, p), k));
}

/// f() or NaN when Boost.Math throws despite the policy (see the header's comment).
template <class F>
double or_nan(const F& f) {
    try {
        return f();
    } catch (const std::exception&) {
        return NAN;
    }
}

/// Noncentral t with df degrees of freedom and noncentrality ncp: P(T <= x). NaN where Boost.Math
/// cannot evaluate it.
inline double noncentral_t_cdf(double df, double ncp, double x) {
    return or_nan([&] { return bm::cdf(bm::non_central_t_distribution<double, Policy>(df, ncp), x); });
}
/// ... and P(T > x), computed directly (accurate near 1).
inline double noncentral_t_sf(double df, double ncp, double x) {
    return or_nan([&] { return bm::cdf(bm::complement(bm::non_central_t_distribution<double, Policy>(df, ncp), x)); });
}

/// F with (df1, df2) degrees of freedom: the x with P(F > x) = p (the critical value at level p).
inline double f_upper_quantile(double df1, double df2, double p) {
    return bm::quantile(bm::complement(bm::fisher_f_distribution<double, Policy>(df1, df2), p));
}
/// Noncentral F with (df1, df2) degrees of freedom and noncentrality lambda: P(F > x) and
/// P(F <= x), each computed directly (accurate near 0). NaN where Boost.Math cannot evaluate them.
inline double noncentral_f_sf(double df1, double df2, double lambda, double x) {
    return or_nan(
        [&] { return bm::cdf(bm::complement(bm::non_central_f_distribution<double, Policy>(df1, df2, lambda), x)); });
}
inline double noncentral_f_cdf(double df1, double df2, double lambda, double x) {
    return or_nan([&] { return bm::cdf(bm::non_central_f_distribution<double, Policy>(df1, df2, lambda), x); });
}

}  // namespace irlens::stats
