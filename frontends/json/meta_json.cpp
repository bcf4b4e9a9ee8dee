// The JSON document of a meta-evaluation (irlens/frontends/meta_report.hpp): what `irlens meta ANALYSIS
// ... --format json` prints and the JS API's meta() returns.
#include "irlens/frontends/json_documents.hpp"
#include "irlens/frontends/meta_report.hpp"
#include "irlens/frontends/json_text.hpp"
#include "irlens/version.hpp"

#include "json/json_number.hpp"

#include <nlohmann/json.hpp>

namespace irlens {

namespace {

using stats::json_number;

void correlation_json(const MetaReport& r, nlohmann::json& j) {
    j["pairs"] = nlohmann::json::array();
    for (const MeasureCorrelation& c : r.correlation)
        j["pairs"].push_back({{"measure_x", c.x},
                              {"measure_y", c.y},
                              {"runs", c.runs},
                              {"tau_a", json_number(c.tau_a)},
                              {"tau_b", json_number(c.tau_b.coefficient)},
                              {"p_tau_b", json_number(c.tau_b.p)},
                              {"p_tau_b_method", c.tau_b.method},
                              {"tau_ap_xy", json_number(c.tau_ap_xy)},
                              {"tau_ap_yx", json_number(c.tau_ap_yx)},
                              {"tau_ap_symmetric", json_number((c.tau_ap_xy + c.tau_ap_yx) / 2)},
                              {"spearman", json_number(c.spearman.coefficient)},
                              {"p_spearman", json_number(c.spearman.p)},
                              {"rbo", json_number(c.rbo)},
                              {"rbo_p", r.settings.rbo_p},
                              {"note", c.note}});
}

void discrimination_json(const MetaReport& r, nlohmann::json& j) {
    j["measures"] = nlohmann::json::array();
    for (const MeasureDiscrimination& m : r.discrimination) {
        const DiscriminativePower& d = m.power;
        nlohmann::json jm = {{"measure", m.measure},
                             {"test", d.method},
                             {"pairs", d.pairs},
                             {"significant_05", d.significant_05},
                             {"significant_01", d.significant_01},
                             {"min_difference_05", json_number(d.min_difference_05)},
                             {"min_difference_01", json_number(d.min_difference_01)}};
        jm["asl_curve"] = nlohmann::json::array();
        for (const PairOutcome& o : d.curve)
            jm["asl_curve"].push_back({{"run_a", r.runs[o.a]},
                                       {"run_b", r.runs[o.b]},
                                       {"difference", json_number(o.difference)},
                                       {"p", json_number(o.p)}});
        j["measures"].push_back(jm);
    }
}

void stability_json(const MetaReport& r, nlohmann::json& j) {
    j["measures"] = nlohmann::json::array();
    for (const MeasureStability& m : r.stability) {
        nlohmann::json bins = nlohmann::json::array();
        for (const SwapRate::Bin& b : m.swap.bins)
            bins.push_back({{"low", b.low}, {"high", b.high}, {"comparisons", b.comparisons}, {"swaps", b.swaps}});
        j["measures"].push_back({{"measure", m.measure},
                                 {"topics_per_trial", m.topics_per_trial},
                                 {"trials", r.settings.trials},
                                 {"stability", json_number(m.stability.stability)},
                                 {"swap_topics_per_set", m.swap_topics_per_set},
                                 {"swap_rate", json_number(m.swap.swap_rate)},
                                 {"swap_bins", bins}});
        if (r.settings.stability == "fuzzy") {  // the keys of the variant only: the default document is unchanged
            j["measures"].back()["error_rate"] = json_number(m.stability.error_rate);
            j["measures"].back()["tie_rate"] = json_number(m.stability.tie_rate);
        }
    }
    j["seed"] = r.settings.testing.resampling.seed;
    if (r.settings.stability == "fuzzy") {
        j["stability_variant"] = "fuzzy";
        j["fuzziness"] = r.settings.fuzziness;
    }
}

void concordance_json(const MetaReport& r, nlohmann::json& j) {
    const Concordance& c = r.concordance.result;
    j["measure_1"] = r.concordance.measure_1;
    j["measure_2"] = r.concordance.measure_2;
    j["gold"] = r.concordance.gold;
    j["comparisons"] = c.comparisons;
    j["disagreements"] = c.disagreements;
    j["conc_1"] = json_number(c.conc1);
    j["conc_2"] = json_number(c.conc2);
    j["wins_1"] = c.wins1;
    j["wins_2"] = c.wins2;
    j["p"] = json_number(c.sign.p);
    j["note"] = c.sign.note;
}

void unanimity_json(const MetaReport& r, nlohmann::json& j) {
    j["measures"] = nlohmann::json::array();
    for (const Unanimity& x : r.unanimity)
        j["measures"].push_back({{"measure", x.measure},
                                 {"mu", json_number(x.mu)},
                                 {"p_measure", x.p_measure},
                                 {"p_unanimous", x.p_unanimous},
                                 {"p_joint", x.p_joint}});
}

void loo_json(const MetaReport& r, nlohmann::json& j) {
    const LeaveOneOut& loo = r.loo;
    j["pool_depth"] = r.settings.depth;
    j["groups_file"] = r.groups_source;
    j["measures"] = nlohmann::json::array();
    for (std::size_t m = 0; m < loo.measures.size(); ++m) {
        nlohmann::json jm = {{"measure", loo.measures[m].name()},
                             {"kendall_tau_b", json_number(loo.kendall_tau_b[m])},
                             {"mean_abs_change", json_number(loo.mean_abs_change[m])},
                             {"max_rank_change", loo.max_rank_change[m]}};
        jm["runs"] = nlohmann::json::array();
        for (const LeaveOneOutRun& x : loo.runs)
            jm["runs"].push_back({{"run", x.run},
                                  {"group", x.group},
                                  {"unique_judgments", x.unique_judgments},
                                  {"unique_relevant", x.unique_relevant},
                                  {"full", json_number(x.full[m])},
                                  {"loo", json_number(x.loo[m])},
                                  {"full_rank", x.full_rank[m]},
                                  {"loo_rank", x.loo_rank[m]}});
        j["measures"].push_back(jm);
    }
}

}  // namespace

std::string meta_json(const MetaReport& r, int indent) {
    nlohmann::json j;
    j["irlens"] = IRLENS_VERSION;
    j["command"] = "meta";
    j["analysis"] = r.analysis;
    j["qrels"] = r.qrels;
    j["missing"] = r.missing == MissingTopics::Skip ? "skip" : "zero";
    j["runs"] = r.runs;
    j["topic_policy"] = r.topic_policy;
    if (r.analysis == "correlation") correlation_json(r, j);
    if (r.analysis == "discriminative-power") discrimination_json(r, j);
    if (r.analysis == "stability") stability_json(r, j);
    if (r.analysis == "concordance") concordance_json(r, j);
    if (r.analysis == "unanimity") unanimity_json(r, j);
    if (r.analysis == "loo") loo_json(r, j);
    j["warnings"] = r.warnings;
    return json_text(j, indent);
}

}  // namespace irlens
