// Embind registration of the basics the JS wrapper (wasm/api.mjs) calls: the registry, qrels
// and run readers, evaluation, rankings, explanations and the trec_eval front end. Registration
// and argument plumbing only; the handle table is handles.hpp, conversions convert.cpp, everything
// else the core. Other areas register in their own bind_*.cpp.
#include "convert.hpp"
#include "handles.hpp"

#include "irlens/stats/correlation.hpp"
#include "irlens/error.hpp"
#include "irlens/frontends/json_documents.hpp"
#include "irlens/frontends/input_words.hpp"
#include "irlens/evaluation/evaluate.hpp"
#include "irlens/evaluation/explain.hpp"
#include "irlens/measures/measure_list.hpp"
#include "irlens/evaluation/ranking.hpp"
#include "irlens/stats/risk.hpp"
#include "irlens/frontends/trec_eval.hpp"
#include "irlens/version.hpp"

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <memory>

using emscripten::val;

namespace irlens::wasm {

namespace {

std::string version() { return IRLENS_VERSION; }

val registry_js() {
    val a = val::array();
    for (const MeasureInfo& m : registry()) a.call<void>("push", measure_info_to_js(m));
    return a;
}

val groups_js() {
    val a = val::array();
    for (const MeasureGroup& g : measure_groups()) {
        val o = val::object();
        o.set("name", g.name);
        o.set("help", g.help);
        o.set("measures", strings_to_js(g.measures));
        a.call<void>("push", o);
    }
    return a;
}

val parse_measure_js(const std::string& text) {
    return guarded([&] { return spec_to_js(parse_measure(text)); });
}

val parse_measures_js(const std::string& text) {
    return guarded([&] {
        val a = val::array();
        for (const MeasureSpec& s : parse_measures(text)) a.call<void>("push", spec_to_js(s));
        return a;
    });
}

/// `bytes`: the input's size when known (0: not), AnyQrelsReader::expect_bytes' hint.
int qrels_begin(const std::string& name, const std::string& format, double bytes) {
    return guarded([&] {
        int h = table().next++;
        auto reader = std::make_unique<AnyQrelsReader>(name, qrels_format_word(format));
        if (bytes > 0) reader->expect_bytes(static_cast<std::uint64_t>(bytes));
        table().qrels_readers[h] = std::move(reader);
        return h;
    });
}

void qrels_feed(int h, double size) {
    guarded([&] { lookup(table().qrels_readers, h, "qrels reader")->feed(staged(size)); });
}

int qrels_finish(int h) {
    return guarded([&] {
        auto reader = std::move(lookup(table().qrels_readers, h, "qrels reader"));
        table().qrels_readers.erase(h);
        int q = table().next++;
        table().qrels[q] = reader->finish();
        return q;
    });
}

val qrels_info(int h) {
    return guarded([&] {
        const Qrels& q = *lookup(table().qrels, h, "qrels");
        val o = val::object();
        o.set("name", q.source());
        o.set("format", q.format() == QrelsFormat::Plain ? "plain" : "diversity");
        val topics = val::array();
        for (std::size_t t = 0; t < q.num_topics(); ++t) topics.call<void>("push", js_text(q.topic_id(t)));
        o.set("topics", topics);
        o.set("judgments", static_cast<double>(q.num_judgments()));
        o.set("maxGrade", q.max_grade());
        o.set("warnings", strings_to_js(text::warnings(q.text_notes(), q.source())));  // BOM, invalid UTF-8
        return o;
    });
}

int run_begin(int qrels_handle, const std::string& name, const std::string& order, const std::string& format) {
    return guarded([&] {
        auto q = lookup(table().qrels, qrels_handle, "qrels");
        const InputFormat given = parse_run_format(format);  // "auto": by content
        int h = table().next++;
        table().run_readers[h] = std::make_unique<AnyRunReader>(q, name, run_order_word(order), given);
        return h;
    });
}

void run_feed(int h, double size) {
    guarded([&] { lookup(table().run_readers, h, "run reader")->feed(staged(size)); });
}

int run_finish(int h) {
    return guarded([&] {
        auto reader = std::move(lookup(table().run_readers, h, "run reader"));
        table().run_readers.erase(h);
        int r = table().next++;
        table().runs[r] = reader->finish();
        if (reader->input_format() != InputFormat::Trec)  // the same words as the CLI's warning
            table().run_formats[r] = table().runs[r]->name() + ": read as a" +
                                     (reader->input_format() == InputFormat::MsMarco ? "n " : " ") +
                                     input_format_name(reader->input_format()) + " run (" + reader->format_evidence() +
                                     ")";
        return r;
    });
}

val run_info(int h) {
    return guarded([&] {
        const Run& r = *lookup(table().runs, h, "run");
        val o = val::object();
        o.set("name", js_text(r.name()));
        o.set("tag", js_text(r.tag()));  // U+FFFD for invalid UTF-8, as every string out
        o.set("mixedTags", r.mixed_tags());
        o.set("linesRead", static_cast<double>(r.lines_read()));
        o.set("topicsAnswered", static_cast<double>(r.num_topics_answered()));
        o.set("ignoredLines", static_cast<double>(r.ignored_lines()));
        o.set("ignoredTopics", strings_to_js(r.ignored_topics()));
        std::vector<std::string> warnings = text::warnings(r.text_notes(), r.name());  // BOM, invalid UTF-8
        auto format = table().run_formats.find(h);
        if (format != table().run_formats.end()) warnings.push_back(format->second);
        o.set("warnings", strings_to_js(warnings));
        return o;
    });
}

void release(int h) { table().release(h); }

/// options: see eval_options (handles.hpp). The evaluation's wire format (evaluation_to_js).
val evaluate_js(int qrels_handle, val run_handles, val measure_names, val options) {
    return guarded([&] {
        auto q = lookup(table().qrels, qrels_handle, "qrels");
        std::vector<std::string> typed;  // as typed: the items of each list
        std::vector<MeasureSpec> measures = measures_from_js(measure_names, typed);
        EvalOptions eo = eval_options(options);
        eo.prefs = prefs_of(qrels_handle);  // preference measures, when the "qrels" are preferences
        return evaluation_to_js(evaluate(q, runs_from_js(run_handles), measures, eo), *q, typed);
    });
}

/// The eval document (irlens/frontends/json_documents.hpp eval_json) of wire-format data, as one line of JSON text.
std::string evaluation_json_js(val data, bool per_topic) {
    return guarded([&] {
        EvalDocument doc;
        doc.per_topic = per_topic;
        if (!data["qrels"].isUndefined() && !data["qrels"].isNull())
            doc.qrels = data["qrels"]["name"].as<std::string>();
        const val measures = data["measures"];
        for (unsigned i = 0, n = measures["length"].as<unsigned>(); i < n; ++i)
            if (!measures[i].isString() && measures[i]["typed"].isString())
                doc.typed.push_back(measures[i]["typed"].as<std::string>());
        return eval_json(evaluation_from_js(data), doc, -1);
    });
}

/// Wire-format data of runs whose topics were scored apart, put together (api.mjs joinTopics):
/// each run's topics in the qrels' byte order, its aggregates and mean intervals computed as for
/// evaluate()'s answer (evaluation_from_js, evaluation_to_js); the measures keep their typed names.
val join_topics_js(int qrels_handle, val data) {
    return guarded([&] {
        auto q = lookup(table().qrels, qrels_handle, "qrels");
        std::vector<std::string> typed;
        const val measures = data["measures"];
        for (unsigned i = 0, n = measures["length"].as<unsigned>(); i < n; ++i) {
            const val m = measures[i];
            typed.push_back(m.isString()            ? m.as<std::string>()
                            : m["typed"].isString() ? m["typed"].as<std::string>()
                                                    : m["name"].as<std::string>());
        }
        return evaluation_to_js(evaluation_from_js(data), *q, typed);
    });
}

/// Wins, ties and losses (irlens/stats/risk.hpp: exact signs) of every run of wire-format data against
/// the run named `baseline`, per measure, over the topics both were scored on:
/// {runs: [{name, wins, ties, losses: Float64Array(measures)}]} in the data's run order.
val wins_ties_losses_js(val data, const std::string& baseline) {
    return guarded([&] {
        const Evaluation ev = evaluation_from_js(data);
        const RunScores* base = nullptr;
        for (const RunScores& r : ev.runs)
            if (r.name == baseline) base = &r;
        if (!base) throw UsageError("winsTiesLosses: no run named '" + baseline + "'");
        val runs = val::array();
        for (const RunScores& r : ev.runs) {
            std::vector<double> wins, ties, losses;
            for (std::size_t m = 0; m < ev.measures.size(); ++m) {
                const WinsTiesLosses w = wins_ties_losses(r, *base, m);
                wins.push_back(static_cast<double>(w.wins));
                ties.push_back(static_cast<double>(w.ties));
                losses.push_back(static_cast<double>(w.losses));
            }
            val o = val::object();
            o.set("name", js_text(r.name));
            o.set("wins", float64_array(wins));
            o.set("ties", float64_array(ties));
            o.set("losses", float64_array(losses));
            runs.call<void>("push", o);
        }
        val out = val::object();
        out.set("runs", runs);
        return out;
    });
}

/// The ranked list of one topic: {docs: [...], rels: [grade | -1 not judged | -2 judged negative]}.
val ranking_js(int run_handle, const std::string& topic, int depth) {
    return guarded([&] {
        const Run& r = *lookup(table().runs, run_handle, "run");
        long t = r.qrels().find_topic(topic);
        if (t < 0) throw UsageError("topic '" + topic + "' is not in the qrels");
        val o = val::object();
        val docs = val::array(), rels = val::array();
        if (r.has_topic(static_cast<std::size_t>(t))) {
            RankingOptions opts;
            opts.max_docs = depth > 0 ? depth : opts.max_docs;
            Ranking k = make_ranking(r, static_cast<std::size_t>(t), order_topic(r, static_cast<std::size_t>(t)), opts);
            for (std::size_t i = 0; i < k.rels.size(); ++i) {
                docs.call<void>("push", std::string(r.doc(k.docs[i])));
                rels.call<void>("push", k.rels[i]);
            }
        }
        o.set("docs", docs);
        o.set("rels", rels);
        return o;
    });
}

/// trec_eval's flags (without the file names); zscores: the text of the -Z file ("" if none).
std::string trec_eval_js(int qrels_handle, int run_handle, val args, const std::string& zscores) {
    return guarded([&] {
        TrecEvalCommand c = parse_trec_eval_command(strings_from_js(args));
        auto q = lookup(table().qrels, qrels_handle, "qrels");
        auto r = lookup(table().runs, run_handle, "run");
        c.options.prefs = prefs_of(qrels_handle);
        if (c.rel_format == "prefs" || c.rel_format == "qrels_prefs") {
            const char* want = c.rel_format == "prefs" ? "prefs" : "qrels_prefs";
            if (!c.options.prefs || (c.options.prefs->format() == PrefsFormat::Prefs) != (c.rel_format == "prefs"))
                throw UsageError("-R " + c.rel_format + ": load the judgments with loadPrefs(data, {format: '" + want +
                                 "'})");
        } else if (c.options.prefs) {
            throw UsageError("-R " + c.rel_format +
                             ": these judgments were loaded as preferences (use -R prefs or -R qrels_prefs)");
        }
        bool grouped = c.rel_format == "qrels_jg";
        if (grouped != (q->format() == QrelsFormat::Grouped))
            throw UsageError("-R " + c.rel_format + " does not match the format the qrels were loaded with");
        if (!c.zscores_file.empty()) c.options.zscores = ZScores::parse(c.zscores_file, zscores);
        return trec_eval(c.options, q, r);
    });
}

/// Explain mode: the arithmetic of one measure for one topic of a run (irlens/evaluation/explain.hpp).
/// options: the side inputs, as evaluate's (eval_options), and runs: the handles of the evaluation's
/// runs, which the relative measures (rareness, NRG) score the run against (absent: the run alone).
val explain_js(int run_handle, const std::string& topic, const std::string& measure, val options) {
    return guarded([&] {
        auto r = lookup(table().runs, run_handle, "run");
        std::vector<std::shared_ptr<const Run>> runs;
        if (!options.isUndefined() && !options.isNull() && !options["runs"].isUndefined() && !options["runs"].isNull())
            runs = runs_from_js(options["runs"]);
        for (const auto& other : runs)
            if (other->qrels_ptr() != r->qrels_ptr())
                throw UsageError("explain: run '" + other->name() + "' was read against other qrels than run '" +
                                 r->name() + "'");
        EvalOptions eo = eval_options(options);
        for (const auto& [handle, prefs] :
             table().prefs)  // preference measures, when the run was read against preferences
            if (prefs->qrels() == r->qrels_ptr()) eo.prefs = prefs;
        return explanation_to_js(explain(r->qrels_ptr(), r, topic, parse_measure(measure), eo, runs));
    });
}

/// Kendall's tau between two equally long arrays of numbers (irlens/stats/correlation.hpp);
/// variant "a" or "b". NaN where undefined.
double kendall_tau_js(val x, val y, const std::string& variant) {
    return guarded([&] {
        std::vector<double> a = emscripten::vecFromJSArray<double>(x), b = emscripten::vecFromJSArray<double>(y);
        if (a.size() != b.size()) throw UsageError("kendallTau: the two arrays differ in length");
        if (variant == "a") return kendall_tau_a(a, b);
        if (variant == "b") return kendall_tau_b(a, b);
        throw UsageError("kendallTau: variant must be a or b, got '" + variant + "'");
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(irlens) {
    emscripten::function("version", &version);
    emscripten::function("registry", &registry_js);
    emscripten::function("groups", &groups_js);
    emscripten::function("parseMeasure", &parse_measure_js);
    emscripten::function("parseMeasures", &parse_measures_js);
    emscripten::function("qrelsBegin", &qrels_begin);
    emscripten::function("staging", &staging);
    emscripten::function("qrelsFeed", &qrels_feed);
    emscripten::function("qrelsFinish", &qrels_finish);
    emscripten::function("qrelsInfo", &qrels_info);
    emscripten::function("runBegin", &run_begin);
    emscripten::function("runFeed", &run_feed);
    emscripten::function("runFinish", &run_finish);
    emscripten::function("runInfo", &run_info);
    emscripten::function("release", &release);
    emscripten::function("evaluate", &evaluate_js);
    emscripten::function("evaluationJson", &evaluation_json_js);
    emscripten::function("winsTiesLosses", &wins_ties_losses_js);
    emscripten::function("joinTopics", &join_topics_js);
    emscripten::function("ranking", &ranking_js);
    emscripten::function("trecEval", &trec_eval_js);
    emscripten::function("explain", &explain_js);
    emscripten::function("kendallTau", &kendall_tau_js);
}

}  // namespace irlens::wasm
