// A run's lines tokenised before the qrels are complete (issue 26, lever 3: both cores from the
// first byte): one thread tokenises the run (RunTokensThread) while another reads the qrels, and
// RunReader::feed_tokens then resolves the tokens against the finished qrels, block by block, each
// topic's table built just before its lines are looked up (read in step).
//
// Contract: the Run is the one RunReader::feed would build from the same bytes, and a bad run
// gives the same error (file, line, problem): the tokeniser checks what needs no qrels (columns,
// score or rank, line length, NUL bytes) and stops at its first bad line; the lines before it are
// resolved first, so that an error that needs the qrels (a document id longer than 65535 bytes in
// a judged topic, the run's size limits) on an earlier line still wins, as in file order. The
// caller reads the qrels first and reports a bad qrels before anything of the run.
//
// Memory: a token holds the score, the line and the doc id's bytes (20 + id bytes per line; the
// topic and tag only where they change) until its block is resolved, so while the qrels are read
// the run's lines tokenised so far are held unresolved.
#pragma once

#include "irlens/readers/run.hpp"
#include "irlens/readers/text.hpp"

#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#if IRLENS_THREADS
#include <thread>
#endif

namespace irlens {

/// One block of a run's content lines, tokenised (file order).
struct RunTokenBlock {
#pragma pack(push, 4)
    struct Token {
        double key;              // the score (RunOrder::Score) or minus the rank (RunOrder::Rank)
        std::uint32_t doc, len;  // the doc id: bytes [doc, doc + len) of `bytes`
        std::uint32_t line;      // 1-based, within the block
    };
#pragma pack(pop)
    /// Where the topic or the tag changes: tokens from `token` on have this id (bytes of `bytes`).
    struct Change {
        std::uint32_t token, at, len;
    };
    std::vector<Token> tokens;
    std::vector<Change> topics, tags;
    std::string bytes;
    std::uint64_t first_line = 1;  // the file's line number of the block's line 1
    std::uint64_t lines = 0;       // lines of the block (blank and comment lines included)
};

/// The tokenised blocks of one run, handed from the thread that tokenises (feed, finish, fail) to
/// the one that resolves (next); thread-safe where the build has threads.
class RunTokens {
public:
    RunTokens(std::string name, RunOrder order = RunOrder::Score);
    ~RunTokens();
    const std::string& name() const { return name_; }
    RunOrder order() const { return order_; }
    /// As RunReader::set_byte_order_mark; call before feed.
    void set_byte_order_mark(text::ByteOrderMark mode);

    /// Producer. feed tokenises a chunk of any size; at a bad line it hands on the lines before
    /// it and throws the InputError (file lines). After cancel(), feed throws (anything): the
    /// producer is to stop.
    void feed(std::string_view chunk);
    /// The input is complete.
    void finish();
    /// The producer stopped on this error (a bad line, the file unreadable): the consumer gets it
    /// after the blocks handed on before it.
    void fail(std::exception_ptr error);

    /// Consumer: the next block (waits for it); false once the input is complete, or rethrows the
    /// producer's error after the last block before it.
    bool next(RunTokenBlock& out);
    /// The byte-order mark and first invalid UTF-8 line of the whole input: valid once next()
    /// returned false.
    text::TextNotes notes() const;
    /// Tells the producer to stop (its next feed throws).
    void cancel();

private:
    void push(RunTokenBlock&& block);
    std::uint64_t tokenise(std::string_view text, std::uint64_t first_line);
    struct Shared;
    std::string name_;
    RunOrder order_;
    std::unique_ptr<Shared> shared_;
};

/// Tokenises a run on a thread of its own (natively; in a build without threads, in the
/// constructor): `bytes(sink)` calls sink with the run's consecutive chunks (a file read in
/// chunks).
class RunTokensThread {
public:
    using ByteSource = std::function<void(const std::function<void(std::string_view)>& sink)>;
    RunTokensThread(RunTokens& tokens, ByteSource bytes);
    ~RunTokensThread();
    RunTokensThread(const RunTokensThread&) = delete;
    RunTokensThread& operator=(const RunTokensThread&) = delete;
    /// The Run: the tokens resolved against `qrels` (RunReader::feed_tokens) as they come.
    std::shared_ptr<const Run> resolve(std::shared_ptr<const Qrels> qrels);
    /// Cancels the tokeniser if it still runs and waits for it (the destructor does it too).
    void stop();

private:
    RunTokens& tokens_;
    ByteSource bytes_;
#if IRLENS_THREADS
    std::thread thread_;
#endif
};

}  // namespace irlens
