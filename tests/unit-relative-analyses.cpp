// The analyses around the relative measures: the rarity report, the alpha sweep and Algorithm 1
// (Türkmen et al., ECIR 2023), unique contributions (Clarke et al., SIGIR-AP 2024, Appendix B).
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/stats/random.hpp"
#include "irlens/relative/rarity.hpp"
#include "irlens/relative/unique.hpp"

#include <cmath>

using irlens::UsageError;
using irlens::test::approx;
using irlens::test::Fixture;
using irlens::test::ranked;

TEST_CASE("rarity report: relevant documents, rarest first, with S_d, R and R'") {
    // The fixture of unit-rareness.cpp: run0 = a b n c, run1 = a n d x, run2 = a b e y.
    Fixture f(
        "1 0 a 1\n1 0 b 1\n1 0 c 1\n1 0 d 1\n1 0 e 2\n1 0 n 0\n",
        {ranked("1", {"a", "b", "n", "c"}), ranked("1", {"a", "n", "d", "x"}), ranked("1", {"a", "b", "e", "y"})});
    irlens::RarityOptions o;
    o.depth = 4;
    irlens::RarityReport r = irlens::rarity_report(f.qrels, f.runs, o);
    CHECK(r.systems == 3);
    REQUIRE(r.documents.size() == 5);
    // S_d: c d e 1 (each one run), b 2, a 3 -> order c d e b a.
    const char* docs[] = {"c", "d", "e", "b", "a"};
    const unsigned found[] = {1, 1, 1, 2, 3};
    const char* only[] = {"run0", "run1", "run2", "", ""};
    for (int i = 0; i < 5; ++i) {
        CHECK(r.documents[i].doc == docs[i]);
        CHECK(r.documents[i].found_by == found[i]);
        CHECK(r.documents[i].only_run == only[i]);
        CHECK(r.documents[i].rarity == approx(1.0 - found[i] / 3.0));                // R = 1 - S_d/3
        CHECK(r.documents[i].rarity_mixture == approx(1.0 - (found[i] - 1) / 2.0));  // R' = 1 - (S_d-1)/2
    }
    CHECK(r.documents[2].rel == 2);
    // depth 1: only a (3 runs); the others S_d = 0 -> R = R' = 1.
    o.depth = 1;
    r = irlens::rarity_report(f.qrels, f.runs, o);
    CHECK(r.documents[0].doc == "b");
    CHECK(r.documents[0].found_by == 0);
    CHECK(r.documents[0].rarity == 1.0);
    CHECK(r.documents[0].rarity_mixture == 1.0);
    CHECK(r.documents[4].doc == "a");
    // A pool of one run (S = 1): R' = 1 throughout; R = 0 for what it found, 1 otherwise.
    o.depth = -1;
    o.pool = {"run0"};
    r = irlens::rarity_report(f.qrels, f.runs, o);
    CHECK(r.systems == 1);
    CHECK(r.pool == std::vector<std::string>{"run0"});
    CHECK(r.documents[0].doc == "d");
    CHECK(r.documents[0].rarity == 1.0);
    CHECK(r.documents[4].doc == "c");
    CHECK(r.documents[4].rarity == 0.0);
    for (const auto& d : r.documents) CHECK(d.rarity_mixture == 1.0);
    o.pool = {};
    o.rel_level = 2;
    CHECK(irlens::rarity_report(f.qrels, f.runs, o).documents.size() == 1);  // only e
    CHECK_THROWS_WITH_AS(irlens::rarity_report(f.qrels, {}, o), "rarity needs at least one run", UsageError);
    o.depth = 0;
    CHECK_THROWS_WITH_AS(irlens::rarity_report(f.qrels, f.runs, o), "rarity: depth must be at least 1, got 0",
                         UsageError);
}

namespace {
// c1, c2, r1 relevant. With depth 4, c1 and c2 are in every run (S = 3, R = R' = 0), r1 only in
// run1 (R = 2/3, R' = 1).   run0 = c1 c2 n1 n2   run1 = c1 r1 c2 n3   run2 = n4 c1 c2 n5
Fixture sweep_fixture() {
    return Fixture("1 0 c1 1\n1 0 c2 1\n1 0 r1 1\n",
                   {ranked("1", {"c1", "c2", "n1", "n2"}), ranked("1", {"c1", "r1", "c2", "n3"}),
                    ranked("1", {"n4", "c1", "c2", "n5"})});
}
}  // namespace

TEST_CASE("alpha sweep: Kendall's tau-b against alpha = 0") {
    Fixture f = sweep_fixture();
    // P_rareness(depth=4)@2: alpha 0 -> (1, 1, 0.5); alpha 1 -> (1, (1 + 5/3)/2 = 4/3, 0.5).
    // Pairs: (0,1) tied at 0 only (Tx), (0,2) and (1,2) concordant: tau_b = 2 / sqrt(3 * 2).
    auto points = irlens::alpha_sweep(f.qrels, f.runs, "P_rareness(depth=4)@2", {0, 0.5, 1});
    REQUIRE(points.size() == 3);
    CHECK(points[0].measure == "P_rareness(alpha=0,depth=4)@2");
    CHECK(points[0].tau_b == approx(1.0));
    CHECK(points[1].tau_b == approx(2 / std::sqrt(6.0)));
    CHECK(points[2].alpha == 1.0);
    CHECK(points[2].tau_b == approx(2 / std::sqrt(6.0)));
    // Mixture at alpha = 1: (0, 1/2, 0): (0,1) Tx, (0,2) Ty, (1,2) C -> 1 / sqrt(2 * 2) = 0.5.
    auto mix = irlens::alpha_sweep(f.qrels, f.runs, "P_rareness(depth=4,variant=mixture)@2", {1});
    CHECK(mix[0].tau_b == approx(0.5));
    // The values behind it are eval's.
    CHECK(f.mean("P_rareness(alpha=1,depth=4)@2", 1) == approx(4.0 / 3.0));
    CHECK_THROWS_WITH_AS(irlens::alpha_sweep(f.qrels, f.runs, "P_rareness(alpha=1)@2", {0, 1}),
                         "alpha sweep: name the measure without alpha (the sweep sets it), got 'P_rareness(alpha=1)@2'",
                         UsageError);
    CHECK_THROWS_WITH_AS(irlens::alpha_sweep(f.qrels, f.runs, "P@2", {0, 1}),
                         "alpha sweep: 'P@2' is not a rareness measure (P_rareness, AP_rareness)", UsageError);
    CHECK_THROWS_WITH_AS(irlens::alpha_sweep(f.qrels, f.runs, "P_rareness(variant=mixture)@2", {2}),
                         "P_rareness(alpha=2,variant=mixture)@2: with variant=mixture alpha is a mixture weight in "
                         "[0,1], got 2",
                         UsageError);
}

TEST_CASE("Algorithm 1: tau between a sample's ranking and the full ranking") {
    Fixture f = sweep_fixture();
    irlens::MeasureSpec m = irlens::parse_measure("P_rareness(alpha=1,depth=4,variant=mixture)@2");
    // Full ranking (S = 3): (0, 1/2, 0). Samples of 2 (rarity over the pair):
    //   {run0, run1}: c's found by both -> R' = 0, r1 by one -> 1: (0, 1/2) vs (0, 1/2): tau 1
    //   {run1, run2}: (1/2, 0) vs (1/2, 0): tau 1
    //   {run0, run2}: (0, 0) vs (0, 0): tied everywhere, tau-b undefined (left out)
    const std::size_t trials = 200;
    auto points = irlens::sample_size_tau(f.qrels, f.runs, m, {2, 3}, trials, 12345);
    REQUIRE(points.size() == 2);
    // Replay the generator to count the {run0, run2} samples.
    irlens::Rng rng(12345);
    std::size_t undefined = 0;
    for (std::size_t i = 0; i < trials; ++i) {
        auto s = rng.sample(3, 2);
        undefined += (s[0] == 0 && s[1] == 2) || (s[0] == 2 && s[1] == 0);
    }
    CHECK(undefined > 0);
    CHECK(points[0].runs == 2);
    CHECK(points[0].trials == trials);
    CHECK(points[0].defined == trials - undefined);
    CHECK(points[0].mean_tau_b == approx(1.0));
    // N = all runs: the sample is the full set, rarity unchanged: (0,1) C, (0,2) tied, (1,2) C -> 1.
    CHECK(points[1].defined == trials);
    CHECK(points[1].mean_tau_b == approx(1.0));
    // Reproducible.
    auto again = irlens::sample_size_tau(f.qrels, f.runs, m, {2, 3}, trials, 12345);
    CHECK(again[0].defined == points[0].defined);
    CHECK_THROWS_WITH_AS(irlens::sample_size_tau(f.qrels, f.runs, m, {4}, 10, 1),
                         "run sampling: a sample size must be from 2 to the number of runs (3), got 4", UsageError);
    CHECK_THROWS_WITH_AS(irlens::sample_size_tau(
                             f.qrels, f.runs, irlens::parse_measure("P_rareness(alpha=1,pool=[run0])@2"), {2}, 10, 1),
                         "run sampling recomputes rarity over each sample: 'P_rareness(alpha=1,pool=[run0])@2' must "
                         "not set pool",
                         UsageError);
}

TEST_CASE("Algorithm 1 over several measures: defaults, one generator per measure, progress and cancel") {
    Fixture f = sweep_fixture();
    CHECK(irlens::default_sample_sizes(3) == std::vector<std::size_t>{2});
    CHECK(irlens::default_sample_sizes(100) == std::vector<std::size_t>{2, 4, 8, 16, 32, 64});
    CHECK(irlens::default_sample_sizes(1).empty());
    CHECK(irlens::default_sweep_alphas().size() == 11);
    irlens::SampleSizeOptions o;
    CHECK(o.trials == 1000);  // the paper's 1000 samples per N
    CHECK(o.seed == 1);
    o.trials = 30;
    o.seed = 7;
    std::vector<double> seen;
    o.progress = [&](double x) {
        seen.push_back(x);
        return true;
    };
    // Two measures in one text: each gets its own generator seeded with 7, so its rows are the
    // rows of the single-measure call.
    const char* a = "P_rareness(alpha=1,depth=4)@2";
    const char* b = "AP_rareness(alpha=0.5,depth=4)";
    auto rows = irlens::sample_size_tau(f.qrels, f.runs, {std::string(a) + " " + b}, o);
    REQUIRE(rows.size() == 2);  // default sizes for 3 runs: N = 2
    auto single = irlens::sample_size_tau(f.qrels, f.runs, irlens::parse_measure(b), {2}, 30, 7);
    CHECK(rows[1].measure == irlens::parse_measure(b).name());
    CHECK(rows[1].point.defined == single[0].defined);
    CHECK(rows[1].point.mean_tau_b == single[0].mean_tau_b);
    // Progress: after each of the 2 x 30 trials, increasing, ending at 1.
    REQUIRE(seen.size() == 60);
    CHECK(seen[29] == approx(0.5));
    CHECK(seen.back() == approx(1.0));
    for (std::size_t i = 1; i < seen.size(); ++i) CHECK(seen[i] > seen[i - 1]);
    // Returning false stops with Cancelled.
    int calls = 0;
    o.progress = [&](double) { return ++calls < 5; };
    CHECK_THROWS_AS(irlens::sample_size_tau(f.qrels, f.runs, {a}, o), irlens::Cancelled);
    CHECK(calls == 5);
}

namespace {
// Topic 1: a b c d relevant; topic 2: e relevant. Groups: g1 = run0, run1, run4; g2 = run2, run3.
//   run0 = a b | e   run1 = c d   run2 = a x   run3 = b c   run4 = d y      (depth 2)
Fixture unique_fixture() {
    return Fixture("1 0 a 1\n1 0 b 1\n1 0 c 1\n1 0 d 1\n2 0 e 1\n",
                   {ranked("1", {"a", "b"}) + ranked("2", {"e"}), ranked("1", {"c", "d"}), ranked("1", {"a", "x"}),
                    ranked("1", {"b", "c"}), ranked("1", {"d", "y"})});
}
const irlens::RunGroups kGroups("groups",
                                {{"run0", "g1"}, {"run1", "g1"}, {"run2", "g2"}, {"run3", "g2"}, {"run4", "g1"}});
}  // namespace

TEST_CASE("unique contributions per run and per group") {
    Fixture f = unique_fixture();
    irlens::UniqueContributions u = irlens::unique_contributions(f.qrels, f.runs, &kGroups, 2);
    CHECK(u.topics == 2);
    // a: g1 (run0) and g2 (run2); b: g1 and g2; c: g1 (run1) and g2 (run3); d: g1 only (run1, run4);
    // e: g1 only (run0). Per run: run0 {e} 1, run1 {d} 1, run4 {d} 1, run2 and run3 0.
    const long totals[] = {1, 1, 0, 0, 1};
    for (int r = 0; r < 5; ++r) {
        CHECK(u.runs[r].total == totals[r]);
        CHECK(u.runs[r].mean == approx(totals[r] / 2.0));  // over the 2 qrels topics
    }
    // Per group, distinct documents: g1 {d, e} = 2 (3 runs); g2 none.
    REQUIRE(u.groups.size() == 2);
    CHECK(u.groups[0].name == "g1");
    CHECK(u.groups[0].runs == 3);
    CHECK(u.groups[0].total == 2);
    CHECK(u.groups[0].mean == approx(1.0));
    CHECK(u.groups[1].total == 0);
    // Without groups every run is its own: d is found by run1 and run4, so only e is unique.
    irlens::UniqueContributions alone = irlens::unique_contributions(f.qrels, f.runs, nullptr, 2);
    CHECK(alone.runs[0].total == 1);
    CHECK(alone.runs[1].total == 0);
    CHECK(alone.runs[4].total == 0);
    CHECK(alone.groups.size() == 5);
    CHECK_THROWS_WITH_AS(irlens::unique_contributions(f.qrels, f.runs, &kGroups, 0),
                         "unique contributions: depth must be at least 1, got 0", UsageError);
}

TEST_CASE("unique contributions per topic are K x NRG(base=P,prior=other_groups)@K") {
    Fixture f = unique_fixture();
    irlens::EvalOptions o;
    o.groups = std::make_shared<irlens::RunGroups>(kGroups);
    o.missing = irlens::MissingTopics::Zero;
    irlens::Evaluation ev =
        irlens::evaluate(f.qrels, f.runs, {irlens::parse_measure("NRG(base=P,prior=other_groups)@2")}, o);
    irlens::UniqueContributions u = irlens::unique_contributions(f.qrels, f.runs, &kGroups, 2);
    for (std::size_t r = 0; r < f.runs.size(); ++r) {
        double sum = 0;
        for (double v : ev.runs[r].values[0]) sum += 2 * v;
        CHECK(sum == approx(static_cast<double>(u.runs[r].total)));
    }
}
