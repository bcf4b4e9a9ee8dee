// Comparing runs measure by measure (irlens/stats/comparison.hpp): the rows of `irlens compare` and of
// the JS API's compare().
#include "irlens/stats/comparison.hpp"

#include "irlens/error.hpp"
#include "irlens/parallel.hpp"
#include "irlens/stats/score_table.hpp"

#include "irlens/stats/progress_parts.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>

namespace irlens {

std::vector<RunPair> comparison_pairs(std::size_t runs, std::size_t baseline) {
    std::vector<RunPair> pairs;
    for (std::size_t a = 0; a < runs; ++a) {
        if (baseline < runs) {
            if (a != baseline) pairs.push_back({a, baseline});
        } else {
            for (std::size_t b = a + 1; b < runs; ++b) pairs.push_back({a, b});
        }
    }
    return pairs;
}

std::size_t find_baseline(const std::vector<std::string>& names, const std::string& name,
                          const std::vector<std::string>& paths) {
    std::size_t found = names.size();
    std::string list;
    for (std::size_t r = 0; r < names.size(); ++r) {
        bool match = names[r] == name;
        if (r < paths.size()) {
            const std::size_t slash = paths[r].find_last_of('/');
            match = match || paths[r] == name || paths[r].substr(slash == std::string::npos ? 0 : slash + 1) == name;
        }
        if (match) found = r;
        list += (r ? ", " : "") + names[r];
    }
    if (found == names.size()) throw UsageError("--baseline '" + name + "' is not one of the runs (" + list + ")");
    return found;
}

std::string ComparisonRow::notes() const {
    std::string s;
    for (const std::string* n : {&test.note, &effect.note, &risk.note})
        if (!n->empty()) s += (s.empty() ? "" : "; ") + *n;
    return s;
}

const char* significance_marker(double p) { return p < 0.001 ? "***" : p < 0.01 ? "**" : p < 0.05 ? "*" : ""; }

namespace {

double mean_of(const std::vector<double>& v) {
    double s = 0;
    for (double x : v) s += x;
    return v.empty() ? NAN : s / static_cast<double>(v.size());
}

/// The rows of one measure: tests, corrections, intervals, effect sizes, risk (the parts of
/// s.only). progress: the fraction of this measure's tests done.
MeasureComparison compare_measure(const Evaluation& ev, std::size_t m, const std::vector<RunPair>& pairs,
                                  const CompareSettings& s, const std::function<bool(double)>& progress) {
    MeasureComparison mc;
    mc.measure = ev.measures[m].name();
    mc.measure_full = ev.measures[m].full_name();
    std::vector<ComparisonRow>& rows = mc.rows;
    rows.resize(pairs.size());
    // CompareSettings::only: the tests, the intervals / effect sizes / risk, or both. Every part
    // of a row depends on that row's scores (and, for Tukey HSD, all runs') only.
    const bool tests = s.only != CompareParts::Details, details = s.only != CompareParts::PValues;
    Resampling res = s.testing.resampling;
    // The interval of a run's mean depends on the run and the topics it is taken on: computed once
    // per (run, topic set), the topic set named by a number (pairs on the same topics share it).
    std::map<std::pair<std::size_t, std::size_t>, Interval> run_ci;
    auto interval_of = [&](std::size_t run, std::size_t topic_set, const std::vector<double>& v) {
        auto it = run_ci.find({run, topic_set});
        if (it == run_ci.end())
            it = run_ci.emplace(std::make_pair(run, topic_set), mean_interval(v, s.confidence, s.interval, res)).first;
        return it->second;
    };
    std::size_t& topics_used = mc.topics_used;
    // The tests of pairs [first, first + count) report their share of all pairs.
    auto share = [&](std::size_t first, std::size_t count) -> std::function<bool(double)> {
        if (!progress) return {};
        const double n = static_cast<double>(std::max<std::size_t>(1, pairs.size()));
        return [&progress, first, count, n](double f) {
            return progress((static_cast<double>(first) + f * static_cast<double>(count)) / n);
        };
    };
    if (s.unpaired) {
        for (std::size_t k = 0; k < pairs.size(); ++k) {
            ScoreMatrix ma = score_matrix(ev, m, {pairs[k].a}), mb = score_matrix(ev, m, {pairs[k].b});
            const std::vector<double>&x = ma.scores[0], &y = mb.scores[0];
            ComparisonRow& r = rows[k];
            r.a = pairs[k].a, r.b = pairs[k].b;
            r.topics = x.size() + y.size();
            r.mean_a = mean_of(x), r.mean_b = mean_of(y);
            if (details) {
                r.ci_a = interval_of(r.a, 0, x);  // unpaired: a run's own topics, one set per run
                r.ci_b = interval_of(r.b, 0, y);
                r.ci_diff = unpaired_difference_interval(x, y, s.confidence, s.interval, res);
                r.effect.note = "Cohen's d is for paired differences";
            }
            if (tests) {
                res.progress = share(k, 1);
                r.test = unpaired_bootstrap_test(x, y, s.testing.alternative, res);
                res.progress = nullptr;
            }
            topics_used = std::max(topics_used, std::max(x.size(), y.size()));
        }
    } else {
        // Pair the topics: every pair on the topics both runs have (all qrels topics with
        // --missing zero); Tukey HSD on the topics all runs have. Pairs with the same topics are
        // tested together (same resamples, same result as one by one). Tukey HSD's pairs read
        // their rows of the one matrix of all runs (no copy per pair: 124,750 pairs of 500 runs).
        ScoreMatrix all;                                      // Tukey HSD: every run on the topics all runs have
        std::vector<ScoreMatrix> tables;                      // otherwise: each pair's two runs on their common topics
        std::vector<std::size_t> topic_set(pairs.size(), 0);  // pair -> its topic set's number
        if (s.testing.tukey) {
            all = score_matrix(ev, m);
            PairwiseTesting testing = s.testing;
            testing.resampling.progress = share(0, pairs.size());
            if (tests) {
                std::vector<PairwiseResult> tested = test_pairs(all.scores, pairs, testing);
                for (std::size_t k = 0; k < pairs.size(); ++k) rows[k].test = std::move(tested[k].test);
            }
        } else {
            tables.resize(pairs.size());
            std::map<std::vector<std::string>, std::vector<std::size_t>> by_topics;
            for (std::size_t k = 0; k < pairs.size(); ++k) {
                tables[k] = score_matrix(ev, m, {pairs[k].a, pairs[k].b});
                by_topics[tables[k].topics].push_back(k);
            }
            std::size_t number = 0;
            for (const auto& group : by_topics) {
                for (std::size_t k : group.second) topic_set[k] = number;
                ++number;
            }
            std::size_t tested_so_far = 0;
            for (const auto& [topics, members] : by_topics) {
                if (!tests) break;
                std::vector<std::vector<double>> matrix;
                std::map<std::size_t, std::size_t> row_of;  // run index -> row
                std::vector<RunPair> local;
                for (std::size_t k : members) {
                    for (std::size_t side = 0; side < 2; ++side) {
                        std::size_t run = side ? pairs[k].b : pairs[k].a;
                        if (row_of.emplace(run, matrix.size()).second) matrix.push_back(tables[k].scores[side]);
                    }
                    local.push_back({row_of[pairs[k].a], row_of[pairs[k].b]});
                }
                Resampling group = res;
                group.progress = share(tested_so_far, members.size());
                std::vector<TestResult> tested =
                    paired_tests(s.testing.test, matrix, local, s.testing.alternative, group);
                for (std::size_t i = 0; i < members.size(); ++i) rows[members[i]].test = tested[i];
                tested_so_far += members.size();
            }
        }
        auto x_of = [&](std::size_t k) -> const std::vector<double>& {
            return s.testing.tukey ? all.scores[pairs[k].a] : tables[k].scores[0];
        };
        auto y_of = [&](std::size_t k) -> const std::vector<double>& {
            return s.testing.tukey ? all.scores[pairs[k].b] : tables[k].scores[1];
        };
        for (std::size_t k = 0; k < pairs.size(); ++k) {
            const std::vector<double>&x = x_of(k), &y = y_of(k);
            ComparisonRow& r = rows[k];
            r.a = pairs[k].a, r.b = pairs[k].b;
            r.topics = x.size();
            r.mean_a = mean_of(x), r.mean_b = mean_of(y);
            topics_used = std::max(topics_used, x.size());
            if (!details) continue;
            r.ci_a = interval_of(r.a, topic_set[k], x);
            r.ci_b = interval_of(r.b, topic_set[k], y);
        }
        // The rest of a row depends on its pair's scores only (a bootstrap interval draws from
        // its own generator, seeded with the seed): the pairs are split over the core's threads
        // (parallel.hpp), each row the same as computed alone. Cohen's d's noncentral-t interval
        // is most of a full comparison's time (124,750 pairs of 500 runs).
        if (details) {
            Resampling quiet = res;
            quiet.progress = nullptr;  // the intervals report no progress; never called from two threads
            detail::parallel_ranges(pairs.size(), [&](std::size_t begin, std::size_t end) {
                for (std::size_t k = begin; k < end; ++k) {
                    const std::vector<double>&x = x_of(k), &y = y_of(k);
                    ComparisonRow& r = rows[k];
                    r.ci_diff = paired_difference_interval(x, y, s.confidence, s.interval, quiet);
                    r.effect = cohens_d_paired(x, y, s.confidence);
                    if (s.risk) r.risk = risk_sensitive(x, y, s.risk_alpha);
                }
            });
        }
    }
    if (!tests) {  // no test: p and p_adjusted undefined (never the defaults' 1); comparison_json leaves them out
        for (ComparisonRow& r : rows) r.test.p = r.p_adjusted = std::numeric_limits<double>::quiet_NaN();
        return mc;
    }
    std::vector<double> p;
    for (const ComparisonRow& r : rows) p.push_back(r.test.p);
    if (!s.testing.tukey) p = adjust_p(p, s.testing.correction);
    for (std::size_t k = 0; k < rows.size(); ++k) rows[k].p_adjusted = p[k];
    return mc;
}

std::string describe_test(const CompareSettings& s, std::size_t pairs) {
    if (!s.unpaired) return describe(s.testing, pairs);
    return "unpaired bootstrap test (B=" + std::to_string(s.testing.resampling.B) + ", seed " +
           std::to_string(s.testing.resampling.seed) + ")" +
           describe_family(s.testing.alternative, s.testing.correction, pairs);
}

std::string describe_intervals(const CompareSettings& s) {
    char level[32];
    std::snprintf(level, sizeof level, "%.0f", 100 * s.confidence);
    const Resampling& r = s.testing.resampling;
    return std::string(level) + "% " + interval_method_name(s.interval) +
           (s.interval == IntervalMethod::T ? ""
                                            : " (B=" + std::to_string(r.B) + ", seed " + std::to_string(r.seed) + ")");
}

/// The pairs of --pairs as run indices; UsageError for a name that is no run, a run paired with
/// itself or a pair named twice (either way round).
std::vector<RunPair> chosen_pairs(const std::vector<std::string>& names,
                                  const std::vector<std::pair<std::string, std::string>>& chosen) {
    auto index = [&](const std::string& name) {
        std::string list;
        for (std::size_t r = 0; r < names.size(); ++r) {
            if (names[r] == name) return r;
            list += (r ? ", " : "") + names[r];
        }
        throw UsageError("--pairs: '" + name + "' is not one of the runs (" + list + ")");
    };
    std::vector<RunPair> pairs;
    for (const auto& [x, y] : chosen) {
        RunPair p{index(x), index(y)};
        if (p.a == p.b) throw UsageError("--pairs: '" + x + ":" + y + "' pairs a run with itself");
        for (const RunPair& q : pairs)
            if ((q.a == p.a && q.b == p.b) || (q.a == p.b && q.b == p.a))
                throw UsageError("--pairs: the pair '" + x + ":" + y + "' is named twice");
        pairs.push_back(p);
    }
    return pairs;
}

void require_two_runs(std::size_t runs) {
    if (runs < 2) throw UsageError("compare needs at least two runs");
}

}  // namespace

Comparison compare_evaluation(const Evaluation& ev, const std::string& qrels_name, std::size_t qrels_topics,
                              const CompareSettings& settings, std::size_t baseline,
                              const std::function<bool(double)>& progress) {
    require_two_runs(ev.runs.size());
    require_measures(ev.measures);
    Comparison c;
    c.qrels = qrels_name;
    c.qrels_topics = qrels_topics;
    for (const RunScores& r : ev.runs) c.runs.push_back(r.name);
    c.baseline = std::min(baseline, c.runs.size());
    c.settings = settings;
    c.missing = ev.missing;
    c.warnings = ev.warnings;
    const std::vector<RunPair> pairs =
        settings.pairs.empty() ? comparison_pairs(c.runs.size(), c.baseline) : chosen_pairs(c.runs, settings.pairs);
    c.test = describe_test(settings, pairs.size());
    c.intervals = describe_intervals(settings);
    const stats::ProgressParts parts(progress, ev.measures.size());
    for (std::size_t m = 0; m < ev.measures.size(); ++m) {
        c.measures.push_back(compare_measure(ev, m, pairs, settings, parts.part(m)));
        MeasureComparison& mc = c.measures.back();
        mc.topic_policy = topic_policy(ev.missing, mc.topics_used, qrels_topics);
        // --missing skip tests each pair on the topics both its runs answered: say so when the
        // pairs differ (e.g. 2 to 3 of 3), instead of one count that holds for some pairs only.
        std::size_t fewest = mc.topics_used;
        for (const ComparisonRow& r : mc.rows) fewest = std::min(fewest, r.topics);
        if (ev.missing == MissingTopics::Skip && !settings.unpaired && !settings.testing.tukey &&
            fewest < mc.topics_used)
            mc.topic_policy = "topics: per pair, the " + std::to_string(fewest) + " to " +
                              std::to_string(mc.topics_used) + " of " + std::to_string(qrels_topics) +
                              " qrels topics both runs answered (--missing skip)";
        if (!parts.done(m)) throw Cancelled();
    }
    return c;
}

Comparison compare_runs(const std::shared_ptr<const Qrels>& qrels, const std::vector<std::shared_ptr<const Run>>& runs,
                        const std::vector<MeasureSpec>& measures, const EvalOptions& eval,
                        const CompareSettings& settings, std::size_t baseline, const OnEvaluated& evaluated) {
    require_two_runs(runs.size());
    require_measures(measures);
    const stats::EvaluationThenParts progress(eval.progress, measures.size());
    EvalOptions options = eval;
    options.progress = progress.evaluation;
    const Evaluation ev = evaluate(qrels, runs, measures, options);
    if (evaluated) evaluated(ev);
    return compare_evaluation(ev, qrels->source(), qrels->num_topics(), settings, baseline, progress.rest);
}

}  // namespace irlens
