// Dispatch of the paired tests, one pair or many.
#include "irlens/error.hpp"
#include "irlens/evaluation/evaluate.hpp"
#include "irlens/stats/significance.hpp"

#include "stats/batch_tests.hpp"

namespace irlens {

TestResult paired_test(PairedTest test, const std::vector<double>& x, const std::vector<double>& y, Alternative alt,
                       const Resampling& r) {
    switch (test) {
        case PairedTest::T: return t_test(x, y, alt);
        case PairedTest::Wilcoxon: return wilcoxon_test(x, y, alt);
        case PairedTest::Sign: return sign_test(x, y, alt);
        case PairedTest::Randomisation: return randomisation_test(x, y, alt, r);
        case PairedTest::Bootstrap: return bootstrap_test(x, y, alt, r);
    }
    throw UsageError("unknown paired test");
}

std::vector<TestResult> paired_tests(PairedTest test, const std::vector<std::vector<double>>& rows,
                                     const std::vector<RunPair>& pairs, Alternative alt, const Resampling& r) {
    for (const RunPair& p : pairs)
        if (p.a >= rows.size() || p.b >= rows.size())
            throw UsageError("a pair refers to a run that is not in the matrix");
    if (test == PairedTest::Randomisation) return stats::randomisation_tests(rows, pairs, alt, r);
    if (test == PairedTest::Bootstrap) return stats::bootstrap_tests(rows, pairs, alt, r);
    std::vector<TestResult> out;
    out.reserve(pairs.size());
    for (const RunPair& p : pairs) {
        out.push_back(paired_test(test, rows[p.a], rows[p.b], alt, r));
        if (r.progress && !r.progress(static_cast<double>(out.size()) / static_cast<double>(pairs.size())))
            throw Cancelled();
    }
    return out;
}

}  // namespace irlens
