#include "irlens/qrels.hpp"

#include "irlens/error.hpp"
#include "irlens/text.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <numeric>

namespace irlens {

std::uint64_t hash_doc(std::uint64_t seed, std::string_view doc) {
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
    if (n) {
        std::uint64_t w = 0;
        std::memcpy(&w, p, n);
        h = (h ^ w) * 0x94D049BB133111EBull;
    }
    h ^= h >> 32;
    h *= k;
    h ^= h >> 29;
    return h;
}

namespace {

std::uint32_t append_doc(std::string& arena, std::string_view doc, const std::string& source,
                         std::uint64_t line_no) {
    if (doc.size() > 0xFFFF) throw InputError(source, line_no, "document id longer than 65535 bytes");
    if (arena.size() + doc.size() + 2 > std::numeric_limits<std::uint32_t>::max())
        throw InputError(source, line_no, "file too large: more than 4 GiB of document ids");
    std::uint32_t offset = static_cast<std::uint32_t>(arena.size());
    char len[2] = {static_cast<char>(doc.size() & 0xFF), static_cast<char>(doc.size() >> 8)};
    arena.append(len, 2);
    arena.append(doc.data(), doc.size());
    return offset;
}

std::string_view doc_in(const std::string& arena, std::uint32_t offset) {
    const unsigned char* p = reinterpret_cast<const unsigned char*>(arena.data()) + offset;
    std::size_t len = p[0] | (std::size_t(p[1]) << 8);
    return std::string_view(reinterpret_cast<const char*>(p + 2), len);
}

std::size_t table_size_for(std::size_t n) {
    std::size_t size = 16;
    while (size < 2 * n) size <<= 1;
    return size;
}

}  // namespace

std::string_view Qrels::doc_at(std::uint32_t offset) const { return doc_in(arena_, offset); }

long Qrels::find_topic(std::string_view id) const {
    auto it = topic_index_.find(id);
    return it == topic_index_.end() ? -1 : static_cast<long>(it->second);
}

long Qrels::find(std::size_t t, std::string_view doc) const {
    std::size_t mask = table_.size() - 1;
    for (std::size_t i = hash_doc(t, doc) & mask;; i = (i + 1) & mask) {
        std::uint32_t slot = table_[i];
        if (slot == 0) return -1;
        const Judgment& j = judgments_[slot - 1];
        std::uint32_t index = slot - 1;
        if (index >= topics_[t].first && index < topics_[t].first + topics_[t].count && doc_at(j.doc) == doc)
            return static_cast<long>(index);
    }
}

// While reading, judgments are kept in file order with provisional topic numbers.
struct QrelsReader::Raw {
    std::string source;
    QrelsFormat format;
    std::vector<std::string> topic_names;
    std::unordered_map<std::string, std::uint32_t> topic_ids;
    std::vector<std::string> group_names;
    std::unordered_map<std::string, std::uint32_t> group_ids;
    struct Entry {
        std::uint32_t topic, doc, group, line;
        std::int32_t rel;
    };
    std::vector<Entry> entries;
    std::string arena;
    std::uint32_t last_topic = 0;
    std::string last_topic_name;
};

QrelsReader::QrelsReader(std::string source, QrelsFormat format) : raw_(new Raw) {
    raw_->source = std::move(source);
    raw_->format = format;
}

QrelsReader::~QrelsReader() = default;

void QrelsReader::feed(std::string_view chunk) {
    lines_.feed(chunk, [this](std::string_view line, std::uint64_t no) { on_line(line, no); });
}

void QrelsReader::on_line(std::string_view line, std::uint64_t line_no) {
    Raw& r = *raw_;
    if (text::is_blank_or_comment(line)) return;
    if (line_no > std::numeric_limits<std::uint32_t>::max())
        throw InputError(r.source, line_no, "file too large: more than 4294967295 lines");
    if (std::memchr(line.data(), '\0', line.size()))
        throw InputError(r.source, line_no, "NUL byte in line (binary file?)");
    std::string_view f[4];
    std::size_t n = text::split_fields(line, f, 4);
    if (n != 4) {
        const char* layout = r.format == QrelsFormat::Plain ? "topic iter doc rel" : "topic group doc rel";
        throw InputError(r.source, line_no,
                         "expected 4 columns (" + std::string(layout) + "), found " +
                             (n > 4 ? std::string("more") : std::to_string(n)));
    }
    long rel;
    if (!text::parse_long(f[3], rel) || rel < std::numeric_limits<std::int32_t>::min() ||
        rel > std::numeric_limits<std::int32_t>::max())
        throw InputError(r.source, line_no, "relevance '" + quote_bytes(f[3]) + "' is not an integer");
    std::uint32_t topic;
    if (!r.topic_names.empty() && f[0] == r.last_topic_name) {
        topic = r.last_topic;
    } else {
        auto it = r.topic_ids.find(std::string(f[0]));
        if (it == r.topic_ids.end()) {
            topic = static_cast<std::uint32_t>(r.topic_names.size());
            r.topic_names.emplace_back(f[0]);
            r.topic_ids.emplace(std::string(f[0]), topic);
        } else {
            topic = it->second;
        }
        r.last_topic = topic;
        r.last_topic_name.assign(f[0].data(), f[0].size());
    }
    std::uint32_t group = 0;
    if (r.format == QrelsFormat::Grouped) {
        auto it = r.group_ids.find(std::string(f[1]));
        if (it == r.group_ids.end()) {
            group = static_cast<std::uint32_t>(r.group_names.size());
            r.group_names.emplace_back(f[1]);
            r.group_ids.emplace(std::string(f[1]), group);
        } else {
            group = it->second;
        }
    }
    std::uint32_t doc = append_doc(r.arena, f[2], r.source, line_no);
    r.entries.push_back({topic, doc, group, static_cast<std::uint32_t>(line_no), static_cast<std::int32_t>(rel)});
}

std::shared_ptr<const Qrels> QrelsReader::finish() {
    lines_.finish([this](std::string_view line, std::uint64_t no) { on_line(line, no); });
    Raw& r = *raw_;
    if (r.entries.empty()) throw InputError(r.source, 0, "no judgments found (empty file?)");

    // Duplicates, in file order so that the first repeated line is the one reported.
    {
        std::vector<std::uint32_t> table(table_size_for(r.entries.size()), 0);
        std::size_t mask = table.size() - 1;
        for (std::uint32_t e = 0; e < r.entries.size(); ++e) {
            const Raw::Entry& x = r.entries[e];
            std::string_view doc = doc_in(r.arena, x.doc);
            std::uint64_t seed = r.format == QrelsFormat::Grouped ? (std::uint64_t(x.group) << 32 | x.topic) : x.topic;
            for (std::size_t i = hash_doc(seed, doc) & mask;; i = (i + 1) & mask) {
                if (table[i] == 0) {
                    table[i] = e + 1;
                    break;
                }
                const Raw::Entry& y = r.entries[table[i] - 1];
                if (y.topic == x.topic && y.group == x.group && doc_in(r.arena, y.doc) == doc) {
                    std::string what = "duplicate judgment of document '" + quote_bytes(doc) + "' for topic '" +
                                       quote_bytes(r.topic_names[x.topic]) + "'";
                    if (r.format == QrelsFormat::Grouped)
                        what += " in group '" + quote_bytes(r.group_names[x.group]) + "'";
                    throw InputError(r.source, x.line, what + " (first at line " + std::to_string(y.line) + ")");
                }
            }
        }
    }

    auto q = std::make_shared<Qrels>();
    q->source_ = r.source;
    q->format_ = r.format;
    q->group_names_ = std::move(r.group_names);
    if (q->group_names_.empty()) q->group_names_.emplace_back("0");

    // Topics in byte order of their ids; judgments grouped by topic (a stable counting sort keeps
    // file order inside a topic; grouped qrels are then sorted by doc id and group).
    std::size_t num_topics = r.topic_names.size();
    std::vector<std::uint32_t> order(num_topics);
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(),
              [&](std::uint32_t a, std::uint32_t b) { return r.topic_names[a] < r.topic_names[b]; });
    std::vector<std::uint32_t> rank(num_topics);
    for (std::uint32_t i = 0; i < num_topics; ++i) rank[order[i]] = i;
    q->topics_.resize(num_topics);
    for (std::uint32_t i = 0; i < num_topics; ++i) q->topics_[i].id = std::move(r.topic_names[order[i]]);
    for (const Raw::Entry& e : r.entries) q->topics_[rank[e.topic]].count++;
    std::uint32_t first = 0;
    for (auto& t : q->topics_) {
        t.first = first;
        first += t.count;
    }
    std::vector<std::uint32_t> fill(num_topics, 0);
    q->judgments_.resize(r.entries.size());
    int max_grade = 0;
    for (const Raw::Entry& e : r.entries) {
        std::uint32_t t = rank[e.topic];
        q->judgments_[q->topics_[t].first + fill[t]++] = Judgment{e.doc, e.group, e.rel, e.line};
        if (e.rel > max_grade) max_grade = e.rel;
    }
    q->max_grade_ = max_grade;
    r.entries.clear();
    r.entries.shrink_to_fit();
    q->arena_ = std::move(r.arena);
    if (q->format_ == QrelsFormat::Grouped) {
        for (auto& t : q->topics_) {
            std::stable_sort(q->judgments_.begin() + t.first, q->judgments_.begin() + t.first + t.count,
                             [&](const Judgment& a, const Judgment& b) {
                                 std::string_view da = q->doc_at(a.doc), db = q->doc_at(b.doc);
                                 if (da != db) return da < db;
                                 return q->group_names_[a.group] < q->group_names_[b.group];
                             });
        }
    }
    for (std::uint32_t i = 0; i < num_topics; ++i) q->topic_index_.emplace(q->topics_[i].id, i);

    // (topic, doc) -> first judgment of that doc in the topic.
    q->table_.assign(table_size_for(q->judgments_.size()), 0);
    std::size_t mask = q->table_.size() - 1;
    for (std::uint32_t t = 0; t < num_topics; ++t) {
        for (std::uint32_t k = q->topics_[t].first; k < q->topics_[t].first + q->topics_[t].count; ++k) {
            std::string_view doc = q->doc_at(q->judgments_[k].doc);
            if (k > q->topics_[t].first && q->doc_at(q->judgments_[k - 1].doc) == doc) continue;
            std::size_t i = hash_doc(t, doc) & mask;
            while (q->table_[i] != 0) i = (i + 1) & mask;
            q->table_[i] = k + 1;
        }
    }
    return q;
}

std::shared_ptr<const Qrels> read_qrels(std::string source, std::string_view bytes, QrelsFormat format) {
    QrelsReader reader(std::move(source), format);
    reader.feed(bytes);
    return reader.finish();
}

}  // namespace irlens
