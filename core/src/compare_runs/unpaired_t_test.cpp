// Student's unpaired t-test with pooled variance, as scipy.stats.ttest_ind (equal_var=True);
// the contract is in irlens/compare_runs/reproducibility.hpp.
#include "irlens/compare_runs/reproducibility.hpp"

#include "stats/moments.hpp"
#include "stats/paired_input.hpp"
#include "stats/test_p_values.hpp"

#include <cmath>

namespace irlens {

TestResult unpaired_t_test(const std::vector<double>& x, const std::vector<double>& y, Alternative alt) {
    const std::size_t nx = x.size(), ny = y.size(), n = nx + ny;
    const char* method = "Student's t, pooled variance, nx + ny - 2 degrees of freedom";
    if (nx == 0 || ny == 0 || n < 3)
        return stats::undefined_test(n, NAN, method,
                                     "fewer than 3 scores or an empty sample: t is undefined (scipy: NaN)");
    const double mx = stats::mean(x), my = stats::mean(y);
    double ss = 0;
    for (double v : x) ss += (v - mx) * (v - mx);
    for (double v : y) ss += (v - my) * (v - my);
    const double df = double(n - 2), s2 = ss / df;
    if (s2 == 0 && mx == my)
        return stats::undefined_test(n, 0, method, "both samples are constant and equal: t is undefined (scipy: NaN)");
    TestResult r;
    r.n = n;
    r.statistic = (mx - my) / std::sqrt(s2 * (1.0 / double(nx) + 1.0 / double(ny)));  // +-inf when s2 = 0
    r.method = method;
    r.p = stats::t_test_p(r.statistic, df, alt);
    if (s2 == 0) r.note = "both samples are constant: t is infinite";
    return r;
}

}  // namespace irlens
