// p-values and statistics of the deterministic tests and correlations against scipy 1.10.1's,
// recorded in tests/scipy/reference.txt by tests/scipy/reference.py (1e-9 relative).
#include "scipy/check.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

TEST_CASE("t, Wilcoxon, sign test, Kendall's tau-b, Spearman's rho and bootstrap intervals agree with scipy 1.10.1") {
    std::ifstream in(std::string(IRLENS_TESTS_DIR) + "/scipy/reference.txt", std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "cannot read tests/scipy/reference.txt");
    std::stringstream bytes;
    bytes << in.rdbuf();
    irlens::test::ScipyCheck c = irlens::test::check_scipy_reference(bytes.str());
    // 12 vector pairs x 3 alternatives x 5 functions, and the BCa and percentile intervals.
    CHECK(c.lines == 182);
    for (const std::string& f : c.failures) FAIL_CHECK(f);
}

TEST_CASE("the scipy check itself: a NaN or unparsable reference value never counts as agreement") {
    using irlens::test::check_scipy_reference;
    const std::string xy = "\t0.3,0.52,0.21,0.8,0.66,0.45\t0.1,0.6,0.2,0.55,0.31,0.47\n";
    // The recorded line (t = 1.6854..., p = 0.1527...) agrees.
    CHECK(check_scipy_reference("tiny\tttest_rel\ttwo-sided\t1.6854198717998614\t0.1527205958734847" + xy)
              .failures.empty());
    // scipy's statistic NaN while irlens' is 1.6854...: one disagreement (it used to agree).
    CHECK(check_scipy_reference("tiny\tttest_rel\ttwo-sided\tnan\t0.1527205958734847" + xy).failures.size() == 1);
    // A p-value that does not parse is a failure, not a NaN.
    CHECK(check_scipy_reference("tiny\tttest_rel\ttwo-sided\t1.6854198717998614\t0.15x" + xy).failures.size() == 1);
    // Both sides NaN by definition (identical samples: scipy nan, irlens p = 1 with a note).
    auto same = check_scipy_reference("identical\tttest_rel\ttwo-sided\tnan\tnan\t0.1,0.2,0.3,0.4\t0.1,0.2,0.3,0.4\n");
    CHECK(same.failures.empty());
    for (const std::string& f : same.failures) MESSAGE(f);
}
