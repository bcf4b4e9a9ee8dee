// Document lengths, for the measures that model how long a user reads (TBG: words; U-measure:
// characters). An optional input of an evaluation (EvalOptions::doc_lengths; `irlens eval
// --doc-lengths FILE`).
//
// Format: one document a line, `doc<TAB>characters[<TAB>words]` (any run of spaces or tabs
// separates the columns), '#' comment lines and blank lines skipped, CRLF accepted. characters
// and words are non-negative integers; words may be left out on any line (U-measure does not need
// it; TBG then needs its chars_per_word parameter, or stops with an error naming the document).
// A document may be listed once; a repeat is an error naming both lines. A measure that needs the
// length of a document the file does not list stops with an InputError naming the document.
#pragma once

#include "irlens/readers/text.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace irlens {

class DocLengths {
public:
    struct Length {
        std::uint64_t characters = 0;
        std::int64_t words = -1;  // -1: not given
        std::uint64_t line = 0;   // 1-based line in the source file
    };

    const std::string& source() const { return source_; }
    std::size_t size() const { return entries_.size(); }
    /// The lengths of a document, or nullptr when the file does not list it.
    const Length* find(std::string_view doc) const;

private:
    friend class DocLengthsReader;
    struct Entry {
        std::uint64_t offset;  // of the doc id in arena_
        std::uint32_t size;
        Length length;
    };
    std::string_view doc_of(const Entry& e) const { return std::string_view(arena_).substr(e.offset, e.size); }
    /// Index of the entry for doc (or of the empty slot where it would go) in table_.
    std::size_t slot(std::string_view doc) const;
    void grow();

    std::string source_;
    std::string arena_;
    std::vector<Entry> entries_;
    std::vector<std::uint32_t> table_;  // open addressing: entry index + 1, 0 = empty; size a power of 2
};

/// Builds DocLengths from bytes fed in chunks of any size. Throws InputError (file, line,
/// problem) on the first bad line, and from finish() when the file lists no document.
class DocLengthsReader {
public:
    explicit DocLengthsReader(std::string source);
    ~DocLengthsReader();
    void feed(std::string_view chunk);
    std::shared_ptr<const DocLengths> finish();

private:
    void on_line(std::string_view line, std::uint64_t line_no);
    std::shared_ptr<DocLengths> lengths_;
    text::LineSplitter lines_;
};

/// Convenience: parse a whole buffer.
std::shared_ptr<const DocLengths> read_doc_lengths(std::string source, std::string_view bytes);

}  // namespace irlens
