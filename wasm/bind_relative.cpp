// Embind registration of the analyses that score runs against each other (issue 4): the rarity
// report, unique contributions, the alpha sweep and Algorithm 1 of Türkmen, Lease & Kutlu (ECIR
// 2023). Each returns the object `irlens rarity | unique | relative sweep | relative sample
// --format json` prints - {irlens, command, qrels, ...settings, columns, rows: [{column: value}]},
// NaN as null - with the qrels' name where the CLI has the qrels path. The analyses are the core's
// (irlens/relative/rarity.hpp, irlens/relative/unique.hpp); api-relative.mjs checks the arguments before they cross.
#include "convert.hpp"
#include "handles.hpp"

#include "irlens/relative/rarity.hpp"
#include "irlens/relative/unique.hpp"
#include "irlens/version.hpp"

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <string>
#include <vector>

using emscripten::val;

namespace irlens::wasm {

namespace {

val number(double v) { return std::isfinite(v) ? val(v) : val::null(); }

/// {irlens, command, qrels} - the provenance every analysis starts with.
val header(const char* command, const Qrels& qrels) {
    val o = val::object();
    o.set("irlens", std::string(IRLENS_VERSION));
    o.set("command", std::string(command));
    o.set("qrels", qrels.source());
    return o;
}

/// Adds `columns` and `rows` (an array of objects built by the caller).
void set_table(val& o, const std::vector<std::string>& columns, const val& rows) {
    o.set("columns", strings_to_js(columns));
    o.set("rows", rows);
}

/// Sets `field` from a JS number, unless it is null or undefined (the core's default stays).
template <class T>
void take(const val& v, T& field) {
    if (!v.isNull() && !v.isUndefined()) field = static_cast<T>(v.as<double>());
}

MissingTopics missing_of(const std::string& m) {
    if (m == "skip") return MissingTopics::Skip;
    if (m == "zero") return MissingTopics::Zero;
    throw UsageError("missing must be skip or zero, got '" + m + "'");
}

/// depth, rel: null for RarityOptions' defaults (the whole run, 1); pool: [run names] (empty: every run).
val rarity_report_js(int qrels_handle, val run_handles, val depth, val pool, val rel) {
    return guarded([&] {
        auto q = lookup(table().qrels, qrels_handle, "qrels");
        RarityOptions o;
        take(depth, o.depth);
        o.pool = strings_from_js(pool);
        take(rel, o.rel_level);
        RarityReport report = rarity_report(q, runs_from_js(run_handles), o);
        val out = header("rarity", *q);
        out.set("depth", report.depth < 0 ? val::null() : val(static_cast<double>(report.depth)));
        out.set("rel", static_cast<double>(o.rel_level));
        out.set("systems", static_cast<double>(report.systems));
        out.set("pool", strings_to_js(report.pool));
        val rows = val::array();
        for (const RareDocument& d : report.documents) {
            val r = val::object();
            r.set("topic", js_text(d.topic));
            r.set("doc", js_text(d.doc));
            r.set("rel", d.rel);
            r.set("found_by", static_cast<double>(d.found_by));
            r.set("systems", static_cast<double>(report.systems));
            r.set("rarity", number(d.rarity));
            r.set("rarity_mixture", number(d.rarity_mixture));
            r.set("only_run", js_text(d.only_run));
            rows.call<void>("push", r);
        }
        set_table(out, {"topic", "doc", "rel", "found_by", "systems", "rarity", "rarity_mixture", "only_run"}, rows);
        return out;
    });
}

/// groups_handle 0: every run is its own group; rel null: the default (1).
val unique_contributions_js(int qrels_handle, val run_handles, int groups_handle, double depth, val rel,
                            const std::string& missing) {
    return guarded([&] {
        auto q = lookup(table().qrels, qrels_handle, "qrels");
        std::shared_ptr<const RunGroups> groups;
        if (groups_handle) groups = lookup(table().groups, groups_handle, "groups");
        UniqueContributions defaults;
        take(rel, defaults.rel_level);
        UniqueContributions u = unique_contributions(q, runs_from_js(run_handles), groups.get(),
                                                     static_cast<long>(depth), defaults.rel_level, missing_of(missing));
        val out = header("unique", *q);
        out.set("depth", static_cast<double>(u.depth));
        out.set("rel", static_cast<double>(u.rel_level));
        out.set("missing", missing);
        out.set("topics", static_cast<double>(u.topics));
        out.set("groups", groups ? val(groups->source()) : val::null());
        val rows = val::array();
        auto add = [&](const char* scope, const UniqueCount& c) {
            val r = val::object();
            r.set("scope", std::string(scope));
            r.set("name", js_text(c.name));
            r.set("group", js_text(c.group));
            r.set("runs", static_cast<double>(c.runs));
            r.set("mean", number(c.mean));
            r.set("total", static_cast<double>(c.total));
            rows.call<void>("push", r);
        };
        for (const UniqueCount& c : u.runs) add("run", c);
        for (const UniqueCount& c : u.groups) add("group", c);
        set_table(out, {"scope", "name", "group", "runs", "mean", "total"}, rows);
        return out;
    });
}

/// measures: names without alpha; alphas: [] for the default grid.
val alpha_sweep_js(int qrels_handle, val run_handles, val measures, val alphas, const std::string& missing) {
    return guarded([&] {
        auto q = lookup(table().qrels, qrels_handle, "qrels");
        auto runs = runs_from_js(run_handles);
        std::vector<AlphaPoint> points = alpha_sweep(q, runs, strings_from_js(measures),
                                                     emscripten::vecFromJSArray<double>(alphas), missing_of(missing));
        val out = header("relative sweep", *q);
        out.set("runs", static_cast<double>(runs.size()));
        out.set("missing", missing);
        val rows = val::array();
        for (const AlphaPoint& p : points) {
            val r = val::object();
            r.set("measure", p.measure);
            r.set("alpha", number(p.alpha));
            r.set("tau_b", number(p.tau_b));
            rows.call<void>("push", r);
        }
        set_table(out, {"measure", "alpha", "tau_b"}, rows);
        return out;
    });
}

/// measures: names with alpha; sizes: [] for the default; trials, seed: null for the core's
/// defaults (SampleSizeOptions); progress: fraction -> false to cancel (or undefined).
val sample_size_tau_js(int qrels_handle, val run_handles, val measures, val sizes, val trials, val seed,
                       const std::string& missing, val progress) {
    return guarded([&] {
        auto q = lookup(table().qrels, qrels_handle, "qrels");
        auto runs = runs_from_js(run_handles);
        SampleSizeOptions o;
        for (double n : emscripten::vecFromJSArray<double>(sizes)) o.sizes.push_back(static_cast<std::size_t>(n));
        take(trials, o.trials);
        take(seed, o.seed);
        o.missing = missing_of(missing);
        if (!progress.isUndefined() && !progress.isNull())
            o.progress = [progress](double f) { return !progress(f).strictlyEquals(val(false)); };
        std::vector<SampleSizeRow> table_rows = sample_size_tau(q, runs, strings_from_js(measures), o);
        val out = header("relative sample", *q);
        out.set("runs", static_cast<double>(runs.size()));
        out.set("missing", missing);
        out.set("trials", static_cast<double>(o.trials));
        out.set("seed", static_cast<double>(o.seed));
        val rows = val::array();
        for (const SampleSizeRow& s : table_rows) {
            val r = val::object();
            r.set("measure", s.measure);
            r.set("runs", static_cast<double>(s.point.runs));
            r.set("trials", static_cast<double>(s.point.trials));
            r.set("defined", static_cast<double>(s.point.defined));
            r.set("mean_tau_b", number(s.point.mean_tau_b));
            rows.call<void>("push", r);
        }
        set_table(out, {"measure", "runs", "trials", "defined", "mean_tau_b"}, rows);
        return out;
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(irlens_relative) {
    emscripten::function("rarityReport", &rarity_report_js);
    emscripten::function("uniqueContributions", &unique_contributions_js);
    emscripten::function("alphaSweep", &alpha_sweep_js);
    emscripten::function("sampleSizeTau", &sample_size_tau_js);
}

}  // namespace irlens::wasm
