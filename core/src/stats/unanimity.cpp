// Metric Unanimity (Amigo, Spina & Carrillo-de-Albornoz, "An axiomatic analysis of diversity
// evaluation metrics", SIGIR 2018, Sec. 6.1).
#include "irlens/error.hpp"
#include "irlens/stats/meta.hpp"

#include "stats/matrix_checks.hpp"

#include <cmath>

namespace irlens {

// Over every topic q and ordered pair (i, j), i != j, of runs:
//   m_ij = 1 if m(i) > m(j), 1/2 if m(i) = m(j), else 0;
//   M_ij = 1 if m'(i) >= m'(j) for every other measure m' (the paper's "for all m' in M,
//          m'(d_i) >= m'(d_j)"; the extracted text lost the symbols, the example fixes them).
// P(m) = sum m_ij / N, P(M) = sum M_ij / N, P(m, M) = sum m_ij M_ij / N; MU = log2 of their PMI.
std::vector<Unanimity> metric_unanimity(const std::vector<ScoreMatrix>& measures) {
    if (measures.size() < 2) throw UsageError("Metric Unanimity needs at least 2 measures");
    for (const ScoreMatrix& m : measures) stats::check_same_shape(measures[0], m, "Metric Unanimity");
    const std::size_t runs = measures[0].runs.size(), topics = measures[0].topics.size();
    std::vector<Unanimity> out;
    for (std::size_t k = 0; k < measures.size(); ++k) {
        double n = 0, sum_m = 0, sum_unanimous = 0, sum_joint = 0;
        for (std::size_t q = 0; q < topics; ++q)
            for (std::size_t i = 0; i < runs; ++i)
                for (std::size_t j = 0; j < runs; ++j) {
                    if (i == j) continue;
                    const double a = measures[k].scores[i][q], b = measures[k].scores[j][q];
                    const double m_ij = a > b ? 1.0 : a == b ? 0.5 : 0.0;
                    bool unanimous = true;
                    for (std::size_t o = 0; o < measures.size() && unanimous; ++o)
                        if (o != k) unanimous = measures[o].scores[i][q] >= measures[o].scores[j][q];
                    n += 1;
                    sum_m += m_ij;
                    sum_unanimous += unanimous;
                    sum_joint += unanimous ? m_ij : 0.0;
                }
        Unanimity u;
        u.measure = measures[k].measure;
        if (n > 0) {
            u.p_measure = sum_m / n;
            u.p_unanimous = sum_unanimous / n;
            u.p_joint = sum_joint / n;
            if (u.p_unanimous > 0) u.mu = std::log2(u.p_joint / (u.p_measure * u.p_unanimous));
        }
        out.push_back(u);
    }
    return out;
}

}  // namespace irlens
