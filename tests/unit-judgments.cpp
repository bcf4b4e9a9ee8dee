// Two sets of judgments compared (issue 38): the pairing of two qrels
// (irlens/stats/judgment_comparison.hpp), the agreement of the conclusions drawn from runs
// (conclusions_agreement.hpp) and the whole comparison (judgments.hpp), on hand-checked cases.
#include "irlens/stats/judgments.hpp"

#include "irlens/error.hpp"
#include "fixture.hpp"

#include <doctest/doctest.h>

#include <cmath>

using namespace irlens;

namespace {

// A judges topics 1, 2, 3; B judges 1, 2, 4.
// Topic 1: d1 (2, 2), d2 (1, 0), d3 (0, 0) in both; d4 (grade 1) in A only, d5 (1) in B only.
// Topic 2: d1 (1, 1) in both; d2 (0) in B only. Topic 3: d9 (1) A only. Topic 4: d7 (2) B only.
const char kQrelsA[] = "1 0 d1 2\n1 0 d2 1\n1 0 d3 0\n1 0 d4 1\n2 0 d1 1\n3 0 d9 1\n";
const char kQrelsB[] = "1 0 d1 2\n1 0 d2 0\n1 0 d3 0\n1 0 d5 1\n2 0 d1 1\n2 0 d2 0\n4 0 d7 2\n";

ScoreMatrix matrix(const std::vector<std::vector<double>>& scores) {
    ScoreMatrix m;
    m.measure = "M";
    for (std::size_t r = 0; r < scores.size(); ++r) m.runs.push_back("r" + std::to_string(r));
    for (std::size_t t = 0; t < scores[0].size(); ++t) m.topics.push_back("t" + std::to_string(t + 1));
    m.scores = scores;
    return m;
}

}  // namespace

TEST_CASE("judgment agreement: pairs, one-sided judgments and topics of one set") {
    const auto a = read_qrels("A", kQrelsA), b = read_qrels("B", kQrelsB);
    const JudgmentAgreement r = judgment_agreement(*a, *b);
    CHECK(r.topics_compared == std::vector<std::string>{"1", "2"});
    CHECK(r.topics_only_a == std::vector<std::string>{"3"});
    CHECK(r.topics_only_b == std::vector<std::string>{"4"});
    CHECK(r.topic_note ==
          "2 topic(s) judged in both sets compared; 1 judged in A only, left out of the agreement and of the runs' "
          "scores: 3; 1 judged in B only, left out of the agreement and of the runs' scores: 4");
    // Overall pairs (2,2) (1,0) (0,0) (1,1): confusion rows A [1 0 0; 1 1 0; 0 0 1], row sums
    // 1 2 1, column sums 2 1 1; p_o = 3/4, p_e = (1*2 + 2*1 + 1*1) / 16 = 5/16,
    // kappa = (12/16 - 5/16) / (11/16) = 7/11.
    CHECK(r.overall.items == 4);
    CHECK(r.overall.confusion == std::vector<std::vector<std::size_t>>{{1, 0, 0}, {1, 1, 0}, {0, 0, 1}});
    CHECK(r.overall.kappa == doctest::Approx(7.0 / 11));
    // Judged in one set only, by grade: A: d4 (1) and topic 3's d9 (1); B: d5 (1), d2 (0), d7 (2).
    CHECK(r.only_a == GradeCounts{{1, 2}});
    CHECK(r.only_b == GradeCounts{{0, 1}, {1, 1}, {2, 1}});
    REQUIRE(r.topics.size() == 2);
    CHECK(r.topics[0].labels.items == 3);
    CHECK(r.topics[0].only_a == GradeCounts{{1, 1}});
    CHECK(r.topics[1].only_b == GradeCounts{{0, 1}});
    // Topic 2 has one pair, both grade 1: kappa undefined, said so.
    CHECK(std::isnan(r.topics[1].labels.kappa));
    CHECK(!r.topics[1].labels.note.empty());
    CHECK(r.scale_note.empty());
}

TEST_CASE("judgment agreement: grades on different scales, stated and mapped") {
    const auto a = read_qrels("A", "1 0 d1 2\n1 0 d2 1\n1 0 d3 0\n");
    const auto b = read_qrels("B", "1 0 d1 3\n1 0 d2 1\n1 0 d3 0\n");
    const JudgmentAgreement plain = judgment_agreement(*a, *b);
    CHECK(plain.scale_note ==
          "the two sets use different grades: A 0,1,2, B 0,1,3 (a different scale? --map-b FROM:TO,... maps B's grades "
          "onto A's)");
    // Unmapped, grade 3 sits at distance 1 from 2: confusion 4x4, 2 of 3 pairs agree.
    CHECK(plain.overall.observed == doctest::Approx(2.0 / 3));
    const GradeMap map = parse_grade_map("3:2,2:2,1:1,0:0");
    CHECK(map == GradeMap{{0, 0}, {1, 1}, {2, 2}, {3, 2}});
    const JudgmentAgreement mapped = judgment_agreement(*a, *b, 1, map);
    CHECK(mapped.overall.observed == 1);
    CHECK(mapped.overall.kappa == 1);
    CHECK(mapped.scale_note == "grades of B mapped (--map-b) onto 0,1,2");
    CHECK_THROWS_WITH_AS(judgment_agreement(*a, *b, 1, parse_grade_map("3:2,0:0")),
                         "--map-b has no entry for grade 1 of B", UsageError);
    CHECK_THROWS_WITH_AS(parse_grade_map("3:2,x"),
                         "--map-b: 'x' is not FROM:TO (two integer grades), e.g. --map-b 3:2,2:1,1:1,0:0", UsageError);
    CHECK_THROWS_WITH_AS(parse_grade_map("1:1,1:0"), "--map-b: grade 1 is mapped twice", UsageError);
    // The mapped qrels that B's runs are evaluated against.
    const auto bm = map_grades(*b, map);
    CHECK(bm->judgment(static_cast<std::uint32_t>(bm->find(0, "d1"))).rel == 2);
}

TEST_CASE("judgment agreement: no topic in common, grouped qrels") {
    const auto a = read_qrels("A", "1 0 d1 1\n"), b = read_qrels("B", "2 0 d1 1\n");
    const JudgmentAgreement r = judgment_agreement(*a, *b);
    CHECK(r.topics_compared.empty());
    CHECK(r.overall.items == 0);
    CHECK(r.overall.note == "no item labelled in both sets");
    CHECK(r.only_a == GradeCounts{{1, 1}});
    const auto g = read_qrels("G", "1 s1 d1 1\n", QrelsFormat::Grouped);
    CHECK_THROWS_WITH_AS(judgment_agreement(*a, *g),
                         "G: comparing judgments needs plain qrels (topic iter doc rel), not grouped ones", UsageError);
}

TEST_CASE("conclusions agreement: a hand-checked ordering") {
    // Means under A: r0 0.7, r1 0.5, r2 0.1 (ranks 1 2 3); under B: r0 0.4, r1 0.7, r2 0.1 (2 1 3).
    const ScoreMatrix a = matrix({{0.8, 0.6}, {0.4, 0.6}, {0.2, 0.0}});
    const ScoreMatrix b = matrix({{0.4, 0.4}, {0.6, 0.8}, {0.1, 0.1}});
    ConclusionSettings s;
    s.top_k = 1;
    const ConclusionsAgreement r = conclusions_agreement(a, b, s);
    CHECK(r.mean_a[0] == doctest::Approx(0.7));
    CHECK(r.mean_b[1] == doctest::Approx(0.7));
    CHECK(r.rank_a == std::vector<std::size_t>{1, 2, 3});
    CHECK(r.rank_b == std::vector<std::size_t>{2, 1, 3});
    // tau_b: (r0, r1) discordant, (r0, r2) and (r1, r2) concordant -> (2 - 1) / 3.
    CHECK(r.tau_b.value == doctest::Approx(1.0 / 3));
    // Spearman: rank differences 1, 1, 0 -> 1 - 6 * 2 / (3 * 8) = 0.5.
    CHECK(r.spearman.value == doctest::Approx(0.5));
    // tau_ap, B evaluated against A: B orders r1 r0 r2; at rank 2 (r0) A puts r1 below r0: 0/1;
    // at rank 3 (r2) A agrees with both above: 2/2 -> 2/2 * (0 + 1) - 1 = 0.
    CHECK(r.tau_ap.value == doctest::Approx(0.0));
    // RBO_ext (p = 0.9): A_1 = 0, A_2 = A_3 = 1 -> 0.729 + (0.1 / 0.9)(0.81 + 0.729) = 0.9.
    CHECK(r.rbo.value == doctest::Approx(0.9));
    // Largest rank change: r0 and r1 move by 1; the first is reported.
    CHECK(r.largest_change == 1);
    CHECK(r.largest_change_run == 0);
    // Top-1: r0 under A, r1 under B -> overlap 0.
    CHECK(r.top_k == 1);
    CHECK(r.top_k_overlap == 0);
    // Per topic: t1 A .8 .4 .2, B .4 .6 .1 -> (1 - ... ) as the means: 1/3; t2 A .6 .6 0,
    // B .4 .8 .1: (r0, r1) tied in A only, the two others concordant -> 2 / sqrt(3 * 2).
    REQUIRE(r.per_topic.size() == 2);
    CHECK(r.per_topic[0].tau_b == doctest::Approx(1.0 / 3));
    CHECK(r.per_topic[1].tau_b == doctest::Approx(2 / std::sqrt(6.0)));
    CHECK(r.per_topic_mean == doctest::Approx((1.0 / 3 + 2 / std::sqrt(6.0)) / 2));
    CHECK(r.pairs == 3);
    CHECK(r.test.find("paired t-test, two-sided") == 0);
    ConclusionSettings top2;
    top2.top_k = 2;
    CHECK(conclusions_agreement(a, b, top2).top_k_overlap == 1);
}

TEST_CASE("conclusions agreement: the runs' means with their bootstrap intervals") {
    // Two topics: a resample draws them (2, 0), (1, 1) or (0, 2) with probabilities 1/4, 1/2, 1/4,
    // so r0's mean under A (scores 0.8, 0.6) is 0.8, 0.7 or 0.6: with 1000 resamples about 250
    // are 0.6 and 250 are 0.8, so the 2.5% and 97.5% percentiles are 0.6 and 0.8. r2 under B
    // scores 0.1 on both topics: every resample gives 0.1, a zero-width interval.
    const ScoreMatrix a = matrix({{0.8, 0.6}, {0.4, 0.6}, {0.2, 0.0}});
    const ScoreMatrix b = matrix({{0.4, 0.4}, {0.6, 0.8}, {0.1, 0.1}});
    const ConclusionsAgreement r = conclusions_agreement(a, b, ConclusionSettings{});
    REQUIRE(r.interval_a.size() == 3);
    REQUIRE(r.interval_b.size() == 3);
    CHECK(r.interval_a[0].low == doctest::Approx(0.6));
    CHECK(r.interval_a[0].high == doctest::Approx(0.8));
    CHECK(r.interval_b[2].low == doctest::Approx(0.1));
    CHECK(r.interval_b[2].high == doctest::Approx(0.1));
    // r1 under B (0.6, 0.8): [0.6, 0.8] too; r2 under A (0.2, 0): [0, 0.2].
    CHECK(r.interval_b[1].low == doctest::Approx(0.6));
    CHECK(r.interval_b[1].high == doctest::Approx(0.8));
    CHECK(r.interval_a[2].low == doctest::Approx(0.0));
    CHECK(r.interval_a[2].high == doctest::Approx(0.2));
    // Without resamples there is no interval (NaN bounds, never the mean twice).
    ConclusionSettings none;
    none.intervals_B = 0;
    const ConclusionsAgreement n = conclusions_agreement(a, b, none);
    CHECK(std::isnan(n.interval_a[0].low));
    CHECK(std::isnan(n.interval_b[0].high));
    // One topic: no resampling either.
    const ConclusionsAgreement one =
        conclusions_agreement(matrix({{0.5}, {0.2}}), matrix({{0.4}, {0.1}}), ConclusionSettings{});
    CHECK(std::isnan(one.interval_a[0].low));
}

TEST_CASE("conclusions agreement: tau_ap takes A as the reference") {
    // A orders r0 r1 r2 r3 (means 4 3 2 1); B orders r2 r0 r1 r3 (means 3 2 4 1).
    // tau_ap(evaluated = B, reference = A): at rank 2 (r0) A puts r2 below r0: 0/1; at rank 3 (r1)
    // A agrees with r0 above it, not r2: 1/2; at rank 4 (r3): 3/3 -> 2/3 (0 + 1/2 + 1) - 1 = 0.
    // The other way round (A evaluated against B) it would be 2/3 (1 + 0 + 1) - 1 = 1/3.
    const ScoreMatrix a = matrix({{4, 4}, {3, 3}, {2, 2}, {1, 1}});
    const ScoreMatrix b = matrix({{3, 3}, {2, 2}, {4, 4}, {1, 1}});
    const ConclusionsAgreement r = conclusions_agreement(a, b, ConclusionSettings{});
    CHECK(r.tau_ap.value == doctest::Approx(0.0));
    // r2 moves from rank 3 to rank 1: the largest change.
    CHECK(r.largest_change_run == 2);
    CHECK(r.largest_change == 2);
}

TEST_CASE("conclusions agreement: identical judgments give 1 in every bootstrap draw") {
    const ScoreMatrix a = matrix({{0.8, 0.6, 0.3}, {0.4, 0.6, 0.2}, {0.2, 0.0, 0.1}});
    const ConclusionsAgreement r = conclusions_agreement(a, a, ConclusionSettings{});
    CHECK(r.tau_b.value == 1);
    CHECK(r.tau_b.interval.low == 1);
    CHECK(r.tau_b.interval.high == 1);
    CHECK(r.rbo.interval.low == doctest::Approx(1.0));
    CHECK(r.changes.empty());
    CHECK(r.largest_change == 0);
}

TEST_CASE("conclusions agreement: verdicts that change, with the test named") {
    // Under A, r0 beats r1 on every topic by 0.4 or 0.45 (t = 0.4125 / (0.025 / 2) = 33, 3 df:
    // p < 0.001); under B the differences are 0.1 -0.1 0.1 -0.1 (mean 0: t = 0, p = 1).
    const ScoreMatrix a = matrix({{0.5, 0.6, 0.7, 0.8}, {0.1, 0.2, 0.3, 0.35}});
    const ScoreMatrix b = matrix({{0.5, 0.2, 0.7, 0.3}, {0.4, 0.3, 0.6, 0.4}});
    const ConclusionsAgreement r = conclusions_agreement(a, b, ConclusionSettings{});
    REQUIRE(r.changes.size() == 1);
    CHECK(r.changes[0].p_a < 0.001);
    CHECK(r.changes[0].p_b == doctest::Approx(1.0));
    CHECK(r.changes[0].verdict_a == 1);
    CHECK(r.changes[0].verdict_b == 0);
    CHECK(r.changes[0].kind() == "significant under A only");
    CHECK(r.significant_a == 1);
    CHECK(r.significant_b == 0);
    // B with the runs swapped on every topic: significant both ways, reversed.
    const ScoreMatrix swapped = matrix({a.scores[1], a.scores[0]});
    const ConclusionsAgreement rev = conclusions_agreement(a, swapped, ConclusionSettings{});
    REQUIRE(rev.changes.size() == 1);
    CHECK(rev.changes[0].kind() == "reversed");
    CHECK(rev.tau_b.value == -1);
    // One run: no ordering to compare.
    CHECK_THROWS_WITH_AS(conclusions_agreement(matrix({{1.0}}), matrix({{1.0}}), ConclusionSettings{}),
                         "comparing the conclusions of two sets of judgments needs at least 2 runs", UsageError);
}

TEST_CASE("compare_judgments: runs evaluated under both sets on the common topics") {
    // A and B judge topics 1 and 2 (A also 3, which is left out). Topic 1: A d1 1, d2 0; B d1 0,
    // d2 1. Topic 2: both d3 1. run0 ranks d1 d2 (topic 1) and d3 (topic 2); run1 d2 d1, nothing
    // for topic 2. P@1 under A: run0 (1 + 1) / 2 = 1, run1 (0 + 0) / 2 = 0; under B: run0
    // (0 + 1) / 2 = 0.5, run1 (1 + 0) / 2 = 0.5 (topic 2 unanswered scores 0).
    const auto a = read_qrels("A", "1 0 d1 1\n1 0 d2 0\n2 0 d3 1\n3 0 d4 1\n");
    const auto b = read_qrels("B", "1 0 d1 0\n1 0 d2 1\n2 0 d3 1\n");
    const std::vector<std::string> texts = {test::ranked("1", {"d1", "d2"}) + test::ranked("2", {"d3"}),
                                            test::ranked("1", {"d2", "d1"})};
    ReadRuns read = [&](const std::shared_ptr<const Qrels>& q) {
        std::vector<std::shared_ptr<const Run>> runs;
        for (std::size_t i = 0; i < texts.size(); ++i) runs.push_back(read_run(q, "run" + std::to_string(i), texts[i]));
        return runs;
    };
    JudgmentsSettings s;
    s.conclusions.intervals_B = 0;
    const JudgmentsReport r = compare_judgments(a, b, read, {parse_measure("P@1")}, {}, s);
    REQUIRE(r.measures.size() == 1);
    const ConclusionsAgreement& c = r.measures[0];
    CHECK(c.topics == 2);
    CHECK(c.mean_a == std::vector<double>{1.0, 0.0});
    CHECK(c.mean_b == std::vector<double>{0.5, 0.5});
    // B ties the two runs: tau_b undefined, said so.
    CHECK(std::isnan(c.tau_b.value));
    CHECK(c.note.find("tau_b and Spearman's rho undefined") == 0);
    CHECK(r.labels.topics_only_a == std::vector<std::string>{"3"});
    CHECK(r.topic_policy.find("runs scored on the 2 topic(s) both sets judge") == 0);
    // The same from runs read against A (the JS API's and Python's Run objects), re-read under both.
    const JudgmentsReport again = compare_judgments(a, b, read(a), {parse_measure("P@1")}, {}, s);
    CHECK(again.measures[0].mean_a == c.mean_a);
    CHECK(again.measures[0].mean_b == c.mean_b);
    CHECK_THROWS_WITH_AS(compare_judgments(a, b, read(b), {parse_measure("P@1")}, {}, s),
                         "run run0 was read against other qrels than A: read the runs against qrels A", UsageError);
    CHECK_THROWS_WITH_AS(compare_judgments(a, b, read, {}, {}, s),
                         "no measure given: comparing the runs' conclusions needs -m MEASURE", UsageError);
}
