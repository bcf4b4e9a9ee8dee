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
#include <vector>

namespace irlens::detail {

/// Byte classes for every line scanner (the table is in readers/block.cpp): kBlank is whitespace
/// as trec_eval's isspace() sees it inside a line (space, \t, \r, \v, \f), kNewline ends the
/// line, kNul is a NUL byte, everything else (bytes >= 0x80 too) is a word byte.
enum : unsigned char { kWord = 0, kBlank = 1, kNewline = 2, kNul = 3 };
extern const unsigned char kByteClass[256];

}  // namespace irlens::detail

namespace irlens::text {

/// Whitespace inside a line: space, \t, \r, \v, \f (the newline ends the line first).
inline bool is_space(unsigned char c) { return detail::kByteClass[c] == detail::kBlank; }

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

/// The longest line any reader accepts, newline excluded. A longer line (a binary file, a file
/// without newlines such as /dev/zero, a decompression bomb) stops reading at once with an
/// InputError naming the file and the line, so that no input makes a reader hold more than this
/// beyond its valid lines. (Document ids are capped separately at 65,535 bytes.)
constexpr std::size_t kMaxLineBytes = std::size_t(1) << 20;
[[noreturn]] void throw_line_too_long(const std::string& source, std::uint64_t line_no);

/// What a reader does with a UTF-8 byte-order mark (EF BB BF) at the very start of its input:
/// Strip it (every irlens reader; otherwise it would become part of the first topic id and change
/// numbers silently), or Keep it as data (the trec_eval and ndeval drop-ins, whose reference tools
/// read it as part of the first line).
enum class ByteOrderMark { Strip, Keep };

/// Removes a UTF-8 byte-order mark from the start of a stream fed in chunks of any size (even
/// one byte at a time); passes every other byte through unchanged.
class BomFilter {
public:
    ByteOrderMark mode = ByteOrderMark::Strip;
    /// Calls sink(std::string_view) with what remains of chunk.
    template <class Sink>
    void feed(std::string_view chunk, Sink&& sink) {
        if (matched_ == 0 && mode == ByteOrderMark::Keep && !chunk.empty()) {
            found_ = chunk.substr(0, 3) == std::string_view("\xEF\xBB\xBF", 3);  // noticed, not removed
            matched_ = 3;
        }
        while (matched_ < 3 && !chunk.empty()) {
            if (static_cast<unsigned char>(chunk[0]) != kBom[matched_]) {
                flush(sink);
                break;
            }
            chunk.remove_prefix(1);
            if (++matched_ == 3) found_ = true;
        }
        if (!chunk.empty()) sink(chunk);
    }
    /// At the end of the input: gives back the start of a mark that never completed.
    template <class Sink>
    void finish(Sink&& sink) {
        if (matched_ < 3) flush(sink);
    }
    /// True when the input started with a byte-order mark (stripped or kept).
    bool found() const { return found_; }

private:
    static constexpr unsigned char kBom[3] = {0xEF, 0xBB, 0xBF};
    template <class Sink>
    void flush(Sink& sink) {
        static const char bytes[3] = {'\xEF', '\xBB', '\xBF'};
        if (matched_ > 0 && matched_ < 3) sink(std::string_view(bytes, matched_));
        matched_ = 3;
    }
    std::size_t matched_ = 0;  // bytes of the mark seen so far; 3 once decided
    bool found_ = false;
};

/// Strips a leading byte-order mark from a whole text (mode Strip); sets found when there was one.
inline std::string_view strip_bom(std::string_view text, bool& found) {
    found = text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF";
    return found ? text.substr(3) : text;
}

/// Splits a byte stream fed in arbitrary chunks into lines. Lines end at '\n'; a trailing '\r'
/// is removed (CRLF files); the last line needs no newline. Line numbers are 1-based. A leading
/// byte-order mark is stripped (see `bom`); a line longer than kMaxLineBytes is an InputError
/// naming `source`.
class LineSplitter {
public:
    explicit LineSplitter(std::string source = "input") : source_(std::move(source)) {}
    BomFilter bom;

    /// Calls on_line(std::string_view line, std::uint64_t line_no) for every complete line in
    /// `chunk` (joined with any partial line left over from the previous chunk).
    template <class OnLine>
    void feed(std::string_view chunk, OnLine&& on_line) {
        bom.feed(chunk, [&](std::string_view c) { split(c, on_line); });
    }

    /// Flushes a final line that had no newline.
    template <class OnLine>
    void finish(OnLine&& on_line) {
        bom.finish([&](std::string_view c) { split(c, on_line); });
        if (!carry_.empty()) {
            emit(std::string_view(carry_), on_line);
            carry_.clear();
        }
    }

    std::uint64_t lines_seen() const { return line_no_; }

private:
    template <class OnLine>
    void split(std::string_view chunk, OnLine& on_line) {
        // An empty chunk may be a null view: memchr(nullptr, ..., 0) is undefined behaviour
        // (found by the fuzzer's UBSan build).
        if (chunk.empty()) return;
        std::size_t start = 0;
        if (!carry_.empty()) {
            const void* nl = memchr_(chunk.data(), chunk.size());
            if (!nl) {
                if (carry_.size() + chunk.size() > kMaxLineBytes) throw_line_too_long(source_, line_no_ + 1);
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
                if (chunk.size() - start > kMaxLineBytes) throw_line_too_long(source_, line_no_ + 1);
                carry_.assign(chunk.data() + start, chunk.size() - start);
                return;
            }
            std::size_t end = static_cast<std::size_t>(static_cast<const char*>(nl) - chunk.data());
            emit(chunk.substr(start, end - start), on_line);
            start = end + 1;
        }
    }
    static const void* memchr_(const char* p, std::size_t n);
    template <class OnLine>
    void emit(std::string_view line, OnLine& on_line) {
        ++line_no_;
        if (line.size() > kMaxLineBytes) throw_line_too_long(source_, line_no_);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        on_line(line, line_no_);
    }
    std::string source_;
    std::string carry_;
    std::uint64_t line_no_ = 0;
};

/// The length of the longest prefix of `s` that is valid UTF-8 (s.size() when all of it is).
std::size_t valid_utf8_prefix(std::string_view s);

/// What a reader noticed about its input's text, for the front-ends to report (the readers never
/// print): a leading byte-order mark, and the first line holding an invalid UTF-8 byte sequence
/// (0: none), which every writer but the drop-ins' shows as U+FFFD (to_utf8).
struct TextNotes {
    bool byte_order_mark = false;
    std::uint64_t invalid_utf8_line = 0;
};
/// The warnings for `notes` of the file `file`, one line each, the same words in every front-end:
/// "FILE starts with a UTF-8 byte-order mark; it was ignored" and "FILE:LINE: invalid UTF-8 (the
/// file's first such line); outputs show U+FFFD for each invalid byte sequence".
std::string byte_order_mark_warning(const std::string& file);
std::string invalid_utf8_warning(const std::string& file, std::uint64_t line);
std::vector<std::string> warnings(const TextNotes& notes, const std::string& file);

/// `s` as valid UTF-8 for a writer (JSON, CSV, TSV, LaTeX, the JS API's strings): every maximal
/// subpart of an ill-formed sequence becomes U+FFFD (Unicode 15.0, Sec. 3.9 "U+FFFD Substitution
/// of Maximal Subparts", as the WHATWG decoder and JS's TextDecoder do: "a\xC3(" -> "a\uFFFD(",
/// "\xF0\x9F\x98" -> one U+FFFD, "\xFF\xFE" -> two). Valid input is returned unchanged. The
/// drop-ins (trec_eval, ndeval) never call it: they print the reference tool's bytes.
std::string to_utf8(std::string_view s);

/// A text cell of a CSV file (run names, tags, topic and doc ids, measure names): to_utf8, then a
/// leading ' when the text starts with =, +, -, @, TAB or CR (a spreadsheet would run it as a
/// formula: OWASP's "CSV Injection" advice), also after 's of its own ("'=x" -> "''=x"), then
/// RFC 4180 quotes when it holds a comma, a quote or a line break. Numbers are never text cells:
/// "-0.5" stays a number. Its inverse (the --scores reader, frontends/score_files.cpp): one ' off
/// a cell made of 's then one of those characters.
std::string csv_text(std::string_view s);

/// Text for a LaTeX table in which every printable ASCII character and every letter prints as
/// itself (pdflatex with its default OT1 encoding, the glyphs below OT1's whatever the document's;
/// the page's texEscape is its twin, tests/cli/latex.sh compiles both): to_utf8, then \ as \textbackslash{}; & % $ # {
/// } with a backslash; " ' ` < > | _ ^ ~ as typewriter glyphs of the OT1 encoding
/// ({\fontencoding{OT1}\ttfamily\char34}: their roman glyphs are curly quotes, inverted ! and ?, a dash, or drawn); the
/// ligatures of -- and ,, broken with {}. Non-ASCII text is left to the document's input encoding (UTF-8 by default).
std::string latex_text(std::string_view s);

/// True when the line holds only whitespace or starts (after whitespace) with '#'.
bool is_blank_or_comment(std::string_view line);

/// The order of ndeval's topic and subtopic ids: ids made of decimal digits first, by numeric
/// value (leading zeros ignored), then every other id in byte order.
bool numeric_id_before(std::string_view a, std::string_view b);

}  // namespace irlens::text
