// Embind registration of the axiomatic audit (irlens/axioms/axioms.hpp, `irlens axioms`):
// axiomsRun(measures, seed) returns the core's JSON document (axioms_json, the document `irlens axioms
// --format json` prints, on one line). api-axioms.mjs drives it.
#include "handles.hpp"

#include "irlens/axioms/axioms.hpp"
#include "irlens/error.hpp"
#include "irlens/frontends/json_documents.hpp"

#include <emscripten/bind.h>

#include <cerrno>
#include <cstdlib>
#include <string>

namespace irlens::wasm {

namespace {

/// measures: "" for the paper's Table 1 metrics, "all" for every registered measure, else a list
/// as `irlens axioms -m` reads it; seed: decimal digits (a 64-bit seed does not fit a JS number).
std::string axioms_run(const std::string& measures, const std::string& seed) {
    return guarded([&] {
        AxiomOptions o;
        char* end = nullptr;
        errno = 0;
        const unsigned long long s = std::strtoull(seed.c_str(), &end, 10);
        if (seed.empty() || seed[0] == '-' || *end || errno)
            throw UsageError("seed must be a whole number from 0 to 18446744073709551615, got '" + seed + "'");
        o.seed = s;
        const std::vector<MeasureSpec> specs =
            axiom_measures(measures.empty() ? std::vector<std::string>{} : std::vector<std::string>{measures});
        std::vector<AxiomResult> results;
        for (const MeasureSpec& m : specs)
            for (AxiomResult& r : check_axioms(m, o)) results.push_back(std::move(r));
        return axioms_json(results, o, -1);
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(irlens_axioms) { emscripten::function("axiomsRun", &axioms_run); }

}  // namespace irlens::wasm
