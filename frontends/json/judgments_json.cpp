// The JSON document of two sets of judgments compared (irlens/stats/judgments.hpp): what
// `irlens judgments ... --format json` prints and the JS API's judgments() returns.
#include "irlens/frontends/json_documents.hpp"
#include "irlens/frontends/json_text.hpp"
#include "irlens/stats/judgments.hpp"
#include "irlens/version.hpp"

#include "json/json_number.hpp"

#include <nlohmann/json.hpp>

#include <utility>

namespace irlens {

namespace {

using stats::json_number;

nlohmann::json grade_counts(const GradeCounts& c) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [grade, n] : c) j[std::to_string(grade)] = n;
    return j;
}

nlohmann::json labels_json(const LabelAgreement& l) {
    nlohmann::json grades = nlohmann::json::array();
    for (int g = l.lowest; g <= l.highest; ++g) grades.push_back(g);
    const BinaryAgreement& b = l.binary;
    return {{"pairs", l.items},
            {"grades", grades},
            {"confusion", l.confusion},
            {"observed", json_number(l.observed)},
            {"expected", json_number(l.expected)},
            {"kappa", json_number(l.kappa)},
            {"kappa_linear", json_number(l.kappa_linear)},
            {"kappa_quadratic", json_number(l.kappa_quadratic)},
            {"alpha_nominal", json_number(l.alpha_nominal)},
            {"alpha_ordinal", json_number(l.alpha_ordinal)},
            {"alpha_interval", json_number(l.alpha_interval)},
            {"binary",
             {{"threshold", b.threshold},
              {"both", b.both},
              {"a_only", b.first_only},
              {"b_only", b.second_only},
              {"neither", b.neither},
              {"agreement", json_number(b.agreement)},
              {"kappa", json_number(b.kappa)}}},
            {"note", l.note}};
}

nlohmann::json correlation_json(const CorrelationInterval& c) {
    return {{"value", json_number(c.value)},
            {"interval", {json_number(c.interval.low), json_number(c.interval.high)}},
            {"undefined_resamples", c.undefined}};
}

nlohmann::json conclusions_json(const ConclusionsAgreement& c) {
    nlohmann::json runs = nlohmann::json::array();
    for (std::size_t i = 0; i < c.runs.size(); ++i)
        runs.push_back({{"run", c.runs[i]},
                        {"mean_a", json_number(c.mean_a[i])},
                        {"mean_b", json_number(c.mean_b[i])},
                        {"rank_a", c.rank_a[i]},
                        {"rank_b", c.rank_b[i]},
                        {"interval_a", {json_number(c.interval_a[i].low), json_number(c.interval_a[i].high)}},
                        {"interval_b", {json_number(c.interval_b[i].low), json_number(c.interval_b[i].high)}}});
    nlohmann::json per_topic = nlohmann::json::array();
    for (const TopicCorrelation& t : c.per_topic)
        per_topic.push_back({{"topic", t.topic}, {"tau_b", json_number(t.tau_b)}});
    nlohmann::json changes = nlohmann::json::array();
    for (const VerdictChange& v : c.changes)
        changes.push_back({{"run_a", c.runs[v.a]},
                           {"run_b", c.runs[v.b]},
                           {"difference_a", json_number(v.difference_a)},
                           {"p_a", json_number(v.p_a)},
                           {"difference_b", json_number(v.difference_b)},
                           {"p_b", json_number(v.p_b)},
                           {"change", v.kind()}});
    nlohmann::json largest = nullptr;
    if (!c.runs.empty() && !c.rank_a.empty())
        largest = {{"run", c.runs[c.largest_change_run]},
                   {"rank_a", c.rank_a[c.largest_change_run]},
                   {"rank_b", c.rank_b[c.largest_change_run]},
                   {"change", c.largest_change}};
    return {{"measure", c.measure},
            {"topics", c.topics},
            {"runs", runs},
            {"tau_b", correlation_json(c.tau_b)},
            {"tau_ap", correlation_json(c.tau_ap)},
            {"spearman", correlation_json(c.spearman)},
            {"rbo", correlation_json(c.rbo)},
            {"largest_rank_change", largest},
            {"top_k", c.top_k},
            {"top_k_overlap", json_number(c.top_k_overlap)},
            {"per_topic", per_topic},
            {"per_topic_tau_b_mean", json_number(c.per_topic_mean)},
            {"per_topic_undefined", c.per_topic_undefined},
            {"test", c.test},
            {"pairs", c.pairs},
            {"significant_a", c.significant_a},
            {"significant_b", c.significant_b},
            {"changes", changes},
            {"note", c.note}};
}

}  // namespace

std::string judgments_json(const JudgmentsReport& r, int indent, const std::string& provenance) {
    const JudgmentAgreement& l = r.labels;
    const ConclusionSettings& cs = r.settings.conclusions;
    nlohmann::json map = nullptr;
    if (!l.map_b.empty()) {
        map = nlohmann::json::object();
        for (const auto& [from, to] : l.map_b) map[std::to_string(from)] = to;
    }
    nlohmann::json topics = nlohmann::json::array();
    for (const TopicAgreement& t : l.topics) {
        nlohmann::json j = labels_json(t.labels);
        j["topic"] = t.topic;
        j["only_a"] = grade_counts(t.only_a);
        j["only_b"] = grade_counts(t.only_b);
        topics.push_back(j);
    }
    nlohmann::json conclusions = nullptr;
    if (!r.measures.empty()) {
        nlohmann::json measures = nlohmann::json::array();
        for (const ConclusionsAgreement& c : r.measures) measures.push_back(conclusions_json(c));
        conclusions = {{"topic_policy", r.topic_policy},
                       {"alpha", cs.alpha},
                       {"rbo_p", cs.rbo_p},
                       {"confidence", cs.confidence},
                       {"B", cs.intervals_B},
                       {"seed", cs.testing.resampling.seed},
                       {"measures", measures}};
    }
    nlohmann::json doc = {{"irlens", IRLENS_VERSION},
                          {"command", "judgments"},
                          {"qrels_a", l.source_a},
                          {"qrels_b", l.source_b},
                          {"threshold", r.settings.threshold},
                          {"map_b", map},
                          {"topics",
                           {{"compared", l.topics_compared},
                            {"only_a", l.topics_only_a},
                            {"only_b", l.topics_only_b},
                            {"note", l.topic_note}}},
                          {"grades", {{"a", l.grades_a}, {"b", l.grades_b}, {"note", l.scale_note}}},
                          {"labels", labels_json(l.overall)},
                          {"topic_labels", topics},
                          {"only_a", grade_counts(l.only_a)},
                          {"only_b", grade_counts(l.only_b)},
                          {"conclusions", conclusions},
                          {"warnings", r.warnings}};
    if (!provenance.empty()) doc["provenance"] = nlohmann::json::parse(provenance);
    return json_text(std::move(doc), indent);
}

}  // namespace irlens
