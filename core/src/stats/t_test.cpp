// Student's paired t-test, as scipy.stats.ttest_rel (scipy 1.10.1).
#include "irlens/stats/significance.hpp"

#include "stats/distributions.hpp"
#include "stats/moments.hpp"
#include "stats/paired_input.hpp"
#include "stats/test_p_values.hpp"

#include <cmath>

namespace irlens {

namespace stats {
double t_test_p(double t, double df, Alternative alt) {
    switch (alt) {
        case Alternative::TwoSided: return 2.0 * t_cdf(df, -std::fabs(t));
        case Alternative::Greater: return t_cdf(df, -t);
        case Alternative::Less: return t_cdf(df, t);
    }
    return 1.0;
}
}  // namespace stats

// t = mean(d) / (sd(d) / sqrt(n)), sd with n - 1 (Sakai Eqs. 48-49, Student 1908); p from
// Student's t with n - 1 degrees of freedom.
TestResult t_test(const std::vector<double>& x, const std::vector<double>& y, Alternative alt) {
    std::vector<double> d = stats::differences(x, y, "t-test");
    const std::size_t n = d.size();
    const char* method = "Student's t, n - 1 degrees of freedom";
    if (n < 2) return stats::undefined_test(n, NAN, method, "fewer than 2 topics: t is undefined (scipy: NaN)");
    if (stats::all_zero(d))
        return stats::undefined_test(n, NAN, method,
                                     "all differences are 0 (identical scores): t is undefined (scipy: NaN)");
    const double mean = stats::mean(d), sd = stats::sample_sd(d, mean);
    const double t = mean / (sd / std::sqrt(static_cast<double>(n)));  // +-inf for constant non-zero differences
    TestResult r;
    r.n = n;
    r.statistic = t;
    r.method = method;
    r.p = stats::t_test_p(t, static_cast<double>(n - 1), alt);
    if (sd == 0) r.note = "the differences are constant: t is infinite";
    return r;
}

}  // namespace irlens
