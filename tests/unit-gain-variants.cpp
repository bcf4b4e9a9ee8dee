// nDCG/DCG discount variants (dcg=log2|exp-log2|jk|1+logb) and the gains presets (linear, exp), on
// hand-checkable fixtures (Sakai, PROMISE 2013, Sec. 2.2; Jarvelin & Kekalainen 2002).
#include "fixture.hpp"

#include "irlens/error.hpp"

#include <cmath>

using irlens::test::approx;
using irlens::test::Fixture;

namespace {
// Topic 1: a (0), b (2), c (1) retrieved at ranks 1-3, d (0) at 4; e (1) is not retrieved.
// Ideal gains (linear): 2, 1, 1.
const char* kQrels = "1 0 a 0\n1 0 b 2\n1 0 c 1\n1 0 d 0\n1 0 e 1\n";
const char* kRun = "1 Q0 a 1 4 t\n1 Q0 b 2 3 t\n1 Q0 c 3 2 t\n1 Q0 d 4 1 t\n";
const double kLog3 = std::log2(3.0);
}  // namespace

TEST_CASE("nDCG discounted gain of a grade-3 document: 3 at rank 1, 3/log2(8) = 1 at rank 7") {
    const char* qrels = "1 0 h 3\n1 0 n 0\n";
    Fixture top(qrels, {"1 Q0 h 1 1 t\n"});
    CHECK(top.value("DCG", "1") == approx(3.0));
    Fixture seventh(qrels, {"1 Q0 x1 1 7 t\n1 Q0 x2 2 6 t\n1 Q0 x3 3 5 t\n1 Q0 x4 4 4 t\n1 Q0 x5 5 3 t\n1 Q0 n 6 2 t\n"
                            "1 Q0 h 7 1 t\n"});
    CHECK(seventh.value("DCG", "1") == approx(1.0));
    CHECK(seventh.value("DCG@6", "1") == approx(0.0));
    CHECK(seventh.value("nDCG", "1") == approx(1.0 / 3));  // ideal: 3 at rank 1
}

TEST_CASE("nDCG with gains=linear equals trec_eval's ndcg and ndcg_cut") {
    Fixture f(kQrels, {kRun});
    // DCG = 2/log2(3) + 1/log2(4); ideal = 2/1 + 1/log2(3) + 1/log2(4)
    double dcg = 2 / kLog3 + 0.5, ideal = 2 + 1 / kLog3 + 0.5;
    CHECK(f.value("DCG", "1") == approx(dcg));
    CHECK(f.value("IdealDCG", "1") == approx(ideal));
    CHECK(f.value("nDCG", "1") == approx(dcg / ideal));
    CHECK(f.value("nDCG(gains=linear)", "1") == approx(f.value("nDCG", "1")));
    // @2: DCG = 2/log2(3); ideal = 2 + 1/log2(3)
    CHECK(f.value("nDCG@2", "1") == approx((2 / kLog3) / (2 + 1 / kLog3)));
    for (const char* k : {"1", "2", "3", "4", "10"}) {
        std::string cut = std::string("nDCG@") + k, lin = std::string("nDCG(gains=linear)@") + k;
        CHECK_MESSAGE(f.value(lin, "1") == approx(f.value(cut, "1")), k);
    }
}

TEST_CASE("exponential gains: dcg=exp-log2 (Burges) and gains=exp give (2^g - 1)/log2(r + 1)") {
    Fixture f(kQrels, {kRun});
    // gains 3 (grade 2) and 1 (grade 1): DCG = 3/log2(3) + 1/2; ideal = 3 + 1/log2(3) + 1/2
    double dcg = 3 / kLog3 + 0.5, ideal = 3 + 1 / kLog3 + 0.5;
    CHECK(f.value("DCG(dcg=exp-log2)", "1") == approx(dcg));
    CHECK(f.value("DCG(gains=exp)", "1") == approx(dcg));
    CHECK(f.value("nDCG(dcg=exp-log2)", "1") == approx(dcg / ideal));
    CHECK(f.value("nDCG(gains=exp)@10", "1") == approx(dcg / ideal));
    CHECK(f.value("IdealDCG(gains=exp)", "1") == approx(ideal));
    // exp-log2 over a mapping: grade 2 -> 3 -> 2^3 - 1 = 7; grade 1 -> 1 -> 1: DCG = 7/log2(3) + 1/2
    CHECK(f.value("DCG(gains={2:3},dcg=exp-log2)", "1") == approx(7 / kLog3 + 0.5));
}

TEST_CASE("Jarvelin & Kekalainen's discounts: log base b with none for r <= b, and 1 + log_b r") {
    Fixture f(kQrels, {kRun});
    // jk, b = 2: ranks 1 and 2 undiscounted, rank 3 by log2(3): DCG = 2 + 1/log2(3); ideal = 2 + 1 + 1/log2(3)
    CHECK(f.value("DCG(dcg=jk)", "1") == approx(2 + 1 / kLog3));
    CHECK(f.value("nDCG(dcg=jk)", "1") == approx((2 + 1 / kLog3) / (3 + 1 / kLog3)));
    // jk, b = 10: no discount in the top 10: cumulated gain 3 over 4
    CHECK(f.value("nDCG(dcg=jk,b=10)", "1") == approx(0.75));
    // 1+logb, b = 2: rank 2 divides by 2, rank 3 by 1 + log2(3); ideal 2/1 + 1/2 + 1/(1 + log2(3))
    CHECK(f.value("DCG(dcg=1+logb)", "1") == approx(1 + 1 / (1 + kLog3)));
    CHECK(f.value("nDCG(dcg=1+logb)@2", "1") == approx(1.0 / 2.5));
    // b = 10: log10(3)
    CHECK(f.value("DCG(dcg=1+logb,b=10)", "1") == approx(2 / (1 + std::log10(2.0)) + 1 / (1 + std::log10(3.0))));

    // The lecture's warning: with b = 10 a relevant document at rank 1 and one at rank 10 score alike.
    const char* qrels = "1 0 r 1\n";
    Fixture first(qrels, {"1 Q0 r 1 10 t\n"});
    Fixture tenth(qrels, {"1 Q0 x1 1 10 t\n1 Q0 x2 2 9 t\n1 Q0 x3 3 8 t\n1 Q0 x4 4 7 t\n1 Q0 x5 5 6 t\n1 Q0 x6 6 5 t\n"
                          "1 Q0 x7 7 4 t\n1 Q0 x8 8 3 t\n1 Q0 x9 9 2 t\n1 Q0 r 10 1 t\n"});
    CHECK(first.value("nDCG(dcg=jk,b=10)", "1") == approx(1.0));
    CHECK(tenth.value("nDCG(dcg=jk,b=10)", "1") == approx(1.0));
    CHECK(tenth.value("nDCG(dcg=1+logb,b=10)", "1") == approx(0.5));  // 1 / (1 + log10(10))
}

TEST_CASE("gains presets in the other graded measures (RBP, condensed nDCG)") {
    Fixture f(kQrels, {kRun});
    // RBP(p=0.5) with exp gains normalised by the highest, 2^2 - 1 = 3: grade 2 -> 1, grade 1 -> 1/3:
    // (1 - 0.5) (0 + 1 * 0.5 + (1/3) * 0.25)
    CHECK(f.value("RBP(p=0.5,gains=exp)", "1") == approx(0.5 * (0.5 + 0.25 / 3)));
    // linear: grade / 2
    CHECK(f.value("RBP(p=0.5,gains=linear)", "1") == approx(f.value("RBP(p=0.5)", "1")));
    // judged_only: the same documents here (all judged)
    CHECK(f.value("nDCG(gains=exp,judged_only=True)", "1") == approx(f.value("nDCG(gains=exp)", "1")));
}

TEST_CASE("gains and dcg: canonical names and errors") {
    using irlens::parse_measure;
    using irlens::UsageError;
    CHECK(parse_measure("nDCG(gains=exp)@10").name() == "nDCG(gains=exp)@10");
    CHECK(parse_measure("nDCG(dcg=log2)@10").name() == "nDCG@10");
    CHECK(parse_measure("nDCG(dcg=jk,b=2)@10").name() == "nDCG(dcg=jk)@10");
    CHECK(parse_measure("nDCG(dcg=1+logb,b=10)").name() == "nDCG(dcg=1+logb,b=10)");
    CHECK_THROWS_WITH_AS(parse_measure("nDCG(gains=quadratic)"),
                         "measure 'nDCG(gains=quadratic)': parameter gains of nDCG must be linear, exp or a mapping "
                         "like {0:0,1:1,2:3}, got 'quadratic'",
                         UsageError);
    CHECK_THROWS_WITH_AS(
        parse_measure("nDCG(dcg=log10)"),
        "measure 'nDCG(dcg=log10)': parameter dcg of nDCG must be one of log2|exp-log2|jk|1+logb, got 'log10'",
        UsageError);
    Fixture f(kQrels, {kRun});
    CHECK_THROWS_WITH_AS(f.value("nDCG(b=10)", "1"),
                         "nDCG: b (the log base) applies to dcg=jk and dcg=1+logb; dcg=log2 uses base 2, got b=10",
                         UsageError);
    CHECK_THROWS_WITH_AS(f.value("DCG(dcg=jk,b=1)", "1"),
                         "measure 'DCG(dcg=jk,b=1)': parameter b of DCG must be a number > 1, got '1'", UsageError);
}
