// Many pairs of runs tested at once: a paired test plus a correction, or randomised Tukey HSD.
#include "irlens/error.hpp"
#include "irlens/stats/significance.hpp"

namespace irlens {

void set_pairwise_test(PairwiseTesting& testing, std::string_view name) {
    testing.tukey = name == "tukey";
    if (!testing.tukey) {
        try {
            testing.test = parse_paired_test(name);
        } catch (const UsageError&) {
            throw UsageError("test must be t, wilcoxon, sign, randomisation, bootstrap or tukey, got '" +
                             std::string(name) + "'");
        }
    }
}

std::string describe(const PairwiseTesting& testing, std::size_t pairs) {
    const std::string B = std::to_string(testing.resampling.B), seed = std::to_string(testing.resampling.seed);
    if (testing.tukey)
        return "randomised Tukey HSD (B=" + B + ", seed " + seed + "), two-sided, p adjusted for all pairs of runs";
    std::string s = paired_test_name(testing.test);
    if (testing.test == PairedTest::Bootstrap) s += " (B=" + B + ", seed " + seed + ")";
    if (testing.test == PairedTest::Randomisation)
        s += " (exact up to " + std::to_string(testing.resampling.exact_limit) + " non-zero differences, else B=" + B +
             ", seed " + seed + ")";
    return s + describe_family(testing.alternative, testing.correction, pairs);
}

std::string describe_family(Alternative alternative, Correction correction, std::size_t pairs) {
    std::string s = std::string(", ") + alternative_name(alternative);
    if (correction == Correction::None) return s + ", no correction for multiple comparisons";
    return s + ", " + correction_name(correction) + " correction over " + std::to_string(pairs) + " pair(s)";
}

std::vector<PairwiseResult> test_pairs(const std::vector<std::vector<double>>& rows, const std::vector<RunPair>& pairs,
                                       const PairwiseTesting& testing) {
    std::vector<TestResult> tests;
    if (testing.tukey) {
        if (testing.correction != Correction::None)
            throw UsageError("Tukey HSD p-values are already adjusted for all pairs: use no other correction");
        if (testing.alternative != Alternative::TwoSided) throw UsageError("Tukey HSD is two-sided only");
        tests = tukey_hsd(rows, pairs, testing.resampling);
    } else {
        tests = paired_tests(testing.test, rows, pairs, testing.alternative, testing.resampling);
    }
    std::vector<double> p;
    for (const TestResult& t : tests) p.push_back(t.p);
    if (!testing.tukey) p = adjust_p(p, testing.correction);
    std::vector<PairwiseResult> out(tests.size());
    for (std::size_t k = 0; k < tests.size(); ++k) out[k] = {tests[k], p[k]};
    return out;
}

}  // namespace irlens
