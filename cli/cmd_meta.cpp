// `irlens meta`: meta-evaluation of measures and test collections (Sakai PROMISE 2013 Sec. 5,
// Turkmen et al. ECIR 2023 Sec. 4.3-4.4, Amigo et al. SIGIR 2018 Sec. 6.1).
#include "commands.hpp"
#include "evaluation_input.hpp"
#include "input.hpp"
#include "stats_options.hpp"

#include "irlens/correlation.hpp"
#include "irlens/error.hpp"
#include "irlens/leave_one_out.hpp"
#include "irlens/meta.hpp"
#include "irlens/run_groups.hpp"
#include "irlens/version.hpp"

#include <algorithm>
#include <cstdio>
#include <iterator>

namespace irlens::cli {

namespace {

const char kHelp[] =
    "usage: irlens meta ANALYSIS QRELS RUN... -m MEASURE... [options]\n"
    "\n"
    "Meta-evaluation of measures over a set of runs (measures, runs and qrels as in `irlens eval`).\n"
    "ANALYSIS is one of:\n"
    "  correlation           rank correlation of the run orderings of every pair of measures: Kendall's\n"
    "                        tau-a, tau-b (with p), tau_ap both ways and symmetric, Spearman's rho (with p),\n"
    "                        rank-biased overlap (--rbo-p P, default 0.9)\n"
    "  discriminative-power  pairs of runs significantly different at 0.05 and 0.01, minimum detectable\n"
    "                        difference; --curve prints the ASL curve (pairs sorted by p) instead.\n"
    "                        --test bootstrap (default), tukey, t, wilcoxon, sign, randomisation;\n"
    "                        --correction none|bonferroni|holm|bh for the pairwise tests\n"
    "  stability             stability over --trials R (default 1000) samples of --topics T topics (default\n"
    "                        half) and the swap rate of two disjoint samples of T topics (--bin-width W)\n"
    "  concordance           concordance test of exactly two measures (-m M1 -m M2) given gold-standard\n"
    "                        measures (--gold G, repeatable), with the sign test on the wins\n"
    "  unanimity             Metric Unanimity of every measure with respect to all the others\n"
    "  loo                   leave-one-out pool test: --groups FILE (run<TAB>group, or a CSV with run and\n"
    "                        team/group columns), --depth K pool depth (default 100)\n"
    "\n"
    "  -B N, --seed S        resamples and seed of the randomised procedures (default 10000, 1)\n"
    "  --missing P           zero (default): every qrels topic, unanswered ones scored as trec_eval -c;\n"
    "                        skip: only the topics every run answered\n"
    "  -f, --format F        tsv (default) or json;  --precision N  decimals in tsv (default 4)\n"
    "  --qrels-format F, --order O, --doc-lengths F, --sessions F,\n"
    "  --intents F, --intent-types F   as in irlens eval\n";

struct MetaSettings {
    std::string analysis;
    PairwiseTesting testing;
    bool curve = false;
    std::size_t topics = 0, trials = 1000;  // topics 0: half of them
    double bin_width = 0.01, rbo_p = 0.9;
    std::vector<std::string> gold;
    std::size_t depth = 100;
};

std::string header(const std::string& analysis, const std::string& policy) {
    return "# irlens meta " + analysis + " (irlens " IRLENS_VERSION ")\n# " + policy + "\n";
}

void correlation(const Evaluation& ev, const MetaSettings& s, const StatsOptions& so, std::string& text,
                 nlohmann::json& j) {
    const std::size_t M = ev.measures.size();
    if (M < 2) throw UsageError("correlation needs at least two measures (-m M1 -m M2)");
    std::vector<std::vector<double>> scores(M);  // run scores per measure (the measure's aggregate)
    for (std::size_t m = 0; m < M; ++m) {
        ScoreMatrix t = score_matrix(ev, m);
        for (const auto& row : t.scores) scores[m].push_back(aggregate(ev.measures[m], row));
    }
    text +=
        "# run scores: each measure's aggregate (mean unless agg=...) over the topics; tau_ap_xy orders the runs by\n"
        "# measure_x and takes measure_y as the gold standard; rbo with p = " +
        fixed(s.rbo_p, 3) + "\n";
    text +=
        "measure_x\tmeasure_y\truns\ttau_a\ttau_b\tp_tau_b\ttau_ap_xy\ttau_ap_yx\ttau_ap_sym\tspearman\tp_"
        "spearman\trbo\tnote\n";
    j["pairs"] = nlohmann::json::array();
    const int prec = so.precision;
    for (std::size_t x = 0; x < M; ++x)
        for (std::size_t y = x + 1; y < M; ++y) {
            const std::vector<double>&a = scores[x], &b = scores[y];
            CorrelationTest kt = kendall_tau_b_test(a, b), sp = spearman_test(a, b);
            const double ta = kendall_tau_a(a, b), apxy = tau_ap(a, b), apyx = tau_ap(b, a),
                         rbo = rank_biased_overlap(a, b, s.rbo_p);
            std::string note = kt.note.empty() ? sp.note : kt.note;
            text += ev.measures[x].name() + '\t' + ev.measures[y].name() + '\t' + std::to_string(a.size()) + '\t' +
                    fixed(ta, prec) + '\t' + fixed(kt.coefficient, prec) + '\t' + p_value(kt.p) + '\t' +
                    fixed(apxy, prec) + '\t' + fixed(apyx, prec) + '\t' + fixed((apxy + apyx) / 2, prec) + '\t' +
                    fixed(sp.coefficient, prec) + '\t' + p_value(sp.p) + '\t' + fixed(rbo, prec) + '\t' + note + '\n';
            j["pairs"].push_back({{"measure_x", ev.measures[x].name()},
                                  {"measure_y", ev.measures[y].name()},
                                  {"runs", a.size()},
                                  {"tau_a", json_number(ta)},
                                  {"tau_b", json_number(kt.coefficient)},
                                  {"p_tau_b", json_number(kt.p)},
                                  {"p_tau_b_method", kt.method},
                                  {"tau_ap_xy", json_number(apxy)},
                                  {"tau_ap_yx", json_number(apyx)},
                                  {"tau_ap_symmetric", json_number((apxy + apyx) / 2)},
                                  {"spearman", json_number(sp.coefficient)},
                                  {"p_spearman", json_number(sp.p)},
                                  {"rbo", json_number(rbo)},
                                  {"rbo_p", s.rbo_p},
                                  {"note", note}});
        }
}

void discrimination(const Evaluation& ev, const MetaSettings& s, const StatsOptions& so, std::string& text,
                    nlohmann::json& j) {
    const int prec = so.precision;
    j["measures"] = nlohmann::json::array();
    bool first = true;
    for (std::size_t m = 0; m < ev.measures.size(); ++m) {
        ScoreMatrix t = score_matrix(ev, m);
        DiscriminativePower d = discriminative_power(t, s.testing);
        if (first)
            text += "# test: " + d.method +
                    "\n# significant: p < alpha; minimum detectable difference: the smallest |mean difference| among "
                    "significant pairs\n";
        if (s.curve) {
            if (first) text += "measure\trank\trun_a\trun_b\tdifference\tp\n";
            for (std::size_t k = 0; k < d.curve.size(); ++k)
                text += t.measure + '\t' + std::to_string(k + 1) + '\t' + t.runs[d.curve[k].a] + '\t' +
                        t.runs[d.curve[k].b] + '\t' + fixed(d.curve[k].difference, prec) + '\t' +
                        p_value(d.curve[k].p) + '\n';
        } else {
            if (first) text += "measure\tpairs\tsignificant_05\tsignificant_01\tmin_diff_05\tmin_diff_01\ttopics\n";
            text += t.measure + '\t' + std::to_string(d.pairs) + '\t' + std::to_string(d.significant_05) + '\t' +
                    std::to_string(d.significant_01) + '\t' + fixed(d.min_difference_05, prec) + '\t' +
                    fixed(d.min_difference_01, prec) + '\t' + std::to_string(t.topics.size()) + '\n';
        }
        first = false;
        nlohmann::json jm = {{"measure", t.measure},
                             {"test", d.method},
                             {"pairs", d.pairs},
                             {"significant_05", d.significant_05},
                             {"significant_01", d.significant_01},
                             {"min_difference_05", json_number(d.min_difference_05)},
                             {"min_difference_01", json_number(d.min_difference_01)}};
        jm["asl_curve"] = nlohmann::json::array();
        for (const PairOutcome& o : d.curve)
            jm["asl_curve"].push_back({{"run_a", t.runs[o.a]},
                                       {"run_b", t.runs[o.b]},
                                       {"difference", json_number(o.difference)},
                                       {"p", json_number(o.p)}});
        j["measures"].push_back(jm);
    }
}

void stability_analysis(const Evaluation& ev, const MetaSettings& s, const StatsOptions& so, std::string& text,
                        nlohmann::json& j) {
    const int prec = so.precision;
    j["measures"] = nlohmann::json::array();
    for (std::size_t m = 0; m < ev.measures.size(); ++m) {
        ScoreMatrix t = score_matrix(ev, m);
        const std::size_t n = t.topics.size();
        const std::size_t T = s.topics ? s.topics : n / 2;
        const std::size_t half = std::min(T, n / 2);
        Stability st = stability(t, T, s.trials, so.resampling.seed);
        SwapRate sw = swap_rate(t, half, s.trials, so.resampling.seed, s.bin_width);
        if (m == 0)
            text +=
                "# stability: mean over pairs of the share of trials won by the more frequent winner (ties 1/2);\n"
                "# swap rate: share of (trial, pair) comparisons ordered differently by two disjoint topic samples\n"
                "# seed " +
                std::to_string(so.resampling.seed) +
                "\n"
                "measure\ttopics\ttrials\tstability\tswap_topics\tswap_rate\n";
        text += t.measure + '\t' + std::to_string(T) + '\t' + std::to_string(s.trials) + '\t' +
                fixed(st.stability, prec) + '\t' + std::to_string(half) + '\t' + fixed(sw.swap_rate, prec) + '\n';
        nlohmann::json bins = nlohmann::json::array();
        for (const SwapRate::Bin& b : sw.bins)
            bins.push_back({{"low", b.low}, {"high", b.high}, {"comparisons", b.comparisons}, {"swaps", b.swaps}});
        j["measures"].push_back({{"measure", t.measure},
                                 {"topics_per_trial", T},
                                 {"trials", s.trials},
                                 {"stability", json_number(st.stability)},
                                 {"swap_topics_per_set", half},
                                 {"swap_rate", json_number(sw.swap_rate)},
                                 {"swap_bins", bins}});
    }
    j["seed"] = so.resampling.seed;
}

void concordance_analysis(const Evaluation& ev, std::size_t gold_from, const StatsOptions& so, std::string& text,
                          nlohmann::json& j) {
    if (gold_from != 2)
        throw UsageError("concordance compares exactly two measures (-m M1 -m M2) given --gold measures");
    if (ev.measures.size() == gold_from)
        throw UsageError("concordance needs at least one gold-standard measure (--gold G)");
    std::vector<ScoreMatrix> gold;
    std::string gold_names;
    for (std::size_t g = gold_from; g < ev.measures.size(); ++g) {
        gold.push_back(score_matrix(ev, g));
        gold_names += (gold_names.empty() ? "" : "+") + ev.measures[g].name();
    }
    ScoreMatrix m1 = score_matrix(ev, 0), m2 = score_matrix(ev, 1);
    Concordance c = concordance(m1, m2, gold);
    const int prec = so.precision;
    text +=
        "# over every pair of runs and topic where measure_1 and measure_2 strictly disagree: the share where each is\n"
        "# concordant with every gold measure; wins: concordant while the other is not; p: two-sided sign test on the "
        "wins\n"
        "measure_1\tmeasure_2\tgold\tcomparisons\tdisagreements\tconc_1\tconc_2\twins_1\twins_2\tp\tnote\n";
    text += m1.measure + '\t' + m2.measure + '\t' + gold_names + '\t' + std::to_string(c.comparisons) + '\t' +
            std::to_string(c.disagreements) + '\t' + fixed(c.conc1, prec) + '\t' + fixed(c.conc2, prec) + '\t' +
            std::to_string(c.wins1) + '\t' + std::to_string(c.wins2) + '\t' + p_value(c.sign.p) + '\t' + c.sign.note +
            '\n';
    j["measure_1"] = m1.measure;
    j["measure_2"] = m2.measure;
    j["gold"] = nlohmann::json::array();
    for (const ScoreMatrix& g : gold) j["gold"].push_back(g.measure);
    j["comparisons"] = c.comparisons;
    j["disagreements"] = c.disagreements;
    j["conc_1"] = json_number(c.conc1);
    j["conc_2"] = json_number(c.conc2);
    j["wins_1"] = c.wins1;
    j["wins_2"] = c.wins2;
    j["p"] = c.sign.p;
    j["note"] = c.sign.note;
}

void unanimity_analysis(const Evaluation& ev, const StatsOptions& so, std::string& text, nlohmann::json& j) {
    std::vector<ScoreMatrix> tables;
    for (std::size_t m = 0; m < ev.measures.size(); ++m) tables.push_back(score_matrix(ev, m));
    std::vector<Unanimity> u = metric_unanimity(tables);
    const int prec = so.precision;
    text +=
        "# MU = log2(P(m, M) / (P(m) P(M))) over every topic and ordered pair of runs; m: the measure prefers the "
        "first\n"
        "# run (a tie counts 1/2); M: every other measure scores the first run at least as high\n"
        "measure\tmu\tp_measure\tp_unanimous\tp_joint\n";
    j["measures"] = nlohmann::json::array();
    for (const Unanimity& x : u) {
        text += x.measure + '\t' + fixed(x.mu, prec) + '\t' + fixed(x.p_measure, prec) + '\t' +
                fixed(x.p_unanimous, prec) + '\t' + fixed(x.p_joint, prec) + '\n';
        j["measures"].push_back({{"measure", x.measure},
                                 {"mu", json_number(x.mu)},
                                 {"p_measure", x.p_measure},
                                 {"p_unanimous", x.p_unanimous},
                                 {"p_joint", x.p_joint}});
    }
}

void loo_analysis(const std::shared_ptr<const Qrels>& qrels, const std::vector<std::shared_ptr<const Run>>& runs,
                  const EvaluationInputs& in, const MetaSettings& s, const StatsOptions& so, std::string& text,
                  nlohmann::json& j) {
    if (!in.eval.groups)
        throw UsageError("loo needs --groups FILE (run<TAB>group lines, or a CSV with run and team columns)");
    const RunGroups& table = *in.eval.groups;
    std::vector<std::string> groups;
    for (const auto& r : runs) {
        const std::string* g = table.group_of(r->name());
        if (!g) g = table.group_of(r->tag());
        if (!g)
            throw UsageError("run '" + r->name() + "' has no group in " + in.groups_path +
                             " (looked up by run name, by name without .gz/.txt, and by tag '" + r->tag() + "')");
        groups.push_back(*g);
    }
    LeaveOneOutOptions o;
    o.pool_depth = s.depth;
    o.eval = in.eval;
    LeaveOneOut loo = leave_one_out(qrels, runs, groups, in.measures, o);
    for (const std::string& w : loo.warnings) std::fprintf(stderr, "irlens meta: warning: %s\n", w.c_str());
    const int prec = so.precision;
    text += "# contributions: judged documents in each run's top " + std::to_string(s.depth) +
            "; each group's unique contributions removed from the qrels for its own runs (ranks: 1 = best)\n"
            "measure\trun\tgroup\tunique_judgments\tunique_relevant\tfull\tloo\tdiff\tfull_rank\tloo_rank\n";
    j["topic_policy"] = in.eval.missing == MissingTopics::Zero ? "all qrels topics, unanswered ones scored as trec_eval -c"
                                                               : "the topics each run answered (--missing skip)";
    j["pool_depth"] = s.depth;
    j["groups_file"] = in.groups_path;
    j["measures"] = nlohmann::json::array();
    for (std::size_t m = 0; m < loo.measures.size(); ++m) {
        nlohmann::json jm = {{"measure", loo.measures[m].name()},
                             {"kendall_tau_b", json_number(loo.kendall_tau_b[m])},
                             {"mean_abs_change", json_number(loo.mean_abs_change[m])},
                             {"max_rank_change", loo.max_rank_change[m]}};
        jm["runs"] = nlohmann::json::array();
        for (const LeaveOneOutRun& r : loo.runs) {
            text += loo.measures[m].name() + '\t' + r.run + '\t' + r.group + '\t' + std::to_string(r.unique_judgments) +
                    '\t' + std::to_string(r.unique_relevant) + '\t' + fixed(r.full[m], prec) + '\t' +
                    fixed(r.loo[m], prec) + '\t' + fixed(r.loo[m] - r.full[m], prec) + '\t' +
                    std::to_string(r.full_rank[m]) + '\t' + std::to_string(r.loo_rank[m]) + '\n';
            jm["runs"].push_back({{"run", r.run},
                                  {"group", r.group},
                                  {"unique_judgments", r.unique_judgments},
                                  {"unique_relevant", r.unique_relevant},
                                  {"full", json_number(r.full[m])},
                                  {"loo", json_number(r.loo[m])},
                                  {"full_rank", r.full_rank[m]},
                                  {"loo_rank", r.loo_rank[m]}});
        }
        text += "# summary " + loo.measures[m].name() + ": Kendall's tau-b (full vs LOO scores) " +
                fixed(loo.kendall_tau_b[m], prec) + ", mean |change| " + fixed(loo.mean_abs_change[m], prec) +
                ", max rank change " + std::to_string(loo.max_rank_change[m]) + "\n";
        j["measures"].push_back(jm);
    }
    j["warnings"] = loo.warnings;
}

}  // namespace

int cmd_meta(const std::vector<std::string>& args, std::string& out) {
    EvaluationInputs in;
    StatsOptions so;
    std::vector<std::string> positional;
    const std::vector<ParsedOption> options = parse_stats_command(args,
                                                                  {{'h', "help", false},
                                                                   {0, "test", true},
                                                                   {0, "correction", true},
                                                                   {0, "curve", false},
                                                                   {0, "topics", true},
                                                                   {0, "trials", true},
                                                                   {0, "bin-width", true},
                                                                   {0, "rbo-p", true},
                                                                   {0, "gold", true},
                                                                   {0, "depth", true}},
                                                                  {"tsv", "json"}, in, so, positional);
    MetaSettings s;
    s.testing.test = PairedTest::Bootstrap;
    for (const ParsedOption& p : options) {
        if (p.name == "help") {
            out += kHelp;
            return 0;
        }
        if (p.name == "test") set_pairwise_test(s.testing, p.value);
        if (p.name == "correction") s.testing.correction = parse_correction(p.value);
        if (p.name == "curve") s.curve = true;
        if (p.name == "topics") s.topics = parse_count("--topics", p.value, 1);
        if (p.name == "trials") s.trials = parse_count("--trials", p.value, 1);
        if (p.name == "bin-width") s.bin_width = parse_real("--bin-width", p.value);
        if (p.name == "rbo-p") s.rbo_p = parse_real("--rbo-p", p.value);
        if (p.name == "gold") s.gold.push_back(p.value);
        if (p.name == "depth") s.depth = parse_count("--depth", p.value, 1);
    }
    s.testing.resampling = so.resampling;
    if (positional.empty()) throw UsageError("expected ANALYSIS QRELS RUN... (see irlens meta --help)");
    s.analysis = positional[0];
    static const char* kAnalyses[] = {"correlation", "discriminative-power", "stability", "concordance", "unanimity",
                                      "loo"};
    if (std::find(std::begin(kAnalyses), std::end(kAnalyses), s.analysis) == std::end(kAnalyses))
        throw UsageError("unknown analysis '" + s.analysis +
                         "': expected correlation, discriminative-power, stability, concordance, unanimity or loo");
    if (positional.size() < 3) throw UsageError("expected QRELS and at least one RUN after '" + s.analysis + "'");
    if (in.measures.empty()) throw UsageError("no measure given: add -m MEASURE (e.g. -m AP -m nDCG@10)");
    if (!(s.rbo_p > 0 && s.rbo_p < 1)) throw UsageError("--rbo-p must be between 0 and 1 (exclusive)");
    if (!(s.bin_width > 0)) throw UsageError("--bin-width must be positive");
    if (!s.gold.empty() && s.analysis != "concordance") throw UsageError("--gold is for the concordance analysis");

    auto qrels = load_qrels(positional[1], in.qrels_format);
    std::vector<std::shared_ptr<const Run>> runs =
        load_runs(qrels, std::vector<std::string>(positional.begin() + 2, positional.end()), in.order);
    load_optional_inputs(in);
    std::string text;
    nlohmann::json j;
    j["irlens"] = IRLENS_VERSION;
    j["command"] = "meta";
    j["analysis"] = s.analysis;
    j["qrels"] = positional[1];
    j["missing"] = in.eval.missing == MissingTopics::Skip ? "skip" : "zero";
    j["runs"] = nlohmann::json::array();
    for (const auto& r : runs) j["runs"].push_back(r->name());
    if (s.analysis == "loo") {
        text +=
            header("loo", std::string("topics: ") + (in.eval.missing == MissingTopics::Zero
                                                         ? "all qrels topics, unanswered ones scored as trec_eval -c"
                                                         : "the topics each run answered (--missing skip)"));
        loo_analysis(qrels, runs, in, s, so, text, j);
    } else {
        const std::size_t gold_from = in.measures.size();
        std::vector<MeasureSpec> measures = in.measures;
        for (const std::string& g : s.gold) measures.push_back(parse_measure(g));
        Evaluation ev = evaluate(qrels, runs, measures, in.eval);
        for (const std::string& w : ev.warnings) std::fprintf(stderr, "irlens meta: warning: %s\n", w.c_str());
        const std::size_t topics = score_matrix(ev, 0).topics.size();
        const std::string policy = topic_policy(in.eval.missing, topics, qrels->num_topics());
        text += header(s.analysis, policy + "; " + std::to_string(runs.size()) + " runs");
        j["topic_policy"] = policy;
        if (s.analysis == "correlation") correlation(ev, s, so, text, j);
        if (s.analysis == "discriminative-power") discrimination(ev, s, so, text, j);
        if (s.analysis == "stability") stability_analysis(ev, s, so, text, j);
        if (s.analysis == "concordance") concordance_analysis(ev, gold_from, so, text, j);
        if (s.analysis == "unanimity") unanimity_analysis(ev, so, text, j);
        j["warnings"] = ev.warnings;
    }
    out += so.format == "json" ? j.dump(2) + "\n" : text;
    return 0;
}

}  // namespace irlens::cli
