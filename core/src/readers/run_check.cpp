// Run validation (irlens/readers/run_check.hpp): a lenient line reader that turns every problem into a
// finding, and the per-topic checks run once the whole file is read.
#include "irlens/readers/run_check.hpp"

#include "irlens/readers/doc_arena.hpp"
#include "irlens/error.hpp"
#include "irlens/readers/text.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <set>
#include <unordered_map>

namespace irlens {

namespace {

/// Splits chunks into lines as text::LineSplitter does (a leading byte-order mark stripped with its
/// BomFilter, a trailing '\r' removed, the last line needs no newline, the first invalid UTF-8
/// line noted), but never holds more than kMaxCheckLine bytes of a line: a longer line is passed on
/// as too long, without its bytes (a finding, where LineSplitter stops).
class BoundedLines {
public:
    /// on_line(std::string_view line, std::uint64_t line_no, bool too_long)
    template <class OnLine>
    void feed(std::string_view chunk, OnLine&& on_line) {
        bom_.feed(chunk, [&](std::string_view c) { split(c, on_line); });
    }

    template <class OnLine>
    void finish(OnLine&& on_line) {
        bom_.finish([&](std::string_view c) { split(c, on_line); });
        if (overflow_ || !carry_.empty()) emit(carry_, overflow_, on_line);
    }

    text::TextNotes notes() const { return {bom_.found(), invalid_utf8_line_}; }

private:
    template <class OnLine>
    void split(std::string_view chunk, OnLine& on_line) {
        while (!chunk.empty()) {
            const void* nl = std::memchr(chunk.data(), '\n', chunk.size());
            std::size_t end = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - chunk.data()) : chunk.size();
            std::string_view part = chunk.substr(0, end);
            if (!overflow_ && carry_.size() + part.size() > kMaxCheckLine) {
                overflow_ = true;
                carry_.clear();
            }
            if (!nl) {
                if (!overflow_) carry_.append(part.data(), part.size());
                return;
            }
            if (overflow_) {
                emit({}, true, on_line);
            } else if (!carry_.empty()) {
                carry_.append(part.data(), part.size());
                emit(carry_, false, on_line);
            } else {
                emit(part, false, on_line);
            }
            chunk.remove_prefix(end + 1);
        }
    }

    template <class OnLine>
    void emit(std::string_view line, bool too_long, OnLine& on_line) {
        ++line_no_;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (!invalid_utf8_line_ && !too_long && text::valid_utf8_prefix(line) != line.size())
            invalid_utf8_line_ = line_no_;
        on_line(line, line_no_, too_long);
        carry_.clear();
        overflow_ = false;
    }
    text::BomFilter bom_;
    std::string carry_;
    bool overflow_ = false;
    std::uint64_t line_no_ = 0, invalid_utf8_line_ = 0;
};

/// The shortest "%.Ng" that reads back as v (for scores in messages).
std::string number_text(double v) {
    char buf[40];
    for (int digits = 6; digits <= 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, v);
        if (std::strtod(buf, nullptr) == v) break;
    }
    return buf;
}

std::string in_quotes(std::string_view bytes) { return "'" + quote_bytes(bytes) + "'"; }

}  // namespace

// --- IdList ---------------------------------------------------------------------------------

std::string_view IdList::at(std::uint32_t offset) const {
    const std::string_view rest(bytes_.data() + offset, bytes_.size() - offset);
    return rest.substr(0, rest.find('\n'));
}

bool IdList::contains(std::string_view id) const {
    auto it = std::lower_bound(index_.begin(), index_.end(), id,
                               [this](std::uint32_t o, std::string_view x) { return at(o) < x; });
    return it != index_.end() && at(*it) == id;
}

std::vector<std::string_view> IdList::ids() const {
    std::vector<std::string_view> out;
    out.reserve(index_.size());
    for (std::uint32_t o : index_) out.push_back(at(o));
    return out;
}

struct IdListReader::State {
    std::unique_ptr<IdList> list{new IdList};
    BoundedLines lines;

    void on_line(std::string_view line, std::uint64_t no, bool too_long) {
        IdList& l = *list;
        if (too_long) throw InputError(l.source_, no, "line longer than 1 MiB");
        if (std::memchr(line.data(), '\0', line.size()))
            throw InputError(l.source_, no, "NUL byte in line (binary file?)");
        if (text::is_blank_or_comment(line)) return;
        std::string_view id;
        text::split_fields(line, &id, 1);
        if (l.bytes_.size() + id.size() + 1 > UINT32_MAX) throw InputError(l.source_, no, "more than 4 GiB of ids");
        l.index_.push_back(static_cast<std::uint32_t>(l.bytes_.size()));
        l.bytes_.append(id.data(), id.size());
        l.bytes_.push_back('\n');
    }
};

IdListReader::IdListReader(std::string source) : st_(new State) { st_->list->source_ = std::move(source); }
IdListReader::~IdListReader() = default;

void IdListReader::feed(std::string_view chunk) {
    st_->lines.feed(
        chunk, [this](std::string_view line, std::uint64_t no, bool too_long) { st_->on_line(line, no, too_long); });
}

std::shared_ptr<const IdList> IdListReader::finish() {
    st_->lines.finish(
        [this](std::string_view line, std::uint64_t no, bool too_long) { st_->on_line(line, no, too_long); });
    IdList& list = *st_->list;
    list.notes_ = st_->lines.notes();
    if (list.index_.empty()) throw InputError(list.source_, 0, "no ids found (empty file?)");
    std::sort(list.index_.begin(), list.index_.end(),
              [&](std::uint32_t a, std::uint32_t b) { return list.at(a) < list.at(b); });
    list.index_.erase(std::unique(list.index_.begin(), list.index_.end(),
                                  [&](std::uint32_t a, std::uint32_t b) { return list.at(a) == list.at(b); }),
                      list.index_.end());
    return std::shared_ptr<const IdList>(st_->list.release());
}

// --- RunChecker -------------------------------------------------------------------------------

namespace {

constexpr std::int32_t kNoRank = INT32_MIN;
constexpr std::uint32_t kNoDoc = UINT32_MAX;

// One result line, kept for the per-topic checks (20 bytes).
#pragma pack(push, 4)
struct Entry {
    double score;       // NaN: not a number
    std::int32_t rank;  // kNoRank: not an integer
    std::uint32_t line;
    std::uint32_t doc;  // offset in the arena, kNoDoc when not stored
};
#pragma pack(pop)

struct TopicResults {
    std::string id;
    std::vector<Entry> entries;
    std::uint32_t first_over = 0;  // the line of the first result past max_docs
};

}  // namespace

struct RunChecker::State {
    CheckOptions options;
    CheckReport report;
    BoundedLines lines;
    DocArena arena;
    std::unordered_map<std::string, std::uint32_t> topic_index;
    std::vector<TopicResults> topics;
    std::uint32_t last_topic = UINT32_MAX;
    std::string first_tag;
    std::uint64_t first_tag_line = 0;
    std::set<std::string> tags;  // the distinct tags reported (at most 1000 remembered)
    bool stopped = false;        // the file outgrew 32-bit line numbers or the 2 GiB doc arena
    std::map<std::string, std::size_t> listed;

    /// Counts a finding; lists it (building its message) while fewer than kMaxListedPerKind of
    /// its kind are listed.
    template <class Message>
    void add(std::uint64_t line, Severity severity, const char* kind, std::string_view topic, Message&& message) {
        std::size_t& n = listed[kind];
        count(severity, kind, n < kMaxListedPerKind);
        if (n >= kMaxListedPerKind) return;
        ++n;
        report.findings.push_back(CheckFinding{line, severity, kind, std::string(topic), message()});
    }
    void count(Severity severity, const char* kind, bool listing) {
        ++report.counts[kind];
        ++(severity == Severity::Error ? report.errors : report.warnings);
        if (!listing) ++report.unlisted;
    }

    void on_line(std::string_view line, std::uint64_t no, bool too_long);
    template <class Emit>
    void check_topic(const TopicResults& t, Emit&& emit) const;
};

RunChecker::RunChecker(std::string file, CheckOptions options) : st_(new State) {
    st_->report.file = std::move(file);
    st_->options = std::move(options);
}
RunChecker::~RunChecker() = default;

void RunChecker::State::on_line(std::string_view line, std::uint64_t no, bool too_long) {
    report.lines = no;
    if (stopped) return;
    if (too_long) {
        add(no, Severity::Error, "long_line", {},
            [] { return std::string("line longer than 1 MiB (not checked further)"); });
        return;
    }
    if (std::memchr(line.data(), '\0', line.size())) {
        add(no, Severity::Error, "binary", {}, [] { return std::string("NUL byte in line (binary file?)"); });
        return;
    }
    if (text::is_blank_or_comment(line)) return;
    if (no > UINT32_MAX || arena.size() + 2 + line.size() + DocArena::kChunk >= UINT32_MAX) {
        stopped = true;
        add(no, Severity::Error, "too_large", {}, [] {
            return std::string(
                "file too large (over 4294967295 lines or 2 GiB of document ids): the rest is not checked");
        });
        return;
    }
    std::string_view f[6];
    std::size_t n = text::split_fields(line, f, 6);
    if (n != 6) {
        std::size_t words = n;
        if (n > 6) {
            std::string_view rest[64];
            words = text::split_fields(line, rest, 64);
        }
        add(no, Severity::Error, "columns", n > 6 ? f[0] : std::string_view{}, [&] {
            std::string found = words > 64 ? "more than 64" : std::to_string(words);
            return "expected 6 columns (topic Q0 doc rank score tag), found " + found +
                   (n > 6 ? " (trec_eval ignores the columns past the sixth; TREC's checkers refuse them)" : "");
        });
        if (n < 6) return;
    }
    ++report.results;
    std::string_view topic = f[0], doc = f[2];
    if (f[1] != "Q0")
        add(no, Severity::Warning, "iteration", topic,
            [&] { return "iteration column is " + in_quotes(f[1]) + ", not Q0 (trec_eval ignores the column)"; });
    Entry e{std::numeric_limits<double>::quiet_NaN(), kNoRank, static_cast<std::uint32_t>(no), kNoDoc};
    long rank;
    if (text::parse_long(f[3], rank) && rank > INT32_MIN && rank <= INT32_MAX)
        e.rank = static_cast<std::int32_t>(rank);
    else
        add(no, Severity::Error, "rank", topic, [&] { return "rank " + in_quotes(f[3]) + " is not an integer"; });
    if (!text::parse_double(f[4], e.score)) {
        e.score = std::numeric_limits<double>::quiet_NaN();
        add(no, Severity::Error, "score", topic, [&] {
            std::string v(f[4]);
            for (char& c : v) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
            bool nan = v == "nan" || v == "+nan" || v == "-nan";
            return nan ? std::string("score is NaN") : "score " + in_quotes(f[4]) + " is not a number";
        });
    } else if (std::isinf(e.score) && f[4].find_first_of("iI") == std::string_view::npos) {
        e.score = std::numeric_limits<double>::quiet_NaN();  // as the evaluation reader, which refuses it
        add(no, Severity::Error, "score", topic, [&] {
            return "score " + in_quotes(f[4]) +
                   " is beyond a double's range (about 1.8e308): such scores would all tie";
        });
    }
    if (doc.size() > 0xFFFF)
        add(no, Severity::Error, "doc_id", topic, [] { return std::string("document id longer than 65535 bytes"); });
    else
        e.doc = arena.add(doc);
    if (options.docs && !options.docs->contains(doc))
        add(no, Severity::Error, "unknown_document", topic, [&] {
            return "document " + in_quotes(doc) + " is not in the document list (" + options.docs->source() + ")";
        });
    if (last_topic == UINT32_MAX || topics[last_topic].id != topic) {
        auto it = topic_index.emplace(std::string(topic), static_cast<std::uint32_t>(topics.size())).first;
        if (it->second == topics.size()) topics.push_back(TopicResults{std::string(topic), {}, 0});
        last_topic = it->second;
    }
    TopicResults& t = topics[last_topic];
    t.entries.push_back(e);
    if (options.max_docs && t.entries.size() == options.max_docs + 1) t.first_over = static_cast<std::uint32_t>(no);

    std::string_view tag = f[5];
    if (first_tag_line == 0) {
        first_tag.assign(tag.data(), tag.size());
        first_tag_line = no;
    }
    const std::string& want = options.tag.empty() ? first_tag : options.tag;
    if (tag != want && tags.size() < 1000 && tags.emplace(tag).second)
        add(no, Severity::Error, "tag", topic, [&] {
            return options.tag.empty() ? "run tag " + in_quotes(tag) + " differs from " + in_quotes(first_tag) +
                                             " (line " + std::to_string(first_tag_line) + ")"
                                       : "run tag " + in_quotes(tag) + " is not the expected " + in_quotes(options.tag);
        });
}

void RunChecker::feed(std::string_view chunk) {
    st_->lines.feed(
        chunk, [this](std::string_view line, std::uint64_t no, bool too_long) { st_->on_line(line, no, too_long); });
}

// The per-topic checks, in any order: emit(line, severity, kind, message) for each finding, the
// message a function that builds it (finish() builds only the listed ones).
template <class Emit>
void RunChecker::State::check_topic(const TopicResults& t, Emit&& emit) const {
    const std::vector<Entry>& es = t.entries;
    std::string topic = "topic " + in_quotes(t.id);
    std::vector<std::uint32_t> order;  // indexes of es, sorted anew for each check
    order.reserve(es.size());

    // Repeated documents, each repeat against the first occurrence.
    for (std::uint32_t i = 0; i < es.size(); ++i)
        if (es[i].doc != kNoDoc) order.push_back(i);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        std::string_view da = arena.get(es[a].doc), db = arena.get(es[b].doc);
        return da != db ? da < db : a < b;
    });
    for (std::size_t k = 1, first = 0; k < order.size(); ++k) {
        if (arena.get(es[order[k]].doc) != arena.get(es[order[first]].doc)) {
            first = k;
            continue;
        }
        emit(es[order[k]].line, Severity::Error, "duplicate_document", [&] {
            return "duplicate document " + in_quotes(arena.get(es[order[k]].doc)) + " for " + topic +
                   " (first at line " + std::to_string(es[order[first]].line) + ")";
        });
    }

    // Ranks: repeats, gaps, and agreement with the scores (in rank order, then file order).
    order.clear();
    for (std::uint32_t i = 0; i < es.size(); ++i)
        if (es[i].rank != kNoRank) order.push_back(i);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return es[a].rank != es[b].rank ? es[a].rank < es[b].rank : a < b;
    });
    // A rank is compared with the first line (in file order) of the rank before it.
    std::uint64_t disagreements = 0;
    std::size_t above = 0, below = 0;  // the first disagreeing pair
    for (std::size_t k = 1, first = 0; k < order.size(); ++k) {
        const Entry &a = es[order[first]], &b = es[order[k]];
        if (b.rank == a.rank) {
            emit(b.line, Severity::Error, "duplicate_rank", [&] {
                return "rank " + std::to_string(b.rank) + " repeats line " + std::to_string(a.line) + "'s for " + topic;
            });
            continue;
        }
        if (b.score > a.score && !disagreements++) {  // false when either is NaN
            above = first;
            below = k;
        }
        first = k;
    }
    if (disagreements) {
        const Entry &a = es[order[above]], &b = es[order[below]];
        emit(b.line, Severity::Error, "rank_order", [&] {
            return topic + ": rank " + std::to_string(b.rank) + " has a higher score (" + number_text(b.score) +
                   ") than rank " + std::to_string(a.rank) + " (line " + std::to_string(a.line) + ", score " +
                   number_text(a.score) + "); " + std::to_string(disagreements) +
                   (disagreements == 1 ? " pair" : " pairs") +
                   " of consecutive ranks disagree with the scores, and trec_eval evaluates in score order";
        });
    }
    if (!order.empty()) {
        std::int64_t expected = 1;
        std::string problem;
        std::uint32_t at = es[order[0]].line;
        if (es[order[0]].rank < 1) {
            emit(at, Severity::Warning, "rank_below_one", [&] {
                return topic + ": rank " + std::to_string(es[order[0]].rank) + " (line " + std::to_string(at) +
                       ") is below 1 (ranks should run 1, 2, ..., n)";
            });
        } else {
            for (std::uint32_t i : order) {
                if (es[i].rank > expected) {
                    problem = "rank " + std::to_string(expected) + " is missing";
                    break;
                }
                expected = std::int64_t(es[i].rank) + 1;
            }
        }
        if (!problem.empty())
            emit(at, Severity::Warning, "missing_rank",
                 [&] { return topic + ": " + problem + " (ranks should run 1, 2, ..., n)"; });
    }

    // Tied scores: how many results share their score, and the earliest pair.
    order.clear();
    for (std::uint32_t i = 0; i < es.size(); ++i)
        if (!std::isnan(es[i].score)) order.push_back(i);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return es[a].score != es[b].score ? es[a].score < es[b].score : a < b;
    });
    std::uint64_t tied = 0;
    std::uint32_t tie_a = 0, tie_b = 0;
    for (std::size_t k = 0; k < order.size();) {
        std::size_t end = k + 1;
        while (end < order.size() && es[order[end]].score == es[order[k]].score) ++end;
        if (end - k > 1) {
            tied += end - k;
            if (!tie_a || es[order[k]].line < es[tie_a - 1].line) {
                tie_a = order[k] + 1;
                tie_b = order[k + 1] + 1;
            }
        }
        k = end;
    }
    if (tied)
        emit(es[tie_b - 1].line, Severity::Warning, "tied_scores", [&] {
            return topic + ": " + std::to_string(tied) + " results share their score with another (first: lines " +
                   std::to_string(es[tie_a - 1].line) + " and " + std::to_string(es[tie_b - 1].line) + ", score " +
                   number_text(es[tie_a - 1].score) +
                   "); trec_eval orders tied results by document id, descending, not by rank";
        });

    if (t.first_over)
        emit(t.first_over, Severity::Error, "too_many_documents", [&] {
            return topic + " has " + std::to_string(es.size()) + " results, more than the limit of " +
                   std::to_string(options.max_docs) + " (this line is result " + std::to_string(options.max_docs + 1) +
                   ")";
        });
    std::string results = std::to_string(es.size()) + (es.size() == 1 ? " result" : " results");
    if (options.topics && !options.topics->contains(t.id))
        emit(es[0].line, Severity::Error, "unknown_topic",
             [&] { return topic + " is not in the topic list (" + options.topics->source() + "); " + results; });
    if (options.qrels && options.qrels->find_topic(t.id) < 0)
        emit(es[0].line, Severity::Warning, "unjudged_topic", [&] {
            return topic + " is not in the qrels (" + options.qrels->source() + "): evaluation ignores its " + results;
        });
}

CheckReport RunChecker::finish() {
    State& st = *st_;
    st.lines.finish([&](std::string_view line, std::uint64_t no, bool too_long) { st.on_line(line, no, too_long); });
    CheckReport& report = st.report;
    report.text_notes = st.lines.notes();
    report.topics = st.topics.size();
    if (report.results == 0)
        st.add(0, Severity::Error, "empty", {}, [] { return std::string("no result lines (empty file?)"); });

    // The per-topic checks, twice: first their lines per kind, to find the line of each kind's
    // last listed finding (the kinds are not produced in line order, and a broken file can have a
    // finding on every line), then the findings up to that line with their messages.
    std::map<std::string, std::vector<std::uint32_t>> lines;
    for (const TopicResults& t : st.topics)
        st.check_topic(
            t, [&](std::uint32_t line, Severity, const char* kind, const auto&) { lines[kind].push_back(line); });
    std::map<std::string, std::uint32_t> last;
    for (auto& [kind, ls] : lines) {
        auto nth = ls.begin() + static_cast<long>(std::min(ls.size(), kMaxListedPerKind) - 1);
        std::nth_element(ls.begin(), nth, ls.end());
        last[kind] = *nth;
        ls = {};
    }
    std::vector<CheckFinding> per_topic;
    for (const TopicResults& t : st.topics)
        st.check_topic(t, [&](std::uint32_t line, Severity s, const char* kind, const auto& message) {
            if (line <= last[kind])
                per_topic.push_back(CheckFinding{line, s, kind, t.id, message()});
            else
                st.count(s, kind, false);
        });
    std::stable_sort(per_topic.begin(), per_topic.end(),
                     [](const CheckFinding& a, const CheckFinding& b) { return a.line < b.line; });
    for (CheckFinding& f : per_topic)
        st.add(f.line, f.severity, f.kind.c_str(), f.topic, [&] { return std::move(f.message); });

    auto missing = [&](std::string_view id, const std::string& what) {
        if (!st.topic_index.count(std::string(id)))
            st.add(0, Severity::Warning, "missing_topic", id,
                   [&] { return "topic " + in_quotes(id) + " of " + what + " has no results"; });
    };
    if (st.options.topics) {
        for (std::string_view id : st.options.topics->ids())
            missing(id, "the topic list (" + st.options.topics->source() + ")");
    } else if (st.options.qrels) {
        const Qrels& q = *st.options.qrels;
        for (std::size_t t = 0; t < q.num_topics(); ++t) missing(q.topic_id(t), "the qrels (" + q.source() + ")");
    }
    std::stable_sort(report.findings.begin(), report.findings.end(), [](const CheckFinding& a, const CheckFinding& b) {
        return (a.line == 0 ? UINT64_MAX : a.line) < (b.line == 0 ? UINT64_MAX : b.line);
    });
    return std::move(report);
}

CheckReport check_run(std::string file, std::string_view bytes, const CheckOptions& options) {
    RunChecker checker(std::move(file), options);
    checker.feed(bytes);
    return checker.finish();
}

const char* severity_name(Severity s) { return s == Severity::Error ? "error" : "warning"; }

}  // namespace irlens
