// Per-topic scores made by other tools (or by `irlens eval -q`), for `irlens compare --scores` and
// `irlens meta --scores`: the statistics without the qrels and runs. Each file's format is told by
// its content:
//   trec_eval -q      `measure topic value` lines, the "all" block after each run's topics (its
//                     `runid all NAME` names the run); one file per run, or runs concatenated
//                     (a per-topic line after an "all" block starts the next run)
//   irlens eval -q    -f tsv: `run measure topic value`; -f json: {"runs": {RUN: {"per_topic":
//                     {TOPIC: {MEASURE: value}}}}}
//   ir_measures -q    `topic measure value` (its "all" lines first-column), or --output jsonl:
//                     {"query_id": ..., "measure": ..., "value": ...} per line; one run per file
//   a matrix (CSV)    header `topic,RUN,...` (a first cell that is a measure name names the
//                     measure, else -m names it), then `TOPIC,value,...` rows
// trec_eval -q and ir_measures -q are both three columns: told apart by where "all" stands (column
// 2: trec_eval, column 1: ir_measures), else by which column holds measure names.
// Measure names are read in the measure language, which also knows trec_eval's (P_10 -> P@10) and
// ranx's names; topics "all" (aggregates) are skipped. A run without a file-given name is named by
// its file. Values must be numbers (nan: the topic has no value for that measure).
#pragma once

#include "irlens/evaluation/evaluate.hpp"
#include "irlens/measures/measure.hpp"

#include <string>
#include <vector>

namespace irlens::cli {

struct ScoreFiles {
    Evaluation evaluation;  // missing = Skip: a pair is compared on the topics both runs have
    std::size_t topics = 0;  // distinct topics over all runs
    std::vector<std::string> skipped;  // measures in the files that irlens cannot name (left out)
};

/// Reads the files; keeps the measures `wanted` (by canonical name; all the files' measures when
/// empty). InputError (file, line, problem) for a bad file; UsageError for a wanted measure no run
/// has, two runs with one name, or a matrix without a measure name.
ScoreFiles load_score_files(const std::vector<std::string>& paths, const std::vector<MeasureSpec>& wanted);

}  // namespace irlens::cli
