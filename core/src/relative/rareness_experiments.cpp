// The experiments of Türkmen, Lease & Kutlu (ECIR 2023) on rareness measures: Kendall's tau
// against alpha (Sec. 4.2, Fig. 2) and the impact of the number of systems (Sec. 4.5,
// Algorithm 1). Scores come from the same functions as the P_rareness / AP_rareness measures, so
// a value here equals `irlens eval`'s.
#include "irlens/stats/correlation.hpp"
#include "irlens/error.hpp"
#include "irlens/stats/random.hpp"
#include "irlens/relative/rarity.hpp"
#include "irlens/stats/stats_settings.hpp"
#include "relative/rareness.hpp"

#include <cmath>
#include <limits>

namespace irlens {

namespace {

/// Everything a rareness measure needs that does not depend on alpha or on the pool.
struct Prepared {
    EvalContext context;
    relative::HitTable hits;
    std::vector<long> num_rel;

    Prepared(const std::shared_ptr<const Qrels>& qrels, const std::vector<std::shared_ptr<const Run>>& runs,
             const relative::RarenessParams& p) {
        context.qrels = qrels;
        context.runs = runs;
        hits = relative::HitTable(context, p.rel_level, p.hit_limit());
        num_rel = relative::relevant_per_topic(*qrels, p.rel_level);
    }

    /// The aggregate over topics (as evaluate(): the spec's aggregation, topics per `missing`)
    /// of each run in `which`.
    std::vector<double> scores(const MeasureSpec& spec, const relative::RarenessParams& p,
                               const relative::RarityCounts& counts, const std::vector<std::size_t>& which,
                               MissingTopics missing) const {
        std::vector<double> out, values;
        for (std::size_t r : which) {
            values.clear();
            for (std::size_t t = 0; t < hits.num_topics(); ++t) {
                if (missing == MissingTopics::Skip && !context.runs[r]->has_topic(t)) continue;
                values.push_back(relative::rareness_score(p, counts, hits.begin(r, t), hits.end(r, t), num_rel[t]));
            }
            out.push_back(aggregate(spec, values));
        }
        return out;
    }
};

void check_rareness(const MeasureSpec& spec, const char* what) {
    if (spec.info().name != "P_rareness" && spec.info().name != "AP_rareness")
        throw UsageError(std::string(what) + ": '" + spec.name() +
                         "' is not a rareness measure (P_rareness, AP_rareness)");
}

std::vector<std::size_t> all_runs(std::size_t n) {
    std::vector<std::size_t> out(n);
    for (std::size_t i = 0; i < n; ++i) out[i] = i;
    return out;
}

}  // namespace

std::vector<AlphaPoint> alpha_sweep(const std::shared_ptr<const Qrels>& qrels,
                                    const std::vector<std::shared_ptr<const Run>>& runs, std::string_view measure,
                                    const std::vector<double>& alphas, MissingTopics missing) {
    MeasureSpec at_zero = parse_measure(measure, {{"alpha", "0"}});
    check_rareness(at_zero, "alpha sweep");
    bool names_alpha = true;
    try {
        parse_measure(measure);  // alpha is required: this fails when the text leaves it out
    } catch (const UsageError&) {
        names_alpha = false;
    }
    if (names_alpha)
        throw UsageError("alpha sweep: name the measure without alpha (the sweep sets it), got '" +
                         std::string(measure) + "'");
    if (alphas.empty()) throw UsageError("alpha sweep: no alpha given");
    relative::RarenessParams p0 = relative::RarenessParams::from(at_zero);
    Prepared prep(qrels, runs, p0);
    relative::RarityCounts counts(prep.hits, relative::resolve_pool(p0.pool, prep.context), p0.depth,
                                  qrels->num_judgments());
    std::vector<std::size_t> which = all_runs(runs.size());
    std::vector<double> base = prep.scores(at_zero, p0, counts, which, missing);
    std::vector<AlphaPoint> out;
    for (double alpha : alphas) {
        MeasureSpec spec = parse_measure(measure, {{"alpha", format_number(alpha)}});
        relative::RarenessParams p = relative::RarenessParams::from(spec);
        out.push_back(
            AlphaPoint{alpha, spec.name(), kendall_tau_b(base, prep.scores(spec, p, counts, which, missing))});
    }
    return out;
}

// Algorithm 1: R_o <- rank systems in P; for each trial: p_N <- N systems sampled from P, r_N <-
// rank p_N (rarity over p_N only), R_N <- p_N's order in R_o, tau += tau(R_N, r_N); tau / trials.
std::vector<SampleSizePoint> sample_size_tau(const std::shared_ptr<const Qrels>& qrels,
                                             const std::vector<std::shared_ptr<const Run>>& runs,
                                             const MeasureSpec& measure, const std::vector<std::size_t>& sizes,
                                             std::size_t trials, std::uint64_t seed, MissingTopics missing,
                                             const std::function<bool(double)>& progress) {
    check_rareness(measure, "run sampling");
    relative::RarenessParams p = relative::RarenessParams::from(measure);
    if (!p.pool.empty())
        throw UsageError("run sampling recomputes rarity over each sample: '" + measure.name() + "' must not set pool");
    if (trials < 1 || trials > kMaxCount)
        throw UsageError("run sampling: trials must be between 1 and " + std::to_string(kMaxCount));
    for (std::size_t n : sizes)
        if (n < 2 || n > runs.size())
            throw UsageError("run sampling: a sample size must be from 2 to the number of runs (" +
                             std::to_string(runs.size()) + "), got " + std::to_string(n));
    Prepared prep(qrels, runs, p);
    std::vector<std::size_t> every = all_runs(runs.size());
    relative::RarityCounts counts(prep.hits, every, p.depth, qrels->num_judgments());
    std::vector<double> full = prep.scores(measure, p, counts, every, missing);

    Rng rng(seed);
    std::vector<SampleSizePoint> out;
    const double total = static_cast<double>(trials) * static_cast<double>(sizes.size());
    double done = 0;
    for (std::size_t n : sizes) {
        SampleSizePoint point;
        point.runs = n;
        point.trials = trials;
        double sum = 0.0;
        for (std::size_t trial = 0; trial < trials; ++trial) {
            std::vector<std::size_t> sample;
            for (std::uint32_t i : rng.sample(static_cast<std::uint32_t>(runs.size()), static_cast<std::uint32_t>(n)))
                sample.push_back(i);
            counts.recount(prep.hits, sample, p.depth);
            std::vector<double> in_full;
            for (std::size_t r : sample) in_full.push_back(full[r]);
            double tau = kendall_tau_b(in_full, prep.scores(measure, p, counts, sample, missing));
            done += 1;
            if (progress && !progress(done / total)) throw Cancelled();
            if (std::isnan(tau)) continue;
            sum += tau;
            ++point.defined;
        }
        point.mean_tau_b =
            point.defined ? sum / static_cast<double>(point.defined) : std::numeric_limits<double>::quiet_NaN();
        out.push_back(point);
    }
    return out;
}

std::vector<double> default_sweep_alphas() { return {0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1}; }

std::vector<AlphaPoint> alpha_sweep(const std::shared_ptr<const Qrels>& qrels,
                                    const std::vector<std::shared_ptr<const Run>>& runs,
                                    const std::vector<std::string>& measures, std::vector<double> alphas,
                                    MissingTopics missing) {
    if (alphas.empty()) alphas = default_sweep_alphas();
    std::vector<AlphaPoint> out;
    for (const std::string& m : measures)
        for (AlphaPoint& p : alpha_sweep(qrels, runs, m, alphas, missing)) out.push_back(std::move(p));
    return out;
}

std::vector<std::size_t> default_sample_sizes(std::size_t num_runs) {
    std::vector<std::size_t> sizes;
    for (std::size_t n = 2; n <= 64 && n <= num_runs; n *= 2) sizes.push_back(n);
    return sizes;
}

std::vector<SampleSizeRow> sample_size_tau(const std::shared_ptr<const Qrels>& qrels,
                                           const std::vector<std::shared_ptr<const Run>>& runs,
                                           const std::vector<std::string>& measures, const SampleSizeOptions& options) {
    std::vector<MeasureSpec> specs;
    for (const std::string& text : measures)
        for (MeasureSpec& m : parse_measures(text)) add_distinct(specs, std::move(m));
    std::vector<std::size_t> sizes = options.sizes.empty() ? default_sample_sizes(runs.size()) : options.sizes;
    std::vector<SampleSizeRow> out;
    for (std::size_t i = 0; i < specs.size(); ++i) {
        std::function<bool(double)> progress;
        if (options.progress)
            progress = [&, i](double f) {
                return options.progress((static_cast<double>(i) + f) / static_cast<double>(specs.size()));
            };
        for (const SampleSizePoint& p :
             sample_size_tau(qrels, runs, specs[i], sizes, options.trials, options.seed, options.missing, progress))
            out.push_back(SampleSizeRow{specs[i].name(), p});
    }
    return out;
}

}  // namespace irlens
