// Meta-evaluation: how well a measure (or a test collection) tells runs apart and how it agrees
// with other measures. Inputs are ScoreMatrix tables (score_table.hpp): the per-topic scores of
// one measure for a set of runs on common topics. Rank correlations are in correlation.hpp and
// the leave-one-out pool test in leave_one_out.hpp.
#pragma once

#include "irlens/stats/score_table.hpp"
#include "irlens/stats/significance.hpp"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace irlens {

/// Every unordered pair of the m runs of a matrix, (0,1), (0,2), ..., (m-2,m-1).
std::vector<RunPair> all_pairs(std::size_t runs);

/// One pair of runs in an ASL curve.
struct PairOutcome {
    std::size_t a = 0, b = 0;  // run indices
    double difference = 0;     // mean(a) - mean(b) over the matrix's topics
    double p = 1;              // the (adjusted) p-value of the pair
};

/// Discriminative power (Sakai, PROMISE 2013, Sec. 5.1; Sakai SIGIR 2006): test every pair of
/// runs, count the pairs significantly different at alpha = 0.05 and 0.01 (p < alpha), and
/// estimate the minimum detectable difference as the smallest |mean difference| among the
/// significant pairs (Sakai's estimate for randomised Tukey HSD, Sec. 5.1 last paragraph; irlens
/// applies it to every test). The ASL curve is every pair sorted by p (ties: larger |difference|
/// first, then pair order).
struct DiscriminativePower {
    std::string method;  // describe(testing, pairs)
    std::size_t pairs = 0;
    std::size_t significant_05 = 0, significant_01 = 0;
    double min_difference_05 = std::numeric_limits<double>::quiet_NaN();  // NaN: no significant pair
    double min_difference_01 = std::numeric_limits<double>::quiet_NaN();
    std::vector<PairOutcome> curve;
};
DiscriminativePower discriminative_power(const ScoreMatrix& m, const PairwiseTesting& testing);

/// Stability (Turkmen, Lease & Kutlu, ECIR 2023, Sec. 4.4, after Buckley & Voorhees 2000): R
/// trials each draw T of the n topics without replacement (seeded); in each trial every pair of
/// runs is compared by its mean on the drawn topics. A pair's stability is the share of trials
/// won by the run that wins more often, a tied trial counting 1/2 for each (irlens' reading of
/// "ties"); the measure's stability is the mean over all pairs. Means within 1e-9 relative of each
/// other are tied (rounding).
struct Stability {
    std::size_t topics_per_trial = 0, trials = 0;
    double stability = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> per_pair;  // in all_pairs() order
    // fuzzy_stability() only (NaN otherwise): the shares of all (trial, pair) comparisons won by
    // the pair's less frequent winner, and tied.
    double error_rate = std::numeric_limits<double>::quiet_NaN();
    double tie_rate = std::numeric_limits<double>::quiet_NaN();
};
Stability stability(const ScoreMatrix& m, std::size_t topics_per_trial, std::size_t trials, std::uint64_t seed);

/// Stability as Turkmen et al. measured it (their released stability.py, after Buckley & Voorhees,
/// SIGIR 2000): the same trials and draws as stability() (the same seed draws the same topics), but
/// a trial decides a pair only when its means differ by more than `fuzziness` (an absolute
/// difference, 0.05 in their code; Buckley & Voorhees take a fraction of the larger mean), and is
/// a tie otherwise. Per pair: majority = the trials won by the more frequent winner, minority =
/// those won by the other, ties. stability = sum majority / sum (majority + minority + ties) over
/// all pairs (the paper's Table 2: ties count in the denominator, so values near 0 arise when most
/// comparisons are ties); error_rate = sum minority / the same (Buckley & Voorhees' error rate);
/// tie_rate = sum ties / the same; per_pair = majority / trials. UsageError unless fuzziness >= 0.
Stability fuzzy_stability(const ScoreMatrix& m, std::size_t topics_per_trial, std::size_t trials, std::uint64_t seed,
                          double fuzziness);

/// Swap rate (Voorhees & Buckley, SIGIR 2002): R trials each draw two disjoint sets of T topics
/// (seeded); a pair of runs swaps when one set ranks it a > b and the other b > a (a tie in either
/// set is no swap). swap_rate = swaps / (R x pairs). Also by bins of the |mean difference| on the
/// first set (width bin_width): comparisons and swaps per bin, as Voorhees & Buckley plot them.
struct SwapRate {
    std::size_t topics_per_set = 0, trials = 0;
    double swap_rate = std::numeric_limits<double>::quiet_NaN();
    struct Bin {
        double low = 0, high = 0;
        std::size_t comparisons = 0, swaps = 0;
    };
    std::vector<Bin> bins;  // non-empty bins, ascending
};
SwapRate swap_rate(const ScoreMatrix& m, std::size_t topics_per_set, std::size_t trials, std::uint64_t seed,
                   double bin_width = 0.01);

/// Concordance test (Sakai, PROMISE 2013, Sec. 5.3, Fig. 17) of measures M1 and M2 given
/// gold-standard measures: over every pair of runs (X, Y) and every topic q, where M1 and M2
/// strictly disagree (dM1 dM2 < 0), M1 is concordant when dM1 dM* >= 0 for every gold measure M*
/// (simultaneous concordance for several), likewise M2. Conc1 = concordant1 / disagreements. M1
/// "wins" where it is concordant and M2 is not (and vice versa); the two-sided sign test on the
/// wins (binomial, 1/2) says whether one measure is significantly more concordant.
struct Concordance {
    std::size_t comparisons = 0;  // (pair, topic) comparisons
    std::size_t disagreements = 0;
    std::size_t concordant1 = 0, concordant2 = 0;
    double conc1 = std::numeric_limits<double>::quiet_NaN(), conc2 = std::numeric_limits<double>::quiet_NaN();
    std::size_t wins1 = 0, wins2 = 0;
    TestResult sign;  // sign test of wins1 out of wins1 + wins2
};
Concordance concordance(const ScoreMatrix& m1, const ScoreMatrix& m2, const std::vector<ScoreMatrix>& gold);

/// Metric Unanimity (Amigo, Spina & Carrillo-de-Albornoz, SIGIR 2018, Sec. 6.1): over every topic
/// and every ordered pair of different runs (i, j), m_ij = 1 when the measure scores i above j,
/// 1/2 when it ties them (footnote 9), 0 otherwise; M_ij = 1 when every other measure scores i at
/// least as high as j. MU = PMI(m, M) = log2(P(m_ij, M_ij) / (P(m_ij) P(M_ij))), probabilities as
/// shares of the comparisons (the paper's worked example: MU = log2((2/6) / (3/6 * 3/6)) = 0.415).
/// -inf when the measure never agrees with a unanimous decision, NaN when there is none.
struct Unanimity {
    std::string measure;
    double mu = std::numeric_limits<double>::quiet_NaN();
    double p_measure = 0, p_unanimous = 0, p_joint = 0;
};
/// MU of every measure with respect to all the others (at least 2 measures, same runs and topics).
std::vector<Unanimity> metric_unanimity(const std::vector<ScoreMatrix>& measures);

}  // namespace irlens
