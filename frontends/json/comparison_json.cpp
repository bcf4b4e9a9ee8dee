// The JSON document of a comparison (irlens/stats/comparison.hpp): what `irlens compare --format json`
// prints and the JS API's compare() returns.
#include "irlens/frontends/json_documents.hpp"
#include "irlens/stats/comparison.hpp"
#include "irlens/frontends/json_text.hpp"
#include "irlens/version.hpp"

#include "json/json_number.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace irlens {

namespace {

/// The text of one value as nlohmann::json::dump prints it (a number: json_number's; a string: made
/// valid UTF-8 first, as json_text does).
std::string leaf(double v) { return stats::json_number(v).dump(); }
std::string leaf(std::size_t v) { return nlohmann::json(v).dump(); }
std::string leaf(const std::string& v) { return nlohmann::json(text::to_utf8(v)).dump(); }

/// The rows of a comparison written as text, laid out exactly as nlohmann::json::dump(indent) lays
/// out the same objects (keys in byte order, `indent` spaces a level, -1: one line) with every value
/// printed by nlohmann: 124,750 pairs of 500 runs are 10^8 bytes, and building a tree of them took
/// longer than the text.
class RowsText {
public:
    /// Rows that are the elements of an array at `depth` levels (the array's key one level up).
    RowsText(int indent, std::size_t depth) : indent_(indent), depth_(depth), out_(indent < 0 ? "[" : "[\n") {}

    void field(const char* key, std::string value) { fields_.push_back({key, std::move(value), {}, false}); }
    void field(const char* key, const Interval& i) { fields_.push_back({key, leaf(i.low), leaf(i.high), true}); }

    /// Ends a row: appends it to the array's text.
    void end_row() {
        std::sort(fields_.begin(), fields_.end(),
                  [](const Field& x, const Field& y) { return std::strcmp(x.key, y.key) < 0; });
        const bool pretty = indent_ >= 0;
        const std::string row_pad = pad(depth_), key_pad = pad(depth_ + 1), item_pad = pad(depth_ + 2);
        if (rows_++) out_ += pretty ? ",\n" : ",";
        out_ += row_pad;
        out_ += pretty ? "{\n" : "{";
        for (std::size_t i = 0; i < fields_.size(); ++i) {
            const Field& f = fields_[i];
            out_ += key_pad;
            out_ += '"';
            out_ += f.key;
            out_ += pretty ? "\": " : "\":";
            if (f.pair) {  // [low, high]
                out_ += pretty ? "[\n" + item_pad : "[";
                out_ += f.value;
                out_ += pretty ? ",\n" + item_pad : ",";
                out_ += f.high;
                out_ += pretty ? "\n" + key_pad + "]" : "]";
            } else {
                out_ += f.value;
            }
            if (i + 1 < fields_.size()) out_ += pretty ? ",\n" : ",";
        }
        out_ += pretty ? "\n" + row_pad + "}" : "}";
        fields_.clear();
    }

    /// The array of the rows ended so far (the text is moved out, not copied).
    std::string array() && {
        if (!rows_) return "[]";
        out_ += indent_ < 0 ? "]" : "\n" + pad(depth_ - 1) + "]";
        return std::move(out_);
    }

private:
    std::string pad(std::size_t depth) const {
        return indent_ < 0 ? "" : std::string(depth * static_cast<std::size_t>(indent_), ' ');
    }

    struct Field {
        const char* key;
        std::string value, high;  // a number or a string's text; a pair: [value, high]
        bool pair;
    };
    int indent_;
    std::size_t depth_;
    std::vector<Field> fields_;  // of the row being written
    std::string out_;
    std::size_t rows_ = 0;
};

}  // namespace

std::string comparison_json(const Comparison& c, int indent, const std::string& provenance) {
    const CompareSettings& s = c.settings;
    const bool tests = s.only != CompareParts::Details, details = s.only != CompareParts::PValues;
    // The document without its rows is built by nlohmann/json, each measure's "comparisons" an empty
    // array; the rows (RowsText) take the place of those arrays in its text. Where: the root's keys
    // before "measures" (B ... irlens) hold no object, and "comparisons" is the first key of each
    // measure, so the i-th '"comparisons": []' of the text is the i-th measure's (a string holding
    // those bytes would show its quotes escaped).
    constexpr std::size_t kRowDepth = 4;  // root { measures [ { comparisons [ row
    std::vector<std::string> names;       // each run's name as JSON text, printed once
    for (const std::string& r : c.runs) names.push_back(leaf(r));
    std::vector<std::string> rows_text;
    nlohmann::json measures = nlohmann::json::array();
    for (const MeasureComparison& mc : c.measures) {
        nlohmann::json jm;
        jm["measure"] = mc.measure;
        jm["measure_full"] = mc.measure_full;
        jm["topic_policy"] = mc.topic_policy;
        jm["comparisons"] = nlohmann::json::array();
        measures.push_back(std::move(jm));
        RowsText rows(indent, kRowDepth);
        for (const ComparisonRow& r : mc.rows) {
            // CompareSettings::only: the keys of the parts not computed are left out (never a number
            // that was not computed); the document says which part it holds ("only").
            rows.field("run", names[r.a]);
            rows.field("versus", names[r.b]);
            rows.field("mean", leaf(r.mean_a));
            if (details) rows.field("mean_interval", r.ci_a);
            rows.field("versus_mean", leaf(r.mean_b));
            if (details) rows.field("versus_interval", r.ci_b);
            rows.field("difference", leaf(r.mean_a - r.mean_b));
            if (details) rows.field("difference_interval", r.ci_diff);
            if (tests) {
                rows.field("statistic", leaf(r.test.statistic));
                rows.field("p", leaf(r.test.p));
                rows.field("p_adjusted", leaf(r.p_adjusted));
                rows.field("marker", leaf(std::string(significance_marker(r.p_adjusted))));
            }
            if (details) {
                rows.field("cohen_d", leaf(r.effect.d));
                rows.field("cohen_d_interval", r.effect.interval);
            }
            if (s.risk && details) {
                rows.field("urisk", leaf(r.risk.urisk));
                rows.field("trisk", leaf(r.risk.trisk));
                rows.field("wins", leaf(r.risk.wins));
                rows.field("losses", leaf(r.risk.losses));
                rows.field("ties", leaf(r.risk.ties));
            }
            rows.field("topics", leaf(r.topics));
            if (tests) rows.field("method", leaf(r.test.method));
            rows.field("note", leaf(r.notes()));
            rows.end_row();
        }
        rows_text.push_back(std::move(rows).array());
    }
    nlohmann::json j;
    j["irlens"] = IRLENS_VERSION;
    j["command"] = "compare";
    j["qrels"] = c.qrels;
    j["missing"] = c.missing == MissingTopics::Skip ? "skip" : "zero";
    j["test"] = c.test;
    j["alternative"] = alternative_name(s.testing.alternative);
    j["correction"] = s.testing.tukey ? "tukey" : correction_name(s.testing.correction);
    j["B"] = s.testing.resampling.B;
    j["seed"] = s.testing.resampling.seed;
    j["intervals"] = c.intervals;
    j["confidence"] = s.confidence;
    if (c.has_baseline()) j["baseline"] = c.runs[c.baseline];
    if (s.risk) j["risk_alpha"] = s.risk_alpha;
    if (!tests || !details) j["only"] = tests ? "p-values" : "details";
    j["measures"] = std::move(measures);
    j["warnings"] = c.warnings;
    if (!provenance.empty()) j["provenance"] = nlohmann::json::parse(provenance);
    const std::string skeleton = json_text(std::move(j), indent);
    const std::string empty = indent < 0 ? "\"comparisons\":[]" : "\"comparisons\": []";
    std::size_t size = skeleton.size();
    for (const std::string& t : rows_text) size += t.size();
    std::string out;
    out.reserve(size);
    std::size_t from = 0;
    for (const std::string& t : rows_text) {
        const std::size_t at = skeleton.find(empty, from) + empty.size() - 2;  // the "[]"
        out.append(skeleton, from, at - from);
        out += t;
        from = at + 2;
    }
    out.append(skeleton, from, std::string::npos);
    return out;
}

}  // namespace irlens
