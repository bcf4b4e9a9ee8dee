// The JSON documents of run versus run (`irlens runs`, the JS API's compareRuns) and of the
// reproducibility measures (`irlens repro`, reproducibility()): one document each, which the CLI
// prints (adding irlens' version and the provenance), renders as tsv/csv/LaTeX from its rows, and
// the JS API returns. Numbers at full precision, NaN as null (never a number).
#pragma once

#include "irlens/compare_runs/reproducibility.hpp"
#include "irlens/compare_runs/run_comparison.hpp"

#include <string>

namespace irlens {

/// {command: "runs", run_a, run_b, persistence, depth, cutoffs, topics_compared, ktu_topics,
///  only_a: [topic], only_b: [topic], columns: [topic, docs_a, docs_b, RBO_min, RBO_res, RBO_ext,
///  KTU, overlap@k..., jaccard@k...], rows: [{column: value}]}: with per_topic a row per topic
/// (most different first), then the row "all" (the means; docs_a/docs_b the documents compared).
std::string runs_json(const RunComparison& c, const std::string& run_a, const std::string& run_b, bool per_topic,
                      int indent);

/// {command: "repro", kind: "reproducibility" | "replicability", runs: {orig_baseline,
///  orig_advanced, repro_baseline, repro_advanced}, persistence, rbo_depth, run_length, cutoffs,
///  warnings, columns: [quantity, measure, cutoff, run, value, topics, note], rows: [{column: value}]}
/// (ReproValue's fields; cutoff 0 where none applies).
std::string repro_json(const ReproReport& r, const std::string& orig_baseline, const std::string& orig_advanced,
                       const std::string& repro_baseline, const std::string& repro_advanced, int indent);

}  // namespace irlens
