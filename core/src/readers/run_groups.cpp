#include "irlens/readers/run_groups.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/text.hpp"

#include <algorithm>
#include <cstdio>

namespace irlens {

namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return out;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && text::is_space(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && text::is_space(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

/// One CSV line split into fields (RFC 4180 quoting within the line); false on a bad quote.
bool split_csv(std::string_view line, std::vector<std::string>& fields) {
    fields.clear();
    std::string field;
    bool quoted = false, was_quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        if (quoted) {
            if (c != '"') {
                field += c;
            } else if (i + 1 < line.size() && line[i + 1] == '"') {
                field += '"';
                ++i;
            } else {
                quoted = false;
            }
        } else if (c == ',') {
            fields.push_back(was_quoted ? field : std::string(trim(field)));
            field.clear();
            was_quoted = false;
        } else if (c == '"' && trim(field).empty() && !was_quoted) {
            field.clear();
            quoted = was_quoted = true;
        } else if (was_quoted && !text::is_space(static_cast<unsigned char>(c))) {
            return false;  // text after a closing quote
        } else {
            field += c;
        }
    }
    if (quoted) return false;
    fields.push_back(was_quoted ? field : std::string(trim(field)));
    return true;
}

/// The header names of the run column and of the group column, as TREC leaderboards spell them.
const std::initializer_list<const char*> kRunColumns = {"run", "runid", "run_id", "runtag", "tag"};
const std::initializer_list<const char*> kGroupColumns = {"group", "team"};

long column_of(const std::vector<std::string>& header, std::initializer_list<const char*> names) {
    for (const char* name : names)
        for (std::size_t i = 0; i < header.size(); ++i)
            if (lower(header[i]) == name) return static_cast<long>(i);
    return -1;
}

}  // namespace

std::string run_key(std::string_view name) {
    if (ends_with(name, ".gz")) name.remove_suffix(3);
    if (ends_with(name, ".txt") || ends_with(name, ".tsv")) name.remove_suffix(4);
    return std::string(name);
}

long find_run(const std::vector<std::shared_ptr<const Run>>& runs, std::string_view listed) {
    for (std::size_t i = 0; i < runs.size(); ++i)
        if (runs[i]->name() == listed) return static_cast<long>(i);
    std::string key = run_key(listed);
    long found = -1;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (run_key(runs[i]->name()) != key) continue;
        if (found >= 0)
            throw UsageError("run name '" + std::string(listed) + "' is ambiguous: it matches both '" +
                             runs[static_cast<std::size_t>(found)]->name() + "' and '" + runs[i]->name() + "'");
        found = static_cast<long>(i);
    }
    return found;
}

void RunGroups::add(std::string run, std::string group, std::uint64_t line) {
    auto where = [&](std::size_t i) { return lines_[i] ? " at line " + std::to_string(lines_[i]) : std::string(); };
    auto fail = [&](const std::string& problem) {
        if (line) throw InputError(source_, line, problem);
        throw UsageError(source_ + ": " + problem);
    };
    if (run.empty()) fail("empty run name");
    if (group.empty()) fail("empty group for run '" + quote_bytes(run) + "'");
    // A control byte (NUL, TAB, a line break, ESC, DEL ...) would reach every output that prints the
    // name (tables, CSV, LaTeX, the page) or split a line of it: refused, as the run readers do.
    auto control = [](const std::string& s) {
        for (unsigned char c : s)
            if (c < 0x20 || c == 0x7F) return static_cast<int>(c);
        return -1;
    };
    auto byte = [](int c) {
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%02X", c);
        return std::string(hex);
    };
    if (int c = control(run); c >= 0)
        fail("run name '" + quote_bytes(run) + "' holds a control character (byte " + byte(c) + ")");
    if (int c = control(group); c >= 0)
        fail("group '" + quote_bytes(group) + "' of run '" + quote_bytes(run) + "' holds a control character (byte " +
             byte(c) + ")");
    auto key = by_key_.find(run_key(run));
    if (key != by_key_.end())
        fail("run '" + quote_bytes(run) + "' is listed twice (first as '" + quote_bytes(runs_[key->second]) + "'" +
             where(key->second) + ")");
    by_key_.emplace(run_key(run), runs_.size());
    runs_.push_back(std::move(run));
    groups_.push_back(std::move(group));
    lines_.push_back(line);
}

RunGroups::RunGroups(std::string source, const std::vector<std::pair<std::string, std::string>>& entries)
    : source_(std::move(source)) {
    for (const auto& e : entries) add(e.first, e.second, 0);
}

RunGroups RunGroups::parse(const std::string& source, std::string_view bytes) {
    RunGroups g;
    g.source_ = source;
    enum class Format { Unknown, Tsv, Csv } format = Format::Unknown;
    long run_col = -1, group_col = -1;
    std::vector<std::string> fields;
    text::LineSplitter lines(source);
    auto on_line = [&](std::string_view line, std::uint64_t no) {
        if (text::is_blank_or_comment(line)) return;
        if (format == Format::Unknown) {
            if (line.find('\t') != std::string_view::npos) {
                format = Format::Tsv;
                std::size_t tab = line.find('\t');
                std::vector<std::string> two = {std::string(trim(line.substr(0, tab))),
                                                std::string(trim(line.substr(tab + 1)))};
                if (column_of({two[0]}, kRunColumns) == 0 && column_of({two[1]}, kGroupColumns) == 0)
                    return;  // a header
            } else if (line.find(',') != std::string_view::npos) {
                format = Format::Csv;
                if (!split_csv(line, fields)) throw InputError(source, no, "malformed quoted field in the CSV header");
                run_col = column_of(fields, kRunColumns);
                group_col = column_of(fields, kGroupColumns);
                if (run_col < 0 || group_col < 0)
                    throw InputError(source, no,
                                     "the CSV header needs a 'run' column and a 'group' (or 'team') column");
                return;
            } else {
                throw InputError(
                    source, no,
                    "expected 'run<TAB>group' lines or a CSV header naming 'run' and 'group'/'team' columns");
            }
        }
        if (format == Format::Tsv) {
            std::size_t tab = line.find('\t');
            if (tab == std::string_view::npos || line.find('\t', tab + 1) != std::string_view::npos)
                throw InputError(source, no, "expected exactly two tab-separated fields: run<TAB>group");
            g.add(std::string(trim(line.substr(0, tab))), std::string(trim(line.substr(tab + 1))), no);
        } else {
            if (!split_csv(line, fields)) throw InputError(source, no, "malformed quoted field");
            std::size_t need = static_cast<std::size_t>(std::max(run_col, group_col)) + 1;
            if (fields.size() < need)
                throw InputError(
                    source, no,
                    "expected at least " + std::to_string(need) + " fields, found " + std::to_string(fields.size()));
            g.add(fields[static_cast<std::size_t>(run_col)], fields[static_cast<std::size_t>(group_col)], no);
        }
    };
    lines.feed(bytes, on_line);
    lines.finish(on_line);
    if (g.runs_.empty()) throw InputError(source, 0, "no runs found (empty groups file?)");
    return g;
}

const std::string* RunGroups::group_of(std::string_view run_name) const {
    auto key = by_key_.find(run_key(run_name));
    return key == by_key_.end() ? nullptr : &groups_[key->second];
}

std::vector<std::string> RunGroups::groups_of(const std::vector<std::shared_ptr<const Run>>& runs,
                                              const std::string& needed_by) const {
    std::vector<std::string> out;
    for (const auto& r : runs) {
        const std::string* g = group_of(r->name());
        if (!g)
            throw UsageError(needed_by + ": run '" + r->name() + "' has no group in " + source_ +
                             " (match by name, or by name without .gz/.txt)");
        out.push_back(*g);
    }
    return out;
}

}  // namespace irlens
