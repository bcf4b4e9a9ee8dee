// The JSON document of an evaluation (json_documents.hpp eval_json): `irlens eval --format json`
// and the JS API's evaluationJson().
#include "irlens/frontends/json_documents.hpp"

#include "irlens/stats/confidence.hpp"
#include "irlens/frontends/json_text.hpp"
#include "irlens/version.hpp"

#include "json/json_number.hpp"

#include <nlohmann/json.hpp>

namespace irlens {

std::string eval_json(const Evaluation& ev, const EvalDocument& doc, int indent) {
    using stats::json_number;
    nlohmann::json j;
    j["irlens"] = IRLENS_VERSION;
    j["qrels"] = doc.qrels;
    j["missing"] = ev.missing == MissingTopics::Skip ? "skip" : "zero";
    j["measures"] = nlohmann::json::array();
    j["measures_full"] = nlohmann::json::object();
    j["measures_typed"] = nlohmann::json::object();  // as typed: "ndcg@10" for nDCG@10 (the first spelling)
    for (std::size_t m = 0; m < ev.measures.size(); ++m) {
        const std::string name = ev.measures[m].name();
        j["measures"].push_back(name);
        j["measures_full"][name] = ev.measures[m].full_name();
        if (!j["measures_typed"].contains(name)) j["measures_typed"][name] = m < doc.typed.size() ? doc.typed[m] : name;
    }
    if (!doc.provenance.empty()) j["provenance"] = nlohmann::json::parse(doc.provenance);
    const std::vector<std::vector<Interval>> ci = mean_intervals(ev);
    // The runs in the order given (a JSON object of nlohmann::json sorts its keys): compare --scores
    // reads them back in this order, so that its pairs are those of compare on the runs.
    nlohmann::ordered_json runs = nlohmann::ordered_json::object();
    for (std::size_t r = 0; r < ev.runs.size(); ++r) {
        const RunScores& run = ev.runs[r];
        nlohmann::json jr;
        jr["tag"] = run.tag;
        jr["mean"] = nlohmann::json::object();
        jr["ci95"] = nlohmann::json::object();
        for (std::size_t m = 0; m < ev.measures.size(); ++m) {
            const std::string name = ev.measures[m].name();
            jr["mean"][name] = json_number(run.aggregate[m]);
            const Interval& i = ci[r][m];
            jr["ci95"][name] = std::isfinite(i.low) && std::isfinite(i.high) ? nlohmann::json::array({i.low, i.high})
                                                                             : nlohmann::json(nullptr);
        }
        if (doc.per_topic) {
            jr["per_topic"] = nlohmann::json::object();
            for (std::size_t t = 0; t < run.topics.size(); ++t) {
                nlohmann::json jt = nlohmann::json::object();
                for (std::size_t m = 0; m < ev.measures.size(); ++m) {
                    if (ev.measures[m].info().text_valued)
                        jt[ev.measures[m].name()] = run.texts[m][t];
                    else
                        jt[ev.measures[m].name()] = json_number(run.values[m][t]);
                }
                jr["per_topic"][run.topics[t]] = jt;
            }
        }
        runs[run.name] = nlohmann::ordered_json(jr);
    }
    std::vector<std::string> warnings = doc.input_warnings;
    warnings.insert(warnings.end(), ev.warnings.begin(), ev.warnings.end());
    j["warnings"] = warnings;
    j["runs"] = nullptr;            // its place among the keys
    nlohmann::ordered_json out(j);  // the keys in their (sorted) order, as before
    out["runs"] = std::move(runs);
    return json_text(out, indent);
}

}  // namespace irlens
