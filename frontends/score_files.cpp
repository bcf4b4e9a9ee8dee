// The score-file readers (the contract is in irlens/frontends/score_files.hpp).
#include "irlens/frontends/score_files.hpp"

#include "irlens/error.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>
#include <iterator>
#include <limits>
#include <map>
#include <optional>
#include <set>

namespace irlens {

const char* score_format_name(ScoreFormat f) {
    switch (f) {
        case ScoreFormat::TrecEval: return "trec_eval -q";
        case ScoreFormat::IrMeasures: return "ir_measures -q";
        case ScoreFormat::IrlensTsv: return "irlens eval -q -f tsv";
        case ScoreFormat::IrlensCsv: return "irlens eval -q -f csv";
        case ScoreFormat::IrlensJson: return "irlens eval -q -f json";
        case ScoreFormat::Jsonl: return "ir_measures jsonl";
        default: return "CSV matrix";
    }
}

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string base_name(const std::string& path) {
    std::size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (const std::string& x : v) s += (s.empty() ? "" : ", ") + x;
    return s;
}

/// True when the measure language reads `name`.
bool is_measure(std::string_view name) {
    try {
        parse_measure(name);
        return true;
    } catch (const UsageError&) {
        return false;
    }
}

struct RunData {
    std::string name, file;
    std::map<std::string, std::map<std::string, double>> values;  // canonical measure -> topic -> value
};

/// What the files hold, run by run, and the measures met (canonical names, in order of appearance).
class Collector {
public:
    explicit Collector(const std::vector<MeasureSpec>& wanted) {
        for (const MeasureSpec& m : wanted) {
            wanted_.insert(m.name());
            wanted_order_.push_back(m.name());
            specs_.emplace(m.name(), m);
        }
    }

    /// The score of (run, measure as written, topic); value_text is parsed only for a kept measure.
    /// `where` prefixes the problem (JSON: "column C: ").
    void add(RunData& run, const std::string& measure, const std::string& topic, std::string_view value_text,
             const std::string& file, std::uint64_t line, const std::string& where = "") {
        if (topic == "all") return;  // an aggregate
        const std::string* canonical = resolve(measure);
        if (!canonical) return;
        double v;
        const std::string shown = "'" + quote_bytes(value_text) + "'";
        if (value_text == "nan" || value_text == "NaN" || value_text == "null") {
            v = kNaN;
        } else if (!text::parse_double(value_text, v)) {
            throw InputError(file, line, where + "score " + shown + " of " + measure + " is not a number");
        } else if (std::isinf(v)) {
            throw InputError(
                file, line,
                where + "score " + shown + " of " + measure + " is " +
                    (value_text.find_first_of("iI") != std::string_view::npos ? "infinite"
                                                                              : "beyond a double's range") +
                    ": a score must be a finite number (nan: the topic has no value)");
        } else {
            const Range range = specs_.at(*canonical).values();
            if (!range.contains(v))
                throw InputError(file, line,
                                 where + "score " + shown + " of " + measure + " is outside its range, " +
                                     range.text() + " (irlens measures " + *canonical + ")");
        }
        if (!run.values[*canonical].emplace(topic, v).second)
            throw InputError(
                file, line,
                where + "a second score for run '" + run.name + "', measure " + measure + ", topic '" + topic + "'");
    }

    /// Adds a finished run; UsageError when its name is taken.
    void commit(RunData&& run) {
        for (const RunData& r : runs_)
            if (r.name == run.name)
                throw UsageError("two runs are named '" + run.name + "' (in " + r.file + " and " + run.file +
                                 "): give each run's scores once");
        runs_.push_back(std::move(run));
    }

    ScoreFiles finish() {
        ScoreFiles out;
        const std::vector<std::string>& order = wanted_.empty() ? met_ : wanted_order_;
        out.skipped.assign(skipped_.begin(), skipped_.end());
        if (runs_.empty()) throw UsageError("no scores found in the --scores files");
        if (order.empty())
            throw UsageError("no measure irlens can name in the --scores files" +
                             (skipped_.empty() ? std::string() : " (found: " + join(out.skipped) + ")"));
        std::set<std::string> all_topics;
        Evaluation& ev = out.evaluation;
        ev.missing = MissingTopics::Skip;
        for (const std::string& name : order) ev.measures.push_back(specs_.at(name));
        for (const RunData& r : runs_) {
            RunScores s;
            s.name = r.name;
            std::set<std::string> topics;
            for (const std::string& m : order) {
                auto it = r.values.find(m);
                if (it == r.values.end())
                    throw UsageError("run '" + r.name + "' (" + r.file + ") has no scores for " + m +
                                     (wanted_.empty() ? ": choose the measures every run has with -m" : ""));
                for (const auto& tv : it->second) topics.insert(tv.first);
            }
            s.topics.assign(topics.begin(), topics.end());  // std::set: byte order, as qrels topics
            all_topics.insert(topics.begin(), topics.end());
            for (std::size_t m = 0; m < order.size(); ++m) {
                const auto& values = r.values.at(order[m]);
                std::vector<double> row;
                for (const std::string& t : s.topics) {
                    auto v = values.find(t);
                    row.push_back(v == values.end() ? kNaN : v->second);
                }
                s.aggregate.push_back(aggregate(ev.measures[m], row));
                s.values.push_back(std::move(row));
            }
            s.texts.resize(order.size());
            ev.runs.push_back(std::move(s));
        }
        out.topics = all_topics.size();
        return out;
    }

    /// Notes a measure name before its scores (a file's own order of measures).
    void meet(const std::string& measure) { resolve(measure); }

private:
    /// The canonical name of a measure as written, or null when it is not kept (unknown to
    /// irlens, text-valued, or not wanted).
    const std::string* resolve(const std::string& measure) {
        auto it = resolved_.find(measure);
        if (it != resolved_.end()) return it->second ? &*it->second : nullptr;
        std::optional<std::string> canonical;
        try {
            MeasureSpec spec = parse_measure(measure);
            if (!spec.info().text_valued && (wanted_.empty() || wanted_.count(spec.name()))) {
                canonical = spec.name();
                specs_.emplace(spec.name(), spec);
                if (std::find(met_.begin(), met_.end(), spec.name()) == met_.end()) met_.push_back(spec.name());
            }
        } catch (const UsageError&) {
            skipped_.insert(measure);
        }
        auto& slot = resolved_[measure];
        slot = canonical;
        return slot ? &*slot : nullptr;
    }

    std::set<std::string> wanted_;
    std::vector<std::string> wanted_order_, met_;
    std::map<std::string, MeasureSpec> specs_;
    std::map<std::string, std::optional<std::string>> resolved_;
    std::set<std::string> skipped_;
    std::vector<RunData> runs_;
};

struct Line {
    std::uint64_t no;
    std::string_view text;
};

/// A score file through the text front door: its content lines (not blank, not a '#' comment).
struct Text {
    std::string copy;       // the bytes with a final newline, when they had none
    std::string_view body;  // after a byte-order mark
    std::vector<Line> lines;
    std::deque<std::string> joined;  // lines the splitter had to join (not views of the bytes)
    text::TextNotes notes;
};

void open(const ScoreFile& f, Text& t) {
    std::string_view bytes = f.bytes;
    if (!bytes.empty() && bytes.back() != '\n') {  // so that every line is a view of one buffer
        t.copy.assign(bytes.data(), bytes.size());
        t.copy += '\n';
        bytes = t.copy;
    }
    bool bom = false;
    t.body = text::strip_bom(bytes, bom);
    text::LineSplitter lines(f.source);
    std::less<const char*> before;
    lines.feed(bytes, [&](std::string_view line, std::uint64_t no) {
        // A line is a view of `bytes`, except where the splitter joined pieces in its own buffer
        // (the start of a byte-order mark followed by other bytes, found by the fuzzer: the
        // view outlived the splitter); such a line is kept in `joined`.
        if (before(line.data(), bytes.data()) || before(bytes.data() + bytes.size(), line.data() + line.size())) {
            t.joined.emplace_back(line);
            line = t.joined.back();
        }
        if (!t.notes.invalid_utf8_line && text::valid_utf8_prefix(line) != line.size()) t.notes.invalid_utf8_line = no;
        if (!text::is_blank_or_comment(line)) t.lines.push_back({no, line});
    });
    lines.finish([](std::string_view, std::uint64_t) {});
    t.notes.byte_order_mark = lines.bom.found();
}

/// The fields of a line split on whitespace; InputError unless there are exactly n.
std::vector<std::string> fields(const Line& l, std::size_t n, const std::string& file, const char* layout) {
    std::string_view f[5];
    std::size_t k = text::split_fields(l.text, f, 4);
    if (k != n)
        throw InputError(file, l.no,
                         "expected " + std::to_string(n) + " columns (" + layout + "), found " +
                             (k > 4 ? std::string("more") : std::to_string(k)));
    return std::vector<std::string>(f, f + n);
}

/// True when the line reads as CSV: a comma, and whitespace only next to a comma or at either end
/// ("topic, bm25, dense" as spreadsheets write it; never a TSV line, whose fields are separated by
/// whitespace alone, even when a measure name holds commas).
bool csv_like(std::string_view s) {
    if (s.find(',') == std::string_view::npos) return false;
    const std::size_t b = s.find_first_not_of(" \t\r"), e = s.find_last_not_of(" \t\r");
    for (std::size_t i = b; i < e; ++i) {
        if (!text::is_space(static_cast<unsigned char>(s[i]))) continue;
        std::size_t l = i, r = i;
        while (l > b && text::is_space(static_cast<unsigned char>(s[l - 1]))) --l;
        while (r < e && text::is_space(static_cast<unsigned char>(s[r + 1]))) ++r;
        if (!(l > 0 && s[l - 1] == ',') && s[r + 1] != ',') return false;
        i = r;
    }
    return true;
}

/// The cells of a CSV line (RFC 4180 quotes; spaces around a cell dropped; the ' that irlens'
/// writers put before a text that a spreadsheet would read as a formula, text::csv_text, removed:
/// the writer's inverse for every text).
std::vector<std::string> csv_cells(const Line& l, const std::string& file) {
    std::vector<std::string> cells(1);
    std::vector<bool> was_quoted(1, false);
    bool quoted = false;
    std::string_view s = l.text;
    for (std::size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        if (quoted) {
            if (c == '"' && i + 1 < s.size() && s[i + 1] == '"') {
                cells.back() += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cells.back() += c;
            }
        } else if (c == '"' && cells.back().find_first_not_of(" \t") == std::string::npos) {
            cells.back().clear();
            quoted = true;
            was_quoted.back() = true;
        } else if (c == ',') {
            cells.emplace_back();
            was_quoted.push_back(false);
        } else {
            cells.back() += c;
        }
    }
    if (quoted) throw InputError(file, l.no, "a quoted cell is not closed");
    for (std::size_t k = 0; k < cells.size(); ++k) {
        std::string& c = cells[k];
        if (!was_quoted[k]) {  // surrounding spaces
            std::size_t b = c.find_first_not_of(" \t"), e = c.find_last_not_of(" \t");
            c = b == std::string::npos ? std::string() : c.substr(b, e - b + 1);
        }
        // text::csv_text's guard undone: one ' off 's then a formula character ("''=x" -> "'=x").
        const std::size_t first = c.find_first_not_of('\'');
        if (first != std::string::npos && first > 0 &&
            std::string_view("=+-@\t\r").find(c[first]) != std::string_view::npos)
            c.erase(0, 1);
    }
    return cells;
}

void read_trec_eval(const Text& t, const std::string& file, Collector& c) {
    RunData run{base_name(file), file, {}};  // named at its end (runid), but messages need a name
    std::string runid;
    bool in_all = false, any = false;
    std::uint64_t block_line = 0;  // the first per-topic line of the current run
    int count = 0;
    auto commit = [&](bool last) {
        if (!any) return;
        ++count;
        run.name = !runid.empty()       ? runid
                   : last && count == 1 ? base_name(file)
                                        : base_name(file) + "#" + std::to_string(count);
        c.commit(std::move(run));
        run = RunData{base_name(file), file, {}};
        runid.clear();
        any = false;
    };
    for (const Line& l : t.lines) {
        std::vector<std::string> f = fields(l, 3, file, "measure topic value");
        if (f[1] == "all") {
            in_all = true;
            if (f[0] == "runid") runid = f[2];
            continue;
        }
        if (in_all) commit(false);  // a per-topic line after an "all" block: the next run
        in_all = false;
        if (!any) block_line = l.no;
        any = true;
        c.add(run, f[0], f[1], f[2], file, l.no);
    }
    if (count == 0 && !any && !t.lines.empty())  // written without -q: only 'all' lines
        throw InputError(file, t.lines[0].no,
                         "no per-topic scores, only 'all' lines (write them with " +
                             std::string(score_format_name(ScoreFormat::TrecEval)) + ")");
    if (any && !in_all && count > 0)
        throw InputError(file, block_line,
                         "per-topic lines after the last 'all' block, with no 'all' block of their own: trec_eval -q "
                         "writes one after each run's topics (a truncated run, or lines appended to the file?)");
    commit(true);
}

void read_ir_measures(const Text& t, const std::string& file, Collector& c) {
    RunData run{base_name(file), file, {}};
    for (const Line& l : t.lines) {
        std::vector<std::string> f = fields(l, 3, file, "topic measure value");
        c.add(run, f[1], f[0], f[2], file, l.no);
    }
    c.commit(std::move(run));
}

/// irlens eval -q -f tsv (4 fields) or -f csv (4 cells after the header): run measure topic value.
void read_irlens_rows(const Text& t, const std::string& file, bool csv, Collector& c) {
    std::map<std::string, RunData> runs;
    std::vector<std::string> order;
    std::map<std::string, std::uint64_t> only_all;  // run -> its first 'all' line, while it has no other
    std::set<std::string> per_topic;
    for (std::size_t i = csv ? 1 : 0; i < t.lines.size(); ++i) {
        const Line& l = t.lines[i];
        std::vector<std::string> f;
        if (csv) {
            f = csv_cells(l, file);
            if (f.size() != 4)
                throw InputError(file, l.no,
                                 "expected 4 cells (run,measure,topic,value), found " + std::to_string(f.size()));
        } else {
            f = fields(l, 4, file, "run measure topic value");
        }
        auto it = runs.find(f[0]);
        if (it == runs.end()) {
            it = runs.emplace(f[0], RunData{f[0], file, {}}).first;
            order.push_back(f[0]);
        }
        if (f[2] != "all")
            per_topic.insert(f[0]);
        else
            only_all.emplace(f[0], l.no);
        c.add(it->second, f[1], f[2], f[3], file, l.no);
    }
    // Written without -q: only the 'all' rows, which are skipped. Said as the JSON reader says it.
    for (const std::string& name : order)
        if (!per_topic.count(name))
            throw InputError(file, only_all.at(name),
                             "run '" + name + "' has no per-topic scores, only 'all' rows (write them with " +
                                 score_format_name(csv ? ScoreFormat::IrlensCsv : ScoreFormat::IrlensTsv) + ")");
    for (const std::string& name : order) c.commit(std::move(runs.at(name)));
}

void read_matrix(const Text& t, const std::string& file, const std::vector<MeasureSpec>& wanted, Collector& c) {
    std::vector<std::string> header = csv_cells(t.lines[0], file);
    std::string measure;
    if (is_measure(header[0]))
        measure = header[0];
    else if (wanted.size() == 1)
        measure = wanted[0].name();
    else
        throw UsageError(
            file + ": a topic x run matrix names no measure: put its name in the header's first cell, or give one -m");
    if (header.size() < 2) throw InputError(file, t.lines[0].no, "the header names no run (topic,RUN,...)");
    std::vector<RunData> runs;
    for (std::size_t k = 1; k < header.size(); ++k) runs.push_back(RunData{header[k], file, {}});
    for (std::size_t i = 1; i < t.lines.size(); ++i) {
        std::vector<std::string> cells = csv_cells(t.lines[i], file);
        if (cells.size() != header.size())
            throw InputError(file, t.lines[i].no,
                             "expected " + std::to_string(header.size()) + " cells as the header, found " +
                                 std::to_string(cells.size()));
        for (std::size_t k = 1; k < cells.size(); ++k)
            c.add(runs[k - 1], measure, cells[0], cells[k], file, t.lines[i].no);
    }
    for (RunData& r : runs) c.commit(std::move(r));
}

// --- irlens' JSON: a SAX reader, so that repeated keys are refused (a DOM keeps the last) and
// every problem has its line and column.

/// A character iterator that records how far the JSON lexer has read.
struct Cursor {
    using iterator_category = std::forward_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;
    const char* p = nullptr;
    const char** seen = nullptr;
    reference operator*() const { return *p; }
    Cursor& operator++() {
        ++p;
        if (p > *seen) *seen = p;
        return *this;
    }
    Cursor operator++(int) {
        Cursor old = *this;
        ++*this;
        return old;
    }
    bool operator==(const Cursor& o) const { return p == o.p; }
    bool operator!=(const Cursor& o) const { return p != o.p; }
};

class JsonScores {
public:
    JsonScores(std::string_view text, const std::string& file, Collector& c) : text_(text), file_(file), c_(c) {
        seen_ = text.data();
    }

    void read() {
        Cursor b{text_.data(), &seen_}, e{text_.data() + text_.size(), &seen_};
        nlohmann::json::sax_parse(b, e, this);
    }

    // The SAX interface of nlohmann/json.
    bool null() { return scalar("null", true); }
    bool boolean(bool) { return scalar(nullptr, false); }
    bool number_integer(std::int64_t v) { return scalar(std::to_string(v), true); }
    bool number_unsigned(std::uint64_t v) { return scalar(std::to_string(v), true); }
    bool number_float(double, const std::string& s) { return scalar(s, true); }
    bool string(std::string& s) {
        if (!frames_.empty() && frames_.back().role == Role::Measures) c_.meet(s);
        return scalar(nullptr, false);
    }
    bool binary(nlohmann::json::binary_t&) { return scalar(nullptr, false); }
    bool start_object(std::size_t) { return open(true); }
    bool start_array(std::size_t) { return open(false); }
    bool end_array() {
        frames_.pop_back();
        return true;
    }
    bool end_object() {
        Frame& f = frames_.back();
        if (f.role == Role::Run) {
            if (!f.per_topic)
                fail("run '" + run_.name + "' has no per-topic scores (write them with irlens eval -q -f json)");
            c_.commit(std::move(run_));
        }
        if (f.role == Role::Root && !f.runs) fail("no \"runs\" object (irlens eval -q -f json writes one)");
        frames_.pop_back();
        return true;
    }
    bool key(std::string& k) {
        Frame& f = frames_.back();
        auto [it, fresh] = f.keys.emplace(k, position());
        if (!fresh)
            fail("key \"" + quote_bytes(k) + "\" repeated in one object (first at line " +
                 std::to_string(it->second.first) + ", column " + std::to_string(it->second.second) +
                 "): the last would silently win");
        f.key = k;
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::json::exception& e) {
        std::string what = e.what();
        const std::size_t at = what.find("syntax error");
        fail("not valid JSON: " + (at == std::string::npos ? what : what.substr(at)));
    }

private:
    enum class Role { Root, Runs, Run, PerTopic, Topic, Measures, Other };
    struct Frame {
        Role role;
        std::string key;                                                      // the current key of an object
        std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> keys;  // key -> line, column
        bool per_topic = false, runs = false;
    };

    /// The line and column of the parser's position. The parser only moves forward, so the lines
    /// are counted on from the last position asked (counting from the start each time made a
    /// 1 MB file take seconds: every key and score asks).
    std::pair<std::uint64_t, std::uint64_t> position() const {
        const std::size_t offset = static_cast<std::size_t>(seen_ - text_.data());
        for (; counted_ < offset; ++counted_)
            if (text_[counted_] == '\n') {
                ++line_;
                line_start_ = counted_ + 1;
            }
        return {line_, offset - line_start_};
    }

    [[noreturn]] void fail(const std::string& problem) const {
        const auto [line, col] = position();
        throw InputError(file_, line, "column " + std::to_string(col) + ": " + problem);
    }

    std::string where() const {
        std::string p;
        for (const Frame& f : frames_) p += (p.empty() ? "" : ".") + f.key;
        return p;
    }

    bool open(bool object) {
        Role role = Role::Other;
        if (frames_.empty()) {
            if (!object) fail("expected a JSON object (irlens eval -q -f json writes one)");
            role = Role::Root;
        } else {
            Frame& parent = frames_.back();
            switch (parent.role) {
                case Role::Root:
                    if (parent.key == "runs") {
                        if (!object) fail("\"runs\" is not an object");
                        parent.runs = true;
                        role = Role::Runs;
                    } else if (parent.key == "measures" && !object) {
                        role = Role::Measures;
                    }
                    break;
                case Role::Runs:
                    if (!object) fail("runs." + parent.key + " is not an object");
                    role = Role::Run;
                    run_ = RunData{parent.key, file_, {}};
                    break;
                case Role::Run:
                    if (parent.key == "per_topic") {
                        if (!object) fail("runs." + run_.name + ".per_topic is not an object");
                        parent.per_topic = true;
                        role = Role::PerTopic;
                    }
                    break;
                case Role::PerTopic:
                    if (!object) fail(where() + " is not an object");
                    role = Role::Topic;
                    break;
                case Role::Topic: fail(where() + " is not a number");
                default: break;
            }
        }
        frames_.push_back(Frame{role, {}, {}});
        return true;
    }

    /// A scalar: a score when it stands in a topic's object (`text` its number, or null for a
    /// value that is not a number).
    bool scalar(const std::string& text, bool number) { return scalar(number ? text.c_str() : nullptr, number); }
    bool scalar(const char* text, bool number) {
        if (frames_.empty()) fail("expected a JSON object (irlens eval -q -f json writes one)");
        const Frame& f = frames_.back();
        if (f.role == Role::Runs || f.role == Role::PerTopic) fail(where() + " is not an object");
        if (f.role != Role::Topic) return true;
        if (!number) fail(where() + " is not a number");
        const auto [line, col] = position();
        c_.add(run_, f.key, frames_[frames_.size() - 2].key, text, file_, line, "column " + std::to_string(col) + ": ");
        return true;
    }

    std::string_view text_;
    const std::string& file_;
    Collector& c_;
    const char* seen_;
    mutable std::size_t counted_ = 0, line_start_ = 0;  // position(): bytes counted, the line's start
    mutable std::uint64_t line_ = 1;
    std::vector<Frame> frames_;
    RunData run_;
};

void read_jsonl(const Text& t, const std::string& file, Collector& c) {
    RunData run{base_name(file), file, {}};
    for (const Line& l : t.lines) {
        nlohmann::json o = nlohmann::json::parse(l.text.begin(), l.text.end(), nullptr, false);
        if (o.is_discarded() || !o.is_object() || !o.contains("query_id") || !o.contains("measure") ||
            !o.contains("value") || !o["query_id"].is_string() || !o["measure"].is_string())
            throw InputError(file, l.no,
                             "expected a JSON object {\"query_id\": ..., \"measure\": ..., \"value\": ...}");
        const nlohmann::json& v = o["value"];
        if (!v.is_null() && !v.is_number()) throw InputError(file, l.no, "value is not a number");
        // The number as written (1e400 stays beyond a double's range, and is refused as such).
        std::string value = "nan";
        if (v.is_number()) {
            const std::size_t at = l.text.find("\"value\"");
            value = format_number(v.get<double>());
            if (at != std::string_view::npos) {
                std::size_t b = l.text.find_first_not_of(" \t:", at + 7), e = l.text.find_first_of(",} \t", b);
                if (b != std::string_view::npos)
                    value = std::string(l.text.substr(b, e == std::string_view::npos ? e : e - b));
            }
        }
        c.add(run, o["measure"].get<std::string>(), o["query_id"].get<std::string>(), value, file, l.no);
    }
    c.commit(std::move(run));
}

ScoreFormatChoice detect(const std::string& file, const Text& t) {
    if (t.lines.empty()) throw InputError(file, 0, "no scores found (empty file?)");
    const Line& first = t.lines[0];
    const std::string at = "line " + std::to_string(first.no);
    const std::size_t start = first.text.find_first_not_of(" \t");
    if (first.text[start] == '{') {
        // One object over the whole file (irlens eval -f json), or one per line (ir_measures jsonl).
        nlohmann::json one = nlohmann::json::parse(first.text.begin(), first.text.end(), nullptr, false);
        if (!one.is_discarded() && one.is_object() && one.contains("query_id"))
            return {ScoreFormat::Jsonl, at + " is a JSON object with \"query_id\""};
        return {ScoreFormat::IrlensJson, at + " starts with '{'"};
    }
    if (csv_like(first.text)) {
        std::vector<std::string> header = csv_cells(first, file);
        if (header == std::vector<std::string>{"run", "measure", "topic", "value"})
            return {ScoreFormat::IrlensCsv, at + " is the header run,measure,topic,value"};
        return {ScoreFormat::Matrix, at + " is a CSV header"};
    }
    std::string_view f[8];
    const std::size_t n = text::split_fields(first.text, f, 7);
    const std::string not_scores = "not a score file: " + at + " has " +
                                   (n > 7 ? std::string("more than 7") : std::to_string(n)) +
                                   " columns; score files are trec_eval -q or ir_measures -q lines (3 columns), "
                                   "irlens eval -q -f tsv (4), JSON, or CSV";
    if (n == 4) {
        if (!is_measure(f[1]))
            throw InputError(file, first.no,
                             "not a score file: column 2, '" + quote_bytes(f[1]) +
                                 "', is not a measure name (irlens eval -q -f tsv lines are `run measure topic value`; "
                                 "a qrels file has 4 columns too)");
        return {ScoreFormat::IrlensTsv, at + " has 4 columns, the second a measure name"};
    }
    if (n != 3) throw InputError(file, first.no, not_scores + (n == 6 ? " (6 columns: a run?)" : ""));
    // trec_eval (measure topic value) or ir_measures (topic measure value)?
    for (const Line& l : t.lines) {
        std::string_view g[4];
        if (text::split_fields(l.text, g, 3) != 3) continue;
        const std::string line = "line " + std::to_string(l.no);
        if (g[1] == "all") return {ScoreFormat::TrecEval, "'all' stands in column 2 of " + line};
        if (g[0] == "all") return {ScoreFormat::IrMeasures, "'all' stands in column 1 of " + line};
    }
    const bool m0 = is_measure(f[0]), m1 = is_measure(f[1]);
    if (m0 && !m1) return {ScoreFormat::TrecEval, "column 1 of " + at + " is a measure name"};
    if (m1 && !m0) return {ScoreFormat::IrMeasures, "column 2 of " + at + " is a measure name"};
    throw InputError(file, first.no,
                     "cannot tell trec_eval -q lines (measure topic value) from ir_measures -q lines (topic measure "
                     "value): no 'all' line, and both or neither of the first two columns are measure names");
}

void read_one(const ScoreFile& file, const std::vector<MeasureSpec>& wanted, Collector& c, ScoreFiles& out) {
    Text t;
    open(file, t);
    const ScoreFormatChoice choice = detect(file.source, t);
    try {
        switch (choice.format) {
            case ScoreFormat::TrecEval: read_trec_eval(t, file.source, c); break;
            case ScoreFormat::IrMeasures: read_ir_measures(t, file.source, c); break;
            case ScoreFormat::IrlensTsv: read_irlens_rows(t, file.source, false, c); break;
            case ScoreFormat::IrlensCsv: read_irlens_rows(t, file.source, true, c); break;
            case ScoreFormat::Matrix: read_matrix(t, file.source, wanted, c); break;
            case ScoreFormat::Jsonl: read_jsonl(t, file.source, c); break;
            case ScoreFormat::IrlensJson: JsonScores(t.body, file.source, c).read(); break;
        }
    } catch (const InputError& e) {
        // Say which reader the file went to, and why: the error may be the sign of a wrong guess.
        throw InputError(e.file(), e.line(),
                         e.problem() + " (read as " + score_format_name(choice.format) + ": " + choice.evidence + ")");
    }
    out.formats.push_back(choice);
    out.text_notes.push_back(t.notes);
}

}  // namespace

ScoreFormatChoice detect_score_format(const std::string& source, std::string_view bytes) {
    Text t;
    open(ScoreFile{source, bytes}, t);
    return detect(source, t);
}

ScoreFiles read_score_files(const std::vector<ScoreFile>& files, const std::vector<MeasureSpec>& wanted) {
    Collector c(wanted);
    ScoreFiles partial;
    for (const ScoreFile& f : files) read_one(f, wanted, c, partial);
    ScoreFiles out = c.finish();
    out.formats = std::move(partial.formats);
    out.text_notes = std::move(partial.text_notes);
    return out;
}

}  // namespace irlens
