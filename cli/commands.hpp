// The irlens subcommands. Each appends what it prints on stdout to `out` (main() writes it only
// when the command succeeds) and returns the exit code; errors are thrown (main() maps the core's
// UsageError / InputError to exit codes 2 / 3 and prints them on stderr). Warnings go to stderr.
#pragma once

#include <string>
#include <vector>

namespace irlens::cli {

int cmd_trec_eval(const std::vector<std::string>& args, std::string& out);
int cmd_eval(const std::vector<std::string>& args, std::string& out);
int cmd_explain(const std::vector<std::string>& args, std::string& out);
int cmd_ndeval(const std::vector<std::string>& args, std::string& out);
int cmd_measures(const std::vector<std::string>& args, std::string& out);
/// The registry's measure names (with @k where they take a cutoff) by family, then its presets, as
/// lines of at most 100 characters indented by two spaces: the list a command's --help shows.
std::string measure_names_help();
int cmd_compare(const std::vector<std::string>& args, std::string& out);
int cmd_meta(const std::vector<std::string>& args, std::string& out);
int cmd_rarity(const std::vector<std::string>& args, std::string& out);
int cmd_unique(const std::vector<std::string>& args, std::string& out);
int cmd_relative(const std::vector<std::string>& args, std::string& out);
int cmd_axioms(const std::vector<std::string>& args, std::string& out);
int cmd_judgments(const std::vector<std::string>& args, std::string& out);
/// Returns 4 when a run has errors (its report is in out all the same).
int cmd_check(const std::vector<std::string>& args, std::string& out);
/// Run versus run (cmd_repro.cpp).
int cmd_runs(const std::vector<std::string>& args, std::string& out);
/// Reproducibility and replicability of an (original baseline, advanced) pair (cmd_repro.cpp).
int cmd_repro(const std::vector<std::string>& args, std::string& out);

/// Prints to stderr the usage of the whole program.
void print_usage();

/// Runs `irlens ARGS...` in-process: returns the exit code, fills out (stdout) and err (stderr
/// messages of errors). Used by main() and by the tests.
int run(const std::vector<std::string>& args, std::string& out, std::string& err);

}  // namespace irlens::cli
