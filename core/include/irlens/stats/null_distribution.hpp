// The null distribution behind a paired test's p-value, for one pair of runs: what a p-value is,
// in numbers a chart can draw (the web app's "Null distribution" view, the JS API's
// nullDistribution()).
//
// - randomisation: the mean difference under each sign flip the test used (all 2^m flips of the
//   m non-zero differences when the test is exact, else its B random flips, drawn from the same
//   seed in the same order);
// - bootstrap: the studentised statistic t(w*) of each of the test's B resamples of the centred
//   differences (Sakai Figs. 11-12);
// - t: no samples; Student's t with n - 1 degrees of freedom (df).
// Each sample carries whether the test counted it as "at least as extreme" as the observed
// statistic, decided by the very predicate the test uses (tolerance.hpp's slack included), so
// extreme_count() / samples.size() equals the test's p bit for bit (unit-null-distribution.cpp).
// The Wilcoxon and sign tests have no distribution here (the view says so).
#pragma once

#include "irlens/stats/significance.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace irlens {

struct NullDistribution {
    PairedTest test = PairedTest::T;
    TestResult result;                  // paired_test(test, x, y, alt, r): the p the picture explains
    std::string statistic;              // what the samples and result.statistic are: "mean difference" or "t"
    std::vector<double> samples;        // one per resample or sign flip, in the test's order
    std::vector<std::uint8_t> extreme;  // 1 where the sample counts toward p
    double df = std::numeric_limits<double>::quiet_NaN();  // t: degrees of freedom (n - 1)
    /// Non-empty when there is nothing to draw (too few topics, all differences 0, constant
    /// differences, a test without a distribution here): the reason, said in place of the chart.
    std::string no_picture;
    std::size_t extreme_count() const;
};

/// Most values an exact randomisation distribution is enumerated for (2^20 sign flips); a test
/// made exact beyond that (--exact-limit > 20) gets a UsageError saying so.
constexpr std::size_t kMaxExactPicture = std::size_t{1} << 20;

/// The null distribution of paired_test(test, x, y, alt, r). UsageError as the test, and for an
/// exact randomisation over more than 20 non-zero differences.
NullDistribution null_distribution(PairedTest test, const std::vector<double>& x, const std::vector<double>& y,
                                   Alternative alt, const Resampling& r);

namespace stats {
// Kernels (randomisation.cpp, bootstrap.cpp): fill nd.samples and nd.extreme for one pair.
void randomisation_null(NullDistribution& nd, const std::vector<double>& d, Alternative alt, const Resampling& r);
void bootstrap_null(NullDistribution& nd, const std::vector<double>& d, Alternative alt, const Resampling& r);
}  // namespace stats

}  // namespace irlens
