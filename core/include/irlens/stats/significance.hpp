// Significance tests between runs, on the per-topic scores of one measure (Sakai, "Metrics,
// statistics, tests", PROMISE 2013, Sec. 4; the catalogue irlens follows).
//
// Inputs: x and y hold the scores of two runs on the same topics, in the same order (see
// score_table.hpp for how topics are paired). The alternative is about mean(x) - mean(y):
// Greater = x is better. Differences are x[i] - y[i], compared exactly (as scipy does).
//
// The deterministic tests reproduce scipy 1.10.1 called with its defaults (p-values agree to
// 1e-9 relative; tests/scipy/reference.py prints scipy's values for the test vectors):
//   t_test        scipy.stats.ttest_rel
//   wilcoxon_test scipy.stats.wilcoxon(zero_method='wilcox', correction=False, mode='auto')
//   sign_test     scipy.stats.binomtest(#x>y, #x!=y, 0.5) on the pairs that are not tied
// Where scipy returns NaN or raises (e.g. identical runs: all differences 0), irlens returns
// p = 1 and says why in TestResult::note.
//
// Randomised tests draw from irlens' own generator (random.hpp) seeded by Resampling::seed, so a
// seed gives the same p natively and in WASM, whatever the number of pairs tested at once.
// Their p-value is count / B as in Sakai's Figs. 12, 14 and 15 (the share of resampled statistics
// at least as extreme as the observed one; a resampled statistic within 1e-9 x the magnitude of
// the summed scores of the observed one counts as "as extreme": floating-point rounding must not
// turn a tie into a miss).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace irlens {

enum class Alternative { TwoSided, Greater, Less };
/// "two-sided", "greater" or "less"; UsageError otherwise.
Alternative parse_alternative(std::string_view text);
const char* alternative_name(Alternative a);

enum class PairedTest { T, Wilcoxon, Sign, Randomisation, Bootstrap };
/// "t", "wilcoxon", "sign", "randomisation" (or "randomization", "permutation"), "bootstrap".
PairedTest parse_paired_test(std::string_view text);
const char* paired_test_name(PairedTest t);

/// Settings of the randomised procedures.
struct Resampling {
    std::size_t B = 10000;  // bootstrap samples or random permutations (1 to 10^7)
    std::uint64_t seed = 1;
    std::size_t exact_limit = 20;  // randomisation test: exact when at most this many differences are non-zero
    /// Called with the fraction done; returning false cancels (the call then throws Cancelled).
    std::function<bool(double)> progress;
};

struct TestResult {
    double statistic = std::numeric_limits<double>::quiet_NaN();  // see each test
    double p = 1.0;
    std::size_t n = 0;   // pairs of scores the test used (the sign and Wilcoxon tests drop ties)
    std::string method;  // how p was obtained, e.g. "exact", "normal approximation", "Monte Carlo (B=1000)"
    std::string note;    // non-empty when something needs saying, e.g. why p is undefined (NaN)
};

/// Student's paired t-test. statistic = t = mean(d) / (sd(d) / sqrt(n)), sd with n - 1; p from
/// Student's t with n - 1 degrees of freedom.
TestResult t_test(const std::vector<double>& x, const std::vector<double>& y, Alternative alt = Alternative::TwoSided);

/// Wilcoxon signed-rank test as scipy 1.10.1 computes it by default: zero differences dropped
/// (zero_method 'wilcox'); exact null distribution when there are at most 50 topics and no zero
/// difference, normal approximation without continuity correction (tie-corrected variance)
/// otherwise. statistic = scipy's: min(R+, R-) two-sided, R+ one-sided.
/// Ties in the exact case: scipy 1.10.1 truncates the tied (half-integer) rank sum R+ to an
/// integer and uses the no-ties distribution; irlens does the same to agree with it, and says so
/// in the note.
TestResult wilcoxon_test(const std::vector<double>& x, const std::vector<double>& y,
                         Alternative alt = Alternative::TwoSided);

/// Sign test: statistic = number of topics where x > y among the n topics where x != y; p of the
/// binomial test with probability 1/2 (two-sided as scipy.stats.binomtest: the probabilities of
/// all outcomes no more likely than the observed one, with scipy's relative slack 1e-7).
TestResult sign_test(const std::vector<double>& x, const std::vector<double>& y,
                     Alternative alt = Alternative::TwoSided);

/// Fisher's randomisation (permutation) test of the mean difference: under H0 the sign of each
/// difference is a fair coin. Exact (all 2^m sign flips of the m non-zero differences) when
/// m <= Resampling::exact_limit, else B random sign flips (Monte Carlo). statistic = mean(d).
TestResult randomisation_test(const std::vector<double>& x, const std::vector<double>& y, Alternative alt,
                              const Resampling& r);

/// Paired bootstrap test with the studentised statistic (Sakai Figs. 11-12, Eqs. 48-49): the
/// differences are centred (w = z - mean(z)) and resampled with replacement B times; p = share of
/// samples with |t(w*)| >= |t(z)| (two-sided), t(w*) >= t(z) (greater), t(w*) <= t(z) (less).
/// statistic = t(z). A sample whose values are all equal has t = 0 when its mean is 0 and +-inf
/// otherwise. Constant non-zero differences give p = 0 (as the t-test), all-zero ones p = 1.
TestResult bootstrap_test(const std::vector<double>& x, const std::vector<double>& y, Alternative alt,
                          const Resampling& r);

/// Unpaired bootstrap test (Sakai Figs. 13-14) for scores of two runs on possibly different
/// topic sets: both samples are drawn with replacement from the pooled scores (H0: one
/// distribution); p = share of |mean(x*) - mean(y*)| >= |mean(x) - mean(y)| (one-sided: signed).
/// statistic = mean(x) - mean(y).
TestResult unpaired_bootstrap_test(const std::vector<double>& x, const std::vector<double>& y, Alternative alt,
                                   const Resampling& r);

/// Dispatches to one of the paired tests above.
TestResult paired_test(PairedTest test, const std::vector<double>& x, const std::vector<double>& y, Alternative alt,
                       const Resampling& r);

/// Two rows of a score matrix (indices of runs).
struct RunPair {
    std::size_t a, b;
};

/// The paired test of every pair (rows[a] vs rows[b]); all rows hold the same topics in the same
/// order. Each result equals paired_test(test, rows[a], rows[b], ...): the randomised tests draw
/// the same B resamples (index samples or sign flips, from the seed) for every pair, which is
/// what makes many pairs fast.
std::vector<TestResult> paired_tests(PairedTest test, const std::vector<std::vector<double>>& rows,
                                     const std::vector<RunPair>& pairs, Alternative alt, const Resampling& r);

/// Randomised Tukey HSD (Sakai Fig. 15, after Carterette 2012): B times, the scores of every
/// topic are permuted among the runs; the p-value of a pair is the share of permutations whose
/// range of run means (max - min) is at least the pair's observed |mean difference|. Two-sided
/// only; the p-values are adjusted for all m(m-1)/2 pairs of the m rows. statistic = mean(a) -
/// mean(b). Sakai's figure counts "range > difference"; irlens counts ">=" (a p-value is the
/// probability of the observed or a more extreme outcome, Sakai Sec. 4.1, and Fig. 12 uses >=).
std::vector<TestResult> tukey_hsd(const std::vector<std::vector<double>>& rows, const std::vector<RunPair>& pairs,
                                  const Resampling& r);

enum class Correction { None, Bonferroni, Holm, BenjaminiHochberg };
/// "none", "bonferroni", "holm", "bh" (or "fdr"); UsageError otherwise.
Correction parse_correction(std::string_view text);
const char* correction_name(Correction c);

/// Adjusted p-values for a family of tests, in the input order:
///   Bonferroni  min(1, k p)
///   Holm        step-down: p_(i) -> max over j <= i of min(1, (k - j + 1) p_(j))
///   BH          Benjamini-Hochberg step-up: p_(i) -> min over j >= i of min(1, k p_(j) / j)
/// (p_(1) <= ... <= p_(k) sorted ascending; ties keep input order; as statsmodels' multipletests).
/// NaN entries (undefined tests) stay NaN and are left out of k.
std::vector<double> adjust_p(const std::vector<double>& p, Correction c);

/// A test applied to many pairs of runs: a paired test whose p-values are then corrected for
/// the number of pairs tested, or randomised Tukey HSD (already adjusted for all pairs of the
/// matrix: correction must be None, alternative two-sided).
struct PairwiseTesting {
    bool tukey = false;
    PairedTest test = PairedTest::T;
    Alternative alternative = Alternative::TwoSided;
    Correction correction = Correction::None;
    Resampling resampling;
};
/// Sets `tukey` and `test` from "t", "wilcoxon", "sign", "randomisation", "bootstrap" or "tukey".
void set_pairwise_test(PairwiseTesting& testing, std::string_view name);
/// E.g. "paired t-test, two-sided, Holm correction over 10 pair(s)".
std::string describe(const PairwiseTesting& testing, std::size_t pairs);
/// The tail of that description: e.g. ", two-sided, Holm correction over 10 pair(s)".
std::string describe_family(Alternative alternative, Correction correction, std::size_t pairs);

struct PairwiseResult {
    TestResult test;
    double p_adjusted = 1.0;  // after the correction (Tukey: the test's own p)
};
/// Tests the pairs of rows. UsageError for Tukey with a correction or a one-sided alternative.
std::vector<PairwiseResult> test_pairs(const std::vector<std::vector<double>>& rows, const std::vector<RunPair>& pairs,
                                       const PairwiseTesting& testing);

}  // namespace irlens
