#include "irlens/readers/run_tokens.hpp"

#include "irlens/error.hpp"

#include "readers/block.hpp"
#include "readers/run_line.hpp"

#include <atomic>
#include <deque>
#include <utility>

#if IRLENS_THREADS
#include <condition_variable>
#include <mutex>
#endif

namespace irlens {

namespace {
struct Cancelled {};  // thrown into the producer by feed after cancel(); never leaves RunTokensThread
}  // namespace

struct RunTokens::Shared {
    detail::BlockBuffer blocks;  // the producer's
#if IRLENS_THREADS
    std::mutex mutex;
    std::condition_variable changed;
#endif
    std::deque<RunTokenBlock> ready;
    bool complete = false;
    std::exception_ptr error;
    text::TextNotes notes;
    std::atomic<bool> cancelled{false};
};

namespace {
#if IRLENS_THREADS
using Lock = std::unique_lock<std::mutex>;
#else
struct Lock {  // one thread: nothing to lock
    template <class M>
    explicit Lock(M&) {}
};
#endif
}  // namespace

RunTokens::RunTokens(std::string name, RunOrder order) : name_(std::move(name)), order_(order), shared_(new Shared) {
    shared_->blocks.source = name_;
}

RunTokens::~RunTokens() = default;

void RunTokens::set_byte_order_mark(text::ByteOrderMark mode) { shared_->blocks.bom.mode = mode; }

void RunTokens::feed(std::string_view chunk) {
    if (shared_->cancelled) throw Cancelled();
    shared_->blocks.feed(chunk, [this](std::string_view text, std::uint64_t first) { return tokenise(text, first); });
}

void RunTokens::finish() {
    Shared& s = *shared_;
    s.blocks.finish([this](std::string_view text, std::uint64_t first) { return tokenise(text, first); });
    Lock lock(s.mutex);
    s.notes = s.blocks.notes();
    s.complete = true;
#if IRLENS_THREADS
    s.changed.notify_all();
#endif
}

void RunTokens::fail(std::exception_ptr error) {
    Shared& s = *shared_;
    Lock lock(s.mutex);
    s.error = std::move(error);
    s.complete = true;
#if IRLENS_THREADS
    s.changed.notify_all();
#endif
}

void RunTokens::cancel() { shared_->cancelled = true; }

void RunTokens::push(RunTokenBlock&& block) {
    Shared& s = *shared_;
    Lock lock(s.mutex);
    s.ready.push_back(std::move(block));
#if IRLENS_THREADS
    s.changed.notify_all();
#endif
}

bool RunTokens::next(RunTokenBlock& out) {
    Shared& s = *shared_;
    Lock lock(s.mutex);
#if IRLENS_THREADS
    s.changed.wait(lock, [&] { return !s.ready.empty() || s.complete; });
#endif
    if (!s.ready.empty()) {
        out = std::move(s.ready.front());
        s.ready.pop_front();
        return true;
    }
    if (s.error) std::rethrow_exception(s.error);
    return false;
}

text::TextNotes RunTokens::notes() const {
    Lock lock(shared_->mutex);
    return shared_->notes;
}

/// Tokenises `text` (complete lines, kPadding readable bytes after it; its first line is the
/// file's line `first_line`) in pieces of about detail::kScanBytes, one RunTokenBlock each, with
/// scan_run's checks (run.cpp) but no qrels: those that need them are RunReader::feed_tokens'.
std::uint64_t RunTokens::tokenise(std::string_view text, std::uint64_t first_line) {
    using namespace detail;
    std::uint64_t lines = 0;
    while (!text.empty()) {
        if (shared_->cancelled) throw Cancelled();
        std::size_t cut = text.size();
        if (cut > kScanBytes) {
            std::size_t nl = text.find('\n', kScanBytes);
            cut = nl == std::string_view::npos ? text.size() : nl + 1;
        }
        const std::string_view piece = text.substr(0, cut);
        text.remove_prefix(cut);
        RunTokenBlock b;
        b.first_line = first_line + lines;
        b.tokens.reserve(piece.size() / 40);
        b.bytes.reserve(piece.size() / 3);
        auto keep = [&](std::string_view bytes) {
            auto at = static_cast<std::uint32_t>(b.bytes.size());
            b.bytes.append(bytes.data(), bytes.size());
            return at;
        };
        const char* p = piece.data();
        const char* end = p + piece.size();
        const char* line_begin = p;
        std::uint64_t line_no = 0;
        std::string_view topic, tag;
        try {
            while (p < end) {
                if (line_no) check_line_length(line_begin, p, name_, line_no);
                line_begin = p;
                ++line_no;
                const char* s = skip_blanks(p);
                if (*s == '\n') {
                    p = s + 1;
                    continue;
                }
                if (*s == '#') {
                    p = next_line(s);
                    continue;
                }
                std::string_view f[6];  // columns past the sixth are ignored, as trec_eval does
                int n = split_words(s, f, 6, name_, line_no);
                if (n < 6)
                    throw InputError(name_, line_no,
                                     "expected 6 columns (topic Q0 doc rank score tag), found " + std::to_string(n));
                p = *s == '\n' ? s + 1 : next_line(s);
                const double key = line_key(f[3], f[4], order_, name_, line_no);
                const auto k = static_cast<std::uint32_t>(b.tokens.size());
                if (k == 0 || f[0] != topic) {
                    topic = f[0];
                    b.topics.push_back(RunTokenBlock::Change{k, keep(f[0]), static_cast<std::uint32_t>(f[0].size())});
                }
                if (k == 0 || f[5] != tag) {
                    tag = f[5];
                    b.tags.push_back(RunTokenBlock::Change{k, keep(f[5]), static_cast<std::uint32_t>(f[5].size())});
                }
                b.tokens.push_back(RunTokenBlock::Token{key, keep(f[2]), static_cast<std::uint32_t>(f[2].size()),
                                                        static_cast<std::uint32_t>(line_no)});
            }
            if (line_no) check_line_length(line_begin, p, name_, line_no);
        } catch (const InputError& e) {
            // The lines before the bad one are handed on: an error of theirs that needs the qrels
            // comes first in file order.
            while (!b.tokens.empty() && b.tokens.back().line >= e.line()) b.tokens.pop_back();
            const auto kept = static_cast<std::uint32_t>(b.tokens.size());
            while (!b.topics.empty() && b.topics.back().token >= kept) b.topics.pop_back();
            while (!b.tags.empty() && b.tags.back().token >= kept) b.tags.pop_back();
            b.lines = e.line() - 1;
            const std::uint64_t line = e.line() + b.first_line - 1;
            push(std::move(b));
            throw InputError(e.file(), line, e.problem());
        }
        b.lines = line_no;
        lines += line_no;
        push(std::move(b));
    }
    return lines;
}

RunTokensThread::RunTokensThread(RunTokens& tokens, ByteSource bytes) : tokens_(tokens), bytes_(std::move(bytes)) {
    auto produce = [this] {
        try {
            bytes_([this](std::string_view chunk) { tokens_.feed(chunk); });
            tokens_.finish();
        } catch (...) {
            tokens_.fail(std::current_exception());
        }
    };
#if IRLENS_THREADS
    thread_ = std::thread(produce);
#else
    produce();
#endif
}

RunTokensThread::~RunTokensThread() { stop(); }

void RunTokensThread::stop() {
#if IRLENS_THREADS
    if (thread_.joinable()) {
        tokens_.cancel();
        thread_.join();
    }
#endif
}

std::shared_ptr<const Run> RunTokensThread::resolve(std::shared_ptr<const Qrels> qrels) {
    RunReader reader(std::move(qrels), tokens_.name(), tokens_.order());
    reader.feed_tokens(tokens_);
#if IRLENS_THREADS
    thread_.join();  // the producer is done: next() said so
#endif
    return reader.finish();
}

}  // namespace irlens
