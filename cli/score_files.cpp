#include "score_files.hpp"

#include "input.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>

namespace irlens::cli {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct RunData {
    std::string name, file;
    std::map<std::string, std::map<std::string, double>> values;  // canonical measure -> topic -> value
};

/// What the files hold, run by run, and the measures met (canonical names, in order of appearance).
class Collector {
public:
    explicit Collector(const std::vector<MeasureSpec>& wanted) {
        for (const MeasureSpec& m : wanted) wanted_.insert(m.name());
    }

    /// The score of (run, measure as written, topic); value_text is parsed only for a kept measure.
    void add(RunData& run, const std::string& measure, const std::string& topic, std::string_view value_text,
             const std::string& file, std::uint64_t line) {
        if (topic == "all") return;  // an aggregate
        const std::string* canonical = resolve(measure);
        if (!canonical) return;
        double v;
        if (value_text == "nan" || value_text == "NaN" || value_text == "null")
            v = kNaN;
        else if (!text::parse_double(value_text, v))
            throw InputError(file, line, "score '" + quote_bytes(value_text) + "' of " + measure + " is not a number");
        if (!run.values[*canonical].emplace(topic, v).second)
            throw InputError(file, line,
                             "a second score for run '" + run.name + "', measure " + measure + ", topic '" + topic + "'");
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
        std::vector<std::string> order;
        if (!wanted_.empty()) {
            for (const std::string& w : wanted_order_) order.push_back(w);
        } else {
            order = met_;
        }
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

    /// True when the measure language reads `name` (for telling the three-column formats apart).
    static bool is_measure(const std::string& name) {
        try {
            parse_measure(name);
            return true;
        } catch (const UsageError&) {
            return false;
        }
    }

    /// Notes a measure name before its scores (a file's own order of measures).
    void meet(const std::string& measure) { resolve(measure); }

    void want_order(const std::vector<MeasureSpec>& wanted) {
        for (const MeasureSpec& m : wanted) {
            wanted_order_.push_back(m.name());
            specs_.emplace(m.name(), m);
        }
    }

private:
    static std::string join(const std::vector<std::string>& v) {
        std::string s;
        for (const std::string& x : v) s += (s.empty() ? "" : ", ") + x;
        return s;
    }

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

/// The content lines of a text (not blank, not a '#' comment), CR removed.
std::vector<Line> content_lines(std::string_view text) {
    std::vector<Line> lines;
    std::uint64_t no = 0;
    for (std::size_t start = 0; start < text.size();) {
        std::size_t nl = text.find('\n', start);
        std::string_view line = text.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
        start = nl == std::string_view::npos ? text.size() : nl + 1;
        ++no;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (!text::is_blank_or_comment(line)) lines.push_back({no, line});
    }
    return lines;
}

/// The fields of a line split on whitespace; InputError unless there are exactly n.
std::vector<std::string> fields(const Line& l, std::size_t n, const std::string& file, const char* layout) {
    std::string_view f[5];
    std::size_t k = text::split_fields(l.text, f, 4);
    if (k != n)
        throw InputError(file, l.no, "expected " + std::to_string(n) + " columns (" + layout + "), found " +
                                         (k > 4 ? std::string("more") : std::to_string(k)));
    return std::vector<std::string>(f, f + n);
}

/// The cells of a CSV line (RFC 4180 quotes).
std::vector<std::string> csv_cells(const Line& l, const std::string& file) {
    std::vector<std::string> cells(1);
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
        } else if (c == '"' && cells.back().empty()) {
            quoted = true;
        } else if (c == ',') {
            cells.emplace_back();
        } else {
            cells.back() += c;
        }
    }
    if (quoted) throw InputError(file, l.no, "a quoted cell is not closed");
    for (std::string& c : cells) {  // surrounding spaces
        std::size_t b = c.find_first_not_of(" \t"), e = c.find_last_not_of(" \t");
        c = b == std::string::npos ? std::string() : c.substr(b, e - b + 1);
    }
    return cells;
}

void read_trec_eval(const std::vector<Line>& lines, const std::string& file, Collector& c) {
    RunData run{base_name(file), file, {}};  // named at its end (runid), but messages need a name
    std::string runid;
    bool in_all = false, any = false;
    int count = 0;
    auto commit = [&](bool last) {
        if (!any) return;
        ++count;
        run.name = !runid.empty() ? runid : last && count == 1 ? base_name(file) : base_name(file) + "#" + std::to_string(count);
        c.commit(std::move(run));
        run = RunData{base_name(file), file, {}};
        runid.clear();
        any = false;
    };
    for (const Line& l : lines) {
        std::vector<std::string> f = fields(l, 3, file, "measure topic value");
        if (f[1] == "all") {
            in_all = true;
            if (f[0] == "runid") runid = f[2];
            continue;
        }
        if (in_all) commit(false);  // a per-topic line after an "all" block: the next run
        in_all = false;
        any = true;
        c.add(run, f[0], f[1], f[2], file, l.no);
    }
    commit(true);
}

void read_ir_measures(const std::vector<Line>& lines, const std::string& file, Collector& c) {
    RunData run{base_name(file), file, {}};
    for (const Line& l : lines) {
        std::vector<std::string> f = fields(l, 3, file, "topic measure value");
        c.add(run, f[1], f[0], f[2], file, l.no);
    }
    c.commit(std::move(run));
}

void read_irlens_tsv(const std::vector<Line>& lines, const std::string& file, Collector& c) {
    std::map<std::string, RunData> runs;
    std::vector<std::string> order;
    for (const Line& l : lines) {
        std::vector<std::string> f = fields(l, 4, file, "run measure topic value");
        auto it = runs.find(f[0]);
        if (it == runs.end()) {
            it = runs.emplace(f[0], RunData{f[0], file, {}}).first;
            order.push_back(f[0]);
        }
        c.add(it->second, f[1], f[2], f[3], file, l.no);
    }
    for (const std::string& name : order) c.commit(std::move(runs.at(name)));
}

void read_matrix(const std::vector<Line>& lines, const std::string& file, const std::vector<MeasureSpec>& wanted,
                 Collector& c) {
    std::vector<std::string> header = csv_cells(lines[0], file);
    std::string measure;
    if (Collector::is_measure(header[0])) measure = header[0];
    else if (wanted.size() == 1) measure = wanted[0].name();
    else
        throw UsageError(file + ": a topic x run matrix names no measure: put its name in the header's first cell, or give one -m");
    if (header.size() < 2) throw InputError(file, lines[0].no, "the header names no run (topic,RUN,...)");
    std::vector<RunData> runs;
    for (std::size_t k = 1; k < header.size(); ++k) runs.push_back(RunData{header[k], file, {}});
    for (std::size_t i = 1; i < lines.size(); ++i) {
        std::vector<std::string> cells = csv_cells(lines[i], file);
        if (cells.size() != header.size())
            throw InputError(file, lines[i].no, "expected " + std::to_string(header.size()) + " cells as the header, found " +
                                                    std::to_string(cells.size()));
        for (std::size_t k = 1; k < cells.size(); ++k)
            c.add(runs[k - 1], measure, cells[0], cells[k], file, lines[i].no);
    }
    for (RunData& r : runs) c.commit(std::move(r));
}

/// A JSON number or null (NaN), as text for Collector::add.
std::string json_value(const nlohmann::json& v, const std::string& file, std::uint64_t line, const std::string& what) {
    if (v.is_null()) return "nan";
    if (!v.is_number()) throw InputError(file, line, what + " is not a number");
    return format_number(v.get<double>());
}

void read_irlens_json(std::string_view text, const std::string& file, Collector& c) {
    nlohmann::json doc = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
    if (doc.is_discarded()) throw InputError(file, 0, "not valid JSON");
    const nlohmann::json& runs = doc["runs"];
    if (!runs.is_object()) throw InputError(file, 0, "no \"runs\" object (irlens eval -q -f json writes one)");
    if (doc.contains("measures") && doc["measures"].is_array())  // the measures in their order
        for (const nlohmann::json& m : doc["measures"])
            if (m.is_string()) c.meet(m.get<std::string>());
    for (const auto& [name, r] : runs.items()) {
        RunData run{name, file, {}};
        if (!r.is_object() || !r.contains("per_topic") || !r["per_topic"].is_object())
            throw InputError(file, 0, "run '" + name + "' has no per-topic scores (write them with irlens eval -q -f json)");
        for (const auto& [topic, measures] : r["per_topic"].items()) {
            if (!measures.is_object()) throw InputError(file, 0, "runs." + name + ".per_topic." + topic + " is not an object");
            for (const auto& [m, v] : measures.items())
                c.add(run, m, topic, json_value(v, file, 0, "runs." + name + ".per_topic." + topic + "." + m), file, 0);
        }
        c.commit(std::move(run));
    }
}

void read_jsonl(const std::vector<Line>& lines, const std::string& file, Collector& c) {
    RunData run{base_name(file), file, {}};
    for (const Line& l : lines) {
        nlohmann::json o = nlohmann::json::parse(l.text.begin(), l.text.end(), nullptr, false);
        if (o.is_discarded() || !o.is_object() || !o.contains("query_id") || !o.contains("measure") ||
            !o.contains("value") || !o["query_id"].is_string() || !o["measure"].is_string())
            throw InputError(file, l.no, "expected a JSON object {\"query_id\": ..., \"measure\": ..., \"value\": ...}");
        c.add(run, o["measure"].get<std::string>(), o["query_id"].get<std::string>(),
              json_value(o["value"], file, l.no, "value"), file, l.no);
    }
    c.commit(std::move(run));
}

void read_one(const std::string& file, const std::vector<MeasureSpec>& wanted, Collector& c) {
    const std::string text = slurp(file);
    const std::vector<Line> lines = content_lines(text);
    if (lines.empty()) throw InputError(file, 0, "no scores found (empty file?)");
    const std::string_view first = lines[0].text;
    const std::size_t start = first.find_first_not_of(" \t");
    if (first[start] == '{') {
        // One object over the whole file (irlens eval -f json), or one per line (ir_measures jsonl).
        nlohmann::json one = nlohmann::json::parse(first.begin(), first.end(), nullptr, false);
        if (!one.is_discarded() && one.is_object() && one.contains("query_id")) return read_jsonl(lines, file, c);
        return read_irlens_json(text, file, c);
    }
    std::string_view f[5];
    const std::size_t n = text::split_fields(first, f, 4);
    if (n == 1 && first.find(',') != std::string_view::npos) return read_matrix(lines, file, wanted, c);
    if (n == 4) return read_irlens_tsv(lines, file, c);
    if (n != 3)
        throw InputError(file, lines[0].no,
                         "not a score file: expected trec_eval -q or ir_measures -q lines (3 columns), irlens eval -q "
                         "-f tsv (4), JSON, or a CSV matrix");
    // trec_eval (measure topic value) or ir_measures (topic measure value)?
    int trec = 0;
    for (const Line& l : lines) {
        std::string_view g[4];
        if (text::split_fields(l.text, g, 3) != 3) continue;
        if (g[1] == "all") trec = 1;
        else if (g[0] == "all") trec = -1;
        if (trec) break;
    }
    if (!trec) {
        const bool m0 = Collector::is_measure(std::string(f[0])), m1 = Collector::is_measure(std::string(f[1]));
        if (m0 != m1) trec = m0 ? 1 : -1;
    }
    if (trec == 1) return read_trec_eval(lines, file, c);
    if (trec == -1) return read_ir_measures(lines, file, c);
    throw InputError(file, lines[0].no,
                     "cannot tell trec_eval -q lines (measure topic value) from ir_measures -q lines (topic measure "
                     "value): no 'all' line, and both or neither of the first two columns are measure names");
}

}  // namespace

ScoreFiles load_score_files(const std::vector<std::string>& paths, const std::vector<MeasureSpec>& wanted) {
    Collector c(wanted);
    c.want_order(wanted);
    for (const std::string& p : paths) read_one(p, wanted, c);
    return c.finish();
}

}  // namespace irlens::cli
