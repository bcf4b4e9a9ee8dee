// irlens: information-retrieval evaluation. `irlens help` lists the subcommands.
#include "commands.hpp"

#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    std::string out, err;
    int rc = irlens::cli::run(args, out, err);
    std::fwrite(out.data(), 1, out.size(), stdout);
    std::fputs(err.c_str(), stderr);
    return rc;
}
