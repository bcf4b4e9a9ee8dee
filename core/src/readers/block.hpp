// Internal: the fast path of the qrels and run readers.
//
// Input arrives in chunks of any size. BlockBuffer gathers them into blocks of complete lines
// (every block ends with '\n'; a final line without one gets it added), so that line scanners can
// use the newline as a sentinel and never test for the end of the buffer inside a line. A large
// block is split at a newline and its halves are scanned on two threads (natively; WASM is single
// threaded); the records are then absorbed in file order on the calling thread. The scanners count
// the lines they cross, so nothing else has to. No line may be longer than text::kMaxLineBytes:
// BlockBuffer stops as soon as the line it carries grows past it (so that input without newlines
// cannot grow memory), and the scanners check every line of a block (check_line_length).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "irlens/error.hpp"
#include "irlens/readers/text.hpp"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

#if IRLENS_THREADS
#include <condition_variable>
#include <mutex>
#include <thread>
#endif

namespace irlens::detail {

/// Advances p over non-blank bytes; stops at a blank, the newline or a NUL. A block always ends
/// with '\n' followed by kPadding readable bytes, so no bounds check is needed: 8 bytes at a time
/// up to the first byte below 0x21 (bytes >= 0x80 are word bytes), found by counting trailing
/// zeros, not byte by byte; from there byte by byte, since a control byte (0x01-0x08, 0x0E-0x1F)
/// is a word byte too (issue 42: `irlens eval` ran 6.8% fewer instructions than with a byte-by-byte
/// tail after the last whole 8 bytes, bench/README.md). split_words' path past its 64-byte window.
///
/// kPadding is 64 so that split_words can classify the 64 bytes from any word of a line at once
/// (low_bytes): from a byte before a block's last newline, 64 bytes are readable.
constexpr std::size_t kPadding = 64;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
constexpr bool kLittleEndian = true;
#else
constexpr bool kLittleEndian = false;
#endif
inline const char* skip_word(const char* p) {
    for (;;) {
        std::uint64_t w;
        std::memcpy(&w, p, 8);
        // High bit of each byte set iff the byte is >= 0x21 or >= 0x80 (exact per byte: no carries).
        std::uint64_t word_bytes = (((w & 0x7F7F7F7F7F7F7F7Full) + 0x5F5F5F5F5F5F5F5Full) | w) & 0x8080808080808080ull;
        std::uint64_t below = ~word_bytes & 0x8080808080808080ull;  // high bit: the byte is below 0x21
        if (below) {
            // The lowest set bit is the first such byte in memory order on a little-endian machine
            // (x86, ARM, WASM); elsewhere, the byte-by-byte loop below from here is still exact.
            p += kLittleEndian ? static_cast<std::size_t>(__builtin_ctzll(below)) >> 3 : 0;
            break;
        }
        p += 8;
    }
    while (kByteClass[static_cast<unsigned char>(*p)] == kWord) ++p;
    return p;
}
inline const char* skip_blanks(const char* p) {
    while (kByteClass[static_cast<unsigned char>(*p)] == kBlank) ++p;
    return p;
}
/// Moves past the end of the current line (p must be inside a block).
inline const char* next_line(const char* p) {
    return static_cast<const char*>(std::memchr(p, '\n', SIZE_MAX >> 1)) + 1;
}

/// The bytes below 0x21 among the 64 from p, one bit per byte (bit i: p[i] < 0x21): every byte
/// that can end a word (a blank, the newline, a NUL), and the rare control bytes that do not.
/// With WASM SIMD (the page) or SSE2 (x86-64) one compare per 16 bytes; the portable loop (the
/// reference the unit test compares them with: tests/unit-block.cpp) elsewhere.
inline std::uint64_t low_bytes_portable(const char* p) {
    std::uint64_t m = 0;
    for (unsigned i = 0; i < 64; ++i) m |= std::uint64_t(static_cast<unsigned char>(p[i]) < 0x21) << i;
    return m;
}
#if defined(__wasm_simd128__)
inline std::uint64_t low_bytes(const char* p) {
    std::uint64_t m = 0;
    for (unsigned k = 0; k < 64; k += 16) {
        const v128_t v = wasm_v128_load(p + k);
        m |= std::uint64_t(static_cast<std::uint32_t>(wasm_i8x16_bitmask(wasm_u8x16_le(v, wasm_u8x16_splat(0x20)))))
             << k;
    }
    return m;
}
#elif defined(__SSE2__)
inline std::uint64_t low_bytes(const char* p) {
    std::uint64_t m = 0;
    for (unsigned k = 0; k < 64; k += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + k));
        const __m128i low = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x20)), v);
        m |= std::uint64_t(static_cast<unsigned>(_mm_movemask_epi8(low))) << k;
    }
    return m;
}
#else
inline std::uint64_t low_bytes(const char* p) { return low_bytes_portable(p); }
#endif

/// a == b for two words of a block (64 readable bytes from each: kPadding), without a call into
/// memcmp (in WASM a byte-by-byte loop): up to 16 bytes as two 8-byte loads each, the bytes past
/// the words shifted out.
inline bool same_word(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    const std::size_t n = a.size();
    if (!kLittleEndian || n > 16 || n == 0) return a == b;
    std::uint64_t a0, a1, b0, b1;
    std::memcpy(&a0, a.data(), 8);
    std::memcpy(&b0, b.data(), 8);
    if (n <= 8) return ((a0 ^ b0) << (64 - 8 * n)) == 0;
    std::memcpy(&a1, a.data() + 8, 8);
    std::memcpy(&b1, b.data() + 8, 8);
    return a0 == b0 && ((a1 ^ b1) << (128 - 8 * n)) == 0;
}

/// For 8 bytes x and y loaded from memory, not equal: whether x's come first in byte order, i.e.
/// the first byte (in memory) where they differ is lower in x. On a little-endian machine that
/// byte is the lowest set bit of x ^ y's (no byte swap: WebAssembly has none).
inline bool word_before(std::uint64_t x, std::uint64_t y) {
    if (!kLittleEndian) return x < y;
    const int shift = __builtin_ctzll(x ^ y) & ~7;
    return ((x >> shift) & 0xFF) < ((y >> shift) & 0xFF);
}

/// The sign of a.compare(b) (byte order; a proper prefix first) for two words of a block (64
/// readable bytes from each: kPadding), 8 bytes at a time without a call into memcmp: the first
/// differing byte decides (word_before).
inline int compare_words(std::string_view a, std::string_view b) {
    const std::size_t n = std::min(a.size(), b.size());
    if (!kLittleEndian) {
        const int c = a.compare(b);
        return (c > 0) - (c < 0);
    }
    for (std::size_t i = 0; i < n; i += 8) {
        std::uint64_t x, y;
        std::memcpy(&x, a.data() + i, 8);
        std::memcpy(&y, b.data() + i, 8);
        std::uint64_t d = x ^ y;
        if (n - i < 8) d &= ~std::uint64_t(0) >> (8 * (8 - (n - i)));  // the bytes past n do not count
        if (d) return word_before(x, y) ? -1 : 1;                      // a differing byte before n is x ^ y's lowest
    }
    return (a.size() > b.size()) - (a.size() < b.size());
}

/// a == b for two ids of n bytes each, 8 bytes at a time (the last 8 overlapping the ones before),
/// without a call into memcmp (in WASM, a byte-by-byte loop). Reads no byte before or past either
/// id (a qrels id may end its arena's chunk).
inline bool same_id(const char* a, const char* b, std::size_t n) {
    std::uint64_t x, y;
    if (n >= 8) {
        for (std::size_t i = 0; i + 8 < n; i += 8) {
            std::memcpy(&x, a + i, 8);
            std::memcpy(&y, b + i, 8);
            if (x != y) return false;
        }
        std::memcpy(&x, a + n - 8, 8);
        std::memcpy(&y, b + n - 8, 8);
        return x == y;
    }
    if (n >= 4) {
        std::uint32_t u, v, w, z;
        std::memcpy(&u, a, 4);
        std::memcpy(&v, b, 4);
        std::memcpy(&w, a + n - 4, 4);
        std::memcpy(&z, b + n - 4, 4);
        return u == v && w == z;
    }
    return n == 0 || (a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1]);  // n <= 3: every byte
}

/// split_words' byte-wise path, from q (a word's first byte, or a NUL) with n words taken: the
/// words of a line that goes on past the 64-byte window, and the reference split_words is tested
/// against (split_words_bytewise(s, s, f, 0, ...) is split_words).
inline int split_words_bytewise(const char*& s, const char* q, std::string_view* f, int n, int max,
                                const std::string& src, std::uint64_t line_no) {
    for (;;) {
        const char* e = skip_word(q);
        if (kByteClass[static_cast<unsigned char>(*e)] == kNul)
            throw InputError(src, line_no, "NUL byte in line (binary file?)");
        f[n++] = std::string_view(q, static_cast<std::size_t>(e - q));
        q = skip_blanks(e);
        if (*q == '\n' || n == max) {
            s = q;
            return n;
        }
    }
}

/// Splits a content line into words: takes up to `max` words from s (at the line's first word)
/// into f, returns how many, and leaves s past the last word taken and its blanks (at '\n' when
/// the line has no further word). A word ended by a NUL byte is an InputError.
///
/// The usual line, words of bytes >= 0x21 one blank apart within 64 bytes of s, is split with
/// one low_bytes mask (a word ends at its first low byte, whose class tells a blank from the
/// newline or a NUL), without a pass per byte. Anything else from where it starts (a control byte
/// in a word, several blanks, a line past the window) is split byte-wise (split_words_bytewise),
/// with the same results.
inline int split_words(const char*& s, std::string_view* f, int max, const std::string& src, std::uint64_t line_no) {
    int n = 0;
    const std::uint64_t low = low_bytes(s);
    unsigned pos = 0;  // a word's first byte (>= 0x21), within the window
    for (;;) {
        const std::uint64_t ends = low >> pos;
        if (!ends) break;  // the word goes on past the window
        const unsigned e = pos + static_cast<unsigned>(__builtin_ctzll(ends));
        const unsigned char c = kByteClass[static_cast<unsigned char>(s[e])];
        if (c == kWord) break;  // a control byte inside the word
        if (c == kNul) throw InputError(src, line_no, "NUL byte in line (binary file?)");
        f[n++] = std::string_view(s + pos, e - pos);
        if (c == kNewline || n == max) {
            s = c == kNewline ? s + e : skip_blanks(s + e);
            return n;
        }
        // A blank at e: the usual next word starts at e + 1 (a byte >= 0x21); else byte-wise.
        if (e == 63 || (low >> (e + 1)) & 1) {
            const char* q = skip_blanks(s + e);
            if (*q == '\n') {
                s = q;
                return n;
            }
            return split_words_bytewise(s, q, f, n, max, src, line_no);
        }
        pos = e + 1;
    }
    return split_words_bytewise(s, s + pos, f, n, max, src, line_no);
}

/// Throws when the line from `begin` to `next` (the start of the following line) is longer than
/// text::kMaxLineBytes, its newline excluded.
inline void check_line_length(const char* begin, const char* next, const std::string& src, std::uint64_t line_no) {
    if (static_cast<std::size_t>(next - begin) > text::kMaxLineBytes + 1) text::throw_line_too_long(src, line_no);
}

class BlockBuffer {
public:
    static constexpr std::size_t kBlockBytes = 4u << 20;

    /// Names the input in errors.
    std::string source = "input";
    /// Strips (or, set to Keep, only notices) a leading UTF-8 byte-order mark.
    text::BomFilter bom;

    /// Calls on_block(std::string_view block, std::uint64_t first_line_no) for every complete
    /// block; on_block returns the number of lines the block held. A chunk is scanned in place up
    /// to its last newline that has kPadding bytes after it; only the rest is copied (to be joined
    /// with the next chunk), and small chunks are gathered into blocks of about kBlockBytes.
    template <class OnBlock>
    void feed(std::string_view chunk, OnBlock&& on_block) {
        bom.feed(chunk, [&](std::string_view c) { feed_bytes(c, on_block); });
    }

    template <class OnBlock>
    void finish(OnBlock&& on_block) {
        bom.finish([&](std::string_view c) { feed_bytes(c, on_block); });
        if (!pending_.empty() && pending_.back() != '\n') pending_.push_back('\n');
        if (!pending_.empty()) emit(pending_.size(), on_block);
    }

    /// The byte-order mark, and the first line with an invalid UTF-8 sequence of the blocks handed
    /// on so far (a block is checked until one is found: one fast pass over a valid file).
    text::TextNotes notes() const { return {bom.found(), invalid_utf8_line_}; }

private:
    /// on_block(block, first_line_no), after noting the block's first invalid UTF-8 line. Blocks
    /// hold complete lines, and a UTF-8 sequence never holds a newline byte, so counting the
    /// newlines before the first invalid byte gives its line.
    template <class OnBlock>
    std::uint64_t deliver(std::string_view block, OnBlock& on_block) {
        if (!invalid_utf8_line_) {
            std::size_t valid = text::valid_utf8_prefix(block);
            if (valid < block.size())
                invalid_utf8_line_ =
                    next_line_ + static_cast<std::uint64_t>(std::count(block.begin(), block.begin() + valid, '\n'));
        }
        return on_block(block, next_line_);
    }

    template <class OnBlock>
    void feed_bytes(std::string_view chunk, OnBlock& on_block) {
        if (chunk.empty()) return;
        if (!pending_.empty() && chunk.size() >= kBlockBytes) {
            // A large chunk: first complete the carried partial line with the chunk's first line.
            std::size_t nl = chunk.find('\n');
            if (nl == std::string_view::npos) {
                append(chunk);
                return;
            }
            append(chunk.substr(0, nl + 1));
            emit(pending_.size(), on_block);
            chunk.remove_prefix(nl + 1);
        }
        if (chunk.size() < kBlockBytes || !pending_.empty()) {
            // Small chunks are gathered until a block's worth of complete lines is there.
            append(chunk);
            if (pending_.size() >= kBlockBytes) {
                std::size_t last = pending_.rfind('\n');
                if (last != std::string::npos) emit(last + 1, on_block);
            }
            return;
        }
        // In place: up to the last newline followed by at least kPadding bytes of the chunk.
        std::size_t last = chunk.rfind('\n', chunk.size() - kPadding - 1);
        if (last == std::string_view::npos) {
            append(chunk);
            return;
        }
        next_line_ += deliver(chunk.substr(0, last + 1), on_block);
        append(chunk.substr(last + 1));
    }

    /// Appends to pending_; throws as soon as its last (unfinished) line is too long.
    void append(std::string_view bytes) {
        pending_.append(bytes.data(), bytes.size());
        std::size_t nl = bytes.rfind('\n');
        tail_ = nl == std::string_view::npos ? tail_ + bytes.size() : bytes.size() - nl - 1;
        if (tail_ > text::kMaxLineBytes)
            text::throw_line_too_long(source, next_line_ + static_cast<std::uint64_t>(std::count(
                                                               pending_.begin(), pending_.end() - tail_, '\n')));
    }

    /// Hands the first len bytes of pending_ (complete lines) to on_block, then drops them.
    template <class OnBlock>
    void emit(std::size_t len, OnBlock& on_block) {
        // The scanners read up to kPadding bytes past a block's last newline.
        std::size_t used = pending_.size();
        pending_.append(kPadding, '\0');
        next_line_ += deliver(std::string_view(pending_.data(), len), on_block);
        pending_.resize(used);
        pending_.erase(0, len);
    }
    std::string pending_;
    std::size_t tail_ = 0;  // bytes after the last newline of pending_
    std::uint64_t next_line_ = 1;
    std::uint64_t invalid_utf8_line_ = 0;
};

/// A scanner's output for one block.
template <class R>
struct Scanned {
    std::vector<R> records;
    std::uint64_t lines = 0;  // lines in the block (blank and comment lines included)
};

/// feed_columns: points `slot` at `rows` while absorb() runs (the reader's absorb takes the rows
/// in `slot` instead of scanning text), and clears it however absorb() leaves.
template <class R, class Absorb>
void absorb_rows(const Scanned<R>*& slot, const Scanned<R>& rows, Absorb&& absorb) {
    struct Clear {
        const Scanned<R>*& slot;
        ~Clear() { slot = nullptr; }
    } clear{slot};
    slot = &rows;
    absorb();
}

/// Blocks of about this size are the unit of scanning (natively, on two threads).
constexpr std::size_t kScanBytes = 2u << 20;

/// A scanner's exception with the line of an InputError (local to its block) moved by `offset`,
/// the number of lines before the block; other exceptions as they are.
inline std::exception_ptr in_file_lines(std::exception_ptr scan_error, std::uint64_t offset) {
    try {
        std::rethrow_exception(scan_error);
    } catch (const InputError& e) {
        return std::make_exception_ptr(InputError(e.file(), e.line() ? e.line() + offset : 0, e.problem()));
    } catch (...) {
        return scan_error;
    }
}

/// Reads `text` (complete lines; kPadding readable bytes follow it) whose first line is
/// `first_line`, and returns its number of lines. The text is cut at newlines into blocks of about
/// kScanBytes; each is scanned by scan(std::string_view block, Scanned<R>& out), which numbers the
/// block's lines from 1 and fills `out` (cleared first), and then handed to
/// absorb(const Scanned<R>& block, std::uint64_t offset), where offset is the number of lines
/// before the block, so that a record's line in the file is its block line + offset.
///
/// Blocks are absorbed strictly in file order, each exactly once; natively two threads scan
/// (and absorb in turn), so that scanning block k + 1 overlaps absorbing block k. An error is
/// raised as the file reading order would raise it: an InputError of a block (its line moved to
/// the file's numbering) wins over anything in later blocks. `buffers` holds the record storage,
/// kept by the caller from call to call so that it is reused.
template <class R, class Scan, class Absorb>
std::uint64_t scan_and_absorb(std::string_view text, std::uint64_t first_line, std::vector<Scanned<R>>& buffers,
                              Scan&& scan, Absorb&& absorb) {
    // Block boundaries: after the first newline at or past each multiple of the block size.
    std::size_t blocks = text.size() / kScanBytes + 1;
    auto bound = [&](std::size_t k) -> std::size_t {
        if (k == 0) return 0;
        if (k >= blocks) return text.size();
        std::size_t nl = text.find('\n', k * (text.size() / blocks));
        return nl == std::string_view::npos ? text.size() : nl + 1;
    };
    auto block = [&](std::size_t k) {
        std::size_t b = bound(k), e = std::max(b, bound(k + 1));
        return text.substr(b, e - b);
    };
    if (buffers.size() < 2) buffers.resize(2);
    std::uint64_t offset = first_line - 1;
    auto scan_into = [&](std::size_t k, Scanned<R>& out) {
        out.records.clear();
        out.lines = 0;
        scan(block(k), out);
    };
    auto absorb_next = [&](Scanned<R>& part) {
        absorb(static_cast<const Scanned<R>&>(part), offset);
        offset += part.lines;
    };
#if IRLENS_THREADS
    if (blocks >= 2) {
        // Two workers (this thread and one more) take blocks in turn: scan, wait until the previous
        // block is absorbed, absorb, take the next. `turn` is the block to absorb next.
        std::mutex mutex;
        std::condition_variable turn_changed;
        std::size_t next = 0, turn = 0;
        std::exception_ptr error;  // the first failure in file order; stops both workers
        auto work = [&](Scanned<R>& buffer) {
            for (;;) {
                std::size_t k;
                {
                    std::lock_guard<std::mutex> lock(mutex);
                    if (error || next == blocks) return;
                    k = next++;
                }
                std::exception_ptr failed;
                try {
                    scan_into(k, buffer);
                } catch (...) {
                    failed = std::current_exception();
                }
                {
                    std::unique_lock<std::mutex> lock(mutex);
                    turn_changed.wait(lock, [&] { return turn == k || error; });
                    if (error) return;
                }
                // Our turn (the blocks before k are absorbed and `offset` counts their lines);
                // the other worker only touches `offset` in its own turn.
                if (failed) {
                    failed = in_file_lines(failed, offset);
                } else {
                    try {
                        absorb_next(buffer);
                    } catch (...) {
                        failed = std::current_exception();
                    }
                }
                std::lock_guard<std::mutex> lock(mutex);
                error = failed;
                ++turn;
                turn_changed.notify_all();
            }
        };
        std::thread helper([&] { work(buffers[1]); });
        work(buffers[0]);
        helper.join();
        if (error) std::rethrow_exception(error);
        return offset - (first_line - 1);
    }
#endif
    for (std::size_t k = 0; k < blocks; ++k) {
        try {
            scan_into(k, buffers[0]);
        } catch (...) {
            std::rethrow_exception(in_file_lines(std::current_exception(), offset));
        }
        absorb_next(buffers[0]);
    }
    return offset - (first_line - 1);
}

}  // namespace irlens::detail
