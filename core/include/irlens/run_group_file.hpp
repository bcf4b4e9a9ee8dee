// A run -> group (team) table for the leave-one-out pool test, read from one of two formats:
// - `run<TAB>group` lines (or run and group separated by other whitespace); '#' comment lines,
//   blank lines and a first line reading `run<TAB>group` (a header) are skipped;
// - CSV with a header row naming the run column (run, runid, run_id, runtag, run_tag or tag) and
//   the group column (group, team, participant, organisation or organization), case-insensitive,
//   e.g. TREC-COVID's leaderboard.csv (columns run, team, ...). Fields may be "quoted" ("" escapes
//   a quote); a quoted field may not span lines.
// A run listed twice with different groups is an error (InputError naming file and line).
//
// (Issue 5's own small reader; issue 4's RunGroups class (relative.hpp) may absorb it when the
// branches merge.)
#pragma once

#include <map>
#include <string>
#include <string_view>

namespace irlens {

class RunGroupTable {
public:
    /// Parses the file's bytes; `source` names it in errors.
    static RunGroupTable read(const std::string& source, std::string_view bytes);

    /// The group of a run, looked up by its name, then its name without a trailing .gz and then
    /// .txt, then its tag (6th column); nullptr when none is listed.
    const std::string* group_of(const std::string& run_name, const std::string& tag) const;

    std::size_t size() const { return groups_.size(); }
    const std::string& source() const { return source_; }

private:
    std::string source_;
    std::map<std::string, std::string> groups_;
};

}  // namespace irlens
