// Compat (compatibility, Clarke, Vtyurina & Smucker, TOIS 2021, as ir_measures computes it;
// core/src/measures/compat.cpp): hand-checked values, the tie rules of R and I, normalize, the
// topics scored, and explain mode.
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/evaluation/explain.hpp"

using irlens::test::approx;
using irlens::test::Fixture;
using namespace irlens;

TEST_CASE("Compat: hand-checked RBO against the ideal ranking") {
    // Topic 1: a grade 2, b 1, c 1, d 0. Run: x (unjudged) 3, b 2, a 1.
    // R = x b a. I: a (grade 2), then b and c (grade 1) by the run's score: b (2) before c
    // (unretrieved: 0) -> I = a b c. d = max(3, 3) = 3; with p = 0.5:
    //   i=1: R {x}, I {a}: A=0 -> 0;  i=2: {x,b} & {a,b}: A=1 -> 0.5 * 1/2 = 0.25;
    //   i=3: {x,b,a} & {a,b,c}: A=2 -> 0.25 * 2/3 = 1/6.   sum = 5/12, sum p^(i-1) = 1.75
    //   RBO(R, I) = (5/12) / 1.75 = 5/21.
    //   RBO(I, I): 1 + 0.5 * 2/2 + 0.25 * 3/3 = 1.75 -> 1.75 / 1.75 = 1.  Compat = 5/21.
    Fixture f("1 0 a 2\n1 0 b 1\n1 0 c 1\n1 0 d 0\n", {"1 Q0 x 1 3 t\n1 Q0 b 2 2 t\n1 Q0 a 3 1 t\n"});
    CHECK(f.value("Compat(p=0.5)", "1") == approx(5.0 / 21.0));
    CHECK(f.value("Compat(p=0.5,normalize=False)", "1") == approx(5.0 / 21.0));
    // The default p = 0.95: 0.95 * 1/2 + 0.9025 * 2/3 = 1.076666..., / (1 + 0.95 + 0.9025 = 2.8525)
    //   = 0.377446...; RBO(I, I) = 2.8525 / 2.8525 = 1.
    CHECK(f.value("Compat", "1") == approx((0.95 / 2 + 0.9025 * 2 / 3) / 2.8525));
    CHECK(parse_measure("Compat").name() == "Compat");  // p=0.95 is the default
    CHECK(parse_measure("compat(p=0.8,normalize=False)").name() == "Compat(p=0.8,normalize=False)");
    CHECK_THROWS_WITH_AS(parse_measure("Compat(p=1)").compile(),
                         "measure 'Compat(p=1)': parameter p of Compat must be (0, 1), got '1'", UsageError);
}

TEST_CASE("Compat: equal grades in I follow the run's score, then the qrels order") {
    // Qrels a 1, b 1 (file order a, b). Run: b 1.0, x 0.5. I = b a (b retrieved with score 1 >
    // a's 0): i=1: {b} & {b}: A=1 -> 1; i=2: {b,x} & {b,a}: A=1 -> 0.5 * 1/2 = 0.25; p = 0.5:
    //   RBO(R, I) = 1.25 / 1.5 = 5/6; RBO(I, I) = (1 + 0.5) / 1.5 = 1 -> Compat = 5/6.
    // (In qrels order, I = a b would give (0 + 0.25) / 1.5 = 1/6.)
    Fixture f("1 0 a 1\n1 0 b 1\n", {"1 Q0 b 1 1.0 t\n1 Q0 x 2 0.5 t\n"});
    CHECK(f.value("Compat(p=0.5)", "1") == approx(5.0 / 6.0));
    // A retrieved document with a negative score counts below an unretrieved one (0.0): run
    // a -1 alone -> I = b a (b: 0.0 > -1, then a). i=1: {a} & {b}: 0; i=2: {a} & {b,a}: A=1
    // -> 0.25; RBO = 0.25 / 1.5 = 1/6; RBO(I, I) = 1 -> 1/6.
    Fixture neg("1 0 a 1\n1 0 b 1\n", {"1 Q0 a 1 -1 t\n"});
    CHECK(neg.value("Compat(p=0.5)", "1") == approx(1.0 / 6.0));
}

TEST_CASE("Compat: tied run scores are ordered by document id ascending, as ir_measures") {
    // Qrels b 1. Run: x 1.0, b 1.0 (tied) -> R = b x (ascending; trec_eval's order would be x b).
    // I = b; d = 2, p = 0.5: RBO(R, I) = (1 + 0.5 * 1/2) / 1.5 = 5/6; RBO(I, I) = (1 + 0.5 *
    // min(2,1)/2) / 1.5 = 5/6 -> Compat = 1; normalize=False: 5/6. (With R = x b: (0 + 0.25) /
    // 1.5 = 1/6, normalised 1/5.)
    Fixture f("1 0 b 1\n", {"1 Q0 x 1 1.0 t\n1 Q0 b 2 1.0 t\n"});
    CHECK(f.value("Compat(p=0.5)", "1") == approx(1.0));
    CHECK(f.value("Compat(p=0.5,normalize=False)", "1") == approx(5.0 / 6.0));
}

TEST_CASE("Compat: a topic without relevant documents scores 0; unanswered topics as ir_measures") {
    // Topic 1 has only a grade-0 judgment: I is empty, every A_i = 0 -> 0 (RBO(I, I) = 0 too).
    // Topic 2 (not answered by the run) is left out by default, as ir_measures; with --missing zero
    // the run has no document there: 0.
    Fixture f("1 0 a 0\n2 0 b 1\n", {"1 Q0 a 1 1 t\n"});
    CHECK(f.value("Compat", "1") == 0.0);
    CHECK(std::isnan(f.value("Compat", "2")));
    CHECK(f.value("Compat", "2", 0, MissingTopics::Zero) == 0.0);
}

TEST_CASE("Compat: explain mode records A_i and the terms, and gives the evaluated value") {
    Fixture f("1 0 a 2\n1 0 b 1\n1 0 c 1\n1 0 d 0\n", {"1 Q0 x 1 3 t\n1 Q0 b 2 2 t\n1 Q0 a 3 1 t\n"});
    Explanation e = explain(f.qrels, f.runs[0], "1", parse_measure("Compat(p=0.5)"));
    CHECK(e.value == f.value("Compat(p=0.5)", "1"));
    REQUIRE(e.rows.size() == 3);
    CHECK(e.rows[1].doc == "b");
    CHECK(e.columns[1] == "overlap A_i");
    CHECK(e.rows[0].values[1] == 0);  // A_1 = 0, A_2 = 1, A_3 = 2 (first example above)
    CHECK(e.rows[1].values[1] == 1);
    CHECK(e.rows[2].values[1] == 2);
    CHECK(e.rows[2].values[0] == 1);  // I's third document, c, has grade 1
    CHECK(e.terms.back().first == "Compat = RBO(R, I) / RBO(I, I)");
}
