// Run validation for organisers (`irlens check`, the JS API's checkRun): what TREC's submission
// checkers catch, reported all at once with file, line and severity, instead of the evaluation
// reader's first error.
//
// Contract:
// - RunChecker reads any bytes: every problem is a finding, never an exception. Memory per line
//   is bounded: a line longer than kMaxCheckLine bytes is a finding and is skipped without being
//   stored. What is kept per result line (for the per-topic checks) is about 20 bytes plus its
//   document id, as the evaluation reader keeps.
// - Findings (kind, severity) - a line number unless noted:
//     long_line            error    a line longer than 1 MiB (skipped)
//     binary               error    a NUL byte in the line (skipped)
//     columns              error    not exactly 6 columns `topic Q0 doc rank score tag` (trec_eval
//                                   ignores columns past the sixth; TREC's checkers refuse them)
//     iteration            warning  the second column is not `Q0` (trec_eval ignores the column)
//     rank                 error    the rank is not an integer (or beyond +-2^31)
//     score                error    the score is not a number, NaN, or beyond a double's range (1e400)
//     doc_id               error    a document id longer than 65535 bytes (irlens' limit)
//     duplicate_document   error    a document repeated within a topic (at the repeat)
//     duplicate_rank       error    a rank repeated within a topic (at the repeat)
//     missing_rank         warning  a gap in a topic's ranks 1, 2, ..., n (one per topic)
//     rank_below_one       warning  a topic's lowest rank is below 1, e.g. ranks from 0 (one per topic)
//     rank_order           error    a topic's ranks disagree with its scores: a rank has a higher
//                                   score than the rank before it (one per topic; trec_eval
//                                   evaluates in score order)
//     tied_scores          warning  results of a topic share a score (one per topic; trec_eval
//                                   breaks ties by document id, descending, not by rank)
//     too_many_documents   error    a topic has more than max_docs results (at the first too many)
//     unknown_topic        error    a topic not in the topic list (one per topic, at its first line)
//     unjudged_topic       warning  a topic not in the qrels: evaluation ignores it (one per topic)
//     missing_topic        warning  a topic of the topic list (else of the qrels) without results
//                                   (no line)
//     tag                  error    a run tag different from the first line's, or from the expected
//                                   tag (once per distinct tag, at its first line)
//     unknown_document     error    a document id not in the document list
//     empty                error    no result lines at all (no line)
// - Every kind is counted in full; only the first kMaxListedPerKind findings of each kind (by line)
//   are listed (and only their messages built), so that a broken file of a million lines gives a
//   report of bounded size.
// - Blank lines and lines starting with '#' are skipped, as the evaluation reader skips them.
#pragma once

#include "irlens/readers/qrels.hpp"
#include "irlens/readers/text.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace irlens {

constexpr std::size_t kMaxCheckLine = 1u << 20;
constexpr std::size_t kMaxListedPerKind = 100;

/// A list of ids (topics or documents): the first word of every line that is neither blank nor a
/// '#' comment, so a qrels or run file works as a topic list too. Ids are kept in one buffer with
/// a sorted 4-byte index per id (a collection of 9 million ids takes about 130 MB).
class IdList {
public:
    const std::string& source() const { return source_; }
    std::size_t size() const { return index_.size(); }
    bool contains(std::string_view id) const;
    /// A byte-order mark (stripped), the first line with invalid UTF-8.
    const text::TextNotes& text_notes() const { return notes_; }
    /// The ids in byte order.
    std::vector<std::string_view> ids() const;

private:
    friend class IdListReader;
    std::string_view at(std::uint32_t offset) const;
    std::string source_;
    text::TextNotes notes_;
    std::string bytes_;                 // ids, each ended by '\n'
    std::vector<std::uint32_t> index_;  // offsets into bytes_, sorted by id, no repeats
};

/// Builds an IdList from bytes fed in chunks. InputError (source, line) for a line over 1 MiB, a
/// NUL byte, or more than 4 GiB of ids; "no ids found" for a list without any.
class IdListReader {
public:
    explicit IdListReader(std::string source);
    ~IdListReader();
    void feed(std::string_view chunk);
    std::shared_ptr<const IdList> finish();

private:
    struct State;
    std::unique_ptr<State> st_;
};

enum class Severity { Warning, Error };

struct CheckFinding {
    std::uint64_t line = 0;  // 1-based; 0: the finding concerns the whole file
    Severity severity = Severity::Error;
    std::string kind;     // as listed above
    std::string topic;    // the topic concerned, if any
    std::string message;  // what is wrong, with the bytes quoted (quote_bytes)
};

/// What to check beyond the format (each optional).
struct CheckOptions {
    std::size_t max_docs = 0;                    // results per topic at most (0: no limit)
    std::string tag;                             // the expected run tag (empty: any, but one)
    std::shared_ptr<const IdList> topics, docs;  // the topic list, the document collection
    std::shared_ptr<const Qrels> qrels;          // its topics: the judged ones
};

struct CheckReport {
    std::string file;
    std::uint64_t lines = 0, results = 0;  // lines read; result lines with 6 columns
    std::size_t topics = 0;                // distinct topics among them
    std::uint64_t errors = 0, warnings = 0;
    std::map<std::string, std::uint64_t> counts;  // findings per kind, all of them
    std::vector<CheckFinding> findings;           // sorted by line (whole-file ones last); listed ones only
    std::uint64_t unlisted = 0;                   // findings counted but not listed
    text::TextNotes text_notes;                   // a byte-order mark (stripped), the first invalid UTF-8 line
};

/// Checks one run fed in chunks of any size.
class RunChecker {
public:
    RunChecker(std::string file, CheckOptions options);
    ~RunChecker();
    void feed(std::string_view chunk);
    CheckReport finish();

private:
    struct State;
    std::unique_ptr<State> st_;
};

/// Convenience: check a whole buffer.
CheckReport check_run(std::string file, std::string_view bytes, const CheckOptions& options);

const char* severity_name(Severity s);

}  // namespace irlens
