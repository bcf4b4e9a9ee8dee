// Checks and pieces shared by the paired tests (internal).
#pragma once

#include "irlens/error.hpp"
#include "irlens/significance.hpp"

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

/// The result of a test that is undefined on these data: p = 1 and the reason.
inline TestResult undefined_test(std::size_t n, double statistic, const std::string& method, const std::string& why) {
    TestResult r;
    r.n = n;
    r.statistic = statistic;
    r.p = 1.0;
    r.method = method;
    r.note = why + "; p = 1";
    return r;
}

inline void check_resampling(const Resampling& r) {
    if (r.B < 1 || r.B > 10000000) throw UsageError("the number of resamples B must be between 1 and 10000000");
    if (r.exact_limit > 40)
        throw UsageError("exact enumeration is limited to 40 non-zero differences (2^40 sign flips)");
}

}  // namespace irlens::stats
