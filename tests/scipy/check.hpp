// Compares irlens with the lines printed by tests/scipy/reference.py (recorded in
// tests/scipy/reference.txt, or live): p-values and statistics must agree to 1e-9 relative; where
// scipy gives NaN or raises, irlens must give NaN (undefined) and say why. A NaN agrees only with a NaN (a
// NaN statistic of scipy needs irlens' to be NaN too), and a value that does not parse fails. Shared by the unit suite
// (recorded values) and the `scipy` ctest (live values). Lines of the functions bootstrap_bca and
// bootstrap_percentile carry an interval (low in the statistic column, high in the p column) of
// the mean of x, for B, seed and level given in the y column.
#pragma once

#include "irlens/stats/confidence.hpp"
#include "irlens/stats/correlation.hpp"
#include "irlens/stats/significance.hpp"
#include "irlens/readers/text.hpp"

#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace irlens::test {

struct ScipyCheck {
    std::size_t lines = 0;              // reference lines compared
    std::vector<std::string> failures;  // one message per disagreement
};

inline std::vector<double> parse_numbers(std::string_view list) {
    std::vector<double> out;
    while (!list.empty()) {
        std::size_t comma = list.find(',');
        double v = NAN;
        text::parse_double(list.substr(0, comma), v);
        out.push_back(v);
        list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    }
    return out;
}

/// A reference value: a number, or "nan" where scipy's result is NaN. False for anything else (a
/// value that does not parse is a failure, never a NaN that would agree with anything).
inline bool parse_reference(std::string_view s, double& out) {
    if (s == "nan") {
        out = NAN;
        return true;
    }
    return text::parse_double(s, out);
}

/// NaN agrees only with NaN: both sides undefined by definition (scipy's NaN, irlens' NaN).
inline bool agrees(double irlens, double scipy) {
    if (std::isnan(scipy) || std::isnan(irlens)) return std::isnan(scipy) && std::isnan(irlens);
    if (std::isinf(scipy)) return irlens == scipy;
    return std::fabs(irlens - scipy) <= 1e-9 * std::fabs(scipy) || std::fabs(irlens - scipy) <= 1e-15;
}

/// Checks every line of reference.py's output.
inline ScipyCheck check_scipy_reference(std::string_view output) {
    ScipyCheck result;
    text::LineSplitter lines;
    auto on_line = [&](std::string_view line, std::uint64_t) {
        if (line.empty() || line[0] == '#') return;
        std::string_view f[7];
        if (text::split_fields(line, f, 7) != 7) {
            result.failures.push_back("malformed line: " + std::string(line.substr(0, 60)));
            return;
        }
        const std::string function(f[1]);
        const Alternative alt = parse_alternative(f[2]);
        double want_statistic = NAN, want_p = NAN;
        if (!parse_reference(f[3], want_statistic) || !parse_reference(f[4], want_p)) {
            result.failures.push_back("unparsable reference value: " + std::string(line.substr(0, 60)));
            return;
        }
        const std::vector<double> x = parse_numbers(f[5]), y = parse_numbers(f[6]);
        double statistic = NAN, p = NAN;
        std::string note;
        if (function == "bootstrap_bca" || function == "bootstrap_percentile") {
            Resampling r;
            r.B = static_cast<std::size_t>(y.at(0));
            r.seed = static_cast<std::uint64_t>(y.at(1));
            Interval i = mean_interval(
                x, y.at(2), function == "bootstrap_bca" ? IntervalMethod::BCa : IntervalMethod::Percentile, r);
            statistic = i.low, p = i.high;
        } else if (function == "kendalltau" || function == "spearmanr") {
            CorrelationTest c = function == "kendalltau" ? kendall_tau_b_test(x, y, alt) : spearman_test(x, y, alt);
            statistic = c.coefficient, p = c.p, note = c.note;
        } else {
            TestResult t = function == "ttest_rel"  ? t_test(x, y, alt)
                           : function == "wilcoxon" ? wilcoxon_test(x, y, alt)
                                                    : sign_test(x, y, alt);
            statistic = function == "binomtest" ? t.statistic / static_cast<double>(t.n) : t.statistic;
            p = t.p, note = t.note;
        }
        ++result.lines;
        const std::string what = std::string(f[0]) + " " + function + " " + std::string(f[2]);
        char buf[200];
        if (std::isnan(want_p)) {
            if (!std::isnan(p) || note.empty())
                result.failures.push_back(what + ": scipy gives NaN, irlens should give NaN (undefined) with a note");
            if (!agrees(statistic, want_statistic)) {
                std::snprintf(buf, sizeof buf, ": statistic = %.17g, scipy %.17g", statistic, want_statistic);
                result.failures.push_back(what + buf);
            }
            return;
        }
        if (!agrees(p, want_p)) {
            std::snprintf(buf, sizeof buf, ": p (or upper bound) = %.17g, scipy %.17g", p, want_p);
            result.failures.push_back(what + buf);
        }
        if (!agrees(statistic, want_statistic)) {
            std::snprintf(buf, sizeof buf, ": statistic = %.17g, scipy %.17g", statistic, want_statistic);
            result.failures.push_back(what + buf);
        }
    };
    lines.feed(output, on_line);
    lines.finish(on_line);
    return result;
}

}  // namespace irlens::test
