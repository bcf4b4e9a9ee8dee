// Checks and pieces shared by the paired tests (internal).
#pragma once

#include "irlens/error.hpp"
#include "irlens/stats/significance.hpp"
#include "irlens/stats/stats_settings.hpp"

#include <limits>
#include <string>
#include <vector>

namespace irlens::stats {

/// d[i] = x[i] - y[i]; UsageError when the vectors differ in length.
inline std::vector<double> differences(const std::vector<double>& x, const std::vector<double>& y, const char* test) {
    if (x.size() != y.size())
        throw UsageError(std::string(test) + ": the two score vectors differ in length (" + std::to_string(x.size()) +
                         " and " + std::to_string(y.size()) + " topics)");
    std::vector<double> d(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) d[i] = x[i] - y[i];
    return d;
}

/// True when every difference is exactly 0 (identical runs on these topics).
inline bool all_zero(const std::vector<double>& d) {
    for (double v : d)
        if (v != 0) return false;
    return true;
}

/// True when every difference is the same double (constant differences: their sd is 0 in exact
/// arithmetic, though the computed sd may be a rounding error of 1e-17).
inline bool all_equal(const std::vector<double>& d) {
    for (double v : d)
        if (v != d.front()) return false;
    return true;
}

/// The result of a test that is undefined on these data: p is NaN (null in JSON, "nan" in TSV,
/// "–" in the web app), never an invented 1, and the note says why.
inline TestResult undefined_test(std::size_t n, double statistic, const std::string& method, const std::string& why) {
    TestResult r;
    r.n = n;
    r.statistic = statistic;
    r.p = std::numeric_limits<double>::quiet_NaN();
    r.method = method;
    r.note = why + "; p is undefined";
    return r;
}

/// A test whose p-value is 1 by definition on these data (a randomisation test with every
/// difference 0: every sign flip gives the observed statistic); the note says why.
inline TestResult p_one_by_definition(std::size_t n, double statistic, const std::string& method,
                                      const std::string& why) {
    TestResult r = undefined_test(n, statistic, method, why);
    r.p = 1.0;
    r.note = why + "; p = 1 by definition";
    return r;
}

inline void check_resampling(const Resampling& r) {
    if (r.B < 1 || r.B > kMaxCount)
        throw UsageError("the number of resamples B must be between 1 and " + std::to_string(kMaxCount));
    if (r.exact_limit > 40)
        throw UsageError("exact enumeration is limited to 40 non-zero differences (2^40 sign flips)");
}

}  // namespace irlens::stats
