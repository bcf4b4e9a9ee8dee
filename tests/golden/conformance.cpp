// Golden-output conformance against the reference data in ../shared/data (see ../shared/README.md
// for the command that produced each file): `irlens trec_eval` and `irlens ndeval` must print the
// same bytes; `irlens eval` must give ndeval's and gdeval's numbers in their layout.
//
// Run in-process through the CLI's own dispatch (cli::run), so flag parsing is covered too.
// Exits 77 - reported by ctest as SKIPPED, never as passed - when ../shared/data is absent.
#include "commands.hpp"
#include "input.hpp"
#include "reference_data.hpp"

#include "irlens/measures/measure.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace {

using irlens::test::is_dir;
using irlens::test::list_dir;

int failures = 0, passes = 0;

std::string slurp(const std::string& path) {
    std::string bytes;
    irlens::cli::read_file(path, [&](std::string_view c) { bytes.append(c.data(), c.size()); });
    return bytes;
}

/// Compares what `irlens ARGS` printed (out, after any reshaping) with the golden file.
void compare(const std::string& label, const std::string& golden, int rc, const std::string& out,
             const std::string& err) {
    std::string want = slurp(golden);
    if (rc == 0 && out == want) {
        ++passes;
        return;
    }
    ++failures;
    std::printf("FAIL %s (exit %d) %s", label.c_str(), rc, err.c_str());
    std::size_t line = 1, i = 0;
    while (i < out.size() && i < want.size() && out[i] == want[i]) line += out[i++] == '\n';
    auto line_at = [](const std::string& s, std::size_t pos) {
        std::size_t a = s.rfind('\n', pos ? pos - 1 : 0);
        a = a == std::string::npos ? 0 : a + 1;
        return s.substr(a, s.find('\n', a) - a);
    };
    std::printf("\n  first difference at line %zu\n  want: %s\n  got:  %s\n", line, line_at(want, i).c_str(),
                line_at(out, i).c_str());
}

/// Runs `irlens ARGS` and compares stdout with the golden file.
void check(const std::string& label, const std::string& golden, const std::vector<std::string>& args) {
    std::string out, err;
    int rc = irlens::cli::run(args, out, err);
    compare(label, golden, rc, out, err);
}

/// Runs `irlens eval -q ... -m M1 -m M2 ...` (TSV: run, measure, topic|all, value) and lays its
/// values out as the reference tools' CSV: `header`, then `runid,TOPIC,M1,M2,...` per topic in
/// the order printed and `runid,amean,...` for the means; compares that with the golden file.
void check_eval_as_csv(const std::string& label, const std::string& golden, const std::string& header,
                       const std::string& runid, std::vector<std::string> args,
                       const std::vector<std::string>& measures) {
    for (const std::string& m : measures) args.insert(args.end(), {"-m", m});
    std::string out, err;
    int rc = irlens::cli::run(args, out, err);
    std::vector<std::string> topics;
    std::vector<std::vector<std::string>> values;
    std::size_t pos = 0;
    while (rc == 0 && pos < out.size()) {
        std::size_t end = out.find('\n', pos);
        std::string line = out.substr(pos, end - pos);
        pos = end == std::string::npos ? out.size() : end + 1;
        if (line.rfind("# ", 0) == 0) continue;  // the comment line stating the missing-topic policy
        std::vector<std::string> f;
        for (std::size_t a = 0, b; (b = line.find('\t', a)) != std::string::npos; a = b + 1)
            f.push_back(line.substr(a, b - a));
        f.push_back(line.substr(line.rfind('\t') + 1));
        if (f.size() != 4) break;
        std::string topic = f[2] == "all" ? "amean" : f[2];
        if (topics.empty() || topics.back() != topic) {
            topics.push_back(topic);
            values.emplace_back(measures.size());
        }
        for (std::size_t m = 0; m < measures.size(); ++m)
            if (f[1] == irlens::parse_measure(measures[m]).name()) values.back()[m] = f[3];
    }
    std::string csv = header;
    for (std::size_t t = 0; t < topics.size(); ++t) {
        csv += runid + "," + topics[t];
        for (const std::string& v : values[t]) csv += "," + v;
        csv += "\n";
    }
    compare(label, golden, rc, csv, err);
}

}  // namespace

int main(int argc, char** argv) {
    std::string shared = argc > 1 ? argv[1] : "../shared";
    std::string te = shared + "/data/trec_eval-test/";
    if (!is_dir(te)) {
        std::printf(
            "SKIPPED: %s not found - the trec_eval, covid-r1, web2012, ndeval and gdeval golden tests were NOT run\n",
            te.c_str());
        return 77;
    }

    // trec_eval's own test suite: the cases are shared with the node (WASM) conformance test.
    nlohmann::json list = nlohmann::json::parse(slurp(IRLENS_GOLDEN_CASES));
    nlohmann::json cases = list["cases"];
    for (const auto& c : cases) {
        std::vector<std::string> args = {"trec_eval"};
        for (const auto& f : c["flags"]) args.push_back(f.get<std::string>());
        if (c.contains("zscores")) {
            args.push_back("-Z");
            args.push_back(te + c["zscores"].get<std::string>());
        }
        args.push_back(te + c["qrels"].get<std::string>());
        args.push_back(te + c["run"].get<std::string>());
        std::string label;
        for (std::size_t i = 1; i < args.size(); ++i) label += " " + args[i].substr(args[i].find_last_of('/') + 1);
        check(c["golden"].get<std::string>() + " <-" + label, te + c["golden"].get<std::string>(), args);
    }

    // TREC-COVID round 1: 143 runs, trec_eval -c -q -m all_trec (RBP as the fixed trec_eval computes it).
    std::string covid = shared + "/data/covid-r1/";
    int covid_runs = 0;
    for (const std::string& f : list_dir(covid + "runs")) {
        std::string run = f.substr(0, f.size() - 3);  // strip .gz
        check("covid-r1 " + run, covid + "ref/" + run + ".all_trec.txt.gz",
              {"trec_eval", "-c", "-q", "-m", "all_trec", covid + "qrels-rnd1.txt", covid + "runs/" + f});
        ++covid_runs;
    }

    // TREC 2012 Web track, adhoc qrels with grades up to 4 and spam -2.
    std::string web = shared + "/data/web2012/";
    int web_runs = 0;
    for (const std::string& f : list_dir(web + "runs")) {
        std::string run = f.substr(0, f.size() - 7);  // strip .txt.gz
        check("web2012 " + run, web + "ref/" + run + ".trec_eval.all_trec.txt",
              {"trec_eval", "-c", "-q", "-m", "all_trec", web + "qrels/qrels.adhoc.txt", web + "runs/" + f});
        ++web_runs;
    }

    // TREC 2012 Web track diversity: `irlens ndeval` against NIST's ndeval v4.5, byte for byte; the
    // same measures from `irlens eval` on the raw diversity qrels (spam -2 and the 8 subtopics
    // without relevant documents still in them) must give ndeval's numbers; gdeval's nDCG@20 and
    // ERR@20 from `irlens eval` against gdeval.pl's output (5 decimals).
    const std::vector<std::string> ndeval_measures = {
        "ERR_IA@5",     "ERR_IA@10",    "ERR_IA@20",    "nERR_IA@5",     "nERR_IA@10",    "nERR_IA@20",  "alpha_DCG@5",
        "alpha_DCG@10", "alpha_DCG@20", "alpha_nDCG@5", "alpha_nDCG@10", "alpha_nDCG@20", "NRBP",        "nNRBP",
        "AP_IA",        "P_IA@5",       "P_IA@10",      "P_IA@20",       "StRecall@5",    "StRecall@10", "StRecall@20"};
    std::string ndeval_header = slurp(web + "ref/ql-results-cata.ndeval.csv");
    ndeval_header = ndeval_header.substr(0, ndeval_header.find('\n') + 1);
    int diversity_runs = 0;
    for (const std::string& f : list_dir(web + "runs")) {
        std::string run = f.substr(0, f.size() - 7), path = web + "runs/" + f;
        check("web2012 ndeval " + run, web + "ref/" + run + ".ndeval.csv",
              {"ndeval", web + "qrels/qrels-for-ndeval.txt", path});
        check_eval_as_csv("web2012 eval (diversity qrels) as ndeval " + run, web + "ref/" + run + ".ndeval.csv",
                          ndeval_header, "indri",
                          {"eval", "--qrels-format", "diversity", "--order", "rank", "-q", "--precision", "6",
                           web + "qrels/qrels.diversity.txt", path},
                          ndeval_measures);
        check_eval_as_csv("web2012 gdeval " + run, web + "ref/" + run + ".gdeval.csv", "runid,topic,ndcg@20,err@20\n",
                          "indri", {"eval", "-q", "--precision", "5", web + "qrels/qrels.adhoc.txt", path},
                          {"nDCG(dcg=exp-log2)@20", "ERR@20"});
        ++diversity_runs;
    }

    // ndeval's risk-sensitive mode and -c: the outputs of ndeval.c 4.5 (trec-web/trec-web-2014,
    // src/eval/ndeval.c, built with `gcc -o ndeval ndeval.c -lm`) for two web2012 runs, committed in
    // tests/golden/ndeval/ as FILE.csv <- `ndeval FLAGS qrels-for-ndeval.txt RUN` (runs unzipped).
    struct NdevalCase {
        const char *golden, *run, *baseline, *alpha;
        bool complete;
    };
    const NdevalCase ndeval_cases[] = {
        {"ql-vs-rm.baseline.csv", "ql", "rm", nullptr, false},
        {"ql-vs-rm.riskAlpha1.csv", "ql", "rm", "1", false},
        {"rm-vs-ql.baseline.csv", "rm", "ql", nullptr, false},
        {"rm-vs-ql.c.riskAlpha5.csv", "rm", "ql", "5", true},
        {"rm.c.csv", "rm", nullptr, nullptr, true},
    };
    auto web_run = [&](const std::string& name) { return web + "runs/" + name + "-results-cata.txt.gz"; };
    for (const NdevalCase& c : ndeval_cases) {
        std::vector<std::string> args = {"ndeval"};
        if (c.complete) args.push_back("-c");
        if (c.baseline) args.insert(args.end(), {"-baseline", web_run(c.baseline)});
        if (c.alpha) args.insert(args.end(), {"-riskAlpha", c.alpha});
        args.insert(args.end(), {web + "qrels/qrels-for-ndeval.txt", web_run(c.run)});
        check(std::string("web2012 ndeval ") + c.golden, std::string(IRLENS_GOLDEN_NDEVAL) + c.golden, args);
    }

    std::printf(
        "conformance: %d passed, %d failed (trec_eval-test cases, %d covid-r1 runs, %d web2012 runs; ndeval, "
        "eval-as-ndeval and gdeval for %d web2012 runs)\n",
        passes, failures, covid_runs, web_runs, diversity_runs);
    if (covid_runs != 143 || web_runs != 8 || diversity_runs != 8) {
        std::printf("FAIL: expected 143 covid-r1 runs and 8 web2012 runs in %s\n", shared.c_str());
        return 1;
    }
    return failures ? 1 : 0;
}
