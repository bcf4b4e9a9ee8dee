// Embind registration of run versus run and of the reproducibility measures
// (irlens/compare_runs/*.hpp; `irlens runs`, `irlens repro`): each returns the document of
// irlens/frontends/compare_runs_json.hpp on one line (the CLI's json without irlens' version and the
// provenance). api-compare-runs.mjs checks the arguments before they cross.
#include "convert.hpp"
#include "handles.hpp"

#include "irlens/compare_runs/reproducibility.hpp"
#include "irlens/compare_runs/run_comparison.hpp"
#include "irlens/frontends/compare_runs_json.hpp"

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

using emscripten::val;

namespace irlens::wasm {

namespace {

std::vector<std::size_t> cutoffs_from_js(const val& list) {
    std::vector<std::size_t> out;
    const unsigned n = list["length"].as<unsigned>();
    for (unsigned i = 0; i < n; ++i) out.push_back(static_cast<std::size_t>(list[i].as<double>()));
    return out;
}

/// cutoffs: [] for the core's default (10).
std::string compare_rankings_js(int run_a, int run_b, double p, double depth, val cutoffs, bool per_topic) {
    return guarded([&] {
        auto a = lookup(table().runs, run_a, "run");
        auto b = lookup(table().runs, run_b, "run");
        RunComparisonSettings s;
        s.p = p;
        s.depth = static_cast<std::size_t>(depth);
        std::vector<std::size_t> k = cutoffs_from_js(cutoffs);
        if (!k.empty()) s.cutoffs = k;
        return runs_json(compare_rankings(*a, *b, s), a->name(), b->name(), per_topic, -1);
    });
}

/// runs: [orig baseline, orig advanced, repro baseline, repro advanced] handles; measures: as
/// evaluate's; cutoffs: [] for repro_eval's (5, 10, 20, 50, 100, 1000).
std::string reproducibility_js(val run_handles, val measure_names, val cutoffs, double p, double rbo_depth,
                               double run_length, bool replicability) {
    return guarded([&] {
        std::vector<std::shared_ptr<const Run>> runs = runs_from_js(run_handles);
        if (runs.size() != 4) throw UsageError("reproducibility: four runs are needed");
        std::vector<std::string> typed;
        std::vector<MeasureSpec> measures = measures_from_js(measure_names, typed);
        ReproSettings s;
        std::vector<std::size_t> k = cutoffs_from_js(cutoffs);
        if (!k.empty()) s.cutoffs = k;
        s.p = p;
        s.rbo_depth = static_cast<std::size_t>(rbo_depth);
        s.run_length = static_cast<std::size_t>(run_length);
        s.replicability = replicability;
        return repro_json(reproducibility(runs[0], runs[1], runs[2], runs[3], measures, s), runs[0]->name(),
                          runs[1]->name(), runs[2]->name(), runs[3]->name(), -1);
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(irlens_compare_runs) {
    emscripten::function("compareRankings", &compare_rankings_js);
    emscripten::function("reproducibility", &reproducibility_js);
}

}  // namespace irlens::wasm
