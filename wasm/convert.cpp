#include "convert.hpp"

#include "irlens/stats/confidence.hpp"
#include "irlens/error.hpp"
#include "irlens/readers/text.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <numeric>

using emscripten::val;

namespace irlens::wasm {

namespace {

const char* kind_name(ParamKind k) {
    switch (k) {
        case ParamKind::Int: return "int";
        case ParamKind::Real: return "real";
        case ParamKind::Bool: return "bool";
        case ParamKind::Word: return "word";
        case ParamKind::Gains: return "gains";
        case ParamKind::RealList: return "real_list";
        case ParamKind::WordList: return "word_list";
    }
    return "";
}

const char* direction_name(Direction d) {
    return d == Direction::Higher ? "higher" : d == Direction::Lower ? "lower" : "neither";
}

const char* aggregate_name(Aggregate a) {
    return a == Aggregate::Sum ? "sum" : a == Aggregate::GeoMean ? "gmean" : "mean";
}

// A range bound: null where unbounded.
val bound(double x) { return x == DBL_MAX || x == -DBL_MAX ? val::null() : val(x); }

// {min, max, minOpen, maxOpen, text}, as `irlens measures --format json` prints it.
val range_to_js(const Range& r) {
    val o = val::object();
    o.set("min", bound(r.min));
    o.set("max", bound(r.max));
    o.set("minOpen", r.min_open);
    o.set("maxOpen", r.max_open);
    o.set("text", r.text());
    return o;
}

}  // namespace

val js_text(std::string_view s) { return val(text::to_utf8(s)); }

std::vector<std::string> strings_from_js(const val& array) {
    std::vector<std::string> out;
    unsigned n = array["length"].as<unsigned>();
    for (unsigned i = 0; i < n; ++i) out.push_back(array[i].as<std::string>());
    return out;
}

val strings_to_js(const std::vector<std::string>& strings) {
    val a = val::array();
    for (const std::string& s : strings) a.call<void>("push", js_text(s));
    return a;
}

val measure_info_to_js(const MeasureInfo& m) {
    val o = val::object();
    o.set("name", m.name);
    o.set("aliases", strings_to_js(m.aliases));
    o.set("family", m.family);
    o.set("help", m.help);
    o.set("citation", m.citation);
    o.set("cutoff", m.cutoff == CutoffKind::None ? val::null() : val(m.cutoff == CutoffKind::Int ? "int" : "real"));
    o.set("cutoffRequired", m.cutoff_required);
    o.set("aggregate", aggregate_name(m.aggregate));
    o.set("integer", m.integer);
    o.set("textValued", m.text_valued);
    o.set("direction", direction_name(m.direction));
    o.set("values", m.text_valued ? val::null() : range_to_js(m.values));
    o.set("kind", m.kind == MeasureKind::Set ? "set" : "ranked");
    val needs = val::array();
    for (Need n : m.needs) needs.call<void>("push", val(need_name(n)));
    o.set("needs", needs);
    o.set("explainable", m.explainable());  // compiles the measure: once per row, here
    val params = val::array();
    for (const ParamInfo& p : m.params) {
        val q = val::object();
        q.set("name", p.name);
        q.set("kind", kind_name(p.kind));
        q.set("default", p.default_value.empty() ? val::null() : val(p.default_value));
        q.set("help", p.help);
        q.set("required", p.required);
        q.set("choices", strings_to_js(p.choices));
        if (!p.outputs.empty()) {  // a word that selects what the measure reports: each choice's presentation
            val outputs = val::object();
            for (std::size_t c = 0; c < p.choices.size(); ++c) {
                val o = val::object();
                o.set("direction", direction_name(p.outputs[c].direction));
                o.set("values", range_to_js(p.outputs[c].values));
                outputs.set(p.choices[c], o);
            }
            q.set("outputs", outputs);
        }
        params.call<void>("push", q);
    }
    o.set("params", params);
    return o;
}

val spec_to_js(const MeasureSpec& s) {
    val o = val::object();
    o.set("name", s.name());
    o.set("full", s.full_name());
    o.set("measure", s.info().name);
    o.set("cutoff", s.has_cutoff() ? val(s.cutoff()) : val::null());
    o.set("aggregate", aggregate_name(s.aggregate()));
    o.set("integer", s.info().integer);
    o.set("textValued", s.info().text_valued);
    return o;
}

val evaluation_to_js(const Evaluation& ev, const Qrels& qrels, const std::vector<std::string>& typed) {
    val o = val::object();
    val q = val::object();
    q.set("name", js_text(qrels.source()));
    q.set("topics", static_cast<double>(qrels.num_topics()));
    o.set("qrels", q);
    val measures = val::array();
    for (std::size_t m = 0; m < ev.measures.size(); ++m) {
        val spec = spec_to_js(ev.measures[m]);
        spec.set("typed", m < typed.size() ? typed[m] : ev.measures[m].name());
        measures.call<void>("push", spec);
    }
    o.set("measures", measures);
    o.set("missing", ev.missing == MissingTopics::Skip ? "skip" : "zero");
    o.set("warnings", strings_to_js(ev.warnings));
    const std::vector<std::vector<Interval>> ci = mean_intervals(ev);
    val runs = val::array();
    for (std::size_t i = 0; i < ev.runs.size(); ++i) {
        const RunScores& r = ev.runs[i];
        val jr = val::object();
        jr.set("name", js_text(r.name));
        jr.set("tag", js_text(r.tag));
        jr.set("topics", strings_to_js(r.topics));
        std::vector<double> values, low, high;
        values.reserve(ev.measures.size() * r.topics.size());
        val texts = val::object();
        for (std::size_t m = 0; m < ev.measures.size(); ++m) {
            values.insert(values.end(), r.values[m].begin(), r.values[m].end());
            if (!r.texts[m].empty()) texts.set(std::to_string(m), strings_to_js(r.texts[m]));
            low.push_back(ci[i][m].low);
            high.push_back(ci[i][m].high);
        }
        jr.set("values", float64_array(values));
        jr.set("texts", texts);
        jr.set("aggregate", float64_array(r.aggregate));
        jr.set("ciLow", float64_array(low));
        jr.set("ciHigh", float64_array(high));
        runs.call<void>("push", jr);
    }
    o.set("runs", runs);
    return o;
}

Evaluation evaluation_from_js(const val& e) {
    Evaluation ev;
    const val names = e["measures"];
    for (unsigned i = 0, n = names["length"].as<unsigned>(); i < n; ++i) {
        const val m = names[i];
        const std::string name = m.isString() ? m.as<std::string>() : m["name"].as<std::string>();
        for (MeasureSpec& s : parse_measures(name)) add_distinct(ev.measures, std::move(s));
    }
    const std::string missing = e["missing"].isString() ? e["missing"].as<std::string>() : "skip";
    if (missing != "skip" && missing != "zero") throw UsageError("missing must be skip or zero, got '" + missing + "'");
    ev.missing = missing == "zero" ? MissingTopics::Zero : MissingTopics::Skip;
    if (e["warnings"].isArray()) ev.warnings = strings_from_js(e["warnings"]);
    const std::size_t M = ev.measures.size();
    const val runs = e["runs"];
    for (unsigned i = 0, n = runs["length"].as<unsigned>(); i < n; ++i) {
        const val r = runs[i];
        RunScores s;
        s.name = r["name"].as<std::string>();
        s.tag = r["tag"].isString() ? r["tag"].as<std::string>() : "";
        const std::vector<std::string> topics = strings_from_js(r["topics"]);
        const std::vector<double> values = emscripten::convertJSArrayToNumberVector<double>(r["values"]);
        const std::size_t T = topics.size();
        if (values.size() != M * T)
            throw UsageError("run '" + s.name + "': expected " + std::to_string(M * T) +
                             " scores (measures x topics), got " + std::to_string(values.size()));
        std::vector<std::size_t> order(T);
        std::iota(order.begin(), order.end(), std::size_t(0));
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return topics[a] < topics[b]; });
        for (std::size_t k : order) s.topics.push_back(topics[k]);
        s.values.assign(M, std::vector<double>(T));
        s.texts.resize(M);
        const val texts = r["texts"];
        for (std::size_t m = 0; m < M; ++m) {
            for (std::size_t t = 0; t < T; ++t) s.values[m][t] = values[m * T + order[t]];
            s.aggregate.push_back(aggregate(ev.measures[m], s.values[m]));
            if (!ev.measures[m].info().text_valued || texts.isUndefined() || texts.isNull()) continue;
            const val column = texts[std::to_string(m)];
            if (column.isUndefined()) continue;
            const std::vector<std::string> given = strings_from_js(column);
            if (given.size() != T)
                throw UsageError("run '" + s.name + "': expected " + std::to_string(T) + " texts of " +
                                 ev.measures[m].name());
            for (std::size_t k : order) s.texts[m].push_back(given[k]);
        }
        ev.runs.push_back(std::move(s));
    }
    return ev;
}

val explanation_to_js(const Explanation& e) {
    auto number = [](double v) { return std::isfinite(v) ? val(v) : val::null(); };
    val o = val::object();
    o.set("measure", e.measure);
    o.set("run", js_text(e.run));
    o.set("topic", js_text(e.topic));
    o.set("formula", e.formula);
    o.set("columns", strings_to_js(e.columns));
    o.set("missing", e.missing);
    o.set("value", e.value);
    o.set("text", js_text(e.text));  // a text-valued measure's value (RelString); "" for the others
    val rows = val::array();
    for (const ExplainRow& r : e.rows) {
        val row = val::object();
        row.set("rank", static_cast<double>(r.rank));
        row.set("retrieved", r.retrieved);
        row.set("doc", js_text(r.doc));
        row.set("rel", r.rel);
        val values = val::array();
        for (double v : r.values) values.call<void>("push", number(v));
        row.set("values", values);
        rows.call<void>("push", row);
    }
    o.set("rows", rows);
    val terms = val::array();
    for (const auto& [name, v] : e.terms) {
        val t = val::object();
        t.set("name", name);
        t.set("value", number(v));
        terms.call<void>("push", t);
    }
    o.set("terms", terms);
    return o;
}

}  // namespace irlens::wasm
