// Qrels and runs in the formats people bring from other tools, detected by content (never by the
// file's name) and read through the TREC readers (qrels.hpp, run.hpp), so that every rule of
// those holds for them too (limits, duplicates, integer grades, the index built).
//
// Detection, on the first bytes after an optional UTF-8 byte-order mark:
// - JSON (ranx / ir_measures, qrels and runs): the first non-blank byte is '{'. The one shape read
//   is a dict of dicts, {"topic": {"doc": number, ...}, ...}: the number is the grade (an
//   integer) in qrels, the score in runs. A streaming scanner reads it (memory: one key, plus the
//   doc ids of one topic for the duplicate check; never a document tree), so the 1 MiB line cap
//   of TREC files (ranx writes JSON on one line) becomes a cap on each key and number (65,535
//   bytes). Errors name the line, the column and the key path. Keys must be valid UTF-8 with no
//   whitespace or control character and a topic id must not start with '#' (a TREC file could not
//   hold them); a key repeated in the same object is an error naming both places.
// - BEIR qrels: the first content line (not blank, not a '#' comment) is the header
//   `query-id corpus-id score`; every further content line has those three columns.
// - MS MARCO runs: the first content line has three columns, `qid pid rank`, and the ranks give
//   the evidence: each topic's first rank is 1 and its ranks never decrease. A third column that
//   breaks this (a `qid docid score` file, whose scores would be read upside down) is an InputError
//   at its line saying that the format was guessed from the first line's three columns, and that
//   the format can be given (RunFormat). The score is minus
//   the rank, so that trec_eval's order (score descending, ties by doc id descending) is the rank
//   order; two documents with the same rank tie, and trec_eval's tie rule puts the one with the
//   larger doc id (byte order) first. The run tag is the run's name.
// - otherwise TREC (`topic iter doc rel`, `topic Q0 doc rank score tag`), as qrels.hpp and run.hpp.
// A run's format may be given instead (AnyRunReader's `given`: the CLI's --run-format, the JS API's
// runFormat): nothing is guessed then, and an MS MARCO run's ranks are taken as they are. Errors of
// an MS MARCO run read by detection say that the first content line decided the format.
// format_evidence() says which reader was chosen and why, for the front-ends' warnings.
// Line-based formats keep the TREC readers' line numbers (the header counts as a line). Grouped
// (diversity, qrels_jg) qrels are read as TREC only.
#pragma once

#include "irlens/readers/qrels.hpp"
#include "irlens/readers/run.hpp"

#include <memory>
#include <string>
#include <string_view>

namespace irlens {

enum class InputFormat { Unknown, Trec, Beir, MsMarco, Json };

/// "TREC", "BEIR", "MS MARCO", "JSON" ("unknown" before the first content byte).
const char* input_format_name(InputFormat f);

/// The run format a user names (--run-format, runFormat): "auto" (detected: Unknown), "trec",
/// "msmarco", "json"; UsageError for any other word.
InputFormat parse_run_format(const std::string& word);

namespace detail {
class FormatConverter;
}

/// A QrelsReader that also reads BEIR TSV and JSON qrels (detected as above).
class AnyQrelsReader {
public:
    AnyQrelsReader(const std::string& source, QrelsFormat format);
    ~AnyQrelsReader();
    /// QrelsReader::expect_bytes (a hint: a converted format's bytes differ from the file's).
    void expect_bytes(std::uint64_t bytes);
    void feed(std::string_view chunk);
    std::shared_ptr<const Qrels> finish();
    /// The format detected (Unknown until the first content byte).
    InputFormat input_format() const;
    std::string format_evidence() const;

private:
    std::unique_ptr<QrelsReader> reader_;
    std::unique_ptr<detail::FormatConverter> converter_;
};

/// A RunReader that also reads MS MARCO runs and JSON runs (detected as above).
class AnyRunReader {
public:
    /// `given`: the format (Unknown: detected from the content).
    AnyRunReader(std::shared_ptr<const Qrels> qrels, const std::string& name, RunOrder order = RunOrder::Score,
                 InputFormat given = InputFormat::Unknown);
    ~AnyRunReader();
    void feed(std::string_view chunk);
    std::shared_ptr<const Run> finish();
    InputFormat input_format() const;
    /// Why input_format() was chosen: "given", "line 1 has 6 columns", "line 3 has 3 columns, and the
    /// ranks start at 1 and increase within each topic", "the first content byte is '{'" (empty while
    /// Unknown). Complete after finish().
    std::string format_evidence() const;

private:
    std::unique_ptr<RunReader> reader_;
    std::unique_ptr<detail::FormatConverter> converter_;
};

}  // namespace irlens
