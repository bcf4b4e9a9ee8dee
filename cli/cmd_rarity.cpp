// `irlens rarity`: the rarity report (Türkmen, Lease & Kutlu, ECIR 2023, Eq. 2, Table 4).
#include "option_values.hpp"
#include "commands.hpp"
#include "input.hpp"
#include "table.hpp"

#include "irlens/error.hpp"
#include "irlens/relative/rarity.hpp"

namespace irlens::cli {

namespace {

const char kHelp[] =
    "usage: irlens rarity QRELS RUN... [options]\n"
    "\n"
    "Lists, per topic, every relevant document with the number of runs S_d that retrieved it in their\n"
    "top DEPTH, its rarity R(d) = 1 - S_d/S and the normalised R'(d) = 1 - (S_d-1)/(S-1), S the number\n"
    "of runs counted (Turkmen, Lease & Kutlu, ECIR 2023, Eq. 2 and Sec. 5.2), rarest first. A document\n"
    "no counted run retrieved has S_d = 0 and R = R' = 1; with S = 1, R' = 1. only_run names the run\n"
    "when S_d = 1. These are the counts behind P_rareness and AP_rareness.\n"
    "\n"
    "  -d, --depth K      a run retrieved d when d is in its top K (default: anywhere in the run)\n"
    "      --pool RUNS    count only these runs (comma-separated names; default: every RUN)\n"
    "      --rel N        relevant: judged >= N (default 1)\n"
    "  -f, --format F     tsv (default), csv or json\n"
    "      --precision N  decimals in tsv/csv (default 4)\n"
    "      --order O      score (default, as trec_eval) or rank\n"
    "A run is named by its file name; a name in --pool may leave out .gz / .txt.\n";

}  // namespace

int cmd_rarity(const std::vector<std::string>& args, std::string& out) {
    static const std::vector<OptionSpec> specs =
        TableOptions::with({{'d', "depth", true}, {0, "pool", true}, {0, "rel", true}});
    std::vector<ParsedOption> options;
    std::vector<std::string> positional;
    parse_args(args, specs, options, positional);
    TableOptions to;
    RarityOptions ro;
    for (const ParsedOption& o : options) {
        if (to.take(o)) continue;
        if (o.name == "depth") ro.depth = static_cast<long>(count_option(o, 1));
        if (o.name == "pool") ro.pool = list_option(o);
        if (o.name == "rel") ro.rel_level = int_option(o, 0);
    }
    if (to.help) {
        out += kHelp;
        return 0;
    }
    Inputs in = load_inputs(positional, to.order, "rarity");
    RarityReport report = rarity_report(in.qrels, in.runs, ro);

    Table table({{"topic", Table::Kind::Text},
                 {"doc", Table::Kind::Text},
                 {"rel", Table::Kind::Integer},
                 {"found_by", Table::Kind::Integer},
                 {"systems", Table::Kind::Integer},
                 {"rarity", Table::Kind::Real},
                 {"rarity_mixture", Table::Kind::Real},
                 {"only_run", Table::Kind::Text}});
    for (const RareDocument& d : report.documents)
        table.add({d.topic, d.doc, d.rel, d.found_by, report.systems, d.rarity, d.rarity_mixture, d.only_run});
    nlohmann::json provenance = {{"command", "rarity"},
                                 {"qrels", positional[0]},
                                 {"depth", report.depth < 0 ? nlohmann::json(nullptr) : nlohmann::json(report.depth)},
                                 {"rel", ro.rel_level},
                                 {"systems", report.systems},
                                 {"pool", report.pool}};
    Provenance prov("rarity", positional);
    prov.settings = settings_of(options);
    out += table.render(to, provenance, prov);
    return 0;
}

}  // namespace irlens::cli
