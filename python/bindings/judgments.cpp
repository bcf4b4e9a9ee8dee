// irlens._core.judgments: two sets of judgments compared (irlens/stats/judgments.hpp), the core's
// JSON document (judgments_json, as `irlens judgments --format json` without the provenance) with
// the GIL released; settings as the CLI's option list (frontends/judgments_flags).
#include "common.hpp"

#include "irlens/frontends/json_documents.hpp"
#include "irlens/frontends/judgments_flags.hpp"
#include "irlens/stats/judgments.hpp"

#include <pybind11/stl.h>

namespace irlens::python {

namespace {

/// runs: read against qrels_a (re-read against both sets by the core).
std::string judgments_py(const PyQrels& qrels_a, const PyQrels& qrels_b, const std::vector<PyRun>& handles,
                         const std::vector<std::string>& measures, const std::vector<std::string>& args,
                         const PySideInputs* side) {
    const JudgmentsSettings s = judgments_settings_from_args(args);
    const std::vector<RunPtr> runs = runs_of(handles);
    const std::vector<MeasureSpec> specs = measures.empty() ? std::vector<MeasureSpec>() : measures_of(measures);
    if (!runs.empty() && specs.empty())
        throw UsageError("no measure given: comparing the runs' conclusions needs measures");
    if (runs.size() == 1)
        throw UsageError("comparing the conclusions of two sets of judgments needs at least 2 runs, got 1");
    EvalOptions eo = eval_options("zero");
    PySideInputs::apply(side, eo);
    py::gil_scoped_release unlocked;
    return judgments_json(compare_judgments(qrels_a.ptr, qrels_b.ptr, runs, specs, eo, s), -1);
}

}  // namespace

void register_judgments(py::module_& m) {
    m.def("judgments", &judgments_py, py::arg("qrels_a"), py::arg("qrels_b"), py::arg("runs"), py::arg("measures"),
          py::arg("args"), py::arg("side") = py::none());
    m.def("judgments_seed", [](const std::vector<std::string>& args) {
        return judgments_settings_from_args(args).conclusions.testing.resampling.seed;  // the provenance's seeds
    });
}

}  // namespace irlens::python
