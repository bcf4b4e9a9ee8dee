// Embind registration of run validation (irlens/readers/run_check.hpp, `irlens check`). A check is a
// session: checkBegin, then the optional id lists (checkIdsBegin / checkIdsFeed / checkIdsEnd, for
// 'topics' and 'docs'), then the run (checkFeed, bytes through the staging buffer), and checkFinish,
// which returns the core's JSON document (check_json, the bytes of `irlens check --format json`
// without indentation) and ends the session; checkAbort ends it early. api-check.mjs drives it.
#include "handles.hpp"

#include "irlens/frontends/json_documents.hpp"
#include "irlens/readers/run_check.hpp"

#include <emscripten/bind.h>

#include <memory>
#include <string>
#include <unordered_map>

namespace irlens::wasm {

namespace {

struct CheckSession {
    std::string name;
    CheckOptions options;
    std::unique_ptr<IdListReader> ids;    // the list being read
    std::string ids_kind;                 // "topics" or "docs"
    std::unique_ptr<RunChecker> checker;  // created by the first checkFeed
};

/// The live sessions, under handles taken from the shared table's counter (never reused).
std::unordered_map<int, CheckSession>& sessions() {
    static std::unordered_map<int, CheckSession> s;
    return s;
}

CheckSession& session(int h) { return lookup(sessions(), h, "check"); }

/// qrels_handle 0: none; max_docs 0: no limit; tag "": any (but one).
int check_begin(const std::string& name, int qrels_handle, double max_docs, const std::string& tag) {
    return guarded([&] {
        CheckSession s;
        s.name = name;
        if (qrels_handle) s.options.qrels = lookup(table().qrels, qrels_handle, "qrels");
        if (!(max_docs >= 0) || max_docs != static_cast<double>(static_cast<std::size_t>(max_docs)))
            throw UsageError("maxDocs must be a positive integer");
        s.options.max_docs = static_cast<std::size_t>(max_docs);
        s.options.tag = tag;
        int h = table().next++;
        sessions().emplace(h, std::move(s));
        return h;
    });
}

void check_ids_begin(int h, const std::string& kind, const std::string& source) {
    guarded([&] {
        CheckSession& s = session(h);
        if (kind != "topics" && kind != "docs") throw UsageError("id list must be topics or docs, got '" + kind + "'");
        if (s.checker) throw UsageError("the id lists come before the run");
        s.ids.reset(new IdListReader(source));
        s.ids_kind = kind;
    });
}

void check_ids_feed(int h, double size) {
    guarded([&] {
        CheckSession& s = session(h);
        if (!s.ids) throw UsageError("checkIdsFeed without checkIdsBegin");
        s.ids->feed(staged(size));
    });
}

void check_ids_end(int h) {
    guarded([&] {
        CheckSession& s = session(h);
        if (!s.ids) throw UsageError("checkIdsEnd without checkIdsBegin");
        (s.ids_kind == "topics" ? s.options.topics : s.options.docs) = s.ids->finish();
        s.ids.reset();
    });
}

void check_feed(int h, double size) {
    guarded([&] {
        CheckSession& s = session(h);
        if (!s.checker) s.checker.reset(new RunChecker(s.name, s.options));
        s.checker->feed(staged(size));
    });
}

std::string check_finish(int h) {
    return guarded([&] {
        CheckSession& s = session(h);
        if (!s.checker) s.checker.reset(new RunChecker(s.name, s.options));
        CheckReport report = s.checker->finish();
        std::string json = check_json({report}, s.options, -1);
        sessions().erase(h);
        return json;
    });
}

void check_abort(int h) { sessions().erase(h); }

}  // namespace

EMSCRIPTEN_BINDINGS(irlens_check) {
    emscripten::function("checkBegin", &check_begin);
    emscripten::function("checkIdsBegin", &check_ids_begin);
    emscripten::function("checkIdsFeed", &check_ids_feed);
    emscripten::function("checkIdsEnd", &check_ids_end);
    emscripten::function("checkFeed", &check_feed);
    emscripten::function("checkFinish", &check_finish);
    emscripten::function("checkAbort", &check_abort);
}

}  // namespace irlens::wasm
