// Internal: the fast path of the qrels and run readers.
//
// Input arrives in chunks of any size. BlockBuffer gathers them into blocks of complete lines
// (every block ends with '\n'; a final line without one gets it added), so that line scanners can
// use the newline as a sentinel and never test for the end of the buffer inside a line. A large
// block is split at a newline and its halves are scanned on two threads (natively; WASM is single
// threaded); the records are then absorbed in file order on the calling thread. The scanners count
// the lines they cross, so nothing else has to.
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

#if IRLENS_THREADS
#include <thread>
#endif

namespace irlens::detail {

/// Byte classes for the line scanners.
enum : unsigned char { kWord = 0, kBlank = 1, kNewline = 2, kNul = 3 };
extern const unsigned char kByteClass[256];

/// Advances p over non-blank bytes; stops at a blank, the newline or a NUL. A block always ends
/// with '\n' followed by kPadding readable bytes, so no bounds check is needed: 8 bytes at a time
/// while none of them is below 0x21 (bytes >= 0x80 are word bytes), then byte by byte.
constexpr std::size_t kPadding = 8;
inline const char* skip_word(const char* p) {
    for (;;) {
        std::uint64_t w;
        std::memcpy(&w, p, 8);
        // High bit of each byte set iff the byte is >= 0x21 or >= 0x80 (exact per byte: no carries).
        std::uint64_t word_bytes = (((w & 0x7F7F7F7F7F7F7F7Full) + 0x5F5F5F5F5F5F5F5Full) | w) & 0x8080808080808080ull;
        if (word_bytes != 0x8080808080808080ull) break;
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

class BlockBuffer {
public:
    static constexpr std::size_t kBlockBytes = 4u << 20;

    /// Calls on_block(std::string_view block, std::uint64_t first_line_no) for every complete
    /// block; on_block returns the number of lines the block held.
    template <class OnBlock>
    void feed(std::string_view chunk, OnBlock&& on_block) {
        pending_.append(chunk.data(), chunk.size());
        if (pending_.size() < kBlockBytes) return;
        std::size_t last = pending_.rfind('\n');
        if (last == std::string::npos) return;  // one enormous line so far: keep gathering
        emit(last + 1, on_block);
    }

    template <class OnBlock>
    void finish(OnBlock&& on_block) {
        if (!pending_.empty() && pending_.back() != '\n') pending_.push_back('\n');
        if (!pending_.empty()) emit(pending_.size(), on_block);
    }

private:
    /// Hands the first len bytes (complete lines) to on_block in place, then drops them.
    template <class OnBlock>
    void emit(std::size_t len, OnBlock& on_block) {
        // The scanners read up to kPadding bytes past a block's last newline.
        std::size_t used = pending_.size();
        pending_.append(kPadding, '\0');
        next_line_ += on_block(std::string_view(pending_.data(), len), next_line_);
        pending_.resize(used);
        pending_.erase(0, len);
    }
    std::string pending_;
    std::uint64_t next_line_ = 1;
};

/// A scanner's output for part of a block.
template <class R>
struct Scanned {
    std::vector<R> records;
    std::uint64_t lines = 0;  // lines in the part (blank and comment lines included)
};

/// Scans a block with scan(std::string_view part, std::uint64_t first_line, Scanned<R>& out), on
/// two threads when it is large (the second half numbers its lines from 1; its records and any
/// InputError are moved to their real line numbers afterwards). Returns the parts in file order.
/// An error in the first half wins over one in the second (it is earlier in the file).
template <class R, class Scan, class Relabel>
std::vector<Scanned<R>> scan_block(std::string_view block, std::uint64_t first_line, Scan&& scan, Relabel&& relabel) {
    std::vector<Scanned<R>> parts(1);
#if IRLENS_THREADS
    if (block.size() >= (1u << 20)) {
        std::size_t mid = block.find('\n', block.size() / 2);
        if (mid != std::string_view::npos && mid + 1 < block.size()) {
            parts.resize(2);
            std::exception_ptr error_b;
            std::thread worker([&] {
                try {
                    scan(block.substr(mid + 1), 1, parts[1]);
                } catch (...) {
                    error_b = std::current_exception();
                }
            });
            std::exception_ptr error_a;
            try {
                scan(block.substr(0, mid + 1), first_line, parts[0]);
            } catch (...) {
                error_a = std::current_exception();
            }
            worker.join();
            if (error_a) std::rethrow_exception(error_a);
            std::uint64_t offset = first_line - 1 + parts[0].lines;
            if (error_b) {
                try {
                    std::rethrow_exception(error_b);
                } catch (const InputError& e) {
                    throw InputError(e.file(), e.line() ? e.line() + offset : 0, e.problem());
                }
            }
            for (R& r : parts[1].records) relabel(r, offset);
            return parts;
        }
    }
#endif
    scan(block, first_line, parts[0]);
    return parts;
}

}  // namespace irlens::detail
