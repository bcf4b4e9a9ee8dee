// A retrieval run `topic Q0 doc rank score tag`, read against a qrels index.
//
// Contract:
// - Lines need at least 6 whitespace-separated fields (trec_eval ignores any after the tag, and
//   so does irlens). '#' comment lines and blank lines are skipped; CRLF is accepted.
// - score must be a finite or infinite decimal number (NaN is an error). With RunOrder::Rank the
//   rank column must be an integer and is what orders the documents.
// - A (topic, doc) pair may occur once; a repeat is an error naming both lines: of all repeats,
//   the one on the earliest line, however the input arrives (one buffer, chunks, columns, streamed).
//   A topic's lines are checked as they are read, by the hash of the qrels lookup; a topic whose
//   lines come back after another topic's is checked whole by finish().
// - Lines whose topic is not in the qrels are dropped and counted (trec_eval ignores such topics).
// - The run keeps, per qrels topic, its entries in file order; ordering happens at evaluation
//   (see ranking.hpp). A judged doc is stored as the index of its qrels judgment, an unjudged doc
//   as its bytes, so memory is about 16 bytes per line plus the unjudged doc ids.
#pragma once

#include "irlens/error.hpp"
#include "irlens/readers/columns.hpp"
#include "irlens/readers/doc_arena.hpp"
#include "irlens/readers/qrels.hpp"
#include "irlens/readers/text.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace irlens {

enum class RunOrder {
    Score,  // trec_eval: score descending, ties broken by doc id descending (byte order)
    Rank,   // the rank column ascending, ties broken by doc id descending (byte order)
};

// 12 bytes (4-byte aligned): 6M entries take 72 MB instead of 96. Read the fields by value.
#pragma pack(push, 4)
struct RunEntry {
    double key;         // the score (RunOrder::Score) or minus the rank (RunOrder::Rank)
    std::uint32_t doc;  // judgment index in the qrels, or kUnjudgedDoc | offset in Run's arena
};
#pragma pack(pop)
static_assert(sizeof(RunEntry) == 12, "RunEntry is packed to 12 bytes");

constexpr std::uint32_t kUnjudgedDoc = 0x80000000u;
/// The document trec_eval -c invents for a topic a run did not answer ("ceci_nest_pas_un_docno").
constexpr std::uint32_t kPlaceholderDoc = 0xFFFFFFFFu;

class Run {
public:
    const std::string& name() const { return name_; }
    /// The tag (6th column) of the last line read, as trec_eval reports it.
    const std::string& tag() const { return tag_; }
    /// True when several different tags occurred in the file.
    bool mixed_tags() const { return mixed_tags_; }
    /// The tag of the first line read, as ndeval reports it.
    const std::string& first_tag() const { return first_tag_; }
    const Qrels& qrels() const { return *qrels_; }
    const std::shared_ptr<const Qrels>& qrels_ptr() const { return qrels_; }
    RunOrder order() const { return order_; }

    /// Per qrels topic: did the run answer it, and with which entries (file order).
    bool has_topic(std::size_t t) const { return !topics_[t].empty(); }
    const std::vector<RunEntry>& entries(std::size_t t) const { return topics_[t]; }
    /// The 1-based source line of entries(t)[k].
    std::uint32_t line(std::size_t t, std::size_t k) const;
    std::size_t num_topics_answered() const;

    /// Ties between neighbouring lines the reader compared while it had their bytes (order_topic
    /// uses them to skip looking the doc ids up again): k << 1 | up for each k, in increasing order,
    /// where entries(t)[k] came on the line after entries(t)[k - 1] in the same block of the file,
    /// with the same key, and its doc id sorts after (up = 1) or before (up = 0) the other's in
    /// byte order. A tie not listed was not compared (another block, a column feed): look it up.
    const std::vector<std::uint32_t>& ties(std::size_t t) const { return ties_[t]; }

    /// The document id of an entry (also valid for kPlaceholderDoc).
    std::string_view doc(std::uint32_t ref) const;
    /// Relevance of a doc ref as trec_eval sees it: the judgment, -1 when not in the qrels.
    /// (Negative judgments are returned as they are; ranking.cpp maps them to -2.)
    bool judged(std::uint32_t ref) const { return (ref & kUnjudgedDoc) == 0; }

    /// A byte-order mark at the start of the file, and its first line with invalid UTF-8 (an id
    /// or tag that every writer but the drop-ins' shows with U+FFFD): see text::warnings.
    const text::TextNotes& text_notes() const { return text_notes_; }
    std::uint64_t lines_read() const { return lines_read_; }
    /// Lines dropped because their topic is not in the qrels, and those topic ids (sorted).
    std::uint64_t ignored_lines() const { return ignored_lines_; }
    const std::vector<std::string>& ignored_topics() const { return ignored_topics_; }

private:
    friend class RunReader;
    text::TextNotes text_notes_;
    std::string name_, tag_, first_tag_;
    bool mixed_tags_ = false;
    std::shared_ptr<const Qrels> qrels_;
    RunOrder order_ = RunOrder::Score;
    std::vector<std::vector<RunEntry>> topics_;
    /// Per topic, where its entries' lines stop being consecutive: entries(t)[k] for k >= index
    /// (up to the next stretch) is on line `line + (k - index)`. One stretch per topic in the usual
    /// file (topics in contiguous blocks without comment lines), so lines cost next to nothing.
    struct LineStretch {
        std::uint32_t index, line;
    };
    std::vector<std::vector<LineStretch>> lines_;
    std::vector<std::vector<std::uint32_t>> ties_;
    DocArena arena_;  // unjudged doc ids
    std::uint64_t lines_read_ = 0, ignored_lines_ = 0;
    std::vector<std::string> ignored_topics_;
};

/// Thrown by a streaming RunReader when a qrels topic appears again after another qrels topic's
/// lines started: the run is not grouped by topic, so it cannot be read one topic at a time.
/// what() names the file, the line, both topics and how to sort the file (LC_ALL=C sort -s -k1,1).
class NotGrouped : public InputError {
public:
    NotGrouped(std::string file, std::uint64_t line, std::string topic, std::uint64_t first_line,
               const std::string& other);
    const std::string& topic() const noexcept { return topic_; }

private:
    std::string topic_;
};

/// Builds a Run from bytes fed in chunks of any size. Throws InputError on the first bad line.
class RunReader {
public:
    RunReader(std::shared_ptr<const Qrels> qrels, std::string name, RunOrder order = RunOrder::Score);
    ~RunReader();
    /// A leading UTF-8 byte-order mark is stripped unless told to Keep it (the trec_eval and
    /// ndeval drop-ins, as their reference tools read it as data); call before feed.
    void set_byte_order_mark(text::ByteOrderMark mode);
    /// Streaming (evaluation/stream.hpp), call before feed: `done(run, t)` is called in file order
    /// for each qrels topic whose lines are complete (a line of another qrels topic follows, or
    /// finish() is reached) with the run read so far, where entries(t) are the topic's; then the
    /// topic's entries, lines and unjudged ids are released, so the reader holds one topic at a
    /// time. Lines of topics not in the qrels are dropped as always, wherever they are. A qrels
    /// topic that appears again later throws NotGrouped. Duplicates are checked topic by topic
    /// and the first is thrown by finish() (as without streaming: after any bad line). The Run
    /// finish() returns has no entries left; its counts, tags and notes are those of the file.
    using TopicDone = std::function<void(const Run& run, std::size_t topic)>;
    void stream_topics(TopicDone done);
    void feed(std::string_view chunk);
    /// Columnar input (readers/columns.hpp), instead of feed(): the rows, with the text's checks
    /// and messages (row i is line i + 1). UsageError for a tag that cannot be a TREC column, for
    /// RunOrder::Rank without ranks, or after feed().
    void feed_columns(const RunColumns& rows);
    std::shared_ptr<const Run> finish();

private:
    void topic_done(std::size_t t);
    std::uint64_t absorb(std::string_view block, std::uint64_t first_line);
    struct State;
    std::unique_ptr<State> st_;
};

/// Convenience: parse a whole buffer.
std::shared_ptr<const Run> read_run(std::shared_ptr<const Qrels> qrels, std::string name, std::string_view bytes,
                                    RunOrder order = RunOrder::Score);

}  // namespace irlens
