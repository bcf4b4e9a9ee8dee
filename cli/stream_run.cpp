#include "stream_run.hpp"

#include "input.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/input_formats.hpp"
#include "irlens/readers/run.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace irlens::cli {

namespace {

std::uint64_t env_bytes(const char* name, std::uint64_t fallback) {
    const char* v = std::getenv(name);
    if (!v || !*v) return fallback;
    char* end;
    unsigned long long n = std::strtoull(v, &end, 10);
    if (*end) throw UsageError(std::string(name) + " must be a number of bytes, got '" + v + "'");
    return n;
}

/// Size on disk; 0 for stdin or what is not a regular file.
std::uint64_t file_size(const std::string& path) {
    struct stat st;
    if (path == "-" || stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return 0;
    return static_cast<std::uint64_t>(st.st_size);
}

bool is_gzip(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return false;
    unsigned char b[2] = {0, 0};
    bool gz = std::fread(b, 1, 2, f) == 2 && b[0] == 0x1f && b[1] == 0x8b;
    std::fclose(f);
    return gz;
}

std::uint64_t memory_limit() {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    std::uint64_t half = pages > 0 && page > 0
                             ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) / 2
                             : std::uint64_t(4) << 30;
    return env_bytes("IRLENS_MEMORY_LIMIT", half);
}

}  // namespace

bool stream_run_file(const std::string& path) {
    if (path == "-") return false;
    std::uint64_t size = file_size(path);
    return size > 0 && size >= env_bytes("IRLENS_STREAM_ABOVE", std::uint64_t(1) << 30);
}

bool trec_run_file(const std::shared_ptr<const Qrels>& qrels, const std::string& path) {
    struct Seen {};  // stops reading after the first 64 KiB
    AnyRunReader reader(qrels, path);
    try {
        std::size_t n = 0;
        read_file(path, [&](std::string_view chunk) {
            chunk = chunk.substr(0, std::min<std::size_t>(chunk.size(), (64 << 10) - n));
            reader.feed(chunk);
            n += chunk.size();
            if (n >= (64 << 10) || reader.input_format() != InputFormat::Unknown) throw Seen();
        });
    } catch (const Seen&) {
    } catch (const InputError&) {
        return false;  // the in-memory path reports it
    }
    return reader.input_format() == InputFormat::Trec;
}

bool stream_run(const std::string& path, const std::string& command, text::ByteOrderMark bom,
                const std::function<void(std::string_view)>& feed, const std::function<void()>& finish,
                const std::function<bool(double)>& progress) {
    const std::uint64_t size = file_size(path);
    const bool gz = is_gzip(path);
    std::uint64_t read = 0;
    try {
        read_file(
            path,
            [&](std::string_view chunk) {
                feed(chunk);
                read += chunk.size();
                // A gzip file's decompressed size is not known: about 4x its size, capped below 1.
                if (progress && size)
                    progress(std::min(0.99, static_cast<double>(read) / static_cast<double>(gz ? 4 * size : size)));
            },
            bom);
        finish();
    } catch (const NotGrouped& e) {
        std::uint64_t in_memory = gz ? 4 * size : size, limit = memory_limit();
        if (in_memory < limit) {
            std::fprintf(stderr,
                         "irlens %s: note: %s:%llu: topic '%s' appears again, so the run is not grouped by topic "
                         "and is read into memory instead of one topic at a time\n",
                         command.c_str(), path.c_str(), static_cast<unsigned long long>(e.line()),
                         quote_bytes(e.topic()).c_str());
            return false;
        }
        throw InputError(path, e.line(),
                         e.problem() + "; it is too large to read into memory (" + std::to_string(in_memory >> 20) +
                             " MiB, IRLENS_MEMORY_LIMIT " + std::to_string(limit >> 20) + " MiB)");
    } catch (const InputError& e) {
        throw InputError(path, e.line(), e.problem());
    }
    return true;
}

}  // namespace irlens::cli
