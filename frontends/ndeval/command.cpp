// ndeval 4.5's command line (its own argument loop, not getopt): flags with a value, -traditional,
// and single-dash letter groups of which only -c changes anything.
#include "irlens/error.hpp"
#include "irlens/frontends/ndeval.hpp"
#include "irlens/readers/text.hpp"

namespace irlens {

const char* ndeval_help() {
    return "usage: irlens ndeval [options] QRELS RUN\n"
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
}

namespace {

double number(const std::string& option, const std::string& value) {
    double x;
    if (!text::parse_double(value, x)) throw UsageError("option " + option + " needs a number, got '" + value + "'");
    return x;
}

}  // namespace

NdevalCommand parse_ndeval_command(const std::vector<std::string>& args) {
    NdevalCommand c;
    NdevalOptions& o = c.options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "-help" || a == "--help" || a == "-h") {
            c.help = true;
            return c;
        }
        if (a == "-version" || a == "--version") {
            c.version = true;
            return c;
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
            if (a == "-baseline") c.baseline_file = v;
            if (a == "-M" && (!text::parse_long(v, o.max_docs) || o.max_docs <= 0))
                throw UsageError("option -M needs a positive integer, got '" + v + "'");
            continue;
        }
        if (a == "-traditional") {
            c.traditional = true;
            continue;
        }
        if (a.size() > 1 && a[0] == '-') {
            for (std::size_t k = 1; k < a.size(); ++k) {
                if (a[k] == 'c')
                    o.complete = true;
                else if (a[k] != 'a')  // -a (report all measures) changes nothing in ndeval 4.5
                    throw UsageError("unknown option '" + a + "' (see irlens ndeval --help)");
            }
            continue;
        }
        c.files.push_back(a);
    }
    return c;
}

}  // namespace irlens
