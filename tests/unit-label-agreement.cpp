// Cohen's kappa, Krippendorff's alpha and the confusion matrix of two label vectors
// (irlens/stats/label_agreement.hpp): a hand-checked case, scikit-learn's and Krippendorff's
// published values, and the undefined cases.
#include "irlens/stats/label_agreement.hpp"

#include "irlens/error.hpp"

#include <doctest/doctest.h>

#include <cmath>

using namespace irlens;

namespace {
// The hand case: A = 0 0 1 1 2 2, B = 0 1 1 1 2 0 (six (topic, doc) pairs).
const std::vector<int> kHandA = {0, 0, 1, 1, 2, 2}, kHandB = {0, 1, 1, 1, 2, 0};
}  // namespace

TEST_CASE("label agreement: a hand-checked case") {
    const LabelAgreement r = label_agreement(kHandA, kHandB, 1);
    // Confusion (rows A, columns B): [1 1 0; 0 2 0; 1 0 1]; row sums 2 2 2, column sums 2 3 1.
    CHECK(r.items == 6);
    CHECK(r.lowest == 0);
    CHECK(r.highest == 2);
    CHECK(r.confusion == std::vector<std::vector<std::size_t>>{{1, 1, 0}, {0, 2, 0}, {1, 0, 1}});
    // p_o = 4/6; p_e = (2*2 + 2*3 + 2*1) / 36 = 1/3; kappa = (2/3 - 1/3) / (2/3) = 0.5.
    CHECK(r.observed == doctest::Approx(4.0 / 6));
    CHECK(r.expected == doctest::Approx(1.0 / 3));
    CHECK(r.kappa == doctest::Approx(0.5));
    // Linear: observed weighted disagreement |0-1| + |2-0| = 3; E_ij = 2 col_j / 6, so expected =
    // (1/3) sum_j col_j sum_i |i-j| = (1/3)(2*3 + 3*2 + 1*3) = 5; kappa = 1 - 3/5 = 0.4.
    CHECK(r.kappa_linear == doctest::Approx(0.4));
    // Quadratic: observed 1 + 4 = 5; expected (1/3)(2*5 + 3*2 + 1*5) = 7; kappa = 1 - 5/7 = 2/7.
    CHECK(r.kappa_quadratic == doctest::Approx(2.0 / 7));
    // Alpha: each pair adds o_ab and o_ba, n = 12; value counts n_0 = 4, n_1 = 5, n_2 = 3.
    // Nominal: disagreeing coincidences o01 + o10 + o02 + o20 = 4; expected sum_{c!=k} n_c n_k =
    // 144 - 16 - 25 - 9 = 94; alpha = 1 - 11 * 4 / 94 = 50/94.
    CHECK(r.alpha_nominal == doctest::Approx(50.0 / 94));
    // Interval: observed 2*1 + 2*4 = 10; expected 2 (4*5*1 + 4*3*4 + 5*3*1) = 166; 1 - 110/166.
    CHECK(r.alpha_interval == doctest::Approx(56.0 / 166));
    // Ordinal: d2_01 = ((4+5)/2)^2 = 20.25, d2_12 = ((5+3)/2)^2 = 16, d2_02 = (12 - 3.5)^2 = 72.25;
    // observed 2*20.25 + 2*72.25 = 185; expected 2 (4*5*20.25 + 4*3*72.25 + 5*3*16) = 3024;
    // alpha = 1 - 11 * 185 / 3024 = 989/3024.
    CHECK(r.alpha_ordinal == doctest::Approx(989.0 / 3024));
    // Binary at grade >= 1: A 0 0 1 1 1 1, B 0 1 1 1 1 0 -> both 3, A only 1, B only 1, neither 1;
    // agreement 4/6; kappa: p_e = (2*2 + 4*4) / 36 = 20/36, p_o = 24/36 -> (4/36) / (16/36) = 0.25.
    CHECK(r.binary.both == 3);
    CHECK(r.binary.first_only == 1);
    CHECK(r.binary.second_only == 1);
    CHECK(r.binary.neither == 1);
    CHECK(r.binary.agreement == doctest::Approx(4.0 / 6));
    CHECK(r.binary.kappa == doctest::Approx(0.25));
    CHECK(r.note.empty());
}

TEST_CASE("Cohen's kappa: scikit-learn's cohen_kappa_score") {
    // scikit-learn 1.2.1 (Debian's python3-sklearn), cohen_kappa_score(a, b, weights=W,
    // labels=[0, 1, 2, 3]), run outside the project. B never uses grade 2: the categories stay
    // 0..3, so the weights are on grade values.
    const std::vector<int> a = {0, 1, 2, 3, 0, 0, 1, 2, 3, 3, 0, 1, 1, 2, 0, 0, 3, 2, 1, 0,
                                0, 0, 1, 2, 3, 1, 0, 2, 2, 0, 0, 1, 3, 3, 2, 0, 0, 1, 0, 0};
    const std::vector<int> b = {0, 1, 1, 3, 0, 1, 0, 3, 3, 3, 0, 0, 1, 3, 0, 0, 3, 1, 1, 1,
                                0, 0, 0, 3, 3, 1, 0, 1, 3, 0, 1, 1, 3, 1, 0, 0, 0, 3, 0, 0};
    const LabelAgreement r = label_agreement(a, b, 2);
    CHECK(r.kappa == doctest::Approx(0.4400699912510936).epsilon(1e-12));
    CHECK(r.kappa_linear == doctest::Approx(0.6296296296296295).epsilon(1e-12));
    CHECK(r.kappa_quadratic == doctest::Approx(0.7757847533632287).epsilon(1e-12));
    // cohen_kappa_score([x >= 2 for x in a], [x >= 2 for x in b])
    CHECK(r.binary.kappa == doctest::Approx(0.6619718309859155).epsilon(1e-12));
    // The hand case, likewise: 0.5, 0.4, 0.2857142857142857.
    CHECK(label_agreement(kHandA, kHandB).kappa_quadratic == doctest::Approx(0.2857142857142857).epsilon(1e-12));
}

TEST_CASE("Krippendorff's alpha: the worked examples of Krippendorff (2011)") {
    // "Computing Krippendorff's Alpha-Reliability" (K. Krippendorff, 2011), checked by an
    // independent computation over pooled value pairs (exact fractions).
    // Sec. A: binary data, two observers, no missing data: alpha = 0.095.
    const std::vector<int> ben = {0, 1, 0, 0, 0, 0, 0, 0, 1, 0}, gerry = {1, 1, 1, 0, 0, 1, 0, 0, 0, 0};
    CHECK(label_agreement(ben, gerry).alpha_nominal == doctest::Approx(0.09523809523809523).epsilon(1e-12));
    // Sec. B: nominal data, two coders, no missing data (a..e as 1..5): alpha = 0.692.
    const std::vector<int> coder_a = {1, 1, 2, 2, 4, 3, 3, 3, 5, 4, 4, 1},
                           coder_b = {2, 1, 2, 2, 2, 3, 3, 3, 5, 4, 4, 4};
    CHECK(label_agreement(coder_a, coder_b).alpha_nominal == doctest::Approx(0.6919642857142857).epsilon(1e-12));
    // Sec. C: four observers, missing data (absent values), 12 units: nominal 0.743, ordinal
    // 0.815, interval 0.849 (the paper's values; the exact ones from the independent computation).
    const std::vector<std::vector<double>> units = {{1, 1, 1},    {2, 2, 3, 2}, {3, 3, 3, 3}, {3, 3, 3, 3},
                                                    {2, 2, 2, 2}, {1, 2, 3, 4}, {4, 4, 4, 4}, {1, 1, 2, 1},
                                                    {2, 2, 2, 2}, {5, 5, 5},    {1, 1},       {3}};
    CHECK(krippendorff_alpha(units, AlphaMetric::Nominal) == doctest::Approx(0.743421052631579).epsilon(1e-12));
    CHECK(krippendorff_alpha(units, AlphaMetric::Ordinal) == doctest::Approx(0.8153875037548813).epsilon(1e-12));
    CHECK(krippendorff_alpha(units, AlphaMetric::Interval) == doctest::Approx(0.8491071428571428).epsilon(1e-12));
}

TEST_CASE("label agreement: undefined values are NaN with a note, never 1 or 0") {
    // Both sets give every pair grade 1: p_o = p_e = 1, so kappa = 0/0 and alpha's expected
    // disagreement is 0.
    const LabelAgreement same = label_agreement({1, 1, 1}, {1, 1, 1});
    CHECK(same.observed == 1);
    CHECK(std::isnan(same.kappa));
    CHECK(std::isnan(same.kappa_quadratic));
    CHECK(std::isnan(same.alpha_nominal));
    CHECK(std::isnan(same.binary.kappa));
    CHECK(same.note ==
          "kappa and alpha undefined: both sets give every pair the same single grade (expected agreement 1)");
    // Grades 1 and 2, all relevant at threshold 1 in both: the binary kappa alone is undefined.
    const LabelAgreement rel = label_agreement({1, 2}, {2, 2});
    CHECK(!std::isnan(rel.kappa));
    CHECK(std::isnan(rel.binary.kappa));
    CHECK(rel.binary.agreement == 1);
    CHECK(rel.note.find("binary kappa undefined") == 0);
    // No pair: nothing defined.
    const LabelAgreement none = label_agreement({}, {});
    CHECK(none.items == 0);
    CHECK(std::isnan(none.observed));
    CHECK(none.note == "no item labelled in both sets");
    // Grades spanning more than 1001 values: refused, never a matrix of millions of cells.
    CHECK_THROWS_WITH_AS(label_agreement({-5000, 1}, {0, 1}),
                         "the grades span -5000 to 1: more than 1001 grades to compare; map them onto a scale first "
                         "(--map-b for the second set)",
                         UsageError);
    CHECK(label_agreement({-1000, 0}, {0, 0}).confusion.size() == 1001);
    CHECK_THROWS_WITH_AS(label_agreement({1}, {1, 2}),
                         "label agreement needs two label vectors of the same length (1 and 2)", UsageError);
    // Kappa's prevalence problem: 9 of 10 pairs agree, but A calls every pair relevant, so
    // p_e = (10*9)/100 = 0.9 = p_o -> kappa 0 (defined, and low).
    const LabelAgreement skew = label_agreement({1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1, 1, 1, 1, 0});
    CHECK(skew.observed == doctest::Approx(0.9));
    CHECK(skew.kappa == doctest::Approx(0.0));
}
