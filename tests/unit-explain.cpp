// Explain mode: the recorded arithmetic of P, R, AP, RR, nDCG, DCG and RBP on a hand-checkable
// fixture, and that the explained value is bit-identical to the evaluated one.
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/evaluation/explain.hpp"

#include <cmath>

using irlens::test::approx;
using irlens::test::Fixture;
using namespace irlens;

namespace {
// Topic 1: a grade 2, b grade 0, c grade 1, d grade 1 (not retrieved); R = 3 (rel >= 1).
// run0 by score: a(4) b(3) c(2) x(1) -> rels 2, 0, 1, not in pool.
// run1 by score: b(3) c(2) a(1)      -> rels 0, 1, 2.
const char* kQrels = "1 0 a 2\n1 0 b 0\n1 0 c 1\n1 0 d 1\n2 0 z 1\n";
const char* kRun0 = "1 Q0 a 1 4 t\n1 Q0 b 2 3 t\n1 Q0 c 3 2 t\n1 Q0 x 4 1 t\n2 Q0 z 1 1 t\n";
const char* kRun1 = "1 Q0 b 1 3 t\n1 Q0 c 2 2 t\n1 Q0 a 3 1 t\n";

Explanation ex(const Fixture& f, const std::string& measure, std::size_t run = 0, const std::string& topic = "1") {
    return explain(f.qrels, f.runs.at(run), topic, parse_measure(measure));
}

std::size_t column(const Explanation& e, const std::string& name) {
    for (std::size_t i = 0; i < e.columns.size(); ++i)
        if (e.columns[i] == name) return i;
    FAIL("no column " << name);
    return 0;
}
}  // namespace

TEST_CASE("explained values are exactly the evaluated ones") {
    Fixture f(kQrels, {kRun0, kRun1});
    for (const char* m : {"P@2", "R@4", "Success@1", "RelP@2", "AP", "AP@2", "RR", "RR@1", "nDCG", "nDCG@3",
                          "nDCG(gains={0:0,1:1,2:3})@2", "DCG", "DCG@2", "IdealDCG", "RBP", "RBP(p=0.5,rel=1)@3"})
        for (std::size_t run = 0; run < 2; ++run) {
            CAPTURE(m);
            CAPTURE(run);
            CHECK(ex(f, m, run).value == f.value(m, "1", run));
        }
}

TEST_CASE("P@2: relevant flags and running count per rank") {
    Fixture f(kQrels, {kRun0});
    Explanation e = ex(f, "P@2");
    CHECK(e.measure == "P@2");
    CHECK(e.run == "run0");
    CHECK(e.topic == "1");
    REQUIRE(e.rows.size() == 2);  // only the top 2 are visited
    CHECK(e.rows[0].doc == "a");
    CHECK(e.rows[0].rel == 2);
    CHECK(e.rows[1].doc == "b");
    CHECK(e.rows[1].rel == 0);
    std::size_t so_far = column(e, "relevant so far");
    CHECK(e.rows[0].values[so_far] == 1.0);  // a relevant
    CHECK(e.rows[1].values[so_far] == 1.0);  // b not
    REQUIRE(e.terms.size() == 2);
    CHECK(e.terms[0].second == 1.0);  // relevant in the top 2
    CHECK(e.terms[1].second == 0.5);  // 1 / 2
    CHECK(e.value == 0.5);
}

TEST_CASE("R@4 divides by R = 3") {
    Fixture f(kQrels, {kRun0});
    Explanation e = ex(f, "R@4");
    CHECK(e.rows.size() == 4);
    CHECK(e.rows[3].doc == "x");
    CHECK(e.rows[3].rel == kNotInPool);
    CHECK(e.terms[1].second == 3.0);      // R
    CHECK(e.value == approx(2.0 / 3.0));  // a, c
}

TEST_CASE("AP: precision at each relevant rank, running sum, over R") {
    Fixture f(kQrels, {kRun0});
    Explanation e = ex(f, "AP");
    REQUIRE(e.rows.size() == 4);
    std::size_t prec = column(e, "precision at rank"), sum = column(e, "sum of precisions");
    CHECK(e.rows[0].values[prec] == 1.0);                // a: 1/1
    CHECK(std::isnan(e.rows[1].values[prec]));           // b is not relevant
    CHECK(e.rows[2].values[prec] == approx(2.0 / 3.0));  // c: 2/3
    CHECK(e.rows[3].values[sum] == approx(5.0 / 3.0));   // 1 + 2/3
    CHECK(e.value == approx(5.0 / 9.0));                 // (5/3) / 3
}

TEST_CASE("RR stops at the first relevant document") {
    Fixture f(kQrels, {kRun0, kRun1});
    Explanation e = ex(f, "RR", 1);
    REQUIRE(e.rows.size() == 2);  // b (0), c (1) -> stop
    CHECK(e.rows[1].doc == "c");
    CHECK(e.terms[0].second == 2.0);  // rank 2
    CHECK(e.value == 0.5);
}

TEST_CASE("nDCG@3 (trec_eval's ndcg_cut): gains, discounts, DCG and the ideal ranking") {
    Fixture f(kQrels, {kRun0});
    Explanation e = ex(f, "nDCG@3");
    // DCG@3 = 2/log2(2) + 0/log2(3) + 1/log2(4) = 2 + 0 + 0.5 = 2.5
    // ideal gains 2, 1, 1: IDCG@3 = 2 + 1/log2(3) + 1/2 = 2.5 + 0.63092975357145743 = 3.1309...
    REQUIRE(e.rows.size() == 3);
    std::size_t gain = column(e, "gain"), disc = column(e, "discount log2(rank+1)"), dcg = column(e, "DCG so far");
    std::size_t igain = column(e, "ideal gain"), idcg = column(e, "IDCG so far");
    CHECK(e.rows[0].values[gain] == 2.0);
    CHECK(e.rows[1].values[disc] == approx(std::log2(3.0)));
    CHECK(e.rows[2].values[dcg] == approx(2.5));
    CHECK(e.rows[1].values[igain] == 1.0);
    CHECK(e.rows[2].values[idcg] == approx(2.5 + 1.0 / std::log2(3.0)));
    CHECK(e.value == approx(2.5 / (2.5 + 1.0 / std::log2(3.0))));
}

TEST_CASE("DCG without cutoff; the ideal ranking's tail is listed past the run's list") {
    Fixture f(kQrels, {kRun1});
    Explanation e = ex(f, "nDCG");
    // run1: b c a -> gains 0, 1, 2: DCG = 1/log2(3) + 2/log2(4) = 0.63092975357145743 + 1
    // ideal 2, 1, 1 (d is never retrieved): IDCG = 2 + 1/log2(3) + 1/2
    REQUIRE(e.rows.size() == 3);
    CHECK(e.rows[2].values[column(e, "DCG so far")] == approx(1.0 / std::log2(3.0) + 1.0));
    CHECK(e.value == approx((1.0 / std::log2(3.0) + 1.0) / (2.5 + 1.0 / std::log2(3.0))));
    Fixture g("1 0 a 1\n1 0 b 1\n", {"1 Q0 a 1 1 t\n"});
    Explanation t = ex(g, "DCG");
    // ideal ranking a, b: rank 2 is past the run's single document
    REQUIRE(t.rows.size() == 2);
    CHECK(t.rows[1].retrieved == false);
    CHECK(t.rows[1].doc.empty());
    CHECK(t.rows[1].values[column(t, "IDCG so far")] == approx(1.0 + 1.0 / std::log2(3.0)));
    CHECK(t.value == 1.0);  // DCG = 1/log2(2)
}

TEST_CASE("RBP: graded gains over the highest grade, p^(rank-1), running sum") {
    Fixture f(kQrels, {kRun0});
    Explanation e = ex(f, "RBP(p=0.5)");
    // gains a 2/2 = 1, b 0, c 1/2, x 0; weights 1, 0.5, 0.25, 0.125
    // sum = 1 + 0 + 0.125 + 0 = 1.125; RBP = 0.5 * 1.125 = 0.5625
    REQUIRE(e.rows.size() == 4);
    CHECK(e.rows[2].values[column(e, "gain")] == 0.5);
    CHECK(e.rows[2].values[column(e, "p^(rank-1)")] == 0.25);
    CHECK(e.rows[3].values[column(e, "sum so far")] == 1.125);
    CHECK(e.value == 0.5625);
}

TEST_CASE("explain errors") {
    Fixture f(kQrels, {kRun0});
    // The list in the message is the registry's explainable measures (not a hand-kept list). Once
    // every measure is explainable (unit-explain-registry.cpp) there is no measure to refuse.
    const MeasureInfo* refused = nullptr;
    for (const MeasureInfo& m : registry())
        if (!refused && !m.explainable()) refused = &m;
    if (refused) {
        std::string message;
        try {
            explain(f.qrels, f.runs.at(0), "1", MeasureSpec::example(*refused));
        } catch (const UsageError& e) {
            message = e.what();
        }
        CHECK(message.rfind("explain: " + MeasureSpec::example(*refused).name() +
                                " has no explanation yet (explained: P, R, Success, RelP, ",
                            0) == 0);
        for (const char* m : {", AP,", ", nDCG,", ", RBP,", ", Compat,", ", U_IA,", ", D-U,", ", Bpref,", ", TBG,"}) {
            CAPTURE(m);
            CHECK(message.find(m) != std::string::npos);
        }
    }
    CHECK_THROWS_WITH_AS(ex(f, "P@5", 0, "9"), "explain: topic '9' is not in the qrels", UsageError);
}

TEST_CASE("a topic the run did not answer is explained on trec_eval -c's placeholder") {
    Fixture f(kQrels, {kRun1});
    Explanation e = ex(f, "P@1", 0, "2");
    CHECK(e.missing);
    CHECK(e.value == 0.0);
}
