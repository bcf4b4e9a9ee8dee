// `irlens meta`: meta-evaluation of measures and test collections (Sakai PROMISE 2013 Sec. 5,
// Turkmen et al. ECIR 2023 Sec. 4.3-4.4, Amigo et al. SIGIR 2018 Sec. 6.1).
#include "commands.hpp"
#include "evaluation_input.hpp"
#include "input.hpp"
#include "progress.hpp"
#include "provenance.hpp"
#include "stats_options.hpp"

#include "irlens/frontends/json_documents.hpp"
#include "irlens/error.hpp"
#include "irlens/frontends/json_text.hpp"
#include "irlens/frontends/meta_report.hpp"
#include "irlens/version.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace irlens::cli {

namespace {

const char kHelp[] =
    "usage: irlens meta ANALYSIS QRELS RUN... -m MEASURE... [options]\n"
    "       irlens meta ANALYSIS --scores FILE... [-m MEASURE...] [options]\n"
    "\n"
    "Meta-evaluation of measures over a set of runs (measures, runs and qrels as in `irlens eval`), or\n"
    "with --scores over per-topic scores from other tools (as in irlens compare --help; not loo).\n"
    "ANALYSIS is one of:\n"
    "  correlation           rank correlation of the run orderings of every pair of measures: Kendall's\n"
    "                        tau-a, tau-b (with p), tau_ap both ways and symmetric, Spearman's rho (with p),\n"
    "                        rank-biased overlap (--rbo-p P, default 0.9)\n"
    "  discriminative-power  pairs of runs significantly different at 0.05 and 0.01, minimum detectable\n"
    "                        difference; --curve prints the ASL curve (pairs sorted by p) instead.\n"
    "                        --test bootstrap (default), tukey, t, wilcoxon, sign, randomisation;\n"
    "                        --correction none|bonferroni|holm|bh for the pairwise tests\n"
    "  stability             stability over --trials R (default 1000) samples of --topics T topics (default\n"
    "                        half) and the swap rate of two disjoint samples of T topics (--bin-width W).\n"
    "                        --stability half-ties (default: a tied trial counts 1/2, so >= 0.5) or fuzzy\n"
    "                        (Turkmen et al.'s code: means within --fuzziness F, default 0.05, tie, and ties\n"
    "                        count in the denominator; also the error rate and tie rate)\n"
    "  concordance           concordance test of exactly two measures (-m M1 -m M2) given gold-standard\n"
    "                        measures (--gold G, repeatable), with the sign test on the wins\n"
    "  unanimity             Metric Unanimity of every measure with respect to all the others\n"
    "  predictive-power      the share of human preferences each measure agrees with: --preferences FILE\n"
    "                        (topic<TAB>run X<TAB>run Y<TAB>X|Y|tie lines; human ties are left out, a\n"
    "                        measure tie counts as disagreement), with a 95% bootstrap percentile interval\n"
    "  loo                   leave-one-out pool test: --groups FILE (run<TAB>group, or a CSV with run and\n"
    "                        team/group columns), --depth K pool depth (default 100)\n"
    "  topic-set-size        topics a next campaign needs (Sakai, IRJ 2016), from this one's variances V_E\n"
    "                        (two-way ANOVA residual) and V_W (one-way within-run): paired t-test and one-way\n"
    "                        ANOVA over the runs with power 1 - beta for a difference --min-diff D at level\n"
    "                        --alpha A (defaults 0.05, 0.2, 0.05), and with --ci-width W the topics whose\n"
    "                        100(1 - alpha)% interval of a paired difference is at most W wide; --curve\n"
    "                        prints the power at 2, 3, ... topics instead\n"
    "  power                 the campaign as it is: its topics, V_E, the paired t-test's minimum detectable\n"
    "                        difference at --alpha with power 1 - --beta, and its power for --min-diff\n"
    "\n"
    "  -B N, --seed S        resamples and seed of the randomised procedures (default 10000, 1)\n"
    "  --missing P           zero (default): every qrels topic, unanswered ones scored as trec_eval -c;\n"
    "                        skip: only the topics every run answered\n"
    "  -f, --format F        tsv (default) or json;  --precision N  decimals in tsv (default 4)\n"
    "  --qrels-format F, --run-format F, --order O, --doc-lengths F, --sessions F,\n"
    "  --intents F, --intent-types F   as in irlens eval\n"
    "An undefined value (Kendall's tau or Spearman's rho of a constant ordering, a p-value without data)\n"
    "prints as nan (null in JSON) and the note says why; it is never replaced by 1 or 0.\n";

void print_warnings(const std::vector<std::string>& warnings) {
    for (const std::string& w : warnings) std::fprintf(stderr, "irlens meta: warning: %s\n", w.c_str());
}

std::string header(const std::string& analysis, const std::string& policy) {
    return "# irlens meta " + analysis + " (irlens " IRLENS_VERSION ")\n# " + policy + "\n";
}

void correlation_text(const MetaReport& r, int prec, std::string& text) {
    text +=
        "# run scores: each measure's aggregate (mean unless agg=...) over the topics; tau_ap_xy orders the runs by\n"
        "# measure_x and takes measure_y as the gold standard; rbo with p = " +
        fixed(r.settings.rbo_p, 3) + "\n";
    text +=
        "measure_x\tmeasure_y\truns\ttau_a\ttau_b\tp_tau_b\ttau_ap_xy\ttau_ap_yx\ttau_ap_sym\tspearman\tp_"
        "spearman\trbo\tnote\n";
    for (const MeasureCorrelation& c : r.correlation)
        text += c.x + '\t' + c.y + '\t' + std::to_string(c.runs) + '\t' + fixed(c.tau_a, prec) + '\t' +
                fixed(c.tau_b.coefficient, prec) + '\t' + p_value(c.tau_b.p, 6) + '\t' + fixed(c.tau_ap_xy, prec) +
                '\t' + fixed(c.tau_ap_yx, prec) + '\t' + fixed((c.tau_ap_xy + c.tau_ap_yx) / 2, prec) + '\t' +
                fixed(c.spearman.coefficient, prec) + '\t' + p_value(c.spearman.p, 6) + '\t' + fixed(c.rbo, prec) +
                '\t' + c.note + '\n';
}

void discrimination_text(const MetaReport& r, int prec, std::string& text) {
    bool first = true;
    for (const MeasureDiscrimination& m : r.discrimination) {
        const DiscriminativePower& d = m.power;
        if (first)
            text += "# test: " + d.method +
                    "\n# significant: p < alpha; minimum detectable difference: the smallest |mean difference| among "
                    "significant pairs\n";
        if (r.settings.curve) {
            if (first) text += "measure\trank\trun_a\trun_b\tdifference\tp\n";
            for (std::size_t k = 0; k < d.curve.size(); ++k)
                text += m.measure + '\t' + std::to_string(k + 1) + '\t' + r.runs[d.curve[k].a] + '\t' +
                        r.runs[d.curve[k].b] + '\t' + fixed(d.curve[k].difference, prec) + '\t' +
                        p_value(d.curve[k].p, 6) + '\n';
        } else {
            if (first) text += "measure\tpairs\tsignificant_05\tsignificant_01\tmin_diff_05\tmin_diff_01\ttopics\n";
            text += m.measure + '\t' + std::to_string(d.pairs) + '\t' + std::to_string(d.significant_05) + '\t' +
                    std::to_string(d.significant_01) + '\t' + fixed(d.min_difference_05, prec) + '\t' +
                    fixed(d.min_difference_01, prec) + '\t' + std::to_string(m.topics) + '\n';
        }
        first = false;
    }
}

void stability_text(const MetaReport& r, int prec, std::string& text) {
    bool first = true;
    for (const MeasureStability& m : r.stability) {
        const bool fuzzy = r.settings.stability == "fuzzy";
        if (first && fuzzy)
            text += "# stability (fuzzy, fuzziness " + format_number(r.settings.fuzziness) +
                    "): trials won by each pair's more frequent winner over all (trial, pair) comparisons,\n"
                    "# a trial whose means differ by at most the fuzziness being a tie (Turkmen et al.'s code);\n"
                    "# error rate: trials won by the less frequent winner, tie rate: tied trials, over the same;\n";
        else if (first)
            text += "# stability: mean over pairs of the share of trials won by the more frequent winner (ties 1/2);\n";
        if (first)
            text +=
                "# swap rate: share of (trial, pair) comparisons ordered differently by two disjoint topic samples\n"
                "# seed " +
                std::to_string(r.settings.testing.resampling.seed) + "\n" +
                (fuzzy ? "measure\ttopics\ttrials\tstability\terror_rate\ttie_rate\tswap_topics\tswap_rate\n"
                       : "measure\ttopics\ttrials\tstability\tswap_topics\tswap_rate\n");
        first = false;
        text += m.measure + '\t' + std::to_string(m.topics_per_trial) + '\t' + std::to_string(r.settings.trials) +
                '\t' + fixed(m.stability.stability, prec) + '\t';
        if (fuzzy) text += fixed(m.stability.error_rate, prec) + '\t' + fixed(m.stability.tie_rate, prec) + '\t';
        text += std::to_string(m.swap_topics_per_set) + '\t' + fixed(m.swap.swap_rate, prec) + '\n';
    }
}

void concordance_text(const MetaReport& r, int prec, std::string& text) {
    const Concordance& c = r.concordance.result;
    std::string gold_names;
    for (const std::string& g : r.concordance.gold) gold_names += (gold_names.empty() ? "" : "+") + g;
    text +=
        "# over every pair of runs and topic where measure_1 and measure_2 strictly disagree: the share where each is\n"
        "# concordant with every gold measure; wins: concordant while the other is not; p: two-sided sign test on the "
        "wins\n"
        "measure_1\tmeasure_2\tgold\tcomparisons\tdisagreements\tconc_1\tconc_2\twins_1\twins_2\tp\tnote\n";
    text += r.concordance.measure_1 + '\t' + r.concordance.measure_2 + '\t' + gold_names + '\t' +
            std::to_string(c.comparisons) + '\t' + std::to_string(c.disagreements) + '\t' + fixed(c.conc1, prec) +
            '\t' + fixed(c.conc2, prec) + '\t' + std::to_string(c.wins1) + '\t' + std::to_string(c.wins2) + '\t' +
            p_value(c.sign.p, 6) + '\t' + c.sign.note + '\n';
}

void unanimity_text(const MetaReport& r, int prec, std::string& text) {
    text +=
        "# MU = log2(P(m, M) / (P(m) P(M))) over every topic and ordered pair of runs; m: the measure prefers the "
        "first\n"
        "# run (a tie counts 1/2); M: every other measure scores the first run at least as high\n"
        "measure\tmu\tp_measure\tp_unanimous\tp_joint\n";
    for (const Unanimity& x : r.unanimity)
        text += x.measure + '\t' + fixed(x.mu, prec) + '\t' + fixed(x.p_measure, prec) + '\t' +
                fixed(x.p_unanimous, prec) + '\t' + fixed(x.p_joint, prec) + '\n';
}

void predictive_power_text(const MetaReport& r, int prec, std::string& text) {
    const PredictivePowerReport& p = r.predictive;
    const Resampling& rs = r.settings.testing.resampling;
    text += "# predictive power (Sakai 2013 Sec. 5.3): share of the non-tied preferences of " + p.source +
            " each measure agrees with;\n# a measure tie counts as disagreement; " + std::to_string(p.judgments) +
            " judgments, of which " + std::to_string(p.human_ties) +
            " tied by the judges (left out); unscored: a run has no value on the topic\n"
            "# interval: " +
            fixed(p.level * 100, 0) + "% bootstrap percentile over the preferences (B=" + std::to_string(rs.B) +
            ", seed " + std::to_string(rs.seed) +
            ")\n"
            "measure\tpreferences\tagreements\tmeasure_ties\tunscored\tpredictive_power\tci_low\tci_high\tnote\n";
    for (const MeasurePredictivePower& m : p.measures)
        text += m.measure + '\t' + std::to_string(m.result.preferences) + '\t' + std::to_string(m.result.agreements) +
                '\t' + std::to_string(m.result.measure_ties) + '\t' + std::to_string(m.unscored) + '\t' +
                fixed(m.result.power, prec) + '\t' + fixed(m.result.interval.low, prec) + '\t' +
                fixed(m.result.interval.high, prec) + '\t' + predictive_power_note(m.result) + '\n';
}

void loo_text(const MetaReport& r, int prec, std::string& text) {
    const LeaveOneOut& loo = r.loo;
    text += "# contributions: judged documents in each run's top " + std::to_string(r.settings.depth) +
            "; each group's unique contributions removed from the qrels for its own runs (ranks: 1 = best)\n"
            "measure\trun\tgroup\tunique_judgments\tunique_relevant\tfull\tloo\tdiff\tfull_rank\tloo_rank\n";
    for (std::size_t m = 0; m < loo.measures.size(); ++m) {
        for (const LeaveOneOutRun& x : loo.runs)
            text += loo.measures[m].name() + '\t' + x.run + '\t' + x.group + '\t' + std::to_string(x.unique_judgments) +
                    '\t' + std::to_string(x.unique_relevant) + '\t' + fixed(x.full[m], prec) + '\t' +
                    fixed(x.loo[m], prec) + '\t' + fixed(x.loo[m] - x.full[m], prec) + '\t' +
                    std::to_string(x.full_rank[m]) + '\t' + std::to_string(x.loo_rank[m]) + '\n';
        text += "# summary " + loo.measures[m].name() + ": Kendall's tau-b (full vs LOO scores) " +
                fixed(loo.kendall_tau_b[m], prec) + ", mean |change| " + fixed(loo.mean_abs_change[m], prec) +
                ", max rank change " + std::to_string(loo.max_rank_change[m]) + "\n";
    }
}

void topic_set_size_text(const MetaReport& r, int prec, std::string& text) {
    const PowerSettings& p = r.settings.power;
    text +=
        "# topic set size design (Sakai, IRJ 2016): the smallest number of topics; exact noncentral t (paired-t)\n"
        "# and F (anova over `runs` systems, least favourable configuration) distributions; variance: V_E (paired-t,\n"
        "# ci) or V_W (anova) of this campaign; ci: min_diff is the interval's largest width, beta does not apply "
        "(-)\n";
    if (r.settings.curve) {
        text += "# power of each design at alpha " + format_number(p.alpha) + " for a difference of " +
                format_number(p.min_diff) + "\nmeasure\tdesign\ttopics\tpower\n";
        for (const MeasureTopicSetSize& x : r.topic_set_size)
            for (std::size_t k = 0; k < x.curve_paired_t.size(); ++k)
                for (const char* design : {"paired-t", "anova"})
                    text += x.measure + '\t' + design + '\t' + std::to_string(k + 2) + '\t' +
                            fixed(design[0] == 'p' ? x.curve_paired_t[k] : x.curve_anova[k], prec) + '\n';
        return;
    }
    text += "measure\tdesign\tvariance\talpha\tbeta\tmin_diff\truns\ttopics\tnote\n";
    for (const MeasureTopicSetSize& x : r.topic_set_size) {
        auto row = [&](const char* design, double variance, const TopicSetSize& t, bool ci) {
            const std::string note = design_note(x, t, variance);
            text += x.measure + '\t' + design + '\t' + p_value(variance, 6) + '\t' + format_number(p.alpha) + '\t' +
                    (ci ? std::string("-") : format_number(p.beta)) + '\t' +
                    format_number(ci ? p.ci_width : p.min_diff) + '\t' + std::to_string(x.variances.runs) + '\t' +
                    (t.topics ? std::to_string(t.topics) : "nan") + '\t' + note + '\n';
        };
        row("paired-t", x.variances.v_e, x.paired_t, false);
        row("anova", x.variances.v_w, x.anova, false);
        if (p.ci_width > 0) row("ci", x.variances.v_e, x.ci, true);
    }
}

void power_text(const MetaReport& r, int prec, std::string& text) {
    const PowerSettings& p = r.settings.power;
    text +=
        "# the campaign's power (paired t-test, exact noncentral t): min_detectable_diff is the difference detected\n"
        "# with power 1 - beta at alpha with this campaign's topics; power: for a true difference of min_diff\n"
        "measure\ttopics\truns\tv_e\talpha\tbeta\tmin_detectable_diff\tmin_diff\tpower\tnote\n";
    for (const MeasureTopicSetSize& x : r.topic_set_size) {
        const std::string note = power_note(x);
        text += x.measure + '\t' + std::to_string(x.variances.topics) + '\t' + std::to_string(x.variances.runs) + '\t' +
                p_value(x.variances.v_e, 6) + '\t' + format_number(p.alpha) + '\t' + format_number(p.beta) + '\t' +
                fixed(x.min_detectable_difference, prec) + '\t' + format_number(p.min_diff) + '\t' +
                fixed(x.power, prec) + '\t' + note + '\n';
    }
}

}  // namespace

int cmd_meta(const std::vector<std::string>& args, std::string& out) {
    EvaluationInputs in;
    StatsOptions so;
    std::vector<std::string> positional;
    std::vector<OptionSpec> own = meta_option_specs();
    own.insert(own.begin(), {'h', "help", false});
    const std::vector<ParsedOption> options = parse_stats_command(args, own, {"tsv", "json"}, in, so, positional);
    MetaSettings s;
    for (const ParsedOption& p : options) {
        if (p.name == "help") {
            out += kHelp;
            return 0;
        }
        take_meta_option(p, s);
    }
    s.testing.resampling = so.resampling;
    if (positional.empty()) throw UsageError("expected ANALYSIS QRELS RUN... (see irlens meta --help)");
    s.analysis = positional[0];
    check_meta_analysis(s.analysis);
    const std::vector<std::string> files(positional.begin() + 1, positional.end());
    MetaReport r;
    Provenance prov("meta " + s.analysis, so.scores ? std::vector<std::string>() : files, &in);
    if (!s.preferences_file.empty())
        s.preferences = std::make_shared<const PreferenceJudgments>(
            PreferenceJudgments::parse(s.preferences_file, slurp(s.preferences_file)));
    if (so.scores) {
        if (s.analysis == "loo")
            throw UsageError("loo re-reads the runs against reduced qrels: it cannot work from --scores");
        check_meta_settings(s);
        // The gold measures (concordance) go last, as meta_evaluation expects them.
        EvaluationInputs wanted = in;
        std::vector<MeasureSpec> gold;
        for (const std::string& g : s.gold) gold.push_back(parse_measure(g));
        if (!wanted.measures.empty())
            for (const MeasureSpec& g : gold) add_distinct(wanted.measures, g);
        ScoreInput scores = load_scores(files, wanted, so, "meta");
        std::vector<MeasureSpec>& ms = scores.evaluation.measures;
        for (const MeasureSpec& g : gold) {
            auto at = std::find_if(ms.begin(), ms.end(), [&](const MeasureSpec& m) { return m.name() == g.name(); });
            if (at == ms.end()) throw UsageError("--gold " + g.name() + ": the score files have no such measure");
            const std::size_t k = static_cast<std::size_t>(at - ms.begin());
            std::rotate(ms.begin() + static_cast<long>(k), ms.begin() + static_cast<long>(k) + 1, ms.end());
            auto last = [k](auto& v) {
                std::rotate(v.begin() + static_cast<long>(k), v.begin() + static_cast<long>(k) + 1, v.end());
            };
            for (RunScores& run : scores.evaluation.runs) {
                last(run.values);
                last(run.texts);
                last(run.aggregate);
            }
        }
        ProgressBar bar("irlens meta");
        r = meta_evaluation(scores.evaluation, scores.name, scores.topics, s, bar.hook());
        r.topic_policy = scores_policy(r.topic_policy);
        for (const std::string& f : files) prov.inputs.emplace_back("scores", f);
        prov.measures = scores.evaluation.measures;
        prov.missing = "skip";
    } else {
        if (positional.size() < 3) throw UsageError("expected QRELS and at least one RUN after '" + s.analysis + "'");
        require_measures(in.measures);
        check_meta_settings(s);
        auto qrels = load_qrels(positional[1], in.qrels_format);
        std::vector<std::shared_ptr<const Run>> runs = load_runs(
            qrels, std::vector<std::string>(positional.begin() + 2, positional.end()), in.order, in.run_format);
        load_optional_inputs(in);
        ProgressBar bar("irlens meta");
        in.eval.progress = bar.hook();
        r = meta_runs(qrels, runs, in.measures, in.eval, s, [](const Evaluation& ev) { print_warnings(ev.warnings); });
        if (s.analysis == "loo") print_warnings(r.loo.warnings);
    }
    prov.settings = settings_of(so.given);
    if (!s.preferences_file.empty()) prov.inputs.emplace_back("preferences", s.preferences_file);
    prov.seeds["seed"] = so.resampling.seed;
    if (so.format == "json") {
        nlohmann::json doc = nlohmann::json::parse(meta_json(r, -1));
        doc["provenance"] = prov.json();
        out += json_text(doc, 2) + "\n";
        return 0;
    }
    if (so.provenance) out += prov.comment();
    const int prec = so.precision;
    if (s.analysis == "loo") {
        out += header("loo", "topics: " + r.topic_policy);
    } else {
        out += header(s.analysis, r.topic_policy + "; " + std::to_string(r.runs.size()) + " runs");
    }
    if (s.analysis == "correlation") correlation_text(r, prec, out);
    if (s.analysis == "discriminative-power") discrimination_text(r, prec, out);
    if (s.analysis == "stability") stability_text(r, prec, out);
    if (s.analysis == "concordance") concordance_text(r, prec, out);
    if (s.analysis == "unanimity") unanimity_text(r, prec, out);
    if (s.analysis == "predictive-power") predictive_power_text(r, prec, out);
    if (s.analysis == "loo") loo_text(r, prec, out);
    if (s.analysis == "topic-set-size") topic_set_size_text(r, prec, out);
    if (s.analysis == "power") power_text(r, prec, out);
    return 0;
}

}  // namespace irlens::cli
