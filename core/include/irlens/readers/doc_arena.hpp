// Storage for many short document ids: fixed-size chunks (no doubling, no reallocation copies,
// no slack beyond the last chunk). Each id is stored as a 2-byte little-endian length and its
// bytes, and is referred to by a 32-bit offset.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

namespace irlens {

class DocArena {
public:
    static constexpr std::uint32_t kChunkBits = 22;  // 4 MiB chunks
    static constexpr std::uint32_t kChunk = 1u << kChunkBits;

    /// Stores doc (at most 65535 bytes); returns its offset. The caller checks size() first when
    /// offsets must stay below a limit.
    std::uint32_t add(std::string_view doc) {
        std::size_t need = doc.size() + 2;
        if (chunks_.empty() || used_ + need > kChunk) {
            chunks_.emplace_back(new char[kChunk]);
            used_ = 0;
        }
        char* out = chunks_.back().get() + used_;
        out[0] = static_cast<char>(doc.size() & 0xFF);
        out[1] = static_cast<char>(doc.size() >> 8);
        copy_id(out + 2, doc.data(), doc.size());
        std::uint32_t offset =
            static_cast<std::uint32_t>((chunks_.size() - 1) << kChunkBits) + static_cast<std::uint32_t>(used_);
        used_ += need;
        return offset;
    }

    std::string_view get(std::uint32_t offset) const {
        const unsigned char* p =
            reinterpret_cast<const unsigned char*>(chunks_[offset >> kChunkBits].get()) + (offset & (kChunk - 1));
        std::size_t len = p[0] | (std::size_t(p[1]) << 8);
        return std::string_view(reinterpret_cast<const char*>(p + 2), len);
    }

    /// Forgets every id (their offsets become invalid) and keeps one chunk for the next ones: the
    /// streaming reader's per-topic reset (RunReader::stream_topics).
    void reuse() {
        if (chunks_.size() > 1) chunks_.resize(1);
        used_ = 0;
    }

    /// Bytes reserved so far (offsets are below this).
    std::uint64_t size() const { return static_cast<std::uint64_t>(chunks_.size()) << kChunkBits; }

private:
    /// memcpy(out, in, n), for an id of up to 16 bytes in two fixed-size moves that overlap (no byte
    /// past in + n is read): in WASM a memcpy of a variable size is a call that copies an unaligned
    /// id byte by byte (issue 42: 7.7% of the run's reading in the page). Longer ids: memcpy.
    static void copy_id(char* out, const char* in, std::size_t n) {
        if (n > 16) {
            std::memcpy(out, in, n);
        } else if (n >= 8) {
            std::memcpy(out, in, 8);
            std::memcpy(out + n - 8, in + n - 8, 8);
        } else if (n >= 4) {
            std::memcpy(out, in, 4);
            std::memcpy(out + n - 4, in + n - 4, 4);
        } else if (n > 0) {
            out[0] = in[0];
            out[n / 2] = in[n / 2];
            out[n - 1] = in[n - 1];
        }
    }
    std::vector<std::unique_ptr<char[]>> chunks_;
    std::size_t used_ = 0;
};

}  // namespace irlens
