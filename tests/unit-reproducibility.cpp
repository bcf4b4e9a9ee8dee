// The reproducibility measures (Breuer et al., SIGIR 2020; repro_eval) and run-versus-run
// comparison on tiny runs, every expected value worked out in the comments.
#include "irlens/compare_runs/reproducibility.hpp"
#include "irlens/compare_runs/run_comparison.hpp"
#include "irlens/error.hpp"

#include "fixture.hpp"

#include <cmath>

using namespace irlens;
using irlens::test::Fixture;
using irlens::test::ranked;

namespace {
// Topic 1 judges a and c relevant, topic 2 a and d; x is unjudged.
const char kQrels[] = "1 0 a 1\n1 0 b 0\n1 0 c 1\n2 0 a 1\n2 0 d 1\n";

const ReproValue& find(const ReproReport& r, const std::string& quantity, const std::string& measure,
                       std::size_t cutoff, const std::string& run) {
    for (const ReproValue& v : r.values)
        if (v.quantity == quantity && v.measure == measure && v.cutoff == cutoff && v.run == run) return v;
    FAIL("no value " << quantity << " " << measure << " " << cutoff << " " << run);
    throw 0;
}
}  // namespace

TEST_CASE("reproducibility of a tiny experiment, by hand") {
    // run0 original baseline, run1 original advanced, run2 reproduced baseline, run3 reproduced advanced
    Fixture f(kQrels, {ranked("1", {"b", "a", "c"}) + ranked("2", {"d", "a"}),
                       ranked("1", {"a", "b", "c"}) + ranked("2", {"d", "a"}),
                       ranked("1", {"b", "a", "c"}) + ranked("2", {"x", "a"}),
                       ranked("1", {"a", "c", "b"}) + ranked("2", {"a", "x"})});
    ReproSettings s;
    s.cutoffs = {2};
    ReproReport r =
        reproducibility(f.runs[0], f.runs[1], f.runs[2], f.runs[3], {parse_measure("P@1"), parse_measure("P@2")}, s);
    // P@1: orig b (0, 1), orig a (1, 1), rep b (0, 0), rep a (1, 1).
    // RMSE baseline = sqrt(((0-0)^2 + (1-0)^2) / 2) = 0.707107; max(x, 1-x) of (0, 1) = (1, 1):
    // nRMSE = 0.707107 / 1. Advanced: identical scores, 0.
    CHECK(find(r, "RMSE", "P@1", 0, "baseline").value == doctest::Approx(std::sqrt(0.5)));
    CHECK(find(r, "nRMSE", "P@1", 0, "baseline").value == doctest::Approx(std::sqrt(0.5)));
    CHECK(find(r, "RMSE", "P@1", 0, "advanced").value == 0);
    // ER = mean(1-0, 1-0) / mean(1-0, 1-1) = 1 / 0.5 = 2
    CHECK(find(r, "ER", "P@1", 0, "both").value == doctest::Approx(2.0));
    // DeltaRI: the reproduced baseline's mean is 0: RI' undefined.
    const ReproValue& dri = find(r, "DeltaRI", "P@1", 0, "both");
    CHECK(std::isnan(dri.value));
    CHECK(dri.note == "a baseline's mean is 0: the relative improvement is undefined");
    // Paired t, baseline: d = (0, 1), mean 0.5, sd 0.707107, t = 0.5 / (0.707107 / sqrt 2) = 1,
    // 1 degree of freedom (Cauchy): p = 2 * 0.25 = 0.5. Advanced: all differences 0, undefined.
    CHECK(find(r, "p_value", "P@1", 0, "baseline").value == doctest::Approx(0.5));
    CHECK(std::isnan(find(r, "p_value", "P@1", 0, "advanced").value));
    // P@2: orig b (0.5, 1), orig a (0.5, 1): the original improvement is 0, ER undefined;
    // rep b (0.5, 0.5), rep a (1, 0.5): RI = 0, RI' = (0.75 - 0.5) / 0.5 = 0.5, DeltaRI = -0.5.
    const ReproValue& er = find(r, "ER", "P@2", 0, "both");
    CHECK(std::isnan(er.value));
    CHECK(er.note == "the original mean improvement is 0: undefined");
    CHECK(find(r, "DeltaRI", "P@2", 0, "both").value == doctest::Approx(-0.5));
    // Document order at cutoff 2, baseline: topic 1 [b a] vs [b a]: KTU 1. Topic 2 [d a] vs
    // [x a]: union d a x, ranks d1 a2 x3 vs x1 a2 d3: (d,a), (d,x), (a,x) all discordant: -1.
    // Mean (1 - 1)/2 = 0. repro_eval: sorted union a d x, indices [1 0] vs [2 0]: one pair of
    // positions, concordant: 1; mean 1.
    CHECK(find(r, "KTU", "", 2, "baseline").value == doctest::Approx(0.0));
    CHECK(find(r, "KTU_repro_eval", "", 2, "baseline").value == doctest::Approx(1.0));
    CHECK(find(r, "KTU", "", 2, "baseline").topics == 2);
}

TEST_CASE("reproducibility: a topic one run lacks is counted and left out") {
    Fixture f(kQrels, {ranked("1", {"a", "b"}) + ranked("2", {"d", "a"}), ranked("1", {"a", "b"}),
                       ranked("1", {"a", "b"}) + ranked("2", {"d", "a"}), ranked("1", {"a", "b"})});
    ReproSettings s;
    s.cutoffs = {2};
    ReproReport r = reproducibility(f.runs[0], f.runs[1], f.runs[2], f.runs[3], {parse_measure("P@1")}, s);
    // The advanced runs answer topic 1 only: ER's improvements pair topic 1 only, once for each
    // pair (1 - 1 = 0 both): undefined, and the topic 2 left out twice.
    const ReproValue& er = find(r, "ER", "P@1", 0, "both");
    CHECK(er.topics == 1);
    CHECK(er.note ==
          "1 topic(s) scored for one run only left out; 1 topic(s) scored for one run only left out; "
          "the original mean improvement is 0: undefined");
}

TEST_CASE("Student's unpaired t-test against scipy.stats.ttest_ind") {
    // x = 1 2 3, y = 4 5 6: means 2, 5; pooled s2 = (2 + 2) / 4 = 1; t = -3 / sqrt(2/3) = -3.674235,
    // 4 degrees of freedom; scipy 1.10.1: p = 0.021311641128756727.
    TestResult t = unpaired_t_test({1, 2, 3}, {4, 5, 6});
    CHECK(t.statistic == doctest::Approx(-3.0 / std::sqrt(2.0 / 3.0)));
    CHECK(t.p == doctest::Approx(0.021311641128756727).epsilon(1e-9));
    // scipy: ttest_ind([0.1, 0.4, 0.2, 0.9], [0.3, 0.35, 0.8]).pvalue = 0.7515066532672103
    CHECK(unpaired_t_test({0.1, 0.4, 0.2, 0.9}, {0.3, 0.35, 0.8}).p ==
          doctest::Approx(0.7515066532672103).epsilon(1e-9));
    TestResult same = unpaired_t_test({1, 1}, {1, 1});
    CHECK(std::isnan(same.p));
    CHECK(same.note == "both samples are constant and equal: t is undefined (scipy: NaN); p is undefined");
    CHECK(unpaired_t_test({1, 1}, {2, 2}).p == 0);
}

TEST_CASE("run versus run: per topic, means, the most different topic first, missing topics") {
    Fixture f(kQrels, {ranked("1", {"a", "b", "c"}) + ranked("2", {"d", "a"}), ranked("1", {"a", "b", "c"})});
    RunComparisonSettings s;
    s.cutoffs = {1, 2};
    RunComparison c = compare_rankings(*f.runs[0], *f.runs[1], s);
    REQUIRE(c.topics.size() == 1);
    CHECK(c.only_a == std::vector<std::string>{"2"});
    CHECK(c.only_b.empty());
    CHECK(c.topics[0].rbo.ext == doctest::Approx(1.0));
    CHECK(c.mean_ktu == doctest::Approx(1.0));
    CHECK(c.mean_overlap[1] == doctest::Approx(1.0));

    Fixture g(kQrels,
              {ranked("1", {"a", "b"}) + ranked("2", {"d", "a"}), ranked("1", {"a", "b"}) + ranked("2", {"a", "d"})});
    RunComparison d = compare_rankings(*g.runs[0], *g.runs[1], s);
    // Topic 2 is the swapped pair: RBO_ext at p = 0.9 = (0.1/0.9)(0 + 2/2 0.81) + 0.81 = 0.9;
    // topic 1 is identical (1): topic 2 comes first. Means: ext (1 + 0.9)/2, KTU (1 - 1)/2 = 0,
    // overlap@1 (1 + 0)/2.
    REQUIRE(d.topics.size() == 2);
    CHECK(d.topics[0].topic == "2");
    CHECK(d.topics[0].rbo.ext == doctest::Approx(0.9));
    CHECK(d.mean_rbo.ext == doctest::Approx(0.95));
    CHECK(d.mean_ktu == doctest::Approx(0.0));
    CHECK(d.mean_overlap[0] == doctest::Approx(0.5));
    s.cutoffs = {0};
    CHECK_THROWS_WITH_AS(compare_rankings(*g.runs[0], *g.runs[1], s), "compare runs: a cutoff must be at least 1",
                         UsageError);
}
