// gdeval.pl's nDCG@k and ERR@k (measures/gdeval.cpp) on a hand-checkable topic.
#include "fixture.hpp"

#include "irlens/error.hpp"

#include <cmath>

using namespace irlens;
using irlens::test::approx;
using irlens::test::Fixture;

namespace {
// Topic 1: a grade 4, b grade 1, c 0, s spam (-2). Topic 2: nothing relevant.
const char* kQrels = "1 0 a 4\n1 0 b 1\n1 0 c 0\n1 0 s -2\n2 0 d 0\n";
// By score: s a x b for topic 1.
const char* kRun = "1 Q0 a 1 3 t\n1 Q0 b 2 1 t\n1 Q0 s 3 4 t\n1 Q0 x 4 2 t\n2 Q0 d 1 1 t\n";
}  // namespace

TEST_CASE("gdeval_nDCG@k: exponential gains over the ideal of the positive judgments") {
    Fixture f(kQrels, {kRun});
    // run gains 2^g - 1: s 0, a 15, x 0, b 1; ideal 15, 1. Natural logs, as gdeval (they cancel).
    double ideal3 = 15 / std::log(2.0) + 1 / std::log(3.0);
    CHECK(f.value("gdeval_nDCG@3", "1") == approx((15 / std::log(3.0)) / ideal3));
    CHECK(f.value("gdeval_nDCG@4", "1") == approx((15 / std::log(3.0) + 1 / std::log(5.0)) / ideal3));
    CHECK(f.value("gdeval_nDCG@1", "1") == 0.0);
    CHECK(f.value("gdeval_nDCG@3", "2") == 0.0);  // gdeval skips such topics; irlens scores 0
}

TEST_CASE("gdeval_ERR@k: stopping probability (2^g - 1) / 16") {
    Fixture f(kQrels, {kRun});
    // rank 2: a stops 15/16 of users, reciprocal rank 1/2; rank 4: b, 1/16 of the remaining 1/16, 1/4.
    CHECK(f.value("gdeval_ERR@4", "1") == approx(15.0 / 16 / 2 + (1.0 / 16) * (1.0 / 16) / 4));
    CHECK(f.value("gdeval_ERR@2", "1") == approx(15.0 / 32));
    CHECK(f.value("gdeval_ERR(max_grade=5)@2", "1") == approx(15.0 / 32 / 2));
    CHECK(f.value("gdeval_ERR@4", "2") == 0.0);
    CHECK_THROWS_WITH_AS(f.value("gdeval_ERR(max_grade=3)@4", "1"), "qrels:1: grade 4 is above gdeval_ERR's max_grade=3",
                         InputError);
}
