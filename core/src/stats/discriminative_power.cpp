// Discriminative power and the ASL curve (Sakai, PROMISE 2013, Sec. 5.1, Fig. 16).
#include "irlens/stats/meta.hpp"

#include <algorithm>
#include <cmath>

namespace irlens {

std::vector<RunPair> all_pairs(std::size_t runs) {
    std::vector<RunPair> pairs;
    for (std::size_t a = 0; a < runs; ++a)
        for (std::size_t b = a + 1; b < runs; ++b) pairs.push_back({a, b});
    return pairs;
}

DiscriminativePower discriminative_power(const ScoreMatrix& m, const PairwiseTesting& testing) {
    DiscriminativePower d;
    const std::vector<RunPair> pairs = all_pairs(m.runs.size());
    d.pairs = pairs.size();
    d.method = describe(testing, pairs.size());
    const std::vector<PairwiseResult> results = test_pairs(m.scores, pairs, testing);
    const double n = static_cast<double>(m.topics.size());
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        double sa = 0, sb = 0;
        for (double v : m.scores[pairs[k].a]) sa += v;
        for (double v : m.scores[pairs[k].b]) sb += v;
        PairOutcome o{pairs[k].a, pairs[k].b, n > 0 ? sa / n - sb / n : NAN, results[k].p_adjusted};
        d.curve.push_back(o);
        const double diff = std::fabs(o.difference);
        if (o.p < 0.05) {
            ++d.significant_05;
            if (!(d.min_difference_05 <= diff)) d.min_difference_05 = diff;  // also replaces NaN
        }
        if (o.p < 0.01) {
            ++d.significant_01;
            if (!(d.min_difference_01 <= diff)) d.min_difference_01 = diff;
        }
    }
    std::stable_sort(d.curve.begin(), d.curve.end(), [](const PairOutcome& x, const PairOutcome& y) {
        if (std::isnan(x.p) != std::isnan(y.p)) return std::isnan(y.p);  // undefined p-values last
        if (x.p != y.p && !std::isnan(x.p)) return x.p < y.p;
        return std::fabs(x.difference) > std::fabs(y.difference);
    });
    return d;
}

}  // namespace irlens
