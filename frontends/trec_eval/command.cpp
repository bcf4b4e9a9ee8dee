// trec_eval's command line: the flags of trec_eval.c (getopt_long "hvqm:cl:nD:JN:M:R:T:oZ:").
#include "irlens/frontends/args.hpp"
#include "irlens/error.hpp"
#include "irlens/measures/measure.hpp"
#include "irlens/readers/text.hpp"
#include "irlens/frontends/trec_eval.hpp"

#include <cstdlib>

namespace irlens {

std::string trec_eval_help() {
    std::string nicknames;  // the registry's trec_eval_groups(), the first the default
    for (const MeasureGroup& g : trec_eval_groups())
        nicknames += (nicknames.empty() ? g.name + " (default)" : ", " + g.name);
    return "usage: irlens trec_eval [-h] [-q] [-m measure[.params]]... [-c] [-n] [-l num] [-J] [-M num] [-N num]\n"
           "                        [-R rel_format] [-Z zscores_file] QRELS RUN\n"
           "\n"
           "Evaluates RUN against QRELS exactly as trec_eval 10.0 does and prints the same output.\n"
           "RUN may be '-' for stdin; both files may be gzip-compressed.\n"
           "  -q        also print the value of every measure for every topic\n"
           "  -m M      measure or nickname to compute (repeatable); nicknames: " +
           nicknames +
           ";\n"
           "            a measure may take parameters: P.5,10  ndcg.1=3,2=9  rbp.p=0.5  relstring.20\n"
           "            (`irlens measures` gives each measure's trec_eval names)\n"
           "  -c        average over every qrels topic; a topic without results scores 0\n"
           "  -n        no summary ('all') lines\n"
           "  -l N      minimum judgment counted as relevant (default 1)\n"
           "  -J        drop unjudged documents before evaluating\n"
           "  -M N      evaluate only the first N documents of each topic\n"
           "  -N N      number of documents in the collection (for utility)\n"
           "  -R F      relevance format: qrels (default); qrels_jg (topic group doc rel, for -m qrels_jg);\n"
           "            prefs (topic jg jsg doc rel_level) or qrels_prefs (a qrels file read as prefs), for\n"
           "            -m all_prefs / -m prefs\n"
           "  -Z FILE   print z-scores against the means and standard deviations in FILE\n"
           "Differences from trec_eval 10.0 are listed in irlens' README.\n";
}

namespace {

/// A warning when `value` of `flag` is not the number trec_eval's atol/atof read it as.
void check_number(const std::string& flag, const std::string& value, bool integer, std::vector<std::string>& warnings) {
    long l;
    double d;
    bool ok = integer ? text::parse_long(value, l) : text::parse_double(value, d);
    if (!ok) {
        std::string read = integer ? std::to_string(std::atol(value.c_str())) : format_number(std::atof(value.c_str()));
        warnings.push_back(flag + ": '" + value + "' is not " + (integer ? "an integer" : "a number") + "; read as " +
                           read + ", as trec_eval does");
    }
}

/// The numbers of a -m parameter list (P.5,10  ndcg.1=3,2=9  rbp.p=0.5): each value is checked.
void check_measure_params(const std::string& measure, std::vector<std::string>& warnings) {
    std::size_t dot = measure.find('.');
    if (dot == std::string::npos) return;
    std::string params = measure.substr(dot + 1);
    std::size_t start = 0;
    for (std::size_t i = 0; i <= params.size(); ++i) {
        if (i < params.size() && params[i] != ',') continue;
        std::string piece = params.substr(start, i - start);
        start = i + 1;
        std::size_t eq = piece.find('=');
        if (!piece.empty())
            check_number("-m " + measure, eq == std::string::npos ? piece : piece.substr(eq + 1), false, warnings);
    }
}

}  // namespace

TrecEvalCommand parse_trec_eval_command(const std::vector<std::string>& args) {
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
    TrecEvalCommand c;
    parse_args(args, specs, options, c.files);
    TrecEvalOptions& o = c.options;
    for (const ParsedOption& p : options) {
        if (p.name == "help") c.help = true;
        if (p.name == "version") c.version = true;
        if (p.name == "query_eval_wanted") o.per_query = true;
        if (p.name == "measure") {
            o.measures.push_back(p.value);
            check_measure_params(p.value, c.warnings);
        }
        if (p.name == "complete_rel_info_wanted") o.complete = true;
        if (p.name == "level_for_rel") {
            o.rel_level = std::atol(p.value.c_str());  // trec_eval's atol
            check_number("-l", p.value, true, c.warnings);
        }
        if (p.name == "nosummary") o.summary = false;
        if (p.name == "Debug_level") {
            std::size_t dot = p.value.find('.');
            if (dot != std::string::npos) o.only_topic = p.value.substr(dot + 1);
        }
        if (p.name == "Judged_docs_only") o.judged_only = true;
        if (p.name == "Number_docs_in_coll") {
            o.num_docs = std::atol(p.value.c_str());
            check_number("-N", p.value, true, c.warnings);
        }
        if (p.name == "Max_retrieved_per_topic") {
            o.max_docs = std::atol(p.value.c_str());
            check_number("-M", p.value, true, c.warnings);
        }
        if (p.name == "Rel_info_format") c.rel_format = p.value;
        if (p.name == "Results_format" && p.value != "trec_results")
            throw UsageError("illegal retrieval results format '" + p.value + "' (only trec_results)");
        if (p.name == "Zscore") c.zscores_file = p.value;
    }
    if (c.rel_format != "qrels" && c.rel_format != "qrels_jg" && c.rel_format != "prefs" &&
        c.rel_format != "qrels_prefs")
        throw UsageError("illegal rel_format '" + c.rel_format + "' (qrels, qrels_jg, prefs or qrels_prefs)");
    return c;
}

}  // namespace irlens
