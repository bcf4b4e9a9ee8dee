#include "irlens/readers/qrels.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/columns_prefetch.hpp"
#include "irlens/readers/text.hpp"

#include "readers/block.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <limits>
#include <new>
#include <numeric>

namespace irlens {

std::uint64_t hash_doc(std::uint64_t seed, std::string_view doc) {
    // 8 bytes at a time; the tail is read with at most two overlapping fixed-size loads (no
    // variable-length memcpy), as in the usual short-string hashes.
    const std::uint64_t k = 0x9E3779B97F4A7C15ull;
    std::uint64_t h = (seed + doc.size()) * k;
    const char* p = doc.data();
    std::size_t n = doc.size();
    while (n >= 8) {
        std::uint64_t w;
        std::memcpy(&w, p, 8);
        h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
        p += 8;
        n -= 8;
    }
    std::uint64_t w = 0;
    if (n >= 4) {
        std::uint32_t a, b;
        std::memcpy(&a, p, 4);
        std::memcpy(&b, p + n - 4, 4);
        w = a | (std::uint64_t(b) << 32);
    } else if (n > 0) {
        w = static_cast<unsigned char>(p[0]) | (std::uint64_t(static_cast<unsigned char>(p[n / 2])) << 8) |
            (std::uint64_t(static_cast<unsigned char>(p[n - 1])) << 16);
    }
    h = (h ^ w) * 0x94D049BB133111EBull;
    h ^= h >> 32;
    h *= k;
    h ^= h >> 29;
    return h;
}

namespace {

/// The first slot to probe: the low 32 bits of the hash scaled to [0, slots) (Lemire's fast range).
inline std::uint32_t start_slot(std::uint64_t h, std::uint32_t slots) {
    return static_cast<std::uint32_t>((static_cast<std::uint64_t>(static_cast<std::uint32_t>(h)) * slots) >> 32);
}

std::uint32_t append_doc(DocArena& arena, std::string_view doc, const std::string& source, std::uint64_t line_no) {
    if (arena.size() + doc.size() + 2 + DocArena::kChunk > std::numeric_limits<std::uint32_t>::max())
        throw InputError(source, line_no, "file too large: more than 4 GiB of document ids");
    return arena.add(doc);
}

}  // namespace

std::string_view Qrels::doc_at(std::uint32_t offset) const { return arena_.get(offset); }

long Qrels::find_topic(std::string_view id) const {
    auto it = topic_index_.find(id);
    return it == topic_index_.end() ? -1 : static_cast<long>(it->second);
}

namespace {

/// Slots of a topic's table: about 1.5 per judgment.
inline std::uint32_t slots_for(std::uint32_t judgments) { return judgments + judgments / 2 + 4; }

/// Slots of a TopicTable: 3 per judgment. A run's docs are mostly not judged, and a doc not in the
/// table is looked for up to the first empty slot: about 5 slots on average at 1.5 per judgment
/// (linear probing at load 2/3: (1 + 1 / (1 - a)^2) / 2), 1.6 at 3 per judgment (load 1/3), for
/// 12 more bytes per judgment of one topic (issue 42).
inline std::uint32_t topic_table_slots(std::uint32_t judgments) { return 3 * judgments + 4; }

/// The probe shared by the whole index and TopicTable: the first judgment of doc, whose
/// hash_doc(0, doc) is h, in the table `slots` (n slots), or -1.
long probe(const Qrels& q, const std::uint64_t* slots, std::uint32_t n, std::string_view doc, std::uint64_t h) {
    std::uint32_t fingerprint = static_cast<std::uint32_t>(h >> 32);
    for (std::uint32_t i = start_slot(h, n);; i = i + 1 == n ? 0 : i + 1) {
        std::uint64_t slot = slots[i];
        if (slot == 0) return -1;
        if (static_cast<std::uint32_t>(slot >> 32) != fingerprint) continue;
        std::uint32_t index = static_cast<std::uint32_t>(slot) - 1;
        const std::string_view judged = q.doc_at(q.judgment(index).doc);
        if (judged.size() == doc.size() && detail::same_id(judged.data(), doc.data(), doc.size()))
            return static_cast<long>(index);
    }
}

/// Fills the zeroed table `slots` (n slots: at least one more than topic t has docs) with topic t's docs, each
/// pointing at its first judgment, and calls repeat(a, b) for each pair of judgments a < b of the
/// same doc (grouped qrels: the same doc and group; there a doc's judgments are adjacent and the
/// table points at the first).
template <class Repeat>
void fill_table(const Qrels& q, std::size_t t, std::uint64_t* slots, std::uint32_t n, Repeat&& repeat) {
    const bool grouped = q.format() == QrelsFormat::Grouped;
    const std::uint32_t first = q.num_judgments(t) ? q.index_of(*q.begin(t)) : 0;
    const std::uint32_t end = first + static_cast<std::uint32_t>(q.num_judgments(t));
    for (std::uint32_t k = first; k < end; ++k) {
        const Judgment& j = q.judgment(k);
        std::string_view doc = q.doc_at(j.doc);
        if (grouped && k > first && q.doc_at(q.judgment(k - 1).doc) == doc) {
            if (q.judgment(k - 1).group == j.group) repeat(k - 1, k);
            continue;  // the table points at the doc's first judgment
        }
        std::uint64_t h = hash_doc(0, doc);
        std::uint32_t fingerprint = static_cast<std::uint32_t>(h >> 32);
        std::uint32_t i = start_slot(h, n);
        for (;; i = i + 1 == n ? 0 : i + 1) {
            std::uint64_t slot = slots[i];
            if (slot == 0) break;
            if (static_cast<std::uint32_t>(slot >> 32) != fingerprint) continue;
            std::uint32_t other = static_cast<std::uint32_t>(slot) - 1;
            if (q.doc_at(q.judgment(other).doc) == doc) {
                repeat(other, k);
                break;
            }
        }
        if (slots[i] == 0) slots[i] = (std::uint64_t(fingerprint) << 32) | (k + 1);
    }
}

void no_repeat(std::uint32_t, std::uint32_t) {}  // finish() has refused any

/// a < b in byte order (std::string_view's <), 8 bytes at a time: the first 8 bytes that differ
/// decide; ids of one length end with one (overlapping) load of their last 8 bytes, in which the
/// bytes already compared are equal. No byte past either id is read.
bool before(std::string_view a, std::string_view b) {
    const std::size_t n = std::min(a.size(), b.size());
    std::size_t i = 0;
    std::uint64_t x, y;
    for (; i + 8 <= n; i += 8) {
        std::memcpy(&x, a.data() + i, 8);
        std::memcpy(&y, b.data() + i, 8);
        if (x != y) return detail::word_before(x, y);
    }
    if (i < n && a.size() == b.size() && n >= 8) {
        std::memcpy(&x, a.data() + n - 8, 8);
        std::memcpy(&y, b.data() + n - 8, 8);
        return x != y && detail::word_before(x, y);
    }
    for (; i < n; ++i)
        if (a[i] != b[i]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[i]);
    return a.size() < b.size();
}

}  // namespace

void Qrels::build_tables() const {
    std::size_t slots = 0;
    for (const Topic& t : topics_) slots += t.slots;
    table_.assign(slots, 0);
    for (std::size_t t = 0; t < topics_.size(); ++t)
        fill_table(*this, t, &table_[topics_[t].table], topics_[t].slots, no_repeat);
}

long Qrels::find(std::size_t t, std::string_view doc) const { return find(t, doc, hash_doc(0, doc)); }

long Qrels::find(std::size_t t, std::string_view doc, std::uint64_t hash) const {
    std::call_once(tables_built_, [this] { build_tables(); });
    const Topic& topic = topics_[t];
    return probe(*this, &table_[topic.table], topic.slots, doc, hash);
}

long Qrels::find_once(std::size_t t, std::string_view doc) const {
    for (const Judgment* j = begin(t); j != end(t); ++j)
        if (this->doc(*j) == doc) return static_cast<long>(index_of(*j));
    return -1;
}

void TopicTable::build(const Qrels& q, std::size_t t) {
    qrels_ = &q;
    slots_.assign(topic_table_slots(static_cast<std::uint32_t>(q.num_judgments(t))), 0);
    fill_table(q, t, slots_.data(), static_cast<std::uint32_t>(slots_.size()), no_repeat);
}

long TopicTable::find(std::string_view doc) const { return find(doc, hash_doc(0, doc)); }

long TopicTable::find(std::string_view doc, std::uint64_t hash) const {
    return probe(*qrels_, slots_.data(), static_cast<std::uint32_t>(slots_.size()), doc, hash);
}

namespace {

#if defined(__wasm__)
volatile unsigned char g_touched;  // keeps touch_lines' loads
#endif

/// Brings the cache lines of [begin, begin + bytes) in ahead of use: prefetch instructions
/// natively; WebAssembly has none, so there the lines are read, with independent loads that the
/// CPU overlaps, instead of one dependent miss at a time in the lookups (slot, judgment, doc id).
void touch_lines(const void* begin, std::size_t bytes) {
    const unsigned char* p = static_cast<const unsigned char*>(begin);
#if defined(__wasm__)
    unsigned char sum = 0;
    for (std::size_t i = 0; i < bytes; i += 64) sum = static_cast<unsigned char>(sum + p[i]);
    g_touched = sum;
#elif defined(__GNUC__)
    for (std::size_t i = 0; i < bytes; i += 64) __builtin_prefetch(p + i);
#else
    (void)p, (void)bytes;
#endif
}

}  // namespace

void Qrels::prefetch(std::size_t t) const {
    const Topic& topic = topics_[t];
    if (topic.count == 0) return;
    std::call_once(tables_built_, [this] { build_tables(); });
    touch_lines(&table_[topic.table], topic.slots * sizeof(std::uint64_t));
    touch_lines(&judgments_[topic.first], topic.count * sizeof(Judgment));
    // The topic's doc ids, when they are one short stretch of the arena (the usual case: the
    // arena is in file order, and a qrels file lists a topic's judgments together).
    std::uint32_t first = judgments_[topic.first].doc, last = judgments_[topic.first + topic.count - 1].doc;
    if (first >> DocArena::kChunkBits == last >> DocArena::kChunkBits && last >= first && last - first < (1u << 16)) {
        std::string_view a = arena_.get(first), b = arena_.get(last);
        touch_lines(a.data(), static_cast<std::size_t>(b.data() + b.size() - a.data()));
    }
}

namespace {

/// One judgment line as the scanner found it (views into the block being scanned).
struct QrelsRecord {
    const char *topic, *group, *doc;
    std::uint32_t topic_len, group_len, doc_len;
    std::int32_t rel;
    std::uint32_t line;
};

}  // namespace

// While reading, judgments are kept in file order with provisional topic numbers.
struct QrelsReader::Raw {
    std::string source;
    QrelsFormat format;
    std::vector<std::string> topic_names;
    std::unordered_map<std::string, std::uint32_t> topic_ids;
    std::vector<std::string> group_names;
    std::unordered_map<std::string, std::uint32_t> group_ids;
    std::vector<Judgment> entries;  // in file order
    // The topic and line of each entry, as stretches: entries[k] for k from `entry` up to the
    // next segment's is of `topic`, on line `line + (k - entry)`. A new segment starts where the
    // topic changes or a line is skipped (a comment, a blank line): one per topic in the usual
    // file, instead of 8 bytes per judgment.
    struct Segment {
        std::uint32_t entry, topic, line;
    };
    std::vector<Segment> segments;
    std::uint32_t last_line = 0;
    // Plain qrels: whether each provisional topic's docs stopped coming in strictly increasing
    // byte order (finish() builds a table to find repeats only for those), checked as each doc is
    // added, while its bytes are at hand, instead of reading every doc back from the arena in
    // finish(): `last_doc`, the current topic's last doc (a view into the arena, whose chunks never
    // move; null before its first); `topic_last_doc`, each topic's, kept when another topic starts.
    std::string_view last_doc;
    std::vector<std::string_view> topic_last_doc;
    std::vector<unsigned char> unordered;
    // Sizing the judgments from the input (expect_bytes): the bytes expected, the bytes absorbed
    // so far, and whether the reservation was made.
    std::uint64_t expected_bytes = 0, bytes_seen = 0;
    bool reserved = false;
    DocArena arena;
    std::uint32_t last_topic = 0;
    std::string last_topic_name;
    detail::BlockBuffer blocks;
    std::vector<detail::Scanned<QrelsRecord>> parts;  // reused from block to block
    // feed_columns: the rows of the batch being absorbed, as records (absorb takes them instead
    // of scanning text); whether text was fed.
    const detail::Scanned<QrelsRecord>* rows = nullptr;
    bool fed_text = false;
};

namespace {

/// The checks of a relevance value: `read` whether it was read as an integer, `written` as it was
/// written (for the message).
void check_relevance(bool read, long rel, std::string_view written, const std::string& src, std::uint64_t line_no) {
    if (!read || rel < INT32_MIN || rel > INT32_MAX)
        throw InputError(src, line_no, "relevance '" + quote_bytes(written) + "' is not an integer");
    // Every ranking keeps a count per level 0..highest grade and the gain measures walk those
    // levels, so a grade like 2000000000 would cost gigabytes and minutes per topic (found by
    // the fuzzer). trec_eval accepts it (and allocates as much); irlens refuses it.
    if (rel > kMaxGrade)
        throw InputError(src, line_no,
                         "relevance " + std::to_string(rel) + " is above " + std::to_string(kMaxGrade) +
                             ", the highest grade irlens supports");
}

/// Scans a block of complete lines (it ends with '\n') into records, numbering its lines from 1;
/// runs on a parser thread.
void scan_qrels(std::string_view block, detail::Scanned<QrelsRecord>& scanned, QrelsFormat format,
                const std::string& src) {
    std::vector<QrelsRecord>& out = scanned.records;
    using namespace detail;
    const char* p = block.data();
    const char* end = p + block.size();
    std::uint64_t line_no = 0;
    out.reserve(out.size() + block.size() / 24);
    const char* line_begin = p;
    while (p < end) {
        if (line_no) check_line_length(line_begin, p, src, line_no);
        line_begin = p;
        ++line_no;
        const char* s = skip_blanks(p);
        if (*s == '\n') {
            p = s + 1;
            continue;
        }
        if (*s == '#') {
            p = next_line(s);
            continue;
        }
        std::string_view f[5];  // a fifth word means too many columns
        int n = split_words(s, f, 5, src, line_no);
        if (n != 4) {
            const char* layout = format == QrelsFormat::Plain ? "topic iter doc rel" : "topic group doc rel";
            throw InputError(src, line_no,
                             "expected 4 columns (" + std::string(layout) + "), found " +
                                 (n == 5 ? std::string("more") : std::to_string(n)));
        }
        p = s + 1;
        long rel = 0;
        // A one-digit grade (nearly every judgment) is that digit, as parse_long would read it.
        const unsigned digit = static_cast<unsigned char>(f[3][0]) - unsigned('0');
        const bool one_digit = f[3].size() == 1 && digit <= 9;
        if (one_digit) rel = static_cast<long>(digit);
        const bool read = one_digit || text::parse_long(f[3], rel);  // before check_relevance reads rel
        if (!read || rel < INT32_MIN || rel > kMaxGrade) check_relevance(read, rel, f[3], src, line_no);  // throws
        if (f[2].size() > 0xFFFF) throw InputError(src, line_no, "document id longer than 65535 bytes");
        out.push_back(QrelsRecord{f[0].data(), f[1].data(), f[2].data(), static_cast<std::uint32_t>(f[0].size()),
                                  static_cast<std::uint32_t>(f[1].size()), static_cast<std::uint32_t>(f[2].size()),
                                  static_cast<std::int32_t>(rel), static_cast<std::uint32_t>(line_no)});
    }
    if (line_no) check_line_length(line_begin, p, src, line_no);
    scanned.lines = line_no;
}

}  // namespace

QrelsReader::QrelsReader(std::string source, QrelsFormat format) : raw_(new Raw) {
    raw_->source = std::move(source);
    raw_->format = format;
    raw_->blocks.source = raw_->source;
}

void QrelsReader::set_byte_order_mark(text::ByteOrderMark mode) { raw_->blocks.bom.mode = mode; }

QrelsReader::~QrelsReader() = default;

void QrelsReader::feed(std::string_view chunk) {
    raw_->fed_text = true;
    raw_->blocks.feed(chunk, [this](std::string_view block, std::uint64_t first) { return absorb(block, first); });
}

std::uint64_t QrelsReader::absorb(std::string_view text, std::uint64_t first_line) {
    Raw& r = *raw_;
    QrelsFormat format = r.format;
    const std::string& src = r.source;
    // Adds a scanned block's judgments, in file order; `offset`: lines before the block.
    auto add_records = [&](const detail::Scanned<QrelsRecord>& block, std::uint64_t offset) {
        if (offset + block.lines > UINT32_MAX)
            throw InputError(src, std::uint64_t(UINT32_MAX) + 1, "file too large: more than 4294967295 lines");
        for (const QrelsRecord& x : block.records) {
            std::uint32_t line = x.line + static_cast<std::uint32_t>(offset);
            std::string_view topic_id(x.topic, x.topic_len);
            std::uint32_t topic;
            if (!r.topic_names.empty() && topic_id == std::string_view(r.last_topic_name)) {
                topic = r.last_topic;
            } else {
                std::string key(topic_id);
                auto it = r.topic_ids.find(key);
                if (it == r.topic_ids.end()) {
                    topic = static_cast<std::uint32_t>(r.topic_names.size());
                    r.topic_names.push_back(key);
                    r.topic_ids.emplace(std::move(key), topic);
                } else {
                    topic = it->second;
                }
                if (format == QrelsFormat::Plain) {  // the last docs: the previous topic's kept, this one's taken
                    if (topic >= r.topic_last_doc.size()) {
                        r.topic_last_doc.resize(topic + 1);
                        r.unordered.resize(topic + 1, 0);
                    }
                    r.topic_last_doc[r.last_topic] = r.last_doc;  // the first line: topic 0's own, null
                    r.last_doc = r.topic_last_doc[topic];
                }
                r.last_topic = topic;
                r.last_topic_name.assign(topic_id.data(), topic_id.size());
            }
            std::uint32_t group = 0;
            if (format == QrelsFormat::Grouped) {
                std::string key(x.group, x.group_len);
                auto it = r.group_ids.find(key);
                if (it == r.group_ids.end()) {
                    group = static_cast<std::uint32_t>(r.group_names.size());
                    r.group_names.push_back(key);
                    r.group_ids.emplace(std::move(key), group);
                } else {
                    group = it->second;
                }
            }
            const std::string_view doc_id(x.doc, x.doc_len);
            std::uint32_t doc = append_doc(r.arena, doc_id, src, line);
            if (format == QrelsFormat::Plain) {
                if (r.last_doc.data() && !before(r.last_doc, doc_id)) r.unordered[topic] = 1;
                r.last_doc = r.arena.get(doc);
            }
            if (r.segments.empty() || r.segments.back().topic != topic || r.last_line + 1 != line)
                r.segments.push_back(Raw::Segment{static_cast<std::uint32_t>(r.entries.size()), topic, line});
            r.last_line = line;
            r.entries.push_back(Judgment{doc, group, x.rel});
        }
    };
    if (r.rows) {  // feed_columns: records made from columns, not scanned
        add_records(*r.rows, first_line - 1);
        return r.rows->lines;
    }
    // Once a first block tells the bytes per judgment, the judgments of the whole input are
    // reserved (expect_bytes), so that the vector is not copied each time it doubles.
    if (r.expected_bytes && !r.reserved && !r.entries.empty()) {
        r.reserved = true;
        const double estimate = static_cast<double>(r.entries.size()) * static_cast<double>(r.expected_bytes) /
                                static_cast<double>(r.bytes_seen) * 1.0625;
        // A hint beyond what the vector can hold (the JS API's bytes is anyone's number; in WASM
        // max_size() is about 357 million judgments) is ignored: reserve would throw length_error.
        if (estimate < static_cast<double>(UINT32_MAX) && estimate < static_cast<double>(r.entries.max_size() - 64)) {
            try {
                r.entries.reserve(static_cast<std::size_t>(estimate) + 64);
            } catch (const std::bad_alloc&) {  // a hint too large for the memory: grow as without one
            }
        }
    }
    r.bytes_seen += text.size();
    return detail::scan_and_absorb<QrelsRecord>(
        text, first_line, r.parts,
        [&](std::string_view block, detail::Scanned<QrelsRecord>& out) { scan_qrels(block, out, format, src); },
        add_records);
}

void QrelsReader::expect_bytes(std::uint64_t bytes) { raw_->expected_bytes = bytes; }

void QrelsReader::feed_columns(const QrelsColumns& c) {
    Raw& r = *raw_;
    if (r.fed_text || !r.entries.empty()) throw UsageError("a qrels reader takes text or columns, not both");
    if (c.rows > UINT32_MAX)
        throw InputError(r.source, std::uint64_t(UINT32_MAX) + 1, "file too large: more than 4294967295 lines");
    IdColumnReader topics(c.topics, IdColumnReader::Kind::Topic);
    IdColumnReader docs(c.docs, IdColumnReader::Kind::Doc);
    detail::Scanned<QrelsRecord> batch;
    constexpr std::size_t kBatch = 1u << 16;
    batch.records.reserve(std::min<std::size_t>(c.rows, kBatch));
    char written[32];
    for (std::size_t begin = 0; begin < c.rows; begin += kBatch) {
        const std::size_t end = std::min(c.rows, begin + kBatch);
        batch.records.clear();
        for (std::size_t i = begin; i < end; ++i) {
            prefetch_ids(c.docs, i, c.rows);
            const std::string_view topic = topics.id(topics.code(i, r.source)), doc = docs.id(docs.code(i, r.source));
            long rel;
            if (c.rel_ints) {
                const std::int64_t v = c.rel_ints[i];
                const bool fits = v >= INT32_MIN && v <= INT32_MAX;
                rel = fits ? static_cast<long>(v) : 0;
                if (!fits || rel > kMaxGrade) {
                    const int n = std::snprintf(written, sizeof written, "%lld", static_cast<long long>(v));
                    check_relevance(fits, rel, std::string_view(written, static_cast<std::size_t>(n)), r.source, i + 1);
                }
            } else {
                const double v = c.rel_reals[i];
                const bool whole = v == std::floor(v) && v >= INT32_MIN && v <= INT32_MAX;  // false for NaN
                rel = whole ? static_cast<long>(v) : 0;
                if (!whole || rel > kMaxGrade) {
                    const int n = std::snprintf(written, sizeof written, "%.15g", v);
                    check_relevance(whole, rel, std::string_view(written, static_cast<std::size_t>(n)), r.source,
                                    i + 1);
                }
            }
            batch.records.push_back(QrelsRecord{topic.data(), "0", doc.data(), static_cast<std::uint32_t>(topic.size()),
                                                1, static_cast<std::uint32_t>(doc.size()),
                                                static_cast<std::int32_t>(rel),
                                                static_cast<std::uint32_t>(i - begin + 1)});
        }
        batch.lines = end - begin;
        detail::absorb_rows(r.rows, batch, [&] { absorb({}, begin + 1); });
    }
}

std::shared_ptr<const Qrels> QrelsReader::finish() {
    raw_->blocks.finish([this](std::string_view block, std::uint64_t first) { return absorb(block, first); });
    Raw& r = *raw_;
    if (r.entries.empty()) throw InputError(r.source, 0, "no judgments found (empty file?)");

    auto q = std::make_shared<Qrels>();
    q->source_ = r.source;
    q->text_notes_ = r.blocks.notes();
    q->format_ = r.format;
    q->group_names_ = std::move(r.group_names);
    if (q->group_names_.empty()) q->group_names_.emplace_back("0");

    // Topics in byte order of their ids. Judgments are grouped by topic; a file whose topics come
    // in contiguous blocks (the usual case) keeps its order without copying.
    std::size_t num_topics = r.topic_names.size();
    std::vector<std::uint32_t> order(num_topics);
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(),
              [&](std::uint32_t a, std::uint32_t b) { return r.topic_names[a] < r.topic_names[b]; });
    std::vector<std::uint32_t> rank(num_topics);
    for (std::uint32_t i = 0; i < num_topics; ++i) rank[order[i]] = i;
    q->topics_.resize(num_topics);
    for (std::uint32_t i = 0; i < num_topics; ++i) q->topics_[i].id = std::move(r.topic_names[order[i]]);
    std::vector<std::uint32_t> block_start(num_topics, UINT32_MAX);
    bool contiguous = true;
    const std::vector<Raw::Segment>& segments = r.segments;
    const auto num_entries = static_cast<std::uint32_t>(r.entries.size());
    for (std::size_t s = 0; s < segments.size(); ++s) {
        std::uint32_t ti = rank[segments[s].topic];
        std::uint32_t e = segments[s].entry, n = (s + 1 < segments.size() ? segments[s + 1].entry : num_entries) - e;
        auto& t = q->topics_[ti];
        if (t.count == 0)
            block_start[ti] = e;
        else if (block_start[ti] + t.count != e)
            contiguous = false;
        t.count += n;
    }
    // The line of each judgment, for the messages (duplicates, negative judgments): looked up in
    // the segments while the judgments are in file order (plain qrels whose topics are contiguous);
    // otherwise spelt out in `lines`, aligned with judgments_, before the judgments move.
    auto entry_line = [&](std::uint32_t e) {
        auto it = std::upper_bound(segments.begin(), segments.end(), e,
                                   [](std::uint32_t e, const Raw::Segment& s) { return e < s.entry; });
        --it;  // the first segment starts at entry 0
        return it->line + (e - it->entry);
    };
    std::vector<std::uint32_t> lines;
    if (contiguous) {
        for (std::uint32_t i = 0; i < num_topics; ++i) q->topics_[i].first = block_start[i];
        q->judgments_ = std::move(r.entries);
        // Grown by doubling, up to half of it is spare; reserved from the input, a few percent.
        if (q->judgments_.capacity() - q->judgments_.size() > q->judgments_.size() / 8) q->judgments_.shrink_to_fit();
        if (q->format_ == QrelsFormat::Grouped) {
            lines.resize(num_entries);
            for (std::uint32_t e = 0; e < num_entries; ++e) lines[e] = entry_line(e);
        }
    } else {
        std::uint32_t first = 0;
        for (auto& t : q->topics_) {
            t.first = first;
            first += t.count;
        }
        std::vector<std::uint32_t> fill(num_topics, 0);
        q->judgments_.resize(num_entries);
        lines.resize(num_entries);
        for (std::size_t s = 0; s < segments.size(); ++s) {
            std::uint32_t t = rank[segments[s].topic];
            std::uint32_t end = s + 1 < segments.size() ? segments[s + 1].entry : num_entries;
            for (std::uint32_t e = segments[s].entry; e < end; ++e) {
                std::uint32_t k = q->topics_[t].first + fill[t]++;
                q->judgments_[k] = r.entries[e];
                lines[k] = segments[s].line + (e - segments[s].entry);
            }
        }
    }
    auto line = [&](std::uint32_t k) { return lines.empty() ? entry_line(k) : lines[k]; };
    r.entries = {};
    int max_grade = 0;
    for (const Judgment& j : q->judgments_) max_grade = std::max(max_grade, static_cast<int>(j.rel));
    q->max_grade_ = max_grade;
    q->arena_ = std::move(r.arena);
    if (q->format_ == QrelsFormat::Grouped) {
        std::vector<std::uint32_t> order_in_topic;
        std::vector<Judgment> sorted_j;
        std::vector<std::uint32_t> sorted_lines;
        for (auto& t : q->topics_) {
            order_in_topic.resize(t.count);
            std::iota(order_in_topic.begin(), order_in_topic.end(), t.first);
            std::stable_sort(order_in_topic.begin(), order_in_topic.end(), [&](std::uint32_t a, std::uint32_t b) {
                const Judgment &ja = q->judgments_[a], &jb = q->judgments_[b];
                std::string_view da = q->doc_at(ja.doc), db = q->doc_at(jb.doc);
                if (da != db) return da < db;
                return q->group_names_[ja.group] < q->group_names_[jb.group];
            });
            sorted_j.clear();
            sorted_lines.clear();
            for (std::uint32_t k : order_in_topic) {
                sorted_j.push_back(q->judgments_[k]);
                sorted_lines.push_back(lines[k]);
            }
            std::copy(sorted_j.begin(), sorted_j.end(), q->judgments_.begin() + t.first);
            std::copy(sorted_lines.begin(), sorted_lines.end(), lines.begin() + t.first);
        }
    }
    for (std::uint32_t i = 0; i < num_topics; ++i) q->topic_index_.emplace(q->topics_[i].id, i);

    // Duplicates, with one topic's table at a time (the whole index is built only if find() is
    // called): the reported one is the repeat with the smallest line number in the whole file.
    std::size_t slots = 0;
    for (auto& t : q->topics_) {
        t.table = static_cast<std::uint32_t>(slots);
        t.slots = slots_for(t.count);
        slots += t.slots;
    }
    std::uint32_t dup = UINT32_MAX, dup_first = 0, dup_topic = 0;  // judgment indices
    std::vector<std::uint64_t> table;                              // the topic's, reused
    for (std::uint32_t ti = 0; ti < num_topics; ++ti) {
        auto& t = q->topics_[ti];
        for (std::uint32_t k = t.first; k < t.first + t.count; ++k) {
            const Judgment& j = q->judgments_[k];
            if (j.rel < 0 && (!q->first_negative_line_ || line(k) < q->first_negative_line_)) {
                q->first_negative_line_ = line(k);
                q->first_negative_rel_ = j.rel;
            }
        }
        // Plain qrels: a topic whose docs increase has no repeat (grouped qrels repeat a doc in
        // several groups: always the table).
        if (q->format_ == QrelsFormat::Plain && !r.unordered[order[ti]]) continue;
        table.assign(t.slots, 0);
        fill_table(*q, ti, table.data(), t.slots, [&](std::uint32_t a, std::uint32_t b) {
            const bool later = line(a) < line(b);
            const std::uint32_t second = later ? b : a, first = later ? a : b;
            if (dup == UINT32_MAX || line(second) < line(dup)) {
                dup = second;
                dup_first = first;
                dup_topic = ti;
            }
        });
    }
    if (dup != UINT32_MAX) {
        const Judgment& j = q->judgments_[dup];
        std::string what = "duplicate judgment of document '" + quote_bytes(q->doc_at(j.doc)) + "' for topic '" +
                           quote_bytes(q->topics_[dup_topic].id) + "'";
        if (q->format_ == QrelsFormat::Grouped) what += " in group '" + quote_bytes(q->group_names_[j.group]) + "'";
        throw InputError(q->source_, line(dup), what + " (first at line " + std::to_string(line(dup_first)) + ")");
    }
    return q;
}

std::shared_ptr<const Qrels> read_qrels(std::string source, std::string_view bytes, QrelsFormat format) {
    QrelsReader reader(std::move(source), format);
    reader.feed(bytes);
    return reader.finish();
}

}  // namespace irlens
