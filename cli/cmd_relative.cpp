// `irlens relative sweep|sample`: the experiments of Türkmen, Lease & Kutlu (ECIR 2023) on
// rareness measures - Kendall's tau against alpha (Fig. 2) and Algorithm 1 (Table 3).
#include "option_values.hpp"
#include "commands.hpp"
#include "input.hpp"
#include "progress.hpp"
#include "table.hpp"

#include "irlens/error.hpp"
#include "irlens/relative/rarity.hpp"

namespace irlens::cli {

namespace {

const char kHelp[] =
    "usage: irlens relative sweep QRELS RUN... -m MEASURE... [--alphas A,B,...] [options]\n"
    "       irlens relative sample QRELS RUN... -m MEASURE... [--sizes N,N,...] [--trials T] [--seed S] [options]\n"
    "\n"
    "sweep: Kendall's tau-b between the ranking of the runs by a rareness measure at each alpha and at\n"
    "  alpha = 0 (Turkmen, Lease & Kutlu, ECIR 2023, Fig. 2). Name the measure without alpha, e.g.\n"
    "  -m P_rareness@100 -m AP_rareness(variant=mixture); default alphas 0,0.1,...,1.\n"
    "sample: Algorithm 1 of the same paper: for each N, sample N runs T times (default 1000; seeded,\n"
    "  default seed 1), recompute rarity over the sample alone, and average Kendall's tau-b between the\n"
    "  sample's ranking and the same runs' order in the ranking of all runs. Name the measure with\n"
    "  alpha, e.g. -m P_rareness(alpha=1)@100; default N = 2,4,8,... up to 64 and the number of runs.\n"
    "  Trials whose tau-b is undefined (tied scores everywhere) are left out of the mean; `defined`\n"
    "  counts the others.\n"
    "\n"
    "  -m, --measure M     a P_rareness or AP_rareness measure (repeatable)\n"
    "      --alphas LIST   sweep: the alphas\n"
    "      --sizes LIST    sample: the sample sizes N\n"
    "      --trials T      sample: samples per N (default 1000)\n"
    "      --seed S        sample: the seed of irlens' generator (xoshiro256**; default 1)\n"
    "      --missing P     zero (default): a run's mean is over all qrels topics, unanswered ones scored\n"
    "                      as trec_eval -c; skip: over the topics it answered\n"
    "  -f, --format F      tsv (default), csv or json\n"
    "      --precision N   decimals in tsv/csv (default 4)\n"
    "      --order O       score (default, as trec_eval) or rank\n";

}  // namespace

int cmd_relative(const std::vector<std::string>& args_in, std::string& out) {
    if (args_in.empty() || args_in[0] == "-h" || args_in[0] == "--help") {
        out += kHelp;
        return 0;
    }
    const std::string action = args_in[0];
    if (action != "sweep" && action != "sample")
        throw UsageError("expected 'sweep' or 'sample' after 'relative', got '" + action +
                         "' (see irlens relative --help)");
    static const std::vector<OptionSpec> specs = TableOptions::with({{'m', "measure", true},
                                                                     {0, "alphas", true},
                                                                     {0, "sizes", true},
                                                                     {0, "trials", true},
                                                                     {0, "seed", true},
                                                                     {0, "missing", true}});
    std::vector<ParsedOption> options;
    std::vector<std::string> positional;
    parse_args(std::vector<std::string>(args_in.begin() + 1, args_in.end()), specs, options, positional);
    TableOptions to;
    std::vector<std::string> measures;
    std::vector<double> alphas;  // empty: default_sweep_alphas()
    SampleSizeOptions so;        // the defaults of Algorithm 1 (rarity.hpp)
    MissingTopics missing = MissingTopics::Zero;
    for (const ParsedOption& o : options) {
        if (to.take(o)) continue;
        bool sweep_only = o.name == "alphas", sample_only = o.name == "sizes" || o.name == "trials" || o.name == "seed";
        if ((sweep_only && action != "sweep") || (sample_only && action != "sample"))
            throw UsageError("--" + o.name + " does not apply to 'relative " + action + "'");
        if (o.name == "measure") measures.push_back(o.value);
        if (o.name == "alphas") alphas = reals_option(o);
        if (o.name == "sizes")
            for (const std::string& s : list_option(o)) so.sizes.push_back(count_option({o.name, s}, 2));
        if (o.name == "trials") so.trials = count_option(o, 1);
        if (o.name == "seed") so.seed = static_cast<std::uint64_t>(int_option(o, 0));
        if (o.name == "missing") missing = missing_option(o);
    }
    if (to.help) {
        out += kHelp;
        return 0;
    }
    if (measures.empty()) throw UsageError("no measure given: add -m MEASURE (e.g. -m P_rareness@100)");
    Inputs in = load_inputs(positional, to.order, "relative");
    const auto& qrels = in.qrels;
    const auto& runs = in.runs;
    Provenance prov("relative " + action, positional);
    prov.settings = settings_of(options);
    prov.settings["measures"] = measures;
    prov.missing = missing == MissingTopics::Skip ? "skip" : "zero";
    nlohmann::json provenance = {{"command", "relative " + action},
                                 {"qrels", positional[0]},
                                 {"runs", runs.size()},
                                 {"missing", missing == MissingTopics::Skip ? "skip" : "zero"}};

    if (action == "sweep") {
        Table table({{"measure", Table::Kind::Text}, {"alpha", Table::Kind::Real}, {"tau_b", Table::Kind::Real}});
        for (const AlphaPoint& p : alpha_sweep(qrels, runs, measures, alphas, missing))
            table.add({p.measure, p.alpha, p.tau_b});
        out += table.render(to, provenance, prov);
        return 0;
    }
    so.missing = missing;
    ProgressBar bar("irlens relative sample");
    so.progress = bar.hook();
    provenance["trials"] = so.trials;
    provenance["seed"] = so.seed;
    prov.seeds["seed"] = so.seed;
    Table table({{"measure", Table::Kind::Text},
                 {"runs", Table::Kind::Integer},
                 {"trials", Table::Kind::Integer},
                 {"defined", Table::Kind::Integer},
                 {"mean_tau_b", Table::Kind::Real}});
    for (const SampleSizeRow& r : sample_size_tau(qrels, runs, measures, so))
        table.add({r.measure, r.point.runs, r.point.trials, r.point.defined, r.point.mean_tau_b});
    out += table.render(to, provenance, prov);
    return 0;
}

}  // namespace irlens::cli
