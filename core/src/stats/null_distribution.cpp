// The null distribution of one paired test (irlens/stats/null_distribution.hpp): the test's own
// result, then its resampled statistics (randomisation.cpp, bootstrap.cpp) or Student's t.
#include "irlens/stats/null_distribution.hpp"

#include "stats/paired_input.hpp"

#include <cmath>

namespace irlens {

std::size_t NullDistribution::extreme_count() const {
    std::size_t c = 0;
    for (std::uint8_t e : extreme) c += e;
    return c;
}

NullDistribution null_distribution(PairedTest test, const std::vector<double>& x, const std::vector<double>& y,
                                   Alternative alt, const Resampling& r) {
    NullDistribution nd;
    nd.test = test;
    Resampling quiet = r;  // progress is reported once, by the sampling below
    quiet.progress = nullptr;
    nd.result = paired_test(test, x, y, alt, quiet);
    const std::vector<double> d = stats::differences(x, y, paired_test_name(test));
    switch (test) {
        case PairedTest::T:
            nd.statistic = "t";
            if (!(nd.result.p >= 0))
                nd.no_picture = nd.result.note;
            else if (std::isinf(nd.result.statistic))
                nd.no_picture = "the differences are constant: t is infinite and p = 0";
            else
                nd.df = static_cast<double>(nd.result.n) - 1;
            break;
        case PairedTest::Randomisation:
            nd.statistic = "mean difference";
            stats::randomisation_null(nd, d, alt, r);
            break;
        case PairedTest::Bootstrap:
            nd.statistic = "t";
            stats::bootstrap_null(nd, d, alt, r);
            break;
        case PairedTest::Wilcoxon:
        case PairedTest::Sign:
            nd.statistic = test == PairedTest::Sign ? "wins" : "signed-rank sum";
            nd.no_picture = std::string("no null distribution is drawn for the ") + paired_test_name(test) +
                            ": choose the t, randomisation or bootstrap test";
            break;
    }
    return nd;
}

}  // namespace irlens
