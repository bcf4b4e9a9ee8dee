// The JSON documents the CLI prints with --format json and the JS API returns: one builder per
// document, shared by both front-ends (nlohmann/json stays out of the core).
#pragma once

#include "irlens/axioms/axioms.hpp"
#include "irlens/evaluation/evaluate.hpp"
#include "irlens/evaluation/explain.hpp"
#include "irlens/frontends/meta_report.hpp"
#include "irlens/readers/run_check.hpp"
#include "irlens/stats/comparison.hpp"

#include <string>
#include <vector>

namespace irlens {

// The JSON document of an evaluation (irlens/evaluation/evaluate.hpp), built once for every front-end: what
// `irlens eval --format json` prints and the JS API's evaluationJson() returns, same keys, same
// values (NaN as null):
//   {irlens, qrels, missing, measures: [canonical name], measures_full: {M: full name},
//    measures_typed: {M: as typed}, provenance?, warnings,
//    runs: {RUN: {tag, mean: {M: v}, ci95: {M: [low, high] | null}, per_topic?: {TOPIC: {M: v}}}}}
// ci95 is the 95% t interval of the mean (mean_intervals, irlens/stats/confidence.hpp); a text-valued
// measure's per-topic value is its text and its mean null. Keys are written in byte order.
struct EvalDocument {
    bool per_topic = false;
    std::string qrels;               // the qrels' name (the CLI: the path as given)
    std::vector<std::string> typed;  // [measure] the name as typed (measures_typed); empty: the canonical names
    std::string provenance;          // the provenance record as JSON text; empty: no "provenance" key
    std::vector<std::string> input_warnings;  // the readers' (a byte-order mark, invalid UTF-8), before ev's
};

/// The document of `ev` (indent: -1 for one line, else pretty-printed with `indent` spaces).
std::string eval_json(const Evaluation& ev, const EvalDocument& doc, int indent);

/// The JSON document of `irlens compare --format json` (indent as nlohmann::json::dump: -1 for one
/// line). Numbers at full precision, NaN as null; keys: irlens, command, qrels, missing, test,
/// alternative, correction, B, seed, intervals, confidence, baseline (with one), risk_alpha (with
/// --risk), measures: [{measure, measure_full, topic_policy, comparisons: [{run, versus, mean,
/// mean_interval, versus_mean, versus_interval, difference, difference_interval, statistic, p,
/// p_adjusted, marker, cohen_d, cohen_d_interval, [urisk, trisk, wins, losses, ties,] topics,
/// method, note}]}], warnings; provenance: the provenance record as JSON text (the CLI's), empty
/// for no "provenance" key.
std::string comparison_json(const Comparison& c, int indent, const std::string& provenance = {});

/// The JSON document of `irlens meta ANALYSIS ... --format json` (indent as nlohmann::json::dump).
std::string meta_json(const MetaReport& r, int indent);

/// The JSON document of `irlens check --format json` (and the JS API's checkRun): {irlens,
/// command: "check", options: {qrels, topics, docs, max_docs, tag} (null when not given), errors,
/// warnings, files: [{file, lines, results, topics, errors, warnings, counts: {kind: n},
/// unlisted, findings: [{line (null: whole file), severity, kind, topic (null: none), message}]}]}.
/// indent as nlohmann::json::dump (-1: one line).
std::string check_json(const std::vector<CheckReport>& reports, const CheckOptions& options, int indent);

/// The JSON document of `irlens axioms --format json` (and the JS API's axioms()): {irlens,
/// command: "axioms", paper, seed, random_cases, depth_bound, grade_bound, results: [{measure (full
/// name), paper_metric (the Table 1 metric it stands for, as the paper writes it; null if none), constraint, verdict
/// (the TSV's text), kind (violated | no_violation | witness | no_witness | n/a), cases, undefined, witness (null
/// unless kind = witness), bound (null for universal constraints), max_grade (the cases' grades were 0..max_grade; null
/// for n/a), reason (null unless n/a), counterexample (null, or as axiom_case_json)}]}. Scores NaN as null. indent as
/// nlohmann::json::dump (-1: one line).
std::string axioms_json(const std::vector<AxiomResult>& results, const AxiomOptions& options, int indent);
/// One counterexample on one line: {claim, note, judgments: {DOC: grade | [grade per aspect]},
/// weights? (intent weights, when not uniform), better: {ranking: [DOC], score}, worse: {...}}.
std::string axiom_case_json(const AxiomCase& c);
/// The JSON document of `irlens explain --format json`: {irlens, command: "explain", qrels,
/// explanations: [{measure, run, topic, formula, columns, rows: [{rank, retrieved, doc, rel, values}],
/// terms: [{name, value}], value, text, missing}]}, each explanation keyed as the JS API's explain()
/// object (irlens/evaluation/explain.hpp: rel -1 not in the qrels, -2 judged negative; text: a
/// text-valued measure's value, whose number is null). NaN as null. indent as nlohmann::json::dump.
std::string explain_json(const std::vector<Explanation>& explanations, const std::string& qrels, int indent);

struct JudgmentsReport;
/// The JSON document of `irlens judgments --format json` and the JS API's judgments() (two sets of
/// judgments compared, irlens/stats/judgments.hpp; indent as nlohmann::json::dump, NaN as null):
/// {irlens, command, qrels_a, qrels_b, threshold, map_b, topics {compared, only_a, only_b, note},
/// grades {a, b, note}, labels, topic_labels [labels + topic, only_a, only_b], only_a, only_b
/// ({grade: judgments}), conclusions (null without runs) {topic_policy, alpha, rbo_p, confidence,
/// B, seed, measures [{measure, topics, runs [{run, mean_a, mean_b, rank_a, rank_b}], tau_b, tau_ap,
/// spearman, rbo ({value, interval, undefined_resamples}), largest_rank_change, top_k,
/// top_k_overlap, per_topic, per_topic_tau_b_mean, per_topic_undefined, test, pairs,
/// significant_a, significant_b, changes, note}]}, warnings, provenance?}; labels: {pairs, grades,
/// confusion [A's grade][B's grade], observed, expected, kappa, kappa_linear, kappa_quadratic,
/// alpha_nominal, alpha_ordinal, alpha_interval, binary {threshold, both, a_only, b_only, neither,
/// agreement, kappa}, note}.
std::string judgments_json(const JudgmentsReport& r, int indent, const std::string& provenance = {});

}  // namespace irlens
