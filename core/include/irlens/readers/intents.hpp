// The intents (subtopics) of diversity topics beyond what the qrels say: their probabilities
// Pr(i|q) and their types (informational or navigational), for the diversity measures.
//
// Files (whitespace-separated, '#' comment lines and blank lines skipped, CRLF accepted):
//   probabilities  `topic subtopic prob`     prob a number in [0,1]
//   types          `topic subtopic inf|nav`  informational or navigational
// topic and subtopic are matched byte for byte with the qrels' columns 1 and 2. A (topic,
// subtopic) pair may occur once per file; a repeat is an InputError naming both lines.
//
// Which intents count: a topic's intents are the subtopics of the qrels with at least one
// positive judgment (as ndeval: a subtopic nobody found relevant is ignored). Intents listed in
// these files but without a relevant document are ignored.
//   weights():  with a probabilities file, the given probabilities of those intents, divided by
//               their sum (so that they sum to 1 over the intents that count); without one,
//               uniform. A probabilities file that lacks the topic, or one of its intents, or
//               whose probabilities of these intents are all 0, is an InputError naming it
//               (raised by the measures that weigh intents; the others do not need the file).
//   type():     navigational where the types file says nav; informational otherwise (intents
//               not listed, and every intent when no types file was read).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace irlens {

enum class IntentType { Informational, Navigational };

class Intents {
public:
    /// Reads a probabilities file (whole buffer). Throws InputError (file, line, problem).
    void read_probabilities(const std::string& source, std::string_view bytes);
    /// Reads a types file (whole buffer). Throws InputError (file, line, problem).
    void read_types(const std::string& source, std::string_view bytes);

    bool has_probabilities() const { return have_probs_; }

    /// Pr(i|q) of the given intents of a topic (see above), in the given order.
    std::vector<double> weights(std::string_view topic, const std::vector<std::string_view>& intents) const;
    IntentType type(std::string_view topic, std::string_view subtopic) const;

private:
    template <class T>
    struct Entry {
        T value;
        std::uint64_t line;
    };
    template <class T>
    using Table = std::map<std::string, std::map<std::string, Entry<T>, std::less<>>, std::less<>>;
    std::string prob_source_;
    bool have_probs_ = false;
    Table<double> probs_;
    Table<IntentType> types_;
};

}  // namespace irlens
