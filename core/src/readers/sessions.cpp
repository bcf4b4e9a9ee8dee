#include "irlens/readers/sessions.hpp"

#include "irlens/error.hpp"

#include <algorithm>
#include <cstring>

namespace irlens {

const Sessions::Session* Sessions::find(std::string_view topic, std::size_t* index) const {
    auto it = topics_.find(std::string(topic));
    if (it == topics_.end()) return nullptr;
    if (index) *index = it->second.index;
    return &sessions_[it->second.session];
}

SessionsReader::SessionsReader(std::string source) : sessions_(std::make_shared<Sessions>()), lines_(source) {
    sessions_->source_ = std::move(source);
}

SessionsReader::~SessionsReader() = default;

void SessionsReader::feed(std::string_view chunk) {
    lines_.feed(chunk, [this](std::string_view line, std::uint64_t no) { on_line(line, no); });
}

void SessionsReader::on_line(std::string_view line, std::uint64_t line_no) {
    Sessions& s = *sessions_;
    if (text::is_blank_or_comment(line)) return;
    if (std::memchr(line.data(), '\0', line.size()))
        throw InputError(s.source_, line_no, "NUL byte in line (binary file?)");
    std::string_view f[3];
    std::size_t n = text::split_fields(line, f, 3);
    if (n != 3)
        throw InputError(
            s.source_, line_no,
            "expected 3 columns (session position topic), found " + (n > 3 ? std::string("more") : std::to_string(n)));
    long position;
    if (!text::parse_long(f[1], position) || position < 1)
        throw InputError(s.source_, line_no, "position '" + quote_bytes(f[1]) + "' is not a positive integer");
    std::string topic(f[2]);
    auto seen = s.topics_.find(topic);
    if (seen != s.topics_.end())
        throw InputError(s.source_, line_no,
                         "topic '" + quote_bytes(topic) + "' is already a query of session '" +
                             quote_bytes(s.sessions_[seen->second.session].id) + "' (line " +
                             std::to_string(seen->second.line) + ")");
    auto [it, is_new] = session_index_.emplace(std::string(f[0]), s.sessions_.size());
    if (is_new) {
        Sessions::Session session;
        session.id = std::string(f[0]);
        session.line = line_no;
        s.sessions_.push_back(std::move(session));
        queries_.emplace_back();
    }
    for (const Query& q : queries_[it->second])
        if (q.position == position)
            throw InputError(s.source_, line_no,
                             "session '" + quote_bytes(f[0]) + "' has a query at position " + std::to_string(position) +
                                 " already (line " + std::to_string(q.line) + ")");
    queries_[it->second].push_back({position, topic, line_no});
    s.topics_[topic] = {it->second, 0, line_no};
}

std::shared_ptr<const Sessions> SessionsReader::finish() {
    lines_.finish([this](std::string_view line, std::uint64_t no) { on_line(line, no); });
    Sessions& s = *sessions_;
    if (s.sessions_.empty()) throw InputError(s.source_, 0, "no sessions found (empty file?)");
    for (std::size_t i = 0; i < s.sessions_.size(); ++i) {
        std::vector<Query>& qs = queries_[i];
        std::sort(qs.begin(), qs.end(), [](const Query& a, const Query& b) { return a.position < b.position; });
        for (std::size_t k = 0; k < qs.size(); ++k) {
            if (qs[k].position != static_cast<long>(k) + 1)
                throw InputError(s.source_, s.sessions_[i].line,
                                 "session '" + quote_bytes(s.sessions_[i].id) + "' has no query at position " +
                                     std::to_string(k + 1) + " (positions must run 1.." + std::to_string(qs.size()) +
                                     ")");
            s.sessions_[i].topics.push_back(qs[k].topic);
            s.topics_[qs[k].topic].index = k;
        }
    }
    return sessions_;
}

std::shared_ptr<const Sessions> read_sessions(std::string source, std::string_view bytes) {
    SessionsReader reader(std::move(source));
    reader.feed(bytes);
    return reader.finish();
}

}  // namespace irlens
