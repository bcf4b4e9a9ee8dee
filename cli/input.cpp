#include "input.hpp"

#include "evaluation_input.hpp"

#include "irlens/error.hpp"

#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <vector>

namespace irlens::cli {

namespace {

class File {
public:
    explicit File(const std::string& path) : path_(path) {
        if (path == "-") {
            f_ = stdin;
        } else {
            f_ = std::fopen(path.c_str(), "rb");
            if (!f_) throw InputError(path, 0, std::string("cannot open: ") + std::strerror(errno));
        }
    }
    ~File() {
        if (f_ && f_ != stdin) std::fclose(f_);
    }
    std::size_t read(char* buf, std::size_t n) {
        std::size_t got = std::fread(buf, 1, n, f_);
        if (got < n && std::ferror(f_)) throw InputError(path_, 0, std::string("read error: ") + std::strerror(errno));
        return got;
    }

private:
    std::string path_;
    std::FILE* f_ = nullptr;
};

/// Calls sink with consecutive chunks of the (decompressed) file.
void read_chunks(const std::string& path, const std::function<void(std::string_view)>& sink);

}  // namespace

void read_file(const std::string& path, const std::function<void(std::string_view)>& sink, text::ByteOrderMark bom) {
    bool first = true;
    auto checked = [&](std::string_view chunk) {
        if (first && !chunk.empty()) {
            first = false;
            if (chunk.substr(0, 3) == std::string_view("\xEF\xBB\xBF", 3))
                std::fprintf(stderr,
                             bom == text::ByteOrderMark::Strip
                                 ? "irlens: warning: %s starts with a UTF-8 byte-order mark; it was ignored\n"
                                 : "irlens: warning: %s starts with a UTF-8 byte-order mark, read as part of the first "
                                   "line as the reference tool does (it changes that line's topic id): remove it\n",
                             path.c_str());
        }
        sink(chunk);
    };
    try {
        read_chunks(path, checked);
    } catch (const std::bad_alloc&) {
        throw InputError(path, 0, "out of memory while reading this file");
    }
}

std::string slurp(const std::string& path, text::ByteOrderMark bom) {
    std::string bytes;
    std::size_t line_start = 0;  // where the last line of bytes begins
    std::uint64_t lines = 0;
    read_file(
        path,
        [&](std::string_view chunk) {
            bytes.append(chunk.data(), chunk.size());
            for (std::size_t nl; (nl = bytes.find('\n', line_start)) != std::string::npos; line_start = nl + 1) {
                if (nl - line_start > text::kMaxLineBytes) text::throw_line_too_long(path, lines + 1);
                ++lines;
            }
            if (bytes.size() - line_start > text::kMaxLineBytes) text::throw_line_too_long(path, lines + 1);
        },
        bom);
    return bytes;
}

namespace {

/// read_file without its checks.
void read_chunks(const std::string& path, const std::function<void(std::string_view)>& sink) {
    const std::size_t kChunk = 4 << 20;  // chunks of a block or more are scanned in place (core/src/readers/block.hpp)
    File file(path);
    std::vector<char> in(kChunk), out(kChunk);
    std::size_t n = file.read(in.data(), kChunk);
    bool gzip = n >= 2 && static_cast<unsigned char>(in[0]) == 0x1f && static_cast<unsigned char>(in[1]) == 0x8b;
    if (!gzip) {
        while (n > 0) {
            sink(std::string_view(in.data(), n));
            n = file.read(in.data(), kChunk);
        }
        return;
    }
    z_stream zs;
    std::memset(&zs, 0, sizeof zs);
    if (inflateInit2(&zs, 15 + 32) != Z_OK) throw InputError(path, 0, "cannot initialise gzip decoder");
    struct Guard {
        z_stream* z;
        ~Guard() { inflateEnd(z); }
    } guard{&zs};
    bool ended = false;
    while (n > 0) {
        zs.next_in = reinterpret_cast<Bytef*>(in.data());
        zs.avail_in = static_cast<uInt>(n);
        while (zs.avail_in > 0) {
            if (ended) {  // another gzip member follows (concatenated .gz files)
                inflateReset(&zs);
                ended = false;
            }
            zs.next_out = reinterpret_cast<Bytef*>(out.data());
            zs.avail_out = static_cast<uInt>(kChunk);
            int rc = inflate(&zs, Z_NO_FLUSH);
            if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR)
                throw InputError(path, 0, std::string("corrupt gzip data: ") + (zs.msg ? zs.msg : "inflate failed"));
            std::size_t produced = kChunk - zs.avail_out;
            if (produced) sink(std::string_view(out.data(), produced));
            if (rc == Z_STREAM_END) ended = true;
            if (rc == Z_BUF_ERROR && produced == 0) break;
        }
        n = file.read(in.data(), kChunk);
    }
    if (!ended) {
        // Flush what remains buffered in the decoder; a stream that never ended is truncated.
        for (;;) {
            zs.next_out = reinterpret_cast<Bytef*>(out.data());
            zs.avail_out = static_cast<uInt>(kChunk);
            int rc = inflate(&zs, Z_FINISH);
            std::size_t produced = kChunk - zs.avail_out;
            if (produced) sink(std::string_view(out.data(), produced));
            if (rc == Z_STREAM_END) break;
            if (produced == 0) throw InputError(path, 0, "truncated gzip file");
        }
    }
}

}  // namespace

namespace {

/// reader.finish(), with running out of memory reported as a problem with `path`.
template <class Reader>
auto finish_reading(Reader& reader, const std::string& path) {
    try {
        return reader.finish();
    } catch (const std::bad_alloc&) {
        throw InputError(path, 0, "out of memory while reading this file");
    }
}

}  // namespace

std::shared_ptr<const Qrels> load_qrels(const std::string& path, QrelsFormat format, text::ByteOrderMark bom) {
    QrelsReader reader(path, format);
    reader.set_byte_order_mark(bom);
    read_file(path, [&](std::string_view chunk) { reader.feed(chunk); }, bom);
    return finish_reading(reader, path);
}

std::shared_ptr<const Preferences> load_prefs(const std::string& path, PrefsFormat format, text::ByteOrderMark bom) {
    PrefsReader reader(path, format);
    reader.set_byte_order_mark(bom);
    read_file(path, [&](std::string_view chunk) { reader.feed(chunk); }, bom);
    return finish_reading(reader, path);
}

std::shared_ptr<const Run> load_run(const std::shared_ptr<const Qrels>& qrels, const std::string& path,
                                    const std::string& name, RunOrder order, text::ByteOrderMark bom) {
    RunReader reader(qrels, name, order);
    reader.set_byte_order_mark(bom);
    read_file(path, [&](std::string_view chunk) { reader.feed(chunk); }, bom);
    return finish_reading(reader, path);
}

std::shared_ptr<const DocLengths> load_doc_lengths(const std::string& path) {
    DocLengthsReader reader(path);
    read_file(path, [&](std::string_view chunk) { reader.feed(chunk); });
    return finish_reading(reader, path);
}

std::shared_ptr<const Sessions> load_sessions(const std::string& path) {
    SessionsReader reader(path);
    read_file(path, [&](std::string_view chunk) { reader.feed(chunk); });
    return finish_reading(reader, path);
}

std::shared_ptr<const Intents> load_intents(const std::string& probabilities_path, const std::string& types_path) {
    auto intents = std::make_shared<Intents>();
    if (!probabilities_path.empty()) intents->read_probabilities(probabilities_path, slurp(probabilities_path));
    if (!types_path.empty()) intents->read_types(types_path, slurp(types_path));
    return intents;
}

std::string base_name(const std::string& path) {
    std::size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

Inputs load_inputs(const std::vector<std::string>& positional, RunOrder order, const std::string& command) {
    if (positional.size() < 2)
        throw UsageError("expected QRELS and at least one RUN (see irlens " + command + " --help)");
    Inputs in;
    in.qrels = load_qrels(positional[0], QrelsFormat::Plain);
    in.runs = load_runs(in.qrels, std::vector<std::string>(positional.begin() + 1, positional.end()), order);
    return in;
}

std::shared_ptr<const RunGroups> load_groups(const std::string& path) {
    return std::make_shared<const RunGroups>(RunGroups::parse(path, slurp(path)));
}

}  // namespace irlens::cli
