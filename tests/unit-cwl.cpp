// The C/W/L family (core/src/measures/cwl.cpp) on hand-checkable fixtures: C(i) of each measure,
// W(i) = reach(i) / sum reach, reach(i) = prod_{j<i} C(j), L(i) = reach(i) (1 - C(i)), over the
// depth; EU = sum W g, ETU = sum L (cumulative gain), EC = sum W, ETC = sum L i, ED = sum reach;
// the residuals; the parameter checks; explain's C, W, L rank by rank.
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/evaluation/explain.hpp"

using irlens::UsageError;
using irlens::test::approx;
using irlens::test::Fixture;

namespace {

// Topic 1: a 2, b 1, c 0, e -1 (judged negative: gain 0, judged). Run: a x b c, x not in the qrels.
// With max_rel=2 the gains are a 1, x unjudged (0; 1 in the best case), b 0.5, c 0.
// Topic 2: f 1, g 0, h 2. Run: g f h -> gains 0, 0.5, 1. Topic 3: k 1, not answered.
const char* kQrels = "1 0 a 2\n1 0 b 1\n1 0 c 0\n1 0 e -1\n2 0 f 1\n2 0 g 0\n2 0 h 2\n3 0 k 1\n";
const char* kRun = "1 Q0 a 1 4 t\n1 Q0 x 2 3 t\n1 Q0 b 3 2 t\n1 Q0 c 4 1 t\n2 Q0 g 1 3 t\n2 Q0 f 2 2 t\n2 Q0 h 3 1 t\n";

}  // namespace

TEST_CASE("RBP_CWL: C(i) = p, weights normalised over the depth; the five outputs") {
    Fixture f(kQrels, {kRun});
    // p = 0.5, depth 4: reach 1, 0.5, 0.25, 0.125 (sum 1.875); gains 1, 0, 0.5, 0.
    //   EU = (1 * 1 + 0.25 * 0.5) / 1.875 = 1.125 / 1.875 = 0.6
    CHECK(f.value("RBP_CWL(p=0.5,max_rel=2,depth=4)", "1") == approx(0.6));
    //   L = reach (1 - 0.5) = 0.5, 0.25, 0.125, 0.0625; cumulative gain 1, 1, 1.5, 1.5:
    //   ETU = 0.5 + 0.25 + 0.1875 + 0.09375 = 1.03125
    CHECK(f.value("RBP_CWL(p=0.5,max_rel=2,depth=4,out=ETU)", "1") == approx(1.03125));
    //   EC = sum W = 1; ETC = 0.5 * 1 + 0.25 * 2 + 0.125 * 3 + 0.0625 * 4 = 1.625; ED = 1.875
    CHECK(f.value("RBP_CWL(p=0.5,max_rel=2,depth=4,out=EC)", "1") == approx(1.0));
    CHECK(f.value("RBP_CWL(p=0.5,max_rel=2,depth=4,out=ETC)", "1") == approx(1.625));
    CHECK(f.value("RBP_CWL(p=0.5,max_rel=2,depth=4,out=ED)", "1") == approx(1.875));
    // rel=1: binary, a and b gain 1: (1 + 0.25) / 1.875 = 2/3.
    CHECK(f.value("RBP_CWL(p=0.5,rel=1,depth=4)", "1") == approx(2.0 / 3.0));
    // max_rel defaults to the qrels' highest grade (2): the same as max_rel=2.
    CHECK(f.value("RBP_CWL(p=0.5,depth=4)", "1") == approx(0.6));
    // min_rel=1: gain (grade - 1) / (2 - 1): a 1, b 0 -> 1 / 1.875.
    CHECK(f.value("RBP_CWL(p=0.5,min_rel=1,depth=4)", "1") == approx(1.0 / 1.875));
    // The depth cuts the ranking: depth 1 sees a alone, W(1) = 1.
    CHECK(f.value("RBP_CWL(p=0.5,depth=1)", "1") == approx(1.0));
}

TEST_CASE("the residual: unjudged documents and the padding to the depth at gain 1, minus the output") {
    Fixture f(kQrels, {kRun});
    // p = 0.5, depth 6 over a ranking of 4: ranks 5 and 6 are padding.
    //   reach 1, 1/2, 1/4, 1/8, 1/16, 1/32: sum 63/32.
    //   worst case gains 1, 0, 0.5, 0, 0, 0: EU = (1 + 1/8) / (63/32) = 36/63 = 4/7
    //   best case gains  1, 1, 0.5, 0, 1, 1 (x unjudged, ranks 5-6 padded; c is judged 0):
    //     (1 + 1/2 + 1/8 + 1/16 + 1/32) / (63/32) = (55/32) / (63/32) = 55/63
    //   ResEU = 55/63 - 36/63 = 19/63
    CHECK(f.value("RBP_CWL(p=0.5,depth=6)", "1") == approx(4.0 / 7.0));
    CHECK(f.value("RBP_CWL(p=0.5,depth=6,out=ResEU)", "1") == approx(19.0 / 63.0));
    // C does not depend on the gains here, so W, L, ED and EC do not move: ResED = ResEC = 0.
    CHECK(f.value("RBP_CWL(p=0.5,depth=6,out=ResED)", "1") == approx(0.0));
    CHECK(f.value("RBP_CWL(p=0.5,depth=6,out=ResEC)", "1") == approx(0.0));
    // Topic 2 with depth 3: every document judged, no padding: no residual.
    CHECK(f.value("RBP_CWL(p=0.5,depth=3,out=ResEU)", "2") == 0.0);
}

TEST_CASE("INST and INSQ: the target T") {
    Fixture f(kQrels, {kRun});
    // INST(T=1), depth 3, gains 1, 0, 0.5: T_i = T - gain so far, C(i) = ((i + T + T_i - 1) / (i + T + T_i))^2
    //   C(1): T_1 = 0 -> (1/2)^2 = 1/4; C(2): T_2 = 0 -> (2/3)^2 = 4/9
    //   reach 1, 1/4, 1/9: sum 49/36; W = 36/49, 9/49, 4/49
    //   EU = 36/49 * 1 + 4/49 * 0.5 = 38/49
    CHECK(f.value("INST(max_rel=2,depth=3)", "1") == approx(38.0 / 49.0));
    CHECK(f.value("INST(max_rel=2,depth=3,out=ED)", "1") == approx(49.0 / 36.0));
    // INSQ(T=1), depth 2, topic 2 (gains 0, 0.5): C(1) = ((1 + 2 - 1) / (1 + 2))^2 = 4/9
    //   reach 1, 4/9: sum 13/9; EU = (4/9 * 0.5) / (13/9) = 2/13
    CHECK(f.value("INSQ(depth=2)", "2") == approx(2.0 / 13.0));
}

TEST_CASE("BPM: the gain target T and the document budget K = the cutoff") {
    Fixture f(kQrels, {kRun});
    // T = 1: the gain after a is already 1 (not below T): C(1) = 0, W(1) = 1, EU = 1.
    CHECK(f.value("BPM@10", "1") == approx(1.0));
    // T = 2, K = 2: C(1) = 1 (gain 1 < 2, 1 document < 2), C(2) = 0 (2 documents): W = 1/2, 1/2.
    //   EU = (1 + 0) / 2 = 0.5; ED = 2
    CHECK(f.value("BPM(T=2)@2", "1") == approx(0.5));
    CHECK(f.value("BPM(T=2,out=ED)@2", "1") == approx(2.0));
}

TEST_CASE("SDCG: DCG's discount as weights summing to 1 over the top k") {
    Fixture f(kQrels, {kRun});
    // @3, gains 1, 0, 0.5: (1 + 0 / log2 3 + 0.5 / 2) / (1 + 1 / log2 3 + 1 / 2)
    double expected = 1.25 / (1.5 + 1.0 / std::log2(3.0));
    CHECK(f.value("SDCG@3", "1") == approx(expected));
    CHECK(f.value("SDCG(dcg=log2)@3", "1") == approx(expected));
}

TEST_CASE("NERR8-NERR11 on topic 2 (gains 0, 0.5, 1)") {
    Fixture f(kQrels, {kRun});
    // NERR8@3: C = 1 - 0, 1 - 0.5, 0 (rank 3 = k): reach 1, 1, 0.5 (sum 2.5): (0.5 + 0.5) / 2.5 = 0.4
    CHECK(f.value("NERR8@3", "2") == approx(0.4));
    // NERR9@3: C = 1/2 * 1, 2/3 * 0.5 = 1/3, 0: reach 1, 1/2, 1/6 (sum 5/3): (1/4 + 1/6) / (5/3) = 1/4
    CHECK(f.value("NERR9@3", "2") == approx(0.25));
    // NERR10(p=0.5), depth 3: C = 0.5, 0.25: reach 1, 1/2, 1/8 (sum 13/8): (1/4 + 1/8) / (13/8) = 3/13
    CHECK(f.value("NERR10(p=0.5,depth=3)", "2") == approx(3.0 / 13.0));
    // NERR11(T=1), depth 3: C(1) = (2/3)^2 * 1 = 4/9, C(2) = (3/4)^2 * 0.5 = 9/32:
    //   reach 1, 4/9, 1/8 (sum 113/72): (4/9 * 0.5 + 1/8) / (113/72) = (25/72) / (113/72) = 25/113
    CHECK(f.value("NERR11(depth=3)", "2") == approx(25.0 / 113.0));
}

TEST_CASE("bad parameters are refused with the range and the measure named") {
    Fixture f(kQrels, {kRun});
    CHECK_THROWS_WITH_AS(f.value("INST(T=0)", "1"),
                         "measure 'INST(T=0)': parameter T of INST must be (0, 1e+100], got '0'", UsageError);
    CHECK_THROWS_WITH_AS(f.value("INSQ(T=-1)", "1"),
                         "measure 'INSQ(T=-1)': parameter T of INSQ must be (0, 1e+100], got '-1'", UsageError);
    // T is bounded so that T + T_i stays finite: at 1e308 INST's C(i) would be inf / inf.
    CHECK_THROWS_AS(f.value("INST(T=1e101)", "1"), UsageError);
    CHECK(std::isfinite(f.value("INST(T=1e100)", "1")));
    CHECK_THROWS_AS(f.value("INST(depth=100001)", "1"), UsageError);
    CHECK_THROWS_WITH_AS(f.value("NERR10(p=1)", "1"),
                         "measure 'NERR10(p=1)': parameter p of NERR10 must be (0, 1), got '1'", UsageError);
    CHECK_THROWS_WITH_AS(f.value("RBP_CWL(p=0)", "1"),
                         "measure 'RBP_CWL(p=0)': parameter p of RBP_CWL must be (0, 1), got '0'", UsageError);
    CHECK_THROWS_WITH_AS(f.value("BPM@0", "1"), "measure 'BPM@0': the cutoff must be a positive integer, got '0'",
                         UsageError);
    CHECK_THROWS_AS(f.value("BPM", "1"), UsageError);  // K (the cutoff) is required
    CHECK_THROWS_WITH_AS(f.value("INST(max_rel=1)", "1"),
                         "INST: max_rel must be at least the qrels' highest grade, 2, got 1", UsageError);
    CHECK_THROWS_WITH_AS(f.value("INST(min_rel=2,max_rel=2)", "1"), "INST: max_rel must be above min_rel (2), got 2",
                         UsageError);
    CHECK_THROWS_AS(f.value("INST(out=EV)", "1"), UsageError);
}

TEST_CASE("explain: gain, C(i), W(i), L(i) rank by rank") {
    Fixture f(kQrels, {kRun});
    irlens::Explanation e = irlens::explain(f.qrels, f.runs[0], "1", irlens::parse_measure("INST(depth=3)"));
    REQUIRE(e.columns.size() == 4);
    CHECK(e.columns[1] == "C(i)");
    REQUIRE(e.rows.size() == 3);  // the ranks of the ranking within the depth
    // From the INST case above: C = 1/4, 4/9; W = 36/49, 9/49, 4/49; L(1) = 1 - 1/4 = 3/4.
    CHECK(e.rows[0].values[1] == approx(0.25));
    CHECK(e.rows[1].values[1] == approx(4.0 / 9.0));
    CHECK(e.rows[2].values[2] == approx(4.0 / 49.0));
    CHECK(e.rows[0].values[3] == approx(0.75));
    CHECK(e.value == approx(38.0 / 49.0));
    // A residual also shows the best case: x (rank 2) gains 1 there.
    irlens::Explanation r = irlens::explain(f.qrels, f.runs[0], "1", irlens::parse_measure("INST(depth=3,out=ResEU)"));
    REQUIRE(r.columns.size() == 8);
    CHECK(r.rows[1].values[0] == 0.0);
    CHECK(r.rows[1].values[4] == 1.0);
}
