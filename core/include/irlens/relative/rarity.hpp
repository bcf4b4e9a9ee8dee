// Document rarity and the experiments of Türkmen, Lease & Kutlu, "New Metrics to Encourage
// Innovation and Diversity in Information Retrieval Approaches" (ECIR 2023).
//
// Rarity of a relevant document d of a topic (Eq. 2): R(d) = 1 - S_d / S, where S is the number of
// runs in the rarity pool and S_d the number of them whose top `depth` for the topic holds d.
// Normalised (Sec. 5.2): R'(d) = 1 - (S_d - 1) / (S - 1). Readings: S_d = 0 (d retrieved by no
// pool run) gives R = 1 and R' = 1 (clamped); S = 1 gives R' = 1; S counts every pool run, also
// one that did not answer the topic. The measures P_rareness / AP_rareness use the same counts.
#pragma once

#include "irlens/evaluation/evaluate.hpp"
#include "irlens/measures/measure.hpp"
#include "irlens/readers/qrels.hpp"
#include "irlens/readers/run.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace irlens {

struct RarityOptions {
    long depth = -1;                // a run retrieved d when d is in its top depth; -1: the whole run
    std::vector<std::string> pool;  // the runs counted (names as in run_groups.hpp); empty: all runs
    long rel_level = 1;             // relevant: judged >= rel_level
};

struct RareDocument {
    std::string topic, doc;
    int rel = 0;                 // the judgment
    std::uint32_t found_by = 0;  // S_d
    double rarity = 0;           // R(d)
    double rarity_mixture = 0;   // R'(d)
    std::string only_run;        // the run that found it when S_d = 1
};

struct RarityReport {
    std::size_t systems = 0;  // S
    long depth = -1;
    std::vector<std::string> pool;  // names of the pool runs
    /// Every relevant document of every qrels topic (topics in qrels order), rarest first within
    /// a topic (S_d ascending, then doc id in byte order) - the view of the paper's Table 4.
    std::vector<RareDocument> documents;
};

/// Throws UsageError for a bad depth or a pool name that matches no run.
RarityReport rarity_report(const std::shared_ptr<const Qrels>& qrels,
                           const std::vector<std::shared_ptr<const Run>>& runs, const RarityOptions& options);

/// One point of the alpha sweep: Kendall's tau-b between the runs' scores (aggregated over topics)
/// under the measure at this alpha and at alpha = 0 (the paper's Fig. 2).
struct AlphaPoint {
    double alpha = 0;
    std::string measure;  // canonical name at this alpha
    double tau_b = 0;     // NaN when undefined (e.g. every run scores the same)
};

/// `measure` names a P_rareness or AP_rareness measure without alpha (e.g. "P_rareness@100",
/// "AP_rareness(variant=mixture)"); the sweep sets alpha to each value of `alphas`. Topics as
/// evaluate() with `missing`. Throws UsageError (not a rareness measure, alpha given, bad alpha).
std::vector<AlphaPoint> alpha_sweep(const std::shared_ptr<const Qrels>& qrels,
                                    const std::vector<std::shared_ptr<const Run>>& runs, std::string_view measure,
                                    const std::vector<double>& alphas, MissingTopics missing = MissingTopics::Skip);

/// The alphas of the sweep when none are given: 0, 0.1, ..., 1 (the grid of the paper's Fig. 2).
std::vector<double> default_sweep_alphas();

/// The sweep for each measure of `measures` in turn (`irlens relative sweep -m M...` and the JS
/// API's alphaSweep); `alphas` empty: default_sweep_alphas().
std::vector<AlphaPoint> alpha_sweep(const std::shared_ptr<const Qrels>& qrels,
                                    const std::vector<std::shared_ptr<const Run>>& runs,
                                    const std::vector<std::string>& measures, std::vector<double> alphas,
                                    MissingTopics missing = MissingTopics::Skip);

/// Algorithm 1 for one N: the mean over `trials` samples of N runs of Kendall's tau-b between the
/// sample's ranking, rarity recomputed over the sample alone, and the same runs' order in the
/// ranking of all runs.
struct SampleSizePoint {
    std::size_t runs = 0;  // N
    std::size_t trials = 0;
    std::size_t defined = 0;  // trials whose tau-b is defined (the mean is over these)
    double mean_tau_b = 0;    // NaN when no trial is defined
};

/// `measure`: a P_rareness / AP_rareness measure whose pool is the default (all runs). Samples
/// are drawn without replacement with irlens' Rng (random.hpp) seeded with `seed`, in the order
/// of `sizes`, so results are reproducible everywhere. UsageError for N < 2 or N > runs.
/// `progress` (optional) is called after each trial with the fraction of trials done; when it
/// returns false the computation stops with Cancelled.
std::vector<SampleSizePoint> sample_size_tau(const std::shared_ptr<const Qrels>& qrels,
                                             const std::vector<std::shared_ptr<const Run>>& runs,
                                             const MeasureSpec& measure, const std::vector<std::size_t>& sizes,
                                             std::size_t trials, std::uint64_t seed,
                                             MissingTopics missing = MissingTopics::Skip,
                                             const std::function<bool(double)>& progress = {});

/// The settings of Algorithm 1 shared by `irlens relative sample` and the JS API's sampleSizeTau.
struct SampleSizeOptions {
    std::vector<std::size_t> sizes;  // empty: default_sample_sizes(number of runs)
    std::size_t trials = 1000;       // the paper's 1000 samples per N
    std::uint64_t seed = 1;
    MissingTopics missing = MissingTopics::Skip;
    std::function<bool(double)> progress;  // fraction of all trials done; false cancels (Cancelled)
};

/// The sample sizes when none are given: 2, 4, 8, ... up to 64, none above the number of runs.
std::vector<std::size_t> default_sample_sizes(std::size_t num_runs);

/// One row of the Algorithm 1 table: the measure (canonical name) and its point for one N.
struct SampleSizeRow {
    std::string measure;
    SampleSizePoint point;
};

/// Algorithm 1 for every measure of each text of `measures` (parse_measures: a text may list
/// several), each measure with its own generator seeded with options.seed, so a measure's rows
/// do not depend on the others.
std::vector<SampleSizeRow> sample_size_tau(const std::shared_ptr<const Qrels>& qrels,
                                           const std::vector<std::shared_ptr<const Run>>& runs,
                                           const std::vector<std::string>& measures, const SampleSizeOptions& options);

}  // namespace irlens
