// Stability (Turkmen et al., ECIR 2023, Sec. 4.4: irlens' reading and, as fuzzy_stability, their
// released code's) and the swap rate (Voorhees & Buckley, SIGIR 2002): all compare runs on random
// topic subsets.
#include "irlens/error.hpp"
#include "irlens/stats/meta.hpp"
#include "irlens/stats/random.hpp"
#include "irlens/stats/stats_settings.hpp"

#include "stats/tolerance.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace irlens {

namespace {

/// Draws k of the n topic indices without replacement: a partial Fisher-Yates shuffle of `pool`
/// (kept between draws: any arrangement of the pool gives a uniform subset). Returns them sorted,
/// so that every run's scores are summed in topic order.
std::vector<std::size_t> draw_topics(Rng& rng, std::vector<std::size_t>& pool, std::size_t first, std::size_t k) {
    for (std::size_t i = first; i < first + k; ++i) std::swap(pool[i], pool[i + rng.below(pool.size() - i)]);
    std::vector<std::size_t> chosen(pool.begin() + static_cast<long>(first),
                                    pool.begin() + static_cast<long>(first + k));
    std::sort(chosen.begin(), chosen.end());
    return chosen;
}

/// Mean of every run over the given topics.
std::vector<double> means_over(const ScoreMatrix& m, const std::vector<std::size_t>& topics) {
    std::vector<double> means(m.runs.size(), 0.0);
    for (std::size_t r = 0; r < m.runs.size(); ++r) {
        for (std::size_t t : topics) means[r] += m.scores[r][t];
        means[r] /= static_cast<double>(topics.size());
    }
    return means;
}

/// +1 when a > b, -1 when a < b, 0 when tied (up to the rounding slack).
int compare(double a, double b) { return stats::tied(a, b) ? 0 : a > b ? 1 : -1; }

void check_sampling(const ScoreMatrix& m, std::size_t topics_needed, std::size_t trials, const char* what) {
    if (trials == 0 || trials > kMaxCount)
        throw UsageError(std::string(what) + ": the number of trials must be between 1 and " +
                         std::to_string(kMaxCount));
    if (topics_needed == 0 || topics_needed > m.topics.size())
        throw UsageError(std::string(what) + ": cannot draw " + std::to_string(topics_needed) + " topic(s) from " +
                         std::to_string(m.topics.size()));
}

/// The trials both stability variants share: `trials` seeded draws of `topics_per_trial` topics;
/// for each, visit(k, a, b) with the means of pair k's two runs over the drawn topics.
template <class Visit>
void stability_trials(const ScoreMatrix& m, const std::vector<RunPair>& pairs, std::size_t topics_per_trial,
                      std::size_t trials, std::uint64_t seed, Visit visit) {
    std::vector<std::size_t> pool(m.topics.size());
    for (std::size_t i = 0; i < pool.size(); ++i) pool[i] = i;
    Rng rng(seed);
    for (std::size_t trial = 0; trial < trials; ++trial) {
        const std::vector<double> means = means_over(m, draw_topics(rng, pool, 0, topics_per_trial));
        for (std::size_t k = 0; k < pairs.size(); ++k) visit(k, means[pairs[k].a], means[pairs[k].b]);
    }
}

}  // namespace

Stability stability(const ScoreMatrix& m, std::size_t topics_per_trial, std::size_t trials, std::uint64_t seed) {
    check_sampling(m, topics_per_trial, trials, "stability");
    const std::vector<RunPair> pairs = all_pairs(m.runs.size());
    Stability s;
    s.topics_per_trial = topics_per_trial;
    s.trials = trials;
    std::vector<double> wins_a(pairs.size(), 0.0);  // trials won by pair.a, ties counting 1/2
    stability_trials(m, pairs, topics_per_trial, trials, seed, [&](std::size_t k, double a, double b) {
        int c = compare(a, b);
        wins_a[k] += c > 0 ? 1.0 : c == 0 ? 0.5 : 0.0;
    });
    double sum = 0;
    for (double w : wins_a) {
        double share = std::max(w, static_cast<double>(trials) - w) / static_cast<double>(trials);
        s.per_pair.push_back(share);
        sum += share;
    }
    if (!pairs.empty()) s.stability = sum / static_cast<double>(pairs.size());
    return s;
}

Stability fuzzy_stability(const ScoreMatrix& m, std::size_t topics_per_trial, std::size_t trials, std::uint64_t seed,
                          double fuzziness) {
    check_sampling(m, topics_per_trial, trials, "stability");
    if (!(fuzziness >= 0) || !std::isfinite(fuzziness))
        throw UsageError("stability: the fuzziness must be a finite number >= 0");
    const std::vector<RunPair> pairs = all_pairs(m.runs.size());
    Stability s;
    s.topics_per_trial = topics_per_trial;
    s.trials = trials;
    std::vector<std::size_t> wins_a(pairs.size(), 0), wins_b(pairs.size(), 0);  // ties: the rest
    stability_trials(m, pairs, topics_per_trial, trials, seed, [&](std::size_t k, double a, double b) {
        if (std::fabs(a - b) > fuzziness) ++(a > b ? wins_a[k] : wins_b[k]);
    });
    std::size_t majority = 0, minority = 0;
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        const std::size_t more = std::max(wins_a[k], wins_b[k]);
        majority += more;
        minority += std::min(wins_a[k], wins_b[k]);
        s.per_pair.push_back(static_cast<double>(more) / static_cast<double>(trials));
    }
    if (!pairs.empty()) {
        const double all = static_cast<double>(trials * pairs.size());
        s.stability = static_cast<double>(majority) / all;
        s.error_rate = static_cast<double>(minority) / all;
        s.tie_rate = static_cast<double>(trials * pairs.size() - majority - minority) / all;
    }
    return s;
}

SwapRate swap_rate(const ScoreMatrix& m, std::size_t topics_per_set, std::size_t trials, std::uint64_t seed,
                   double bin_width) {
    check_sampling(m, 2 * topics_per_set, trials, "swap rate");
    if (!(bin_width > 0)) throw UsageError("swap rate: the bin width must be positive");
    const std::vector<RunPair> pairs = all_pairs(m.runs.size());
    SwapRate s;
    s.topics_per_set = topics_per_set;
    s.trials = trials;
    std::map<long, SwapRate::Bin> bins;
    std::size_t swaps = 0;
    std::vector<std::size_t> pool(m.topics.size());
    for (std::size_t i = 0; i < pool.size(); ++i) pool[i] = i;
    Rng rng(seed);
    for (std::size_t trial = 0; trial < trials; ++trial) {
        const std::vector<double> first = means_over(m, draw_topics(rng, pool, 0, topics_per_set));
        const std::vector<double> second = means_over(m, draw_topics(rng, pool, topics_per_set, topics_per_set));
        for (const RunPair& p : pairs) {
            const bool swapped = compare(first[p.a], first[p.b]) * compare(second[p.a], second[p.b]) < 0;
            swaps += swapped;
            const long bin = static_cast<long>(std::floor(std::fabs(first[p.a] - first[p.b]) / bin_width));
            SwapRate::Bin& b = bins[bin];
            b.low = static_cast<double>(bin) * bin_width;
            b.high = static_cast<double>(bin + 1) * bin_width;
            b.comparisons++;
            b.swaps += swapped;
        }
    }
    if (!pairs.empty()) s.swap_rate = static_cast<double>(swaps) / static_cast<double>(trials * pairs.size());
    for (const auto& kv : bins) s.bins.push_back(kv.second);
    return s;
}

}  // namespace irlens
