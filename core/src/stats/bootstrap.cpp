// Bootstrap significance tests (Sakai Sec. 4.2-4.3, after Efron & Tibshirani 1993): the paired
// test with the studentised statistic (Figs. 11-12, Eqs. 48-49) and the unpaired test (Figs. 13-14).
#include "irlens/stats/null_distribution.hpp"
#include "irlens/stats/significance.hpp"

#include "stats/batch_tests.hpp"
#include "stats/paired_input.hpp"
#include "stats/resample_blocks.hpp"
#include "stats/tolerance.hpp"

#include <cmath>

namespace irlens::stats {

namespace {

/// s1[k] += times * a[k], s2[k] += times * a[k]^2 (vectorised across pairs; each sum still adds
/// its topics in order, so the result does not depend on the vector width).
void add_weighted(double* __restrict s1, double* __restrict s2, const double* __restrict a, double times,
                  std::size_t len) {
    for (std::size_t k = 0; k < len; ++k) {
        s1[k] += times * a[k];
        s2[k] += times * (a[k] * a[k]);
    }
}

/// "The studentised statistic of a resample is at least t" (Eqs. 48-49), decided from the
/// resample's sum s1 and sum of squared deviations q = s2 - s1^2 / n without dividing:
/// t(w*)^2 = s1^2 / (q n / (n - 1)), so for s1, t of the same sign |t(w*)| >= |t| iff
/// s1^2 >= k q with k = t^2 n / (n - 1). A resample of equal values (q <= 0) has t = 0 when s1 = 0
/// and +-inf otherwise.
struct Threshold {
    double t, k;
    Threshold(double t_, double n) : t(t_), k(t_ * t_ * n / (n - 1)) {}
};
bool t_at_least(double s1, double q, const Threshold& th) {
    if (s1 == 0) return th.t <= 0;
    if (s1 > 0) return th.t <= 0 || q <= 0 || s1 * s1 >= th.k * q;
    return th.t < 0 && q > 0 && s1 * s1 <= th.k * q;  // both negative: |t(w*)| <= |t|
}

/// Whether a resample (sum s1 of the weighted centred differences, sum of squared deviations q)
/// is at least as extreme as the observed t, as the test judges it.
bool resample_extreme(double s1, double q, const Threshold& th, Alternative alt) {
    return alt == Alternative::TwoSided  ? (s1 == 0 ? th.t <= 0 : q <= 0 || s1 * s1 >= th.k * q)
           : alt == Alternative::Greater ? t_at_least(s1, q, th)
                                         : t_at_least(-s1, q, th);
}

/// The threshold of an observed t, with the slack of tolerance.hpp. two-sided: |t*| >= |t| -
/// slack; greater: t* >= t - slack; less: -t* >= -t - slack.
Threshold threshold_of(double t_obs, Alternative alt, double n) {
    const double slack = kTieTolerance * std::fabs(t_obs);
    const double t = alt == Alternative::TwoSided  ? std::fabs(t_obs) - slack
                     : alt == Alternative::Greater ? t_obs - slack
                                                   : -t_obs - slack;
    return Threshold(t, n);
}

}  // namespace

std::vector<TestResult> bootstrap_tests(const std::vector<std::vector<double>>& rows, const std::vector<RunPair>& pairs,
                                        Alternative alt, const Resampling& r) {
    check_resampling(r);
    const std::vector<double> z = pair_differences(rows, pairs, "paired bootstrap test");
    const std::size_t P = pairs.size(), n = P ? z.size() / P : 0;
    const double nn = static_cast<double>(n);
    const std::string method = "bootstrap (B=" + std::to_string(r.B) + ")";
    std::vector<TestResult> out(P);
    std::vector<std::size_t> sampled;
    std::vector<double> t_obs(P), centre(P);
    std::vector<Threshold> threshold;  // per sampled pair, with the slack of tolerance.hpp
    for (std::size_t p = 0; p < P; ++p) {
        TestResult& res = out[p];
        res.n = n;
        res.method = method;
        double sum = 0;
        bool constant = true;
        for (std::size_t t = 0; t < n; ++t) {
            sum += z[t * P + p];
            constant = constant && z[t * P + p] == z[p];
        }
        if (n < 2) {
            res = undefined_test(n, NAN, method, "fewer than 2 topics: the t statistic is undefined");
        } else if (constant && z[p] == 0) {
            res = undefined_test(n, NAN, method, "all differences are 0 (identical scores): t is undefined");
        } else if (constant) {
            // Every resample of the centred differences is 0: no t(w*) reaches t(z) = +-inf.
            res.statistic = z[p] > 0 ? HUGE_VAL : -HUGE_VAL;
            res.p = alt == Alternative::TwoSided || (alt == Alternative::Greater) == (z[p] > 0) ? 0.0 : 1.0;
            res.note = "the differences are constant: t is infinite";
        } else {
            centre[p] = sum / nn;
            double ss = 0;
            for (std::size_t t = 0; t < n; ++t) ss += (z[t * P + p] - centre[p]) * (z[t * P + p] - centre[p]);
            t_obs[p] = centre[p] / std::sqrt(ss / (nn - 1) / nn);
            res.statistic = t_obs[p];
            sampled.push_back(p);
            threshold.push_back(threshold_of(t_obs[p], alt, nn));
        }
    }
    if (sampled.empty()) return out;

    // w = z - mean(z) (H0 holds for w), topic-major for the sampled pairs.
    const std::size_t S = sampled.size();
    std::vector<double> w = select_pairs(z, P, sampled);
    for (std::size_t t = 0; t < n; ++t)
        for (std::size_t s = 0; s < S; ++s) w[t * S + s] -= centre[sampled[s]];
    std::vector<double> count(S, 0.0), s1(kPairChunk), s2(kPairChunk);
    for_resamples(
        n, r.B, S, r.seed, r.progress, [n](Rng& g, double* c) { draw_bootstrap_counts(g, c, n); },
        [&](const double* c, std::size_t s0, std::size_t len) {
            std::fill(s1.begin(), s1.begin() + static_cast<long>(len), 0.0);
            std::fill(s2.begin(), s2.begin() + static_cast<long>(len), 0.0);
            for (std::size_t t = 0; t < n; ++t)
                if (c[t] != 0) add_weighted(s1.data(), s2.data(), w.data() + t * S + s0, c[t], len);
            for (std::size_t k = 0; k < len; ++k) {
                const double q = s2[k] - s1[k] * s1[k] / nn;
                count[s0 + k] += resample_extreme(s1[k], q, threshold[s0 + k], alt);
            }
        });
    for (std::size_t s = 0; s < S; ++s) out[sampled[s]].p = count[s] / static_cast<double>(r.B);
    return out;
}

// The single-pair twin of bootstrap_tests: the same centred differences, the same resamples from
// the seed, the same sums in the same order, judged by the same predicate; each sample is t(w*) =
// mean / (sd / sqrt(n)) of the resample (0 when s1 = 0; +-inf when its values are all equal).
void bootstrap_null(NullDistribution& nd, const std::vector<double>& z, Alternative alt, const Resampling& r) {
    const std::size_t n = z.size();
    const double nn = static_cast<double>(n);
    if (!(nd.result.p >= 0) || std::isinf(nd.result.statistic)) {  // undefined, or constant differences
        nd.no_picture = nd.result.note;
        return;
    }
    double sum = 0;
    for (double v : z) sum += v;
    const double centre = sum / nn;
    std::vector<double> w(z);
    for (double& v : w) v -= centre;
    const Threshold th = threshold_of(nd.result.statistic, alt, nn);
    nd.samples.reserve(r.B);
    nd.extreme.reserve(r.B);
    for_resamples(
        n, r.B, 1, r.seed, r.progress, [n](Rng& g, double* c) { draw_bootstrap_counts(g, c, n); },
        [&](const double* c, std::size_t, std::size_t) {
            double s1 = 0, s2 = 0;
            for (std::size_t t = 0; t < n; ++t)
                if (c[t] != 0) add_weighted(&s1, &s2, w.data() + t, c[t], 1);
            const double q = s2 - s1 * s1 / nn;
            nd.samples.push_back(s1 == 0  ? 0.0
                                 : q <= 0 ? (s1 > 0 ? HUGE_VAL : -HUGE_VAL)
                                          : (s1 / nn) / std::sqrt(q / (nn - 1) / nn));
            nd.extreme.push_back(resample_extreme(s1, q, th, alt));
        });
}

}  // namespace irlens::stats

namespace irlens {

TestResult bootstrap_test(const std::vector<double>& x, const std::vector<double>& y, Alternative alt,
                          const Resampling& r) {
    stats::differences(x, y, "paired bootstrap test");  // length check
    return stats::bootstrap_tests({x, y}, {{0, 1}}, alt, r)[0];
}

// Figs. 13-14: v = (x, y) pooled; each resample draws n + m indices into v with replacement, the
// first n forming x*, the rest y*.
TestResult unpaired_bootstrap_test(const std::vector<double>& x, const std::vector<double>& y, Alternative alt,
                                   const Resampling& r) {
    stats::check_resampling(r);
    const std::size_t n = x.size(), m = y.size();
    const std::string method = "unpaired bootstrap (B=" + std::to_string(r.B) + ")";
    if (n == 0 || m == 0) return stats::undefined_test(n + m, NAN, method, "a run has no topics");
    std::vector<double> v(x);
    v.insert(v.end(), y.begin(), y.end());
    double sx = 0, sy = 0, scale = 0;
    for (double a : x) sx += a;
    for (double b : y) sy += b;
    for (double a : v) scale = std::max(scale, std::fabs(a));
    const double observed = sx / static_cast<double>(n) - sy / static_cast<double>(m);
    TestResult res;
    res.n = n + m;
    res.statistic = observed;
    res.method = method;
    Rng rng(r.seed);
    double count = 0;
    for (std::size_t b = 0; b < r.B; ++b) {
        double bx = 0, by = 0;
        for (std::size_t i = 0; i < n; ++i) bx += v[rng.below(n + m)];
        for (std::size_t i = 0; i < m; ++i) by += v[rng.below(n + m)];
        const double diff = bx / static_cast<double>(n) - by / static_cast<double>(m);
        count += alt == Alternative::TwoSided  ? stats::at_least(std::fabs(diff), std::fabs(observed), scale)
                 : alt == Alternative::Greater ? stats::at_least(diff, observed, scale)
                                               : stats::at_most(diff, observed, scale);
        const bool report = r.progress && ((b + 1) % 1024 == 0 || b + 1 == r.B);
        if (report && !r.progress(static_cast<double>(b + 1) / static_cast<double>(r.B))) throw Cancelled();
    }
    res.p = count / static_cast<double>(r.B);
    return res;
}

}  // namespace irlens
