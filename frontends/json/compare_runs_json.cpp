// The JSON documents of run versus run and of the reproducibility measures
// (irlens/frontends/compare_runs_json.hpp).
#include "irlens/frontends/compare_runs_json.hpp"

#include "irlens/frontends/json_text.hpp"

#include <nlohmann/json.hpp>

#include <cmath>

namespace irlens {

namespace {

using json = nlohmann::ordered_json;  // keys in the documented order

json value_or_null(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }  // NaN as null

json runs_table_row(const std::vector<std::string>& columns, const std::string& topic, std::size_t docs_a,
                    std::size_t docs_b, const Rbo& rbo, double ktu, const std::vector<double>& overlap,
                    const std::vector<double>& jaccard) {
    json row;
    std::size_t i = 0;
    row[columns[i++]] = topic;
    row[columns[i++]] = docs_a;
    row[columns[i++]] = docs_b;
    row[columns[i++]] = value_or_null(rbo.min);
    row[columns[i++]] = value_or_null(rbo.res);
    row[columns[i++]] = value_or_null(rbo.ext);
    row[columns[i++]] = value_or_null(ktu);
    for (double v : overlap) row[columns[i++]] = value_or_null(v);
    for (double v : jaccard) row[columns[i++]] = value_or_null(v);
    return row;
}

}  // namespace

std::string runs_json(const RunComparison& c, const std::string& run_a, const std::string& run_b, bool per_topic,
                      int indent) {
    std::vector<std::string> columns = {"topic", "docs_a", "docs_b", "RBO_min", "RBO_res", "RBO_ext", "KTU"};
    for (std::size_t k : c.settings.cutoffs) columns.push_back("overlap@" + std::to_string(k));
    for (std::size_t k : c.settings.cutoffs) columns.push_back("jaccard@" + std::to_string(k));
    json rows = json::array();
    std::size_t docs_a = 0, docs_b = 0;
    for (const TopicComparison& t : c.topics) {
        docs_a += t.length_a;
        docs_b += t.length_b;
        if (per_topic)
            rows.push_back(
                runs_table_row(columns, t.topic, t.length_a, t.length_b, t.rbo, t.ktu, t.overlap, t.jaccard));
    }
    rows.push_back(
        runs_table_row(columns, "all", docs_a, docs_b, c.mean_rbo, c.mean_ktu, c.mean_overlap, c.mean_jaccard));
    json doc;
    doc["command"] = "runs";
    doc["run_a"] = run_a;
    doc["run_b"] = run_b;
    doc["persistence"] = c.settings.p;
    doc["depth"] = c.settings.depth;
    doc["cutoffs"] = c.settings.cutoffs;
    doc["topics_compared"] = c.topics.size();
    doc["ktu_topics"] = c.ktu_topics;
    doc["only_a"] = json::array();
    for (const std::string& t : c.only_a) doc["only_a"].push_back(t);
    doc["only_b"] = json::array();
    for (const std::string& t : c.only_b) doc["only_b"].push_back(t);
    doc["columns"] = columns;
    doc["rows"] = std::move(rows);
    return json_text(std::move(doc), indent);  // invalid UTF-8 in names and ids as U+FFFD
}

std::string repro_json(const ReproReport& r, const std::string& orig_baseline, const std::string& orig_advanced,
                       const std::string& repro_baseline, const std::string& repro_advanced, int indent) {
    json doc;
    doc["command"] = "repro";
    doc["kind"] = r.settings.replicability ? "replicability" : "reproducibility";
    doc["runs"] = {{"orig_baseline", orig_baseline},
                   {"orig_advanced", orig_advanced},
                   {"repro_baseline", repro_baseline},
                   {"repro_advanced", repro_advanced}};
    doc["persistence"] = r.settings.p;
    doc["rbo_depth"] = r.settings.rbo_depth;
    doc["run_length"] = r.settings.run_length;
    doc["cutoffs"] = r.settings.cutoffs;
    doc["warnings"] = json::array();
    for (const std::string& w : r.warnings) doc["warnings"].push_back(w);
    doc["columns"] = {"quantity", "measure", "cutoff", "run", "value", "topics", "note"};
    json rows = json::array();
    for (const ReproValue& v : r.values)
        rows.push_back({{"quantity", v.quantity},
                        {"measure", v.measure},
                        {"cutoff", v.cutoff},
                        {"run", v.run},
                        {"value", value_or_null(v.value)},
                        {"topics", v.topics},
                        {"note", v.note}});
    doc["rows"] = std::move(rows);
    return json_text(std::move(doc), indent);  // invalid UTF-8 in names and ids as U+FFFD
}

}  // namespace irlens
