// Set measures (core/src/measures/set.cpp) on a hand-checkable fixture: SetP, SetRelP, SetR,
// SetAP, SetF and Utility with every parameter. Each expected value was also checked against
// trec_eval 10.0 (-m set, -J, -l2, -N 100, -c -q).
#include "fixture.hpp"

#include <climits>

using irlens::MissingTopics;
using irlens::test::approx;
using irlens::test::Fixture;

namespace {

// Topic 1: judged a 2, b 1, c 0, d 1, e -1. Retrieved (any order matters not): a x c e b.
//   rel=1: R = 3 (a b d), retrieved 5, relevant retrieved 2 (a b).
//   rel=2: R = 1 (a), relevant retrieved 1.
//   judged_only: x (not in the qrels) and e (judged negative) dropped -> retrieved 3.
// Topic 2: judged f 0 only (no relevant document); retrieved f g.
// Topic 3: judged h 1; the run has no results for it.
const char* kQrels = "1 0 a 2\n1 0 b 1\n1 0 c 0\n1 0 d 1\n1 0 e -1\n2 0 f 0\n3 0 h 1\n";
const char* kRun = "1 Q0 a 1 5 t\n1 Q0 x 2 4 t\n1 Q0 c 3 3 t\n1 Q0 e 4 2 t\n1 Q0 b 5 1 t\n2 Q0 f 1 2 t\n2 Q0 g 2 1 t\n";

const MissingTopics kZero = MissingTopics::Zero;

}  // namespace

TEST_CASE("SetP: relevant retrieved / retrieved") {
    Fixture f(kQrels, {kRun});
    CHECK(f.value("SetP", "1") == approx(0.4));                          // 2 / 5
    CHECK(f.value("SetP(rel=2)", "1") == approx(0.2));                   // 1 / 5
    CHECK(f.value("SetP(judged_only=True)", "1") == approx(2.0 / 3.0));  // 2 / 3
    CHECK(f.value("SetP", "2") == 0);                                    // 0 / 2
    CHECK(f.mean("SetP") == approx(0.2));                                // (0.4 + 0) / 2
    // No results: trec_eval -c scores its one placeholder document, not relevant -> 0 / 1.
    CHECK(f.value("SetP", "3", 0, kZero) == 0);
    CHECK(f.mean("SetP", 0, kZero) == approx(0.4 / 3));
}

TEST_CASE("SetRelP: relevant retrieved / min(retrieved, R)") {
    Fixture f(kQrels, {kRun});
    CHECK(f.value("SetRelP", "1") == approx(2.0 / 3.0));                    // 2 / min(5, 3)
    CHECK(f.value("SetRelP(rel=2)", "1") == approx(1.0));                   // 1 / min(5, 1)
    CHECK(f.value("SetRelP(judged_only=True)", "1") == approx(2.0 / 3.0));  // 2 / min(3, 3)
    CHECK(f.value("SetRelP", "2") == 0);                                    // R = 0: 0, not 0/0
    CHECK(f.value("SetRelP", "3", 0, kZero) == 0);
}

TEST_CASE("SetR: relevant retrieved / R") {
    Fixture f(kQrels, {kRun});
    CHECK(f.value("SetR", "1") == approx(2.0 / 3.0));
    CHECK(f.value("SetR(rel=2)", "1") == approx(1.0));
    CHECK(f.value("SetR(judged_only=True)", "1") == approx(2.0 / 3.0));
    CHECK(f.value("SetR", "2") == 0);  // R = 0
    CHECK(f.value("SetR", "3", 0, kZero) == 0);
}

TEST_CASE("SetAP: relevant retrieved^2 / (retrieved * R)") {
    Fixture f(kQrels, {kRun});
    CHECK(f.value("SetAP", "1") == approx(4.0 / 15.0));                   // 2*2 / (5*3)
    CHECK(f.value("SetAP(rel=2)", "1") == approx(0.2));                   // 1*1 / (5*1)
    CHECK(f.value("SetAP(judged_only=True)", "1") == approx(4.0 / 9.0));  // 2*2 / (3*3)
    CHECK(f.value("SetAP", "2") == 0);
    CHECK(f.value("SetAP", "3", 0, kZero) == 0);
}

TEST_CASE("SetF: (beta + 1) P R / (beta P + R), trec_eval's set_F.beta") {
    Fixture f(kQrels, {kRun});
    // P = 2/5, R = 2/3. beta = 1: 2 (4/15) / (2/5 + 2/3) = (8/15) / (16/15) = 1/2.
    CHECK(f.value("SetF", "1") == approx(0.5));
    // beta = 0.5: 1.5 (4/15) / (1/5 + 2/3) = (2/5) / (13/15) = 6/13.
    CHECK(f.value("SetF(beta=0.5)", "1") == approx(6.0 / 13.0));
    // rel=2: P = 1/5, R = 1: 2 (1/5) / (6/5) = 1/3.
    CHECK(f.value("SetF(rel=2)", "1") == approx(1.0 / 3.0));
    // judged_only: P = 2/3, R = 2/3 -> F = 2/3.
    CHECK(f.value("SetF(judged_only=True)", "1") == approx(2.0 / 3.0));
    CHECK(f.value("SetF", "2") == 0);  // nothing relevant retrieved: 0 (not 0/0)
    CHECK(f.value("SetF", "3", 0, kZero) == 0);
    CHECK(irlens::parse_measure("SetF").name() == "SetF");  // defaults are not printed (issue 13)
}

TEST_CASE("Utility: a relret + b nonrelret + c relnotret + d nonrelnotret") {
    Fixture f(kQrels, {kRun});
    // Defaults a=1 b=-1 c=0 d=0: 2 - 3 = -1.
    CHECK(f.value("Utility", "1") == approx(-1.0));
    CHECK(f.value("Utility", "2") == approx(-2.0));  // 0 relevant, 2 non-relevant retrieved
    // a=2 b=-1 c=-0.5 d=0.1 with N=100 documents: 2*2 - 1*3 - 0.5*(3 - 2) + 0.1*(100 + 2 - 5 - 3)
    //   = 4 - 3 - 0.5 + 9.4 = 9.9 (trec_eval -N 100 -m utility.2,-1,-0.5,0.1).
    const char* u = "Utility(a=2,b=-1,c=-0.5,d=0.1,N=100)";
    CHECK(f.value(u, "1") == approx(9.9));
    // Topic 2: 0 - 2 - 0 + 0.1*(100 + 0 - 2 - 0) = 7.8.
    CHECK(f.value(u, "2") == approx(7.8));
    // rel=2: relret 1, nonrelret 4: 1 - 4 = -3.
    CHECK(f.value("Utility(rel=2)", "1") == approx(-3.0));
    // judged_only: relret 2, nonrelret 1 (c): 2 - 1 = 1.
    CHECK(f.value("Utility(judged_only=True)", "1") == approx(1.0));
    // trec_eval -c zeroes utility for a topic without results: mean (-1 - 2 + 0) / 3.
    CHECK(f.value("Utility", "3", 0, kZero) == 0);
    CHECK(f.mean("Utility", 0, kZero) == approx(-1.0));
    // ... whatever the coefficients (trec_eval 10.0 would give 8.3 here, see unit-evaluate.cpp).
    CHECK(f.value(u, "3", 0, kZero) == 0);
    CHECK(irlens::parse_measure("Utility").name() == "Utility");  // defaults are not printed (issue 13)
    // The collection size does not overflow: d (N + 2 - 5 - 3) with N = LONG_MAX, plus 2 - 3.
    CHECK(f.value("Utility(d=1,N=" + std::to_string(LONG_MAX) + ")", "1") ==
          approx(static_cast<double>(LONG_MAX) - 6 - 1));
}
