// Conversions between the core's types and JavaScript values (the only place that knows both).
#pragma once

#include "irlens/evaluation/evaluate.hpp"
#include "irlens/evaluation/explain.hpp"
#include "irlens/measures/measure.hpp"
#include "irlens/readers/qrels.hpp"

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
/// A copy of v as the JS typed array `type` ("Uint32Array", ...: its element type T), not a view of
/// WASM memory (which memory growth would detach).
template <typename T>
emscripten::val typed_array(const char* type, const std::vector<T>& v) {
    return emscripten::val::global(type).new_(emscripten::typed_memory_view(v.size(), v.data()));
}
/// A Float64Array copy of v.
inline emscripten::val float64_array(const std::vector<double>& v) { return typed_array("Float64Array", v); }
/// An array of js_text(s).
emscripten::val strings_to_js(const std::vector<std::string>& strings);

/// {name, aliases, family, help, citation, cutoff: null|"int"|"real", cutoffRequired, aggregate,
///  integer, textValued, params: [{name, kind, default, help, required, choices}]}
emscripten::val measure_info_to_js(const MeasureInfo& m);
/// {name, full, measure, cutoff, aggregate}
emscripten::val spec_to_js(const MeasureSpec& s);

/// The evaluation's wire format (wasm/evaluation.mjs): the columnar data the JS API's evaluate()
/// result wraps and the web app transfers between its workers and the page.
/// {qrels: {name, topics}, measures: [{name, full, measure, cutoff, aggregate, integer,
///  textValued, typed}], missing, warnings,
///  runs: [{name, tag, topics: [..], values: Float64Array(measures x topics, measure-major; NaN
///          for text measures), texts: {measureIndex: [..]}, aggregate: Float64Array(measures),
///          ciLow, ciHigh: Float64Array(measures) (mean_intervals: the 95% t interval of the mean,
///          NaN where undefined)}]}
/// typed: each measure as typed ([measure]; empty: the canonical names).
emscripten::val evaluation_to_js(const Evaluation& ev, const Qrels& qrels, const std::vector<std::string>& typed);
/// The Evaluation of wire-format data (as evaluation_to_js gives; measures may be plain names,
/// texts and the intervals may be absent): aggregates are computed again, each run's topics put in
/// byte order (the qrels' order, which the score tables need) whatever order they came in.
/// UsageError naming the run when a run's values are not measures x topics.
Evaluation evaluation_from_js(const emscripten::val& e);

/// {measure, run, topic, formula, columns: [..], missing, value,
///  rows: [{rank, retrieved, doc, rel, values: [number | null per column]}], terms: [{name, value}]}
emscripten::val explanation_to_js(const Explanation& e);

}  // namespace irlens::wasm
