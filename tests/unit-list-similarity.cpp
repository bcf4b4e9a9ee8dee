// RBO (min, res, ext), Kendall's tau union, overlap@k and Jaccard@k of two document lists, and
// repro_eval's forms of RBO and KTU: hand-checkable cases, and the published examples of the `rbo`
// Python package (changyaochen/rbo, tests/test.py; the values are its RankingSimilarity.rbo_ext,
// Webber et al.'s Eq. 32, printed to 17 digits in /tmp from its version of 2024-02).
#include "irlens/compare_runs/list_similarity.hpp"
#include "irlens/error.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

using namespace irlens;

namespace {
/// "abc" -> {"a", "b", "c"} (one-letter document ids, as the rbo package's tests write them).
struct Letters {
    std::vector<std::string> ids;
    explicit Letters(const std::string& s) {
        for (char c : s) ids.emplace_back(1, c);
    }
    DocList list() const { return DocList(ids.begin(), ids.end()); }
};
DocList L(const Letters& l) { return l.list(); }
}  // namespace

TEST_CASE("RBO of two swapped documents, by hand (Webber et al. Eqs. 11, 13, 32)") {
    Letters a("xy"), b("yx");
    // p = 0.5: X_1 = 0, X_2 = 2.
    // ext = (1-p)/p (X_1/1 p + X_2/2 p^2) + (X_2/2) p^2 = 1 (0 + 0.25) + 0.25 = 0.5
    // min = (1-p)/p ((X_1 - X_2) p/1 + 0 - X_2 ln(1-p)) = -1 + 2 ln 2 = 0.386294...
    // max: Xmax_1 = 0, Xmax_2 = 2 = d, so max = (1-p) 0 + p^1 = 0.5; res = 0.5 - 0.386294
    Rbo r = rank_biased_overlap(L(a), L(b), 0.5);
    CHECK(r.ext == doctest::Approx(0.5));
    CHECK(r.min == doctest::Approx(-1 + 2 * std::log(2.0)));
    CHECK(r.res == doctest::Approx(0.5 - (-1 + 2 * std::log(2.0))));
}

TEST_CASE("RBO of lists of different lengths, by hand (Eq. 32's second sum)") {
    Letters a("xyz"), b("x");
    // s = 1, l = 3, p = 0.5, X_1 = X_2 = X_3 = 1 = X_s = X_l.
    // sum_d X_d/d p^d = 0.5 + 0.125 + 0.041667 = 0.666667
    // sum_{d=2,3} X_s (d-s)/(s d) p^d = 1/2 * 0.25 + 2/3 * 0.125 = 0.208333
    // ext = 1 * (0.875) + ((1 - 1)/3 + 1/1) * 0.125 = 1
    // min = (1-p)/p (sum (X_d - X_l) p^d/d - X_l ln(1-p)) = ln 2
    // max: Xmax_1 = 1 = d: max = p^0 = 1, res = 1 - ln 2
    Rbo r = rank_biased_overlap(L(a), L(b), 0.5);
    CHECK(r.ext == doctest::Approx(1.0));
    CHECK(r.min == doctest::Approx(std::log(2.0)));
    CHECK(r.res == doctest::Approx(1 - std::log(2.0)));
    // Symmetric.
    Rbo q = rank_biased_overlap(L(b), L(a), 0.5);
    CHECK(q.ext == doctest::Approx(r.ext));
    CHECK(q.min == doctest::Approx(r.min));
    CHECK(q.res == doctest::Approx(r.res));
}

TEST_CASE("RBO_max of disjoint lists: the unseen items may still match") {
    Letters a("a"), b("b");
    // X_1 = 0. min = 0 (X_l = 0). Xmax: d = 1: 0; d = 2: u = v = 1, a = min(1, 1 - 0) = 1,
    // b = 1 -> 2 = d. max = (1-p) p^0 0 + p^1 = p; res = p = 0.9.
    Rbo r = rank_biased_overlap(L(a), L(b), 0.9);
    CHECK(r.min == doctest::Approx(0.0));
    CHECK(r.ext == doctest::Approx(0.0));
    CHECK(r.res == doctest::Approx(0.9));
}

TEST_CASE("RBO of empty lists; bad persistence; repeated ids") {
    Rbo both = rank_biased_overlap({}, {}, 0.9);
    CHECK(both.ext == 1);
    CHECK(both.min == 1);
    CHECK(both.res == 0);
    Letters a("ab");
    Rbo one = rank_biased_overlap(L(a), {}, 0.9);
    CHECK(one.ext == 0);
    CHECK(one.min == 0);
    CHECK_THROWS_WITH_AS(rank_biased_overlap(L(a), L(a), 1.0),
                         "rank-biased overlap: the persistence p must be between 0 and 1 (exclusive)", UsageError);
    Letters rep("aba");
    CHECK_THROWS_WITH_AS(rank_biased_overlap(L(rep), L(a), 0.9), "ranked list: the document 'a' occurs twice",
                         UsageError);
}

TEST_CASE("RBO_ext against the rbo package's published examples (changyaochen/rbo tests/test.py)") {
    struct Case {
        const char *a, *b;
        double p, expected;
    };
    const std::string alphabet = "abcdefghijklmnopqrstuvwxyz";
    const Case cases[] = {
        {"abcdefghijklmnopqrstuvwxyz", "abcdefghijklmnopqrstuvwxyz", 0.95, 1.0},
        {"abcdefghijklmnopqrstuvwxyz", "abcdefg", 0.95, 1.0},
        {"abcde", "fghij", 0.95, 0.0},
        {"abcdefg", "zcavwxy", 0.95, 0.29073043675595234},  // Webber et al.'s Fig. 5 lists
        {"abcdefg", "zcavwxy", 0.9, 0.28821728571428573},
        {"abcdefg", "zcavwxy", 0.5, 0.13675595238095237},
        {"abcde", "bacde", 0.95, 0.95},
        {"abcde", "abced", 0.95, 0.9892828124999999},
        {"abcde", "abced", 0.9, 0.981775},
        {"abcde", "abced", 0.5, 0.984375},
        {"a", "a", 0.95, 1.0},
        {"a", "b", 0.95, 0.0},
        {"xyz", "x", 0.95, 1.0},
    };
    for (const Case& c : cases) {
        CAPTURE(c.a);
        CAPTURE(c.b);
        CAPTURE(c.p);
        Letters a(c.a), b(c.b);
        CHECK(rank_biased_overlap(L(a), L(b), c.p).ext == doctest::Approx(c.expected).epsilon(1e-12));
    }
}

TEST_CASE("repro_eval's normalised, truncated RBO, by hand") {
    Letters a("xy"), b("yx");
    // p = 0.5, depth 3: weights 1, 0.5, 0.25; overlaps 0, 2, 2 (the lists end at 2):
    // (0/1 + 0.5 * 2/2 + 0.25 * 2/3) / 1.75 = 0.666667 / 1.75 = 0.380952
    CHECK(rbo_repro_eval(L(a), L(b), 0.5, 3) == doctest::Approx((0.5 + 0.25 * 2.0 / 3.0) / 1.75));
    CHECK(rbo_repro_eval(L(a), L(a), 0.5, 2) == doctest::Approx(1.0));
    CHECK(std::isnan(rbo_repro_eval(L(a), L(b), 0.5, 0)));
}

TEST_CASE("Kendall's tau union, by hand, and repro_eval's spelling-dependent form") {
    Letters a("xyz"), b("yxz");
    // ranks x1 y2 z3 vs y1 x2 z3: (x,y) discordant, (x,z), (y,z) concordant -> (2 - 1)/3
    CHECK(kendall_tau_union(L(a), L(b)) == doctest::Approx(1.0 / 3.0));
    // repro_eval: sorted union x y z; indices 0 1 2 vs 1 0 2 -> the same 1/3 here
    CHECK(kendall_tau_union_repro_eval(L(a), L(b)) == doctest::Approx(1.0 / 3.0));
    // c a b vs a c b: the true orders disagree on (a,c) only -> 1/3; repro_eval pairs positions:
    // indices 2 0 1 vs 0 2 1, every pair of positions discordant -> -1
    Letters c("cab"), d("acb");
    CHECK(kendall_tau_union(L(c), L(d)) == doctest::Approx(1.0 / 3.0));
    CHECK(kendall_tau_union_repro_eval(L(c), L(d)) == doctest::Approx(-1.0));
}

TEST_CASE("Kendall's tau union of lists of different lengths: absent documents tied last") {
    Letters a("xy"), b("z");
    // ranks: x1 y2 z3(absent) vs z1 x2 y2 (absent, tied): (x,y) tied in b only; (x,z), (y,z)
    // discordant: C = 0, D = 2, Tx = 0, Ty = 1 -> -2 / sqrt(2 * 3) = -0.816497
    CHECK(kendall_tau_union(L(a), L(b)) == doctest::Approx(-2.0 / std::sqrt(6.0)));
    std::string why;
    CHECK(std::isnan(kendall_tau_union_repro_eval(L(a), L(b), &why)));
    CHECK(why == "repro_eval fails here (scipy's kendalltau raises): the lists differ in length (2 and 1)");
    Letters x("x");
    CHECK(std::isnan(kendall_tau_union(L(x), L(x))));  // one document: no pair
}

TEST_CASE("overlap@k and Jaccard@k, by hand") {
    Letters a("xyz"), b("yw");
    // k = 2: {x,y} & {y,w} = {y}: overlap 1/2, Jaccard 1/3
    CHECK(overlap_at(L(a), L(b), 2) == doctest::Approx(0.5));
    CHECK(jaccard_at(L(a), L(b), 2) == doctest::Approx(1.0 / 3.0));
    // k = 3: {x,y,z} & {y,w} = {y}: overlap 1/3 (k counts, b is short), Jaccard 1/(3 + 2 - 1)
    CHECK(overlap_at(L(a), L(b), 3) == doctest::Approx(1.0 / 3.0));
    CHECK(jaccard_at(L(a), L(b), 3) == doctest::Approx(0.25));
    CHECK(std::isnan(overlap_at(L(a), L(b), 0)));
    CHECK(std::isnan(jaccard_at({}, {}, 5)));
}

TEST_CASE("RBO max and res when the seen overlap reaches d and falls behind again") {
    // Two lists of 1000 documents, the second the first with neighbours swapped (d1 d0 d3 d2 ...):
    // X_d = d for even d, d - 1 for odd d, so the seen overlap reaches d at d = 2 and falls behind
    // at d = 3. s = l = 1000: beyond depth 1000 every document is unseen, and max - min is only
    // the weight of the depths beyond 1000 (p^1000, about 1.7e-46 at p = 0.9, plus min's own
    // tail): 0 to double precision. (Summing max's tail at the first d with X_d = d, d = 2, gave
    // max = 0.9 and res = 0.0636.) min = ext here: 0.83642005671294 (Eqs. 11 and 32, summed in
    // Python to 1000 terms).
    std::vector<std::string> a, b;
    for (int i = 0; i < 1000; ++i) a.push_back("d" + std::to_string(i));
    for (int i = 0; i < 1000; ++i) b.push_back("d" + std::to_string(i ^ 1));
    Rbo r = rank_biased_overlap(DocList(a.begin(), a.end()), DocList(b.begin(), b.end()), 0.9);
    CHECK(r.min == doctest::Approx(0.83642005671294).epsilon(1e-12));
    CHECK(r.ext == doctest::Approx(0.83642005671294).epsilon(1e-12));
    CHECK(r.res >= 0);
    CHECK(r.res < 1e-12);
}
