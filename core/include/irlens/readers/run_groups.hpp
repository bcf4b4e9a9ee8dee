// Which group (team) submitted each run, for the measures that score a run against the runs of
// other groups (NRG with prior=best_per_group or prior=other_groups, unique contributions).
//
// File formats (blank lines and lines starting with '#' are skipped, CRLF accepted):
//   TSV  `run<TAB>group`, one run a line, exactly two tab-separated fields; an optional first
//        line naming the two columns as a CSV header does (`run<TAB>group`, `runtag<TAB>team`,
//        any case) is a header.
//   CSV  a header line naming the columns; the run column is the one named as TREC leaderboards
//        name it, `run`, `runid`, `run_id`, `runtag` or `tag` (the first of these present), the
//        group column `group` or `team`, any case.
//        Fields may be double-quoted ("" is a quote); other columns are ignored. This reads a
//        campaign leaderboard as is (e.g. TREC-COVID's: run,team,report,runtype,...).
//   The format is told by the first line: a tab makes it TSV, otherwise a comma makes it CSV.
//
// Run names: irlens names a run by its file name ("BBGhelani1.gz"), campaigns by the run tag
// ("BBGhelani1"). A name listed here (or in a measure's runs=[...] / pool=[...]) refers to the run
// of the evaluation with exactly that name, or else to the one whose name is the same once a
// trailing ".gz" and then a trailing ".txt" are removed from both (see find_run).
#pragma once

#include "irlens/readers/run.hpp"

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace irlens {

/// The name without a trailing ".gz" and then without a trailing ".txt" or ".tsv": the run name of
/// a file name ("bm25.txt.gz" -> "bm25"; ".run" and ".trec" stay, they say what the file is), and
/// the key that matches a run to a groups file's line written with either name. The JS API and the
/// page strip the same (wasm/run-name.mjs).
std::string run_key(std::string_view name);

/// Index in `runs` of the run a list names: the run with exactly that name, else the only run
/// with the same run_key. -1 when there is none; UsageError when several runs share the key.
long find_run(const std::vector<std::shared_ptr<const Run>>& runs, std::string_view listed);

class RunGroups {
public:
    /// Parses a groups file (format above). Throws InputError naming source, line and problem;
    /// a run listed twice (also as "a" and "a.gz") is an error naming both lines.
    static RunGroups parse(const std::string& source, std::string_view bytes);

    /// From (run, group) pairs, in order; `source` names them in messages. UsageError on an empty
    /// name or a run given twice.
    RunGroups(std::string source, const std::vector<std::pair<std::string, std::string>>& entries);
    RunGroups() = default;

    const std::string& source() const { return source_; }
    std::size_t size() const { return runs_.size(); }
    /// Entry i, in file order.
    const std::string& run(std::size_t i) const { return runs_[i]; }
    const std::string& group(std::size_t i) const { return groups_[i]; }

    /// The group of a run of the evaluation (matched as find_run does), or nullptr.
    const std::string* group_of(std::string_view run_name) const;

    /// The group of every run, in the order of `runs`. UsageError naming the first run that is
    /// not in the file; `needed_by` says what needed the groups.
    std::vector<std::string> groups_of(const std::vector<std::shared_ptr<const Run>>& runs,
                                       const std::string& needed_by) const;

private:
    void add(std::string run, std::string group, std::uint64_t line);
    std::string source_ = "groups";
    std::vector<std::string> runs_, groups_;
    std::vector<std::uint64_t> lines_;
    std::unordered_map<std::string, std::size_t> by_key_;  // run_key -> entry (keys are unique)
};

}  // namespace irlens
