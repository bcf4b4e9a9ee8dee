// F- and E-measures with beta in the textbook sense (Sakai, PROMISE 2013, Eqs. 1-5), by hand.
#include "fixture.hpp"

#include "irlens/error.hpp"

using irlens::test::approx;
using irlens::test::Fixture;

namespace {
// Relevant: a (2), c (1), d (1): |D*| = 3. Retrieved D: a b x c e (5 documents; x is not in the qrels,
// e judged -1): |D* n D| = 2 (a, c), P = 2/5, R = 2/3.
const char* kQrels = "1 0 a 2\n1 0 b 0\n1 0 c 1\n1 0 d 1\n1 0 e -1\n";
const char* kRun = "1 Q0 c 4 2 t\n1 Q0 a 1 5 t\n1 Q0 x 3 3 t\n1 Q0 b 2 4 t\n1 Q0 e 5 1 t\n";
}  // namespace

TEST_CASE("F_1 is the harmonic mean of P and R; E_1 is Eq. 1, (|D* u D| - |D* n D|) / (|D*| + |D|)") {
    Fixture f(kQrels, {kRun});
    // 2 P R / (P + R) = 2 (2/5)(2/3) / (2/5 + 2/3) = (8/15) / (16/15) = 0.5
    CHECK(f.value("F", "1") == approx(0.5));
    CHECK(f.value("F(beta=1)", "1") == approx(0.5));
    // Eq. 1: (6 - 2) / (3 + 5) = 0.5
    CHECK(f.value("E", "1") == approx((6.0 - 2.0) / (3.0 + 5.0)));
}

TEST_CASE("F_beta and E_beta (Eqs. 3-5), and trec_eval's SetF weight = beta^2") {
    Fixture f(kQrels, {kRun});
    // beta = 2: 5 P R / (4 P + R) = 5 (4/15) / (8/5 + 2/3) = (4/3) / (34/15) = 10/17
    CHECK(f.value("F(beta=2)", "1") == approx(10.0 / 17));
    // Eq. 3 with alpha = 1 / (beta^2 + 1) = 1/5: 1 - 1 / ((1/5)(5/2) + (4/5)(3/2)) = 1 - 1/1.7 = 7/17
    CHECK(f.value("E(beta=2)", "1") == approx(7.0 / 17));
    CHECK(f.value("SetF(beta=4)", "1") == approx(f.value("F(beta=2)", "1")));
    // beta = 0: precision
    CHECK(f.value("F(beta=0)", "1") == approx(0.4));
    // @2: D = {a, b}: P = 1/2, R = 1/3: 2 (1/6) / (5/6) = 0.4
    CHECK(f.value("F@2", "1") == approx(0.4));
    // @10: the set is the 5 documents retrieved (no padding, unlike P@10)
    CHECK(f.value("F@10", "1") == approx(0.5));
    // condensed: a b c -> P = 2/3, R = 2/3
    CHECK(f.value("F(judged_only=True)", "1") == approx(2.0 / 3));
    // rel=2: only a: P = 1/5, R = 1/1: 2 (1/5) / (6/5) = 1/3
    CHECK(f.value("F(rel=2)", "1") == approx(1.0 / 3));
}

TEST_CASE("F and E without a relevant document retrieved; bad beta") {
    Fixture f(kQrels, {"1 Q0 b 1 1 t\n1 Q0 zz 2 0 t\n"});
    CHECK(f.value("F", "1") == 0.0);
    CHECK(f.value("E", "1") == 1.0);
    CHECK(irlens::parse_measure("E-measure@10").name() == "E@10");  // defaults are not printed (issue 13)
    CHECK_THROWS_WITH_AS(f.value("F(beta=-2)", "1"),
                         "measure 'F(beta=-2)': parameter beta of F must be [0, 1e+100], got '-2'", irlens::UsageError);
}
