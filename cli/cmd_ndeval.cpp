// `irlens ndeval`: ndeval v4.5's command line and CSV output (see irlens/ndeval.hpp).
#include "commands.hpp"
#include "input.hpp"

#include "irlens/error.hpp"
#include "irlens/ndeval.hpp"
#include "irlens/text.hpp"

namespace irlens::cli {

namespace {

const char kHelp[] =
    "usage: irlens ndeval [options] QRELS RUN\n"
    "\n"
    "Evaluates RUN against the diversity QRELS (topic subtopic doc judgment) exactly as NIST's ndeval v4.5\n"
    "does and prints the same CSV: ERR-IA, nERR-IA, alpha-DCG, alpha-nDCG @5,10,20, NRBP, nNRBP, MAP-IA,\n"
    "P-IA and strec @5,10,20 per topic and their mean ('amean'). Judgments are binary (> 0 is relevant);\n"
    "negative judgments are refused, as ndeval does. RUN may be '-' for stdin; files may be gzip-compressed.\n"
    "  -alpha A        redundancy intolerance of alpha-nDCG, NRBP and ERR-IA (default 0.5)\n"
    "  -beta B         patience of NRBP (default 0.5)\n"
    "  -traditional    order the run by score (ties by doc id descending) instead of by its rank column\n"
    "  -c              average over every qrels topic (a topic without results counts 0)\n"
    "  -M N            evaluate only the first N documents of each topic\n"
    "  -baseline FILE  risk-sensitive evaluation against this baseline run\n"
    "  -riskAlpha R    extra weight of losses against the baseline: they count (1 + R) times (default 0)\n"
    "The same measures, with more options, are available in `irlens eval` (ERR_IA@k, alpha_nDCG@k, ...).\n"
    "Differences from ndeval 4.5 are listed in irlens' README.\n";

double number(const std::string& option, const std::string& value) {
    double x;
    if (!text::parse_double(value, x)) throw UsageError("option " + option + " needs a number, got '" + value + "'");
    return x;
}

}  // namespace

int cmd_ndeval(const std::vector<std::string>& args, std::string& out) {
    NdevalOptions o;
    bool traditional = false;
    std::string baseline_path;
    std::vector<std::string> positional;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "-help" || a == "--help" || a == "-h") {
            out += kHelp;
            return 0;
        }
        if (a == "-version" || a == "--version") {
            out += "irlens ndeval (ndeval version 4.5 compatible)\n";
            return 0;
        }
        if (a == "-alpha" || a == "-beta" || a == "-M" || a == "-baseline" || a == "-riskAlpha") {
            if (i + 1 >= args.size()) throw UsageError("option " + a + " needs a value");
            const std::string& v = args[++i];
            if (a == "-alpha") o.alpha = number(a, v);
            if (a == "-beta") o.beta = number(a, v);
            if (a == "-riskAlpha") {
                o.risk_alpha = number(a, v);
                o.risk_alpha_text = v;
            }
            if (a == "-baseline") baseline_path = v;
            if (a == "-M" && (!text::parse_long(v, o.max_docs) || o.max_docs <= 0))
                throw UsageError("option -M needs a positive integer, got '" + v + "'");
            continue;
        }
        if (a == "-traditional") {
            traditional = true;
            continue;
        }
        if (a.size() > 1 && a[0] == '-') {
            for (std::size_t k = 1; k < a.size(); ++k) {
                if (a[k] == 'c') o.complete = true;
                else if (a[k] != 'a')  // -a (report all measures) changes nothing in ndeval 4.5
                    throw UsageError("unknown option '" + a + "' (see irlens ndeval --help)");
            }
            continue;
        }
        positional.push_back(a);
    }
    if (positional.size() != 2) throw UsageError("expected QRELS and RUN (see irlens ndeval --help)");
    RunOrder order = traditional ? RunOrder::Score : RunOrder::Rank;
    auto qrels = load_qrels(positional[0], QrelsFormat::Grouped);
    auto run = load_run(qrels, positional[1], positional[1], order);
    std::shared_ptr<const Run> baseline;
    if (!baseline_path.empty()) baseline = load_run(qrels, baseline_path, baseline_path, order);
    out = ndeval(o, qrels, run, baseline);
    return 0;
}

}  // namespace irlens::cli
