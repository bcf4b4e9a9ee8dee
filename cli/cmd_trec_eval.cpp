// `irlens trec_eval`: trec_eval 10.0's command line and output, byte for byte.
#include "args.hpp"
#include "commands.hpp"
#include "input.hpp"

#include "irlens/error.hpp"
#include "irlens/trec_eval.hpp"
#include "irlens/version.hpp"

#include <cstdio>
#include <cstdlib>

namespace irlens::cli {

namespace {

const char kHelp[] =
    "usage: irlens trec_eval [-h] [-q] [-m measure[.params]]... [-c] [-n] [-l num] [-J] [-M num] [-N num]\n"
    "                        [-R rel_format] [-Z zscores_file] QRELS RUN\n"
    "\n"
    "Evaluates RUN against QRELS exactly as trec_eval 10.0 does and prints the same output.\n"
    "RUN may be '-' for stdin; both files may be gzip-compressed.\n"
    "  -q        also print the value of every measure for every topic\n"
    "  -m M      measure or nickname to compute (repeatable): official (default), all_trec, set,\n"
    "            qrels_jg, or a measure with parameters: P.5,10  ndcg.1=3,2=9  rbp.p=0.5  relstring.20\n"
    "  -c        average over every qrels topic; a topic without results scores 0\n"
    "  -n        no summary ('all') lines\n"
    "  -l N      minimum judgment counted as relevant (default 1)\n"
    "  -J        drop unjudged documents before evaluating\n"
    "  -M N      evaluate only the first N documents of each topic\n"
    "  -N N      number of documents in the collection (for utility)\n"
    "  -R F      qrels format: qrels (default) or qrels_jg\n"
    "  -Z FILE   print z-scores against the means and standard deviations in FILE\n"
    "Differences from trec_eval 10.0 are listed in irlens' README.\n";

}  // namespace

int cmd_trec_eval(const std::vector<std::string>& args, std::string& out) {
    static const std::vector<OptionSpec> specs = {
        {'h', "help", false},
        {'v', "version", false},
        {'q', "query_eval_wanted", false},
        {'m', "measure", true},
        {'c', "complete_rel_info_wanted", false},
        {'l', "level_for_rel", true},
        {'n', "nosummary", false},
        {'D', "Debug_level", true},
        {'J', "Judged_docs_only", false},
        {'N', "Number_docs_in_coll", true},
        {'M', "Max_retrieved_per_topic", true},
        {'R', "Rel_info_format", true},
        {'T', "Results_format", true},
        {'o', "Output_old_results_format", false},
        {'Z', "Zscore", true},
    };
    std::vector<ParsedOption> options;
    std::vector<std::string> positional;
    parse_args(args, specs, options, positional);
    TrecEvalOptions o;
    std::string rel_format = "qrels", zscores_file;
    for (const ParsedOption& p : options) {
        if (p.name == "help") {
            out += kHelp;
            return 0;
        }
        if (p.name == "version") {
            std::fprintf(stderr, "irlens %s (trec_eval 10.0 compatible)\n", IRLENS_VERSION);
            return 0;
        }
        if (p.name == "query_eval_wanted") o.per_query = true;
        if (p.name == "measure") o.measures.push_back(p.value);
        if (p.name == "complete_rel_info_wanted") o.complete = true;
        if (p.name == "level_for_rel") o.rel_level = std::atol(p.value.c_str());
        if (p.name == "nosummary") o.summary = false;
        if (p.name == "Debug_level") {
            std::size_t dot = p.value.find('.');
            if (dot != std::string::npos) o.only_topic = p.value.substr(dot + 1);
        }
        if (p.name == "Judged_docs_only") o.judged_only = true;
        if (p.name == "Number_docs_in_coll") o.num_docs = std::atol(p.value.c_str());
        if (p.name == "Max_retrieved_per_topic") o.max_docs = std::atol(p.value.c_str());
        if (p.name == "Rel_info_format") rel_format = p.value;
        if (p.name == "Results_format" && p.value != "trec_results")
            throw UsageError("illegal retrieval results format '" + p.value + "' (only trec_results)");
        if (p.name == "Zscore") zscores_file = p.value;
    }
    if (positional.size() != 2) {
        std::fputs(kHelp, stderr);
        return 2;
    }
    QrelsFormat format;
    if (rel_format == "qrels")
        format = QrelsFormat::Plain;
    else if (rel_format == "qrels_jg")
        format = QrelsFormat::Grouped;
    else
        throw UsageError("illegal rel_format '" + rel_format + "' (qrels or qrels_jg)");
    if (!zscores_file.empty()) {
        std::string bytes;
        read_file(zscores_file, [&](std::string_view c) { bytes.append(c.data(), c.size()); });
        o.zscores = ZScores::parse(zscores_file, bytes);
    }
    auto qrels = load_qrels(positional[0], format);
    auto run = load_run(qrels, positional[1], positional[1], RunOrder::Score);
    out = trec_eval(o, qrels, run);
    return 0;
}

}  // namespace irlens::cli
