// The bytes of a JSON document written by irlens (the CLI's -f json, compare's and meta's
// documents, the JS API's): every string and key passes through text::to_utf8 first, so that an
// invalid byte in a run name, tag, file name or id becomes U+FFFD instead of an exception.
// Header-only; include it only where nlohmann/json is available.
#pragma once

#include "irlens/readers/text.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace irlens {

/// A copy of `j` whose strings and object keys are valid UTF-8 (text::to_utf8).
inline nlohmann::json utf8_json(const nlohmann::json& j) {
    if (j.is_string()) return text::to_utf8(j.get_ref<const std::string&>());
    if (j.is_array()) {
        nlohmann::json a = nlohmann::json::array();
        for (const nlohmann::json& e : j) a.push_back(utf8_json(e));
        return a;
    }
    if (j.is_object()) {
        nlohmann::json o = nlohmann::json::object();
        for (auto it = j.begin(); it != j.end(); ++it) o[text::to_utf8(it.key())] = utf8_json(it.value());
        return o;
    }
    return j;
}

/// utf8_json(j).dump(indent): -1 for one line, else pretty-printed with `indent` spaces.
inline std::string json_text(const nlohmann::json& j, int indent) { return utf8_json(j).dump(indent); }

}  // namespace irlens
