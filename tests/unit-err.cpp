// ERR and nERR (Sakai, PROMISE 2013, Eq. 15; Chapelle et al. 2009) on hand-checkable fixtures.
#include "fixture.hpp"

#include "irlens/error.hpp"

using irlens::test::approx;
using irlens::test::Fixture;

namespace {
// Three relevance levels (max grade 3 in the file): with max_grade=3, Pr = (2^g - 1) / 2^3 = 1/8, 3/8, 7/8.
// Topic 1: a non-relevant document at rank 1, a highly relevant one (grade 3) at rank 2; c (grade 1)
// is not retrieved. Topic 2: highly relevant documents at ranks 1 and 2.
const char* kQrels = "1 0 a 0\n1 0 b 3\n1 0 c 1\n2 0 d 3\n2 0 e 3\n";
const char* kRun = "1 Q0 a 1 2 t\n1 Q0 b 2 1 t\n2 Q0 d 1 2 t\n2 Q0 e 2 1 t\n";
}  // namespace

TEST_CASE("ERR: stopping probabilities 0.875 vs 0.1094 at rank 2 (the lecture's diminishing return)") {
    Fixture f(kQrels, {kRun});
    // Topic 1: rank 2 is reached unsatisfied with probability 1: stop there with 1 * 7/8 = 0.875;
    // ERR = 0.875 / 2.
    CHECK(f.value("ERR(max_grade=3)", "1") == approx(0.875 / 2));
    // Topic 2: stop at rank 1 with 7/8; reach rank 2 unsatisfied with 1/8 and stop there with
    // (1 - 7/8) * 7/8 = 0.109375; ERR = 7/8 + 0.109375 / 2.
    CHECK(f.value("ERR(max_grade=3)", "2") == approx(0.875 + 0.109375 / 2));
    CHECK(f.value("ERR(max_grade=3)", "2") - 0.875 == approx(0.1094 / 2).epsilon(1e-3));
    // @1: topic 1 has nothing at rank 1.
    CHECK(f.value("ERR(max_grade=3)@1", "1") == approx(0.0));
    CHECK(f.value("ERR(max_grade=3)@1", "2") == approx(0.875));
    // The default max_grade is 4 (gdeval's MAX_JUDGMENT, ir_measures' ERR) on grades up to 4: Pr(grade 3) = 7/16
    CHECK(f.value("ERR", "1") == approx(7.0 / 16 / 2));
    CHECK(f.value("ERR(max_grade=4)", "1") == approx(7.0 / 16 / 2));
    // gains={3:2}: grade 3 gains 2, Pr = 3/4 with gmax 2
    CHECK(f.value("ERR(gains={3:2},max_grade=2)", "1") == approx(0.75 / 2));
    // rel=2: grade-1 documents no longer satisfy (none retrieved here: same values)
    CHECK(f.value("ERR(rel=2,max_grade=3)", "2") == approx(0.875 + 0.109375 / 2));
}

TEST_CASE("nERR: ERR over the ideal ranking's ERR") {
    Fixture f(kQrels, {kRun});
    // Topic 1 ideal: b (7/8), c (1/8): 7/8 + (1/8)(1/8)/2 = 113/128; nERR = (7/16) / (113/128) = 56/113
    CHECK(f.value("nERR(max_grade=3)", "1") == approx(56.0 / 113));
    // @1: the ideal has 7/8 at rank 1, the run 0.
    CHECK(f.value("nERR(max_grade=3)@1", "1") == approx(0.0));
    // Topic 2 is ideal.
    CHECK(f.value("nERR", "2") == approx(1.0));
    CHECK(f.value("nERR@1", "2") == approx(1.0));
    // A topic without relevant judgments: 0.
    Fixture z("1 0 a 0\n2 0 b 1\n", {"1 Q0 a 1 1 t\n"});
    CHECK(z.value("nERR", "1") == 0.0);
}

TEST_CASE("ERR: a satisfaction probability above 1 is a usage error") {
    Fixture f(kQrels, {kRun});
    CHECK_THROWS_WITH_AS(f.value("ERR(max_grade=2)", "1"),
                         "ERR: a gain of 3 gives the satisfaction probability (2^g - 1)/2^2 = 1.75, outside [0,1]; "
                         "raise max_grade or use gains >= 0",
                         irlens::UsageError);
    CHECK(irlens::parse_measure("ERR(max_grade=4)@20").name() == "ERR(max_grade=4)@20");
    // A grade above gdeval's 4 (which gdeval refuses): the default max_grade is that grade, Pr = 31/32;
    // an explicit max_grade=4 is refused.
    Fixture high("1 0 a 5\n", {"1 Q0 a 1 1 t\n"});
    CHECK(high.value("ERR@20", "1") == approx(31.0 / 32));
    CHECK_THROWS_WITH_AS(high.value("ERR(max_grade=4)@20", "1"),
                         "ERR: a gain of 5 gives the satisfaction probability (2^g - 1)/2^4 = 1.9375, outside [0,1]; "
                         "raise max_grade or use gains >= 0",
                         irlens::UsageError);
}
