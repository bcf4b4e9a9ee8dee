#include "irlens/run.hpp"

#include "irlens/error.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <set>

namespace irlens {

namespace {
const char kPlaceholderName[] = "ceci_nest_pas_un_docno";

std::string_view arena_doc(const std::string& arena, std::uint32_t offset) {
    const unsigned char* p = reinterpret_cast<const unsigned char*>(arena.data()) + offset;
    std::size_t len = p[0] | (std::size_t(p[1]) << 8);
    return std::string_view(reinterpret_cast<const char*>(p + 2), len);
}
}  // namespace

std::size_t Run::num_topics_answered() const {
    std::size_t n = 0;
    for (const auto& t : topics_) n += !t.empty();
    return n;
}

std::string_view Run::doc(std::uint32_t ref) const {
    if (ref == kPlaceholderDoc) return kPlaceholderName;
    if (ref & kUnjudgedDoc) return arena_doc(arena_, ref & ~kUnjudgedDoc);
    return qrels_->doc(qrels_->judgment(ref));
}

struct RunReader::State {
    std::unique_ptr<Run> run;
    std::string last_topic_name;
    long last_topic = -2;  // -2: none yet, -1: not in qrels
    std::set<std::string> ignored;
    std::vector<std::uint32_t> first_line;  // per qrels judgment: line where the run named it
    std::vector<std::uint64_t> table;       // unjudged docs: topic << 32 | (arena offset + 1)
    std::size_t table_used = 0;
    bool have_tag = false;
};

RunReader::RunReader(std::shared_ptr<const Qrels> qrels, std::string name, RunOrder order) : st_(new State) {
    st_->run.reset(new Run);
    Run& run = *st_->run;
    run.name_ = std::move(name);
    run.order_ = order;
    run.topics_.resize(qrels->num_topics());
    st_->first_line.assign(qrels->num_judgments(), 0);
    st_->table.assign(1024, 0);
    run.qrels_ = std::move(qrels);
}

RunReader::~RunReader() = default;

void RunReader::feed(std::string_view chunk) {
    lines_.feed(chunk, [this](std::string_view line, std::uint64_t no) { on_line(line, no); });
}

void RunReader::grow_table() {
    std::vector<std::uint64_t> old;
    old.swap(st_->table);
    st_->table.assign(old.size() * 2, 0);
    std::size_t mask = st_->table.size() - 1;
    for (std::uint64_t slot : old) {
        if (!slot) continue;
        std::uint32_t t = static_cast<std::uint32_t>(slot >> 32);
        std::string_view doc = arena_doc(st_->run->arena_, static_cast<std::uint32_t>(slot) - 1);
        std::size_t i = hash_doc(t, doc) & mask;
        while (st_->table[i]) i = (i + 1) & mask;
        st_->table[i] = slot;
    }
}

void RunReader::on_line(std::string_view line, std::uint64_t line_no) {
    State& st = *st_;
    Run& run = *st.run;
    if (text::is_blank_or_comment(line)) return;
    const std::string& src = run.name_;
    if (line_no > std::numeric_limits<std::uint32_t>::max())
        throw InputError(src, line_no, "file too large: more than 4294967295 lines");
    if (std::memchr(line.data(), '\0', line.size())) throw InputError(src, line_no, "NUL byte in line (binary file?)");
    std::string_view f[6];
    std::size_t n = text::split_fields(line, f, 6);
    if (n < 6)
        throw InputError(src, line_no, "expected 6 columns (topic Q0 doc rank score tag), found " + std::to_string(n));
    double key;
    if (run.order_ == RunOrder::Score) {
        if (!text::parse_double(f[4], key)) {
            std::string v(f[4]);
            for (char& c : v) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
            if (v == "nan" || v == "+nan" || v == "-nan")
                throw InputError(src, line_no, "score is NaN");
            throw InputError(src, line_no, "score '" + quote_bytes(f[4]) + "' is not a number");
        }
    } else {
        long rank;
        if (!text::parse_long(f[3], rank))
            throw InputError(src, line_no, "rank '" + quote_bytes(f[3]) + "' is not an integer");
        key = -static_cast<double>(rank);
    }
    ++run.lines_read_;
    if (!st.have_tag || f[5] != std::string_view(run.tag_)) {
        if (st.have_tag) run.mixed_tags_ = true;
        if (!st.have_tag) run.first_tag_.assign(f[5].data(), f[5].size());
        run.tag_.assign(f[5].data(), f[5].size());
        st.have_tag = true;
    }
    if (st.last_topic == -2 || f[0] != std::string_view(st.last_topic_name)) {
        st.last_topic_name.assign(f[0].data(), f[0].size());
        st.last_topic = run.qrels_->find_topic(f[0]);
    }
    if (st.last_topic < 0) {
        ++run.ignored_lines_;
        if (st.ignored.size() < 1000) st.ignored.insert(st.last_topic_name);
        return;
    }
    std::uint32_t t = static_cast<std::uint32_t>(st.last_topic);
    std::string_view doc = f[2];
    if (doc.size() > 0xFFFF) throw InputError(src, line_no, "document id longer than 65535 bytes");
    std::uint32_t ref;
    long judged = run.qrels_->find(t, doc);
    auto duplicate = [&](std::uint32_t first) {
        throw InputError(src, line_no,
                         "duplicate document '" + quote_bytes(doc) + "' for topic '" + quote_bytes(f[0]) +
                             "' (first at line " + std::to_string(first) + ")");
    };
    if (judged >= 0) {
        ref = static_cast<std::uint32_t>(judged);
        if (st.first_line[ref]) duplicate(st.first_line[ref]);
        st.first_line[ref] = static_cast<std::uint32_t>(line_no);
    } else {
        std::size_t mask = st.table.size() - 1;
        std::size_t i = hash_doc(t, doc) & mask;
        for (; st.table[i]; i = (i + 1) & mask) {
            std::uint64_t slot = st.table[i];
            std::uint32_t offset = static_cast<std::uint32_t>(slot) - 1;
            if ((slot >> 32) == t && arena_doc(run.arena_, offset) == doc) {
                for (const RunEntry& e : run.topics_[t])
                    if (e.doc == (kUnjudgedDoc | offset)) duplicate(e.line);
            }
        }
        if (run.arena_.size() + doc.size() + 2 >= kUnjudgedDoc)
            throw InputError(src, line_no, "file too large: more than 2 GiB of unjudged document ids");
        std::uint32_t offset = static_cast<std::uint32_t>(run.arena_.size());
        char len[2] = {static_cast<char>(doc.size() & 0xFF), static_cast<char>(doc.size() >> 8)};
        run.arena_.append(len, 2);
        run.arena_.append(doc.data(), doc.size());
        st.table[i] = (std::uint64_t(t) << 32) | (offset + 1);
        if (++st.table_used * 2 > st.table.size()) grow_table();
        ref = kUnjudgedDoc | offset;
    }
    run.topics_[t].push_back(RunEntry{key, ref, static_cast<std::uint32_t>(line_no)});
}

std::shared_ptr<const Run> RunReader::finish() {
    lines_.finish([this](std::string_view line, std::uint64_t no) { on_line(line, no); });
    State& st = *st_;
    Run& run = *st.run;
    if (run.lines_read_ == 0) throw InputError(run.name_, 0, "no results found (empty file?)");
    run.ignored_topics_.assign(st.ignored.begin(), st.ignored.end());
    st.first_line = {};
    st.table = {};
    for (auto& t : run.topics_) t.shrink_to_fit();
    run.arena_.shrink_to_fit();
    return std::shared_ptr<const Run>(st.run.release());
}

std::shared_ptr<const Run> read_run(std::shared_ptr<const Qrels> qrels, std::string name, std::string_view bytes,
                                    RunOrder order) {
    RunReader reader(std::move(qrels), std::move(name), order);
    reader.feed(bytes);
    return reader.finish();
}

}  // namespace irlens
