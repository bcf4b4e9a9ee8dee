// Embind registration of preference judgments (trec_eval's -R prefs / -R qrels_prefs input,
// irlens/readers/preferences.hpp), read by a streaming PrefsReader like qrels. What JS gets back is a
// qrels handle: the (topic, doc) index runs are read against, with the preferences kept beside
// it in HandleTable::prefs under the same handle, so that loadRun, evaluate and trecEval take
// preferences where they take qrels (bindings.cpp looks the handle up there).
#include "convert.hpp"
#include "handles.hpp"

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

using emscripten::val;

namespace irlens::wasm {

namespace {

PrefsFormat prefs_format(const std::string& f) {
    if (f == "prefs") return PrefsFormat::Prefs;
    if (f == "qrels_prefs") return PrefsFormat::QrelsPrefs;
    throw UsageError("preferences format must be prefs or qrels_prefs, got '" + f + "'");
}

int prefs_begin(const std::string& name, const std::string& format) {
    return guarded([&] {
        PrefsFormat f = prefs_format(format);
        return table().add(table().prefs_readers, std::make_unique<PrefsReader>(name, f));
    });
}

void prefs_feed(int h, double size) {
    guarded([&] { lookup(table().prefs_readers, h, "preferences reader")->feed(staged(size)); });
}

/// Returns the qrels handle of the preferences' (topic, doc) index.
int prefs_finish(int h) {
    return guarded([&] {
        auto reader = std::move(lookup(table().prefs_readers, h, "preferences reader"));
        table().prefs_readers.erase(h);
        std::shared_ptr<const Preferences> prefs = reader->finish();
        int q = table().add(table().qrels, prefs->qrels());
        table().prefs[q] = prefs;
        return q;
    });
}

/// {name, format: "prefs"|"qrels_prefs", lines}.
val prefs_info(int h) {
    return guarded([&] {
        const Preferences& p = *lookup(table().prefs, h, "preferences");
        val o = val::object();
        o.set("name", p.source());
        o.set("format", p.format() == PrefsFormat::Prefs ? "prefs" : "qrels_prefs");
        o.set("lines", static_cast<double>(p.num_lines()));
        return o;
    });
}

}  // namespace

std::shared_ptr<const Preferences> prefs_of(int qrels_handle) {
    auto it = table().prefs.find(qrels_handle);
    return it == table().prefs.end() ? nullptr : it->second;
}

EMSCRIPTEN_BINDINGS(irlens_prefs) {
    emscripten::function("prefsBegin", &prefs_begin);
    emscripten::function("prefsFeed", &prefs_feed);
    emscripten::function("prefsFinish", &prefs_finish);
    emscripten::function("prefsInfo", &prefs_info);
}

}  // namespace irlens::wasm
