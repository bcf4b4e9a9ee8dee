// MAX TaSC (Arabzadeh et al., SIGIR 2023; Clarke et al., SIGIR-AP 2024, Figure 5) on a
// hand-checkable fixture: TaSC@K(R, q) = nDCG@K(R, q) (1 - max over the prior set of nDCG@K).
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/run_groups.hpp"

#include <cmath>

using irlens::UsageError;
using irlens::test::Fixture;
using irlens::test::ranked;

namespace {

// Topic 1: a 2, b 1, c 0; topic 2: x 1. run1 does not answer topic 2.
// nDCG@2 (gains = grades, 1/log2(i+1)): topic 1's ideal DCG = 2 + 1/log2 3 = 2.63093.
//   run0: a b -> 1;                     topic 2: x   -> 1
//   run1: b a -> (1 + 2/log2 3) / 2.63093 = 2.26186 / 2.63093 = 0.85972; topic 2: none -> 0
//   run2: c a -> (2/log2 3) / 2.63093 = 0.47962;  topic 2: q x -> 1/log2 3 = 0.63093
//   run3: c   -> 0;                     topic 2: x   -> 1
Fixture campaign() {
    return Fixture("1 0 a 2\n1 0 b 1\n1 0 c 0\n2 0 x 1\n",
                   {ranked("1", {"a", "b"}) + ranked("2", {"x"}), ranked("1", {"b", "a"}),
                    ranked("1", {"c", "a"}) + ranked("2", {"q", "x"}), ranked("1", {"c"}) + ranked("2", {"x"})});
}

const double kRun1 = (1 + 2 / std::log2(3.0)) / (2 + 1 / std::log2(3.0));  // 0.85972
const double kRun2 = (2 / std::log2(3.0)) / (2 + 1 / std::log2(3.0));      // 0.47962
const double kRun2Topic2 = 1 / std::log2(3.0);                             // 0.63093

double with_groups(const Fixture& f, const std::string& measure, std::size_t run, const std::string& topic) {
    irlens::EvalOptions o;
    o.groups = std::make_shared<irlens::RunGroups>(
        irlens::RunGroups("groups", {{"run0", "g1"}, {"run1", "g1"}, {"run2", "g2"}, {"run3", "g2"}}));
    irlens::Evaluation ev = irlens::evaluate(f.qrels, f.runs, {irlens::parse_measure(measure)}, o);
    const irlens::RunScores& r = ev.runs.at(run);
    for (std::size_t t = 0; t < r.topics.size(); ++t)
        if (r.topics[t] == topic) return r.values[0][t];
    return std::nan("");
}

}  // namespace

TEST_CASE("TaSC: nDCG@K times 1 - the best prior run's nDCG@K") {
    Fixture f = campaign();
    CHECK(f.value("nDCG@2", "1", 1) == doctest::Approx(0.85972).epsilon(1e-5));
    CHECK(f.value("nDCG@2", "1", 2) == doctest::Approx(0.47962).epsilon(1e-5));
    // prior = [run2]: run0 topic 1: 1 (1 - 0.47962) = 0.52038; topic 2: 1 (1 - 0.63093) = 0.36907.
    const std::string listed = "TaSC(prior=list,runs=[run2])@2";
    CHECK(f.value(listed, "1", 0) == doctest::Approx(1 - kRun2));
    CHECK(f.value(listed, "1", 0) == doctest::Approx(0.52038).epsilon(1e-5));
    CHECK(f.value(listed, "2", 0) == doctest::Approx(0.36907).epsilon(1e-5));
    // run1 topic 1: 0.85972 (1 - 0.47962) = 0.44738.
    CHECK(f.value(listed, "1", 1) == doctest::Approx(kRun1 * (1 - kRun2)));
    CHECK(f.value(listed, "1", 1) == doctest::Approx(0.44738).epsilon(1e-4));
    // run2 is not its own prior: an empty prior set leaves nDCG@2 bit for bit.
    CHECK(f.value(listed, "1", 2) == f.value("nDCG@2", "1", 2));
    // prior=others: run0 topic 1 against max(0.85972, 0.47962, 0) = 0.85972 -> 1 (1 - 0.85972) = 0.14028;
    // topic 2 against max(0 (run1 did not answer), 0.63093, 1) = 1 -> 0.
    CHECK(f.value("TaSC@2", "1", 0) == doctest::Approx(1 - kRun1));
    CHECK(f.value("TaSC@2", "2", 0) == 0.0);
    CHECK(f.value("TaSC(prior=others)@2", "1", 0) == f.value("TaSC@2", "1", 0));
}

TEST_CASE("TaSC equals nDCG@K exactly when the prior set is empty") {
    Fixture f = campaign();
    // Every topic, also the one run1 did not answer (scored as trec_eval -c: 0).
    const auto zero = irlens::MissingTopics::Zero;
    for (std::size_t r = 0; r < 4; ++r)
        for (const char* t : {"1", "2"}) {
            CHECK(f.value("TaSC(prior=list,runs=[])@2", t, r, zero) == f.value("nDCG@2", t, r, zero));
            CHECK(f.value("TaSC(prior=list,runs=[])@1", t, r, zero) == f.value("nDCG@1", t, r, zero));
        }
}

TEST_CASE("TaSC with prior=best_per_group: Clarke et al.'s Figure 5 (the best run of every other group)") {
    Fixture f = campaign();
    // Mean nDCG@2 over both topics: run0 (1 + 1)/2 = 1, run1 (0.85972 + 0)/2 = 0.42986 (g1: run0);
    // run2 (0.47962 + 0.63093)/2 = 0.55528, run3 (0 + 1)/2 = 0.5 (g2: run2).
    // run0, run1: prior {run2}; run2, run3: prior {run0}.
    const std::string m = "TaSC(prior=best_per_group)@2";
    CHECK(with_groups(f, m, 1, "1") == doctest::Approx(kRun1 * (1 - kRun2)));  // 0.44738
    CHECK(with_groups(f, m, 0, "2") == doctest::Approx(1 - kRun2Topic2));      // 0.36907
    CHECK(with_groups(f, m, 3, "2") == 0.0);                                   // 1 (1 - 1)
    CHECK(with_groups(f, m, 2, "1") == 0.0);                                   // 0.47962 (1 - 1)
    // The authors' calculate_tasc.py compares with the best runs of the run's own group instead:
    // run1 against run0 would give 0.85972 (1 - 1) = 0, not 0.44738.
    CHECK(with_groups(f, m, 1, "1") != 0.0);
    CHECK_THROWS_WITH_AS(f.value(m, "1", 0),
                         "TaSC(prior=best_per_group)@2 needs the group of every run (irlens eval --groups FILE: "
                         "run<TAB>group or a leaderboard CSV with run and team columns)",
                         UsageError);
}

TEST_CASE("TaSC's parameters are checked") {
    Fixture f = campaign();
    CHECK_THROWS_WITH_AS(f.value("TaSC(prior=list)@2", "1", 0),
                         "TaSC(prior=list)@2: prior=list needs the runs, e.g. runs=[runA,runB] (the prior set)",
                         UsageError);
    CHECK_THROWS_WITH_AS(f.value("TaSC(runs=[run1])@2", "1", 0),
                         "TaSC(runs=[run1])@2: runs=[...] applies only to prior=list or prior=chronological",
                         UsageError);
    CHECK_THROWS_AS(f.value("TaSC", "1", 0), UsageError);  // K is required
}
