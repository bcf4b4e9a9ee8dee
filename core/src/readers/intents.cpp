#include "irlens/readers/intents.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/text.hpp"

#include <cmath>
#include <cstring>

namespace irlens {

namespace {

/// Calls on_row(topic, subtopic, value, line) for every `topic subtopic value` line.
template <class OnRow>
void read_rows(const std::string& source, std::string_view bytes, const char* layout, OnRow on_row) {
    text::LineSplitter lines(source);
    bool any = false;
    auto on_line = [&](std::string_view line, std::uint64_t no) {
        if (text::is_blank_or_comment(line)) return;
        if (std::memchr(line.data(), '\0', line.size()))
            throw InputError(source, no, "NUL byte in line (binary file?)");
        std::string_view f[3];
        std::size_t n = text::split_fields(line, f, 3);
        if (n != 3)
            throw InputError(
                source, no,
                std::string("expected 3 columns (") + layout + "), found " + (n > 3 ? "more" : std::to_string(n)));
        on_row(f[0], f[1], f[2], no);
        any = true;
    };
    lines.feed(bytes, on_line);
    lines.finish(on_line);
    if (!any) throw InputError(source, 0, "no intents found (empty file?)");
}

template <class T, class Table>
void insert(Table& table, const std::string& source, std::string_view topic, std::string_view subtopic, T value,
            std::uint64_t line) {
    auto& row = table[std::string(topic)];
    auto it = row.find(subtopic);
    if (it != row.end())
        throw InputError(source, line,
                         "subtopic '" + quote_bytes(subtopic) + "' of topic '" + quote_bytes(topic) +
                             "' listed twice (first at line " + std::to_string(it->second.line) + ")");
    row.emplace(std::string(subtopic), typename Table::mapped_type::mapped_type{value, line});
}

}  // namespace

void Intents::read_probabilities(const std::string& source, std::string_view bytes) {
    Table<double> table;
    read_rows(source, bytes, "topic subtopic probability",
              [&](std::string_view topic, std::string_view subtopic, std::string_view value, std::uint64_t line) {
                  double p;
                  if (!text::parse_double(value, p))
                      throw InputError(source, line, "probability '" + quote_bytes(value) + "' is not a number");
                  if (!(p >= 0 && p <= 1))
                      throw InputError(source, line, "probability '" + quote_bytes(value) + "' is not in [0,1]");
                  insert(table, source, topic, subtopic, p, line);
              });
    probs_ = std::move(table);
    prob_source_ = source;
    have_probs_ = true;
}

void Intents::read_types(const std::string& source, std::string_view bytes) {
    Table<IntentType> table;
    read_rows(source, bytes, "topic subtopic inf|nav",
              [&](std::string_view topic, std::string_view subtopic, std::string_view value, std::uint64_t line) {
                  IntentType t;
                  if (value == "inf")
                      t = IntentType::Informational;
                  else if (value == "nav")
                      t = IntentType::Navigational;
                  else
                      throw InputError(source, line, "intent type '" + quote_bytes(value) + "' is neither inf nor nav");
                  insert(table, source, topic, subtopic, t, line);
              });
    types_ = std::move(table);
}

std::vector<double> Intents::weights(std::string_view topic, const std::vector<std::string_view>& intents) const {
    std::vector<double> w(intents.size(), intents.empty() ? 0.0 : 1.0 / static_cast<double>(intents.size()));
    if (!has_probabilities() || intents.empty()) return w;
    auto row = probs_.find(topic);
    if (row == probs_.end())
        throw InputError(prob_source_, 0, "no probabilities for topic '" + quote_bytes(topic) + "'");
    double sum = 0;
    for (std::size_t i = 0; i < intents.size(); ++i) {
        auto it = row->second.find(intents[i]);
        if (it == row->second.end())
            throw InputError(prob_source_, 0,
                             "topic '" + quote_bytes(topic) + "': subtopic '" + quote_bytes(intents[i]) +
                                 "' has relevant documents in the qrels but no probability");
        w[i] = it->second.value;
        sum += w[i];
    }
    if (sum <= 0)
        throw InputError(
            prob_source_, 0,
            "topic '" + quote_bytes(topic) + "': the probabilities of its intents with relevant documents are all 0");
    for (double& x : w) x /= sum;
    return w;
}

IntentType Intents::type(std::string_view topic, std::string_view subtopic) const {
    auto row = types_.find(topic);
    if (row == types_.end()) return IntentType::Informational;
    auto it = row->second.find(subtopic);
    return it == row->second.end() ? IntentType::Informational : it->second.value;
}

}  // namespace irlens
