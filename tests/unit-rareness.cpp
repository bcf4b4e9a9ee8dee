// Rareness-based P@K and AP (Türkmen, Lease & Kutlu, ECIR 2023) on hand-checkable fixtures.
#include "fixture.hpp"

#include "irlens/error.hpp"

using irlens::UsageError;
using irlens::test::approx;
using irlens::test::Fixture;
using irlens::test::ranked;

namespace {
// Topic 1: a b c d relevant (1), e relevant (2), n judged non-relevant. Three runs (S = 3):
//   run0: a b n c     run1: a n d x     run2: a b e y
// In the top 4 (depth = K = 4): S_a = 3, S_b = 2, S_c = S_d = S_e = 1, so
//   R(a) = 0, R(b) = 1/3, R(c) = R(d) = R(e) = 2/3              (Eq. 2)
//   R'(a) = 1 - 2/2 = 0, R'(b) = 1 - 1/2 = 1/2, R'(c,d,e) = 1      (Sec. 5.2)
const char* kQrels = "1 0 a 1\n1 0 b 1\n1 0 c 1\n1 0 d 1\n1 0 e 2\n1 0 n 0\n";
Fixture three_runs() {
    return Fixture(kQrels, {ranked("1", {"a", "b", "n", "c"}), ranked("1", {"a", "n", "d", "x"}),
                            ranked("1", {"a", "b", "e", "y"})});
}
}  // namespace

TEST_CASE("P_rareness: Eq. 1 with R(d) = 1 - S_d/S") {
    Fixture f = three_runs();
    // run0, alpha = 1: (1/4) [(1 + 0) + (1 + 1/3) + (1 + 2/3)] = 4/4 = 1
    CHECK(f.value("P_rareness(alpha=1)@4", "1", 0) == approx(1.0));
    // alpha = 0.5: (1/4) [1 + (1 + 1/6) + (1 + 1/3)] = 3.5/4 = 0.875
    CHECK(f.value("P_rareness(alpha=0.5)@4", "1", 0) == approx(0.875));
    // run1: a and d: (1/4) [1 + (1 + 2/3)] = (8/3)/4 = 2/3
    CHECK(f.value("P_rareness(alpha=1)@4", "1", 1) == approx(2.0 / 3.0));
    // run2: a b e: (1/4) [1 + 4/3 + 5/3] = 1
    CHECK(f.value("P_rareness(alpha=1)@4", "1", 2) == approx(1.0));
    // @2: run1 has only a in its top 2 -> (1/2)(1 + 0) = 1/2; rarity now counts top 2 only
    // (S_b = 2 of 3: R(b) = 1/3): run0 = (1/2)[1 + 4/3] = 7/6
    CHECK(f.value("P_rareness(alpha=1)@2", "1", 1) == approx(0.5));
    CHECK(f.value("P_rareness(alpha=1)@2", "1", 0) == approx(7.0 / 6.0));
}

TEST_CASE("alpha = 0 gives exactly P@K, AP@K and AP") {
    Fixture f = three_runs();
    for (std::size_t r = 0; r < 3; ++r) {
        for (const char* k : {"1", "2", "3", "4", "10"}) {
            CHECK(f.value(std::string("P_rareness(alpha=0)@") + k, "1", r) == f.value(std::string("P@") + k, "1", r));
            CHECK(f.value(std::string("AP_rareness(alpha=0)@") + k, "1", r) == f.value(std::string("AP@") + k, "1", r));
            CHECK(f.value(std::string("P_rareness(alpha=0,variant=mixture)@") + k, "1", r) ==
                  f.value(std::string("P@") + k, "1", r));
        }
        CHECK(f.value("AP_rareness(alpha=0)", "1", r) == f.value("AP", "1", r));
    }
    // A cutoff beyond 2^32 is a cutoff, not a truncated 0: P@K = 3 / 4294967296 (where long has
    // 64 bits; WASM's 32-bit long cannot name such a cutoff).
    if (sizeof(long) > 4) {
        CHECK(f.value("P_rareness(alpha=0)@4294967296", "1", 0) == f.value("P@4294967296", "1", 0));
        CHECK(f.value("P_rareness(alpha=0)@4294967296", "1", 0) > 0);
    }
    // and by hand: run0 P@4 = 3/4; AP = (1/1 + 2/2 + 3/4) / 5 relevant = 0.55
    CHECK(f.value("P_rareness(alpha=0)@4", "1", 0) == approx(0.75));
    CHECK(f.value("AP_rareness(alpha=0)", "1", 0) == approx(0.55));
}

TEST_CASE("AP_rareness: Eq. 3, P@i_rareness at each relevant document over N_R") {
    Fixture f = three_runs();
    // run0, alpha = 1, N_R = 5 (a b c d e):
    //   a @1: weighted so far 1            -> 1/1
    //   b @2: 1 + 4/3 = 7/3                 -> (7/3)/2 = 7/6
    //   c @4: 7/3 + 5/3 = 4                 -> 4/4 = 1
    //   (1 + 7/6 + 1) / 5 = (19/6) / 5 = 19/30
    CHECK(f.value("AP_rareness(alpha=1)@4", "1", 0) == approx(19.0 / 30.0));
    // Without @K the whole run counts and rarity too (the same top 4 here).
    CHECK(f.value("AP_rareness(alpha=1)", "1", 0) == approx(19.0 / 30.0));
    // Mixture, alpha = 1: weights R' = 0, 1/2, 1 -> a: 0/1; b: (1/2)/2 = 1/4; c: (3/2)/4 = 3/8
    //   (0 + 1/4 + 3/8) / 5 = (5/8) / 5 = 1/8
    CHECK(f.value("AP_rareness(alpha=1,variant=mixture)@4", "1", 0) == approx(0.125));
}

TEST_CASE("the normalised (mixture) form: (1 - alpha) Rel + alpha Rel R'(d)") {
    Fixture f = three_runs();
    // run0, alpha = 0.5: (1/4) [(0.5 + 0) + (0.5 + 0.25) + (0.5 + 0.5)] = 2.25/4 = 0.5625
    CHECK(f.value("P_rareness(alpha=0.5,variant=mixture)@4", "1", 0) == approx(0.5625));
    // alpha = 1 keeps only rarity: run2 = (1/4)(0 + 1/2 + 1) = 0.375
    CHECK(f.value("P_rareness(alpha=1,variant=mixture)@4", "1", 2) == approx(0.375));
}

TEST_CASE("a document found by one run versus by all") {
    // In the top 2 (depth=2), "common" is in every run, "rare" only in run2. S = 3.
    Fixture f("1 0 common 1\n1 0 rare 1\n",
              {ranked("1", {"common"}), ranked("1", {"common"}), ranked("1", {"rare", "common"})});
    // alpha = 0: both 1 (P@1). alpha = 1: common weighs 1 + 0 = 1, rare 1 + 2/3 = 5/3.
    CHECK(f.value("P_rareness(alpha=0,depth=2)@1", "1", 0) == approx(1.0));
    CHECK(f.value("P_rareness(alpha=0,depth=2)@1", "1", 2) == approx(1.0));
    CHECK(f.value("P_rareness(alpha=1,depth=2)@1", "1", 0) == approx(1.0));
    CHECK(f.value("P_rareness(alpha=1,depth=2)@1", "1", 2) == approx(5.0 / 3.0));
    // Mixture at alpha = 1: a document every run found is worth nothing, one only one run found 1.
    CHECK(f.value("P_rareness(alpha=1,depth=2,variant=mixture)@1", "1", 0) == approx(0.0));
    CHECK(f.value("P_rareness(alpha=1,depth=2,variant=mixture)@1", "1", 2) == approx(1.0));
    // With the default depth (= K = 1), run2's top 1 holds only "rare": S_common = 2, R = 1/3.
    CHECK(f.value("P_rareness(alpha=1)@1", "1", 0) == approx(4.0 / 3.0));
}

TEST_CASE("the upper bound at alpha = 1: every document relevant and found by that run alone") {
    // S = 4 runs, each with 2 relevant documents no other run retrieved: R = (S-1)/S = 3/4 for all,
    // so P@2_rareness = (1/2) * 2 * (1 + 3/4) = 7/4 = (2S - 1)/S. (Sec. 2.1 states the bound as
    // 2(S-1)/S = 3/2; summing Eq. 1 gives 1 + (S-1)/S = (2S-1)/S, still < 2.)
    Fixture f("1 0 a 1\n1 0 b 1\n1 0 c 1\n1 0 d 1\n1 0 e 1\n1 0 f 1\n1 0 g 1\n1 0 h 1\n",
              {ranked("1", {"a", "b"}), ranked("1", {"c", "d"}), ranked("1", {"e", "f"}), ranked("1", {"g", "h"})});
    for (std::size_t r = 0; r < 4; ++r) {
        CHECK(f.value("P_rareness(alpha=1)@2", "1", r) == approx(7.0 / 4.0));
        CHECK(f.value("AP_rareness(alpha=1)@2", "1", r) == approx(7.0 / 4.0 * 2.0 / 8.0));  // (7/4 + 7/4)/8
        CHECK(f.value("P_rareness(alpha=1,variant=mixture)@2", "1", r) == approx(1.0));     // R' = 1: the maximum
    }
    // A pool of the other runs only: S_d = 0 for run0's documents -> R = 1 (and R' clamped to 1),
    // the absolute maximum 2.
    CHECK(f.value("P_rareness(alpha=1,pool=[run1,run2,run3])@2", "1", 0) == approx(2.0));
    CHECK(f.value("P_rareness(alpha=1,variant=mixture,pool=[run1,run2,run3])@2", "1", 0) == approx(1.0));
}

TEST_CASE("depth, pool and rel change what counts") {
    Fixture f = three_runs();
    // depth=1: only a is in a top 1 (S_a = 3); b, c: S_d = 0 -> R = 1.
    // run0 @4: (1/4) [1 + 2 + 2] = 5/4
    CHECK(f.value("P_rareness(alpha=1,depth=1)@4", "1", 0) == approx(1.25));
    // pool=[run1,run2] (S = 2): S_a = 2, S_b = 1, S_c = 0 -> R = 0, 1/2, 1;
    // run0 = (1/4)[1 + 1.5 + 2] = 1.125; mixture alpha=1: R' = 0, 1, 1 (clamped) -> (0+1+1)/4
    CHECK(f.value("P_rareness(alpha=1,pool=[run1,run2])@4", "1", 0) == approx(1.125));
    CHECK(f.value("P_rareness(alpha=1,variant=mixture,pool=[run1,run2])@4", "1", 0) == approx(0.5));
    // rel=2: only e is relevant (S_e = 1, R = 2/3): run2 = (1/4)(1 + 2/3) = 5/12
    CHECK(f.value("P_rareness(alpha=1,rel=2)@4", "1", 2) == approx(5.0 / 12.0));
    // S = 1 (a pool of one run): R' = 1 for everything it found, so the mixture is plain P@K.
    CHECK(f.value("P_rareness(alpha=0.7,variant=mixture,pool=[run0])@4", "1", 0) == approx(0.75));
}

TEST_CASE("rareness names and parameters") {
    CHECK(irlens::parse_measure("P_rareness(alpha=0.50)@10").name() == "P_rareness(alpha=0.5)@10");
    CHECK(irlens::parse_measure("AP_rareness(variant=mixture,alpha=1)").name() ==
          "AP_rareness(alpha=1,variant=mixture)");
    CHECK_THROWS_WITH_AS(irlens::parse_measure("P_rareness@10"),
                         "measure 'P_rareness@10': P_rareness needs alpha (weight of rarity (0 gives the standard "
                         "measure))",
                         UsageError);
    CHECK_THROWS_WITH_AS(irlens::parse_measure("P_rareness(alpha=1)"),
                         "measure 'P_rareness(alpha=1)': P_rareness needs a cutoff, e.g. P_rareness@10", UsageError);
    CHECK_THROWS_WITH_AS(irlens::parse_measure("P_rareness(alpha=1,variant=max)@5"),
                         "measure 'P_rareness(alpha=1,variant=max)@5': parameter variant of P_rareness must be one of "
                         "original|mixture, got 'max'",
                         UsageError);
    const std::pair<const char*, const char*> bad[] = {
        {"P_rareness(alpha=1.5,variant=mixture)@4",
         "P_rareness(alpha=1.5,variant=mixture)@4: with variant=mixture alpha is a mixture weight in [0,1], got 1.5"},
        {"P_rareness(alpha=-1)@4", "P_rareness(alpha=-1)@4: alpha must be a number >= 0, got -1"},
        {"AP_rareness(alpha=1,depth=0)",
         "measure 'AP_rareness(alpha=1,depth=0)': parameter depth of AP_rareness must be a number >= 1, got '0'"},
        {"P_rareness(alpha=1,pool=[])@4", "P_rareness(alpha=1,pool=[])@4: pool must name at least one run"},
        {"P_rareness(alpha=1,pool=[run9])@4", "pool: run 'run9' is not among the runs evaluated"},
        {"P_rareness(alpha=1,pool=[run1,run1])@4", "pool: run 'run1' is named twice"},
    };
    Fixture f = three_runs();
    for (const auto& b : bad) CHECK_THROWS_WITH_AS(f.eval(b.first), b.second, UsageError);
}
