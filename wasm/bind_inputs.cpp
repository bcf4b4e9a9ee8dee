// Embind registration of the optional side inputs some measures and analyses need, each read
// whole from the staging buffer (handles.hpp) into the handle table: run groups (run -> group:
// NRG's prior policies, unique contributions, leave-one-out), intent probabilities and types
// (diversity), document lengths (TBG, U-measure) and sessions (session DCG). Also the
// EvalOptions every evaluating binding builds from its JS options.
#include "convert.hpp"
#include "handles.hpp"

#include "irlens/measures/measure_list.hpp"

#include <emscripten/bind.h>
#include <emscripten/val.h>

using emscripten::val;

namespace irlens::wasm {

std::vector<MeasureSpec> measures_from_js(const val& measure_names, std::vector<std::string>& typed) {
    std::vector<MeasureSpec> measures;
    for (const std::string& list : strings_from_js(measure_names)) {
        for (const std::string& item : split_measure_list(list)) {
            const std::size_t before = measures.size();
            add_distinct(measures, parse_measure(item));
            if (measures.size() > before) typed.push_back(item);
        }
    }
    return measures;
}

std::vector<std::shared_ptr<const Run>> runs_from_js(const val& handles) {
    std::vector<std::shared_ptr<const Run>> runs;
    unsigned n = handles["length"].as<unsigned>();
    for (unsigned i = 0; i < n; ++i) runs.push_back(lookup(table().runs, handles[i].as<int>(), "run"));
    return runs;
}

namespace {

/// The handle in options[field], or 0 when the field is absent.
int handle_field(const val& options, const char* field) {
    val v = options[field];
    if (v.isUndefined() || v.isNull()) return 0;
    return v.as<int>();
}

}  // namespace

EvalOptions eval_options(const val& options) {
    EvalOptions eo;
    if (options.isUndefined() || options.isNull()) return eo;
    val missing = options["missing"];
    if (!missing.isUndefined()) {
        std::string m = missing.as<std::string>();
        if (m != "skip" && m != "zero") throw UsageError("missing must be skip or zero, got '" + m + "'");
        eo.missing = m == "zero" ? MissingTopics::Zero : MissingTopics::Skip;
    }
    val progress = options["progress"];
    if (!progress.isUndefined() && !progress.isNull())
        eo.progress = [progress](double f) { return !progress(f).strictlyEquals(val(false)); };
    HandleTable& t = table();
    if (int h = handle_field(options, "groups")) eo.groups = lookup(t.groups, h, "groups");
    if (int h = handle_field(options, "intents")) eo.intents = lookup(t.intents, h, "intents");
    if (int h = handle_field(options, "docLengths")) eo.doc_lengths = lookup(t.doc_lengths, h, "document lengths");
    if (int h = handle_field(options, "sessions")) eo.sessions = lookup(t.sessions, h, "sessions");
    return eo;
}

namespace {

/// A run -> group file (run_groups.hpp: TSV, or CSV with a header naming its run and group
/// columns). Returns the handle.
int load_groups(const std::string& name, double size) {
    return guarded([&] {
        return table().add(table().groups, std::make_shared<const RunGroups>(RunGroups::parse(name, staged(size))));
    });
}

/// {source, runs: [..], groups: [..]} in file order.
val groups_info(int h) {
    return guarded([&] {
        const RunGroups& g = *lookup(table().groups, h, "groups");
        std::vector<std::string> runs, groups;
        for (std::size_t i = 0; i < g.size(); ++i) {
            runs.push_back(g.run(i));
            groups.push_back(g.group(i));
        }
        val o = val::object();
        o.set("source", g.source());
        o.set("runs", strings_to_js(runs));
        o.set("groups", strings_to_js(groups));
        return o;
    });
}

/// Intent probabilities (`topic subtopic prob`) and/or types (`topic subtopic inf|nav`): the
/// staging buffer holds the probabilities' bytes followed by the types' (either size may be 0,
/// meaning the file was not given). Returns the handle.
int load_intents(const std::string& probabilities_name, double probabilities_size, const std::string& types_name,
                 double types_size) {
    return guarded([&] {
        std::string_view both = staged(probabilities_size + types_size);
        auto intents = std::make_shared<Intents>();
        if (probabilities_size > 0)
            intents->read_probabilities(probabilities_name,
                                        both.substr(0, static_cast<std::size_t>(probabilities_size)));
        if (types_size > 0) intents->read_types(types_name, both.substr(static_cast<std::size_t>(probabilities_size)));
        return table().add(table().intents, std::shared_ptr<const Intents>(std::move(intents)));
    });
}

/// A `doc<TAB>characters[<TAB>words]` file. Returns the handle.
int load_doc_lengths(const std::string& name, double size) {
    return guarded([&] { return table().add(table().doc_lengths, read_doc_lengths(name, staged(size))); });
}

double doc_lengths_size(int h) {
    return guarded([&] { return static_cast<double>(lookup(table().doc_lengths, h, "document lengths")->size()); });
}

/// A `session<TAB>position<TAB>topic` file. Returns the handle.
int load_sessions(const std::string& name, double size) {
    return guarded([&] { return table().add(table().sessions, read_sessions(name, staged(size))); });
}

/// [{id, topics: [..]}] in file order.
val sessions_info(int h) {
    return guarded([&] {
        val a = val::array();
        for (const Sessions::Session& s : lookup(table().sessions, h, "sessions")->sessions()) {
            val o = val::object();
            o.set("id", js_text(s.id));
            o.set("topics", strings_to_js(s.topics));
            a.call<void>("push", o);
        }
        return a;
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(irlens_inputs) {
    emscripten::function("loadGroups", &load_groups);
    emscripten::function("groupsInfo", &groups_info);
    emscripten::function("loadIntents", &load_intents);
    emscripten::function("loadDocLengths", &load_doc_lengths);
    emscripten::function("docLengthsSize", &doc_lengths_size);
    emscripten::function("loadSessions", &load_sessions);
    emscripten::function("sessionsInfo", &sessions_info);
}

}  // namespace irlens::wasm
