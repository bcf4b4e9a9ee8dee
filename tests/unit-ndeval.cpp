// ndeval's diversity measures (measures/ndeval.cpp) on a tiny hand-checkable topic (arithmetic
// in comments).
#include "diversity_topic.hpp"
#include "fixture.hpp"

#include "irlens/error.hpp"

#include <cmath>

using namespace irlens;
using irlens::test::approx;
using irlens::test::Fixture;
using irlens::test::kDiversityQrels;
using irlens::test::kDiversityRun;

namespace {
// With alpha = 0.5 the novelty-biased gains by rank are
//   b: 1 (intent 1, first)   x: 0   a: 0.5 (intent 1, second) + 1 (intent 2) = 1.5   c: 1   d: 0.
// ndeval's greedy ideal: a (gain 2), then c (1) before b (0.5), then b: gains 2, 1, 0.5.
Fixture div() { return Fixture(kDiversityQrels, {kDiversityRun}, QrelsFormat::Grouped); }
double lg(double x) { return std::log2(x); }
}  // namespace

TEST_CASE("ndeval: ERR-IA and nERR-IA") {
    Fixture f = div();
    // ERR-IA@5 = (1/1 + 0/2 + 1.5/3 + 1/4 + 0/5) / ideal-ideal (3/1 + 1.5/2 + 0.75/3 + 0.375/4 + 0.1875/5)
    //          = 1.75 / 4.13125
    CHECK(f.value("ERR_IA@5", "1") == approx(1.75 / 4.13125));
    // nERR-IA@5: the greedy ideal's ERR is 2 + 1/2 + 0.5/3 = 8/3 (same normaliser): 1.75 / (8/3).
    CHECK(f.value("nERR_IA@5", "1") == approx(1.75 / (8.0 / 3.0)));
    // @1 (normalised, unlike ndeval's unprinted rank-1 value): 1 / 3; nERR-IA@1 = 1 / 2.
    CHECK(f.value("ERR_IA@1", "1") == approx(1.0 / 3.0));
    CHECK(f.value("nERR_IA@1", "1") == approx(0.5));
    // alpha = 0: every relevant (doc, intent) pair gains 1: b 1, a 2, c 1 -> 1 + 2/3 + 1/4 over
    // 3 (1 + 1/2 + 1/3 + 1/4 + 1/5).
    CHECK(f.value("ERR_IA(alpha=0)@5", "1") == approx((1 + 2.0 / 3 + 0.25) / (3 * (1 + 0.5 + 1.0 / 3 + 0.25 + 0.2))));
}

TEST_CASE("ndeval: alpha-DCG and alpha-nDCG") {
    Fixture f = div();
    // discount: 1, 1/log2(3), 1/2, 1/log2(5), 1/log2(6)
    double run = 1 + 1.5 / 2 + 1 / lg(5);
    double ideal_ideal = 3 + 1.5 / lg(3) + 0.75 / 2 + 0.375 / lg(5) + 0.1875 / lg(6);
    double ideal = 2 + 1 / lg(3) + 0.5 / 2;
    CHECK(f.value("alpha_DCG@5", "1") == approx(run / ideal_ideal));
    CHECK(f.value("alpha_nDCG@5", "1") == approx(run / ideal));
    // @2: run 1 + 0, ideal 2 + 1/log2(3).
    CHECK(f.value("alpha_nDCG@2", "1") == approx(1 / (2 + 1 / lg(3))));
    CHECK(f.value("alpha-nDCG@2", "1") == approx(1 / (2 + 1 / lg(3))));  // ndeval's spelling is an alias
}

TEST_CASE("ndeval: NRBP and nNRBP over the whole ranking") {
    Fixture f = div();
    // sum gain beta^(r-1) = 1 + 1.5 * 0.25 + 1 * 0.125 = 1.5; times (1 - (1 - 0.5) 0.5) / 3 = 0.25.
    CHECK(f.value("NRBP", "1") == approx(0.375));
    // ideal: (2 + 1 * 0.5 + 0.5 * 0.25) * 0.25 = 0.65625.
    CHECK(f.value("nNRBP", "1") == approx(0.375 / 0.65625));
    // beta = 1, alpha = 1: gains 1 (b), 0, 1 (a: intent 2 only), 1 (c) = 3; factor (1 - 0) / 3.
    CHECK(f.value("NRBP(alpha=1,beta=1)", "1") == approx(1.0));
}

TEST_CASE("ndeval: MAP-IA, P-IA and subtopic recall") {
    Fixture f = div();
    // intent 1: b@1, a@3 of 2 relevant -> (1/1 + 2/3) / 2 = 5/6; intent 2: a@3 -> 1/3; intent 3: c@4 -> 1/4.
    CHECK(f.value("AP_IA", "1") == approx((5.0 / 6 + 1.0 / 3 + 0.25) / 3));
    CHECK(f.value("MAP-IA", "1") == approx(17.0 / 36));
    // relevant (doc, intent) pairs: 1 + 0 + 2 + 1 + 0 = 4 in the top 5 -> 4 / (5 * 3); top 2: 1 / 6;
    // top 10 (padded): 4 / 30.
    CHECK(f.value("P_IA@5", "1") == approx(4.0 / 15));
    CHECK(f.value("P_IA@2", "1") == approx(1.0 / 6));
    CHECK(f.value("P_IA@10", "1") == approx(4.0 / 30));
    CHECK(f.value("StRecall@1", "1") == approx(1.0 / 3));
    CHECK(f.value("StRecall@3", "1") == approx(2.0 / 3));
    CHECK(f.value("StRecall@4", "1") == approx(1.0));
    CHECK(f.value("StRecall", "1") == approx(1.0));
}

TEST_CASE("ndeval measures: rel threshold and judged_only") {
    Fixture f = div();
    // rel=2: only b (grade 2 for intent 1) is relevant; m = 1. ERR-IA@5 = 1 / (1 + 0.5/2 + 0.25/3 + 0.125/4 +
    // 0.0625/5).
    CHECK(f.value("ERR_IA(rel=2)@5", "1") == approx(1 / (1 + 0.25 + 0.25 / 3 + 0.125 / 4 + 0.0625 / 5)));
    CHECK(f.value("StRecall(rel=2)@1", "1") == approx(1.0));
    // judged_only drops x (not in the qrels): b a c d -> gains 1, 1.5, 1, 0; P-IA@2 = 3 / 6.
    CHECK(f.value("P_IA(judged_only=True)@2", "1") == approx(0.5));
    CHECK(f.value("ERR_IA(judged_only=True)@5", "1") == approx((1 + 1.5 / 2 + 1.0 / 3) / 4.13125));
}

TEST_CASE("ndeval measures: ties in the greedy ideal go to the larger doc id") {
    // Intents 1 and 2; p and q each relevant to one intent, r to both. Greedy: r (2), then p and
    // q tie at 0.5: q (the larger id) first. The ideal gains are 2, 0.5, 0.5 either way, so the
    // run's alpha-nDCG@3 = (1 + 0.5/log2(3) + 1/2) ... is checked against them.
    Fixture f("7 1 p 1\n7 2 q 1\n7 1 r 1\n7 2 r 1\n", {"7 Q0 p 1 3 t\n7 Q0 q 2 2 t\n7 Q0 r 3 1 t\n"},
              QrelsFormat::Grouped);
    // run p q r: gains 1, 1, 0.5 + 0.5 = 1.
    double run = 1 + 1 / lg(3) + 1.0 / 2, ideal = 2 + 0.5 / lg(3) + 0.5 / 2;
    CHECK(f.value("alpha_nDCG@3", "7") == approx(run / ideal));
}

TEST_CASE("ndeval measures: topics without relevant documents or intents score 0") {
    Fixture f("1 1 a 0\n1 2 b 0\n2 1 c 1\n", {"1 Q0 a 1 1 t\n2 Q0 z 1 1 t\n"}, QrelsFormat::Grouped);
    for (const char* m :
         {"ERR_IA@5", "nERR_IA@5", "alpha_DCG@5", "alpha_nDCG@5", "NRBP", "nNRBP", "AP_IA", "P_IA@5", "StRecall@5"}) {
        CHECK_MESSAGE(f.value(m, "1") == 0.0, m);
        CHECK_MESSAGE(f.value(m, "2") == 0.0, m);  // nothing relevant retrieved
    }
    // With plain qrels a topic has the single intent "0": alpha-nDCG@2 = (1 + 0.5/log2(3)) / (1 + 0.5/log2(3)).
    Fixture p("1 0 a 1\n1 0 b 1\n", {"1 Q0 a 1 2 t\n1 Q0 b 2 1 t\n"});
    CHECK(p.value("alpha_nDCG@2", "1") == approx(1.0));
    CHECK(p.value("StRecall@1", "1") == approx(1.0));
}

TEST_CASE("ndeval measures: parameter errors") {
    Fixture f = div();
    CHECK_THROWS_WITH_AS(f.value("alpha_nDCG(alpha=1.5)@5", "1"),
                         "measure 'alpha_nDCG(alpha=1.5)@5': parameter alpha of alpha_nDCG must be [0, 1], got '1.5'",
                         UsageError);
    CHECK_THROWS_WITH_AS(f.value("NRBP(beta=-1)", "1"),
                         "measure 'NRBP(beta=-1)': parameter beta of NRBP must be [0, 1], got '-1'", UsageError);
    CHECK_THROWS_WITH_AS(f.value("P_IA(rel=0)@5", "1"), "P_IA(rel=0)@5: rel must be at least 1, got 0", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("ERR_IA"), "measure 'ERR_IA': ERR_IA needs a cutoff, e.g. ERR_IA@10",
                         UsageError);
    CHECK_THROWS_WITH_AS(f.value("ERR_IA(max_grade=3)@5", "1"),
                         "ERR_IA(max_grade=3)@5: gains and max_grade apply only with graded=True", UsageError);
}
