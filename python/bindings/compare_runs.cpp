// Run versus run and the reproducibility measures in irlens._core (irlens/compare_runs/*.hpp):
// the documents of irlens/frontends/compare_runs_json.hpp (as `irlens runs` / `irlens repro`
// --format json print them), computed with the GIL released.
#include "common.hpp"

#include "irlens/compare_runs/reproducibility.hpp"
#include "irlens/compare_runs/run_comparison.hpp"
#include "irlens/frontends/compare_runs_json.hpp"

#include <pybind11/stl.h>

namespace irlens::python {

namespace {

std::string compare_rankings_py(const PyRun& a, const PyRun& b, double persistence, std::size_t depth,
                                const std::vector<std::size_t>& cutoffs, bool per_topic) {
    RunComparisonSettings s;
    s.p = persistence;
    s.depth = depth;
    if (!cutoffs.empty()) s.cutoffs = cutoffs;
    py::gil_scoped_release unlocked;
    return runs_json(compare_rankings(*a.ptr, *b.ptr, s), a.ptr->name(), b.ptr->name(), per_topic, -1);
}

/// runs: original baseline, original advanced, reproduced baseline, reproduced advanced.
std::string reproducibility_py(const std::vector<PyRun>& handles, const std::vector<std::string>& measures,
                               const std::vector<std::size_t>& cutoffs, double persistence, std::size_t rbo_depth,
                               std::size_t run_length, bool replicability) {
    const std::vector<RunPtr> runs = runs_of(handles);
    if (runs.size() != 4) throw UsageError("reproducibility: four runs are needed");
    const std::vector<MeasureSpec> specs = measures_of(measures);
    ReproSettings s;
    if (!cutoffs.empty()) s.cutoffs = cutoffs;
    s.p = persistence;
    s.rbo_depth = rbo_depth;
    s.run_length = run_length;
    s.replicability = replicability;
    py::gil_scoped_release unlocked;
    return repro_json(reproducibility(runs[0], runs[1], runs[2], runs[3], specs, s), runs[0]->name(), runs[1]->name(),
                      runs[2]->name(), runs[3]->name(), -1);
}

}  // namespace

void register_compare_runs(py::module_& m) {
    m.def("compare_rankings", &compare_rankings_py, py::arg("run_a"), py::arg("run_b"), py::arg("persistence"),
          py::arg("depth"), py::arg("cutoffs"), py::arg("per_topic"));
    m.def("reproducibility", &reproducibility_py, py::arg("runs"), py::arg("measures"), py::arg("cutoffs"),
          py::arg("persistence"), py::arg("rbo_depth"), py::arg("run_length"), py::arg("replicability"));
}

}  // namespace irlens::python
