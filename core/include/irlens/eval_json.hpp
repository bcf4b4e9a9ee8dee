// The JSON document of an evaluation (irlens/evaluate.hpp), built once for every front-end: what
// `irlens eval --format json` prints and the JS API's evaluationJson() returns, same keys, same
// values (NaN as null):
//   {irlens, qrels, missing, measures: [canonical name], measures_full: {M: full name},
//    measures_typed: {M: as typed}, provenance?, warnings,
//    runs: {RUN: {tag, mean: {M: v}, ci95: {M: [low, high] | null}, per_topic?: {TOPIC: {M: v}}}}}
// ci95 is the 95% t interval of the mean (mean_intervals, irlens/confidence.hpp); a text-valued
// measure's per-topic value is its text and its mean null. Keys are written in byte order.
// Front-end code (to move to frontends/ with the other JSON documents).
#pragma once

#include "irlens/evaluate.hpp"

#include <string>
#include <vector>

namespace irlens {

struct EvalDocument {
    bool per_topic = false;
    std::string qrels;               // the qrels' name (the CLI: the path as given)
    std::vector<std::string> typed;  // [measure] the name as typed (measures_typed); empty: the canonical names
    std::string provenance;          // the provenance record as JSON text; empty: no "provenance" key
};

/// The document of `ev` (indent: -1 for one line, else pretty-printed with `indent` spaces).
std::string eval_json(const Evaluation& ev, const EvalDocument& doc, int indent);

}  // namespace irlens
