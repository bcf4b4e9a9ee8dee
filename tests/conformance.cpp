// Golden-output conformance against the reference data in ../shared/data (see ../shared/README.md
// for the command that produced each file): `irlens trec_eval` must print the same bytes.
//
// Run in-process through the CLI's own dispatch (cli::run), so flag parsing is covered too.
// Exits 77 - reported by ctest as SKIPPED, never as passed - when ../shared/data is absent.
#include "commands.hpp"
#include "input.hpp"
#include "reference_data.hpp"

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

/// Runs `irlens ARGS` and compares stdout with the golden file.
void check(const std::string& label, const std::string& golden, const std::vector<std::string>& args) {
    std::string out, err;
    int rc = irlens::cli::run(args, out, err);
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

}  // namespace

int main(int argc, char** argv) {
    std::string shared = argc > 1 ? argv[1] : "../shared";
    std::string te = shared + "/data/trec_eval-test/";
    if (!is_dir(te)) {
        std::printf("SKIPPED: %s not found - the trec_eval, covid-r1 and web2012 golden tests were NOT run\n",
                    te.c_str());
        return 77;
    }

    // trec_eval's own test suite: the cases are shared with the node (WASM) conformance test.
    nlohmann::json list = nlohmann::json::parse(slurp(IRLENS_GOLDEN_CASES));
    for (const auto& c : list["cases"]) {
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

    std::printf("conformance: %d passed, %d failed (trec_eval-test cases, %d covid-r1 runs, %d web2012 runs)\n",
                passes, failures, covid_runs, web_runs);
    if (covid_runs != 143 || web_runs != 8) {
        std::printf("FAIL: expected 143 covid-r1 runs and 8 web2012 runs in %s\n", shared.c_str());
        return 1;
    }
    return failures ? 1 : 0;
}
