// Embind registration of the streaming evaluation (irlens/evaluation/stream.hpp): a run read one
// topic at a time through the staging buffer and scored as its topics complete, for runs larger
// than the WASM heap. The stream lives in the handle table until streamFinish (or release).
#include "convert.hpp"
#include "handles.hpp"

#include "irlens/evaluation/stream.hpp"
#include "irlens/frontends/trec_eval.hpp"

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <memory>
#include <unordered_map>

using emscripten::val;

namespace irlens::wasm {

namespace {

struct Stream {
    std::shared_ptr<const Qrels> qrels;
    std::vector<std::string> typed;
    std::unique_ptr<StreamEvaluation> eval;
    std::unique_ptr<TrecEvalStream> trec_eval;
};

std::unordered_map<int, std::unique_ptr<Stream>>& streams() {
    static std::unordered_map<int, std::unique_ptr<Stream>> s;
    return s;
}

Stream& stream(int h) {
    auto it = streams().find(h);
    if (it == streams().end()) throw UsageError("no stream with handle " + std::to_string(h));
    return *it->second;
}

/// Why the measures cannot be streamed ("" when they can): the JS side then reads in memory.
std::string stream_obstacle_js(val measure_names) {
    return guarded([&] {
        std::vector<std::string> typed;
        return stream_obstacle(measures_from_js(measure_names, typed));
    });
}

/// options: as evaluate's (eval_options) plus order "score" | "rank".
int stream_begin(int qrels_handle, const std::string& name, val measure_names, val options, const std::string& order) {
    return guarded([&] {
        auto s = std::make_unique<Stream>();
        s->qrels = lookup(table().qrels, qrels_handle, "qrels");
        std::vector<MeasureSpec> measures = measures_from_js(measure_names, s->typed);
        EvalOptions eo = eval_options(options);
        eo.prefs = prefs_of(qrels_handle);
        s->eval = std::make_unique<StreamEvaluation>(s->qrels, name, measures, eo,
                                                     order == "rank" ? RunOrder::Rank : RunOrder::Score);
        int h = table().next++;
        streams()[h] = std::move(s);
        return h;
    });
}

/// trec_eval's flags (as trecEval's) over a streamed run: trecEvalStreamFinish returns its output.
int trec_eval_stream_begin(int qrels_handle, const std::string& name, val args) {
    return guarded([&] {
        auto s = std::make_unique<Stream>();
        s->qrels = lookup(table().qrels, qrels_handle, "qrels");
        TrecEvalCommand c = parse_trec_eval_command(strings_from_js(args));
        if (!c.zscores_file.empty() || c.rel_format != "qrels" || prefs_of(qrels_handle))
            throw UsageError("a streamed run takes trec_eval's flags except -Z and -R (read the run into memory)");
        s->trec_eval = std::make_unique<TrecEvalStream>(c.options, s->qrels, name);
        int h = table().next++;
        streams()[h] = std::move(s);
        return h;
    });
}

void stream_feed(int h, double size) {
    guarded([&] {
        Stream& s = stream(h);
        if (s.eval)
            s.eval->feed(staged(size));
        else
            s.trec_eval->feed(staged(size));
    });
}

/// {evaluation: the wire format (evaluation_to_js), run: a run handle (runInfo; no entries),
/// topicsAnswered}.
val stream_finish(int h) {
    return guarded([&] {
        std::unique_ptr<Stream> s = std::move(streams().at(h));
        streams().erase(h);
        val o = val::object();
        o.set("evaluation", evaluation_to_js(s->eval->finish(), *s->qrels, s->typed));
        o.set("run", table().add(table().runs, s->eval->run()));
        o.set("topicsAnswered", static_cast<double>(s->eval->topics_answered()));
        return o;
    });
}

std::string trec_eval_stream_finish(int h) {
    return guarded([&] {
        std::unique_ptr<Stream> s = std::move(streams().at(h));
        streams().erase(h);
        return s->trec_eval->finish();
    });
}

void stream_release(int h) { streams().erase(h); }

}  // namespace

EMSCRIPTEN_BINDINGS(irlens_stream) {
    emscripten::function("streamObstacle", &stream_obstacle_js);
    emscripten::function("streamBegin", &stream_begin);
    emscripten::function("trecEvalStreamBegin", &trec_eval_stream_begin);
    emscripten::function("streamFeed", &stream_feed);
    emscripten::function("streamFinish", &stream_finish);
    emscripten::function("trecEvalStreamFinish", &trec_eval_stream_finish);
    emscripten::function("streamRelease", &stream_release);
}

}  // namespace irlens::wasm
