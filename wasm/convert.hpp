// Conversions between the core's types and JavaScript values (the only place that knows both).
#pragma once

#include "irlens/evaluation/evaluate.hpp"
#include "irlens/evaluation/explain.hpp"
#include "irlens/measures/measure.hpp"

#include <emscripten/val.h>

#include <string>
#include <string_view>
#include <vector>

namespace irlens::wasm {

/// A JS string of `s`, invalid UTF-8 replaced by U+FFFD (text::to_utf8; Embind's own decoding of
/// short strings does not replace). Every string built from input bytes (ids, tags, warnings,
/// messages) goes through it.
emscripten::val js_text(std::string_view s);

std::vector<std::string> strings_from_js(const emscripten::val& array);
/// An array of js_text(s).
emscripten::val strings_to_js(const std::vector<std::string>& strings);

/// {name, aliases, family, help, citation, cutoff: null|"int"|"real", cutoffRequired, aggregate,
///  integer, textValued, params: [{name, kind, default, help, required, choices}]}
emscripten::val measure_info_to_js(const MeasureInfo& m);
/// {name, full, measure, cutoff, aggregate}
emscripten::val spec_to_js(const MeasureSpec& s);

/// {measures: [{name, full, measure, integer, textValued}], missing, warnings,
///  runs: [{name, tag, topics: [..], values: Float64Array(measures x topics, row-major; NaN for
///          text measures), texts: {measureIndex: [..]}, aggregate, ciLow, ciHigh: Float64Array
///          (95% t interval of the mean; NaN where undefined)}]}
emscripten::val evaluation_to_js(const Evaluation& ev);

/// {measure, run, topic, formula, columns: [..], missing, value,
///  rows: [{rank, retrieved, doc, rel, values: [number | null per column]}], terms: [{name, value}]}
emscripten::val explanation_to_js(const Explanation& e);

}  // namespace irlens::wasm
