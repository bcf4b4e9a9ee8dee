// Per-topic scores made by other tools (or by `irlens eval -q`), for `irlens compare --scores` and
// `irlens meta --scores`: the statistics without the qrels and runs. Shared by the CLI, the fuzz
// target and (through frontends/) every other front-end. Each file's format is told by its
// content, and the choice comes with its evidence (ScoreFormatChoice):
//   trec_eval -q      `measure topic value` lines, the "all" block after each run's topics (its
//                     `runid all NAME` names the run); one file per run, or runs concatenated
//                     (a per-topic line after an "all" block starts the next run; per-topic lines
//                     after the last "all" block, with none of their own, are refused: a phantom run)
//   irlens eval -q    -f tsv: `run measure topic value`; -f csv: the header `run,measure,topic,value`
//                     then such rows; -f json: {"runs": {RUN: {"per_topic": {TOPIC: {MEASURE:
//                     value}}}}} (runs in the file's order)
//   ir_measures -q    `topic measure value` (its "all" lines first-column), or --output jsonl:
//                     {"query_id": ..., "measure": ..., "value": ...} per line; one run per file
//   a matrix (CSV)    header `topic,RUN,...` (a first cell that is a measure name names the
//                     measure, else -m names it), then `TOPIC,value,...` rows
// trec_eval -q and ir_measures -q are both three columns: told apart by where "all" stands (column
// 2: trec_eval, column 1: ir_measures), else by which column holds measure names.
//
// Every file passes the text front door first (text::LineSplitter: a leading byte-order mark
// stripped, CRLF, the 1 MiB line cap, the first invalid UTF-8 line noted). Measure names are read
// in the measure language, which also knows trec_eval's (P_10 -> P@10) and ranx's names; topics
// "all" (aggregates) are skipped. A run without a file-given name is named by its file. Values must
// be finite numbers within the measure's range (MeasureInfo::values); `nan` (JSON: null) is a topic
// without a value. Refused, with file and line (JSON: line and column): a second score for one
// (run, measure, topic), a run key repeated in one JSON object (any repeated JSON key), inf and
// numbers beyond a double's range (1e400), a value outside the measure's range (AP 1.7), a file
// that is no score file (a qrels file, a run).
#pragma once

#include "irlens/evaluation/evaluate.hpp"
#include "irlens/measures/measure.hpp"
#include "irlens/readers/text.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace irlens {

enum class ScoreFormat { TrecEval, IrMeasures, IrlensTsv, IrlensCsv, IrlensJson, Jsonl, Matrix };

/// "trec_eval -q", "ir_measures -q", "irlens eval -q -f tsv", ... "CSV matrix".
const char* score_format_name(ScoreFormat f);

/// The format of a score file and why it was chosen ("line 1 has 4 columns").
struct ScoreFormatChoice {
    ScoreFormat format = ScoreFormat::TrecEval;
    std::string evidence;
};

/// One score file: the name its messages use (its path) and its (decompressed) bytes.
struct ScoreFile {
    std::string source;
    std::string_view bytes;
};

struct ScoreFiles {
    Evaluation evaluation;                    // missing = Skip: a pair is compared on the topics both runs have
    std::size_t topics = 0;                   // distinct topics over all runs
    std::vector<std::string> skipped;         // measures in the files that irlens cannot name (left out)
    std::vector<ScoreFormatChoice> formats;   // per file, in order
    std::vector<text::TextNotes> text_notes;  // per file: a byte-order mark stripped, invalid UTF-8
};

/// Reads the files; keeps the measures `wanted` (by canonical name; all the files' measures when
/// empty). InputError (file, line, problem) for a bad file; UsageError for a wanted measure no run
/// has, two runs with one name, or a matrix without a measure name.
ScoreFiles read_score_files(const std::vector<ScoreFile>& files, const std::vector<MeasureSpec>& wanted);

/// The format of one score file's text (after the front door), with its evidence; InputError when
/// it is no score file. (read_score_files calls it; exposed for the fuzz target and tests.)
ScoreFormatChoice detect_score_format(const std::string& source, std::string_view text);

}  // namespace irlens
