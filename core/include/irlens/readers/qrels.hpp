// Relevance judgments: the index every run is evaluated against.
//
// Formats (whitespace-separated, '#' comment lines and blank lines skipped, CRLF accepted):
//   plain    `topic iter doc rel`      TREC qrels. iter is ignored. A (topic, doc) pair may occur
//                                      once; a repeat is an error naming both lines.
//   grouped  `topic group doc rel`     qrels_jg (group = judgment group) and diversity qrels
//                                      (group = subtopic). (topic, group, doc) may occur once.
// rel is an integer (a decimal point is an error) of at most kMaxGrade. Negative rel values behave as in trec_eval
// (form_res_rels.c): a retrieved doc judged < 0 counts as "in the pool but unjudged" (-2); it never
// counts towards the relevance level counts.
//
// Topics are kept sorted by id in byte order (trec_eval's order). The judgments of a topic are
// contiguous: in file order for plain qrels, sorted by doc id (byte order) and group for grouped
// qrels. Each topic has its own small hash table (doc -> judgment), so that looking up the docs of
// a run, which arrive topic by topic, stays in cache.
#pragma once

#include "irlens/readers/columns.hpp"
#include "irlens/readers/doc_arena.hpp"
#include "irlens/readers/text.hpp"

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace irlens {

enum class QrelsFormat { Plain, Grouped };

/// The highest relevance grade accepted (rankings count judgments per level 0..grade).
constexpr long kMaxGrade = 1000;

struct Judgment {
    std::uint32_t doc;    // offset of the doc id in the string arena (see Qrels::doc)
    std::uint32_t group;  // index into Qrels::group_names (column 2), 0 for plain qrels
    std::int32_t rel;
};

class Qrels {
public:
    const std::string& source() const { return source_; }
    QrelsFormat format() const { return format_; }
    std::size_t num_topics() const { return topics_.size(); }
    std::string_view topic_id(std::size_t t) const { return topics_[t].id; }
    /// Index of the topic with this id, or -1.
    long find_topic(std::string_view id) const;

    /// Judgments of topic t (plain: file order; grouped: by doc id, then group).
    const Judgment* begin(std::size_t t) const { return judgments_.data() + topics_[t].first; }
    const Judgment* end(std::size_t t) const { return begin(t) + topics_[t].count; }
    std::size_t num_judgments(std::size_t t) const { return topics_[t].count; }
    std::size_t num_judgments() const { return judgments_.size(); }
    const Judgment& judgment(std::uint32_t index) const { return judgments_[index]; }
    std::uint32_t index_of(const Judgment& j) const { return static_cast<std::uint32_t>(&j - judgments_.data()); }

    std::string_view doc(const Judgment& j) const { return doc_at(j.doc); }
    std::string_view doc_at(std::uint32_t offset) const;
    const std::vector<std::string>& group_names() const { return group_names_; }

    /// Index of the first judgment of doc in topic t (in grouped qrels the following judgments
    /// of the same doc are adjacent), or -1 when the doc is not judged for t. The first call
    /// builds the tables of all topics (thread-safe); a reader that takes a run topic by topic
    /// builds one topic's table at a time instead (TopicTable).
    long find(std::size_t t, std::string_view doc) const;
    /// find(t, doc) for a caller that has hashed doc already: hash is hash_doc(0, doc).
    long find(std::size_t t, std::string_view doc, std::uint64_t hash) const;
    /// find(t, doc) by a pass over topic t's judgments, without the tables: for a one-off lookup
    /// (trec_eval's placeholder doc of a topic without results), which would otherwise build the
    /// tables of every topic.
    long find_once(std::size_t t, std::string_view doc) const;
    /// A hint that many find(t, ...) calls follow: starts loading topic t's slice of the index
    /// into the cache, so that its cache misses overlap instead of stalling one find at a time.
    void prefetch(std::size_t t) const;

    /// A byte-order mark at the start of the file, and its first line with invalid UTF-8 (an id
    /// or tag that every writer but the drop-ins' shows with U+FFFD): see text::warnings.
    const text::TextNotes& text_notes() const { return text_notes_; }
    /// Highest rel value in the whole file (0 if none is positive).
    int max_grade() const { return max_grade_; }

    /// The first line (in file order) holding a negative judgment, and that judgment; line 0 when
    /// there is none. (Judgments keep no line numbers; tools that refuse negative judgments, such
    /// as ndeval, report this one.)
    std::uint64_t first_negative_line() const { return first_negative_line_; }
    int first_negative_rel() const { return first_negative_rel_; }

private:
    friend class QrelsReader;
    text::TextNotes text_notes_;
    struct Topic {
        std::string id;
        std::uint32_t first = 0, count = 0;
        std::uint32_t table = 0, slots = 0;  // the topic's slots in table_: [table, table + slots)
    };
    std::string source_;
    QrelsFormat format_ = QrelsFormat::Plain;
    std::vector<Topic> topics_;
    std::vector<Judgment> judgments_;
    DocArena arena_;  // doc ids
    std::vector<std::string> group_names_;
    std::unordered_map<std::string_view, std::uint32_t> topic_index_;
    // Per-topic open-addressing tables: a slot holds the 32-bit doc hash (high half) and the index
    // + 1 of the doc's first judgment (low half); 0 = empty. A topic has about 1.5 slots per
    // judgment (linear probing; the start slot is the hash scaled to the table size). Built by
    // the first find() (build_tables), not by the reader: runs read in step never need them.
    void build_tables() const;
    mutable std::once_flag tables_built_;
    mutable std::vector<std::uint64_t> table_;
    int max_grade_ = 0;
    std::uint64_t first_negative_line_ = 0;
    int first_negative_rel_ = 0;
};

/// One topic's table (doc -> first judgment of the doc, as Qrels::find), built just before the
/// topic's run lines are looked up, so that it is in cache ("read in step", issue 26): a run
/// whose topics come in blocks builds each topic's table once, in a few KB that stay hot, and
/// the qrels never hold the tables of all topics (1.5 x 8 bytes per judgment).
class TopicTable {
public:
    /// Builds the table of topic t of q (the previous topic's is dropped; its storage is reused).
    void build(const Qrels& q, std::size_t t);
    /// Qrels::find(t, doc) for the topic built last.
    long find(std::string_view doc) const;
    /// find(doc) for a caller that has hashed doc already: hash is hash_doc(0, doc).
    long find(std::string_view doc, std::uint64_t hash) const;

private:
    const Qrels* qrels_ = nullptr;
    std::vector<std::uint64_t> slots_;
};

/// Builds a Qrels from bytes fed in chunks of any size. Throws InputError on the first bad line.
class QrelsReader {
public:
    QrelsReader(std::string source, QrelsFormat format);
    ~QrelsReader();
    /// A leading UTF-8 byte-order mark is stripped unless told to Keep it (the trec_eval and
    /// ndeval drop-ins, as their reference tools read it as data); call before feed.
    void set_byte_order_mark(text::ByteOrderMark mode);
    /// The input's size in bytes, when known (a file's size on disk), before feed: once the first
    /// block tells the bytes per judgment, the judgments of the whole input are reserved at once
    /// instead of being copied each time their storage doubles. Only a hint: any size is read.
    void expect_bytes(std::uint64_t bytes);
    void feed(std::string_view chunk);
    /// Columnar input (readers/columns.hpp), instead of feed(): the rows, with the text's checks
    /// and messages (row i is line i + 1); every row in group "0" (grouped qrels). UsageError
    /// after feed().
    void feed_columns(const QrelsColumns& rows);
    /// Validates the whole file (non-empty, no duplicates) and returns the index.
    std::shared_ptr<const Qrels> finish();

private:
    std::uint64_t absorb(std::string_view block, std::uint64_t first_line);
    struct Raw;
    std::unique_ptr<Raw> raw_;
};

/// Convenience: parse a whole buffer.
std::shared_ptr<const Qrels> read_qrels(std::string source, std::string_view bytes,
                                        QrelsFormat format = QrelsFormat::Plain);

/// Hash shared by the qrels and run doc tables.
std::uint64_t hash_doc(std::uint64_t seed, std::string_view doc);

}  // namespace irlens
