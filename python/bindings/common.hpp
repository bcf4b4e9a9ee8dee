// What the binding files of the Python module (irlens._core) share: the handles Python holds
// (qrels, runs, an evaluation: shared_ptrs of the core's immutable objects) and the measure lists
// as the JS API reads them. Registration and argument plumbing only; everything else is the core
// and frontends/. Every function that works on inputs or evaluates releases the GIL.
#pragma once

#include "irlens/evaluation/evaluate.hpp"
#include "irlens/measures/measure.hpp"
#include "irlens/readers/qrels.hpp"
#include "irlens/readers/run.hpp"

#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

namespace irlens::python {

namespace py = pybind11;

using QrelsPtr = std::shared_ptr<const Qrels>;
using RunPtr = std::shared_ptr<const Run>;

/// What Python holds of the core's immutable objects (pybind11 takes no shared_ptr<const T> holder).
struct PyQrels {
    QrelsPtr ptr;
    /// Preference judgments (trec_eval's -R prefs / qrels_prefs) when these qrels were read as
    /// such (ptr is then their index, prefs->qrels()): the preference measures read them.
    std::shared_ptr<const Preferences> prefs;
    /// eo.prefs set to prefs.
    void apply(EvalOptions& eo) const {
        if (prefs) eo.prefs = prefs;
    }
};
struct PyRun {
    RunPtr ptr;
};

/// The side inputs of some measure families (topic_view.hpp), as `irlens eval --doc-lengths
/// --sessions --groups --intents --intent-types` loads them, read from bytes; absent ones null.
struct PySideInputs {
    std::shared_ptr<const DocLengths> doc_lengths;
    std::shared_ptr<const Sessions> sessions;
    std::shared_ptr<const RunGroups> groups;
    std::shared_ptr<const Intents> intents;
    /// eo with these inputs (side null: eo unchanged).
    static void apply(const PySideInputs* side, EvalOptions& eo);
};

/// The core's runs of Python's handles.
std::vector<RunPtr> runs_of(const std::vector<PyRun>& runs);

/// The measures of a list of measure lists ("P@10 AP", ...), distinct, each item as typed
/// (as wasm/bind_inputs.cpp measures_from_js).
std::vector<MeasureSpec> measures_of(const std::vector<std::string>& lists, std::vector<std::string>* typed = nullptr);

/// EvalOptions with the missing-topic policy "zero" or "skip" (UsageError otherwise).
EvalOptions eval_options(const std::string& missing);

void register_inputs(py::module_& m);
void register_columns(py::module_& m);
void register_analyses(py::module_& m);
void register_judgments(py::module_& m);     // judgments.cpp
void register_compare_runs(py::module_& m);  // compare_runs.cpp
void register_dict_columns(py::module_& m);  // dict_columns.cpp
void register_trec_dicts(py::module_& m);    // trec_dicts.cpp

}  // namespace irlens::python
