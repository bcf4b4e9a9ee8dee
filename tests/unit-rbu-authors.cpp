// RBU(form=authors): the authors' released RBU code (jCarrilloDeAlbornoz/RBU, RBU.java) beside
// Eq. 11 as printed (measures/diversity_utility.cpp), by hand, and how the two relate.
#include "fixture.hpp"

#include "irlens/error.hpp"

using namespace irlens;
using irlens::test::approx;
using irlens::test::Fixture;

TEST_CASE("RBU(form=authors) by hand: (1 - p) p^(rank-1) weights, each intent's own highest grade") {
    // Intent 1: a (grade 1); intent 2: b (grade 2); topic 2 (intent 1: z) is not answered.
    // Uniform weights 0.5. By score: a n b (n not judged). p = 0.8, e = 0.03.
    // authors: r'(a,1) = (2^1 - 1)/2^1 = 0.5 (intent 1's highest grade is 1); r'(b,2) = 3/4.
    //   rank 1: 1    * (0.5 * 0.5  - 0.03) = 0.22
    //   rank 2: 0.8  * (0          - 0.03) = -0.024
    //   rank 3: 0.64 * (0.5 * 0.75 - 0.03) = 0.2208      sum 0.4168, times 1 - p = 0.2: 0.08336.
    // Eq. 11: r(a) = (2^1 - 1)/2^2 = 0.25 (the file's highest grade 2), r(b) = 0.75:
    //   0.8 (0.125 - 0.03) + 0.64 (0 - 0.03) + 0.512 (0.375 - 0.03) = 0.076 - 0.0192 + 0.17664 = 0.23344.
    Fixture f("1 1 a 1\n1 2 b 2\n2 1 z 1\n", {"1 Q0 a 1 3 t\n1 Q0 n 2 2 t\n1 Q0 b 3 1 t\n"}, QrelsFormat::Grouped);
    CHECK(f.value("RBU(form=authors)", "1") == approx(0.08336));
    CHECK(f.value("RBU", "1") == approx(0.23344));
    CHECK(f.value("RBU(form=paper)", "1") == approx(0.23344));
    // @k truncates (an irlens extension; the authors' code has none): rank 1 and 2 only,
    // 0.2 * (0.22 - 0.024) = 0.0392.
    CHECK(f.value("RBU(form=authors)@2", "1") == approx(0.0392));
    // An unanswered topic: 0 for the authors' code; Eq. 11 on trec_eval -c's placeholder ranking
    // (one non-relevant document) costs p * e = 0.024.
    CHECK(f.value("RBU(form=authors)", "2", 0, MissingTopics::Zero) == 0.0);
    CHECK(f.value("RBU", "2", 0, MissingTopics::Zero) == approx(-0.024));
    CHECK(parse_measure("RBU(form=authors)").name() == "RBU(form=authors)");
    CHECK(parse_measure("RBU(form=paper)@5").name() == "RBU@5");
    CHECK_THROWS_WITH_AS(parse_measure("RBU(form=authors,max_grade=3)").compile(),
                         "RBU(form=authors,max_grade=3): max_grade does not apply to form=authors (gmax is "
                         "each intent's highest gain)",
                         UsageError);
}

TEST_CASE("RBU(form=authors) = (1 - p) / p * RBU when every intent's highest grade is the file's") {
    // Intent 1: a (1), c (2); intent 2: b (2): both intents reach grade 2, the file's highest, so
    // r' = r and only the weights differ: (1 - p) p^(i-1) = (1 - p) / p * p^i.
    Fixture f("1 1 a 1\n1 2 b 2\n1 1 c 2\n", {"1 Q0 a 1 4 t\n1 Q0 n 2 3 t\n1 Q0 b 3 2 t\n1 Q0 c 4 1 t\n"},
              QrelsFormat::Grouped);
    for (const char* p : {"0.8", "0.5", "0.99"}) {
        CAPTURE(p);
        double pv = std::stod(p);
        CHECK(f.value(std::string("RBU(p=") + p + ",form=authors)", "1") ==
              approx((1 - pv) / pv * f.value(std::string("RBU(p=") + p + ")", "1")));
    }
}
