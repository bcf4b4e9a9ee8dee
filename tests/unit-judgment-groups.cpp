// Judgment-group measures (qrels_jg: `topic group doc rel`) on hand-checkable fixtures (arithmetic in
// comments). The expected values were also checked against the trec_eval 10.0 binary.
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/frontends/trec_eval.hpp"

using namespace irlens;
using irlens::test::approx;
using irlens::test::Fixture;

namespace {
// Topic 1, two users: u1 judges a 1, b 0, c 1; u2 judges b 1, c 0 (a is not in u2's pool).
// Topic 2, one user: d 1, e 2.
const char* kQrels = "1 u1 a 1\n1 u1 b 0\n1 u1 c 1\n1 u2 b 1\n1 u2 c 0\n2 only d 1\n2 only e 2\n";
// Topic 1 ranking a b c x; topic 2 ranking e y d.
const char* kRun = "1 Q0 a 1 3 r\n1 Q0 b 2 2 r\n1 Q0 c 3 1 r\n1 Q0 x 4 0 r\n2 Q0 e 1 2 r\n2 Q0 y 2 1 r\n2 Q0 d 3 0 r\n";
}  // namespace

TEST_CASE("APAvgJG: AP against each group's judgments, averaged over the groups") {
    Fixture f(kQrels, {kRun}, QrelsFormat::Grouped);
    // u1: rels 1 0 1 -, R 2: (1/1 + 2/3) / 2 = 5/6.  u2: rels - 1 0 -, R 1: (1/2) / 1 = 1/2.
    CHECK(f.value("APAvgJG", "1") == approx((5.0 / 6.0 + 0.5) / 2.0));
    // One group: no averaging. rels 2 - 1, R 2: (1/1 + 2/3) / 2.
    CHECK(f.value("APAvgJG", "2") == approx(5.0 / 6.0));
    // rel=2: topic 1 has no relevant doc in either group; topic 2 only e: 1/1.
    CHECK(f.value("APAvgJG(rel=2)", "1") == 0.0);
    CHECK(f.value("APAvgJG(rel=2)", "2") == approx(1.0));
    CHECK(f.value("map_avgjg", "1") == approx(2.0 / 3.0));  // trec_eval's name is an alias
}

TEST_CASE("PAvgJG and RprecMultAvgJG") {
    Fixture f(kQrels, {kRun}, QrelsFormat::Grouped);
    CHECK(f.value("PAvgJG@1", "1") == approx(0.5));        // u1: a relevant 1/1; u2: 0/1
    CHECK(f.value("PAvgJG@4", "1") == approx(3.0 / 8.0));  // u1 2/4, u2 1/4
    CHECK(f.value("PAvgJG@4", "2") == approx(0.5));        // e, d: 2/4
    // mult 1: u1 R 2, P@2 = 1/2; u2 R 1, cutoff (long)(1 + 0.9) = 1 and a is not relevant for u2:
    // trec_eval's backward scan stops at b (rank 2) before reaching rank 1 -> 0. (0.5 + 0) / 2.
    CHECK(f.value("RprecMultAvgJG(mult=1)", "1") == approx(0.25));
    // mult 2: u1 cutoff 4: 2/4; u2 cutoff (long)(2.9) = 2: 1/2.
    CHECK(f.value("RprecMultAvgJG(mult=2)", "1") == approx(0.5));
    // Topic 2, mult 2: cutoff 4 beyond the 3 retrieved: num_rel_ret 2 / 4.
    CHECK(f.value("RprecMultAvgJG(mult=2)", "2") == approx(0.5));
}

TEST_CASE("judgment-group measures need grouped qrels; trec_eval -m qrels_jg") {
    Fixture plain("1 0 a 1\n", {"1 Q0 a 1 1 r\n"});
    CHECK_THROWS_WITH_AS(plain.value("APAvgJG", "1"),
                         "APAvgJG needs judgment-group qrels, `topic group doc rel` (trec_eval -R qrels_jg)",
                         UsageError);
    Fixture f(kQrels, {kRun}, QrelsFormat::Grouped);
    TrecEvalOptions o;
    o.measures = {"qrels_jg"};
    o.per_query = false;
    std::string out = trec_eval(o, f.qrels, f.runs[0]);
    // Means over the 2 topics: map (2/3 + 5/6) / 2 = 0.75; the default cutoffs follow trec_eval.
    CHECK(out.rfind(
              "runid                 \tall\tr\nnum_q                 \tall\t2\nmap_avgjg             \tall\t0.7500\n"
              "P_avgjg_5             \tall\t",
              0) == 0);
    CHECK(out.find("Rprec_mult_avgjg_2.00 \tall\t0.5000\n") != std::string::npos);
    o.measures = {"map"};
    CHECK_THROWS_WITH_AS(trec_eval(o, f.qrels, f.runs[0]), "trec_eval: measure 'map' needs -R qrels, not -R qrels_jg",
                         UsageError);
}
