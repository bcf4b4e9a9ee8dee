// `irlens axioms`: the axiomatic audit (Amigó, Spina & Carrillo-de-Albornoz, SIGIR 2018, Sec. 3-4):
// each measure against the ten formal constraints, checked on constructed rankings
// (irlens/axioms/axioms.hpp).
#include "commands.hpp"
#include "option_values.hpp"

#include "irlens/axioms/axioms.hpp"
#include "irlens/error.hpp"
#include "irlens/frontends/json_documents.hpp"
#include "irlens/frontends/stats_flags.hpp"

namespace irlens::cli {

namespace {

const char kHelp[] =
    "usage: irlens axioms [-m MEASURE...] [--format tsv|json] [--seed N]\n"
    "\n"
    "Checks each measure against the ten formal constraints of Amigo, Spina & Carrillo-de-Albornoz\n"
    "(SIGIR 2018, Sec. 3): Pri, Deep, DeepTh, CloseTh, Conf (relevance) and AspDiv, Red, MRed, Sat,\n"
    "AspRel (diversity). Every score is the real measure's, on small constructed judgments and the\n"
    "pairs of rankings each constraint compares: systematic small cases plus a seeded random search;\n"
    "DeepTh and CloseTh search n, m = 1..30, Sat searches r_max over grades 1..3.\n"
    "Verdicts: violated (with the smallest counterexample as JSON), no violation in N cases,\n"
    "witness at n=K / none up to n=B (the existential constraints), n/a: REASON.\n"
    "\n"
    "  -m, --measure M   measures to audit (repeatable; lists separated by spaces or commas);\n"
    "                    default: the metrics of the paper's Table 1 (k = 10);\n"
    "                    'all': every registered measure, with its defaults (@10 where it needs a cutoff)\n"
    "  -f, --format F    tsv (default: measure, constraint, verdict, counterexample) or json\n"
    "      --seed N      seed of the random search (default 2018)\n"
    "See docs/axioms.md for the readings of each constraint and the paper's Table 1 beside irlens'.\n";

// A TSV cell holds no tab or newline (the JSON of a counterexample has none; reasons neither).
std::string tsv_cell(const std::string& s) {
    std::string out;
    for (char c : s) out += c == '\t' || c == '\n' || c == '\r' ? ' ' : c;
    return out;
}

}  // namespace

int cmd_axioms(const std::vector<std::string>& args, std::string& out) {
    static const std::vector<OptionSpec> specs = {
        {'m', "measure", true}, {'f', "format", true}, {0, "seed", true}, {'h', "help", false}};
    std::vector<ParsedOption> options;
    std::vector<std::string> positional;
    parse_args(args, specs, options, positional);
    std::vector<std::string> names;
    std::string format = "tsv";
    AxiomOptions ao;
    for (const ParsedOption& o : options) {
        if (o.name == "help") {
            out += kHelp;
            return 0;
        }
        if (o.name == "measure") names.push_back(o.value);
        if (o.name == "format") {
            format = o.value;
            if (format != "tsv" && format != "json")
                throw UsageError("--format must be tsv or json, got '" + o.value + "'");
        }
        if (o.name == "seed") {
            Resampling r;
            take_resampling_option(o, r);
            ao.seed = r.seed;
        }
    }
    if (!positional.empty()) throw UsageError("unexpected argument '" + positional[0] + "' (see irlens axioms --help)");
    std::vector<AxiomResult> results;
    for (const MeasureSpec& m : axiom_measures(names))
        for (AxiomResult& r : check_axioms(m, ao)) results.push_back(std::move(r));
    if (format == "json") {
        out += axioms_json(results, ao, 2) + "\n";
        return 0;
    }
    out += "measure\tconstraint\tverdict\tcounterexample\n";
    for (const AxiomResult& r : results)
        out += tsv_cell(r.measure) + "\t" + constraint_info(r.constraint).name + "\t" + tsv_cell(r.verdict_text()) +
               "\t" + (r.example ? axiom_case_json(*r.example) : std::string()) + "\n";
    return 0;
}

}  // namespace irlens::cli
