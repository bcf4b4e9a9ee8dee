// Sakai's blended-ratio measures (Q, R-measure, P-measure, O-measure, P+): the lecture's worked
// numbers and hand-built fixtures (PROMISE 2013, Sec. 2.2), arithmetic in the comments.
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "measures/sakai.hpp"

using irlens::test::approx;
using irlens::test::Fixture;

namespace {
// The lecture's P+ example: a marginally relevant document (grade 1) at rank 2, highly relevant
// ones (grade 2) at ranks 4 and 6, the rest non-relevant; one more marginally relevant document
// (g) is not retrieved. R = 4; linear gains; the ideal list is 2, 2, 1, 1, so
// cg*(1..6) = 2, 4, 5, 6, 6, 6, and along the run:
//   rank  grade  C  cg  cg*
//    2      1    1   1   4     BR(2) = (1 + b) / (2 + 4b)
//    4      2    2   3   6     BR(4) = (2 + 3b) / (4 + 6b)
//    6      2    3   5   6     BR(6) = (3 + 5b) / (6 + 6b)
const char* kQrels = "1 0 a 0\n1 0 b 1\n1 0 c 0\n1 0 d 2\n1 0 e 0\n1 0 f 2\n1 0 g 1\n";
const char* kRun = "1 Q0 a 1 6 t\n1 Q0 b 2 5 t\n1 Q0 c 3 4 t\n1 Q0 d 4 3 t\n1 Q0 e 5 2 t\n1 Q0 f 6 1 t\n";
}  // namespace

TEST_CASE("Q-measure (Eqs. 12-13): blended ratios averaged over R, or over min(l, R) at depth l") {
    Fixture f(kQrels, {kRun});
    // beta = 1: BR = 2/6, 5/10, 8/12 -> (1/3 + 1/2 + 2/3) / 4 = 0.375
    CHECK(f.value("Q", "1") == approx((1.0 / 3 + 0.5 + 2.0 / 3) / 4));
    CHECK(f.value("Q(beta=1)", "1") == approx(0.375));
    // beta = 2: BR = 3/10, 8/16, 13/18 -> (0.3 + 0.5 + 13/18) / 4
    CHECK(f.value("Q(beta=2)", "1") == approx((0.3 + 0.5 + 13.0 / 18) / 4));
    // depth 4: (1/3 + 1/2) / min(4, 4); depth 3: (1/3) / min(3, 4)
    CHECK(f.value("Q@4", "1") == approx((1.0 / 3 + 0.5) / 4));
    CHECK(f.value("Q@3", "1") == approx(1.0 / 9));
    // rel=2: only d and f are relevant (R = 2), gains 2 each, ideal 2, 2 -> cg* = 2, 4, 4, ...
    //   rank 4: C=1, cg=2, cg*=4: BR = (1 + 2) / (4 + 4) = 3/8; rank 6: C=2, cg=4: (2 + 4) / (6 + 4) = 6/10
    CHECK(f.value("Q(rel=2)", "1") == approx((3.0 / 8 + 0.6) / 2));
    // gains={1:1,2:3}: ideal 3, 3, 1, 1 -> cg* = 3, 6, 7, 8; rank 2: (1+1)/(2+6); rank 4: (2+4)/(4+8);
    // rank 6: (3+7)/(6+8)
    CHECK(f.value("Q(gains={1:1,2:3})", "1") == approx((2.0 / 8 + 6.0 / 12 + 10.0 / 14) / 4));
    // exp gains are 2^g - 1: the same table as {1:1,2:3}
    CHECK(f.value("Q(gains=exp)", "1") == approx((2.0 / 8 + 6.0 / 12 + 10.0 / 14) / 4));
}

TEST_CASE("Q with beta = 0 is AP; at depth l it is AP normalised by min(l, R) (Eq. 10)") {
    Fixture f(kQrels, {kRun});
    // AP = (1/2 + 2/4 + 3/6) / 4 = 0.375
    CHECK(f.value("Q(beta=0)", "1") == approx(f.value("AP", "1")));
    CHECK(f.value("Q(beta=0)", "1") == approx(0.375));
    // depth 2: (1/2) / min(2, 4) = 0.25, while trec_eval's map_cut.2 divides by R: 0.125
    CHECK(f.value("Q(beta=0)@2", "1") == approx(f.value("AP(denom=min)@2", "1")));
    CHECK(f.value("AP(denom=min)@2", "1") == approx(0.25));
    CHECK(f.value("AP@2", "1") == approx(0.125));
    // depth beyond R: min(10, 4) = R, the two agree
    CHECK(f.value("AP(denom=min)@10", "1") == approx(f.value("AP@10", "1")));

    // On a second fixture with unjudged documents and two topics, raw and condensed.
    Fixture g("1 0 a 2\n1 0 b 0\n1 0 c 1\n1 0 d 1\n1 0 e -1\n2 0 f 1\n2 0 g 0\n2 0 h 1\n",
              {"1 Q0 c 4 2 t\n1 Q0 a 1 5 t\n1 Q0 x 3 3 t\n1 Q0 b 2 4 t\n1 Q0 e 5 1 t\n"
               "2 Q0 y 1 9 t\n2 Q0 z 2 8 t\n2 Q0 g 3 7 t\n2 Q0 h 4 6 t\n2 Q0 w 5 5 t\n2 Q0 f 6 4 t\n"});
    for (const char* topic : {"1", "2"}) {
        CHECK(g.value("Q(beta=0)", topic) == approx(g.value("AP", topic)));
        CHECK(g.value("Q(beta=0,judged_only=True)", topic) == approx(g.value("AP(judged_only=True)", topic)));
    }
}

TEST_CASE("BR(r1) = 1/r1 for r1 <= R and (1 + beta)/(r1 + beta R) for r1 > R (Fig. 3, binary relevance)") {
    // R = 5 relevant documents; O-measure is BR(r1).
    const char* qrels = "1 0 r1 1\n1 0 r2 1\n1 0 r3 1\n1 0 r4 1\n1 0 r5 1\n";
    // First relevant at rank 7 (six unjudged documents above it).
    Fixture late(qrels, {"1 Q0 n1 1 9 t\n1 Q0 n2 2 8 t\n1 Q0 n3 3 7 t\n1 Q0 n4 4 6 t\n1 Q0 n5 5 5 t\n1 Q0 n6 6 4 t\n"
                         "1 Q0 r1 7 3 t\n"});
    CHECK(late.value("OMeasure", "1") == approx(2.0 / 12));          // (1 + 1) / (7 + 5)
    CHECK(late.value("OMeasure(beta=2)", "1") == approx(3.0 / 17));  // (1 + 2) / (7 + 10)
    CHECK(late.value("OMeasure(beta=0)", "1") == approx(1.0 / 7));   // precision, RR
    // First relevant at rank 3 <= R: 1/3 whatever beta: (1 + b) / (3 + 3b)
    Fixture early(qrels, {"1 Q0 n1 1 9 t\n1 Q0 n2 2 8 t\n1 Q0 r1 3 7 t\n"});
    CHECK(early.value("OMeasure", "1") == approx(1.0 / 3));
    CHECK(early.value("OMeasure(beta=5)", "1") == approx(1.0 / 3));
    CHECK(early.value("OMeasure@2", "1") == approx(0.0));  // nothing relevant in the top 2
}

TEST_CASE("P+ (Eq. 14), P-measure, O-measure and R-measure on the lecture's example (r_p = 4, r_1 = 2)") {
    Fixture f(kQrels, {kRun});
    // P+ = (BR(2) + BR(4)) / C(4) = (1/3 + 1/2) / 2
    CHECK(f.value("P+", "1") == approx(5.0 / 12));
    CHECK(f.value("Pplus(beta=1)", "1") == approx(5.0 / 12));
    // within depth 3 the most relevant retrieved is b (grade 1) at rank 2: r_p = 2, P+ = BR(2) / 1
    CHECK(f.value("P+@3", "1") == approx(1.0 / 3));
    CHECK(f.value("PMeasure", "1") == approx(0.5));      // BR(r_p) = BR(4) = 5/10
    CHECK(f.value("OMeasure", "1") == approx(1.0 / 3));  // BR(r_1) = BR(2) = 2/6
    CHECK(f.value("RMeasure", "1") == approx(0.5));      // BR(R) = BR(4)
    // beta = 2: BR(2) = 3/10, BR(4) = 8/16
    CHECK(f.value("P+(beta=2)", "1") == approx((0.3 + 0.5) / 2));
    // R-measure with a ranking shorter than R: only b (rank 1) retrieved, R = 4:
    // (C + b cg) / (R + b cg*(R)) = (1 + 1) / (4 + 6)
    Fixture s(kQrels, {"1 Q0 b 1 1 t\n"});
    CHECK(s.value("RMeasure", "1") == approx(0.2));
    // Nothing relevant retrieved: 0 for all.
    Fixture none(kQrels, {"1 Q0 a 1 1 t\n1 Q0 zz 2 0 t\n"});
    for (const char* m : {"Q", "P+", "PMeasure", "OMeasure", "RMeasure"}) CHECK_MESSAGE(none.value(m, "1") == 0.0, m);
}

TEST_CASE("q_measure and p_plus as free functions (the diversity family's entry points)") {
    using namespace irlens;
    Fixture f(kQrels, {kRun});
    Ranking r = make_ranking(*f.runs[0], 0, order_topic(*f.runs[0], 0), RankingOptions{});
    std::vector<measures::GainLevel> gains = measures::setup_gains({}, r);
    CHECK(measures::q_measure(r, gains, 1.0, -1) == approx(0.375));
    CHECK(measures::q_measure(r, gains, 1.0, 4) == approx(5.0 / 24));
    CHECK(measures::p_plus(r, gains, 1.0) == approx(5.0 / 12));
    CHECK(measures::p_plus_at(r, gains, 1.0, 3) == approx(1.0 / 3));
}

TEST_CASE("blended-ratio parameters: names and errors") {
    using irlens::UsageError;
    CHECK(irlens::parse_measure("Q").name() == "Q");  // defaults are not printed (issue 13)
    CHECK(irlens::parse_measure("Q-measure@10").name() == "Q@10");
    CHECK(irlens::parse_measure("P+(beta=0.5)@10").name() == "P+(beta=0.5)@10");
    Fixture f(kQrels, {kRun});
    CHECK_THROWS_WITH_AS(f.value("Q(beta=-1)", "1"),
                         "measure 'Q(beta=-1)': parameter beta of Q must be [0, 1e+100], got '-1'", UsageError);
    CHECK_THROWS_WITH_AS(irlens::parse_measure("RMeasure@5"), "measure 'RMeasure@5': RMeasure takes no @cutoff",
                         UsageError);
}
