// The words the JS API and the Python package take for an input's layout (their `format` and
// `order` options), read once for both bindings. UsageError on any other word.
#pragma once

#include "irlens/readers/qrels.hpp"
#include "irlens/readers/run.hpp"

#include <string>

namespace irlens {

/// "plain" or "qrels": Plain; "diversity", "grouped" or "qrels_jg": Grouped.
QrelsFormat qrels_format_word(const std::string& word);

/// "score" (rank by score, as trec_eval) or "rank" (the file's rank column).
RunOrder run_order_word(const std::string& word);

}  // namespace irlens
