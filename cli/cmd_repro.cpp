// `irlens runs` (run versus run: how different two runs' rankings are, topic by topic) and
// `irlens repro` (did the reproduction reproduce? Breuer et al., SIGIR 2020, as repro_eval).
// The measures and their contracts: irlens/compare_runs/*.hpp; docs/cli.md and docs/statistics.md.
#include "commands.hpp"
#include "input.hpp"
#include "option_values.hpp"
#include "stats_options.hpp"
#include "table.hpp"

#include "irlens/compare_runs/reproducibility.hpp"
#include "irlens/compare_runs/run_comparison.hpp"
#include "irlens/error.hpp"
#include "irlens/frontends/compare_runs_json.hpp"

#include <cmath>
#include <cstdio>
#include <limits>

namespace irlens::cli {

namespace {

const char kRunsHelp[] =
    "usage: irlens runs QRELS RUN_A RUN_B [options]\n"
    "\n"
    "How different two runs' document rankings are, topic by topic: rank-biased overlap (Webber, Moffat\n"
    "& Zobel 2010: RBO_min, RBO_res, RBO_ext), Kendall's tau union (KTU: tau-b over the union of the two\n"
    "lists, a document missing from a list tied below its last), overlap@k and Jaccard@k. Each list is\n"
    "the run's trec_eval order (score descending, ties by document id descending), cut to --depth.\n"
    "Topics both runs answered are compared; the others are named on stderr (and in json) and left out\n"
    "of the means. Rows: with -q every topic, most different first (RBO_ext ascending); then 'all', the\n"
    "means, whose docs_a/docs_b are the documents compared in all.\n"
    "\n"
    "  -p, --persistence P  RBO's p (default 0.9)\n"
    "  -d, --depth K        documents per topic compared (default 1000)\n"
    "  -k, --cutoffs K,...  k of overlap@k and Jaccard@k (default 10)\n"
    "  -q, --per-topic      a row per topic before the means\n"
    "  -f, --format F       tsv (default), csv, json or latex\n"
    "      --precision N    decimals in tsv/csv/latex (default 4)\n"
    "      --order O        score (default, as trec_eval) or rank\n"
    "      --provenance     tsv/csv: a first line '# provenance: {...}' (json always has it)\n";

const char kReproHelp[] =
    "usage: irlens repro QRELS --orig-baseline RUN --orig-advanced RUN --repro-baseline RUN\n"
    "                          --repro-advanced RUN [-m MEASURE...] [options]\n"
    "\n"
    "Did the reproduction reproduce? The measures of Breuer et al. (SIGIR 2020) with repro_eval's\n"
    "definitions and defaults, comparing an original (baseline, advanced) pair of runs with its\n"
    "reproduction. Rows (quantity, measure, cutoff, run, value, topics, note):\n"
    "  KTU, KTU_repro_eval, RBO_repro_eval, RBO_ext  document order per cutoff (both lists cut to it),\n"
    "      baseline and advanced; KTU_repro_eval is repro_eval's form (it depends on how ids are spelled\n"
    "      and fails on lists of different lengths: those topics are left out and counted in the note)\n"
    "  RMSE, nRMSE       per measure, original vs reproduced topic scores (paired by topic id)\n"
    "  ER, DeltaRI       per measure: effect ratio and delta relative improvement\n"
    "  p_value           per measure, Student's t-test of original vs reproduced scores: paired\n"
    "                    (reproducibility) or unpaired (--repro-qrels: replicability)\n"
    "A value that is undefined is nan (json: null) and its note says why; so is a topic left out.\n"
    "\n"
    "      --orig-baseline RUN, --orig-advanced RUN, --repro-baseline RUN, --repro-advanced RUN\n"
    "                         the four runs (required)\n"
    "      --repro-qrels Q    replicability: the reproduced runs are judged by these qrels (other\n"
    "                         topics or collection); document order and RMSE are then not defined\n"
    "  -m, --measure M        measure(s) (repeatable; default AP nDCG P@10)\n"
    "  -k, --cutoffs K,...    document-order cutoffs (default 5,10,20,50,100,1000)\n"
    "  -p, --persistence P    RBO's p (default 0.95, repro_eval's)\n"
    "      --rbo-depth K      repro_eval's RBO depth (default 1000)\n"
    "      --run-length K     documents per topic read (default 1000, repro_eval's)\n"
    "  -f, --format F         tsv (default), csv, json or latex\n"
    "      --precision N      decimals in tsv/csv/latex (default 4)\n"
    "      --order O          score (default, as trec_eval) or rank\n"
    "      --provenance       tsv/csv: a first line '# provenance: {...}' (json always has it)\n";

double one_real(const ParsedOption& o) {
    const std::vector<double> v = reals_option(o);
    if (v.size() != 1) throw UsageError("--" + o.name + " takes one number, got '" + o.value + "'");
    return v[0];
}

std::vector<std::size_t> cutoffs_option(const ParsedOption& o) {
    std::vector<std::size_t> out;
    for (double v : reals_option(o)) {
        if (!(v >= 1) || v != std::floor(v) || v > 1e9)
            throw UsageError("--" + o.name + " takes whole numbers of at least 1, got '" + o.value + "'");
        out.push_back(static_cast<std::size_t>(v));
    }
    return out;
}

/// A table's rows as LaTeX (booktabs-free tabular); NaN as "undefined", text escaped.
std::string latex_table(const std::vector<std::pair<std::string, Table::Kind>>& columns,
                        const std::vector<std::vector<Cell>>& rows, int precision, const std::string& comment) {
    std::string out = comment.empty() ? "" : "% " + comment.substr(2);
    out += "\\begin{tabular}{";
    for (const auto& c : columns) out += c.second == Table::Kind::Text ? 'l' : 'r';
    out += "}\n\\hline\n";
    for (std::size_t i = 0; i < columns.size(); ++i) out += (i ? " & " : "") + latex_escape(columns[i].first);
    out += " \\\\\n\\hline\n";
    char buf[64];
    for (const auto& row : rows) {
        for (std::size_t i = 0; i < columns.size(); ++i) {
            if (i) out += " & ";
            if (columns[i].second == Table::Kind::Text) {
                out += latex_escape(row[i].text);
            } else if (std::isnan(row[i].number)) {
                out += "undefined";
            } else {
                std::snprintf(buf, sizeof buf, "%.*f", columns[i].second == Table::Kind::Integer ? 0 : precision,
                              row[i].number);
                out += buf;
            }
        }
        out += " \\\\\n";
    }
    return out + "\\hline\n\\end{tabular}\n";
}

/// A document of compare_runs_json.hpp (columns, rows) in to.format: json as it is, with irlens'
/// version and the provenance; tsv/csv through Table; latex here. Text cells are strings, null is
/// NaN, and the count columns print as integers.
std::string render(const std::string& document, const TableOptions& to, bool latex, const Provenance& prov) {
    nlohmann::json doc = nlohmann::json::parse(document);
    std::vector<std::pair<std::string, Table::Kind>> columns;
    for (const auto& c : doc["columns"]) {
        const std::string name = c;
        const bool text = !doc["rows"].empty() && doc["rows"][0][name].is_string();
        const bool count = name == "docs_a" || name == "docs_b" || name == "cutoff" || name == "topics";
        columns.push_back({name, text ? Table::Kind::Text : count ? Table::Kind::Integer : Table::Kind::Real});
    }
    std::vector<std::vector<Cell>> rows;
    for (const auto& r : doc["rows"]) {
        std::vector<Cell> row;
        for (const auto& c : columns) {
            const auto& v = r[c.first];
            if (v.is_string())
                row.emplace_back(v.get<std::string>());
            else
                row.emplace_back(v.is_null() ? std::numeric_limits<double>::quiet_NaN() : v.get<double>());
        }
        rows.push_back(std::move(row));
    }
    if (latex) return latex_table(columns, rows, to.precision, to.provenance ? prov.comment() : "");
    doc.erase("columns");
    doc.erase("rows");
    Table table(columns);
    for (auto& r : rows) table.add(std::move(r));
    return table.render(to, doc, prov);
}

/// Takes -f latex (Table knows tsv, csv and json).
bool take_table_option(TableOptions& to, bool& latex, const ParsedOption& o) {
    if (o.name == "format" && o.value == "latex") {
        latex = true;
        return true;
    }
    if (o.name == "format") latex = false;
    return to.take(o);
}

}  // namespace

int cmd_runs(const std::vector<std::string>& args, std::string& out) {
    static const std::vector<OptionSpec> specs = TableOptions::with(
        {{'p', "persistence", true}, {'d', "depth", true}, {'k', "cutoffs", true}, {'q', "per-topic", false}});
    std::vector<ParsedOption> options;
    std::vector<std::string> positional;
    parse_args(args, specs, options, positional);
    TableOptions to;
    bool latex = false, per_topic = false;
    RunComparisonSettings s;
    for (const ParsedOption& o : options) {
        if (take_table_option(to, latex, o)) continue;
        if (o.name == "persistence") s.p = one_real(o);
        if (o.name == "depth") s.depth = count_option(o, 1);
        if (o.name == "cutoffs") s.cutoffs = cutoffs_option(o);
        if (o.name == "per-topic") per_topic = true;
    }
    if (to.help) {
        out += kRunsHelp;
        return 0;
    }
    if (positional.size() != 3) throw UsageError("irlens runs takes QRELS RUN_A RUN_B (see irlens runs --help)");
    Inputs in = load_inputs(positional, to.order, "runs");
    const RunComparison c = compare_rankings(*in.runs[0], *in.runs[1], s);
    for (const auto& [name, only] :
         {std::pair<std::string, const std::vector<std::string>*>{in.runs[0]->name(), &c.only_a},
          {in.runs[1]->name(), &c.only_b}}) {
        if (only->empty()) continue;
        std::string ids;
        for (const std::string& t : *only) ids += (ids.empty() ? "" : " ") + t;
        std::fprintf(stderr, "irlens runs: warning: %zu topic(s) only %s answered, left out: %s\n", only->size(),
                     name.c_str(), ids.c_str());
    }
    Provenance prov("runs", positional);
    prov.settings = settings_of(options);
    out += render(runs_json(c, in.runs[0]->name(), in.runs[1]->name(), per_topic, -1), to, latex, prov);
    return 0;
}

int cmd_repro(const std::vector<std::string>& args, std::string& out) {
    static const std::vector<OptionSpec> specs = TableOptions::with({{0, "orig-baseline", true},
                                                                     {0, "orig-advanced", true},
                                                                     {0, "repro-baseline", true},
                                                                     {0, "repro-advanced", true},
                                                                     {0, "repro-qrels", true},
                                                                     {'m', "measure", true},
                                                                     {'k', "cutoffs", true},
                                                                     {'p', "persistence", true},
                                                                     {0, "rbo-depth", true},
                                                                     {0, "run-length", true}});
    std::vector<ParsedOption> options;
    std::vector<std::string> positional;
    parse_args(args, specs, options, positional);
    TableOptions to;
    bool latex = false;
    ReproSettings s;
    std::string paths[4], repro_qrels;
    const char* const roles[4] = {"orig-baseline", "orig-advanced", "repro-baseline", "repro-advanced"};
    std::vector<MeasureSpec> measures;
    for (const ParsedOption& o : options) {
        if (take_table_option(to, latex, o)) continue;
        for (int i = 0; i < 4; ++i)
            if (o.name == roles[i]) paths[i] = o.value;
        if (o.name == "repro-qrels") repro_qrels = o.value;
        if (o.name == "measure")
            for (MeasureSpec& m : parse_measures(o.value)) measures.push_back(std::move(m));
        if (o.name == "cutoffs") s.cutoffs = cutoffs_option(o);
        if (o.name == "persistence") s.p = one_real(o);
        if (o.name == "rbo-depth") s.rbo_depth = count_option(o, 1);
        if (o.name == "run-length") s.run_length = count_option(o, 1);
    }
    if (to.help) {
        out += kReproHelp;
        return 0;
    }
    if (positional.size() != 1)
        throw UsageError("irlens repro takes one QRELS and the four runs as options (see irlens repro --help)");
    for (int i = 0; i < 4; ++i)
        if (paths[i].empty()) throw UsageError(std::string("--") + roles[i] + " RUN is required");
    if (measures.empty()) measures = parse_measures("AP nDCG P@10");
    s.replicability = !repro_qrels.empty();
    auto qrels = load_qrels(positional[0], QrelsFormat::Plain);
    auto rqrels = s.replicability ? load_qrels(repro_qrels, QrelsFormat::Plain) : qrels;
    const RunNames names = run_names({paths[0], paths[1], paths[2], paths[3]});
    std::shared_ptr<const Run> runs[4];
    for (int i = 0; i < 4; ++i) runs[i] = load_run(i < 2 ? qrels : rqrels, paths[i], names.names[i], to.order);
    const ReproReport r = reproducibility(runs[0], runs[1], runs[2], runs[3], measures, s);
    for (const std::string& w : r.warnings) std::fprintf(stderr, "irlens repro: warning: %s\n", w.c_str());
    std::vector<std::string> prov_inputs = {positional[0], paths[0], paths[1], paths[2], paths[3]};
    Provenance prov("repro", prov_inputs);
    if (s.replicability) prov.inputs.emplace_back("qrels", repro_qrels);
    prov.measures = measures;
    prov.settings = settings_of(options);
    out += render(repro_json(r, names.names[0], names.names[1], names.names[2], names.names[3], -1), to, latex, prov);
    return 0;
}

}  // namespace irlens::cli
