#include "irlens/frontends/input_words.hpp"

#include "irlens/error.hpp"

namespace irlens {

QrelsFormat qrels_format_word(const std::string& f) {
    if (f == "plain" || f == "qrels") return QrelsFormat::Plain;
    if (f == "diversity" || f == "grouped" || f == "qrels_jg") return QrelsFormat::Grouped;
    throw UsageError("qrels format must be plain or diversity, got '" + f + "'");
}

RunOrder run_order_word(const std::string& o) {
    if (o == "score") return RunOrder::Score;
    if (o == "rank") return RunOrder::Rank;
    throw UsageError("run order must be score or rank, got '" + o + "'");
}

}  // namespace irlens
