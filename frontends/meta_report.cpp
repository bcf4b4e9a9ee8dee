// The analyses of `irlens meta` (irlens/frontends/meta_report.hpp): which measures and runs each method
// sees, and with which settings.
#include "irlens/frontends/meta_report.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/run_groups.hpp"
#include "irlens/stats/score_table.hpp"

#include "irlens/stats/progress_parts.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace irlens {

std::string loo_topic_policy(MissingTopics missing) {
    return missing == MissingTopics::Zero ? "all qrels topics, unanswered ones scored as trec_eval -c"
                                          : "the topics each run answered (--missing skip)";
}

std::vector<std::string> groups_of_runs(const std::vector<std::shared_ptr<const Run>>& runs, const RunGroups& table) {
    std::vector<std::string> groups;
    for (const auto& r : runs) {
        const std::string* g = table.group_of(r->name());
        if (!g) g = table.group_of(r->tag());
        if (!g)
            throw UsageError("run '" + r->name() + "' has no group in " + table.source() +
                             " (looked up by run name, by name without .gz/.txt, and by tag '" + r->tag() + "')");
        groups.push_back(*g);
    }
    return groups;
}

std::string design_note(const MeasureTopicSetSize& x, const TopicSetSize& design, double variance) {
    return !x.variances.note.empty() && std::isnan(variance) ? x.variances.note : design.note;
}

std::string power_note(const MeasureTopicSetSize& x) {
    if (!x.variances.note.empty()) return x.variances.note;
    return x.note;
}

namespace {

std::vector<MeasureCorrelation> correlation(const Evaluation& ev, const MetaSettings& s) {
    const std::size_t M = ev.measures.size();
    if (M < 2) throw UsageError("correlation needs at least two measures (-m M1 -m M2)");
    std::vector<std::vector<double>> scores(M);  // run scores per measure (the measure's aggregate)
    for (std::size_t m = 0; m < M; ++m) {
        ScoreMatrix t = score_matrix(ev, m);
        for (const auto& row : t.scores) scores[m].push_back(aggregate(ev.measures[m], row));
    }
    std::vector<MeasureCorrelation> out;
    for (std::size_t x = 0; x < M; ++x)
        for (std::size_t y = x + 1; y < M; ++y) {
            const std::vector<double>&a = scores[x], &b = scores[y];
            MeasureCorrelation c;
            c.x = ev.measures[x].name();
            c.y = ev.measures[y].name();
            c.runs = a.size();
            c.tau_b = kendall_tau_b_test(a, b);
            c.spearman = spearman_test(a, b);
            c.tau_a = kendall_tau_a(a, b);
            c.tau_ap_xy = tau_ap(a, b);
            c.tau_ap_yx = tau_ap(b, a);
            c.rbo = rank_biased_overlap(a, b, s.rbo_p);
            c.note = c.tau_b.note.empty() ? c.spearman.note : c.tau_b.note;
            out.push_back(std::move(c));
        }
    return out;
}

std::vector<MeasureDiscrimination> discrimination(const Evaluation& ev, const MetaSettings& s,
                                                  const stats::ProgressParts& parts) {
    std::vector<MeasureDiscrimination> out;
    for (std::size_t m = 0; m < ev.measures.size(); ++m) {
        ScoreMatrix t = score_matrix(ev, m);
        PairwiseTesting testing = s.testing;
        testing.resampling.progress = parts.part(m);
        out.push_back({t.measure, t.topics.size(), discriminative_power(t, testing)});
        if (!parts.done(m)) throw Cancelled();
    }
    return out;
}

std::vector<MeasureStability> stability_analysis(const Evaluation& ev, const MetaSettings& s,
                                                 const stats::ProgressParts& parts) {
    std::vector<MeasureStability> out;
    const std::uint64_t seed = s.testing.resampling.seed;
    for (std::size_t m = 0; m < ev.measures.size(); ++m) {
        ScoreMatrix t = score_matrix(ev, m);
        const std::size_t n = t.topics.size();
        MeasureStability st;
        st.measure = t.measure;
        st.topics_per_trial = s.topics ? s.topics : n / 2;
        st.swap_topics_per_set = std::min(st.topics_per_trial, n / 2);
        st.stability = s.stability == "fuzzy" ? fuzzy_stability(t, st.topics_per_trial, s.trials, seed, s.fuzziness)
                                              : stability(t, st.topics_per_trial, s.trials, seed);
        st.swap = swap_rate(t, st.swap_topics_per_set, s.trials, seed, s.bin_width);
        out.push_back(std::move(st));
        if (!parts.done(m)) throw Cancelled();
    }
    return out;
}

ConcordanceReport concordance_analysis(const Evaluation& ev, std::size_t gold_from) {
    if (gold_from != 2)
        throw UsageError("concordance compares exactly two measures (-m M1 -m M2) given --gold measures");
    if (ev.measures.size() == gold_from)
        throw UsageError("concordance needs at least one gold-standard measure (--gold G)");
    std::vector<ScoreMatrix> gold;
    ConcordanceReport r;
    for (std::size_t g = gold_from; g < ev.measures.size(); ++g) {
        gold.push_back(score_matrix(ev, g));
        r.gold.push_back(gold.back().measure);
    }
    ScoreMatrix m1 = score_matrix(ev, 0), m2 = score_matrix(ev, 1);
    r.measure_1 = m1.measure;
    r.measure_2 = m2.measure;
    r.result = concordance(m1, m2, gold);
    return r;
}

std::vector<Unanimity> unanimity_analysis(const Evaluation& ev) {
    std::vector<ScoreMatrix> tables;
    for (std::size_t m = 0; m < ev.measures.size(); ++m) tables.push_back(score_matrix(ev, m));
    return metric_unanimity(tables);
}

/// The index in ev.runs of the run a preference names: the run of that name, else the only run
/// with that name without .gz/.txt, else the only run with that tag. InputError otherwise.
std::size_t preferred_run(const Evaluation& ev, const std::string& name, const PreferenceJudgments& p,
                          std::uint64_t line) {
    for (std::size_t i = 0; i < ev.runs.size(); ++i)
        if (ev.runs[i].name == name) return i;
    std::vector<std::size_t> by_key, by_tag;
    for (std::size_t i = 0; i < ev.runs.size(); ++i) {
        if (run_key(ev.runs[i].name) == run_key(name)) by_key.push_back(i);
        if (ev.runs[i].tag == name) by_tag.push_back(i);
    }
    for (const std::vector<std::size_t>* found : {&by_key, &by_tag}) {
        if (found->size() == 1) return found->front();
        if (found->size() > 1)
            throw InputError(p.source, line,
                             "run '" + quote_bytes(name) + "' is ambiguous: it names both '" +
                                 ev.runs[(*found)[0]].name + "' and '" + ev.runs[(*found)[1]].name + "'");
    }
    std::string names;
    for (const RunScores& r : ev.runs) names += (names.empty() ? "" : ", ") + r.name;
    throw InputError(p.source, line,
                     "run '" + quote_bytes(name) + "' is not one of the runs evaluated (" + names +
                         "; a run is named by its file name, its name without .gz/.txt, or its tag)");
}

PredictivePowerReport predictive_power_analysis(const Evaluation& ev, const MetaSettings& s) {
    if (!s.preferences)
        throw UsageError("predictive-power needs --preferences FILE (topic<TAB>run X<TAB>run Y<TAB>X|Y|tie lines)");
    const PreferenceJudgments& p = *s.preferences;
    PredictivePowerReport r;
    r.source = p.source;
    r.judgments = p.judgments.size();
    std::vector<std::unordered_map<std::string, std::size_t>> topic_of(ev.runs.size());  // [run] topic -> index
    for (std::size_t i = 0; i < ev.runs.size(); ++i)
        for (std::size_t t = 0; t < ev.runs[i].topics.size(); ++t) topic_of[i].emplace(ev.runs[i].topics[t], t);
    struct Pair {
        std::size_t run_preferred, run_other;
        const std::string* topic;
    };
    std::vector<Pair> pairs;  // the non-tied preferences
    for (const PreferenceJudgment& j : p.judgments) {
        const std::size_t x = preferred_run(ev, j.x, p, j.line), y = preferred_run(ev, j.y, p, j.line);
        if (x == y)
            throw InputError(p.source, j.line,
                             "'" + quote_bytes(j.x) + "' and '" + quote_bytes(j.y) + "' name the same run");
        bool known = false;
        for (const auto& topics : topic_of) known = known || topics.count(j.topic);
        if (!known)
            throw InputError(p.source, j.line,
                             "topic '" + quote_bytes(j.topic) + "' has no scores: " +
                                 (ev.missing == MissingTopics::Zero ? "it is not in the qrels"
                                                                    : "it is not in the qrels, or no run answered it"));
        if (j.verdict == PreferenceJudgment::Verdict::Tie) {
            ++r.human_ties;
            continue;
        }
        const bool x_wins = j.verdict == PreferenceJudgment::Verdict::X;
        pairs.push_back({x_wins ? x : y, x_wins ? y : x, &j.topic});
    }
    for (std::size_t m = 0; m < ev.measures.size(); ++m) {
        MeasurePredictivePower mp;
        mp.measure = score_matrix(ev, m).measure;  // UsageError for a text-valued measure
        std::vector<double> preferred, other;
        for (const Pair& pr : pairs) {
            auto value = [&](std::size_t run) {
                auto t = topic_of[run].find(*pr.topic);
                return t == topic_of[run].end() ? NAN : ev.runs[run].values[m][t->second];
            };
            const double a = value(pr.run_preferred), b = value(pr.run_other);
            if (std::isnan(a) || std::isnan(b)) {
                ++mp.unscored;
                continue;
            }
            preferred.push_back(a);
            other.push_back(b);
        }
        mp.result = predictive_power(preferred, other, s.testing.resampling, r.level);
        r.measures.push_back(std::move(mp));
    }
    return r;
}

/// topic-set-size and power (topic_set_size.hpp), per measure over the topics every run was scored on.
std::vector<MeasureTopicSetSize> topic_set_size_analysis(const Evaluation& ev, const MetaSettings& s,
                                                         std::size_t& curve_topics) {
    const PowerSettings& p = s.power;
    std::vector<MeasureTopicSetSize> out;
    curve_topics = 2;
    for (std::size_t m = 0; m < ev.measures.size(); ++m) {
        const ScoreMatrix t = score_matrix(ev, m);
        MeasureTopicSetSize x;
        x.measure = t.measure;
        x.variances = topic_set_variances(t.scores);
        x.variances.runs = t.runs.size();
        x.variances.topics = t.topics.size();
        const std::size_t n = x.variances.topics;
        if (s.analysis == "power") {
            const CampaignPower c = paired_t_campaign_power(n, x.variances.v_e, p);
            x.min_detectable_difference = c.min_detectable_difference;
            x.power = c.power;
            x.note = c.note;
        } else {
            x.paired_t = paired_t_topic_set_size(x.variances.v_e, p);
            x.anova = anova_topic_set_size(x.variances.runs, x.variances.v_w, p);
            if (p.ci_width > 0) x.ci = ci_topic_set_size(x.variances.v_e, p);
            curve_topics = std::max({curve_topics, n, x.paired_t.topics, x.anova.topics});
        }
        out.push_back(std::move(x));
    }
    curve_topics = std::min(curve_topics, kPowerCurveTopics);
    if (s.analysis == "topic-set-size")
        for (MeasureTopicSetSize& x : out)
            for (std::size_t n = 2; n <= curve_topics; ++n) {
                x.curve_paired_t.push_back(paired_t_power(n, p.min_diff, x.variances.v_e, p.alpha));
                x.curve_anova.push_back(anova_power(n, x.variances.runs, p.min_diff, x.variances.v_w, p.alpha));
            }
    return out;
}

MetaReport report_of(const MetaSettings& settings, const std::string& qrels_name, MissingTopics missing) {
    MetaReport r;
    r.analysis = settings.analysis;
    r.settings = settings;
    r.qrels = qrels_name;
    r.missing = missing;
    return r;
}

}  // namespace

MetaReport meta_evaluation(const Evaluation& ev, const std::string& qrels_name, std::size_t qrels_topics,
                           const MetaSettings& settings, const std::function<bool(double)>& progress) {
    check_meta_analysis(settings.analysis);
    if (settings.analysis == "loo")
        throw UsageError("loo re-evaluates the runs with other qrels: it needs the qrels and the runs, not scores");
    if (ev.measures.size() <= settings.gold.size()) require_measures({});  // no measure but the gold ones
    MetaReport r = report_of(settings, qrels_name, ev.missing);
    for (const RunScores& run : ev.runs) r.runs.push_back(run.name);
    const std::size_t topics = score_matrix(ev, 0).topics.size();
    r.topic_policy = topic_policy(ev.missing, topics, qrels_topics);
    // Fewer common topics than the analysis is defined on (2 for a test, a correlation or a
    // sample of topics; 1 for Metric Unanimity): say so instead of inventing numbers (a mean over
    // 0 topics is NaN, and NaN scores once made Kendall's tau-b 1). topic-set-size and power say
    // so per measure.
    check_meta_topics(settings.analysis, topics, r.topic_policy.substr(std::string("topics: ").size()));
    const bool sizes = settings.analysis == "topic-set-size" || settings.analysis == "power";
    const stats::ProgressParts parts(progress, ev.measures.size());
    const std::string& a = settings.analysis;
    if (a == "correlation") r.correlation = correlation(ev, settings);
    if (a == "discriminative-power") r.discrimination = discrimination(ev, settings, parts);
    if (a == "stability") r.stability = stability_analysis(ev, settings, parts);
    if (a == "concordance") r.concordance = concordance_analysis(ev, ev.measures.size() - settings.gold.size());
    if (a == "unanimity") r.unanimity = unanimity_analysis(ev);
    if (a == "predictive-power") r.predictive = predictive_power_analysis(ev, settings);
    if (sizes) r.topic_set_size = topic_set_size_analysis(ev, settings, r.curve_topics);
    r.warnings = ev.warnings;
    return r;
}

MetaReport meta_runs(const std::shared_ptr<const Qrels>& qrels, const std::vector<std::shared_ptr<const Run>>& runs,
                     const std::vector<MeasureSpec>& measures, const EvalOptions& eval, const MetaSettings& settings,
                     const OnEvaluated& evaluated) {
    check_meta_analysis(settings.analysis);
    require_measures(measures);
    if (settings.analysis == "loo") {
        if (!eval.groups)
            throw UsageError("loo needs --groups FILE (run<TAB>group lines, or a CSV with run and team columns)");
        MetaReport r = report_of(settings, qrels->source(), eval.missing);
        for (const auto& run : runs) r.runs.push_back(run->name());
        r.topic_policy = loo_topic_policy(eval.missing);
        r.groups_source = eval.groups->source();
        const std::vector<std::string> groups = groups_of_runs(runs, *eval.groups);
        LeaveOneOutOptions o;
        o.pool_depth = settings.depth;
        o.eval = eval;
        r.loo = leave_one_out(qrels, runs, groups, measures, o);
        r.warnings = r.loo.warnings;
        return r;
    }
    std::vector<MeasureSpec> all = measures;
    for (const std::string& g : settings.gold) all.push_back(parse_measure(g));
    const stats::EvaluationThenParts progress(eval.progress, all.size());
    EvalOptions options = eval;
    options.progress = progress.evaluation;
    const Evaluation ev = evaluate(qrels, runs, all, options);
    if (evaluated) evaluated(ev);
    return meta_evaluation(ev, qrels->source(), qrels->num_topics(), settings, progress.rest);
}

}  // namespace irlens
