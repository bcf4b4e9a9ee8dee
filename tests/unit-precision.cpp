// Precision-family measures on hand-checkable fixtures (arithmetic in comments).
#include "fixture.hpp"

using irlens::test::approx;
using irlens::test::Fixture;

namespace {
// Topic 1: relevant a (grade 2), c (grade 1); b judged 0; e judged -1 (pool but unjudged).
// Ranking by score: a(5) b(4) x(3) c(2) e(1)  -> rels 2, 0, not-in-pool, 1, unjudged.
const char* kQrels = "1 0 a 2\n1 0 b 0\n1 0 c 1\n1 0 d 1\n1 0 e -1\n";
const char* kRun = "1 Q0 c 4 2 t\n1 Q0 a 1 5 t\n1 Q0 x 3 3 t\n1 Q0 b 2 4 t\n1 Q0 e 5 1 t\n";
}  // namespace

TEST_CASE("P@k counts relevant in the top k over k, padding short rankings") {
    Fixture f(kQrels, {kRun});
    CHECK(f.value("P@1", "1") == approx(1.0));        // a
    CHECK(f.value("P@2", "1") == approx(0.5));        // a b -> 1/2
    CHECK(f.value("P@4", "1") == approx(0.5));        // a b x c -> 2/4
    CHECK(f.value("P@10", "1") == approx(0.2));       // 2 relevant / 10
    CHECK(f.value("P(rel=2)@4", "1") == approx(0.25)); // only a has grade >= 2
    // judged_only drops x and e: a b c -> P@2 = 1/2, P@3 = 2/3
    CHECK(f.value("P(judged_only=True)@3", "1") == approx(2.0 / 3.0));
}

TEST_CASE("R@k, Success@k, RelP@k, Rprec") {
    Fixture f(kQrels, {kRun});
    // R = 3 relevant (a, c, d).
    CHECK(f.value("R@1", "1") == approx(1.0 / 3.0));
    CHECK(f.value("R@5", "1") == approx(2.0 / 3.0));
    CHECK(f.value("Success@1", "1") == approx(1.0));
    CHECK(f.value("Success(rel=2)@5", "1") == approx(1.0));
    // RelP@2 = 1 / min(2, 3); RelP@5 = 2 / min(5, 3)
    CHECK(f.value("RelP@2", "1") == approx(0.5));
    CHECK(f.value("RelP@5", "1") == approx(2.0 / 3.0));
    // Rprec: precision at R = 3: a b x -> 1/3
    CHECK(f.value("Rprec", "1") == approx(1.0 / 3.0));
}
