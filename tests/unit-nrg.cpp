// Normalized Residual Gain (Clarke et al., SIGIR-AP 2024) on hand-checkable fixtures, including the
// paper's Table 1.
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/run_groups.hpp"

#include <cmath>

using irlens::UsageError;
using irlens::test::approx;
using irlens::test::Fixture;
using irlens::test::ranked;

namespace {

double with_groups(const Fixture& f, const std::string& measure, const irlens::RunGroups& groups, std::size_t run,
                   const std::string& topic = "1") {
    irlens::EvalOptions o;
    o.groups = std::make_shared<irlens::RunGroups>(groups);
    irlens::Evaluation ev = irlens::evaluate(f.qrels, f.runs, {irlens::parse_measure(measure)}, o);
    const irlens::RunScores& r = ev.runs.at(run);
    for (std::size_t t = 0; t < r.topics.size(); ++t)
        if (r.topics[t] == topic) return r.values[0][t];
    return std::nan("");
}

// Clarke et al., Table 1: ten items A..J; A, E, F, J relevant at grade 4, the rest judged 0.
//   R1 = A B C D E F G H I J, R2 = E D C B A F G H I J, R3 = J I H G F E D C B A
// (the extracted table drops the bold letters; R2's order is the one that reproduces every value).
Fixture table1() {
    std::string qrels;
    for (char c = 'A'; c <= 'J'; ++c)
        qrels += std::string("1 0 ") + c + (c == 'A' || c == 'E' || c == 'F' || c == 'J' ? " 4\n" : " 0\n");
    return Fixture(qrels, {ranked("1", {"A", "B", "C", "D", "E", "F", "G", "H", "I", "J"}),
                           ranked("1", {"E", "D", "C", "B", "A", "F", "G", "H", "I", "J"}),
                           ranked("1", {"J", "I", "H", "G", "F", "E", "D", "C", "B", "A"})});
}

}  // namespace

TEST_CASE("Clarke et al. Table 1: NRG of three rankings of the same items") {
    Fixture f = table1();
    auto nrg = [&](std::size_t run, const std::string& prior) {
        return f.value("NRG(base=nDCG,prior=list,runs=[" + prior + "])@10", "1", run);
    };
    // nDCG@10 = 4 (1 + 1/log2 6 + 1/log2 7 + 1/log2 11) / 4 (1 + 1/log2 3 + 1/2 + 1/log2 5)
    //         = 2.03212 / 2.56161 = 0.7933 for all three.
    for (std::size_t r = 0; r < 3; ++r) CHECK(f.value("nDCG@10", "1", r) == doctest::Approx(0.7933).epsilon(1e-4));
    // R1 given R3 (Eq. 3, seen(i) = 1/log2(i+1)): A is 10th in R3 -> G = 4(1 - 1/log2 11) = 2.84375;
    // E 6th -> 4(1 - 1/log2 7) = 2.57515; F 5th -> 4(1 - 1/log2 6) = 2.45258; J 1st -> 0.
    // DCG(R1) = 2.84375/1 + 2.57515/log2 6 + 2.45258/log2 7 + 0 = 4.71358;
    // ideal (sorted residual gains) = 2.84375 + 2.57515/log2 3 + 2.45258/2 = 5.69479 -> 0.8277.
    CHECK(nrg(0, "run2") == doctest::Approx(4.71358 / 5.69479).epsilon(1e-5));
    // The rest of the table, to its 4 decimals.
    const double want[3][4] = {{0, 0.7361, 0.8277, 0.8417}, {0.7361, 0, 0.7988, 0.8316}, {0.8277, 0.7988, 0, 0.8681}};
    const char* names[3] = {"run0", "run1", "run2"};
    for (std::size_t r = 0; r < 3; ++r) {
        for (std::size_t p = 0; p < 3; ++p)
            if (p != r) CHECK(std::fabs(nrg(r, names[p]) - want[r][p]) < 5e-5);
        // "Other two": prior=others here, and the same as a list of the two.
        CHECK(std::fabs(f.value("NRG(base=nDCG,prior=others)@10", "1", r) - want[r][3]) < 5e-5);
        CHECK(f.value("NRG(base=nDCG,prior=others)@10", "1", r) ==
              nrg(r, std::string(names[(r + 1) % 3]) + "," + names[(r + 2) % 3]));
    }
    // Symmetric: R1 given R2 equals R2 given R1 (both 0.7361), as in the table.
    CHECK(nrg(0, "run1") == approx(nrg(1, "run0")));
}

TEST_CASE("NRG equals the base metric exactly when the prior set is empty") {
    Fixture f("1 0 a 2\n1 0 b 1\n1 0 c 0\n1 0 d 1\n2 0 a 1\n2 0 z 2\n",
              {ranked("1", {"c", "a", "x", "b"}) + ranked("2", {"a", "q", "z"}),
               ranked("1", {"b", "d"}) + ranked("2", {"z"})});
    for (std::size_t r = 0; r < 2; ++r) {
        for (const char* t : {"1", "2"}) {
            CHECK(f.value("NRG(base=nDCG,prior=list,runs=[])@3", t, r) == f.value("nDCG@3", t, r));
            CHECK(f.value("NRG(base=RBP,prior=list,runs=[])", t, r) == f.value("RBP(p=0.8)", t, r));
            CHECK(f.value("NRG(base=RBP,p=0.5,rel=2,prior=list,runs=[])@2", t, r) ==
                  f.value("RBP(p=0.5,rel=2)@2", t, r));
            CHECK(f.value("NRG(base=P,prior=list,runs=[])@3", t, r) == f.value("P@3", t, r));
            CHECK(f.value("NRG(base=RR,prior=list,runs=[])", t, r) == f.value("RR", t, r));
            CHECK(f.value("NRG(base=RR,rel=2,prior=list,runs=[])@2", t, r) == f.value("RR(rel=2)@2", t, r));
        }
    }
    // The first run of a chronological list has nothing before it.
    CHECK(f.value("NRG(base=nDCG,prior=chronological,runs=[run1,run0])@3", "1", 1) == f.value("nDCG@3", "1", 1));
    // And with a single run, "others" is empty. (By hand, topic 1 of run0 @3: c a x ->
    // DCG = 2/log2 3; ideal a b d = 2 + 1/log2 3 + 1/2 -> 1.26186 / 3.13093 = 0.40303.)
    Fixture one("1 0 a 2\n1 0 b 1\n1 0 c 0\n1 0 d 1\n", {ranked("1", {"c", "a", "x", "b"})});
    CHECK(one.value("NRG(base=nDCG,prior=others)@3", "1") == one.value("nDCG@3", "1"));
    CHECK(one.value("NRG(base=nDCG,prior=others)@3", "1") ==
          approx((2 / std::log2(3.0)) / (2 + 1 / std::log2(3.0) + 0.5)));
}

TEST_CASE("NRG over P@K: a relevant document in a prior's top K has no residual gain") {
    // a b c relevant. run0 = a b c, run1 = a x y.
    Fixture f("1 0 a 1\n1 0 b 1\n1 0 c 1\n", {ranked("1", {"a", "b", "c"}), ranked("1", {"a", "x", "y"})});
    // run0 given run1: a seen (seen = 1 in the top 3) -> (0 + 1 + 1)/3
    CHECK(f.value("NRG(base=P,prior=others)@3", "1", 0) == approx(2.0 / 3.0));
    // run1 given run0: its only relevant document a is in run0's top 3 -> 0
    CHECK(f.value("NRG(base=P,prior=others)@3", "1", 1) == approx(0.0));
    // Identical runs (symmetric): over P@2 each explains the other away completely: 0.
    Fixture same("1 0 a 1\n1 0 b 1\n", {ranked("1", {"a", "b"}), ranked("1", {"a", "b"})});
    CHECK(same.value("NRG(base=P,prior=others)@2", "1", 0) == approx(0.0));
    CHECK(same.value("NRG(base=P,prior=others)@2", "1", 1) == approx(0.0));
    // Over nDCG@2 the searcher may have missed b at rank 2: G(a) = 0, G(b) = 1 - 1/log2 3 = g;
    // DCG = g/log2 3, ideal = g/1 -> 1/log2 3 = 0.63093, for both runs.
    CHECK(same.value("NRG(base=nDCG,prior=others)@2", "1", 0) == approx(1 / std::log2(3.0)));
    CHECK(same.value("NRG(base=nDCG,prior=others)@2", "1", 1) == approx(1 / std::log2(3.0)));
    // Disjoint relevant documents: nothing to discount, NRG = the base metric for both.
    Fixture apart("1 0 a 1\n1 0 b 1\n", {ranked("1", {"a", "x"}), ranked("1", {"b", "y"})});
    CHECK(apart.value("NRG(base=P,prior=others)@2", "1", 0) == approx(0.5));
    CHECK(apart.value("NRG(base=P,prior=others)@2", "1", 1) == approx(0.5));
}

TEST_CASE("NRG over RBP: residual gain 1 - p^(pos-1)") {
    // p = 0.5, binary: run0 = a b, run1 = b a.
    //   run0 given run1: G(a) = 1 - 0.5^1 = 0.5 (a 2nd in run1), G(b) = 1 - 0.5^0 = 0
    //   -> (1 - 0.5)(0.5 * 1 + 0 * 0.5) = 0.25; RBP itself = 0.5 (1 + 0.5) = 0.75
    Fixture f("1 0 a 2\n1 0 b 1\n", {ranked("1", {"a", "b"}), ranked("1", {"b", "a"})});
    CHECK(f.value("NRG(base=RBP,p=0.5,rel=1,prior=others)", "1", 0) == approx(0.25));
    CHECK(f.value("RBP(p=0.5,rel=1)", "1", 0) == approx(0.75));
    // Graded (gain = grade / 2): RBP = 0.5 (1 + 0.5 * 0.5) = 0.625;
    // NRG: G(a) = 1 * 0.5, G(b) = 0.5 * 0 -> 0.5 * 0.5 = 0.25
    CHECK(f.value("RBP(p=0.5)", "1", 0) == approx(0.625));
    CHECK(f.value("NRG(base=RBP,p=0.5,prior=others)", "1", 0) == approx(0.25));
}

TEST_CASE("NRG over nDCG: the ideal ranks documents by residual gain") {
    // a, b relevant (1). run0 = a b, run1 = a. run0 given run1: G(a) = 1 - 1/log2 2 = 0, G(b) = 1.
    // DCG = 0 + 1/log2 3; ideal = [1, 0] -> 1/log2 2 = 1; NRG = 1/log2 3 = 0.63093 (nDCG@2 = 1).
    Fixture f("1 0 a 1\n1 0 b 1\n", {ranked("1", {"a", "b"}), ranked("1", {"a"})});
    CHECK(f.value("NRG(base=nDCG,prior=others)@2", "1", 0) == approx(1 / std::log2(3.0)));
    CHECK(f.value("nDCG@2", "1", 0) == approx(1.0));
    // Everything relevant already seen at rank 1 of a prior: ideal 0 -> 0, not NaN.
    Fixture g("1 0 a 1\n", {ranked("1", {"a"}), ranked("1", {"a"})});
    CHECK(g.value("NRG(base=nDCG,prior=others)@2", "1", 0) == 0.0);
}

TEST_CASE("NRG over RR: cascade, a searcher stops at the first relevant document") {
    // a b relevant. run0 = n a b, run1 = a b.
    // run0 given run1: run1's searcher stopped at a (rank 1), so a has no residual gain, b keeps
    // it; run0's searcher passes a (nothing new) and stops at b, rank 3 -> 1/3 (RR = 1/2).
    Fixture f("1 0 a 1\n1 0 b 1\n1 0 n 0\n", {ranked("1", {"n", "a", "b"}), ranked("1", {"a", "b"})});
    CHECK(f.value("NRG(base=RR,prior=others)", "1", 0) == approx(1.0 / 3.0));
    CHECK(f.value("RR", "1", 0) == approx(0.5));
    // run1 given run0: run0's searcher saw n and a (its first relevant), not b -> b at rank 2: 1/2
    CHECK(f.value("NRG(base=RR,prior=others)", "1", 1) == approx(0.5));
    // @2: run0's top 2 is n a -> nothing new there: 0
    CHECK(f.value("NRG(base=RR,prior=others)@2", "1", 0) == approx(0.0));
}

namespace {
// Groups g1 = {run0, run1}, g2 = {run2, run3}; a b c d relevant.
//   run0 (g1) = a b   P@2 = 1      run2 (g2) = a x   P@2 = 0.5
//   run1 (g1) = c d   P@2 = 1      run3 (g2) = b c   P@2 = 1
// Best per group by P@2: g1 tie run0/run1 -> run0 (name order); g2 -> run3.
Fixture grouped() {
    return Fixture("1 0 a 1\n1 0 b 1\n1 0 c 1\n1 0 d 1\n", {ranked("1", {"a", "b"}), ranked("1", {"c", "d"}),
                                                            ranked("1", {"a", "x"}), ranked("1", {"b", "c"})});
}
const irlens::RunGroups kGroups("groups", {{"run0", "g1"}, {"run1", "g1"}, {"run2", "g2"}, {"run3", "g2"}});
}  // namespace

TEST_CASE("prior=best_per_group and prior=other_groups") {
    Fixture f = grouped();
    const std::string best = "NRG(base=P,prior=best_per_group)@2", others = "NRG(base=P,prior=other_groups)@2";
    // best_per_group: run0 and run1 given run3 (b c); run2 and run3 given run0 (a b).
    CHECK(with_groups(f, best, kGroups, 0) == approx(0.5));  // a new, b seen
    CHECK(with_groups(f, best, kGroups, 1) == approx(0.5));  // c seen, d new
    CHECK(with_groups(f, best, kGroups, 2) == approx(0.0));  // a seen
    CHECK(with_groups(f, best, kGroups, 3) == approx(0.5));  // b seen, c new
    // other_groups: run0 given run2 + run3 -> a, b seen: 0; run1: c seen, d new: 1/2;
    // run2 given run0 + run1: a seen: 0; run3: b, c seen: 0.
    CHECK(with_groups(f, others, kGroups, 0) == approx(0.0));
    CHECK(with_groups(f, others, kGroups, 1) == approx(0.5));
    CHECK(with_groups(f, others, kGroups, 2) == approx(0.0));
    CHECK(with_groups(f, others, kGroups, 3) == approx(0.0));
    // Groups are needed, for every run.
    CHECK_THROWS_WITH_AS(f.eval(best),
                         "NRG(base=P,prior=best_per_group)@2 needs the group of every run (irlens eval --groups FILE: "
                         "run<TAB>group or a leaderboard CSV with run and team columns)",
                         UsageError);
    CHECK_THROWS_WITH_AS(with_groups(f, others, irlens::RunGroups("groups", {{"run0", "g1"}}), 0),
                         "NRG(base=P,prior=other_groups)@2: run 'run1' has no group in groups (match by name, or by "
                         "name without .gz/.txt)",
                         UsageError);
}

TEST_CASE("prior=list and prior=chronological") {
    Fixture f = grouped();
    // list [run3]: every run is judged against run3 (b c); run3 itself against nothing (P@2 = 1).
    CHECK(f.value("NRG(base=P,prior=list,runs=[run3])@2", "1", 0) == approx(0.5));
    CHECK(f.value("NRG(base=P,prior=list,runs=[run3])@2", "1", 3) == approx(1.0));
    // chronological [run2, run0]: run2 first (P@2 = 0.5); run0 after run2: a seen, b new -> 0.5;
    // run1 is not listed: released after both -> c, d new -> 1; run3: b seen (run0) -> 0.5.
    const std::string chrono = "NRG(base=P,prior=chronological,runs=[run2,run0])@2";
    CHECK(f.value(chrono, "1", 2) == approx(0.5));
    CHECK(f.value(chrono, "1", 0) == approx(0.5));
    CHECK(f.value(chrono, "1", 1) == approx(1.0));
    CHECK(f.value(chrono, "1", 3) == approx(0.5));
}

TEST_CASE("NRG names and parameter errors") {
    CHECK(irlens::parse_measure("NRG@10").name() == "NRG@10");  // defaults are not printed (issue 13)
    CHECK(irlens::parse_measure("NRG(prior=list,base=RR,runs=[a.gz,b])").name() ==
          "NRG(base=RR,prior=list,runs=[a.gz,b])");
    // Every message starts with the measure's canonical name.
    const std::pair<const char*, const char*> bad[] = {
        {"NRG(base=nDCG)", ": base=nDCG needs a cutoff, e.g. NRG(base=nDCG,prior=others)@10"},
        {"NRG(p=0.5)@5", ": p applies only to base=RBP"},
        {"NRG(rel=2)@5", ": rel does not apply to base=nDCG (its gains are the relevance grades)"},
        {"NRG(prior=list)@5", ": prior=list needs the runs, e.g. runs=[runA,runB] (the prior set)"},
        {"NRG(runs=[run1])@5", ": runs=[...] applies only to prior=list or prior=chronological"},
        {"NRG(prior=list,runs=[run9])@5", ": run 'run9' in runs=[...] is not among the runs evaluated"},
        {"NRG(prior=chronological,runs=[run1,run1])@5", ": run 'run1' is named twice in runs=[...]"},
    };
    // p is checked against its range where the name is read (irlens/measures/measure.hpp).
    CHECK_THROWS_WITH_AS(irlens::parse_measure("NRG(base=RBP,p=1)"),
                         "measure 'NRG(base=RBP,p=1)': parameter p of NRG must be [0, 1), got '1'", UsageError);
    Fixture f = grouped();
    for (const auto& b : bad) {
        std::string message = irlens::parse_measure(b.first).name() + b.second;
        CHECK_THROWS_WITH_AS(f.eval(b.first), message.c_str(), UsageError);
    }
}
