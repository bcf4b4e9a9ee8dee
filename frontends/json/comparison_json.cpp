// The JSON document of a comparison (irlens/stats/comparison.hpp): what `irlens compare --format json`
// prints and the JS API's compare() returns.
#include "irlens/frontends/json_documents.hpp"
#include "irlens/stats/comparison.hpp"
#include "irlens/frontends/json_text.hpp"
#include "irlens/version.hpp"

#include "json/json_number.hpp"

#include <nlohmann/json.hpp>

namespace irlens {

std::string comparison_json(const Comparison& c, int indent, const std::string& provenance) {
    using stats::json_number;
    const CompareSettings& s = c.settings;
    const bool tests = s.only != CompareParts::Details, details = s.only != CompareParts::PValues;
    // Every row, measure and the document are moved into their parent, never copied (124,750
    // pairs of 500 runs make a document of 10^8 bytes).
    nlohmann::json measures = nlohmann::json::array();
    for (const MeasureComparison& mc : c.measures) {
        nlohmann::json jm;
        jm["measure"] = mc.measure;
        jm["measure_full"] = mc.measure_full;
        jm["topic_policy"] = mc.topic_policy;
        nlohmann::json& comparisons = jm["comparisons"] = nlohmann::json::array();
        comparisons.get_ref<nlohmann::json::array_t&>().reserve(mc.rows.size());
        for (const ComparisonRow& r : mc.rows) {
            // CompareSettings::only: the keys of the parts not computed are left out (never a number
            // that was not computed); the document says which part it holds ("only").
            nlohmann::json j;
            j["run"] = c.runs[r.a];
            j["versus"] = c.runs[r.b];
            j["mean"] = json_number(r.mean_a);
            if (details) j["mean_interval"] = {json_number(r.ci_a.low), json_number(r.ci_a.high)};
            j["versus_mean"] = json_number(r.mean_b);
            if (details) j["versus_interval"] = {json_number(r.ci_b.low), json_number(r.ci_b.high)};
            j["difference"] = json_number(r.mean_a - r.mean_b);
            if (details) j["difference_interval"] = {json_number(r.ci_diff.low), json_number(r.ci_diff.high)};
            if (tests) {
                j["statistic"] = json_number(r.test.statistic);
                j["p"] = json_number(r.test.p);
                j["p_adjusted"] = json_number(r.p_adjusted);
                j["marker"] = significance_marker(r.p_adjusted);
            }
            if (details) {
                j["cohen_d"] = json_number(r.effect.d);
                j["cohen_d_interval"] = {json_number(r.effect.interval.low), json_number(r.effect.interval.high)};
            }
            if (s.risk && details) {
                j["urisk"] = json_number(r.risk.urisk);
                j["trisk"] = json_number(r.risk.trisk);
                j["wins"] = r.risk.wins;
                j["losses"] = r.risk.losses;
                j["ties"] = r.risk.ties;
            }
            j["topics"] = r.topics;
            if (tests) j["method"] = r.test.method;
            j["note"] = r.notes();
            comparisons.push_back(std::move(j));
        }
        measures.push_back(std::move(jm));
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
    return json_text(std::move(j), indent);
}

}  // namespace irlens
