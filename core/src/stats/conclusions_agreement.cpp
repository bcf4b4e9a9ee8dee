// The runs' orderings and significance verdicts under two qrels compared (contracts:
// irlens/stats/conclusions_agreement.hpp).
#include "irlens/stats/conclusions_agreement.hpp"

#include "irlens/error.hpp"
#include "irlens/stats/correlation.hpp"
#include "irlens/stats/meta.hpp"
#include "resample_blocks.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace irlens {

namespace {

std::vector<double> weighted_means(const ScoreMatrix& m, const std::vector<double>& weights) {
    double total = 0;
    for (double w : weights) total += w;
    std::vector<double> means(m.runs.size(), 0);
    for (std::size_t r = 0; r < m.runs.size(); ++r) {
        double s = 0;
        for (std::size_t t = 0; t < weights.size(); ++t) s += weights[t] * m.scores[r][t];
        means[r] = s / total;
    }
    return means;
}

std::vector<std::size_t> competition_ranks(const std::vector<double>& means) {
    std::vector<std::size_t> rank(means.size(), 1);
    for (std::size_t i = 0; i < means.size(); ++i)
        for (double other : means)
            if (other > means[i]) ++rank[i];
    return rank;
}

/// The k indices of highest value (ties: lower index first).
std::vector<std::size_t> top(const std::vector<double>& means, std::size_t k) {
    std::vector<std::size_t> order(means.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return means[x] > means[y]; });
    order.resize(k);
    std::sort(order.begin(), order.end());
    return order;
}

/// q-quantile of sorted values, linear interpolation between order statistics (numpy's default).
double sorted_quantile(const std::vector<double>& sorted, double q) {
    const double h = (static_cast<double>(sorted.size()) - 1) * q;
    const std::size_t lo = static_cast<std::size_t>(std::floor(h));
    if (lo + 1 >= sorted.size()) return sorted.back();
    return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[lo + 1] - sorted[lo]);
}

struct Coefficients {
    double tau_b, tau_ap, spearman, rbo;
};

Coefficients coefficients(const std::vector<double>& a, const std::vector<double>& b, double rbo_p) {
    return {kendall_tau_b(a, b), tau_ap(b, a), spearman_rho(a, b), rank_biased_overlap(a, b, rbo_p)};
}

int verdict(double difference, double p_adjusted, double alpha) {
    if (!(p_adjusted < alpha) || difference == 0) return 0;
    return difference > 0 ? 1 : -1;
}

}  // namespace

std::string VerdictChange::kind() const {
    if (verdict_a != 0 && verdict_b != 0) return "reversed";
    return verdict_a != 0 ? "significant under A only" : "significant under B only";
}

ConclusionsAgreement conclusions_agreement(const ScoreMatrix& a, const ScoreMatrix& b, const ConclusionSettings& s) {
    if (a.runs != b.runs || a.topics != b.topics)
        throw UsageError("comparing conclusions needs the same runs on the same topics under both sets of judgments");
    if (a.runs.size() < 2) throw UsageError("comparing the conclusions of two sets of judgments needs at least 2 runs");
    if (!(s.alpha > 0 && s.alpha < 1)) throw UsageError("the significance level must be between 0 and 1 (exclusive)");
    if (!(s.confidence > 0 && s.confidence < 1))
        throw UsageError("the confidence level must be between 0 and 1 (exclusive), e.g. 0.95");
    if (s.top_k == 0) throw UsageError("--top-k must be at least 1");
    ConclusionsAgreement r;
    r.measure = a.measure;
    r.runs = a.runs;
    r.topics = a.topics.size();
    const std::size_t n = r.topics, m = r.runs.size();
    std::vector<std::string> notes;
    if (n == 0) {
        r.note = "no topic to compare on";
        r.mean_a.assign(m, std::numeric_limits<double>::quiet_NaN());
        r.mean_b = r.mean_a;
        r.rank_a.assign(m, 0);
        r.rank_b.assign(m, 0);
        r.interval_a.assign(m, Interval{});
        r.interval_b = r.interval_a;
        return r;
    }
    const std::vector<double> ones(n, 1.0);
    r.mean_a = weighted_means(a, ones);
    r.mean_b = weighted_means(b, ones);
    r.rank_a = competition_ranks(r.mean_a);
    r.rank_b = competition_ranks(r.mean_b);
    r.interval_a.assign(m, Interval{});
    r.interval_b = r.interval_a;
    const Coefficients c = coefficients(r.mean_a, r.mean_b, s.rbo_p);
    r.tau_b.value = c.tau_b;
    r.tau_ap.value = c.tau_ap;
    r.spearman.value = c.spearman;
    r.rbo.value = c.rbo;
    if (std::isnan(c.tau_b))
        notes.push_back("tau_b and Spearman's rho undefined: every run has the same mean under one of the sets");
    for (std::size_t i = 0; i < m; ++i) {
        const std::size_t change = r.rank_a[i] > r.rank_b[i] ? r.rank_a[i] - r.rank_b[i] : r.rank_b[i] - r.rank_a[i];
        if (change > r.largest_change) {
            r.largest_change = change;
            r.largest_change_run = i;
        }
    }
    r.top_k = std::min(s.top_k, m);
    {
        const std::vector<std::size_t> ta = top(r.mean_a, r.top_k), tb = top(r.mean_b, r.top_k);
        std::vector<std::size_t> both;
        std::set_intersection(ta.begin(), ta.end(), tb.begin(), tb.end(), std::back_inserter(both));
        r.top_k_overlap = static_cast<double>(both.size()) / static_cast<double>(r.top_k);
    }
    // Per topic: the runs' scores on the topic under A against those under B.
    double sum = 0;
    std::size_t defined = 0;
    for (std::size_t t = 0; t < n; ++t) {
        std::vector<double> xa(m), xb(m);
        for (std::size_t i = 0; i < m; ++i) {
            xa[i] = a.scores[i][t];
            xb[i] = b.scores[i][t];
        }
        TopicCorrelation tc{a.topics[t], kendall_tau_b(xa, xb)};
        if (std::isnan(tc.tau_b)) {
            ++r.per_topic_undefined;
        } else {
            sum += tc.tau_b;
            ++defined;
        }
        r.per_topic.push_back(tc);
    }
    if (defined) r.per_topic_mean = sum / static_cast<double>(defined);
    if (r.per_topic_undefined)
        notes.push_back(std::to_string(r.per_topic_undefined) +
                        " topic(s) without a per-topic tau_b: every run scores the same on it under one of the sets");
    // Bootstrap intervals of the four coefficients and of every run's two means over topics.
    if (s.intervals_B > 0 && n >= 2) {
        Rng rng(s.testing.resampling.seed);
        std::vector<double> weights(n);
        std::vector<std::vector<double>> draws(4);
        std::vector<std::vector<double>> means_a(m), means_b(m);  // [run][resample]
        std::size_t undefined[4] = {0, 0, 0, 0};
        for (std::size_t k = 0; k < s.intervals_B; ++k) {
            stats::draw_bootstrap_counts(rng, weights.data(), n);
            const std::vector<double> ma = weighted_means(a, weights), mb = weighted_means(b, weights);
            for (std::size_t i = 0; i < m; ++i) {
                means_a[i].push_back(ma[i]);
                means_b[i].push_back(mb[i]);
            }
            const Coefficients d = coefficients(ma, mb, s.rbo_p);
            const double v[4] = {d.tau_b, d.tau_ap, d.spearman, d.rbo};
            for (int i = 0; i < 4; ++i) {
                if (std::isnan(v[i]))
                    ++undefined[i];
                else
                    draws[i].push_back(v[i]);
            }
            if (s.testing.resampling.progress && k % 64 == 63 &&
                !s.testing.resampling.progress(0.5 * static_cast<double>(k + 1) / static_cast<double>(s.intervals_B)))
                throw Cancelled();
        }
        CorrelationInterval* out[4] = {&r.tau_b, &r.tau_ap, &r.spearman, &r.rbo};
        for (int i = 0; i < 4; ++i) {
            out[i]->undefined = undefined[i];
            if (draws[i].size() < 2) continue;
            std::sort(draws[i].begin(), draws[i].end());
            out[i]->interval = {sorted_quantile(draws[i], (1 - s.confidence) / 2),
                                sorted_quantile(draws[i], (1 + s.confidence) / 2)};
        }
        const auto percentile_interval = [&](std::vector<double>& v) {
            std::sort(v.begin(), v.end());
            return Interval{sorted_quantile(v, (1 - s.confidence) / 2), sorted_quantile(v, (1 + s.confidence) / 2)};
        };
        for (std::size_t i = 0; i < m; ++i) {
            r.interval_a[i] = percentile_interval(means_a[i]);
            r.interval_b[i] = percentile_interval(means_b[i]);
        }
    } else if (s.intervals_B > 0) {
        notes.push_back("no bootstrap interval: it needs at least 2 topics");
    }
    // Significance verdicts under each set.
    const std::vector<RunPair> pairs = all_pairs(m);
    r.pairs = pairs.size();
    r.test = describe(s.testing, pairs.size());
    if (n >= 2) {
        const std::vector<PairwiseResult> pa = test_pairs(a.scores, pairs, s.testing);
        const std::vector<PairwiseResult> pb = test_pairs(b.scores, pairs, s.testing);
        for (std::size_t k = 0; k < pairs.size(); ++k) {
            VerdictChange v;
            v.a = pairs[k].a;
            v.b = pairs[k].b;
            v.difference_a = r.mean_a[v.a] - r.mean_a[v.b];
            v.difference_b = r.mean_b[v.a] - r.mean_b[v.b];
            v.p_a = pa[k].p_adjusted;
            v.p_b = pb[k].p_adjusted;
            v.verdict_a = verdict(v.difference_a, v.p_a, s.alpha);
            v.verdict_b = verdict(v.difference_b, v.p_b, s.alpha);
            r.significant_a += v.verdict_a != 0;
            r.significant_b += v.verdict_b != 0;
            if (v.verdict_a != v.verdict_b) r.changes.push_back(v);
        }
    } else {
        notes.push_back("no significance test: it needs at least 2 topics");
    }
    for (std::size_t i = 0; i < notes.size(); ++i) r.note += (i ? "; " : "") + notes[i];
    return r;
}

}  // namespace irlens
