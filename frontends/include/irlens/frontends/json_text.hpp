// The bytes of a JSON document written by irlens (the CLI's -f json, compare's and meta's
// documents, the JS API's): every string and key passes through text::to_utf8 first, so that an
// invalid byte in a run name, tag, file name or id becomes U+FFFD instead of an exception.
// Header-only; include it only where nlohmann/json is available.
#pragma once

#include "irlens/readers/text.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace irlens {

/// A copy of `j` whose strings and object keys are valid UTF-8 (text::to_utf8); for nlohmann::json
/// and nlohmann::ordered_json (a document that keeps an order of its keys, as eval's "runs").
template <class Json>
Json utf8_json(const Json& j) {
    if (j.is_string()) return text::to_utf8(j.template get_ref<const std::string&>());
    if (j.is_array()) {
        Json a = Json::array();
        for (const Json& e : j) a.push_back(utf8_json(e));
        return a;
    }
    if (j.is_object()) {
        Json o = Json::object();
        for (auto it = j.begin(); it != j.end(); ++it) o[text::to_utf8(it.key())] = utf8_json(it.value());
        return o;
    }
    return j;
}

/// Makes `j` what utf8_json(j) returns, in place: only an invalid string is rewritten, and an
/// object is rebuilt (utf8_json) only when one of its keys is invalid (two keys may then become
/// one, as utf8_json makes them). A document of 10^8 bytes (compare's 124,750 pairs) is not copied.
template <class Json>
void make_utf8(Json& j) {
    auto valid = [](const std::string& s) { return text::valid_utf8_prefix(s) == s.size(); };
    if (j.is_string()) {
        std::string& s = j.template get_ref<std::string&>();
        if (!valid(s)) s = text::to_utf8(s);
    } else if (j.is_array()) {
        for (Json& e : j) make_utf8(e);
    } else if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it)
            if (!valid(it.key())) {
                j = utf8_json(j);
                return;
            }
        for (auto it = j.begin(); it != j.end(); ++it) make_utf8(it.value());
    }
}

/// utf8_json(j).dump(indent): -1 for one line, else pretty-printed with `indent` spaces. Pass a
/// document that is not needed afterwards with std::move: it is then made valid in place.
template <class Json>
std::string json_text(Json j, int indent) {
    make_utf8(j);
    return j.dump(indent);
}

}  // namespace irlens
