// Concordance test (Sakai, PROMISE 2013, Sec. 5.3, Fig. 17; Sakai, EVIA 2012).
#include "irlens/error.hpp"
#include "irlens/stats/meta.hpp"

#include "stats/matrix_checks.hpp"
#include "stats/test_p_values.hpp"

#include <cmath>

namespace irlens {

Concordance concordance(const ScoreMatrix& m1, const ScoreMatrix& m2, const std::vector<ScoreMatrix>& gold) {
    if (gold.empty()) throw UsageError("concordance test: at least one gold-standard measure is needed");
    stats::check_same_shape(m1, m2, "concordance test");
    for (const ScoreMatrix& g : gold) stats::check_same_shape(m1, g, "concordance test");
    Concordance c;
    const std::size_t runs = m1.runs.size(), topics = m1.topics.size();
    for (std::size_t x = 0; x < runs; ++x)
        for (std::size_t y = x + 1; y < runs; ++y)
            for (std::size_t q = 0; q < topics; ++q) {
                ++c.comparisons;
                const double d1 = m1.scores[x][q] - m1.scores[y][q], d2 = m2.scores[x][q] - m2.scores[y][q];
                if (!(d1 * d2 < 0)) continue;  // M1 and M2 strictly disagree
                ++c.disagreements;
                bool conc1 = true, conc2 = true;
                for (const ScoreMatrix& g : gold) {
                    const double dg = g.scores[x][q] - g.scores[y][q];
                    conc1 = conc1 && d1 * dg >= 0;
                    conc2 = conc2 && d2 * dg >= 0;
                }
                c.concordant1 += conc1;
                c.concordant2 += conc2;
                c.wins1 += conc1 && !conc2;
                c.wins2 += conc2 && !conc1;
            }
    if (c.disagreements) {
        c.conc1 = static_cast<double>(c.concordant1) / static_cast<double>(c.disagreements);
        c.conc2 = static_cast<double>(c.concordant2) / static_cast<double>(c.disagreements);
    }
    c.sign.method = "exact binomial";
    c.sign.statistic = static_cast<double>(c.wins1);
    c.sign.n = c.wins1 + c.wins2;
    if (c.sign.n == 0) {
        c.sign.p = NAN;
        c.sign.note = "no wins on either side: p is undefined";
    } else {
        c.sign.p = stats::binomial_test_p(c.wins1, c.sign.n, 0.5, Alternative::TwoSided);
    }
    return c;
}

}  // namespace irlens
