// Do the conclusions drawn from a set of runs hold when the judgments change (issue 38)? The
// per-topic scores of one measure for the same runs on the same topics under qrels A (the
// reference, e.g. the assessors') and qrels B (e.g. an LLM judge): the runs' means under each,
// how the two orderings of the runs agree, and which pairs of runs change their significance
// verdict. (Voorhees, "Variations in relevance judgments and the measurement of retrieval
// effectiveness", IP&M 2000, compares second assessors this way with Kendall's tau.)
//
// Run means: the mean over the matrices' topics (MeasureSpec aggregates other than the mean are
// not used here: a bootstrap over topics resamples means). Ranks: 1 + the number of runs with a
// strictly higher mean (tied runs share the best rank).
#pragma once

#include "irlens/stats/confidence.hpp"
#include "irlens/stats/score_table.hpp"
#include "irlens/stats/significance.hpp"

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace irlens {

struct ConclusionSettings {
    PairwiseTesting testing;   // the test of every pair of runs (default: paired t-test, two-sided, no correction)
    double alpha = 0.05;       // a pair is significant when its adjusted p < alpha
    double rbo_p = 0.9;        // RBO's persistence
    std::size_t top_k = 10;    // top-k overlap (min(k, runs))
    double confidence = 0.95;  // level of the bootstrap percentile intervals of the correlations
    std::size_t intervals_B = 1000;  // topic resamples for those intervals (seeded by testing.resampling.seed); 0: none
};

/// A correlation of the two orderings with its bootstrap percentile interval over topics: the B
/// resamples draw n of the n topics with replacement (irlens' generator, seeded), recompute every
/// run's mean under A and under B, and the coefficient; the interval takes the (1 -+ level) / 2
/// percentiles (linear interpolation, as confidence.hpp) of the resamples where it is defined
/// (`undefined` counts the others: a constant ordering).
struct CorrelationInterval {
    double value = std::numeric_limits<double>::quiet_NaN();
    Interval interval;
    std::size_t undefined = 0;
};

/// A pair of runs whose verdict differs: verdict +1 = a significantly better, -1 = b
/// significantly better, 0 = not significant.
struct VerdictChange {
    std::size_t a = 0, b = 0;
    double difference_a = 0, difference_b = 0;  // mean(a) - mean(b) under A and under B
    double p_a = 1, p_b = 1;                    // adjusted p-values
    int verdict_a = 0, verdict_b = 0;
    /// "significant under A only", "significant under B only" or "reversed" (significant under
    /// both, in opposite directions).
    std::string kind() const;
};

struct TopicCorrelation {
    std::string topic;
    double tau_b = std::numeric_limits<double>::quiet_NaN();  // the runs' scores on the topic, A vs B
};

struct ConclusionsAgreement {
    std::string measure;
    std::vector<std::string> runs;
    std::size_t topics = 0;
    std::vector<double> mean_a, mean_b;  // [run]
    std::vector<std::size_t> rank_a, rank_b;
    /// [run] the bootstrap percentile interval of the run's mean under A and under B, from the
    /// same resamples of topics as the correlations' intervals (level s.confidence); NaN bounds
    /// without resamples (intervals_B = 0, fewer than 2 topics).
    std::vector<Interval> interval_a, interval_b;
    /// Kendall's tau-b (scipy's), tau_ap with A the gold standard (Yilmaz et al. 2008:
    /// tau_ap(evaluated = B's means, reference = A's)), Spearman's rho, RBO_ext (p = rbo_p).
    CorrelationInterval tau_b, tau_ap, spearman, rbo;
    std::size_t largest_change_run = 0;  // the first run whose |rank_a - rank_b| is largest
    std::size_t largest_change = 0;
    /// Top-k: the k runs of highest mean under each (ties: run order), overlap = |both| / k.
    std::size_t top_k = 0;
    double top_k_overlap = std::numeric_limits<double>::quiet_NaN();
    std::vector<TopicCorrelation> per_topic;
    double per_topic_mean = std::numeric_limits<double>::quiet_NaN();  // mean of the defined per-topic tau_b
    std::size_t per_topic_undefined = 0;  // topics whose tau_b is undefined (the runs tie under A or B)
    std::string test;                     // describe(testing, pairs), e.g. "paired t-test, two-sided, ..."
    std::size_t pairs = 0, significant_a = 0, significant_b = 0;
    std::vector<VerdictChange> changes;  // in all_pairs() order
    std::string note;                    // why a value is undefined ("" when all are)
};

/// a and b: the same runs on the same topics (UsageError otherwise), scored under qrels A and B.
/// UsageError for fewer than 2 runs; undefined values (fewer than 2 topics for a test, a constant
/// ordering) are NaN and said in `note`.
ConclusionsAgreement conclusions_agreement(const ScoreMatrix& a, const ScoreMatrix& b, const ConclusionSettings& s);

}  // namespace irlens
