// Byte-level text primitives shared by every parser: a streaming line splitter that never reads
// past the bytes it was given, field splitting on ASCII whitespace, and strict number parsing.
//
// Contract: all functions take (pointer, length) views; none requires NUL termination, none
// allocates per call except LineSplitter's carry-over of a line cut by a chunk boundary.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace irlens::text {

/// Whitespace as trec_eval's isspace() sees it inside a line (the newline ends the line first):
/// space, \t, \r, \v, \f.
extern const bool kSpace[256];
inline bool is_space(unsigned char c) { return kSpace[c]; }

/// Splits a line into at most max_fields fields separated by runs of whitespace. Returns the
/// number of fields found; if the line has more than max_fields fields, returns max_fields + 1
/// (the extra fields are not stored).
std::size_t split_fields(std::string_view line, std::string_view* fields, std::size_t max_fields);

/// Parses a decimal floating-point number occupying all of `s` ("12", "-0.5", "1e-3", "inf").
/// The result is correctly rounded (equal to strtod's). Returns false for anything else,
/// including NaN, hexadecimal floats and trailing garbage.
bool parse_double(std::string_view s, double& out);

/// Parses an optionally signed decimal integer occupying all of `s`; false on overflow or garbage.
bool parse_long(std::string_view s, long& out);

/// Splits a byte stream fed in arbitrary chunks into lines. Lines end at '\n'; a trailing '\r'
/// is removed (CRLF files); the last line needs no newline. Line numbers are 1-based.
class LineSplitter {
public:
    /// Calls on_line(std::string_view line, std::uint64_t line_no) for every complete line in
    /// `chunk` (joined with any partial line left over from the previous chunk).
    template <class OnLine>
    void feed(std::string_view chunk, OnLine&& on_line) {
        // An empty chunk may be a null view: memchr(nullptr, ..., 0) is undefined behaviour
        // (found by the fuzzer's UBSan build).
        if (chunk.empty()) return;
        std::size_t start = 0;
        if (!carry_.empty()) {
            const void* nl = memchr_(chunk.data(), chunk.size());
            if (!nl) {
                carry_.append(chunk.data(), chunk.size());
                return;
            }
            std::size_t end = static_cast<std::size_t>(static_cast<const char*>(nl) - chunk.data());
            carry_.append(chunk.data(), end);
            emit(std::string_view(carry_), on_line);
            carry_.clear();
            start = end + 1;
        }
        while (start < chunk.size()) {
            const void* nl = memchr_(chunk.data() + start, chunk.size() - start);
            if (!nl) {
                carry_.assign(chunk.data() + start, chunk.size() - start);
                return;
            }
            std::size_t end = static_cast<std::size_t>(static_cast<const char*>(nl) - chunk.data());
            emit(chunk.substr(start, end - start), on_line);
            start = end + 1;
        }
    }

    /// Flushes a final line that had no newline.
    template <class OnLine>
    void finish(OnLine&& on_line) {
        if (!carry_.empty()) {
            emit(std::string_view(carry_), on_line);
            carry_.clear();
        }
    }

    std::uint64_t lines_seen() const { return line_no_; }

private:
    static const void* memchr_(const char* p, std::size_t n);
    template <class OnLine>
    void emit(std::string_view line, OnLine& on_line) {
        ++line_no_;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        on_line(line, line_no_);
    }
    std::string carry_;
    std::uint64_t line_no_ = 0;
};

/// The length of the longest prefix of `s` that is valid UTF-8 (s.size() when all of it is).
std::size_t valid_utf8_prefix(std::string_view s);

/// `s` as valid UTF-8 for a writer (JSON, CSV, TSV, LaTeX, the JS API's strings): every maximal
/// subpart of an ill-formed sequence becomes U+FFFD (Unicode 15.0, Sec. 3.9 "U+FFFD Substitution
/// of Maximal Subparts", as the WHATWG decoder and JS's TextDecoder do: "a\xC3(" -> "a\uFFFD(",
/// "\xF0\x9F\x98" -> one U+FFFD, "\xFF\xFE" -> two). Valid input is returned unchanged. The
/// drop-ins (trec_eval, ndeval) never call it: they print the reference tool's bytes.
std::string to_utf8(std::string_view s);

/// A text cell of a CSV file (run names, tags, topic and doc ids, measure names): to_utf8, then a
/// leading ' when the text starts with =, +, -, @, TAB or CR (a spreadsheet would run it as a
/// formula: OWASP's "CSV Injection" advice), then RFC 4180 quotes when it holds a comma, a quote
/// or a line break. Numbers are never text cells: "-0.5" stays a number.
std::string csv_text(std::string_view s);

/// Text for a LaTeX table: to_utf8, then \ ~ ^ as \textbackslash{} \textasciitilde{}
/// \textasciicircum{}, and & % $ # _ { } with a backslash.
std::string latex_text(std::string_view s);

/// True when the line holds only whitespace or starts (after whitespace) with '#'.
bool is_blank_or_comment(std::string_view line);

/// The order of ndeval's topic and subtopic ids: ids made of decimal digits first, by numeric
/// value (leading zeros ignored), then every other id in byte order.
bool numeric_id_before(std::string_view a, std::string_view b);

}  // namespace irlens::text
