#include "input.hpp"

#include "evaluation_input.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/input_formats.hpp"

#include <sys/stat.h>
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
            if (chunk.substr(0, 3) == std::string_view("\xEF\xBB\xBF", 3)) {
                if (bom == text::ByteOrderMark::Strip)
                    std::fprintf(stderr, "irlens: warning: %s\n", text::byte_order_mark_warning(path).c_str());
                else
                    std::fprintf(stderr,
                                 "irlens: warning: %s starts with a UTF-8 byte-order mark, read as part of the first "
                                 "line as the reference tool does (it changes that line's topic id): remove it\n",
                                 path.c_str());
            }
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

template <class Input>
std::shared_ptr<const Input> warned(std::shared_ptr<const Input> input, const std::string& path,
                                    text::ByteOrderMark bom) {
    warn_invalid_utf8(input->text_notes(), path, bom);
    return input;
}

}  // namespace

void warn_invalid_utf8(const text::TextNotes& notes, const std::string& path, text::ByteOrderMark bom) {
    const std::uint64_t line = notes.invalid_utf8_line;
    if (line && bom == text::ByteOrderMark::Strip)
        std::fprintf(stderr, "irlens: warning: %s\n", text::invalid_utf8_warning(path, line).c_str());
}

namespace {

/// Size on disk, the readers' sizing hint (expect_bytes); 0 for stdin or what is not a regular
/// file. A gzip file's text is larger: its judgments grow from the hint as without one.
std::uint64_t size_on_disk(const std::string& path) {
    struct stat st;
    if (path == "-" || stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return 0;
    return static_cast<std::uint64_t>(st.st_size);
}

}  // namespace

std::shared_ptr<const Qrels> load_qrels(const std::string& path, QrelsFormat format, text::ByteOrderMark bom,
                                        Formats formats) {
    if (formats == Formats::Any) {
        AnyQrelsReader reader(path, format);
        reader.expect_bytes(size_on_disk(path));
        read_file(
            path, [&](std::string_view chunk) { reader.feed(chunk); }, bom);
        return warned(finish_reading(reader, path), path, bom);
    }
    QrelsReader reader(path, format);
    reader.set_byte_order_mark(bom);
    reader.expect_bytes(size_on_disk(path));
    read_file(
        path, [&](std::string_view chunk) { reader.feed(chunk); }, bom);
    return warned(finish_reading(reader, path), path, bom);
}

std::shared_ptr<const Preferences> load_prefs(const std::string& path, PrefsFormat format, text::ByteOrderMark bom) {
    PrefsReader reader(path, format);
    reader.set_byte_order_mark(bom);
    read_file(
        path, [&](std::string_view chunk) { reader.feed(chunk); }, bom);
    return finish_reading(reader, path);
}

std::shared_ptr<const Run> load_run(const std::shared_ptr<const Qrels>& qrels, const std::string& path,
                                    const std::string& name, RunOrder order, text::ByteOrderMark bom, Formats formats,
                                    InputFormat given) {
    if (formats == Formats::Any) {
        AnyRunReader reader(qrels, name, order, given);
        read_file(
            path, [&](std::string_view chunk) { reader.feed(chunk); }, bom);
        auto run = warned(finish_reading(reader, path), path, bom);
        if (reader.input_format() != InputFormat::Trec)  // which reader, and why
            std::fprintf(stderr, "irlens: warning: %s: read as a%s %s run (%s)\n", path.c_str(),
                         reader.input_format() == InputFormat::MsMarco ? "n" : "",
                         input_format_name(reader.input_format()), reader.format_evidence().c_str());
        return run;
    }
    RunReader reader(qrels, name, order);
    reader.set_byte_order_mark(bom);
    read_file(
        path, [&](std::string_view chunk) { reader.feed(chunk); }, bom);
    return warned(finish_reading(reader, path), path, bom);
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

std::string run_name(const std::string& path) {
    const std::string file = base_name(path), name = run_key(file);
    return name.empty() ? file : name;
}

RunNames run_names(const std::vector<std::string>& paths) {
    // Each run's name is one of three, from short to safe: run_name, base_name, the path. A name
    // held by two runs moves every holder one step on, until no two runs share one.
    const std::size_t n = paths.size();
    std::vector<int> level(n, 0);
    auto name_at = [&](std::size_t i) {
        return level[i] == 0 ? run_name(paths[i]) : level[i] == 1 ? base_name(paths[i]) : paths[i];
    };
    RunNames out;
    for (bool moved = true; moved;) {
        moved = false;
        std::map<std::string, std::vector<std::size_t>> holders;
        for (std::size_t i = 0; i < n; ++i) holders[name_at(i)].push_back(i);
        for (const auto& [name, runs] : holders) {
            if (runs.size() < 2) continue;
            std::string list;
            bool step = false;
            for (std::size_t i : runs) {
                list += (list.empty() ? "" : ", ") + paths[i];
                if (level[i] < 2) step = true, ++level[i];
            }
            if (step)
                out.warnings.push_back("the runs " + list + " would share the name '" + name +
                                       "': named by their file names (or paths) instead");
            moved = moved || step;
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        out.names.push_back(name_at(i));
        if (text::valid_utf8_prefix(out.names.back()) != out.names.back().size())
            out.warnings.push_back("the run name '" + text::to_utf8(out.names.back()) + "' (from the file name of " +
                                   text::to_utf8(paths[i]) + ") is not valid UTF-8; outputs show U+FFFD for its bytes");
    }
    return out;
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
