// The irlens subcommands. Each returns the process exit code: 0 ok, 2 usage error, 3 input error
// (main() maps the core's UsageError / InputError to 2 / 3 and prints them on stderr).
#pragma once

#include <string>
#include <vector>

namespace irlens::cli {

int cmd_trec_eval(const std::vector<std::string>& args);
int cmd_eval(const std::vector<std::string>& args);
int cmd_measures(const std::vector<std::string>& args);

/// Prints to stderr the usage of the whole program.
void print_usage();

}  // namespace irlens::cli
