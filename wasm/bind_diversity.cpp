// Embind registration of the diversity front ends (issue 6): ndeval's CSV (irlens/frontends/ndeval.hpp, the
// flags parsed by the core as `irlens ndeval` parses them) and the subtopic coverage of a ranked
// list (irlens/evaluation/coverage.hpp) behind the web app's coverage chart. The diversity measures
// themselves are registry measures, reached through evaluate.
#include "convert.hpp"
#include "handles.hpp"

#include "irlens/evaluation/coverage.hpp"
#include "irlens/frontends/ndeval.hpp"

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

using emscripten::val;

namespace irlens::wasm {

namespace {

template <class T>
val array_of(const std::vector<T>& values) {
    val a = val::array();
    for (const T& v : values) a.call<void>("push", static_cast<double>(v));
    return a;
}

/// The run must have been read in the order ndeval uses: its rank column, or the score with
/// -traditional (the order is fixed when a run is read).
void check_order(const Run& run, bool traditional, const char* role) {
    RunOrder want = traditional ? RunOrder::Score : RunOrder::Rank;
    if (run.order() == want) return;
    throw UsageError(traditional ? std::string("ndeval -traditional orders the ") + role +
                                       " by score: load it with {order: 'score'}"
                                 : std::string("ndeval orders the ") + role +
                                       " by its rank column: load it with {order: 'rank'} (or pass -traditional)");
}

/// args: ndeval's flags without the file names; baseline_handle 0: none (-baseline FILE in args
/// then needs one).
std::string ndeval_js(int qrels_handle, int run_handle, val args, int baseline_handle) {
    return guarded([&] {
        NdevalCommand c = parse_ndeval_command(strings_from_js(args));
        if (c.help) return std::string(ndeval_help());
        if (c.version) return std::string("irlens ndeval (ndeval version 4.5 compatible)\n");
        if (!c.files.empty())
            throw UsageError("ndeval: give the flags only (the qrels and the run are arguments of their own), got '" +
                             c.files[0] + "'");
        auto q = lookup(table().qrels, qrels_handle, "qrels");
        if (q->format() != QrelsFormat::Grouped)
            throw UsageError(
                "ndeval needs diversity qrels (topic subtopic doc judgment): load them with {format: 'diversity'}");
        auto run = lookup(table().runs, run_handle, "run");
        if (&run->qrels() != q.get()) throw UsageError("ndeval: the run was read against other qrels");
        check_order(*run, c.traditional, "run");
        std::shared_ptr<const Run> baseline;
        if (baseline_handle) {
            baseline = lookup(table().runs, baseline_handle, "baseline run");
            if (&baseline->qrels() != q.get())
                throw UsageError("ndeval: the baseline run was read against other qrels");
            check_order(*baseline, c.traditional, "baseline run");
        } else if (!c.baseline_file.empty()) {
            throw UsageError("ndeval -baseline " + c.baseline_file + ": pass the baseline run as {baseline: Run}");
        }
        return ndeval(c.options, q, run, baseline);
    });
}

/// {topic, intents, docs, grades: [[grade per intent] per rank], firstRank, covered}.
val subtopic_coverage_js(int run_handle, const std::string& topic, double depth, double rel) {
    return guarded([&] {
        SubtopicCoverage c = subtopic_coverage(lookup(table().runs, run_handle, "run"), topic, static_cast<long>(depth),
                                               static_cast<long>(rel));
        val o = val::object();
        o.set("topic", js_text(c.topic));
        o.set("intents", strings_to_js(c.intents));
        o.set("docs", strings_to_js(c.docs));
        val grades = val::array();
        for (const std::vector<int>& g : c.grades) grades.call<void>("push", array_of(g));
        o.set("grades", grades);
        o.set("firstRank", array_of(c.first_rank));
        o.set("covered", array_of(c.covered));
        return o;
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(irlens_diversity) {
    emscripten::function("ndeval", &ndeval_js);
    emscripten::function("subtopicCoverage", &subtopic_coverage_js);
}

}  // namespace irlens::wasm
