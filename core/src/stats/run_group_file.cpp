#include "irlens/run_group_file.hpp"

#include "irlens/error.hpp"
#include "irlens/text.hpp"

#include <algorithm>
#include <vector>

namespace irlens {

namespace {

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

/// One CSV record (RFC 4180 quoting within a line). Throws InputError on an unclosed quote.
std::vector<std::string> csv_fields(std::string_view line, const std::string& source, std::uint64_t line_no) {
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                fields.back() += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                fields.back() += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            fields.emplace_back();
        } else {
            fields.back() += c;
        }
    }
    if (quoted) throw InputError(source, line_no, "unclosed quote in CSV line");
    for (std::string& f : fields) f = std::string(trim(f));
    return fields;
}

bool is_one_of(const std::string& name, std::initializer_list<const char*> names) {
    return std::any_of(names.begin(), names.end(), [&](const char* n) { return name == n; });
}

}  // namespace

RunGroupTable RunGroupTable::read(const std::string& source, std::string_view bytes) {
    RunGroupTable table;
    table.source_ = source;
    std::map<std::string, std::uint64_t> first_line;
    auto add = [&](const std::string& run, const std::string& group, std::uint64_t line_no) {
        if (run.empty() || group.empty()) throw InputError(source, line_no, "empty run or group name");
        auto it = table.groups_.find(run);
        if (it != table.groups_.end() && it->second != group)
            throw InputError(source, line_no,
                             "run '" + quote_bytes(run) + "' is already in group '" + quote_bytes(it->second) +
                                 "' (line " + std::to_string(first_line[run]) + ")");
        table.groups_[run] = group;
        first_line.emplace(run, line_no);
    };
    enum class Format { Unknown, Csv, Whitespace } format = Format::Unknown;
    std::size_t run_col = 0, group_col = 0;
    text::LineSplitter lines;
    auto on_line = [&](std::string_view line, std::uint64_t line_no) {
        if (text::is_blank_or_comment(line)) return;
        if (format == Format::Unknown) {
            if (line.find(',') != std::string_view::npos && line.find('\t') == std::string_view::npos) {
                std::vector<std::string> header = csv_fields(line, source, line_no);
                bool have_run = false, have_group = false;
                for (std::size_t i = 0; i < header.size(); ++i) {
                    std::string name = lower(header[i]);
                    if (!have_run && is_one_of(name, {"run", "runid", "run_id", "runtag", "run_tag", "tag"}))
                        run_col = i, have_run = true;
                    else if (!have_group &&
                             is_one_of(name, {"group", "team", "participant", "organisation", "organization"}))
                        group_col = i, have_group = true;
                }
                if (!have_run || !have_group)
                    throw InputError(
                        source, line_no,
                        "CSV header must name a run column (run, runid, run_id, runtag, run_tag, tag) and a "
                        "group column (group, team, participant, organisation, organization)");
                format = Format::Csv;
                return;
            }
            format = Format::Whitespace;
            std::string_view f[2];
            if (text::split_fields(line, f, 2) == 2 && lower(f[0]) == "run" &&
                is_one_of(lower(f[1]), {"group", "team"}))
                return;  // header line
        }
        if (format == Format::Csv) {
            std::vector<std::string> fields = csv_fields(line, source, line_no);
            if (fields.size() <= std::max(run_col, group_col))
                throw InputError(source, line_no,
                                 "expected at least " + std::to_string(std::max(run_col, group_col) + 1) +
                                     " CSV fields, found " + std::to_string(fields.size()));
            add(fields[run_col], fields[group_col], line_no);
            return;
        }
        // run<TAB>group (a group may contain spaces), else two whitespace-separated fields
        std::string_view run, group;
        const std::size_t tab = line.find('\t');
        bool ok;
        if (tab != std::string_view::npos) {
            run = trim(line.substr(0, tab));
            group = trim(line.substr(tab + 1));
            ok = group.find('\t') == std::string_view::npos;
        } else {
            std::string_view f[2];
            ok = text::split_fields(line, f, 2) == 2;
            run = f[0], group = f[1];
        }
        if (!ok) throw InputError(source, line_no, "expected 2 columns: run<TAB>group");
        add(std::string(run), std::string(group), line_no);
    };
    lines.feed(bytes, on_line);
    lines.finish(on_line);
    if (table.groups_.empty()) throw InputError(source, 0, "no run -> group entries found");
    return table;
}

const std::string* RunGroupTable::group_of(const std::string& run_name, const std::string& tag) const {
    auto find = [&](const std::string& key) -> const std::string* {
        auto it = groups_.find(key);
        return it == groups_.end() ? nullptr : &it->second;
    };
    auto strip = [](std::string s, const char* suffix) {
        std::string_view sv(suffix);
        if (s.size() > sv.size() && s.compare(s.size() - sv.size(), sv.size(), sv) == 0) s.resize(s.size() - sv.size());
        return s;
    };
    std::string name = run_name;
    if (const std::string* g = find(name)) return g;
    name = strip(name, ".gz");
    if (const std::string* g = find(name)) return g;
    name = strip(name, ".txt");
    if (const std::string* g = find(name)) return g;
    return find(tag);
}

}  // namespace irlens
