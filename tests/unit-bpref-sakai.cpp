// bpref_R and bpref_N (Sakai, PROMISE 2013, Eqs. 22-23) beside trec_eval's bpref, with the
// lecture's R = N = 500 example; condensed lists (judged_only) for AP.
#include "fixture.hpp"

#include <string>

using irlens::test::approx;
using irlens::test::Fixture;

TEST_CASE("bpref_R = Bpref when R <= N; bpref_N = Bpref when R >= N") {
    // R = 2 (r1, r2), N = 3 (n1, n2, n3). Run n1 r1 u n2 r2: u is unjudged, so the condensed list is
    // n1 r1 n2 r2 (non-relevant above: 1 for r1, 2 for r2).
    Fixture few("1 0 r1 1\n1 0 r2 1\n1 0 n1 0\n1 0 n2 0\n1 0 n3 0\n",
                {"1 Q0 n1 1 5 t\n1 Q0 r1 2 4 t\n1 Q0 u 3 3 t\n1 Q0 n2 4 2 t\n1 Q0 r2 5 1 t\n"});
    // bpref_R: ((1 - min(2,1)/2) + (1 - min(2,2)/2)) / 2 = (0.5 + 0) / 2
    CHECK(few.value("BprefR", "1") == approx(0.25));
    CHECK(few.value("Bpref", "1") == approx(0.25));
    // bpref_N: ((1 - 1/3) + (1 - 2/3)) / 2 = 0.5
    CHECK(few.value("BprefN", "1") == approx(0.5));

    // R = 3, N = 2; run n1 r1 n2 r2.
    Fixture many("1 0 r1 1\n1 0 r2 1\n1 0 r3 1\n1 0 n1 0\n1 0 n2 0\n",
                 {"1 Q0 n1 1 4 t\n1 Q0 r1 2 3 t\n1 Q0 n2 3 2 t\n1 Q0 r2 4 1 t\n"});
    // bpref_N: ((1 - 1/2) + (1 - 2/2)) / 3 = 1/6; trec_eval: 1 - min(nonrel, R)/min(N, R), same
    CHECK(many.value("BprefN", "1") == approx(1.0 / 6));
    CHECK(many.value("Bpref", "1") == approx(1.0 / 6));
    // bpref_R: ((1 - 1/3) + (1 - 2/3)) / 3 = 1/3
    CHECK(many.value("bpref_R", "1") == approx(1.0 / 3));
    // N = 0: nothing can be above; R = 0: 0
    Fixture no_nonrel("1 0 r1 1\n1 0 r2 1\n", {"1 Q0 x 1 2 t\n1 Q0 r1 2 1 t\n"});
    CHECK(no_nonrel.value("BprefN", "1") == approx(0.5));  // (1 + 0 unretrieved) / 2
    Fixture no_rel("1 0 n1 0\n", {"1 Q0 n1 1 1 t\n"});
    CHECK(no_rel.value("BprefR", "1") == 0.0);
}

TEST_CASE("the lecture's R = N = 500 example: bpref is not top-heavy, AP' is") {
    std::string qrels;
    for (int i = 0; i < 500; ++i) qrels += "1 0 r" + std::to_string(i) + " 1\n1 0 n" + std::to_string(i) + " 0\n";
    // A run whose only relevant document is at condensed rank `rank` (rank - 1 judged non-relevant
    // documents above it, interleaved with unjudged ones that the condensed list drops).
    auto run_with_relevant_at = [](int rank) {
        std::string run;
        int score = 10000;
        for (int i = 0; i < rank - 1; ++i) {
            run += "1 Q0 n" + std::to_string(i) + " 0 " + std::to_string(score--) + " t\n";
            run += "1 Q0 unjudged" + std::to_string(i) + " 0 " + std::to_string(score--) + " t\n";
        }
        return run + "1 Q0 r0 0 " + std::to_string(score) + " t\n";
    };
    Fixture f(qrels,
              {run_with_relevant_at(1), run_with_relevant_at(2), run_with_relevant_at(99), run_with_relevant_at(100)});
    // Contribution of the relevant document, 1 - (r' - C(r'))/N, times 1/R = 1/500:
    // rank 1 -> 1, rank 2 -> 0.9980, rank 99 -> 0.8040, rank 100 -> 0.8020
    const double contribution[] = {1.0, 1 - 1.0 / 500, 1 - 98.0 / 500, 1 - 99.0 / 500};
    for (std::size_t run = 0; run < 4; ++run) {
        CHECK(f.value("Bpref", "1", run) * 500 == approx(contribution[run]));
        CHECK(f.value("BprefR", "1", run) * 500 == approx(contribution[run]));
        CHECK(f.value("BprefN", "1", run) * 500 == approx(contribution[run]));
    }
    CHECK(f.value("BprefN", "1", 0) * 500 - f.value("BprefN", "1", 1) * 500 == approx(0.002));
    CHECK(f.value("BprefN", "1", 2) * 500 - f.value("BprefN", "1", 3) * 500 == approx(0.002));
    // AP' (condensed AP, Eq. 21): precision at the relevant document: 1, 0.5, 1/99 = 0.0101, 1/100
    CHECK(f.value("AP(judged_only=True)", "1", 0) * 500 == approx(1.0));
    CHECK(f.value("AP(judged_only=True)", "1", 1) * 500 == approx(0.5));
    CHECK(f.value("AP(judged_only=True)", "1", 2) * 500 == approx(1.0 / 99));
    CHECK(f.value("AP(judged_only=True)", "1", 3) * 500 == approx(1.0 / 100));
}

TEST_CASE("condensed AP (AP') equals trec_eval -J map") {
    // trec_eval 10.0 -q -J -m map on these files prints 0.5556 (topic 1), 0.5833 (topic 2), and
    // 0.5000, 0.2917 without -J.
    // Topic 1 condensed: a(2) b(0) c(1) -> (1/1 + 2/3) / 3; topic 2 condensed: g(0) h(1) f(1) -> (1/2 + 2/3) / 2
    Fixture f("1 0 a 2\n1 0 b 0\n1 0 c 1\n1 0 d 1\n1 0 e -1\n2 0 f 1\n2 0 g 0\n2 0 h 1\n",
              {"1 Q0 c 4 2 t\n1 Q0 a 1 5 t\n1 Q0 x 3 3 t\n1 Q0 b 2 4 t\n1 Q0 e 5 1 t\n"
               "2 Q0 y 1 9 t\n2 Q0 z 2 8 t\n2 Q0 g 3 7 t\n2 Q0 h 4 6 t\n2 Q0 w 5 5 t\n2 Q0 f 6 4 t\n"});
    CHECK(f.value("AP(judged_only=True)", "1") == approx((1 + 2.0 / 3) / 3));
    CHECK(f.value("AP(judged_only=True)", "2") == approx((0.5 + 2.0 / 3) / 2));
    CHECK(f.value("AP", "1") == approx((1 + 2.0 / 4) / 3));
    CHECK(f.value("AP", "2") == approx((1.0 / 4 + 2.0 / 6) / 2));
}
