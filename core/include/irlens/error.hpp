// Errors raised by the irlens core.
//
// Contract: the core never prints and never exits. Every problem with user input is reported by
// throwing InputError (bad file content: names the file, the 1-based line and the problem) or
// UsageError (a bad measure name, parameter or option). The CLI maps them to exit codes 3 and 2;
// the WASM binding turns them into JavaScript Errors carrying the same message.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace irlens {

/// A problem in an input file. what() reads "FILE:LINE: PROBLEM" (or "FILE: PROBLEM" when the
/// problem concerns the whole file, e.g. an empty file).
class InputError : public std::runtime_error {
public:
    InputError(std::string file, std::uint64_t line, const std::string& problem);
    const std::string& file() const noexcept { return file_; }
    std::uint64_t line() const noexcept { return line_; }  // 0 = whole file
    const std::string& problem() const noexcept { return problem_; }

private:
    std::string file_;
    std::uint64_t line_;
    std::string problem_;
};

/// A problem in how irlens was asked to do something (measure names, parameters, options).
class UsageError : public std::invalid_argument {
public:
    explicit UsageError(const std::string& message) : std::invalid_argument(message) {}
};

/// Renders arbitrary bytes for an error message: printable ASCII as is, anything else
/// (control characters, non-UTF-8 bytes, NUL) as \xHH; cut to at most max_len source bytes.
std::string quote_bytes(std::string_view bytes, std::size_t max_len = 60);

}  // namespace irlens
