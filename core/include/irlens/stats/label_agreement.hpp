// Agreement between two sets of labels of the same items: the relevance grades that two
// assessors (or a human and an LLM) gave the same (topic, document) pairs. Pure statistics on
// label vectors; judgment_comparison.hpp pairs two qrels and calls these.
//
// Categories: the grades are integers; the categories are every integer from the lowest to the
// highest grade either set uses (contiguous, so a grade nobody gave still sits between its
// neighbours). Weights and distances are on grade values, which for this contiguous range is
// what scikit-learn's cohen_kappa_score computes with labels=range(lowest, highest + 1).
//
// Undefined values are NaN with a note saying why (never 1 or 0 in their place): kappa when the
// expected disagreement is 0 (both sets use one single grade), alpha when the values have no
// variation, anything over no item.
#pragma once

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace irlens {

enum class KappaWeights { None, Linear, Quadratic };
const char* kappa_weights_name(KappaWeights w);

/// Cohen's kappa (Cohen 1960; weighted: Cohen 1968) from a confusion matrix C (rows: the first
/// set's categories, columns: the second's, same categories, values at index distance |i - j|):
///   kappa = 1 - sum_ij w_ij C_ij / sum_ij w_ij E_ij,  E_ij = row_i col_j / n,
/// w_ij = [i != j] (None), |i - j| (Linear), (i - j)^2 (Quadratic); as scikit-learn 1.2's
/// cohen_kappa_score. Unweighted it equals (p_o - p_e) / (1 - p_e). NaN when the denominator is 0.
double cohens_kappa(const std::vector<std::vector<std::size_t>>& confusion, KappaWeights weights);

enum class AlphaMetric { Nominal, Ordinal, Interval };
const char* alpha_metric_name(AlphaMetric m);

/// Krippendorff's alpha (Krippendorff, "Computing Krippendorff's Alpha-Reliability", 2011,
/// Sec. C): units[u] holds the values the coders gave unit u (a missing value simply absent);
/// units with fewer than 2 values are not pairable and left out. With the coincidences
///   o_ck = sum_u (number of ordered pairs (c, k) of values of u, i != j) / (m_u - 1),
/// n_c = sum_k o_ck, n = sum_c n_c:
///   alpha = 1 - (n - 1) sum_ck o_ck d2_ck / sum_ck n_c n_k d2_ck,
/// d2 nominal: [c != k]; interval: (c - k)^2; ordinal: (sum_{g=c..k} n_g - (n_c + n_k) / 2)^2
/// over the values that occur, in ascending order. For two coders with no missing value each unit
/// adds 1 to o_ab and 1 to o_ba. NaN when no unit is pairable or the expected disagreement is 0
/// (every value equal).
double krippendorff_alpha(const std::vector<std::vector<double>>& units, AlphaMetric metric);

/// Agreement on binary relevance: a grade >= threshold is relevant.
struct BinaryAgreement {
    int threshold = 1;
    std::size_t both = 0, first_only = 0, second_only = 0, neither = 0;  // relevant in: both, A only, B only, none
    double agreement = std::numeric_limits<double>::quiet_NaN();         // (both + neither) / n
    double kappa = std::numeric_limits<double>::quiet_NaN();             // Cohen's kappa of the 2x2 table
};

/// Everything label_agreement() says of two label vectors.
struct LabelAgreement {
    std::size_t items = 0;
    int lowest = 0, highest = -1;                                // the category range (empty when items == 0)
    std::vector<std::vector<std::size_t>> confusion;             // [first's grade - lowest][second's grade - lowest]
    double observed = std::numeric_limits<double>::quiet_NaN();  // p_o: share of equal grades
    double expected = std::numeric_limits<double>::quiet_NaN();  // p_e: sum_i row_i col_i / n^2
    double kappa = std::numeric_limits<double>::quiet_NaN();
    double kappa_linear = std::numeric_limits<double>::quiet_NaN();
    double kappa_quadratic = std::numeric_limits<double>::quiet_NaN();
    double alpha_nominal = std::numeric_limits<double>::quiet_NaN();
    double alpha_ordinal = std::numeric_limits<double>::quiet_NaN();
    double alpha_interval = std::numeric_limits<double>::quiet_NaN();
    BinaryAgreement binary;
    std::string note;  // why a value is undefined ("" when all are defined)
};

/// The most categories (grades from the lowest to the highest) label_agreement() compares: the
/// confusion matrix has one cell per pair of them.
constexpr int kMaxLabelCategories = 1001;

/// The agreement of a[i] and b[i] (same length; UsageError otherwise) at the binary threshold.
/// UsageError when the grades span more than kMaxLabelCategories values (e.g. a grade of -5000
/// beside grade 2: no relevance scale, and a matrix of millions of cells).
LabelAgreement label_agreement(const std::vector<int>& a, const std::vector<int>& b, int threshold = 1);

}  // namespace irlens
