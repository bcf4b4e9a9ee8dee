#include "handles.hpp"

#include "convert.hpp"

#include "irlens/error.hpp"
#include "irlens/evaluation/evaluate.hpp"

#include <cstdint>
#include <new>
#include <vector>

using emscripten::val;

namespace irlens::wasm {

HandleTable& table() {
    static HandleTable t;
    return t;
}

void HandleTable::release(int h) {
    qrels_readers.erase(h);
    qrels.erase(h);
    run_readers.erase(h);
    runs.erase(h);
    run_formats.erase(h);
    groups.erase(h);
    intents.erase(h);
    doc_lengths.erase(h);
    sessions.erase(h);
    prefs_readers.erase(h);
    prefs.erase(h);
}

namespace {
std::vector<char>& staging_buffer() {
    static std::vector<char> buffer;
    return buffer;
}
}  // namespace

double staging(double size) {
    return guarded([&] {
        staging_buffer().resize(static_cast<std::size_t>(size));
        return static_cast<double>(reinterpret_cast<std::uintptr_t>(staging_buffer().data()));
    });
}

std::string_view staged(double size) {
    if (!(size >= 0) || static_cast<std::size_t>(size) > staging_buffer().size())
        throw UsageError("staged chunk larger than the staging buffer");
    return std::string_view(staging_buffer().data(), static_cast<std::size_t>(size));
}

void rethrow_as_js(std::exception_ptr e) {
    std::string name = "Error", message, file;
    double line = 0;
    try {
        std::rethrow_exception(e);
    } catch (const NotGrouped& x) {
        name = "NotGrouped";  // a streamed run whose topics are not together (readers/run.hpp)
        message = x.what();
        file = x.file();
        line = static_cast<double>(x.line());
    } catch (const InputError& x) {
        name = "InputError";
        message = x.what();
        file = x.file();
        line = static_cast<double>(x.line());
    } catch (const UsageError& x) {
        name = "UsageError";
        message = x.what();
    } catch (const Cancelled&) {
        name = "Cancelled";
        message = "cancelled";
    } catch (const std::bad_alloc&) {
        message = "out of memory";
    } catch (const std::exception& x) {
        message = std::string("internal error: ") + x.what();
    } catch (...) {
        message = "internal error";
    }
    val error = val::global("Error").new_(js_text(message));
    error.set("name", name);
    if (!file.empty()) {
        error.set("file", js_text(file));
        error.set("line", line);
    }
    error.throw_();
}

}  // namespace irlens::wasm
