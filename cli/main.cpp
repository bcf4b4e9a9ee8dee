// irlens: information-retrieval evaluation. `irlens help` lists the subcommands.
#include "commands.hpp"

#include "irlens/error.hpp"
#include "irlens/version.hpp"

#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

namespace irlens::cli {

void print_usage() {
    std::fputs(
        "irlens " IRLENS_VERSION " - information-retrieval evaluation\n"
        "\n"
        "usage:\n"
        "  irlens trec_eval [trec_eval flags] QRELS RUN   drop-in for trec_eval 10.0 (same flags, same output)\n"
        "  irlens eval QRELS RUN... -m MEASURE...          many runs, measures named as in ir_measures\n"
        "  irlens measures [NAME]                          the measure registry: names, parameters, help, citations\n"
        "  irlens version\n"
        "\n"
        "Files may be gzip-compressed; '-' reads stdin. Exit codes: 0 ok, 2 usage error, 3 input error.\n"
        "`irlens COMMAND --help` describes a command.\n",
        stderr);
}

}  // namespace irlens::cli

int main(int argc, char** argv) {
    using namespace irlens;
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "help" || args[0] == "-h" || args[0] == "--help") {
        cli::print_usage();
        return args.empty() ? 2 : 0;
    }
    std::string command = args[0];
    args.erase(args.begin());
    try {
        if (command == "trec_eval") return cli::cmd_trec_eval(args);
        if (command == "eval") return cli::cmd_eval(args);
        if (command == "measures") return cli::cmd_measures(args);
        if (command == "version" || command == "--version") {
            std::printf("irlens %s\n", IRLENS_VERSION);
            return 0;
        }
        std::fprintf(stderr, "irlens: unknown command '%s'\n\n", command.c_str());
        cli::print_usage();
        return 2;
    } catch (const UsageError& e) {
        std::fprintf(stderr, "irlens %s: %s\n", command.c_str(), e.what());
        return 2;
    } catch (const InputError& e) {
        std::fprintf(stderr, "irlens %s: %s\n", command.c_str(), e.what());
        return 3;
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "irlens %s: out of memory\n", command.c_str());
        return 3;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "irlens %s: internal error: %s\n", command.c_str(), e.what());
        return 1;
    }
}
