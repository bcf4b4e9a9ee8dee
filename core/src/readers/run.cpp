#include "irlens/readers/run.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/columns_prefetch.hpp"

#include "readers/block.hpp"
#include "irlens/parallel.hpp"

#include <cmath>
#include <algorithm>
#include <cstring>
#include <limits>
#include <set>

namespace irlens {

namespace {
const char kPlaceholderName[] = "ceci_nest_pas_un_docno";

}  // namespace

std::size_t Run::num_topics_answered() const {
    std::size_t n = 0;
    for (const auto& t : topics_) n += !t.empty();
    return n;
}

std::uint32_t Run::line(std::size_t t, std::size_t k) const {
    const auto& stretches = lines_[t];
    auto it = std::upper_bound(stretches.begin(), stretches.end(), k,
                               [](std::size_t k, const LineStretch& s) { return k < s.index; });
    --it;  // the first stretch starts at index 0
    return it->line + static_cast<std::uint32_t>(k - it->index);
}

std::string_view Run::doc(std::uint32_t ref) const {
    if (ref == kPlaceholderDoc) return kPlaceholderName;
    if (ref & kUnjudgedDoc) return arena_.get(ref & ~kUnjudgedDoc);
    return qrels_->doc(qrels_->judgment(ref));
}

namespace {

/// One content line of a run, as the scanner found it (views into the block being scanned).
struct RunRecord {
    const char* doc;  // the doc id; for a topic not in the qrels, the topic id
    const char* tag;
    double key;
    std::uint64_t hash;     // hash_doc(0, doc) for a qrels topic's doc (the lookup's, kept for the duplicates' check)
    std::int32_t topic;     // qrels topic index, -1 when the topic is not in the qrels
    std::int32_t judgment;  // qrels judgment index, -1 when not judged
    std::uint32_t doc_len, tag_len;
    std::uint32_t line;
    /// The record before it in the block is of the same topic with the same key, and this doc id
    /// sorts after (1) or before (-1) that one's in byte order; 0: no such tie (Run::ties).
    std::int8_t tie = 0;
    bool same_tag = false;  // the tag is the previous record's of the same block (no compare needed)
};

/// Read in step (issue 26): a scanner (one per scanning thread) looks a topic's docs up in that
/// topic's own table, built when the topic's first line of the block comes (TopicTable), while
/// the topic's lines are in the block; runs list their topics in blocks, so each table is built
/// about once and is in cache while it is used. When a topic comes back within a block (its
/// lines are not together), the scanner uses the qrels' whole index from then on instead, so
/// that interleaved topics cost no more than today.
struct InStep {
    TopicTable table;
    std::vector<std::uint32_t> entered;  // per qrels topic: the block (stamp) whose lines entered it
    std::uint32_t stamp = 0;
    bool whole = false;

    void start_block(std::size_t num_topics) {
        if (entered.size() != num_topics) entered.assign(num_topics, 0);
        ++stamp;
    }
    void enter(const Qrels& q, std::size_t t) {
        if (!whole && entered[t] == stamp) whole = true;
        if (whole) {
            q.prefetch(t);
            return;
        }
        entered[t] = stamp;
        table.build(q, t);
    }
    /// The doc's first judgment in topic t, or -1; hash is hash_doc(0, doc).
    long find(const Qrels& q, std::size_t t, std::string_view doc, std::uint64_t hash) const {
        return whole ? q.find(t, doc, hash) : table.find(doc, hash);
    }
};

/// The duplicates' check of the topic being read, line by line in file order (issue 42): each
/// entry's doc is looked for among the topic's earlier entries while the line is added, so that
/// no pass after the reading hashes and fetches every unjudged id again. A judged doc is found
/// through its judgment index (seen_at); an unjudged one in an open-addressing table keyed by the
/// hash the scanner computed for its qrels lookup (RunRecord::hash), while the id's bytes were in
/// cache. A slot holds the hash's high 32 bits (the fingerprint) beside the entry's index + 1
/// (0 = empty); the start slot is the fingerprint masked, so the table grows without the ids.
/// Only an id with the same fingerprint is fetched from the arena and compared.
class TopicDuplicates {
public:
    /// Starts checking topic t of q, whose entries are about `expected` (only a size hint).
    void start(const Qrels& q, std::size_t t, std::size_t expected) {
        topic_ = static_cast<std::int32_t>(t);
        first_judgment_ = q.num_judgments(t) ? q.index_of(*q.begin(t)) : 0;
        seen_at_.assign(q.num_judgments(t), 0);
        std::size_t size = 16;
        while (size < 2 * expected) size <<= 1;
        table_.assign(size, 0);
        used_ = 0;
    }
    /// Stops checking (the topic is checked whole elsewhere).
    void stop() { topic_ = -1; }
    /// The topic checked, -1 for none.
    std::int32_t topic() const { return topic_; }

    /// Entry k of the topic is judgment `judgment`: the index of the earlier entry of the same
    /// judgment, or -1 (then k is remembered).
    long judged(std::uint32_t judgment, std::uint32_t k) {
        std::uint32_t& seen = seen_at_[judgment - first_judgment_];
        if (seen) return static_cast<long>(seen) - 1;
        seen = k + 1;
        return -1;
    }
    /// Entry k of the topic is an unjudged doc whose hash_doc(0, doc) is hash: the index of an
    /// earlier entry e with same(e) (the same doc), or -1 (then k is remembered). same is asked
    /// only about entries with the same fingerprint.
    template <class Same>
    long unjudged(std::uint64_t hash, std::uint32_t k, Same&& same) {
        if (2 * (used_ + 1) > table_.size()) grow();
        const std::uint64_t fingerprint = hash & ~std::uint64_t(0xFFFFFFFF);
        const std::size_t mask = table_.size() - 1;
        std::size_t i = (hash >> 32) & mask;
        for (; table_[i]; i = (i + 1) & mask) {
            if ((table_[i] & ~std::uint64_t(0xFFFFFFFF)) != fingerprint) continue;
            const std::uint32_t other = static_cast<std::uint32_t>(table_[i]) - 1;
            if (same(other)) return static_cast<long>(other);
        }
        table_[i] = fingerprint | (k + 1);
        ++used_;
        return -1;
    }

private:
    void grow() {
        std::vector<std::uint64_t> old(table_.size() * 2, 0);
        old.swap(table_);
        const std::size_t mask = table_.size() - 1;
        for (std::uint64_t slot : old) {
            if (!slot) continue;
            std::size_t i = (slot >> 32) & mask;
            while (table_[i]) i = (i + 1) & mask;
            table_[i] = slot;
        }
    }
    std::int32_t topic_ = -1;
    std::uint32_t first_judgment_ = 0;
    std::vector<std::uint32_t> seen_at_;  // per judgment of the topic: the index + 1 of its first entry
    std::vector<std::uint64_t> table_;
    std::size_t used_ = 0;
};

}  // namespace

struct RunReader::State {
    std::unique_ptr<Run> run;
    std::set<std::string> ignored;
    bool have_tag = false;
    detail::BlockBuffer blocks;
    std::vector<detail::Scanned<RunRecord>> parts;  // reused from block to block
    InStep steps[2];                                // steps[k]: the scanner filling parts[k]
    // The topic of the last entry added, and the size of the topic before it: a topic's first
    // entry reserves that much (runs usually list as many documents for every topic), so that
    // the entries are not copied each time their vector doubles.
    std::int32_t topic = -1;
    std::size_t expected = 0;
    // Streaming (stream_topics): the callback, the topics done (and the first line of each, for
    // NotGrouped).
    TopicDone done;
    std::vector<std::uint32_t> done_at;
    std::vector<std::int32_t> ended_by;  // the topic whose line ended each topic done (NotGrouped)
    std::uint32_t topic_line = 0;
    // Duplicates: the first found by the line-by-line check (the smallest second line of the topics
    // it checked, as it goes in file order), its check, and the topics whose lines came back after
    // another topic's (not grouped), which finish() checks whole instead.
    struct Dup {
        std::uint32_t first = 0, second = 0;
        std::string doc;
        std::size_t topic = 0;
    } dup;
    TopicDuplicates dups;
    std::vector<char> split;  // per qrels topic
    // feed_columns: the rows of the batch being absorbed, as records (absorb takes them instead
    // of scanning text); whether text was fed.
    const detail::Scanned<RunRecord>* rows = nullptr;
    bool fed_text = false;
};

namespace {

[[noreturn]] void bad_score(const std::string& src, std::uint64_t line_no, std::string_view score) {
    std::string v(score);
    for (char& c : v) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (v == "nan" || v == "+nan" || v == "-nan") throw InputError(src, line_no, "score is NaN");
    throw InputError(src, line_no, "score '" + quote_bytes(score) + "' is not a number");
}

/// A score written as a finite number that a double cannot hold (1e400): every such score would
/// become infinity and tie, reordering the run without a word. An explicit "inf" passes (trec_eval's
/// atof reads it, and it is ordered as written).
void beyond_range(const std::string& src, std::uint64_t line_no, std::string_view score) {
    if (score.find_first_of("iI") != std::string_view::npos) return;
    throw InputError(src, line_no,
                     "score '" + quote_bytes(score) +
                         "' is beyond a double's range (about 1.8e308): such scores would all tie; "
                         "rescale the scores");
}

/// Scans a block of complete lines (it ends with '\n') into records, numbering its lines from 1;
/// runs on a parser thread: only reads the qrels.
void scan_run(std::string_view block, detail::Scanned<RunRecord>& scanned, const Qrels& qrels, RunOrder order,
              const std::string& src, InStep& step) {
    step.start_block(qrels.num_topics());
    std::vector<RunRecord>& out = scanned.records;
    using namespace detail;
    const char* p = block.data();
    const char* end = p + block.size();
    std::uint64_t line_no = 0;
    std::string_view last_topic, last_tag;
    std::int32_t last_t = -2;
    out.reserve(out.size() + block.size() / 40);
    const std::size_t first_record = out.size();
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
        std::string_view f[6];  // columns past the sixth are ignored, as trec_eval does
        int n = split_words(s, f, 6, src, line_no);
        if (n < 6)
            throw InputError(src, line_no,
                             "expected 6 columns (topic Q0 doc rank score tag), found " + std::to_string(n));
        p = *s == '\n' ? s + 1 : next_line(s);
        RunRecord r;
        if (order == RunOrder::Score) {
            if (!text::parse_double(f[4], r.key)) bad_score(src, line_no, f[4]);
            if (std::isinf(r.key)) beyond_range(src, line_no, f[4]);
        } else {
            long rank;
            if (!text::parse_long(f[3], rank))
                throw InputError(src, line_no, "rank '" + quote_bytes(f[3]) + "' is not an integer");
            r.key = -static_cast<double>(rank);
        }
        if (last_t == -2 || !same_word(f[0], last_topic)) {
            last_topic = f[0];
            last_t = static_cast<std::int32_t>(qrels.find_topic(f[0]));
            if (last_t >= 0) step.enter(qrels, static_cast<std::size_t>(last_t));
        }
        r.topic = last_t;
        r.tag = f[5].data();
        r.tag_len = static_cast<std::uint32_t>(f[5].size());
        r.same_tag = !out.empty() && same_word(f[5], last_tag);
        last_tag = f[5];
        r.line = static_cast<std::uint32_t>(line_no);
        if (last_t < 0) {
            r.doc = f[0].data();
            r.doc_len = static_cast<std::uint32_t>(f[0].size());
            r.hash = 0;
            r.judgment = -1;
        } else {
            if (f[2].size() > 0xFFFF) throw InputError(src, line_no, "document id longer than 65535 bytes");
            r.doc = f[2].data();
            r.doc_len = static_cast<std::uint32_t>(f[2].size());
            r.hash = hash_doc(0, f[2]);
            r.judgment = static_cast<std::int32_t>(step.find(qrels, static_cast<std::size_t>(last_t), f[2], r.hash));
        }
        if (r.topic >= 0 && out.size() > first_record && out.back().topic == r.topic && out.back().key == r.key) {
            // Both ids are in this block: compared now, they need not be looked up by order_topic.
            r.tie = static_cast<std::int8_t>(compare_words(std::string_view(r.doc, r.doc_len),
                                                           std::string_view(out.back().doc, out.back().doc_len)));
        }
        out.push_back(r);
    }
    if (line_no) check_line_length(line_begin, p, src, line_no);
    scanned.lines = line_no;
}

}  // namespace

RunReader::RunReader(std::shared_ptr<const Qrels> qrels, std::string name, RunOrder order) : st_(new State) {
    st_->run.reset(new Run);
    Run& run = *st_->run;
    run.name_ = std::move(name);
    run.order_ = order;
    run.topics_.resize(qrels->num_topics());
    run.lines_.resize(qrels->num_topics());
    run.ties_.resize(qrels->num_topics());
    st_->split.assign(qrels->num_topics(), 0);
    run.qrels_ = std::move(qrels);
    st_->blocks.source = run.name_;
}

void RunReader::set_byte_order_mark(text::ByteOrderMark mode) { st_->blocks.bom.mode = mode; }

RunReader::~RunReader() = default;

void RunReader::feed(std::string_view chunk) {
    st_->fed_text = true;
    st_->blocks.feed(chunk, [this](std::string_view block, std::uint64_t first) { return absorb(block, first); });
}

std::uint64_t RunReader::absorb(std::string_view text, std::uint64_t first_line) {
    State& st = *st_;
    Run& run = *st.run;
    // Adds a scanned block's records to the run, in file order; `offset`: lines before the block.
    auto add_records = [&](const detail::Scanned<RunRecord>& block, std::uint64_t offset) {
        if (offset + block.lines > UINT32_MAX)
            throw InputError(run.name_, std::uint64_t(UINT32_MAX) + 1, "file too large: more than 4294967295 lines");
        for (const RunRecord& r : block.records) {
            std::uint32_t line = r.line + static_cast<std::uint32_t>(offset);
            ++run.lines_read_;
            std::string_view tag(r.tag, r.tag_len);
            if (!r.same_tag && (!st.have_tag || tag != std::string_view(run.tag_))) {
                if (st.have_tag) run.mixed_tags_ = true;
                if (!st.have_tag) run.first_tag_.assign(tag.data(), tag.size());
                run.tag_.assign(tag.data(), tag.size());
                st.have_tag = true;
            }
            if (r.topic < 0) {
                ++run.ignored_lines_;
                if (st.ignored.size() < 1000) st.ignored.emplace(r.doc, r.doc_len);
                continue;
            }
            if (st.done && r.topic != st.topic) {  // streaming: the previous topic is complete
                if (st.topic >= 0) {
                    st.expected = run.topics_[static_cast<std::size_t>(st.topic)].size();
                    topic_done(static_cast<std::size_t>(st.topic));
                    st.ended_by[static_cast<std::size_t>(st.topic)] = r.topic;
                }
                if (st.done_at[static_cast<std::size_t>(
                        r.topic)])  // names the topic that ended it, not the last one seen
                    throw NotGrouped(run.name_, line,
                                     std::string(run.qrels_->topic_id(static_cast<std::size_t>(r.topic))),
                                     st.done_at[static_cast<std::size_t>(r.topic)],
                                     std::string(run.qrels_->topic_id(
                                         static_cast<std::size_t>(st.ended_by[static_cast<std::size_t>(r.topic)]))));
                st.topic_line = line;
            }
            std::uint32_t ref;
            if (r.judgment >= 0) {
                ref = static_cast<std::uint32_t>(r.judgment);
            } else {
                if (run.arena_.size() + 2 + r.doc_len + DocArena::kChunk >= kUnjudgedDoc)
                    throw InputError(run.name_, line, "file too large: more than 2 GiB of unjudged document ids");
                ref = kUnjudgedDoc | run.arena_.add(std::string_view(r.doc, r.doc_len));
            }
            auto& entries = run.topics_[static_cast<std::size_t>(r.topic)];
            auto& stretches = run.lines_[static_cast<std::size_t>(r.topic)];
            if (r.topic != st.topic) {
                if (st.topic >= 0 && !st.done) st.expected = run.topics_[static_cast<std::size_t>(st.topic)].size();
                st.topic = r.topic;
                if (entries.empty()) {
                    entries.reserve(st.expected);
                    st.dups.start(*run.qrels_, static_cast<std::size_t>(r.topic), st.expected);
                } else {  // the topic comes back after another's (never when streaming: NotGrouped)
                    st.dups.stop();
                    st.split[static_cast<std::size_t>(r.topic)] = 1;
                }
            }
            auto k = static_cast<std::uint32_t>(entries.size());
            if (stretches.empty() || stretches.back().line + (k - stretches.back().index) != line)
                stretches.push_back(Run::LineStretch{k, line});
            if (r.topic == st.dups.topic() && !st.dup.second) {  // past the first duplicate, none comes earlier
                const std::string_view doc(r.doc, r.doc_len);
                const long other =
                    r.judgment >= 0
                        ? st.dups.judged(ref, k)
                        : st.dups.unjudged(r.hash, k, [&](std::uint32_t e) { return run.doc(entries[e].doc) == doc; });
                if (other >= 0)
                    st.dup = State::Dup{run.line(static_cast<std::size_t>(r.topic), static_cast<std::size_t>(other)),
                                        line, std::string(run.doc(ref)), static_cast<std::size_t>(r.topic)};
            }
            // The record before it was this topic's (scan_run): entries[k - 1].
            if (r.tie && k > 0 && k < 0x80000000u)
                run.ties_[static_cast<std::size_t>(r.topic)].push_back(k << 1 | (r.tie > 0 ? 1u : 0u));
            entries.push_back(RunEntry{r.key, ref});
        }
    };
    if (st.rows) {  // feed_columns: records made from columns, not scanned
        add_records(*st.rows, first_line - 1);
        return st.rows->lines;
    }
    return detail::scan_and_absorb<RunRecord>(
        text, first_line, st.parts,
        [&](std::string_view block, detail::Scanned<RunRecord>& out) {
            scan_run(block, out, *run.qrels_, run.order_, run.name_, st.steps[&out - st.parts.data()]);
        },
        add_records);
}

void RunReader::feed_columns(const RunColumns& c) {
    State& st = *st_;
    Run& run = *st.run;
    if (st.fed_text || run.lines_read_) throw UsageError("a run reader takes text or columns, not both");
    if (c.tag.empty()) throw UsageError("the run tag is empty");
    for (unsigned char ch : c.tag)
        if (detail::kByteClass[ch] != detail::kWord)
            throw UsageError("run tag '" + quote_bytes(c.tag) + "' contains whitespace or a NUL byte");
    if (run.order_ == RunOrder::Rank && !c.ranks) throw UsageError("ordering by rank needs a rank column");
    if (c.rows > UINT32_MAX)
        throw InputError(run.name_, std::uint64_t(UINT32_MAX) + 1, "file too large: more than 4294967295 lines");
    const Qrels& qrels = *run.qrels_;
    const std::string& src = run.name_;
    IdColumnReader topics(c.topics, IdColumnReader::Kind::Topic);
    IdColumnReader docs(c.docs, IdColumnReader::Kind::Doc);
    std::vector<std::int32_t> topic_of(topics.num_ids(), -2);  // per topic code: qrels topic, -1 none, -2 not looked up
    std::string_view last_id;
    std::int32_t last_t = -2;
    InStep step;  // docs looked up in their topic's own table, as scan_run does (a batch: its block)
    detail::Scanned<RunRecord> batch;
    constexpr std::size_t kBatch = 1u << 16;
    batch.records.reserve(std::min<std::size_t>(c.rows, kBatch));
    for (std::size_t begin = 0; begin < c.rows; begin += kBatch) {
        const std::size_t end = std::min(c.rows, begin + kBatch);
        batch.records.clear();
        step.start_block(qrels.num_topics());
        std::int32_t entered = -1;  // the qrels topic whose table `step` holds in this batch
        for (std::size_t i = begin; i < end; ++i) {
            RunRecord r;
            prefetch_ids(c.docs, i, c.rows);
            const std::size_t tc = topics.code(i, src), dc = docs.code(i, src);
            std::int32_t& t = topic_of[tc];
            if (t == -2) {  // ids may be one per row (codes 0, 1, 2...): runs list a topic's rows together
                const std::string_view id = topics.id(tc);
                if (id != last_id) last_t = static_cast<std::int32_t>(qrels.find_topic(id)), last_id = id;
                t = last_t;
            }
            if (c.ranks && run.order_ == RunOrder::Rank) {
                r.key = -static_cast<double>(c.ranks[i]);
            } else {
                r.key = c.scores[i];
                if (std::isnan(r.key)) throw InputError(src, i + 1, "score is NaN");
                if (std::isinf(r.key)) throw InputError(src, i + 1, "score is infinite");
            }
            r.topic = t;
            r.tag = c.tag.data();
            r.tag_len = static_cast<std::uint32_t>(c.tag.size());
            r.line = static_cast<std::uint32_t>(i - begin + 1);
            const std::string_view id = t < 0 ? topics.id(tc) : docs.id(dc);
            r.doc = id.data();
            r.doc_len = static_cast<std::uint32_t>(id.size());
            if (t >= 0 && t != entered) step.enter(qrels, static_cast<std::size_t>(t)), entered = t;
            r.hash = t < 0 ? 0 : hash_doc(0, id);
            r.judgment =
                t < 0 ? -1 : static_cast<std::int32_t>(step.find(qrels, static_cast<std::size_t>(t), id, r.hash));
            batch.records.push_back(r);
        }
        batch.lines = end - begin;
        detail::absorb_rows(st.rows, batch, [&] { absorb({}, begin + 1); });
    }
}

namespace {

/// Finds the repeated (topic, doc) with the smallest second line in one topic's entries (file
/// order), for a topic whose lines are not together (the others are checked line by line as they
/// are read), with the same check (TopicDuplicates), each unjudged id hashed again from the arena.
struct Duplicate {
    std::uint32_t first = 0, second = 0;
    std::uint32_t doc = 0;
    std::size_t topic = 0;
};

void find_duplicate(const Run& run, const Qrels& qrels, std::size_t t, Duplicate& best, TopicDuplicates& dups) {
    const std::vector<RunEntry>& entries = run.entries(t);
    if (entries.size() < 2) return;
    dups.start(qrels, t, entries.size());
    for (std::uint32_t k = 0; k < entries.size(); ++k) {
        const std::uint32_t ref = entries[k].doc;
        long other;
        if (run.judged(ref)) {
            other = dups.judged(ref, k);
        } else {
            const std::string_view doc = run.doc(ref);
            other = dups.unjudged(hash_doc(0, doc), k, [&](std::uint32_t e) { return run.doc(entries[e].doc) == doc; });
        }
        if (other < 0) continue;
        // Entries are in file order: the topic's first repeat has its smallest second line.
        const std::uint32_t second = run.line(t, k);
        if (!best.second || second < best.second)
            best = Duplicate{run.line(t, static_cast<std::size_t>(other)), second, ref, t};
        return;
    }
}

InputError duplicate_error(const Run& run, std::uint32_t first, std::uint32_t second, std::string_view doc,
                           std::size_t topic) {
    return InputError(run.name(), second,
                      "duplicate document '" + quote_bytes(doc) + "' for topic '" +
                          quote_bytes(run.qrels().topic_id(topic)) + "' (first at line " + std::to_string(first) + ")");
}

}  // namespace

NotGrouped::NotGrouped(std::string file, std::uint64_t line, std::string topic, std::uint64_t first_line,
                       const std::string& other)
    : InputError(std::move(file), line,
                 "topic '" + quote_bytes(topic) + "' appears again (its lines from line " + std::to_string(first_line) +
                     " on stopped at topic '" + quote_bytes(other) +
                     "'): the run is not grouped by topic, so it cannot be read one topic at a time; "
                     "group it with `LC_ALL=C sort -s -k1,1 RUN > SORTED`"),
      topic_(std::move(topic)) {}

void RunReader::stream_topics(TopicDone done) {
    st_->done = std::move(done);
    st_->done_at.assign(st_->run->topics_.size(), 0);
    st_->ended_by.assign(st_->run->topics_.size(), -1);
}

void RunReader::topic_done(std::size_t t) {
    State& st = *st_;
    Run& run = *st.run;
    st.done_at[t] = st.topic_line;
    st.done(run, t);
    std::vector<RunEntry>().swap(run.topics_[t]);
    std::vector<Run::LineStretch>().swap(run.lines_[t]);
    std::vector<std::uint32_t>().swap(run.ties_[t]);
    run.arena_.reuse();
}

std::shared_ptr<const Run> RunReader::finish() {
    st_->blocks.finish([this](std::string_view block, std::uint64_t first) { return absorb(block, first); });
    State& st = *st_;
    Run& run = *st.run;
    if (run.lines_read_ == 0) throw InputError(run.name_, 0, "no results found (empty file?)");
    run.ignored_topics_.assign(st.ignored.begin(), st.ignored.end());
    run.text_notes_ = st.blocks.notes();
    if (st.done && st.topic >= 0) topic_done(static_cast<std::size_t>(st.topic));  // streaming: the last topic
    // The topics not grouped are checked whole, on two threads natively (halves of them); the
    // duplicate reported is the one with the smallest second line, theirs or the line-by-line one.
    std::vector<std::size_t> split;
    for (std::size_t t = 0; t < st.split.size(); ++t)
        if (st.split[t]) split.push_back(t);
    Duplicate halves[2];
    detail::parallel_ranges(split.size(), [&](std::size_t begin, std::size_t end) {
        TopicDuplicates dups;
        Duplicate& best = halves[begin == 0 ? 0 : 1];
        for (std::size_t i = begin; i < end; ++i) find_duplicate(run, *run.qrels_, split[i], best, dups);
    });
    for (const Duplicate& d : halves)
        if (d.second && (!st.dup.second || d.second < st.dup.second))
            st.dup = State::Dup{d.first, d.second, std::string(run.doc(d.doc)), d.topic};
    if (st.dup.second) throw duplicate_error(run, st.dup.first, st.dup.second, st.dup.doc, st.dup.topic);
    if (st.done) return std::shared_ptr<const Run>(st.run.release());
    for (auto& t : run.topics_) t.shrink_to_fit();
    for (auto& t : run.lines_) t.shrink_to_fit();
    for (auto& t : run.ties_) t.shrink_to_fit();
    return std::shared_ptr<const Run>(st.run.release());
}

std::shared_ptr<const Run> read_run(std::shared_ptr<const Qrels> qrels, std::string name, std::string_view bytes,
                                    RunOrder order) {
    RunReader reader(std::move(qrels), std::move(name), order);
    reader.feed(bytes);
    return reader.finish();
}

}  // namespace irlens
