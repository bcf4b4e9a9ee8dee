// `irlens compare`: significance tests between runs (against a baseline or all pairs), with
// corrections, confidence intervals, effect sizes and risk-sensitive scores.
#include "commands.hpp"
#include "evaluation_input.hpp"
#include "input.hpp"
#include "stats_options.hpp"

#include "irlens/confidence.hpp"
#include "irlens/error.hpp"
#include "irlens/risk.hpp"
#include "irlens/score_table.hpp"
#include "irlens/version.hpp"

#include <cmath>
#include <cstdio>
#include <map>

namespace irlens::cli {

namespace {

const char kHelp[] =
    "usage: irlens compare QRELS RUN... -m MEASURE... [options]\n"
    "\n"
    "Tests whether runs differ on the per-topic scores of each measure: every run against a baseline\n"
    "(--baseline) or every pair of runs. Measures, runs and qrels as in `irlens eval`.\n"
    "\n"
    "  -m, --measure M        measure(s) to compare (repeatable; presets expand)\n"
    "      --baseline RUN     compare every other run with RUN (its file name or path)\n"
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
    "      --qrels-format F, --order O, --doc-lengths F, --sessions F,\n"
    "      --intents F, --intent-types F   as in irlens eval\n"
    "Markers on adjusted p-values: * p < 0.05, ** p < 0.01, *** p < 0.001. Where a test is undefined\n"
    "(e.g. identical runs) p = 1 and the note says why.\n";

struct Row {
    std::size_t a = 0, b = 0;  // run indices: run and versus
    std::size_t topics = 0;
    double mean_a = NAN, mean_b = NAN;
    Interval ci_a, ci_b, ci_diff;
    TestResult test;
    double p_adjusted = 1;
    EffectSize effect;
    RiskResult risk;
};

double mean_of(const std::vector<double>& v) {
    double s = 0;
    for (double x : v) s += x;
    return v.empty() ? NAN : s / static_cast<double>(v.size());
}

std::string join_notes(const Row& r) {
    std::string s;
    for (const std::string* n : {&r.test.note, &r.effect.note, &r.risk.note})
        if (!n->empty()) s += (s.empty() ? "" : "; ") + *n;
    return s;
}

struct Settings {
    PairwiseTesting testing;
    bool unpaired = false;
    double confidence = 0.95;
    IntervalMethod interval = IntervalMethod::T;
    bool risk = false;
    double risk_alpha = 0;
};

/// The rows of one measure: tests, corrections, intervals, effect sizes, risk.
std::vector<Row> compare_measure(const Evaluation& ev, std::size_t m, const std::vector<RunPair>& pairs,
                                 const Settings& s, std::size_t& topics_used) {
    std::vector<Row> rows(pairs.size());
    const Resampling& res = s.testing.resampling;
    std::map<std::pair<std::size_t, std::vector<std::string>>, Interval> run_ci;  // per run and topic set
    auto interval_of = [&](std::size_t run, const std::vector<std::string>& topics, const std::vector<double>& v) {
        auto key = std::make_pair(run, topics);
        auto it = run_ci.find(key);
        if (it == run_ci.end()) it = run_ci.emplace(key, mean_interval(v, s.confidence, s.interval, res)).first;
        return it->second;
    };
    topics_used = 0;
    if (s.unpaired) {
        for (std::size_t k = 0; k < pairs.size(); ++k) {
            ScoreMatrix ma = score_matrix(ev, m, {pairs[k].a}), mb = score_matrix(ev, m, {pairs[k].b});
            const std::vector<double>&x = ma.scores[0], &y = mb.scores[0];
            Row& r = rows[k];
            r.a = pairs[k].a, r.b = pairs[k].b;
            r.topics = x.size() + y.size();
            r.mean_a = mean_of(x), r.mean_b = mean_of(y);
            r.ci_a = interval_of(r.a, ma.topics, x);
            r.ci_b = interval_of(r.b, mb.topics, y);
            r.ci_diff = unpaired_difference_interval(x, y, s.confidence, s.interval, res);
            r.test = unpaired_bootstrap_test(x, y, s.testing.alternative, res);
            r.effect.note = "Cohen's d is for paired differences";
            topics_used = std::max(topics_used, std::max(x.size(), y.size()));
        }
    } else {
        // Pair the topics: every pair on the topics both runs have (all qrels topics with
        // --missing zero); Tukey HSD on the topics all runs have. Pairs with the same topics are
        // tested together (same resamples, same result as one by one).
        std::vector<ScoreMatrix> tables(pairs.size());
        if (s.testing.tukey) {
            ScoreMatrix all = score_matrix(ev, m);
            std::vector<PairwiseResult> tested = test_pairs(all.scores, pairs, s.testing);
            for (std::size_t k = 0; k < pairs.size(); ++k) {
                tables[k].topics = all.topics;
                tables[k].scores = {all.scores[pairs[k].a], all.scores[pairs[k].b]};
                rows[k].test = tested[k].test;
            }
        } else {
            std::map<std::vector<std::string>, std::vector<std::size_t>> by_topics;
            for (std::size_t k = 0; k < pairs.size(); ++k) {
                tables[k] = score_matrix(ev, m, {pairs[k].a, pairs[k].b});
                by_topics[tables[k].topics].push_back(k);
            }
            for (const auto& [topics, members] : by_topics) {
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
                std::vector<TestResult> tested =
                    paired_tests(s.testing.test, matrix, local, s.testing.alternative, res);
                for (std::size_t i = 0; i < members.size(); ++i) rows[members[i]].test = tested[i];
            }
        }
        for (std::size_t k = 0; k < pairs.size(); ++k) {
            const std::vector<double>&x = tables[k].scores[0], &y = tables[k].scores[1];
            Row& r = rows[k];
            r.a = pairs[k].a, r.b = pairs[k].b;
            r.topics = x.size();
            r.mean_a = mean_of(x), r.mean_b = mean_of(y);
            r.ci_a = interval_of(r.a, tables[k].topics, x);
            r.ci_b = interval_of(r.b, tables[k].topics, y);
            r.ci_diff = paired_difference_interval(x, y, s.confidence, s.interval, res);
            r.effect = cohens_d_paired(x, y, s.confidence);
            if (s.risk) r.risk = risk_sensitive(x, y, s.risk_alpha);
            topics_used = std::max(topics_used, x.size());
        }
    }
    std::vector<double> p;
    for (const Row& r : rows) p.push_back(r.test.p);
    if (!s.testing.tukey) p = adjust_p(p, s.testing.correction);
    for (std::size_t k = 0; k < rows.size(); ++k) rows[k].p_adjusted = p[k];
    return rows;
}

std::string describe_test(const Settings& s, std::size_t pairs) {
    if (!s.unpaired) return describe(s.testing, pairs);
    return "unpaired bootstrap test (B=" + std::to_string(s.testing.resampling.B) + ", seed " +
           std::to_string(s.testing.resampling.seed) + ")" +
           describe_family(s.testing.alternative, s.testing.correction, pairs);
}

}  // namespace

int cmd_compare(const std::vector<std::string>& args, std::string& out) {
    EvaluationInputs in;
    StatsOptions so;
    std::vector<std::string> positional;
    const std::vector<ParsedOption> options = parse_stats_command(args,
                                                                  {{'h', "help", false},
                                                                   {0, "baseline", true},
                                                                   {0, "test", true},
                                                                   {0, "correction", true},
                                                                   {0, "alternative", true},
                                                                   {0, "confidence", true},
                                                                   {0, "ci", true},
                                                                   {0, "risk", true}},
                                                                  {"tsv", "json", "latex"}, in, so, positional);
    Settings s;
    std::string baseline;
    for (const ParsedOption& p : options) {
        if (p.name == "help") {
            out += kHelp;
            return 0;
        }
        if (p.name == "baseline") baseline = p.value;
        if (p.name == "test") {
            s.unpaired = p.value == "unpaired-bootstrap";
            if (!s.unpaired) {
                try {
                    set_pairwise_test(s.testing, p.value);
                } catch (const UsageError&) {
                    throw UsageError(
                        "--test must be t, wilcoxon, sign, randomisation, bootstrap, unpaired-bootstrap or "
                        "tukey, got '" +
                        p.value + "'");
                }
            }
        }
        if (p.name == "correction") s.testing.correction = parse_correction(p.value);
        if (p.name == "alternative") s.testing.alternative = parse_alternative(p.value);
        if (p.name == "confidence") {
            s.confidence = parse_real("--confidence", p.value);
            if (!(s.confidence > 0 && s.confidence < 1))
                throw UsageError("--confidence must be between 0 and 1, e.g. 0.95");
        }
        if (p.name == "ci") s.interval = parse_interval_method(p.value);
        if (p.name == "risk") {
            s.risk = true;
            s.risk_alpha = parse_real("--risk", p.value);
            if (s.risk_alpha < 0) throw UsageError("--risk must be >= 0 (the risk aversion alpha)");
        }
    }
    s.testing.resampling = so.resampling;
    if (positional.size() < 2) throw UsageError("expected QRELS and at least one RUN (see irlens compare --help)");
    if (in.measures.empty()) throw UsageError("no measure given: add -m MEASURE (e.g. -m AP -m nDCG@10)");
    if (s.risk && baseline.empty())
        throw UsageError("--risk needs --baseline: URisk and TRisk compare a run with a baseline");
    if (s.testing.tukey && s.testing.correction != Correction::None)
        throw UsageError("Tukey HSD p-values are already adjusted for all pairs: use no other --correction");
    if (s.testing.tukey && s.testing.alternative != Alternative::TwoSided)
        throw UsageError("Tukey HSD is two-sided only: drop --alternative");
    if (s.unpaired && s.interval == IntervalMethod::BCa)
        throw UsageError("--ci bca is for paired differences; use t or percentile with unpaired-bootstrap");

    auto qrels = load_qrels(positional[0], in.qrels_format);
    std::vector<std::string> paths(positional.begin() + 1, positional.end());
    std::vector<std::shared_ptr<const Run>> runs = load_runs(qrels, paths, in.order);
    load_optional_inputs(in);
    std::size_t base = runs.size();
    if (!baseline.empty()) {
        std::string names;
        for (std::size_t r = 0; r < runs.size(); ++r) {
            if (runs[r]->name() == baseline || paths[r] == baseline || base_name(paths[r]) == baseline) base = r;
            names += (r ? ", " : "") + runs[r]->name();
        }
        if (base == runs.size())
            throw UsageError("--baseline '" + baseline + "' is not one of the runs (" + names + ")");
    }
    if (runs.size() < 2) throw UsageError("compare needs at least two runs");
    std::vector<RunPair> pairs;
    for (std::size_t a = 0; a < runs.size(); ++a) {
        if (base < runs.size()) {
            if (a != base) pairs.push_back({a, base});
        } else {
            for (std::size_t b = a + 1; b < runs.size(); ++b) pairs.push_back({a, b});
        }
    }
    Evaluation ev = evaluate(qrels, runs, in.measures, in.eval);
    for (const std::string& w : ev.warnings) std::fprintf(stderr, "irlens compare: warning: %s\n", w.c_str());

    const std::string test = describe_test(s, pairs.size());
    const std::string interval =
        fixed(100 * s.confidence, 0) + "% " + interval_method_name(s.interval) +
        (s.interval == IntervalMethod::T
             ? ""
             : " (B=" + std::to_string(so.resampling.B) + ", seed " + std::to_string(so.resampling.seed) + ")");
    const char* versus = base < runs.size() ? "the baseline" : "the second run of the pair";
    nlohmann::json json_measures = nlohmann::json::array();
    std::string text;
    const int prec = so.precision;
    for (std::size_t m = 0; m < ev.measures.size(); ++m) {
        std::size_t topics_used = 0;
        std::vector<Row> rows = compare_measure(ev, m, pairs, s, topics_used);
        const std::string name = ev.measures[m].name();
        const std::string policy = topic_policy(in.eval.missing, topics_used, qrels->num_topics());
        if (so.format == "tsv") {
            text += "# irlens compare " IRLENS_VERSION ": " + name + "\n# " + policy + "\n# test: " + test +
                    "\n# intervals: " + interval + "; Cohen's d: paired differences (d_z), noncentral-t interval\n";
            if (s.risk)
                text += "# risk: URisk and TRisk (Dincer et al. 2014) with alpha = " + fixed(s.risk_alpha, 2) + "\n";
            text += std::string("# versus: ") + versus + "; markers on p_adjusted: * < 0.05, ** < 0.01, *** < 0.001\n";
            text +=
                "measure\trun\tmean\tmean_low\tmean_high\tversus\tversus_mean\tversus_low\tversus_high\tdiff\tdiff_"
                "low\t"
                "diff_high\tstatistic\tp\tp_adjusted\tsig\tcohen_d\td_low\td_high";
            if (s.risk) text += "\turisk\ttrisk";
            text += "\ttopics\tmethod\tnote\n";
            for (const Row& r : rows) {
                auto f = [&](double v) { return fixed(v, prec); };
                text += name + '\t' + runs[r.a]->name() + '\t' + f(r.mean_a) + '\t' + f(r.ci_a.low) + '\t' +
                        f(r.ci_a.high) + '\t' + runs[r.b]->name() + '\t' + f(r.mean_b) + '\t' + f(r.ci_b.low) + '\t' +
                        f(r.ci_b.high) + '\t' + f(r.mean_a - r.mean_b) + '\t' + f(r.ci_diff.low) + '\t' +
                        f(r.ci_diff.high) + '\t' + fixed(r.test.statistic, prec) + '\t' + p_value(r.test.p) + '\t' +
                        p_value(r.p_adjusted) + '\t' + marker(r.p_adjusted) + '\t' + f(r.effect.d) + '\t' +
                        f(r.effect.interval.low) + '\t' + f(r.effect.interval.high);
                if (s.risk) text += '\t' + f(r.risk.urisk) + '\t' + f(r.risk.trisk);
                text += '\t' + std::to_string(r.topics) + '\t' + r.test.method + '\t' + join_notes(r) + '\n';
            }
        } else if (so.format == "latex") {
            text += "% irlens compare " IRLENS_VERSION ": " + name + "; " + policy + "; test: " + test +
                    "; intervals: " + interval + "\n";
            if (base < runs.size()) {
                const Row* any = rows.empty() ? nullptr : &rows[0];
                text += "\\begin{tabular}{lrcrr}\n\\hline\nRun & " + latex_escape(name) +
                        " & CI & $\\Delta$ & $p$ \\\\\n\\hline\n";
                if (any)
                    text += latex_escape(runs[base]->name()) + " (baseline) & " + fixed(any->mean_b, prec) + " & [" +
                            fixed(any->ci_b.low, prec) + ", " + fixed(any->ci_b.high, prec) + "] & -- & -- \\\\\n";
                for (const Row& r : rows) {
                    std::string mk = marker(r.p_adjusted);
                    text += latex_escape(runs[r.a]->name()) + " & " + fixed(r.mean_a, prec) +
                            (mk.empty() ? "" : "$^{" + mk + "}$") + " & [" + fixed(r.ci_a.low, prec) + ", " +
                            fixed(r.ci_a.high, prec) + "] & " + fixed(r.mean_a - r.mean_b, prec) + " & " +
                            p_value(r.p_adjusted, 3) + " \\\\\n";
                }
            } else {
                text += "\\begin{tabular}{llrcr}\n\\hline\nRun & versus & $\\Delta$ " + latex_escape(name) +
                        " & CI & $p$ \\\\\n\\hline\n";
                for (const Row& r : rows) {
                    std::string mk = marker(r.p_adjusted);
                    text += latex_escape(runs[r.a]->name()) + " & " + latex_escape(runs[r.b]->name()) + " & " +
                            fixed(r.mean_a - r.mean_b, prec) + (mk.empty() ? "" : "$^{" + mk + "}$") + " & [" +
                            fixed(r.ci_diff.low, prec) + ", " + fixed(r.ci_diff.high, prec) + "] & " +
                            p_value(r.p_adjusted, 3) + " \\\\\n";
                }
            }
            text +=
                "\\hline\n\\end{tabular}\n% $^{*}$ $p < 0.05$, $^{**}$ $p < 0.01$, $^{***}$ $p < 0.001$ (adjusted)\n";
        } else {
            nlohmann::json jm;
            jm["measure"] = name;
            jm["measure_full"] = ev.measures[m].full_name();
            jm["topic_policy"] = policy;
            jm["comparisons"] = nlohmann::json::array();
            for (const Row& r : rows) {
                nlohmann::json c;
                c["run"] = runs[r.a]->name();
                c["versus"] = runs[r.b]->name();
                c["mean"] = json_number(r.mean_a);
                c["mean_interval"] = {json_number(r.ci_a.low), json_number(r.ci_a.high)};
                c["versus_mean"] = json_number(r.mean_b);
                c["versus_interval"] = {json_number(r.ci_b.low), json_number(r.ci_b.high)};
                c["difference"] = json_number(r.mean_a - r.mean_b);
                c["difference_interval"] = {json_number(r.ci_diff.low), json_number(r.ci_diff.high)};
                c["statistic"] = json_number(r.test.statistic);
                c["p"] = json_number(r.test.p);
                c["p_adjusted"] = json_number(r.p_adjusted);
                c["marker"] = marker(r.p_adjusted);
                c["cohen_d"] = json_number(r.effect.d);
                c["cohen_d_interval"] = {json_number(r.effect.interval.low), json_number(r.effect.interval.high)};
                if (s.risk) {
                    c["urisk"] = json_number(r.risk.urisk);
                    c["trisk"] = json_number(r.risk.trisk);
                    c["wins"] = r.risk.wins;
                    c["losses"] = r.risk.losses;
                    c["ties"] = r.risk.ties;
                }
                c["topics"] = r.topics;
                c["method"] = r.test.method;
                c["note"] = join_notes(r);
                jm["comparisons"].push_back(c);
            }
            json_measures.push_back(jm);
        }
    }
    if (so.format == "json") {
        nlohmann::json j;
        j["irlens"] = IRLENS_VERSION;
        j["command"] = "compare";
        j["qrels"] = positional[0];
        j["missing"] = in.eval.missing == MissingTopics::Skip ? "skip" : "zero";
        j["test"] = test;
        j["alternative"] = alternative_name(s.testing.alternative);
        j["correction"] = s.testing.tukey ? "tukey" : correction_name(s.testing.correction);
        j["B"] = so.resampling.B;
        j["seed"] = so.resampling.seed;
        j["intervals"] = interval;
        j["confidence"] = s.confidence;
        if (base < runs.size()) j["baseline"] = runs[base]->name();
        if (s.risk) j["risk_alpha"] = s.risk_alpha;
        j["measures"] = json_measures;
        j["warnings"] = ev.warnings;
        text = j.dump(2) + "\n";
    }
    out += text;
    return 0;
}

}  // namespace irlens::cli
