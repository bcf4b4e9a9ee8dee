// Multi-query sessions, for session DCG (sDCG): which queries form a session and in which order.
// Each query is a topic of the qrels and the runs. An optional input of an evaluation
// (EvalOptions::sessions; `irlens eval --sessions FILE`).
//
// Format: one query a line, `session<TAB>position<TAB>topic` (any run of spaces or tabs separates
// the columns), '#' comment lines and blank lines skipped, CRLF accepted. position is a positive
// integer, the place of the query in its session (1 = the first query issued). Errors (InputError
// naming file and line): a topic listed twice (a query belongs to one session), a position used
// twice in a session, and a session whose positions are not exactly 1..m (a gap is reported at the
// session's first line).
#pragma once

#include "irlens/readers/text.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace irlens {

class Sessions {
public:
    struct Session {
        std::string id;
        std::vector<std::string> topics;  // the queries in position order (topics[0] at position 1)
        std::uint64_t line = 0;           // the session's first line in the file
    };

    const std::string& source() const { return source_; }
    /// In order of first appearance in the file.
    const std::vector<Session>& sessions() const { return sessions_; }
    /// The session a topic belongs to (and, in *index, the topic's 0-based place in it), or nullptr.
    const Session* find(std::string_view topic, std::size_t* index = nullptr) const;

private:
    friend class SessionsReader;
    std::string source_;
    std::vector<Session> sessions_;
    struct Place {
        std::size_t session, index;
        std::uint64_t line;
    };
    std::unordered_map<std::string, Place> topics_;
};

/// Builds Sessions from bytes fed in chunks of any size. Throws InputError (file, line, problem).
class SessionsReader {
public:
    explicit SessionsReader(std::string source);
    ~SessionsReader();
    void feed(std::string_view chunk);
    std::shared_ptr<const Sessions> finish();

private:
    void on_line(std::string_view line, std::uint64_t line_no);
    std::shared_ptr<Sessions> sessions_;
    std::unordered_map<std::string, std::size_t> session_index_;
    struct Query {
        long position;
        std::string topic;
        std::uint64_t line;
    };
    std::vector<std::vector<Query>> queries_;  // per session, in file order
    text::LineSplitter lines_;
};

/// Convenience: parse a whole buffer.
std::shared_ptr<const Sessions> read_sessions(std::string source, std::string_view bytes);

}  // namespace irlens
