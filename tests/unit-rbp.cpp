// Rank-biased precision and its residual (core/src/measures/rbp.cpp) on a hand-checkable
// fixture, with p, rel, gains, norm=qrels|topic, judged_only and @k. Values with norm=topic (and
// RBPResid) were also checked against trec_eval 10.0 (rbp.p=..., rbp_resid.p=...).
#include "fixture.hpp"

#include "irlens/error.hpp"

using irlens::MissingTopics;
using irlens::UsageError;
using irlens::test::approx;
using irlens::test::Fixture;

namespace {

// RBP = (1 - p) sum_i gain(d_i) p^(i-1).
// Topic 1: a 2, b 1, c 0, e -1. Ranking a x b c e -> 2, not in the qrels, 1, 0, judged negative.
// Topic 2: f 4, g 0. Ranking g f. The highest grade in the file is 4; level 3 occurs nowhere.
// Topic 3: h 1; no results.
const char* kQrels = "1 0 a 2\n1 0 b 1\n1 0 c 0\n1 0 e -1\n2 0 f 4\n2 0 g 0\n3 0 h 1\n";
const char* kRun = "1 Q0 a 1 5 t\n1 Q0 x 2 4 t\n1 Q0 b 3 3 t\n1 Q0 c 4 2 t\n1 Q0 e 5 1 t\n2 Q0 g 1 2 t\n2 Q0 f 2 1 t\n";

const MissingTopics kZero = MissingTopics::Zero;

}  // namespace

TEST_CASE("RBP, graded by default: gain = grade / highest grade in the qrels (norm=qrels)") {
    Fixture f(kQrels, {kRun});
    // p = 0.5: a 2/4 at rank 1, b 1/4 at rank 3: 0.5 (0.5 * 1 + 0.25 * 0.25) = 0.28125.
    CHECK(f.value("RBP(p=0.5)", "1") == approx(0.28125));
    // The default p = 0.8: 0.2 (0.5 * 1 + 0.25 * 0.64) = 0.132.
    CHECK(f.value("RBP", "1") == approx(0.132));
    CHECK(irlens::parse_measure("RBP").name() == "RBP");  // defaults are not printed (issue 13)
    // Topic 2: f 4/4 at rank 2: 0.5 (1 * 0.5) = 0.25.
    CHECK(f.value("RBP(p=0.5)", "2") == approx(0.25));
    // @k stops the sum: @2 sees a x -> 0.5 * 0.5 = 0.25; @1 the same; @10 everything.
    CHECK(f.value("RBP(p=0.5)@2", "1") == approx(0.25));
    CHECK(f.value("RBP(p=0.5)@1", "1") == approx(0.25));
    CHECK(f.value("RBP(p=0.5)@10", "1") == approx(0.28125));
    // judged_only: a b c -> 0.5 (0.5 * 1 + 0.25 * 0.5) = 0.3125.
    CHECK(f.value("RBP(p=0.5,judged_only=True)", "1") == approx(0.3125));
    CHECK(f.value("RBP(p=0.5)", "3", 0, kZero) == 0);
    CHECK(f.mean("RBP(p=0.5)", 0, kZero) == approx((0.28125 + 0.25) / 3));
}

TEST_CASE("RBP(rel=N) is binary: judgment >= N gains 1") {
    Fixture f(kQrels, {kRun});
    CHECK(f.value("RBP(p=0.5,rel=1)", "1") == approx(0.625));  // 0.5 (1 + 0.25)
    CHECK(f.value("RBP(p=0.5,rel=2)", "1") == approx(0.5));    // 0.5 (1)
    CHECK(f.value("RBP(p=0.5,rel=2)", "2") == approx(0.25));   // f at rank 2
    // With rel given, gains are not used.
    CHECK(f.value("RBP(p=0.5,rel=1,gains={1:9})", "1") == approx(0.625));
}

TEST_CASE("RBP with gains: mapped first, then normalised") {
    Fixture f(kQrels, {kRun});
    // {0:0,1:1,2:3}, norm=qrels: the highest mapped gain over levels 0..4 is 4 (level 4 unlisted).
    //   a 3/4, b 1/4: 0.5 (0.75 + 0.25 * 0.25) = 0.40625.
    CHECK(f.value("RBP(p=0.5,gains={0:0,1:1,2:3})", "1") == approx(0.40625));
    // norm=qrels takes the levels 0 .. highest grade, present in the file or not, like trec_eval's
    // gain table: with {4:1}, the absent level 3 (gain 3) is the highest. a 2/3, b 1/3:
    //   0.5 (2/3 + 1/3 * 0.25) = 0.375; topic 2: f 1/3 at rank 2 -> 0.5 * 1/6.
    CHECK(f.value("RBP(p=0.5,gains={4:1})", "1") == approx(0.375));
    CHECK(f.value("RBP(p=0.5,gains={4:1})", "2") == approx(0.5 / 6));
    // Negative gains stay negative under norm=qrels: {0:-1}, divided by 4:
    //   a 0.5, b 0.25, c -0.25 at rank 4: 0.5 (0.5 + 0.0625 - 0.25 * 0.125) = 0.265625.
    CHECK(f.value("RBP(p=0.5,gains={0:-1})", "1") == approx(0.265625));
}

TEST_CASE("RBP(norm=topic) is trec_eval's rbp: rescaled only when a gain lies outside [0,1]") {
    Fixture f(kQrels, {kRun});
    // Topic 1's gain table is levels 0, 1, 2: max 2 > 1, so g / 2: a 1, b 0.5:
    //   0.5 (1 + 0.5 * 0.25) = 0.5625 (trec_eval rbp.p=0.5).
    CHECK(f.value("RBP(p=0.5,norm=topic)", "1") == approx(0.5625));
    // Topic 2's table is 0..4: f 4/4 at rank 2 -> 0.25.
    CHECK(f.value("RBP(p=0.5,norm=topic)", "2") == approx(0.25));
    // {0:0,1:1,2:3}: table 0, 1, 3 -> a 1, b 1/3: 0.5 (1 + 1/3 * 0.25) = 0.541667.
    CHECK(f.value("RBP(p=0.5,gains={0:0,1:1,2:3},norm=topic)", "1") == approx(0.5 * (1 + 0.25 / 3)));
    // {4:1}: topic 1's table is 0, 1, 2 plus level 4 (gain 1): max 2 -> same as above, 0.5625.
    //   Topic 2's table 0, 1, 2, 3, 4->1: max 3, f 1/3 at rank 2 -> 0.5 * 1/6 (trec_eval 0.0833).
    CHECK(f.value("RBP(p=0.5,gains={4:1},norm=topic)", "1") == approx(0.5625));
    CHECK(f.value("RBP(p=0.5,gains={4:1},norm=topic)", "2") == approx(0.5 / 6));
    // {0:-1}: min -1, max 2 -> (g + 1) / 3: c 0, b 2/3, a 1: 0.5 (1 + 2/3 * 0.25) = 0.583333.
    CHECK(f.value("RBP(p=0.5,gains={0:-1},norm=topic)", "1") == approx(0.5 * (1 + 0.5 / 3)));
    // A negative gain alone triggers the rescaling: {0:-1,1:0.5,2:1} -> (g + 1) / 2: c 0, b 0.75, a 1:
    //   0.5 (1 + 0.75 * 0.25) = 0.59375 (trec_eval 0.5938; unscaled it would be 0.5).
    CHECK(f.value("RBP(p=0.5,gains={0:-1,1:0.5,2:1},norm=topic)", "1") == approx(0.59375));
    // Gains already in [0,1] are used as they are: {1:0.5,2:1} -> 0.5 (1 + 0.5 * 0.25).
    CHECK(f.value("RBP(p=0.5,gains={1:0.5,2:1},norm=topic)", "1") == approx(0.5625));
}

TEST_CASE("RBPResid: p^n + (1 - p) sum over unjudged ranks of p^(i-1); 0 when all are judged") {
    Fixture f(kQrels, {kRun});
    // Topic 1: x (rank 2) and e (rank 5) unjudged, n = 5.
    //   p = 0.5: 0.5^5 + 0.5 (0.5 + 0.5^4) = 0.03125 + 0.28125 = 0.3125 (trec_eval rbp_resid.p=0.5).
    CHECK(f.value("RBPResid(p=0.5)", "1") == approx(0.3125));
    //   p = 0.8: 0.8^5 + 0.2 (0.8 + 0.8^4) = 0.32768 + 0.24192 = 0.5696.
    CHECK(f.value("RBPResid", "1") == approx(0.5696));
    CHECK(irlens::parse_measure("RBPResid").name() == "RBPResid");
    CHECK(f.value("RBPResid(judged_only=True)", "1") == 0);  // nothing unjudged is left
    CHECK(f.value("RBPResid(p=0.5)", "2") == 0);             // g f are judged
    // No results: trec_eval -c zeroes rbp_resid (the placeholder would count as unjudged).
    CHECK(f.value("RBPResid(p=0.5)", "3", 0, kZero) == 0);
}

TEST_CASE("RBP: parameter errors") {
    Fixture f(kQrels, {kRun});
    CHECK_THROWS_WITH_AS(f.value("RBP(p=1)", "1"), "measure 'RBP(p=1)': parameter p of RBP must be [0, 1), got '1'",
                         UsageError);
    CHECK_THROWS_WITH_AS(f.value("RBP(p=-0.5)", "1"),
                         "measure 'RBP(p=-0.5)': parameter p of RBP must be [0, 1), got '-0.5'", UsageError);
    CHECK_THROWS_WITH_AS(f.value("RBPResid(p=1.5)", "1"),
                         "measure 'RBPResid(p=1.5)': parameter p of RBPResid must be [0, 1), got '1.5'", UsageError);
    // p = 0 is allowed: only rank 1 counts, and a is judged: 0^5 + 1 * (0^1 + 0^4) = 0.
    CHECK(f.value("RBPResid(p=0)", "1") == 0);
    CHECK(f.value("RBP(p=0)", "1") == approx(0.5));  // a 2/4 at rank 1, weight 1 - 0
    CHECK_THROWS_WITH_AS(irlens::parse_measure("RBP(norm=file)"),
                         "measure 'RBP(norm=file)': parameter norm of RBP must be one of qrels|topic|none, got 'file'",
                         UsageError);
    CHECK_THROWS_WITH_AS(irlens::parse_measure("RBPResid@5"), "measure 'RBPResid@5': RBPResid takes no @cutoff",
                         UsageError);
}

TEST_CASE("RBP stops where the ranks left cannot change the sum: the full sum's bits, for every p and gain table") {
    // 6,000 ranks of one topic, grades 0..3 from a fixed LCG (every third doc unjudged), scored in
    // rank order. The reference is the sum over every rank, in rbp_sum's order of operations:
    // sum += gain * p^(i-1) where gain != 0, p^(i-1) by repeated multiplication; RBP = (1 - p) sum.
    std::string qrels, run;
    std::vector<int> grade;  // per rank; -1: unjudged
    std::uint64_t seed = 7;
    for (int i = 0; i < 6000; ++i) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        int g = static_cast<int>((seed >> 33) % 6) - 2;  // -2, -1: unjudged; 0..3 judged
        if (i == 0) g = 3;                               // the highest grade is 3
        std::string doc = "d" + std::to_string(i);
        if (g >= 0) qrels += "1 0 " + doc + " " + std::to_string(g) + "\n";
        run += "1 Q0 " + doc + " " + std::to_string(i + 1) + " " + std::to_string(6000 - i) + " t\n";
        grade.push_back(g < 0 ? -1 : g);
    }
    Fixture f(qrels, {run});
    const std::vector<std::pair<std::string, std::vector<double>>> tables = {
        {"", {0, 1.0 / 3, 2.0 / 3, 1}},                        // graded: grade / 3
        {"rel=2,", {0, 0, 1, 1}},                              // binary
        {"gains={0:0,1:-1,2:3,3:6},", {0, -1.0 / 6, 0.5, 1}},  // a negative gain: the sum goes down too
    };
    for (const auto& [params, gain] : tables) {
        for (double p : {0.0, 0.5, 0.8, 0.95, 0.99, 0.999}) {
            double sum = 0.0, cur = 1.0;
            for (int g : grade) {
                double x = g < 0 ? 0.0 : gain[static_cast<std::size_t>(g)];
                if (x != 0) sum += x * cur;
                cur = cur * p;
            }
            const std::string m = "RBP(" + params + "p=" + irlens::format_number(p) + ")";
            CHECK_MESSAGE(f.value(m, "1") == (1.0 - p) * sum, m);  // == : the same bits
        }
    }
}
