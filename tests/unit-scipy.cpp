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
