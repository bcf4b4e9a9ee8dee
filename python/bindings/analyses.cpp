// The analyses of irlens._core, each the core's or frontends/' function with the GIL released:
// evaluate (an Evaluation handle with numpy views of its values and the CLI's JSON document),
// compare and meta (settings as the CLI's option list, read by frontends/stats_flags: the CLI's
// names, defaults and messages), explain, check, axioms (their JSON documents, as the CLI's
// --format json), and the trec_eval drop-in (its output bytes, or its per-topic values at full
// precision for irlens.pytrec_eval).
#include "common.hpp"

#include "irlens/axioms/axioms.hpp"
#include "irlens/error.hpp"
#include "irlens/evaluation/explain.hpp"
#include "irlens/evaluation/stream.hpp"
#include "irlens/frontends/json_documents.hpp"
#include "irlens/frontends/meta_report.hpp"
#include "irlens/frontends/stats_flags.hpp"
#include "irlens/frontends/trec_eval.hpp"
#include "irlens/readers/preference_judgments.hpp"
#include "irlens/readers/preferences.hpp"
#include "irlens/readers/run_check.hpp"
#include "irlens/stats/comparison.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstdint>

namespace irlens::python {

namespace {

struct PyEvaluation {
    std::shared_ptr<const Evaluation> ptr;
};

py::array_t<double> array_of(const std::vector<double>& v) {
    py::array_t<double> a(static_cast<py::ssize_t>(v.size()));
    std::copy(v.begin(), v.end(), a.mutable_data());
    return a;
}

/// [measure][topic] as one (measures x topics) array.
py::array_t<double> matrix_of(const std::vector<std::vector<double>>& rows, std::size_t columns) {
    py::array_t<double> a({static_cast<py::ssize_t>(rows.size()), static_cast<py::ssize_t>(columns)});
    double* out = a.mutable_data();
    for (const std::vector<double>& r : rows) out = std::copy(r.begin(), r.end(), out);
    return a;
}

PyEvaluation evaluate_py(const PyQrels& qrels, const std::vector<PyRun>& runs, const std::vector<std::string>& measures,
                         const std::string& missing, const PySideInputs* side) {
    std::vector<MeasureSpec> specs = measures_of(measures);
    EvalOptions eo = eval_options(missing);
    PySideInputs::apply(side, eo);
    qrels.apply(eo);
    std::vector<RunPtr> rs = runs_of(runs);
    py::gil_scoped_release unlocked;
    return {std::make_shared<const Evaluation>(evaluate(qrels.ptr, rs, specs, eo))};
}

/// The evaluations of runs evaluated one at a time (each evaluate()'s result for one run, the
/// same measures and missing policy) as one: evaluate() of all the runs at once, when no measure
/// scores a run against the others (stream_obstacle empty: a run's values are its own, and the
/// warnings are each run's in run order). Lets irlens.evaluate let go of each run once scored.
PyEvaluation join_evaluations(const std::vector<PyEvaluation>& parts) {
    if (parts.empty()) throw UsageError("join_evaluations: no evaluation");
    auto joined = std::make_shared<Evaluation>();
    joined->measures = parts.front().ptr->measures;
    joined->missing = parts.front().ptr->missing;
    for (const PyEvaluation& p : parts) {
        if (p.ptr->measures.size() != joined->measures.size() || p.ptr->missing != joined->missing)
            throw UsageError("join_evaluations: the evaluations differ in their measures or missing policy");
        for (std::size_t m = 0; m < joined->measures.size(); ++m)
            if (p.ptr->measures[m].name() != joined->measures[m].name())
                throw UsageError("join_evaluations: the evaluations differ in their measures");
        joined->runs.insert(joined->runs.end(), p.ptr->runs.begin(), p.ptr->runs.end());
        joined->warnings.insert(joined->warnings.end(), p.ptr->warnings.begin(), p.ptr->warnings.end());
    }
    return {std::move(joined)};
}

/// {name, tag, topics, values: (measures x topics), aggregate, texts: [[text per topic] per measure]}:
/// values and aggregate as numpy arrays, or (lists) as lists of floats ([measure][topic]), what the
/// ir_measures drop-in reads with no numpy imported (issue 42: 20 MB resident, more than its peer's
/// whole evaluation of a campaign).
py::dict run_scores(const PyEvaluation& e, std::size_t i, bool lists) {
    const RunScores& r = e.ptr->runs.at(i);
    py::dict d;
    d["name"] = r.name;
    d["tag"] = r.tag;
    d["topics"] = r.topics;
    if (lists) {
        d["values"] = r.values;
        d["aggregate"] = r.aggregate;
    } else {
        d["values"] = matrix_of(r.values, r.topics.size());
        d["aggregate"] = array_of(r.aggregate);
    }
    d["texts"] = r.texts;
    return d;
}

std::string evaluation_json(const PyEvaluation& ev, bool per_topic, const std::string& qrels,
                            const std::vector<std::string>& typed, const std::string& provenance,
                            const std::vector<std::string>& input_warnings, int indent) {
    EvalDocument doc;
    doc.per_topic = per_topic;
    doc.qrels = qrels;
    doc.typed = typed;
    doc.provenance = provenance;
    doc.input_warnings = input_warnings;
    py::gil_scoped_release unlocked;
    return eval_json(*ev.ptr, doc, indent);
}

std::vector<std::string> names_of(const std::vector<RunPtr>& runs) {
    std::vector<std::string> names;
    for (const RunPtr& r : runs) names.push_back(r->name());
    return names;
}

/// args: compare's options as the CLI spells them (--test=t, -B 1000, ...).
std::string compare_py(const PyQrels& qrels, const std::vector<PyRun>& handles,
                       const std::vector<std::string>& measures, const std::vector<std::string>& args,
                       const std::string& missing, const PySideInputs* side) {
    const std::vector<RunPtr> runs = runs_of(handles);
    const CompareSettings s = compare_settings_from_args(args);
    const std::size_t base = s.baseline.empty() ? runs.size() : find_baseline(names_of(runs), s.baseline);
    std::vector<MeasureSpec> specs = measures_of(measures);
    EvalOptions eo = eval_options(missing);
    PySideInputs::apply(side, eo);
    qrels.apply(eo);
    py::gil_scoped_release unlocked;
    return comparison_json(compare_runs(qrels.ptr, runs, specs, eo, s, base), -1);
}

/// preferences: predictive-power's judgments (name, bytes), or None.
std::string meta_py(const std::string& analysis, const PyQrels& qrels, const std::vector<PyRun>& handles,
                    const std::vector<std::string>& measures, const std::vector<std::string>& args,
                    const std::string& missing, const std::optional<std::pair<std::string, std::string>>& preferences,
                    const PySideInputs* side) {
    MetaSettings s = meta_settings_from_args(analysis, args);
    const std::vector<RunPtr> runs = runs_of(handles);
    std::vector<MeasureSpec> specs = measures_of(measures);
    EvalOptions eo = eval_options(missing);
    PySideInputs::apply(side, eo);
    qrels.apply(eo);
    py::gil_scoped_release unlocked;
    if (preferences)
        s.preferences = std::make_shared<const PreferenceJudgments>(
            PreferenceJudgments::parse(preferences->first, preferences->second));
    return meta_json(meta_runs(qrels.ptr, runs, specs, eo, s), -1);
}

/// The explain document of one (run, topic, measure); runs: the evaluation's runs (for the
/// measures that score a run against the others), or empty.
std::string explain_py(const PyQrels& q, const PyRun& r, const std::string& topic, const std::string& measure,
                       const std::vector<PyRun>& handles, const PySideInputs* side) {
    const QrelsPtr& qrels = q.ptr;
    const RunPtr& run = r.ptr;
    const std::vector<RunPtr> runs = runs_of(handles);
    for (const RunPtr& other : runs)
        if (other->qrels_ptr() != run->qrels_ptr())
            throw UsageError("explain: run '" + other->name() + "' was read against other qrels than run '" +
                             run->name() + "'");
    const MeasureSpec spec = parse_measure(measure);
    EvalOptions eo;
    PySideInputs::apply(side, eo);
    q.apply(eo);
    py::gil_scoped_release unlocked;
    return explain_json({explain(qrels, run, topic, spec, eo, runs)}, qrels->source(), -1);
}

/// The check document of one run (its bytes); topics, docs: (name, bytes of an id list) or None.
std::string check_py(const std::string& name, const py::bytes& bytes, const PyQrels* qrels,
                     const std::optional<std::pair<std::string, std::string>>& topics,
                     const std::optional<std::pair<std::string, std::string>>& docs, std::size_t max_docs,
                     const std::string& tag) {
    const std::string data = bytes;
    py::gil_scoped_release unlocked;
    CheckOptions o;
    if (qrels) o.qrels = qrels->ptr;
    o.max_docs = max_docs;
    o.tag = tag;
    auto ids = [](const std::pair<std::string, std::string>& list) {
        IdListReader reader(list.first);
        reader.feed(list.second);
        return reader.finish();
    };
    if (topics) o.topics = ids(*topics);
    if (docs) o.docs = ids(*docs);
    RunChecker checker(name, o);
    checker.feed(data);
    return check_json({checker.finish()}, o, -1);
}

/// measures: [] for the paper's Table 1 metrics, ["all"] for every registered measure.
std::string axioms_py(const std::vector<std::string>& measures, std::uint64_t seed) {
    AxiomOptions o;
    o.seed = seed;
    py::gil_scoped_release unlocked;
    std::vector<AxiomResult> results;
    for (const MeasureSpec& m : axiom_measures(measures))
        for (AxiomResult& r : check_axioms(m, o)) results.push_back(std::move(r));
    return axioms_json(results, o, -1);
}

/// trec_eval's output bytes for its flags (without file names).
std::string trec_eval_py(const PyQrels& q, const PyRun& r, const std::vector<std::string>& args) {
    const QrelsPtr& qrels = q.ptr;
    const RunPtr& run = r.ptr;
    TrecEvalCommand c = parse_trec_eval_command(args);
    if (c.rel_format == "prefs" || c.rel_format == "qrels_prefs") {
        if (!q.prefs || (c.rel_format == "prefs") != (q.prefs->format() == PrefsFormat::Prefs))
            throw UsageError("-R " + c.rel_format + " does not match the format the qrels were read with");
        c.options.prefs = q.prefs;
    } else if (q.prefs || (c.rel_format == "qrels_jg") != (qrels->format() == QrelsFormat::Grouped)) {
        throw UsageError("-R " + c.rel_format + " does not match the format the qrels were read with");
    }
    if (!c.zscores_file.empty()) throw UsageError("-Z is not available from Python");
    py::gil_scoped_release unlocked;
    return trec_eval(c.options, qrels, run);
}

/// (measure names, their canonical names, topics, values: a list of floats per topic) as trec_eval -q computes them,
/// for measures named as trec_eval's -m takes them; rel_level: -l; judged_only: -J; complete: -c (every qrels topic,
/// one the run did not answer scored as trec_eval -c scores it: as an empty ranking, what pytrec_eval gives for one).
py::tuple trec_eval_values_py(const PyQrels& qrels, const PyRun& run, const std::vector<std::string>& measures,
                              long rel_level, bool judged_only, bool complete) {
    TrecEvalOptions o;
    o.measures = measures;
    o.rel_level = rel_level;
    o.judged_only = judged_only;
    o.complete = complete;
    o.per_query = true;
    TrecEvalValues v;
    {
        py::gil_scoped_release unlocked;
        v = trec_eval_values(o, qrels.ptr, run.ptr);
    }
    // The values as a list per topic (floats), not a numpy array: the pytrec_eval drop-in, their
    // one user, makes dicts of them and imports no numpy (issue 42: 20 MB resident).
    const std::size_t width = v.measures.size();
    py::list rows(v.topics.size());
    for (std::size_t t = 0; t < v.topics.size(); ++t) {
        py::list row(width);
        for (std::size_t m = 0; m < width; ++m) row[m] = py::float_(v.values[t * width + m]);
        rows[t] = std::move(row);
    }
    return py::make_tuple(v.measures, v.specs, v.topics, rows);
}

}  // namespace

void register_analyses(py::module_& m) {
    py::class_<PyEvaluation>(m, "Evaluation")
        .def_property_readonly("measures",
                               [](const PyEvaluation& e) {
                                   const Evaluation& ev = *e.ptr;
                                   std::vector<std::string> names;
                                   for (const MeasureSpec& s : ev.measures) names.push_back(s.name());
                                   return names;
                               })
        .def_property_readonly("full_names",
                               [](const PyEvaluation& e) {
                                   const Evaluation& ev = *e.ptr;
                                   std::vector<std::string> names;
                                   for (const MeasureSpec& s : ev.measures) names.push_back(s.full_name());
                                   return names;
                               })
        .def_property_readonly("text_valued",
                               [](const PyEvaluation& e) {
                                   const Evaluation& ev = *e.ptr;
                                   std::vector<bool> t;
                                   for (const MeasureSpec& s : ev.measures) t.push_back(s.info().text_valued);
                                   return t;
                               })
        .def_property_readonly("num_runs",
                               [](const PyEvaluation& e) {
                                   const Evaluation& ev = *e.ptr;
                                   return ev.runs.size();
                               })
        .def_property_readonly("warnings",
                               [](const PyEvaluation& e) {
                                   const Evaluation& ev = *e.ptr;
                                   return ev.warnings;
                               })
        .def_property_readonly("missing",
                               [](const PyEvaluation& e) {
                                   const Evaluation& ev = *e.ptr;
                                   return ev.missing == MissingTopics::Zero ? "zero" : "skip";
                               })
        .def("run", [](const PyEvaluation& e, std::size_t i) { return run_scores(e, i, false); })
        .def("run_lists", [](const PyEvaluation& e, std::size_t i) { return run_scores(e, i, true); })
        .def("json", &evaluation_json, py::arg("per_topic"), py::arg("qrels"), py::arg("typed"), py::arg("provenance"),
             py::arg("input_warnings"), py::arg("indent") = -1);
    m.def("evaluate", &evaluate_py, py::arg("qrels"), py::arg("runs"), py::arg("measures"), py::arg("missing"),
          py::arg("side") = py::none());
    m.def("join_evaluations", &join_evaluations, py::arg("parts"));
    // Why these measures cannot be scored one run at a time ("" when they can): a measure that
    // reads other runs (rareness, NRG) or other topics (sDCG's sessions), core/evaluation/stream.hpp.
    m.def("stream_obstacle", [](const std::vector<std::string>& lists) { return stream_obstacle(measures_of(lists)); });
    m.def("compare", &compare_py, py::arg("qrels"), py::arg("runs"), py::arg("measures"), py::arg("args"),
          py::arg("missing"), py::arg("side") = py::none());
    m.def("meta", &meta_py, py::arg("analysis"), py::arg("qrels"), py::arg("runs"), py::arg("measures"),
          py::arg("args"), py::arg("missing"), py::arg("preferences"), py::arg("side") = py::none());
    m.def("meta_seed", [](const std::string& analysis, const std::vector<std::string>& args) {
        return meta_settings_from_args(analysis, args).testing.resampling.seed;  // the provenance's seeds, as the CLI's
    });
    m.def("explain", &explain_py, py::arg("qrels"), py::arg("run"), py::arg("topic"), py::arg("measure"),
          py::arg("runs"), py::arg("side") = py::none());
    m.def("check", &check_py);
    m.def("axioms", &axioms_py);
    m.def("trec_eval", &trec_eval_py);
    m.def("trec_eval_values", &trec_eval_values_py, py::arg("qrels"), py::arg("run"), py::arg("measures"),
          py::arg("rel_level"), py::arg("judged_only"), py::arg("complete") = false);
    m.def("trec_eval_names", &trec_eval_names);
    m.def("trec_eval_measures", [] {
        // {"groups": {nickname: [measure]}, "roots": [every measure's root name, runid included]}
        py::dict groups;
        for (const MeasureGroup& g : trec_eval_groups()) groups[py::str(g.name)] = g.measures;
        py::list roots;
        for (const std::string& n : trec_eval_measure_names())
            if (!groups.contains(n)) roots.append(n);
        py::dict d;
        d["groups"] = groups;
        d["roots"] = roots;
        return d;
    });
}

}  // namespace irlens::python
