// Precision-family measures on hand-checkable fixtures (arithmetic in comments).
#include "fixture.hpp"

#include "irlens/error.hpp"

#include <climits>

using irlens::test::approx;
using irlens::test::Fixture;

namespace {
// Topic 1: relevant a (grade 2), c (grade 1); b judged 0; e judged -1 (pool but unjudged).
// Ranking by score: a(5) b(4) x(3) c(2) e(1)  -> rels 2, 0, not-in-pool, 1, unjudged.
// Topic 2: only f 0 judged (no relevant document); ranking f(1) y(0).
// Topic 3: g 1 judged; the run has no results for it.
// Every expected value below was also checked against trec_eval 10.0 (-c -q, -J, -l2).
const char* kQrels = "1 0 a 2\n1 0 b 0\n1 0 c 1\n1 0 d 1\n1 0 e -1\n2 0 f 0\n3 0 g 1\n";
const char* kRun = "1 Q0 c 4 2 t\n1 Q0 a 1 5 t\n1 Q0 x 3 3 t\n1 Q0 b 2 4 t\n1 Q0 e 5 1 t\n2 Q0 f 1 1 t\n2 Q0 y 1 0 t\n";
const irlens::MissingTopics kZero = irlens::MissingTopics::Zero;
}  // namespace

TEST_CASE("P@k counts relevant in the top k over k, padding short rankings") {
    Fixture f(kQrels, {kRun});
    CHECK(f.value("P@1", "1") == approx(1.0));          // a
    CHECK(f.value("P@2", "1") == approx(0.5));          // a b -> 1/2
    CHECK(f.value("P@4", "1") == approx(0.5));          // a b x c -> 2/4
    CHECK(f.value("P@10", "1") == approx(0.2));         // 2 relevant / 10
    CHECK(f.value("P(rel=2)@4", "1") == approx(0.25));  // only a has grade >= 2
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

TEST_CASE("precision family with rel, judged_only, an empty relevant set and a missing topic") {
    Fixture f(kQrels, {kRun});
    // judged_only drops x and e: a b c (rels 2 0 1), R = 3.
    CHECK(f.value("R(judged_only=True)@2", "1") == approx(1.0 / 3.0));  // a b -> 1/3
    CHECK(f.value("R(rel=2)@5", "1") == approx(1.0));                   // R = 1 (a), found at 1
    CHECK(f.value("Success(judged_only=True)@2", "1") == approx(1.0));
    CHECK(f.value("RelP(judged_only=True)@2", "1") == approx(0.5));       // 1 / min(2, 3)
    CHECK(f.value("RelP(rel=2)@5", "1") == approx(1.0));                  // 1 / min(5, 1)
    CHECK(f.value("Rprec(judged_only=True)", "1") == approx(2.0 / 3.0));  // a b c -> 2/3
    CHECK(f.value("Rprec(rel=2)", "1") == approx(1.0));                   // R = 1: a at rank 1
    // Topic 2 has no relevant document: every measure is 0 (never 0/0).
    for (const char* m : {"P@1", "R@5", "Success@5", "RelP@5", "Rprec", "RprecMult(mult=2)"})
        CHECK_MESSAGE(f.value(m, "2") == 0, m);
    // Topic 3 has no results: skipped by default, 0 with MissingTopics::Zero (trec_eval -c).
    CHECK(std::isnan(f.value("P@2", "3")));
    for (const char* m : {"P@2", "R@5", "Success@5", "RelP@5", "Rprec", "RprecMult(mult=0.2)"})
        CHECK_MESSAGE(f.value(m, "3", 0, kZero) == 0, m);
    CHECK(f.mean("P@2") == approx(0.25));               // (1/2 + 0) / 2
    CHECK(f.mean("P@2", 0, kZero) == approx(1.0 / 6));  // (1/2 + 0 + 0) / 3, trec_eval -c's P_2
    CHECK(f.mean("Success@1", 0, kZero) == approx(1.0 / 3));
}

TEST_CASE("RprecMult: precision at (long)(mult * R + 0.9) documents, as trec_eval's Rprec_mult") {
    Fixture f(kQrels, {kRun});
    // Ranking a b x c e (rels 2 0 - 1 .), R = 3 (a c d), 2 relevant retrieved.
    CHECK(f.value("RprecMult(mult=0.2)", "1") == approx(1.0));      // cutoff (long)(1.5) = 1: a -> 1/1
    CHECK(f.value("RprecMult", "1") == approx(1.0 / 3.0));          // mult 1: cutoff 3 -> 1/3 = Rprec
    CHECK(f.value("RprecMult(mult=1.4)", "1") == approx(0.4));      // cutoff (long)(5.1) = 5 -> 2/5
    CHECK(f.value("RprecMult(mult=2)", "1") == approx(1.0 / 3.0));  // cutoff 6 > 5 retrieved -> 2/6
    // judged_only: a b c (3 retrieved). mult 1: cutoff 3 -> 2/3; mult 1.4: cutoff 5 -> 2/5.
    CHECK(f.value("RprecMult(judged_only=True)", "1") == approx(2.0 / 3.0));
    CHECK(f.value("RprecMult(mult=1.4,judged_only=True)", "1") == approx(0.4));
    // rel=2: R = 1 (a). mult 1.4: cutoff (long)(2.3) = 2 -> 1/2; mult 0.2: cutoff 1 -> 1.
    CHECK(f.value("RprecMult(mult=1.4,rel=2)", "1") == approx(0.5));
    CHECK(f.value("RprecMult(mult=0.2,rel=2)", "1") == approx(1.0));
    CHECK(irlens::parse_measure("RprecMult").name() == "RprecMult");  // defaults are not printed (issue 13)
    // Absurd parameters are refused where the name is read (the registry's range); the trec_eval
    // drop-in, unchecked, saturates instead of overflowing: 2 relevant retrieved / LONG_MAX (long
    // is 64 bits natively, 32 in WASM).
    CHECK_THROWS_WITH_AS(
        f.value("RprecMult(mult=1e300)", "1"),
        "measure 'RprecMult(mult=1e300)': parameter mult of RprecMult must be (0, 1e+100], got '1e300'",
        irlens::UsageError);
    irlens::Evaluation unchecked =
        irlens::evaluate(f.qrels, f.runs, {irlens::parse_measure("RprecMult(mult=1e300)", {}, false)});
    REQUIRE(unchecked.runs[0].topics[0] == "1");
    CHECK(unchecked.runs[0].values[0][0] == approx(2.0 / static_cast<double>(LONG_MAX)));
    const std::string at_max = "P@" + std::to_string(LONG_MAX);
    CHECK(f.value(at_max, "1") == approx(2.0 / static_cast<double>(LONG_MAX)));
    CHECK(irlens::parse_measure(at_max).name() == at_max);
    CHECK(irlens::parse_measure("Rprec_mult(mult=0.5)").name() == "RprecMult(mult=0.5)");
}

TEST_CASE("a ranking shorter than R or than the cutoff counts the missing ranks as non-relevant") {
    // R = 3 (a b c); only a is retrieved.
    Fixture f("1 0 a 1\n1 0 b 1\n1 0 c 1\n", {"1 Q0 a 1 1 t\n"});
    CHECK(f.value("Rprec", "1") == approx(1.0 / 3.0));          // 1 relevant in the top 3
    CHECK(f.value("RprecMult(mult=0.5)", "1") == approx(0.5));  // cutoff (long)(2.4) = 2 -> 1/2
    CHECK(f.value("P@5", "1") == approx(0.2));                  // 1 / 5
    CHECK(f.value("RelP@2", "1") == approx(0.5));               // 1 / min(2, 3)
    CHECK(f.value("R@1000", "1") == approx(1.0 / 3.0));
    CHECK(f.value("Success@1000", "1") == approx(1.0));
}

TEST_CASE("ties in score are broken by doc id, descending (byte order), as trec_eval") {
    // All scores equal: order is z y b a ("z" > "y" > "b" > "a"); only a is relevant.
    Fixture f("1 0 a 1\n1 0 b 0\n", {"1 Q0 a 1 1 t\n1 Q0 b 2 1 t\n1 Q0 y 3 1 t\n1 Q0 z 4 1 t\n"});
    CHECK(f.value("P@3", "1") == 0);             // z y b
    CHECK(f.value("P@4", "1") == approx(0.25));  // a comes last
    CHECK(f.value("Success@3", "1") == 0);
    // By the rank column instead (RunOrder::Rank): a is first.
    Fixture g("1 0 a 1\n1 0 b 0\n", {"1 Q0 a 1 1 t\n1 Q0 b 2 1 t\n1 Q0 y 3 1 t\n1 Q0 z 4 1 t\n"},
              irlens::QrelsFormat::Plain, irlens::RunOrder::Rank);
    CHECK(g.value("P@1", "1") == approx(1.0));
}

TEST_CASE("precision: cutoff and parameter errors") {
    CHECK_THROWS_WITH_AS(irlens::parse_measure("R"), "measure 'R': R needs a cutoff, e.g. R@10", irlens::UsageError);
    CHECK_THROWS_WITH_AS(irlens::parse_measure("Success@-1"),
                         "measure 'Success@-1': the cutoff must be a positive integer, got '-1'", irlens::UsageError);
    CHECK_THROWS_WITH_AS(irlens::parse_measure("RprecMult(mult=x)"),
                         "measure 'RprecMult(mult=x)': parameter mult of RprecMult must be a number, got 'x'",
                         irlens::UsageError);
    CHECK_THROWS_WITH_AS(
        irlens::parse_measure("RelP(judged_only=maybe)@5"),
        "measure 'RelP(judged_only=maybe)@5': parameter judged_only of RelP must be True or False, got 'maybe'",
        irlens::UsageError);
}
