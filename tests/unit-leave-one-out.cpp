// The leave-one-out pool test and the run -> group file on hand-checkable fixtures.
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/stats/leave_one_out.hpp"

#include <cmath>

using namespace irlens;
using irlens::test::Fixture;

namespace {
// Topic 1: a, b, d, e relevant, c judged non-relevant.
// run0 (group G1): a b x     run1 (G2): a c d     run2 (G2): d e y
const char* kQrels = "1 0 a 1\n1 0 b 1\n1 0 c 0\n1 0 d 1\n1 0 e 1\n";
const std::vector<std::string> kRuns = {"1 Q0 a 1 3 r0\n1 Q0 b 2 2 r0\n1 Q0 x 3 1 r0\n",
                                        "1 Q0 a 1 3 r1\n1 Q0 c 2 2 r1\n1 Q0 d 3 1 r1\n",
                                        "1 Q0 d 1 3 r2\n1 Q0 e 2 2 r2\n1 Q0 y 3 1 r2\n"};
}  // namespace

TEST_CASE("leave-one-out: unique contributions removed, the group's runs re-scored") {
    Fixture f(kQrels, kRuns);
    LeaveOneOutOptions o;
    LeaveOneOut loo = leave_one_out(f.qrels, f.runs, {"G1", "G2", "G2"}, {parse_measure("P@3")}, o);
    // Contributions (depth 100): G1 {a, b}, G2 {a, c, d, e}: unique G1 = {b}, unique G2 = {c, d, e}.
    // Full P@3: run0 a b -> 2/3; run1 a d -> 2/3; run2 d e -> 2/3 (all rank 1).
    // Without b: run0 a -> 1/3. Without c, d, e: run1 a -> 1/3; run2 none -> 0.
    REQUIRE(loo.runs.size() == 3);
    CHECK(loo.runs[0].unique_judgments == 1);
    CHECK(loo.runs[0].unique_relevant == 1);
    CHECK(loo.runs[1].unique_judgments == 3);
    CHECK(loo.runs[1].unique_relevant == 2);
    CHECK(loo.runs[0].full[0] == doctest::Approx(2.0 / 3));
    CHECK(loo.runs[0].loo[0] == doctest::Approx(1.0 / 3));
    CHECK(loo.runs[1].loo[0] == doctest::Approx(1.0 / 3));
    CHECK(loo.runs[2].loo[0] == doctest::Approx(0.0));
    // Ranks: all tied at 1 with the full qrels. run0's LOO rank among (1/3, 2/3, 2/3) is 3; run1's
    // among (2/3, 1/3, 0) is 2; run2's is 3.
    CHECK(loo.runs[0].full_rank[0] == 1);
    CHECK(loo.runs[0].loo_rank[0] == 3);
    CHECK(loo.runs[1].loo_rank[0] == 2);
    CHECK(loo.runs[2].loo_rank[0] == 3);
    CHECK(loo.max_rank_change[0] == 2);
    CHECK(loo.mean_abs_change[0] == doctest::Approx((1.0 / 3 + 1.0 / 3 + 2.0 / 3) / 3));
    CHECK(std::isnan(loo.kendall_tau_b[0]));  // the full scores are all equal
}

TEST_CASE("leave-one-out: the pool depth limits the contributions") {
    Fixture f(kQrels, kRuns);
    LeaveOneOutOptions o;
    o.pool_depth = 1;
    // Depth 1: G1 {a}, G2 {a, d}: G1 has nothing unique (its scores stay), G2 loses d:
    // run1 a c d -> 1/3; run2 d e y -> e only -> 1/3.
    LeaveOneOut loo = leave_one_out(f.qrels, f.runs, {"G1", "G2", "G2"}, {parse_measure("P@3")}, o);
    CHECK(loo.runs[0].unique_judgments == 0);
    CHECK(loo.runs[0].loo[0] == doctest::Approx(2.0 / 3));
    CHECK(loo.runs[1].loo[0] == doctest::Approx(1.0 / 3));
    CHECK(loo.runs[2].loo[0] == doctest::Approx(1.0 / 3));
    o.pool_depth = 0;
    CHECK_THROWS_WITH_AS(leave_one_out(f.qrels, f.runs, {"G1", "G2", "G2"}, {parse_measure("P@3")}, o),
                         "leave-one-out: the pool depth must be at least 1", UsageError);
    CHECK_THROWS_WITH_AS(leave_one_out(f.qrels, f.runs, {"G1"}, {parse_measure("P@3")}, LeaveOneOutOptions{}),
                         "leave-one-out: one group per run is needed", UsageError);
}
