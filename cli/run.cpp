// Subcommand dispatch and error mapping, shared by main() and the tests.
#include "commands.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/text.hpp"
#include "irlens/version.hpp"

#include <cstring>
#include <exception>
#include <string>
#include <vector>

namespace irlens::cli {

const char kUsage[] =
    "irlens " IRLENS_VERSION
    " - information-retrieval evaluation\n"
    "\n"
    "usage:\n"
    "  irlens trec_eval [trec_eval flags] QRELS RUN   drop-in for trec_eval 10.0 (same flags, same output)\n"
    "  irlens eval QRELS RUN... -m MEASURE...          many runs, measures named as in ir_measures\n"
    "  irlens ndeval [ndeval flags] QRELS RUN         drop-in for NIST's ndeval 4.5 (diversity; same CSV)\n"
    "  irlens explain QRELS RUN --topic T -m MEASURE... the arithmetic of measures for one topic, rank by rank\n"
    "  irlens measures [NAME]                          the measure registry: names, parameters, help, citations\n"
    "  irlens compare QRELS RUN... -m MEASURE...       significance tests between runs, intervals, effect sizes\n"
    "  irlens meta ANALYSIS QRELS RUN... -m MEASURE... meta-evaluation: correlation, discriminative power, ...\n"
    "  irlens rarity QRELS RUN... [--depth K]          per topic, how many runs found each relevant document\n"
    "  irlens unique QRELS RUN... --depth K            unique contributions to the relevant set, per run and group\n"
    "  irlens relative sweep|sample QRELS RUN... -m M  rareness measures: tau vs alpha; tau vs number of runs\n"
    "  irlens axioms [-m MEASURE...] [--seed N]        the axiomatic audit: measures vs 10 formal constraints\n"
    "  irlens check RUN... [--qrels Q] [--topics F]    validate submitted runs (all problems, file and line)\n"
    "  irlens judgments QRELS_A QRELS_B [RUN... -m M]  two sets of judgments compared: labels, run orderings\n"
    "  irlens runs QRELS RUN_A RUN_B                   how different two runs' rankings are: RBO, KTU, overlap\n"
    "  irlens repro QRELS --orig-baseline R ...        did the reproduction reproduce? KTU, RBO, RMSE, ER, DeltaRI\n"
    "  irlens version\n"
    "\n"
    "Files may be gzip-compressed; '-' reads stdin. Exit codes: 0 ok, 2 usage error, 3 input error\n"
    "(and 4 from irlens check: errors found).\n"
    "`irlens COMMAND --help` describes a command.\n";

int run(const std::vector<std::string>& all, std::string& out, std::string& err) {
    std::vector<std::string> args = all;
    if (args.empty() || args[0] == "help" || args[0] == "-h" || args[0] == "--help") {
        (args.empty() ? err : out) += kUsage;  // asked for: stdout; no command: a usage error
        return args.empty() ? 2 : 0;
    }
    std::string command = args[0];
    args.erase(args.begin());
    auto fail = [&](const char* what, int code) {
        out.clear();
        err += "irlens " + command + ": " + what + "\n";
        return code;
    };
    // Every writer but the drop-ins' (which print the reference tool's bytes) prints valid UTF-8:
    // an invalid byte sequence in a name or id becomes U+FFFD (text::to_utf8). Replacing over the
    // whole output equals replacing field by field: fields end at ASCII separators, never part
    // of a multi-byte sequence.
    auto utf8 = [&](int rc) {
        if (text::valid_utf8_prefix(out) != out.size()) out = text::to_utf8(out);
        return rc;
    };
    try {
        if (command == "trec_eval") return cmd_trec_eval(args, out);
        if (command == "ndeval") return cmd_ndeval(args, out);
        if (command == "eval") return utf8(cmd_eval(args, out));
        if (command == "explain") return utf8(cmd_explain(args, out));
        if (command == "measures") return utf8(cmd_measures(args, out));
        if (command == "compare") return utf8(cmd_compare(args, out));
        if (command == "meta") return utf8(cmd_meta(args, out));
        if (command == "rarity") return utf8(cmd_rarity(args, out));
        if (command == "axioms") return utf8(cmd_axioms(args, out));
        if (command == "unique") return utf8(cmd_unique(args, out));
        if (command == "relative") return utf8(cmd_relative(args, out));
        if (command == "check") return utf8(cmd_check(args, out));
        if (command == "judgments") return utf8(cmd_judgments(args, out));
        if (command == "runs") return utf8(cmd_runs(args, out));
        if (command == "repro") return utf8(cmd_repro(args, out));
        if (command == "version" || command == "--version") {
            out += "irlens " IRLENS_VERSION "\n";
            return 0;
        }
        err += "irlens: unknown command '" + command + "'\n";
        err += kUsage;
        return 2;
    } catch (const UsageError& e) {
        return fail(e.what(), 2);
    } catch (const InputError& e) {
        return fail(e.what(), 3);
    } catch (const std::bad_alloc&) {
        return fail("out of memory", 3);
    } catch (const std::exception& e) {
        return fail((std::string("internal error: ") + e.what()).c_str(), 1);
    }
}

}  // namespace irlens::cli
