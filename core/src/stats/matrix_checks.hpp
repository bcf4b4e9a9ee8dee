// Checks that several score matrices describe the same runs and topics (internal).
#pragma once

#include "irlens/error.hpp"
#include "irlens/stats/score_table.hpp"

#include <string>

namespace irlens::stats {

inline void check_same_shape(const ScoreMatrix& a, const ScoreMatrix& b, const char* what) {
    if (a.runs != b.runs || a.topics != b.topics)
        throw UsageError(std::string(what) + ": measures '" + a.measure + "' and '" + b.measure +
                         "' are not scored on the same runs and topics");
}

}  // namespace irlens::stats
