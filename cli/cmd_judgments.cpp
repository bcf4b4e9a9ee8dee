// `irlens judgments`: two sets of relevance judgments compared (issue 38): how their labels agree,
// and whether the runs' ordering and significance verdicts hold (irlens/stats/judgments.hpp).
#include "commands.hpp"
#include "evaluation_input.hpp"
#include "input.hpp"
#include "provenance.hpp"
#include "stats_options.hpp"

#include "irlens/error.hpp"
#include "irlens/frontends/json_documents.hpp"
#include "irlens/frontends/json_text.hpp"
#include "irlens/frontends/judgments_flags.hpp"
#include "irlens/stats/judgments.hpp"
#include "irlens/version.hpp"

#include <cmath>
#include <cstdio>

namespace irlens::cli {

namespace {

const char kHelp[] =
    "usage: irlens judgments QRELS_A QRELS_B [RUN... -m MEASURE...] [options]\n"
    "\n"
    "Compares two sets of relevance judgments of the same collection, e.g. the assessors' (A) and a\n"
    "second assessor's or an LLM's (B). The labels, on the (topic, document) pairs both judge: Cohen's\n"
    "kappa (unweighted, linear, quadratic weights on grades), Krippendorff's alpha (nominal, ordinal,\n"
    "interval), the confusion matrix, agreement on binary relevance; overall and per topic; the\n"
    "judgments of one set only, by grade. With runs: every run evaluated under A and under B on the\n"
    "topics both judge; each measure's run means under both, Kendall's tau-b, tau_ap (A the reference),\n"
    "Spearman's rho and RBO of the two orderings with bootstrap intervals over topics, the largest rank\n"
    "change, the top-k overlap, the per-topic tau-b, and the pairs of runs whose significance verdict\n"
    "differs.\n"
    "\n"
    "  -m, --measure M        measure(s) the runs are scored with (repeatable; presets expand)\n"
    "      --threshold G      binary relevance: grade >= G (default 1)\n"
    "      --map-b FROM:TO,.. B's grades mapped onto A's scale before anything (e.g. 3:2,2:1,1:1,0:0);\n"
    "                         every grade B uses must be mapped\n"
    "      --test T           t (default: paired t-test), wilcoxon, sign, randomisation, bootstrap, tukey\n"
    "      --correction C     none (default), bonferroni, holm, bh, over all pairs of runs (not with tukey)\n"
    "      --alpha A          a pair is significant when its adjusted p < A (default 0.05)\n"
    "      --rbo-p P          RBO's persistence (default 0.9)\n"
    "      --top-k K          top-k overlap of the two orderings (default 10)\n"
    "      --confidence L     level of the bootstrap intervals of the correlations (default 0.95)\n"
    "  -B N, --seed S         topic resamples of those intervals and of randomised tests (default 10000, 1)\n"
    "  -f, --format F         tsv (default), json or latex;  --precision N  decimals (default 4)\n"
    "      --provenance       tsv/latex: a first comment line with the provenance (both qrels' SHA-256)\n"
    "      --run-format F, --order O, --doc-lengths F, --sessions F   as in irlens eval\n"
    "Topics judged in one set only are listed and left out; documents judged in one set only are counted\n"
    "by grade, never dropped silently. An undefined value (kappa when both sets give every pair one grade,\n"
    "tau-b of a constant ordering) prints as nan (undefined in LaTeX, null in JSON) and the note says why.\n";

std::string counts_text(const GradeCounts& c) {
    std::string s;
    for (const auto& [grade, n] : c) s += (s.empty() ? "" : ",") + std::to_string(grade) + ":" + std::to_string(n);
    return s.empty() ? "-" : s;
}

void labels_row(const std::string& scope, const LabelAgreement& l, const GradeCounts& only_a, const GradeCounts& only_b,
                int prec, std::string& out) {
    auto f = [&](double v) { return fixed(v, prec); };
    const BinaryAgreement& b = l.binary;
    out += scope + '\t' + std::to_string(l.items) + '\t' + f(l.observed) + '\t' + f(l.expected) + '\t' + f(l.kappa) +
           '\t' + f(l.kappa_linear) + '\t' + f(l.kappa_quadratic) + '\t' + f(l.alpha_nominal) + '\t' +
           f(l.alpha_ordinal) + '\t' + f(l.alpha_interval) + '\t' + f(b.agreement) + '\t' + f(b.kappa) + '\t' +
           std::to_string(b.both) + '\t' + std::to_string(b.first_only) + '\t' + std::to_string(b.second_only) + '\t' +
           std::to_string(b.neither) + '\t' + counts_text(only_a) + '\t' + counts_text(only_b) + '\t' + l.note + '\n';
}

void tsv(const JudgmentsReport& r, int prec, std::string& out) {
    const JudgmentAgreement& l = r.labels;
    auto f = [&](double v) { return fixed(v, prec); };
    out += "# irlens judgments (irlens " IRLENS_VERSION ")\n# A: " + l.source_a + "; B: " + l.source_b +
           "\n# topics: " + l.topic_note + "\n";
    if (!l.scale_note.empty()) out += "# grades: " + l.scale_note + "\n";
    out +=
        "\n# label agreement on the (topic, document) pairs both sets judge; binary: grade >= " +
        std::to_string(r.settings.threshold) +
        " is relevant (rel_*: relevant in both, A only, B only, neither);\n# only_a, only_b: documents judged in one "
        "set only, grade:count (scope all: every topic, those of one set included)\n"
        "scope\tpairs\tobserved\texpected\tkappa\tkappa_linear\tkappa_quadratic\talpha_nominal\talpha_ordinal\t"
        "alpha_interval\tbinary_agreement\tbinary_kappa\trel_both\trel_a_only\trel_b_only\trel_neither\tonly_a\t"
        "only_b\tnote\n";
    labels_row("all", l.overall, l.only_a, l.only_b, prec, out);
    for (const TopicAgreement& t : l.topics) labels_row(t.topic, t.labels, t.only_a, t.only_b, prec, out);
    out += "\n# confusion matrix of the pairs both sets judge: rows A's grade, columns B's grade\ngrade_a\\grade_b";
    for (int g = l.overall.lowest; g <= l.overall.highest; ++g) out += '\t' + std::to_string(g);
    out += '\n';
    for (int g = l.overall.lowest; g <= l.overall.highest; ++g) {
        out += std::to_string(g);
        for (std::size_t n : l.overall.confusion[static_cast<std::size_t>(g - l.overall.lowest)])
            out += '\t' + std::to_string(n);
        out += '\n';
    }
    if (r.measures.empty()) return;
    const ConclusionSettings& cs = r.settings.conclusions;
    out += "\n# conclusions: " + r.topic_policy +
           "\n# means over those topics; rank 1 = best (tied runs share the best rank); mean_*_low, "
           "mean_*_high: the bootstrap percentile interval of the mean, from the resamples of the orderings' "
           "intervals below\nmeasure\trun\tmean_a\tmean_b\trank_a\trank_b\tmean_a_low\tmean_a_high\tmean_b_low\t"
           "mean_b_high\n";
    for (const ConclusionsAgreement& c : r.measures)
        for (std::size_t i = 0; i < c.runs.size(); ++i)
            out += c.measure + '\t' + c.runs[i] + '\t' + f(c.mean_a[i]) + '\t' + f(c.mean_b[i]) + '\t' +
                   std::to_string(c.rank_a[i]) + '\t' + std::to_string(c.rank_b[i]) + '\t' + f(c.interval_a[i].low) +
                   '\t' + f(c.interval_a[i].high) + '\t' + f(c.interval_b[i].low) + '\t' + f(c.interval_b[i].high) +
                   '\n';
    out +=
        "\n# the two orderings of the runs: tau_ap takes A as the reference (Yilmaz et al. 2008), rbo with p = " +
        format_number(cs.rbo_p) + "; *_low, *_high: " + fixed(cs.confidence * 100, 0) +
        "% bootstrap percentile interval over topics (B=" + std::to_string(cs.intervals_B) + ", seed " +
        std::to_string(cs.testing.resampling.seed) + ");\n# significant: adjusted p < " + format_number(cs.alpha) +
        " under the test named; changed: pairs whose "
        "verdict differs (listed below)\n"
        "measure\truns\ttopics\ttau_b\ttau_b_low\ttau_b_high\ttau_ap\ttau_ap_low\ttau_ap_high\tspearman\tspearman_low\t"
        "spearman_high\trbo\trbo_low\trbo_high\tlargest_rank_change\tlargest_change_run\ttop_k\ttop_k_overlap\t"
        "per_topic_tau_b_mean\tper_topic_undefined\ttest\tpairs\tsignificant_a\tsignificant_b\tchanged\tnote\n";
    for (const ConclusionsAgreement& c : r.measures) {
        out += c.measure + '\t' + std::to_string(c.runs.size()) + '\t' + std::to_string(c.topics);
        for (const CorrelationInterval* x : {&c.tau_b, &c.tau_ap, &c.spearman, &c.rbo})
            out += '\t' + f(x->value) + '\t' + f(x->interval.low) + '\t' + f(x->interval.high);
        out += '\t' + std::to_string(c.largest_change) + '\t' + c.runs[c.largest_change_run] + '\t' +
               std::to_string(c.top_k) + '\t' + f(c.top_k_overlap) + '\t' + f(c.per_topic_mean) + '\t' +
               std::to_string(c.per_topic_undefined) + '\t' + c.test + '\t' + std::to_string(c.pairs) + '\t' +
               std::to_string(c.significant_a) + '\t' + std::to_string(c.significant_b) + '\t' +
               std::to_string(c.changes.size()) + '\t' + c.note + '\n';
    }
    out +=
        "\n# pairs of runs whose verdict differs: difference = mean(run_a) - mean(run_b), p adjusted\n"
        "measure\trun_a\trun_b\tdifference_a\tp_a\tdifference_b\tp_b\tchange\n";
    for (const ConclusionsAgreement& c : r.measures)
        for (const VerdictChange& v : c.changes)
            out += c.measure + '\t' + c.runs[v.a] + '\t' + c.runs[v.b] + '\t' + f(v.difference_a) + '\t' +
                   p_value(v.p_a, 6) + '\t' + f(v.difference_b) + '\t' + p_value(v.p_b, 6) + '\t' + v.kind() + '\n';
    out +=
        "\n# per topic: Kendall's tau-b of the runs' scores on the topic under A and under B (nan: the runs tie on "
        "it under one set)\nmeasure\ttopic\ttau_b\n";
    for (const ConclusionsAgreement& c : r.measures)
        for (const TopicCorrelation& t : c.per_topic) out += c.measure + '\t' + t.topic + '\t' + f(t.tau_b) + '\n';
}

/// The LaTeX tables; an undefined value (NaN) prints as "undefined", as `irlens repro`'s LaTeX does
/// (output format 5; before, "nan"). web/src/base/judgments-exports.js writes the same bytes.
void latex(const JudgmentsReport& r, int prec, std::string& out) {
    const LabelAgreement& l = r.labels.overall;
    auto f = [&](double v) { return std::isnan(v) ? std::string("undefined") : fixed(v, prec); };
    out += "% irlens judgments (irlens " IRLENS_VERSION "): A = " + r.labels.source_a + ", B = " + r.labels.source_b +
           "\n% topics: " + r.labels.topic_note + "\n";
    out += "\\begin{tabular}{lr}\n\\hline\nAgreement (" + std::to_string(l.items) +
           " pairs) & \\\\\n\\hline\n"
           "Observed agreement & " +
           f(l.observed) + " \\\\\nCohen's $\\kappa$ & " + f(l.kappa) + " \\\\\nLinear weighted $\\kappa$ & " +
           f(l.kappa_linear) + " \\\\\nQuadratic weighted $\\kappa$ & " + f(l.kappa_quadratic) +
           " \\\\\nKrippendorff's $\\alpha$ (nominal) & " + f(l.alpha_nominal) +
           " \\\\\nKrippendorff's $\\alpha$ (ordinal) & " + f(l.alpha_ordinal) +
           " \\\\\nKrippendorff's $\\alpha$ (interval) & " + f(l.alpha_interval) +
           " \\\\\nBinary $\\kappa$ (grade $\\geq$ " + std::to_string(r.settings.threshold) + ") & " +
           f(l.binary.kappa) + " \\\\\n\\hline\n\\end{tabular}\n";
    if (r.measures.empty()) return;
    out +=
        "\n\\begin{tabular}{lrrrrrr}\n\\hline\nMeasure & Runs & $\\tau_b$ & $\\tau_{ap}$ & $\\rho$ & RBO & Changed "
        "verdicts \\\\\n\\hline\n";
    for (const ConclusionsAgreement& c : r.measures)
        out += latex_escape(c.measure) + " & " + std::to_string(c.runs.size()) + " & " + f(c.tau_b.value) + " & " +
               f(c.tau_ap.value) + " & " + f(c.spearman.value) + " & " + f(c.rbo.value) + " & " +
               std::to_string(c.changes.size()) + "/" + std::to_string(c.pairs) + " \\\\\n";
    out += "\\hline\n\\end{tabular}\n";
}

}  // namespace

int cmd_judgments(const std::vector<std::string>& args, std::string& out) {
    EvaluationInputs in;
    StatsOptions so;
    std::vector<std::string> positional;
    std::vector<OptionSpec> own = judgments_option_specs();
    own.insert(own.begin(), {'h', "help", false});
    const std::vector<ParsedOption> options =
        parse_stats_command(args, own, {"tsv", "json", "latex"}, in, so, positional);
    JudgmentsSettings s;
    for (const ParsedOption& p : options) {
        if (p.name == "help") {
            out += kHelp;
            return 0;
        }
        take_judgments_option(p, s);
    }
    check_judgments_settings(s);
    if (so.scores) throw UsageError("irlens judgments reads two qrels and runs: --scores is not offered");
    if (in.eval.missing == MissingTopics::Skip)
        throw UsageError(
            "irlens judgments scores every topic both sets judge (as --missing zero): --missing skip is not "
            "offered");
    if (in.qrels_format != QrelsFormat::Plain)
        throw UsageError("irlens judgments compares plain qrels (topic iter doc rel): --qrels-format is not offered");
    if (positional.size() < 2) throw UsageError("expected QRELS_A QRELS_B [RUN...] (see irlens judgments --help)");
    if (positional.size() == 3)
        throw UsageError("comparing the conclusions of two sets of judgments needs at least 2 runs, got 1");
    s.conclusions.testing.resampling = so.resampling;
    s.conclusions.intervals_B = so.resampling.B;
    const std::vector<std::string> paths(positional.begin() + 2, positional.end());
    if (!paths.empty())
        require_measures(in.measures);
    else if (!in.measures.empty())
        throw UsageError("-m names a measure to score runs with: give RUN files after QRELS_B");
    auto a = load_qrels(positional[0], QrelsFormat::Plain);
    auto b = load_qrels(positional[1], QrelsFormat::Plain);
    load_optional_inputs(in);
    ReadRuns read;
    if (!paths.empty())
        read = [&](const std::shared_ptr<const Qrels>& q) { return load_runs(q, paths, in.order, in.run_format); };
    const JudgmentsReport r = compare_judgments(a, b, read, in.measures, in.eval, s);
    for (const std::string& w : r.warnings) std::fprintf(stderr, "irlens judgments: warning: %s\n", w.c_str());
    Provenance prov("judgments", {}, &in);
    prov.inputs.insert(prov.inputs.begin(), {{"qrels_a", positional[0]}, {"qrels_b", positional[1]}});
    for (std::size_t i = 0; i < paths.size(); ++i)
        prov.inputs.insert(prov.inputs.begin() + static_cast<long>(2 + i), {"run", paths[i]});
    prov.settings = settings_of(so.given);
    prov.seeds["seed"] = so.resampling.seed;
    if (so.format == "json") {
        out += judgments_json(r, 2, json_text(prov.json(), -1)) + "\n";
        return 0;
    }
    if (so.provenance) out += (so.format == "latex" ? "% " : "") + prov.comment().substr(so.format == "latex" ? 2 : 0);
    if (so.format == "latex")
        latex(r, so.precision, out);
    else
        tsv(r, so.precision, out);
    return 0;
}

}  // namespace irlens::cli
