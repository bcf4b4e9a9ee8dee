// Human preference judgments between the rankings of two runs, the gold standard of the
// predictive-power analysis (`irlens meta predictive-power ... --preferences FILE`; Sakai,
// PROMISE 2013, Sec. 5.3; Sanderson et al., SIGIR 2010).
//
// File format: one judgment a line, exactly four tab-separated fields
//   topic<TAB>run X<TAB>run Y<TAB>verdict
// verdict `X` (the first run's ranking is better), `Y` (the second's) or `tie` (any case).
// Blank lines and lines starting with '#' are skipped; CRLF and a leading byte-order mark are
// accepted. A run is named as in a groups file (run_groups.hpp): its file name, the name without
// .gz/.txt, or its run tag; the names are resolved against the evaluated runs later.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace irlens {

struct PreferenceJudgment {
    enum class Verdict { X, Y, Tie };
    std::string topic, x, y;
    Verdict verdict = Verdict::Tie;
    std::uint64_t line = 0;  // 1-based line in the file, for messages
};

struct PreferenceJudgments {
    std::string source;
    std::vector<PreferenceJudgment> judgments;  // in file order

    /// Parses a preferences file (format above). InputError naming source, line and problem: not
    /// four tab-separated fields, an empty field, an unknown verdict, the same run on both sides;
    /// InputError for a file without judgments.
    static PreferenceJudgments parse(const std::string& source, std::string_view bytes);
};

}  // namespace irlens
