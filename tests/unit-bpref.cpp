// Bpref (core/src/measures/bpref.cpp) and gm_bpref (Bpref(agg=gmean)) on hand-checkable
// fixtures. Every expected value was also checked against trec_eval 10.0 (-c -q, -l2).
#include "fixture.hpp"

#include "irlens/error.hpp"

#include <cmath>

using irlens::MissingTopics;
using irlens::test::approx;
using irlens::test::Fixture;

namespace {

// bpref = 1/R sum over judged relevant retrieved r of (1 - min(n above r, R) / min(N, R)),
// n = judged non-relevant documents ranked above r, N = judged non-relevant documents of the topic.
// Docs not in the qrels and docs judged negative are ignored entirely.
//
// Topic 1: r1 1, r2 2, r3 2 relevant; n1..n4 0; u -1. At rel=1: R = 3, N = 4, min(N, R) = 3.
//   Ranking: n1 r2 r1 x n2 u r3 n3 (x not in the qrels, u judged negative).
// Topic 2: s1 1, s2 0; ranking s1 s2 -> the relevant document is above every non-relevant one.
// Topic 3: t1 1, t2 1 (N = 0); ranking x t1.
// Topic 4: v1 0 only (R = 0); ranking v1.
// Topic 5: w1 1; no results.
const char* kQrels =
    "1 0 r1 1\n1 0 r2 2\n1 0 r3 2\n1 0 n1 0\n1 0 n2 0\n1 0 n3 0\n1 0 n4 0\n1 0 u -1\n"
    "2 0 s1 1\n2 0 s2 0\n3 0 t1 1\n3 0 t2 1\n4 0 v1 0\n5 0 w1 1\n";
const char* kRun =
    "1 Q0 n1 1 8 t\n1 Q0 r2 2 7 t\n1 Q0 r1 3 6 t\n1 Q0 x 4 5 t\n1 Q0 n2 5 4 t\n1 Q0 u 6 3 t\n1 Q0 r3 7 2 t\n"
    "1 Q0 n3 8 1 t\n2 Q0 s1 1 2 t\n2 Q0 s2 2 1 t\n3 Q0 x 1 2 t\n3 Q0 t1 2 1 t\n4 Q0 v1 1 1 t\n";

const MissingTopics kZero = MissingTopics::Zero;

}  // namespace

TEST_CASE("Bpref counts judged non-relevant documents above each relevant one") {
    Fixture f(kQrels, {kRun});
    // r2: 1 above (n1) -> 1 - 1/3; r1: 1 above -> 1 - 1/3; r3: 2 above (n1 n2; x, u ignored) -> 1 - 2/3.
    //   (2/3 + 2/3 + 1/3) / 3 = 5/9.
    CHECK(f.value("Bpref", "1") == approx(5.0 / 9.0));
    // rel=2: R = 2 (r2 r3), N = 5 (r1 is now non-relevant), min(N, R) = 2.
    //   r2: 1 above -> 1 - 1/2; r3: n1 r1 n2 above, min(3, 2) = 2 -> 1 - 2/2 = 0.  (1/2 + 0) / 2.
    CHECK(f.value("Bpref(rel=2)", "1") == approx(0.25));
    CHECK(f.value("Bpref", "2") == approx(1.0));  // nothing non-relevant above s1
    CHECK(f.value("Bpref", "3") == approx(0.5));  // N = 0: t1 counts 1 (x is ignored), t2 missing: 1/2
    CHECK(f.value("Bpref", "4") == 0);            // R = 0
    CHECK(f.mean("Bpref") == approx((5.0 / 9.0 + 1.0 + 0.5 + 0.0) / 4));
    CHECK(f.value("BPref", "1") == f.value("Bpref", "1"));  // ir_measures' spelling
}

TEST_CASE("Bpref for a topic without results and its geometric mean (gm_bpref)") {
    Fixture f(kQrels, {kRun});
    CHECK(std::isnan(f.value("Bpref", "5")));
    CHECK(f.value("Bpref", "5", 0, kZero) == 0);
    // trec_eval -c: (5/9 + 1 + 1/2 + 0 + 0) / 5 = 0.4111.
    CHECK(f.mean("Bpref", 0, kZero) == approx((5.0 / 9.0 + 1.5) / 5));
    // gm_bpref: the two zeros are floored at 1e-5: (5/9 * 1 * 1/2 * 1e-5 * 1e-5)^(1/5) = 0.0077.
    CHECK(f.mean("Bpref(agg=gmean)", 0, kZero) == approx(std::pow(5.0 / 9.0 * 0.5 * 1e-10, 0.2)));
    CHECK(f.mean("Bpref(agg=gmean)") == approx(std::pow(5.0 / 9.0 * 0.5 * 1e-5, 0.25)));
}

TEST_CASE("Bpref counts judged relevant documents never retrieved as zero (the 2005 fix)") {
    // trec_eval's bpref_bug note: first non-relevant, then 4 relevant retrieved; 3 more judged
    // non-relevant and 2 more relevant never retrieved. R = 6, N = 4, min(N, R) = 4:
    //   4 x (1 - 1/4) / 6 = 0.5.
    std::string qrels;
    for (const char* d : {"r1", "r2", "r3", "r4", "r5", "r6"}) qrels += std::string("1 0 ") + d + " 1\n";
    for (const char* d : {"n1", "n2", "n3", "n4"}) qrels += std::string("1 0 ") + d + " 0\n";
    Fixture f(qrels, {"1 Q0 n1 1 5 t\n1 Q0 r1 2 4 t\n1 Q0 r2 3 3 t\n1 Q0 r3 4 2 t\n1 Q0 r4 5 1 t\n"});
    CHECK(f.value("Bpref", "1") == approx(0.5));
}

TEST_CASE("Bpref takes no cutoff") {
    CHECK_THROWS_WITH_AS(irlens::parse_measure("Bpref@10"), "measure 'Bpref@10': Bpref takes no @cutoff",
                         irlens::UsageError);
}
