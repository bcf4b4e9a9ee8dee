// EU, CT and RBU (measures/diversity_utility.cpp) by hand, RBU's reductions to RBP-IA and ERR-IA
// (Amigo et al., SIGIR 2018, Sec. 5) in the exact forms they take, and the worked example.
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/intents.hpp"

#include <cmath>

using namespace irlens;
using irlens::test::approx;
using irlens::test::Fixture;

namespace {
// Intent 1: a (grade 1) and c (grade 2); intent 2: b (grade 2). Highest grade 2, so by default
// r = (2^g - 1) / 4: 0.25 for grade 1, 0.75 for grade 2. Uniform weights 0.5.
// By score: a n b c (n is not judged).
Fixture topic() {
    return Fixture("1 1 a 1\n1 2 b 2\n1 1 c 2\n", {"1 Q0 a 1 4 t\n1 Q0 n 2 3 t\n1 Q0 b 3 2 t\n1 Q0 c 4 1 t\n"},
                   QrelsFormat::Grouped);
}
}  // namespace

TEST_CASE("RBU (Eq. 11) by hand") {
    Fixture f = topic();
    // rank 1 a: 0.5 * 0.25;  rank 2 n: 0;  rank 3 b: 0.5 * 0.75;  rank 4 c: 0.5 * 0.75 * (1 - 0.25)
    // (intent 1 was already satisfied by a with probability 0.25); each minus e = 0.03, times p^rank.
    double want =
        0.8 * (0.125 - 0.03) + 0.64 * (0 - 0.03) + 0.512 * (0.375 - 0.03) + 0.4096 * (0.5 * 0.75 * 0.75 - 0.03);
    CHECK(f.value("RBU@4", "1") == approx(want));
    CHECK(f.value("RBU", "1") == approx(want));
    CHECK(parse_measure("RBU@4").name() == "RBU@4");  // defaults are not printed (issue 13)
    // Weights from intent probabilities: 0.75 / 0.25.
    auto in = std::make_shared<Intents>();
    in->read_probabilities("p", "1 1 0.75\n1 2 0.25\n");
    f.options.intents = in;
    double weighted = 0.8 * (0.75 * 0.25 - 0.03) + 0.64 * (0 - 0.03) + 0.512 * (0.25 * 0.75 - 0.03) +
                      0.4096 * (0.75 * 0.75 * 0.75 - 0.03);
    CHECK(f.value("RBU@4", "1") == approx(weighted));
}

TEST_CASE("RBU reduces to p/(1-p) RBP-IA without effort and without redundancy") {
    Fixture f = topic();
    // The same relevance for both: RBP_IA(gains={1:0.5,2:1}) gains 0.5 and 1 (the top gain is 1);
    // RBU with max_grade=0 and gains {1:log2(1.5), 2:1} has r = 2^g - 1 = 0.5 (to rounding) and 1.
    const std::string rbu_r = "max_grade=0,gains={1:0.5849625007211562,2:1}";
    // Top 3 = a n b: no intent has two relevant documents, so every product is 1:
    //   RBU(e=0)@3 = 0.8 * 0.5 * 0.5 + 0.512 * 0.5 * 1 = 0.456
    //   RBP_IA@3   = 0.5 * 0.2 * 0.5 + 0.5 * 0.2 * 1 * 0.64 = 0.114;  0.8 / 0.2 * 0.114 = 0.456.
    double rbu = f.value("RBU(e=0," + rbu_r + ")@3", "1");
    double rbp = f.value("RBP_IA(gains={1:0.5,2:1})@3", "1");
    CHECK(rbu == approx(0.456));
    CHECK(rbu == approx(0.8 / 0.2 * rbp));
    // Binary relevance (r = 1: gain 1 for both grades, max_grade 0) against binary RBP_IA.
    CHECK(f.value("RBU(e=0,max_grade=0,gains={2:1})@3", "1") == approx(0.8 / 0.2 * f.value("RBP_IA(rel=1)@3", "1")));
    // With c (intent 1 again) RBU discounts by 1 - 0.5 where RBP-IA does not: RBU is smaller.
    double rbu4 = f.value("RBU(e=0," + rbu_r + ")@4", "1");
    double rbp4 = f.value("RBP_IA(gains={1:0.5,2:1})@4", "1");
    CHECK(rbu4 == approx(0.456 + 0.4096 * 0.5 * 1 * 0.5));
    CHECK(rbu4 < 0.8 / 0.2 * rbp4);
}

TEST_CASE("RBU with p = 1 and no effort: the probability of satisfaction, ERR-IA without 1/rank") {
    Fixture f = topic();
    // sum_t w(t) (1 - prod_i (1 - r)) = 0.5 (1 - 0.75 * 0.25) + 0.5 * 0.75 = 0.78125.
    CHECK(f.value("RBU(p=1,e=0)@4", "1") == approx(0.78125));
    // At k = 1 the 1/rank of ERR-IA is 1: both are 0.5 * 0.25.
    CHECK(f.value("RBU(p=1,e=0)@1", "1") == approx(0.125));
    CHECK(f.value("ERR_IA(graded=True)@1", "1") == approx(f.value("RBU(p=1,e=0)@1", "1")));
    // Deeper, ERR-IA weighs rank r by 1/r: 0.5 (0.25 + 0.75 * 0.75 / 4) + 0.5 * 0.75 / 3 = 0.3203125.
    CHECK(f.value("ERR_IA(graded=True)@4", "1") == approx(0.3203125));
    CHECK(f.value("ERR_IA(graded=True)@4", "1") < f.value("RBU(p=1,e=0)@4", "1"));
}

TEST_CASE("RBU's effort: e times p^rank for every document inspected") {
    Fixture f = topic();
    double spent = 0.03 * (0.8 + 0.64 + 0.512 + 0.4096);
    CHECK(f.value("RBU@4", "1") == approx(f.value("RBU(e=0)@4", "1") - spent));
    // Ranks beyond the end of the 4-document ranking cost nothing.
    CHECK(f.value("RBU@10", "1") == approx(f.value("RBU@4", "1")));
}

TEST_CASE("RBU: the worked example of Sec. 5 (e = 0.1, relevance 0.1 -> no gain)") {
    Fixture f("2 1 z 1\n", {"2 Q0 z 1 1 t\n"}, QrelsFormat::Grouped);
    // Relevance 0.1: grade 1 with max_grade = log2(10), r = (2 - 1) / 10 (to rounding).
    // 0.8 (0.1 (1 - 0) - 0.1) = 0, and with e = 0.05 it is 0.8 * 0.05.
    CHECK(f.value("RBU(e=0.1,max_grade=3.321928094887362)@1", "2") == approx(0.0));
    CHECK(f.value("RBU(e=0.05,max_grade=3.321928094887362)@1", "2") == approx(0.8 * 0.05));
    CHECK(f.value("RBU(e=0,max_grade=3.321928094887362)@1", "2") == approx(0.8 * 0.1));
}

TEST_CASE("EU and CT by hand") {
    Fixture f = topic();
    // EU: discount 1 / (1 + log2 rank); novelty (1 - 0.5)^(earlier relevant documents for the intent).
    //   a: (0.125 - 0.03) / 1;  n: (0 - 0.03) / 2;  b: (0.375 - 0.03) / (1 + log2 3);
    //   c: (0.5 * 0.75 * 0.5 - 0.03) / 3.
    double eu = 0.095 - 0.015 + 0.345 / (1 + std::log2(3.0)) + (0.1875 - 0.03) / 3;
    CHECK(f.value("EU", "1") == approx(eu));
    CHECK(f.value("EU@2", "1") == approx(0.08));
    CHECK(f.value("EU(e=0,alpha=0)@4", "1") == approx(0.125 + 0.375 / (1 + std::log2(3.0)) + 0.375 / 3));
    // CT@4: a 0.125 / 1; b 0.375 / 3; c 0.5 * 0.75 * 0.5 / 4 (intent 1 holds 0.25 < 1 so far).
    CHECK(f.value("CT@4", "1") == approx(0.125 + 0.125 + 0.046875));
    CHECK(f.value("CT@2", "1") == approx(0.125));
    // max_height 0.25: intent 1 is saturated by a, c gains nothing.
    CHECK(f.value("CT(max_height=0.25)@4", "1") == approx(0.25));
}

TEST_CASE("EU, CT and RBU: parameter errors") {
    Fixture f = topic();
    CHECK_THROWS_WITH_AS(f.value("RBU(p=1.5)", "1"),
                         "measure 'RBU(p=1.5)': parameter p of RBU must be [0, 1], got '1.5'", UsageError);
    CHECK_THROWS_WITH_AS(f.value("EU(e=-1)", "1"),
                         "measure 'EU(e=-1)': parameter e of EU must be [0, 1e+100], got '-1'", UsageError);
    CHECK_THROWS_WITH_AS(f.value("CT(max_height=0)@3", "1"),
                         "measure 'CT(max_height=0)@3': parameter max_height of CT must be (0, 1e+100], got '0'",
                         UsageError);
    CHECK_THROWS_WITH_AS(f.value("CT(alpha=2)@3", "1"),
                         "measure 'CT(alpha=2)@3': parameter alpha of CT must be [0, 1], got '2'", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("CT"), "measure 'CT': CT needs a cutoff, e.g. CT@10", UsageError);
}
