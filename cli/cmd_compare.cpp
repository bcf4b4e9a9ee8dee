// `irlens compare`: significance tests between runs (against a baseline or all pairs), with
// corrections, confidence intervals, effect sizes and risk-sensitive scores.
#include "commands.hpp"
#include "evaluation_input.hpp"
#include "input.hpp"
#include "progress.hpp"
#include "provenance.hpp"
#include "stats_options.hpp"

#include "irlens/frontends/json_documents.hpp"
#include "irlens/stats/comparison.hpp"
#include "irlens/error.hpp"
#include "irlens/frontends/json_text.hpp"
#include "irlens/version.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace irlens::cli {

namespace {

const char kHelp[] =
    "usage: irlens compare QRELS RUN... -m MEASURE... [options]\n"
    "       irlens compare --scores FILE... [-m MEASURE...] [options]\n"
    "\n"
    "Tests whether runs differ on the per-topic scores of each measure: every run against a baseline\n"
    "(--baseline), chosen pairs (--pairs) or every pair of runs. Measures, runs and qrels as in\n"
    "`irlens eval`; with --scores, the per-topic scores of other tools instead: trec_eval -q output (one\n"
    "or many runs per file), irlens eval -q -f tsv|json, ir_measures -q (tsv or jsonl), or a topic x run\n"
    "CSV matrix (header topic,RUN,...), told apart by content; -m picks measures (default: all).\n"
    "\n"
    "  -m, --measure M        measure(s) to compare (repeatable; presets expand)\n"
    "      --scores           the files are per-topic scores (see above); a pair is compared on the\n"
    "                         topics both runs have scores for\n"
    "      --baseline RUN     compare every other run with RUN (its file name or path)\n"
    "      --pairs A:B,...    compare only these pairs of runs (repeatable); the correction is over them\n"
    "      --test T           t (default: paired t-test), wilcoxon, sign, randomisation, bootstrap (paired,\n"
    "                         studentised), unpaired-bootstrap, tukey (randomised Tukey HSD over all runs)\n"
    "      --correction C     none (default), bonferroni, holm, bh: over the pairs compared (not with tukey)\n"
    "      --alternative A    two-sided (default), greater (the run is better than the baseline / the\n"
    "                         second run of the pair), less\n"
    "      --confidence L     level of the intervals (default 0.95)\n"
    "      --ci M             t (default), percentile or bca (bootstrap) intervals for means and differences\n"
    "      --risk ALPHA       with --baseline: also URisk and TRisk with risk aversion ALPHA\n"
    "  -B N                   bootstrap samples / random permutations (default 10000)\n"
    "      --seed S           seed of irlens' generator (default 1)\n"
    "      --exact-limit N    randomisation test: exact up to N non-zero differences (default 20)\n"
    "      --missing P        zero (default): every qrels topic, unanswered ones scored as trec_eval -c;\n"
    "                         skip: only the topics both runs (tukey: all runs) answered\n"
    "  -f, --format F         tsv (default), json or latex\n"
    "      --precision N      decimals in tsv/latex (default 4)\n"
    "      --qrels-format F, --run-format F, --order O, --doc-lengths F, --sessions F,\n"
    "      --intents F, --intent-types F   as in irlens eval\n"
    "Markers on adjusted p-values: * p < 0.05, ** p < 0.01, *** p < 0.001. An undefined value (the t\n"
    "statistic 0/0 of identical runs, a test without topics) prints as nan (null in JSON), is left out of\n"
    "the correction and the note says why; p = 1 only where it is exact by definition (a randomisation\n"
    "test with every difference 0). A Monte Carlo p of 0 means p < 1/B.\n";

/// The adjusted p of a row in LaTeX: a resampled p of 0 (no resample as extreme) as $<$1/B.
std::string latex_p(const ComparisonRow& r, std::size_t B) {
    if (r.p_adjusted == 0 && r.test.method.find("B=") != std::string::npos) return "$<$" + p_value(1.0 / B, 3);
    return p_value(r.p_adjusted, 3);
}

void print_warnings(const Evaluation& ev) {
    for (const std::string& w : ev.warnings) std::fprintf(stderr, "irlens compare: warning: %s\n", w.c_str());
}

}  // namespace

int cmd_compare(const std::vector<std::string>& args, std::string& out) {
    EvaluationInputs in;
    StatsOptions so;
    std::vector<std::string> positional;
    std::vector<OptionSpec> own = compare_option_specs();
    own.insert(own.begin(), {'h', "help", false});
    const std::vector<ParsedOption> options =
        parse_stats_command(args, own, {"tsv", "json", "latex"}, in, so, positional);
    CompareSettings s;
    for (const ParsedOption& p : options) {
        if (p.name == "help") {
            out += kHelp;
            return 0;
        }
        take_compare_option(p, s);
    }
    s.testing.resampling = so.resampling;
    check_compare_settings(s);
    Comparison c;
    Provenance prov("compare", so.scores ? std::vector<std::string>() : positional, &in);
    if (so.scores) {
        const ScoreInput scores = load_scores(positional, in, so, "compare");
        std::vector<std::string> names;
        for (const RunScores& r : scores.evaluation.runs) names.push_back(r.name);
        const std::size_t base = s.baseline.empty() ? names.size() : find_baseline(names, s.baseline);
        ProgressBar bar("irlens compare");
        c = compare_evaluation(scores.evaluation, scores.name, scores.topics, s, base, bar.hook());
        for (MeasureComparison& mc : c.measures) mc.topic_policy = scores_policy(mc.topic_policy);
        for (const std::string& f : positional) prov.inputs.emplace_back("scores", f);
        prov.measures = scores.evaluation.measures;
        prov.missing = "skip";
    } else {
        if (positional.size() < 2) throw UsageError("expected QRELS and at least one RUN (see irlens compare --help)");
        require_measures(in.measures);
        auto qrels = load_qrels(positional[0], in.qrels_format);
        std::vector<std::string> paths(positional.begin() + 1, positional.end());
        std::vector<std::shared_ptr<const Run>> runs = load_runs(qrels, paths, in.order, in.run_format);
        load_optional_inputs(in);
        std::vector<std::string> names;
        for (const auto& r : runs) names.push_back(r->name());
        const std::size_t base = s.baseline.empty() ? runs.size() : find_baseline(names, s.baseline, paths);
        ProgressBar bar("irlens compare");
        in.eval.progress = bar.hook();
        c = compare_runs(qrels, runs, in.measures, in.eval, s, base, print_warnings);
    }
    prov.settings = settings_of(so.given);
    prov.seeds["seed"] = so.resampling.seed;
    if (so.format == "json") {
        // The provenance goes in as text (valid UTF-8, json_text.hpp), as eval's does: the
        // document is built once, not printed, parsed and printed again.
        std::string doc = comparison_json(c, 2, json_text(prov.json(), -1));
        doc += '\n';
        if (out.empty())
            out.swap(doc);  // 10^8 bytes for 124,750 pairs: moved, not copied
        else
            out += doc;
        return 0;
    }
    if (so.provenance) out += (so.format == "latex" ? "% " : "") + prov.comment().substr(so.format == "latex" ? 2 : 0);
    const char* versus = c.has_baseline() ? "the baseline" : "the second run of the pair";
    const int prec = so.precision;
    auto f = [&](double v) { return fixed(v, prec); };
    for (const MeasureComparison& mc : c.measures) {
        const std::string& name = mc.measure;
        if (so.format == "tsv") {
            out += "# irlens compare " IRLENS_VERSION ": " + name + "\n# " + mc.topic_policy + "\n# test: " + c.test +
                   "\n# intervals: " + c.intervals + "; Cohen's d: paired differences (d_z), noncentral-t interval\n";
            if (s.risk)
                out += "# risk: URisk and TRisk (Dincer et al. 2014) with alpha = " + fixed(s.risk_alpha, 2) + "\n";
            out += std::string("# versus: ") + versus + "; markers on p_adjusted: * < 0.05, ** < 0.01, *** < 0.001\n";
            out +=
                "measure\trun\tmean\tmean_low\tmean_high\tversus\tversus_mean\tversus_low\tversus_high\tdiff\tdiff_"
                "low\t"
                "diff_high\tstatistic\tp\tp_adjusted\tsig\tcohen_d\td_low\td_high";
            if (s.risk) out += "\turisk\ttrisk";
            out += "\ttopics\tmethod\tnote\n";
            for (const ComparisonRow& r : mc.rows) {
                out += name + '\t' + c.runs[r.a] + '\t' + f(r.mean_a) + '\t' + f(r.ci_a.low) + '\t' + f(r.ci_a.high) +
                       '\t' + c.runs[r.b] + '\t' + f(r.mean_b) + '\t' + f(r.ci_b.low) + '\t' + f(r.ci_b.high) + '\t' +
                       f(r.mean_a - r.mean_b) + '\t' + f(r.ci_diff.low) + '\t' + f(r.ci_diff.high) + '\t' +
                       f(r.test.statistic) + '\t' + p_value(r.test.p, prec) + '\t' + p_value(r.p_adjusted, prec) +
                       '\t' + significance_marker(r.p_adjusted) + '\t' + f(r.effect.d) + '\t' +
                       f(r.effect.interval.low) + '\t' + f(r.effect.interval.high);
                if (s.risk) out += '\t' + f(r.risk.urisk) + '\t' + f(r.risk.trisk);
                out += '\t' + std::to_string(r.topics) + '\t' + r.test.method + '\t' + r.notes() + '\n';
            }
            continue;
        }
        out += "% irlens compare " IRLENS_VERSION ": " + name + "; " + mc.topic_policy + "; test: " + c.test +
               "; intervals: " + c.intervals + "\n";
        if (c.has_baseline()) {
            out += "\\begin{tabular}{lrcrr}\n\\hline\nRun & " + latex_escape(name) +
                   " & CI & $\\Delta$ & $p$ \\\\\n\\hline\n";
            if (!mc.rows.empty()) {
                const ComparisonRow& any = mc.rows[0];
                out += latex_escape(c.runs[c.baseline]) + " (baseline) & " + f(any.mean_b) + " & [" + f(any.ci_b.low) +
                       ", " + f(any.ci_b.high) + "] & -- & -- \\\\\n";
            }
            for (const ComparisonRow& r : mc.rows) {
                std::string mk = significance_marker(r.p_adjusted);
                out += latex_escape(c.runs[r.a]) + " & " + f(r.mean_a) + (mk.empty() ? "" : "$^{" + mk + "}$") +
                       " & [" + f(r.ci_a.low) + ", " + f(r.ci_a.high) + "] & " + f(r.mean_a - r.mean_b) + " & " +
                       latex_p(r, s.testing.resampling.B) + " \\\\\n";
            }
        } else {
            out += "\\begin{tabular}{llrcr}\n\\hline\nRun & versus & $\\Delta$ " + latex_escape(name) +
                   " & CI & $p$ \\\\\n\\hline\n";
            for (const ComparisonRow& r : mc.rows) {
                std::string mk = significance_marker(r.p_adjusted);
                out += latex_escape(c.runs[r.a]) + " & " + latex_escape(c.runs[r.b]) + " & " + f(r.mean_a - r.mean_b) +
                       (mk.empty() ? "" : "$^{" + mk + "}$") + " & [" + f(r.ci_diff.low) + ", " + f(r.ci_diff.high) +
                       "] & " + latex_p(r, s.testing.resampling.B) + " \\\\\n";
            }
        }
        out += "\\hline\n\\end{tabular}\n% $^{*}$ $p < 0.05$, $^{**}$ $p < 0.01$, $^{***}$ $p < 0.001$ (adjusted)\n";
    }
    return 0;
}

}  // namespace irlens::cli
