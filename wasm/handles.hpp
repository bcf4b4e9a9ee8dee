// What every binding file (wasm/bind_*.cpp) shares: the handle table through which JS refers to
// C++ objects, the staging buffer input bytes cross in through, and `guarded`, which turns C++
// exceptions into JS Errors.
//
// JS never owns a C++ object: qrels, runs, their streaming readers and the optional side inputs
// (run groups, intents, document lengths, sessions) live in the handle table and are referred to
// by integers; api.mjs releases them. Every bound function runs its body in `guarded`, so a C++
// exception reaches JS as an Error with the CLI's message, named InputError / UsageError
// (`file` and `line` set for input errors) or Cancelled.
#pragma once

#include "irlens/readers/doc_lengths.hpp"
#include "irlens/error.hpp"
#include "irlens/evaluation/evaluate.hpp"
#include "irlens/readers/intents.hpp"
#include "irlens/readers/preferences.hpp"
#include "irlens/readers/input_formats.hpp"
#include "irlens/readers/qrels.hpp"
#include "irlens/readers/run.hpp"
#include "irlens/readers/run_groups.hpp"
#include "irlens/readers/sessions.hpp"

#include <emscripten/val.h>

#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace irlens::wasm {

struct HandleTable {
    std::unordered_map<int, std::unique_ptr<AnyQrelsReader>>
        qrels_readers;  // TREC, BEIR or JSON qrels (input_formats.hpp)
    std::unordered_map<int, std::shared_ptr<const Qrels>> qrels;
    std::unordered_map<int, std::unique_ptr<AnyRunReader>> run_readers;  // TREC, MS MARCO or JSON runs
    std::unordered_map<int, std::shared_ptr<const Run>> runs;
    std::unordered_map<int, std::string> run_formats;  // a run not read as TREC: which reader, and why
    std::unordered_map<int, std::shared_ptr<const RunGroups>> groups;
    std::unordered_map<int, std::shared_ptr<const Intents>> intents;
    std::unordered_map<int, std::shared_ptr<const DocLengths>> doc_lengths;
    std::unordered_map<int, std::shared_ptr<const Sessions>> sessions;
    std::unordered_map<int, std::unique_ptr<PrefsReader>> prefs_readers;
    /// Preference judgments, under the handle of their (topic, doc) index in `qrels` (bind_prefs.cpp):
    /// a qrels handle found here stands for preferences (trec_eval -R prefs / qrels_prefs).
    std::unordered_map<int, std::shared_ptr<const Preferences>> prefs;
    int next = 1;

    /// Stores `value` in `map` under a new handle and returns the handle.
    template <class Map, class T>
    int add(Map& map, T value) {
        int h = next++;
        map[h] = std::move(value);
        return h;
    }
    /// Forgets a handle, whatever it refers to (unknown handles are ignored).
    void release(int handle);
};

HandleTable& table();

/// The object behind `handle` in `map`; UsageError naming `what` when there is none.
template <class Map>
auto& lookup(Map& map, int handle, const char* what) {
    auto it = map.find(handle);
    if (it == map.end())
        throw UsageError(std::string("invalid or released ") + what + " handle " + std::to_string(handle));
    return it->second;
}

/// The preferences a qrels handle stands for (loaded by bind_prefs.cpp), or nullptr for qrels.
std::shared_ptr<const Preferences> prefs_of(int qrels_handle);

/// The measures of a JS array of measure lists ("P@10 AP", ...), distinct, and each item as typed.
std::vector<MeasureSpec> measures_from_js(const emscripten::val& measure_names, std::vector<std::string>& typed);

/// The runs behind a JS array of run handles.
std::vector<std::shared_ptr<const Run>> runs_from_js(const emscripten::val& handles);

/// EvalOptions from the JS options object {missing: "skip"|"zero", progress: fraction -> false to
/// cancel, groups, intents, docLengths, sessions: handles of side inputs (bind_inputs.cpp)}; each
/// field optional.
EvalOptions eval_options(const emscripten::val& options);

/// Input bytes cross into WASM memory through one reusable staging buffer: JS asks for room
/// (staging(size) returns its address), copies the bytes there with one HEAPU8.set, then calls a
/// function that takes their size and reads them with staged(size). (Passing a Uint8Array as a
/// std::string makes Embind 3.1.6 copy it byte by byte in JS.)
double staging(double size);
/// The first `size` bytes of the staging buffer. UsageError if `size` exceeds the buffer.
std::string_view staged(double size);

/// Throws the JS Error that describes the exception currently being handled.
[[noreturn]] void rethrow_as_js(std::exception_ptr e);

/// Runs f, turning a C++ exception into a JS Error.
template <class F>
auto guarded(F&& f) -> decltype(f()) {
    std::exception_ptr error;
    try {
        return f();
    } catch (...) {
        error = std::current_exception();
    }
    rethrow_as_js(error);  // outside the catch block: the C++ exception is finished with first
}

}  // namespace irlens::wasm
