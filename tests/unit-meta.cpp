// Meta-evaluation on hand-checkable score tables (arithmetic in comments): score tables from an
// evaluation, discriminative power, stability, swap rate, concordance and Metric Unanimity
// (with the RBU paper's worked example).
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/stats/meta.hpp"

#include <cmath>

using namespace irlens;
using irlens::test::Fixture;

namespace {
ScoreMatrix table(const std::string& measure, std::vector<std::vector<double>> scores) {
    ScoreMatrix m;
    m.measure = measure;
    for (std::size_t r = 0; r < scores.size(); ++r) m.runs.push_back("run" + std::to_string(r));
    for (std::size_t t = 0; t < (scores.empty() ? 0 : scores[0].size()); ++t) m.topics.push_back(std::to_string(t + 1));
    m.scores = std::move(scores);
    return m;
}
}  // namespace

TEST_CASE("score tables pair topics as the missing-topic policy says") {
    // Topic 2 has no results in run1.
    Fixture f("1 0 a 1\n2 0 b 1\n3 0 c 1\n",
              {"1 Q0 a 1 1 t\n2 Q0 b 1 1 t\n3 Q0 x 1 1 t\n", "1 Q0 a 1 1 t\n3 Q0 c 1 1 t\n"});
    // Zero: all 3 topics; run1 scores 0 on topic 2 (trec_eval -c).
    ScoreMatrix zero = score_matrix(f.eval("P@1", MissingTopics::Zero), 0);
    CHECK(zero.topics == std::vector<std::string>{"1", "2", "3"});
    CHECK(zero.scores[0] == std::vector<double>{1, 1, 0});
    CHECK(zero.scores[1] == std::vector<double>{1, 0, 1});
    // Skip: only the topics both answered.
    ScoreMatrix skip = score_matrix(f.eval("P@1", MissingTopics::Skip), 0);
    CHECK(skip.topics == std::vector<std::string>{"1", "3"});
    CHECK(skip.scores[1] == std::vector<double>{1, 1});
    CHECK(score_matrix(f.eval("P@1", MissingTopics::Skip), 0, {0}).topics.size() == 3);
    CHECK(topic_policy(MissingTopics::Skip, 2, 3) ==
          "topics: the 2 of 3 qrels topics that every compared run answered (--missing skip)");
    CHECK_THROWS_WITH_AS(score_matrix(f.eval("RelString@2"), 0),
                         "measure 'RelString@2' has text values; significance tests and meta-evaluation need numbers",
                         UsageError);
}

TEST_CASE("score tables leave out topics without a value") {
    // Run a has no value (NaN, as sDCG on a session's second query) on topic 2: both runs are
    // compared on topics 1 and 3 only.
    Evaluation ev;
    ev.measures = {parse_measure("P@1")};
    RunScores a, b;
    a.name = "a", b.name = "b";
    a.topics = b.topics = {"1", "2", "3"};
    a.values = {{0.5, NAN, 1.0}};
    b.values = {{0.25, 0.75, 0.0}};
    ev.runs = {a, b};
    ScoreMatrix m = score_matrix(ev, 0);
    CHECK(m.topics == std::vector<std::string>{"1", "3"});
    CHECK(m.scores[0] == std::vector<double>{0.5, 1.0});
    CHECK(m.scores[1] == std::vector<double>{0.25, 0.0});
    CHECK(score_matrix(ev, 0, {1}).topics.size() == 3);  // b alone has a value everywhere
}

TEST_CASE("discriminative power with the t-test") {
    // run0 - run1 = 0.25 on every topic: t infinite, p = 0.
    // run0 - run2 = (-0.375, 0.375, 0.25, 0.125): mean 0.09375, p = 0.6084 (scipy ttest_rel).
    // run1 - run2 = (-0.625, 0.125, 0, -0.125): mean -0.15625, p = 0.4119.
    ScoreMatrix m = table("AP", {{0.5, 0.625, 0.75, 0.875}, {0.25, 0.375, 0.5, 0.625}, {0.875, 0.25, 0.5, 0.75}});
    PairwiseTesting t;
    DiscriminativePower d = discriminative_power(m, t);
    CHECK(d.pairs == 3);
    CHECK(d.significant_05 == 1);
    CHECK(d.significant_01 == 1);
    CHECK(d.min_difference_05 == 0.25);
    REQUIRE(d.curve.size() == 3);
    CHECK(d.curve[0].a == 0);  // ASL curve: p ascending
    CHECK(d.curve[0].b == 1);
    CHECK(d.curve[1].p == doctest::Approx(0.41194340406143604).epsilon(1e-9));
    CHECK(d.curve[2].p == doctest::Approx(0.6083585093652533).epsilon(1e-9));
    CHECK(d.curve[1].difference == doctest::Approx(-0.15625));
    // With Bonferroni over 3 pairs: 3 x 0.41 > 1 is capped.
    t.correction = Correction::Bonferroni;
    CHECK(discriminative_power(m, t).curve[2].p == 1.0);
    // Nothing significant: the minimum detectable difference is undefined.
    DiscriminativePower none = discriminative_power(table("AP", {{0.1, 0.2}, {0.2, 0.1}}), PairwiseTesting{});
    CHECK(none.significant_05 == 0);
    CHECK(std::isnan(none.min_difference_05));
}

TEST_CASE("stability: share of trials won by the more frequent winner, ties counting 1/2") {
    // T = n: every trial draws all topics, so every trial has the same outcome: run0 beats run1
    // (pair stability 1), run1 and run2 have equal means 0.5 (every trial tied: 1/2), run0 beats
    // run2 (1). Mean over the 3 pairs: (1 + 1 + 0.5) / 3.
    ScoreMatrix m = table("P@10", {{0.9, 0.7}, {0.5, 0.5}, {0.6, 0.4}});
    Stability s = stability(m, 2, 50, 1);
    CHECK(s.per_pair == std::vector<double>{1.0, 1.0, 0.5});
    CHECK(s.stability == doctest::Approx(2.5 / 3));
    // T = 1 of 2 topics: run0 = (1, 0), run1 = (0, 1): each trial's winner is decided by the topic
    // drawn, so the pair's stability is the majority share, near 1/2 and at least 1/2.
    Stability coin = stability(table("P@10", {{1, 0}, {0, 1}}), 1, 2000, 9);
    CHECK(coin.stability >= 0.5);
    CHECK(coin.stability < 0.55);  // binomial(2000, 1/2): the majority exceeds 1100 with probability 1e-5
    CHECK(stability(table("P@10", {{1, 0}, {0, 1}}), 1, 2000, 9).stability == coin.stability);  // seeded
    CHECK_THROWS_WITH_AS(stability(m, 3, 10, 1), "stability: cannot draw 3 topic(s) from 2", UsageError);
}

TEST_CASE("swap rate on two one-topic halves") {
    // 2 topics split into {t1} and {t2} (in either order): run0 = (1, 0), run1 = (0, 1) are ordered
    // differently by the two halves in every trial: swap rate 1, all in the bin of |1 - 0| = 1.
    SwapRate s = swap_rate(table("AP", {{1, 0}, {0, 1}}), 1, 20, 3, 0.01);
    CHECK(s.swap_rate == 1.0);
    REQUIRE(s.bins.size() == 1);
    CHECK(s.bins[0].low == doctest::Approx(1.0));
    CHECK(s.bins[0].comparisons == 20);
    CHECK(s.bins[0].swaps == 20);
    // run0 above run1 on both topics: never a swap; equal means on a half are no swap either.
    CHECK(swap_rate(table("AP", {{1, 1}, {0, 0}}), 1, 20, 3).swap_rate == 0.0);
    CHECK(swap_rate(table("AP", {{1, 0.5}, {0, 0.5}}), 1, 20, 3).swap_rate == 0.0);
}

TEST_CASE("concordance test (Sakai Fig. 17)") {
    // Runs X (row 0) and Y (row 1), 4 topics; differences X - Y:
    //   topic  dM1   dM2   dGold
    //   1      0.2  -0.2   0.5    disagree; M1 concordant, M2 not -> M1 wins
    //   2     -0.2   0.4  -0.2    disagree; M1 concordant, M2 not -> M1 wins
    //   3      0     0.2   0.1    no strict disagreement (dM1 dM2 = 0)
    //   4      0.8  -0.8   0      disagree; gold tied: both concordant (>= 0), no win
    // disagreements 3, Conc1 = 3/3, Conc2 = 1/3, wins 2 : 0, sign test p = 2 (1/2)^2 = 0.5.
    ScoreMatrix m1 = table("M1", {{0.5, 0.25, 0.5, 0.875}, {0.25, 0.5, 0.5, 0.125}});
    ScoreMatrix m2 = table("M2", {{0.25, 0.5, 0.75, 0.125}, {0.5, 0.125, 0.5, 0.875}});
    ScoreMatrix g = table("G", {{0.75, 0.25, 0.625, 0.5}, {0.25, 0.5, 0.5, 0.5}});
    Concordance c = concordance(m1, m2, {g});
    CHECK(c.comparisons == 4);
    CHECK(c.disagreements == 3);
    CHECK(c.concordant1 == 3);
    CHECK(c.concordant2 == 1);
    CHECK(c.conc2 == doctest::Approx(1.0 / 3));
    CHECK(c.wins1 == 2);
    CHECK(c.wins2 == 0);
    CHECK(c.sign.p == doctest::Approx(0.5));
    // Two gold standards: simultaneous concordance. With a second gold that reverses topic 1,
    // M1 is no longer concordant with both there (and M2 is, with neither) -> wins 1 : 0.
    ScoreMatrix g2 = table("G2", {{0.25, 0.25, 0.625, 0.5}, {0.75, 0.5, 0.5, 0.5}});
    Concordance both = concordance(m1, m2, {g, g2});
    CHECK(both.concordant1 == 2);
    CHECK(both.wins1 == 1);
    CHECK_THROWS_WITH_AS(concordance(m1, table("M2", {{1}, {2}}), {g}),
                         "concordance test: measures 'M1' and 'M2' are not scored on the same runs and topics",
                         UsageError);
}

TEST_CASE("Metric Unanimity: the worked example of Amigo et al. (SIGIR 2018, Sec. 6.1)") {
    // One topic, systems S1 S2 S3; m1 = (1, 0.5, 0.2), m2 = (0.8, 0.3, 0.4), m3 = (1, 0.2, 0.5).
    // 6 ordered pairs. m1 improvements: (1,2) (1,3) (2,3) -> P(m) = 3/6. Unanimous improvements of
    // {m2, m3}: (1,2) (1,3) (3,2) -> P(M) = 3/6. Both: (1,2) (1,3) -> 2/6.
    // MU(m1) = log2((2/6) / (3/6 * 3/6)) = log2(4/3) = 0.415.
    // For m2: improvements (1,2) (1,3) (3,2); unanimous {m1, m3}: (1,2) (1,3) -> P(M) = 2/6, joint
    // 2/6 -> MU = log2((2/6) / (3/6 * 2/6)) = 1; the same for m3 (asymmetry, Property 3).
    std::vector<ScoreMatrix> ms = {table("m1", {{1}, {0.5}, {0.2}}), table("m2", {{0.8}, {0.3}, {0.4}}),
                                   table("m3", {{1}, {0.2}, {0.5}})};
    std::vector<Unanimity> u = metric_unanimity(ms);
    CHECK(u[0].mu == doctest::Approx(std::log2(4.0 / 3)));
    CHECK(u[0].mu == doctest::Approx(0.415).epsilon(1e-3));
    CHECK(u[0].p_joint == doctest::Approx(2.0 / 6));
    CHECK(u[1].mu == doctest::Approx(1.0));
    CHECK(u[2].mu == doctest::Approx(1.0));
    // Property 2: a constant measure ties every pair (1/2 each): P(m, M) = P(M) / 2 -> MU = 0.
    ms.push_back(table("constant", {{0.3}, {0.3}, {0.3}}));
    CHECK(metric_unanimity(ms)[3].mu == doctest::Approx(0.0));
    CHECK_THROWS_WITH_AS(metric_unanimity({ms[0]}), "Metric Unanimity needs at least 2 measures", UsageError);
}
