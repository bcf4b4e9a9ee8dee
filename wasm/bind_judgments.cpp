// Embind registration of two sets of judgments compared (`irlens judgments`,
// irlens/stats/judgments.hpp): qrels A and B (handles), optionally runs read against A (handles)
// with measures. Options cross as the CLI's option list (api-judgments.mjs builds it), read by
// irlens/frontends/judgments_flags.hpp; the result is the core's JSON document as text
// (judgments_json: the bytes of `irlens judgments --format json` without indentation and
// provenance), which api-judgments.mjs parses.
#include "convert.hpp"
#include "handles.hpp"

#include "irlens/frontends/json_documents.hpp"
#include "irlens/frontends/judgments_flags.hpp"
#include "irlens/measures/measure.hpp"
#include "irlens/stats/judgments.hpp"

#include <emscripten/bind.h>
#include <emscripten/val.h>

using emscripten::val;

namespace irlens::wasm {

namespace {

std::string judgments_js(int qrels_a, int qrels_b, val run_handles, val measure_names, val args, val options) {
    return guarded([&] {
        const JudgmentsSettings s = judgments_settings_from_args(strings_from_js(args));
        std::vector<MeasureSpec> measures;
        for (const std::string& m : strings_from_js(measure_names))
            for (MeasureSpec& spec : parse_measures(m)) add_distinct(measures, std::move(spec));
        const std::vector<std::shared_ptr<const Run>> runs = runs_from_js(run_handles);
        if (!runs.empty() && measures.empty())
            throw UsageError("no measure given: comparing the runs' conclusions needs measures");
        if (runs.size() == 1)
            throw UsageError("comparing the conclusions of two sets of judgments needs at least 2 runs, got 1");
        return judgments_json(
            compare_judgments(lookup(table().qrels, qrels_a, "qrels"), lookup(table().qrels, qrels_b, "qrels"), runs,
                              measures, eval_options(options), s),
            -1);
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(irlens_judgments) { emscripten::function("judgments", &judgments_js); }

}  // namespace irlens::wasm
