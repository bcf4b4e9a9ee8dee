#include "irlens/readers/doc_lengths.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/qrels.hpp"

#include <cstring>
#include <limits>

namespace irlens {

std::size_t DocLengths::slot(std::string_view doc) const {
    std::size_t mask = table_.size() - 1;
    for (std::size_t i = hash_doc(0, doc) & mask;; i = (i + 1) & mask)
        if (table_[i] == 0 || doc_of(entries_[table_[i] - 1]) == doc) return i;
}

const DocLengths::Length* DocLengths::find(std::string_view doc) const {
    if (table_.empty()) return nullptr;
    std::uint32_t e = table_[slot(doc)];
    return e ? &entries_[e - 1].length : nullptr;
}

void DocLengths::grow() {
    std::vector<std::uint32_t> old(table_.size() < 16 ? 16 : table_.size() * 2, 0);
    table_.swap(old);
    for (std::uint32_t e = 0; e < entries_.size(); ++e) table_[slot(doc_of(entries_[e]))] = e + 1;
}

DocLengthsReader::DocLengthsReader(std::string source) : lengths_(std::make_shared<DocLengths>()), lines_(source) {
    lengths_->source_ = std::move(source);
}

DocLengthsReader::~DocLengthsReader() = default;

void DocLengthsReader::feed(std::string_view chunk) {
    lines_.feed(chunk, [this](std::string_view line, std::uint64_t no) { on_line(line, no); });
}

namespace {

bool parse_count(std::string_view s, std::uint64_t& out) {
    long v;
    if (!text::parse_long(s, v) || v < 0) return false;
    out = static_cast<std::uint64_t>(v);
    return true;
}

}  // namespace

void DocLengthsReader::on_line(std::string_view line, std::uint64_t line_no) {
    DocLengths& d = *lengths_;
    if (text::is_blank_or_comment(line)) return;
    if (std::memchr(line.data(), '\0', line.size()))
        throw InputError(d.source_, line_no, "NUL byte in line (binary file?)");
    std::string_view f[3];
    std::size_t n = text::split_fields(line, f, 3);
    if (n < 2 || n > 3)
        throw InputError(d.source_, line_no,
                         "expected 2 or 3 columns (doc characters [words]), found " +
                             (n > 3 ? std::string("more") : std::to_string(n)));
    DocLengths::Length length;
    length.line = line_no;
    if (!parse_count(f[1], length.characters))
        throw InputError(d.source_, line_no, "characters '" + quote_bytes(f[1]) + "' is not a non-negative integer");
    if (n == 3) {
        std::uint64_t words;
        if (!parse_count(f[2], words))
            throw InputError(d.source_, line_no, "words '" + quote_bytes(f[2]) + "' is not a non-negative integer");
        length.words = static_cast<std::int64_t>(words);
    }
    if (f[0].size() > std::numeric_limits<std::uint32_t>::max() ||
        d.entries_.size() >= std::numeric_limits<std::uint32_t>::max() - 1)
        throw InputError(d.source_, line_no, "file too large");
    if (2 * (d.entries_.size() + 1) > d.table_.size()) d.grow();
    std::size_t s = d.slot(f[0]);
    if (d.table_[s])
        throw InputError(d.source_, line_no,
                         "duplicate document '" + quote_bytes(f[0]) + "' (first at line " +
                             std::to_string(d.entries_[d.table_[s] - 1].length.line) + ")");
    d.entries_.push_back({d.arena_.size(), static_cast<std::uint32_t>(f[0].size()), length});
    d.arena_.append(f[0].data(), f[0].size());
    d.table_[s] = static_cast<std::uint32_t>(d.entries_.size());
}

std::shared_ptr<const DocLengths> DocLengthsReader::finish() {
    lines_.finish([this](std::string_view line, std::uint64_t no) { on_line(line, no); });
    if (lengths_->entries_.empty()) throw InputError(lengths_->source_, 0, "no document lengths found (empty file?)");
    return lengths_;
}

std::shared_ptr<const DocLengths> read_doc_lengths(std::string source, std::string_view bytes) {
    DocLengthsReader reader(std::move(source));
    reader.feed(bytes);
    return reader.finish();
}

}  // namespace irlens
