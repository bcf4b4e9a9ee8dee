// The JSON document of explain mode (json_documents.hpp explain_json): `irlens explain --format json`.
#include "irlens/frontends/json_documents.hpp"

#include "irlens/frontends/json_text.hpp"
#include "irlens/version.hpp"

#include "json/json_number.hpp"

#include <nlohmann/json.hpp>

namespace irlens {

namespace {

/// One explanation, keyed as the JS API's explain() object.
nlohmann::json explanation(const Explanation& e) {
    using stats::json_number;
    nlohmann::json j;
    j["measure"] = e.measure;
    j["run"] = e.run;
    j["topic"] = e.topic;
    j["formula"] = e.formula;
    j["columns"] = e.columns;
    j["rows"] = nlohmann::json::array();
    for (const ExplainRow& r : e.rows) {
        nlohmann::json row;
        row["rank"] = r.rank;
        row["retrieved"] = r.retrieved;
        row["doc"] = r.doc;
        row["rel"] = r.rel;
        row["values"] = nlohmann::json::array();
        for (double v : r.values) row["values"].push_back(json_number(v));
        j["rows"].push_back(row);
    }
    j["terms"] = nlohmann::json::array();
    for (const auto& [name, v] : e.terms) j["terms"].push_back({{"name", name}, {"value", json_number(v)}});
    j["value"] = json_number(e.value);
    j["text"] = e.text;
    j["missing"] = e.missing;
    return j;
}

}  // namespace

std::string explain_json(const std::vector<Explanation>& explanations, const std::string& qrels, int indent) {
    nlohmann::json j;
    j["irlens"] = IRLENS_VERSION;
    j["command"] = "explain";
    j["qrels"] = qrels;
    j["explanations"] = nlohmann::json::array();
    for (const Explanation& e : explanations) j["explanations"].push_back(explanation(e));
    return json_text(j, indent);
}

}  // namespace irlens
