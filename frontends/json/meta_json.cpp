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

void predictive_power_json(const MetaReport& r, nlohmann::json& j) {
    const PredictivePowerReport& p = r.predictive;
    j["preferences_file"] = p.source;
    j["judgments"] = p.judgments;
    j["human_ties"] = p.human_ties;
    j["interval"] = "bootstrap percentile";
    j["confidence"] = p.level;
    j["B"] = r.settings.testing.resampling.B;
    j["seed"] = r.settings.testing.resampling.seed;
    j["measures"] = nlohmann::json::array();
    for (const MeasurePredictivePower& m : p.measures)
        j["measures"].push_back({{"measure", m.measure},
                                 {"preferences", m.result.preferences},
                                 {"agreements", m.result.agreements},
                                 {"measure_ties", m.result.measure_ties},
                                 {"unscored", m.unscored},
                                 {"predictive_power", json_number(m.result.power)},
                                 {"ci_low", json_number(m.result.interval.low)},
                                 {"ci_high", json_number(m.result.interval.high)},
                                 {"note", predictive_power_note(m.result)}});
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

/// topic-set-size: `designs` as the TSV's rows (topics null and a note when there is no number;
/// achieved: the power, or the width for ci, at that size); `measures`: the variances and
/// power_curve {paired-t, anova}: the power at 2, 3, ... curve_topics topics.
void topic_set_size_json(const MetaReport& r, nlohmann::json& j) {
    const PowerSettings& p = r.settings.power;
    j["alpha"] = p.alpha;
    j["beta"] = p.beta;
    j["min_diff"] = p.min_diff;
    j["ci_width"] = p.ci_width > 0 ? nlohmann::json(p.ci_width) : nlohmann::json(nullptr);
    j["designs"] = nlohmann::json::array();
    j["measures"] = nlohmann::json::array();
    j["curve_topics"] = r.curve_topics;
    for (const MeasureTopicSetSize& x : r.topic_set_size) {
        auto row = [&](const char* design, double variance, const TopicSetSize& t, bool ci) {
            const std::string note = design_note(x, t, variance);
            j["designs"].push_back({{"measure", x.measure},
                                    {"design", design},
                                    {"variance", json_number(variance)},
                                    {"alpha", p.alpha},
                                    {"beta", ci ? nlohmann::json(nullptr) : nlohmann::json(p.beta)},
                                    {"min_diff", ci ? p.ci_width : p.min_diff},
                                    {"runs", x.variances.runs},
                                    {"topics", t.topics ? nlohmann::json(t.topics) : nlohmann::json(nullptr)},
                                    {"achieved", json_number(t.achieved)},
                                    {"note", note}});
        };
        row("paired-t", x.variances.v_e, x.paired_t, false);
        row("anova", x.variances.v_w, x.anova, false);
        if (p.ci_width > 0) row("ci", x.variances.v_e, x.ci, true);
        nlohmann::json m = {{"measure", x.measure},
                            {"runs", x.variances.runs},
                            {"topics", x.variances.topics},
                            {"v_e", json_number(x.variances.v_e)},
                            {"v_w", json_number(x.variances.v_w)},
                            {"note", x.variances.note}};
        {
            nlohmann::json pt = nlohmann::json::array(), an = nlohmann::json::array();
            for (double v : x.curve_paired_t) pt.push_back(json_number(v));
            for (double v : x.curve_anova) an.push_back(json_number(v));
            m["power_curve"] = {{"paired-t", pt}, {"anova", an}};
        }
        j["measures"].push_back(m);
    }
}

/// power: per measure, the paired t-test at the campaign's topics (null and a note when undefined).
void power_json(const MetaReport& r, nlohmann::json& j) {
    const PowerSettings& p = r.settings.power;
    j["alpha"] = p.alpha;
    j["beta"] = p.beta;
    j["min_diff"] = p.min_diff;
    j["measures"] = nlohmann::json::array();
    for (const MeasureTopicSetSize& x : r.topic_set_size) {
        const std::string note = power_note(x);
        j["measures"].push_back({{"measure", x.measure},
                                 {"topics", x.variances.topics},
                                 {"runs", x.variances.runs},
                                 {"v_e", json_number(x.variances.v_e)},
                                 {"min_detectable_diff", json_number(x.min_detectable_difference)},
                                 {"power", json_number(x.power)},
                                 {"note", note}});
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
    if (r.analysis == "predictive-power") predictive_power_json(r, j);
    if (r.analysis == "loo") loo_json(r, j);
    if (r.analysis == "topic-set-size") topic_set_size_json(r, j);
    if (r.analysis == "power") power_json(r, j);
    j["warnings"] = r.warnings;
    return json_text(j, indent);
}

}  // namespace irlens
