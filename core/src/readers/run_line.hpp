// Internal: what the run's text scanners (run.cpp's scan_run, run_tokens.cpp's tokeniser) check
// in a line's score or rank column, with the same messages.
#pragma once

#include "irlens/error.hpp"
#include "irlens/readers/run.hpp"
#include "irlens/readers/text.hpp"

#include <cmath>
#include <string>
#include <string_view>

namespace irlens::detail {

[[noreturn]] inline void bad_score(const std::string& src, std::uint64_t line_no, std::string_view score) {
    std::string v(score);
    for (char& c : v) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (v == "nan" || v == "+nan" || v == "-nan") throw InputError(src, line_no, "score is NaN");
    throw InputError(src, line_no, "score '" + quote_bytes(score) + "' is not a number");
}

/// A score written as a finite number that a double cannot hold (1e400): every such score would
/// become infinity and tie, reordering the run without a word. An explicit "inf" passes (trec_eval's
/// atof reads it, and it is ordered as written).
inline void beyond_range(const std::string& src, std::uint64_t line_no, std::string_view score) {
    if (score.find_first_of("iI") != std::string_view::npos) return;
    throw InputError(src, line_no, "score '" + quote_bytes(score) +
                                       "' is beyond a double's range (about 1.8e308): such scores would all tie; "
                                       "rescale the scores");
}

/// The ordering key of a run line (RunEntry::key) from its rank and score columns.
inline double line_key(std::string_view rank, std::string_view score, RunOrder order, const std::string& src,
                      std::uint64_t line_no) {
    if (order == RunOrder::Score) {
        double key;
        if (!text::parse_double(score, key)) bad_score(src, line_no, score);
        if (std::isinf(key)) beyond_range(src, line_no, score);
        return key;
    }
    long r;
    if (!text::parse_long(rank, r)) throw InputError(src, line_no, "rank '" + quote_bytes(rank) + "' is not an integer");
    return -static_cast<double>(r);
}

}  // namespace irlens::detail
