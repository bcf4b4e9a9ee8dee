// Explanations of the families explained since issue 14, checked by hand on one topic: the rows
// and terms are the arithmetic of the definition (the values are also checked against evaluate()
// over the whole registry in unit-explain-registry.cpp).
#include "fixture.hpp"

#include "irlens/evaluation/explain.hpp"

#include <cmath>

using irlens::test::approx;
using irlens::test::Fixture;
using namespace irlens;

namespace {
// Topic 1: a 3, b 0, c 1, d 2, e 1, u judged -2; R = 4 (a, c, d, e), N = 1 (b).
// run0 by score: b a x u c e (x not in the qrels). run1: c d a.
const char* kQrels = "1 0 a 3\n1 0 b 0\n1 0 c 1\n1 0 d 2\n1 0 e 1\n1 0 u -2\n";
const char* kRun0 = "1 Q0 b 1 9 t\n1 Q0 a 2 8 t\n1 Q0 x 3 7 t\n1 Q0 u 4 6 t\n1 Q0 c 5 5 t\n1 Q0 e 6 4 t\n";
const char* kRun1 = "1 Q0 c 1 3 t\n1 Q0 d 2 2 t\n1 Q0 a 3 1 t\n";

Explanation ex(const Fixture& f, const std::string& measure, std::size_t run = 0) {
    return explain(f.qrels, f.runs.at(run), "1", parse_measure(measure));
}
std::size_t column(const Explanation& e, const std::string& name) {
    for (std::size_t i = 0; i < e.columns.size(); ++i)
        if (e.columns[i] == name) return i;
    FAIL("no column " << name);
    return 0;
}
double term(const Explanation& e, const std::string& name) {
    for (const auto& [n, v] : e.terms)
        if (n == name) return v;
    FAIL("no term " << name);
    return 0;
}
}  // namespace

TEST_CASE("Q: the blended ratio at every rank") {
    Fixture f(kQrels, {kRun0});
    Explanation e = ex(f, "Q");
    REQUIRE(e.rows.size() == 6);
    std::size_t br = column(e, "BR(k)"), ideal = column(e, "cg*(k)");
    // Ideal gains 3 2 1 1: cg* = 3, 5, 6, 7, 7, 7. BR(k) = (C(k) + cg(k)) / (k + cg*(k)).
    CHECK(e.rows[0].values[br] == 0.0);                 // b: (0 + 0) / (1 + 3)
    CHECK(e.rows[1].values[br] == approx(4.0 / 7.0));   // a: (1 + 3) / (2 + 5)
    CHECK(e.rows[2].values[br] == approx(4.0 / 9.0));   // x: (1 + 3) / (3 + 6)
    CHECK(e.rows[4].values[br] == approx(6.0 / 12.0));  // c: (2 + 4) / (5 + 7)
    CHECK(e.rows[5].values[br] == approx(8.0 / 13.0));  // e: (3 + 5) / (6 + 7)
    CHECK(e.rows[3].values[ideal] == 7.0);
    CHECK(e.value == approx((4.0 / 7.0 + 0.5 + 8.0 / 13.0) / 4.0));
}

TEST_CASE("ERR: satisfaction probabilities and the chance of reaching each rank") {
    Fixture f(kQrels, {kRun0});
    Explanation e = ex(f, "ERR(max_grade=3)");
    std::size_t pr = column(e, "Pr(r)"), dsat = column(e, "dsat(r-1)");
    CHECK(term(e, "gmax") == 3.0);                               // max_grade=3, the highest grade in the qrels
    CHECK(e.rows[1].values[pr] == 7.0 / 8.0);                    // a: (2^3 - 1) / 2^3
    CHECK(e.rows[4].values[dsat] == 1.0 / 8.0);                  // past a: 1 - 7/8
    CHECK(e.rows[5].values[dsat] == (1.0 / 8.0) * (7.0 / 8.0));  // past c (Pr 1/8)
    CHECK(e.value == approx(0.875 / 2 + (1.0 / 8) * (1.0 / 8) / 5 + (1.0 / 8) * (7.0 / 8) * (1.0 / 8) / 6));
}

TEST_CASE("RprecMult: trec_eval's backward scan stops at the cutoff") {
    Fixture f(kQrels, {kRun0});
    Explanation e = ex(f, "RprecMult");
    CHECK(term(e, "c = (long)(mult * R + 0.9)") == 4.0);  // (long)(4.9)
    // From rank 6 up: e, c relevant; at rank 4 one relevant document (a) is left: 1/4.
    REQUIRE(e.rows.size() == 3);
    CHECK(e.rows[0].rank == 4);
    CHECK(e.value == 0.25);
}

TEST_CASE("infAP and bpref: the documents they skip, and each relevant document's term") {
    Fixture f(kQrels, {kRun0, kRun1});
    Explanation inf = ex(f, "infAP");
    const double eps = 0.00001;
    // b non-relevant; a (rank 2); x skipped; u pooled-unjudged; c (rank 5); e (rank 6).
    double a = 0.5 + 0.5 * (1.0 / 1.0) * (eps / (1 + 2 * eps));
    double c = 0.2 + 0.8 * (3.0 / 4.0) * ((1 + eps) / (2 + 2 * eps));
    double ee = 1.0 / 6 + (5.0 / 6) * (4.0 / 5.0) * ((2 + eps) / (3 + 2 * eps));
    CHECK(inf.rows.size() == 5);  // x is not in the pool: no row
    CHECK(inf.rows[1].values[column(inf, "term")] == approx(a));
    CHECK(inf.value == approx((a + c + ee) / 4));
    // run1: c d a, nothing judged non-relevant above any of them: (1 + 1 + 1) / R = 3/4.
    Explanation bp = ex(f, "Bpref", 1);
    CHECK(term(bp, "N (non-relevant judged)") == 1.0);
    CHECK(bp.value == 0.75);
}

TEST_CASE("judgment groups: the measure against each group, then the mean") {
    // Topic 2, two users: u1 judges a 1, b 0; u2 judges b 1, c 0. The run: a b c.
    Fixture f("2 u1 a 1\n2 u1 b 0\n2 u2 b 1\n2 u2 c 0\n", {"2 Q0 a 1 3 t\n2 Q0 b 2 2 t\n2 Q0 c 3 1 t\n"},
              QrelsFormat::Grouped);
    Explanation e = explain(f.qrels, f.runs[0], "2", parse_measure("APAvgJG"));
    CHECK(term(e, "AP against group u1") == 1.0);  // a at rank 1, R 1
    CHECK(term(e, "AP against group u2") == 0.5);  // b at rank 2, R 1
    CHECK(e.rows[0].values[column(e, "relevant to group u1")] == 1.0);
    CHECK(e.rows[1].values[column(e, "relevant to group u2")] == 1.0);
    CHECK(e.value == 0.75);
}
