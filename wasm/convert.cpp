#include "convert.hpp"

#include "irlens/readers/text.hpp"

#include <cmath>

using emscripten::val;

namespace irlens::wasm {

namespace {

val float64_array(const std::vector<double>& v) {
    // A copy (new Float64Array(view)): a view of WASM memory would be detached by memory growth.
    return val::global("Float64Array").new_(emscripten::typed_memory_view(v.size(), v.data()));
}

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

const char* aggregate_name(Aggregate a) {
    return a == Aggregate::Sum ? "sum" : a == Aggregate::GeoMean ? "gmean" : "mean";
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
    val params = val::array();
    for (const ParamInfo& p : m.params) {
        val q = val::object();
        q.set("name", p.name);
        q.set("kind", kind_name(p.kind));
        q.set("default", p.default_value.empty() ? val::null() : val(p.default_value));
        q.set("help", p.help);
        q.set("required", p.required);
        q.set("choices", strings_to_js(p.choices));
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

val evaluation_to_js(const Evaluation& ev) {
    val o = val::object();
    val measures = val::array();
    for (const MeasureSpec& m : ev.measures) measures.call<void>("push", spec_to_js(m));
    o.set("measures", measures);
    o.set("missing", ev.missing == MissingTopics::Skip ? "skip" : "zero");
    o.set("warnings", strings_to_js(ev.warnings));
    val runs = val::array();
    for (const RunScores& r : ev.runs) {
        val jr = val::object();
        jr.set("name", js_text(r.name));
        jr.set("tag", js_text(r.tag));
        jr.set("topics", strings_to_js(r.topics));
        std::vector<double> values;
        values.reserve(ev.measures.size() * r.topics.size());
        val texts = val::object();
        for (std::size_t m = 0; m < ev.measures.size(); ++m) {
            values.insert(values.end(), r.values[m].begin(), r.values[m].end());
            if (!r.texts[m].empty()) texts.set(std::to_string(m), strings_to_js(r.texts[m]));
        }
        jr.set("values", float64_array(values));
        jr.set("texts", texts);
        jr.set("aggregate", float64_array(r.aggregate));
        jr.set("ciLow", float64_array(r.ci_low));
        jr.set("ciHigh", float64_array(r.ci_high));
        runs.call<void>("push", jr);
    }
    o.set("runs", runs);
    return o;
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
