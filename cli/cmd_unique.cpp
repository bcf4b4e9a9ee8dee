// `irlens unique`: unique contributions to the relevant set per run and per group (Clarke et al.,
// SIGIR-AP 2024, Appendix B; the classic TREC overview table).
#include "option_values.hpp"
#include "commands.hpp"
#include "input.hpp"
#include "table.hpp"

#include "irlens/error.hpp"
#include "irlens/relative/unique.hpp"

namespace irlens::cli {

namespace {

const char kHelp[] =
    "usage: irlens unique QRELS RUN... --depth K [options]\n"
    "\n"
    "Unique contributions to the relevant set (Clarke et al., SIGIR-AP 2024, Appendix B): the relevant\n"
    "documents in a run's top K (the pool depth) that no run of another group has in its top K. Rows\n"
    "with scope=run count them per run (runs of its own group may have them too); rows with scope=group\n"
    "count the distinct such documents of all the group's runs. mean is per topic (see --missing),\n"
    "total over all topics. Per run, with --missing zero, mean equals K x NRG(base=P,prior=other_groups)@K.\n"
    "\n"
    "  -d, --depth K      the pool depth (required)\n"
    "      --groups FILE  the group of each run (run<TAB>group, or a CSV with run and team/group columns\n"
    "                     such as a leaderboard); default: every run is its own group\n"
    "      --rel N        relevant: judged >= N (default 1)\n"
    "      --missing P    zero (default): mean over all qrels topics, a topic a run did not answer\n"
    "                     counting 0; skip: over the topics the run (the group's runs) answered\n"
    "  -f, --format F     tsv (default), csv or json\n"
    "      --precision N  decimals in tsv/csv (default 4)\n"
    "      --order O      score (default, as trec_eval) or rank\n";

}  // namespace

int cmd_unique(const std::vector<std::string>& args, std::string& out) {
    static const std::vector<OptionSpec> specs =
        TableOptions::with({{'d', "depth", true}, {0, "groups", true}, {0, "rel", true}, {0, "missing", true}});
    std::vector<ParsedOption> options;
    std::vector<std::string> positional;
    parse_args(args, specs, options, positional);
    TableOptions to;
    long depth = 0, rel = 1;
    MissingTopics missing = MissingTopics::Zero;
    std::string groups_path;
    for (const ParsedOption& o : options) {
        if (to.take(o)) continue;
        if (o.name == "depth") depth = static_cast<long>(count_option(o, 1));
        if (o.name == "groups") groups_path = o.value;
        if (o.name == "rel") rel = int_option(o, 0);
        if (o.name == "missing") missing = missing_option(o);
    }
    if (to.help) {
        out += kHelp;
        return 0;
    }
    if (!depth) throw UsageError("--depth K is required: the pool depth (e.g. --depth 10)");
    auto groups = groups_path.empty() ? nullptr : load_groups(groups_path);
    Inputs in = load_inputs(positional, to.order, "unique");
    UniqueContributions u = unique_contributions(in.qrels, in.runs, groups.get(), depth, rel, missing);

    Table table({{"scope", Table::Kind::Text},
                 {"name", Table::Kind::Text},
                 {"group", Table::Kind::Text},
                 {"runs", Table::Kind::Integer},
                 {"mean", Table::Kind::Real},
                 {"total", Table::Kind::Integer}});
    for (const UniqueCount& c : u.runs) table.add({"run", c.name, c.group, c.runs, c.mean, c.total});
    for (const UniqueCount& c : u.groups) table.add({"group", c.name, c.group, c.runs, c.mean, c.total});
    nlohmann::json provenance = {
        {"command", "unique"},
        {"qrels", positional[0]},
        {"depth", depth},
        {"rel", rel},
        {"topics", u.topics},
        {"missing", missing == MissingTopics::Skip ? "skip" : "zero"},
        {"groups", groups_path.empty() ? nlohmann::json(nullptr) : nlohmann::json(groups_path)}};
    Provenance prov("unique", positional);
    prov.settings = settings_of(options);
    prov.missing = missing == MissingTopics::Skip ? "skip" : "zero";
    if (!groups_path.empty()) prov.inputs.emplace_back("groups", groups_path);
    out += table.render(to, provenance, prov);
    return 0;
}

}  // namespace irlens::cli
