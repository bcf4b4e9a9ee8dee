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

}  // namespace

void read_file(const std::string& path, const std::function<void(std::string_view)>& sink) {
    const std::size_t kChunk = 4 << 20;  // chunks of a block or more are scanned in place (core/src/block.hpp)
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

std::shared_ptr<const Qrels> load_qrels(const std::string& path, QrelsFormat format) {
    QrelsReader reader(path, format);
    read_file(path, [&](std::string_view chunk) { reader.feed(chunk); });
    return reader.finish();
}

std::shared_ptr<const Preferences> load_prefs(const std::string& path, PrefsFormat format) {
    PrefsReader reader(path, format);
    read_file(path, [&](std::string_view chunk) { reader.feed(chunk); });
    return reader.finish();
}

std::shared_ptr<const Run> load_run(const std::shared_ptr<const Qrels>& qrels, const std::string& path,
                                    const std::string& name, RunOrder order) {
    RunReader reader(qrels, name, order);
    read_file(path, [&](std::string_view chunk) { reader.feed(chunk); });
    return reader.finish();
}

std::shared_ptr<const DocLengths> load_doc_lengths(const std::string& path) {
    DocLengthsReader reader(path);
    read_file(path, [&](std::string_view chunk) { reader.feed(chunk); });
    return reader.finish();
}

std::shared_ptr<const Sessions> load_sessions(const std::string& path) {
    SessionsReader reader(path);
    read_file(path, [&](std::string_view chunk) { reader.feed(chunk); });
    return reader.finish();
}

std::shared_ptr<const Intents> load_intents(const std::string& probabilities_path, const std::string& types_path) {
    auto intents = std::make_shared<Intents>();
    auto slurp = [](const std::string& path) {
        std::string bytes;
        read_file(path, [&](std::string_view chunk) { bytes.append(chunk.data(), chunk.size()); });
        return bytes;
    };
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
    std::string bytes;
    read_file(path, [&](std::string_view chunk) { bytes.append(chunk.data(), chunk.size()); });
    return std::make_shared<const RunGroups>(RunGroups::parse(path, bytes));
}

}  // namespace irlens::cli
