// The inputs of irlens._core: streaming readers of qrels and runs (bytes fed in chunks, the GIL
// released while they are read; TREC, BEIR, MS MARCO or JSON as the CLI tells them apart) and the
// handles they return. Columnar inputs (DataFrames, dicts, records): columns.cpp.
#include "common.hpp"
#include "sha256.hpp"

#include "irlens/error.hpp"
#include "irlens/frontends/input_words.hpp"
#include "irlens/readers/doc_lengths.hpp"
#include "irlens/readers/input_formats.hpp"
#include "irlens/readers/intents.hpp"
#include "irlens/readers/preferences.hpp"
#include "irlens/readers/run_groups.hpp"
#include "irlens/readers/sessions.hpp"
#include "irlens/readers/text.hpp"

#include <pybind11/stl.h>

#include <cstdint>
#include <optional>
#include <thread>
#include <utility>
#include <string_view>

namespace irlens::python {

namespace {

/// The bytes of a Python bytes-like object (bytes, bytearray, memoryview), borrowed.
std::string_view bytes_of(const py::buffer& b, py::buffer_info& info) {
    info = b.request();
    return {static_cast<const char*>(info.ptr), static_cast<std::size_t>(info.size * info.itemsize)};
}

/// The Python handle of what a reader's finish() returns: the index itself, or, for preference
/// judgments, their index holding the preferences (which the preference measures read).
template <class Handle, class Index>
Handle handle_of(Index index) {
    return Handle{std::move(index)};
}
template <>
PyQrels handle_of<PyQrels>(std::shared_ptr<const Preferences> prefs) {
    return PyQrels{prefs->qrels(), prefs};
}

/// A streaming reader (AnyQrelsReader, AnyRunReader, PrefsReader) as Python holds it: feed(bytes),
/// finish() -> its handle. feed_file(data, raw) also hashes the bytes of the file the text came
/// from (the provenance's SHA-256, python/irlens/_inputs.py), digest() gives {bytes, sha256}.
template <class Reader, class Handle>
struct ReaderPy {
    std::unique_ptr<Reader> reader;
    std::unique_ptr<Sha256> sha = std::make_unique<Sha256>();
    explicit ReaderPy(std::unique_ptr<Reader> r) : reader(std::move(r)) {}
    void feed(const py::buffer& chunk) {
        if (!reader) throw UsageError("this reader has finished");
        py::buffer_info info;
        std::string_view bytes = bytes_of(chunk, info);
        py::gil_scoped_release unlocked;
        reader->feed(bytes);
    }
    /// Feeds `data` (text) to the reader while `raw`, the file's bytes it came from (the same
    /// bytes for a plain file, the compressed ones for gzip), is hashed on a second thread, the
    /// GIL released: the digest is no pass of its own over the file.
    void feed_file(const py::buffer& data, const py::buffer& raw) {
        if (!reader) throw UsageError("this reader has finished");
        py::buffer_info data_info, raw_info;
        std::string_view text = bytes_of(data, data_info), file = bytes_of(raw, raw_info);
        py::gil_scoped_release unlocked;
        std::thread hashing([&] { sha->update(file.data(), file.size()); });
        try {
            if (!text.empty()) reader->feed(text);
        } catch (...) {
            hashing.join();
            throw;
        }
        hashing.join();
    }
    /// (bytes, sha256 in hex) of the raw bytes given to feed_file; call once, after the last.
    py::tuple digest() {
        const std::uint64_t bytes = sha->bytes();
        return py::make_tuple(bytes, sha->hex());
    }
    Handle finish() {
        if (!reader) throw UsageError("this reader has finished");
        py::gil_scoped_release unlocked;
        Handle h = handle_of<Handle>(reader->finish());
        reader.reset();
        return h;
    }
};
using QrelsReaderPy = ReaderPy<AnyQrelsReader, PyQrels>;
using RunReaderPy = ReaderPy<AnyRunReader, PyRun>;
/// Preference judgments (format "prefs" or "qrels_prefs", trec_eval's -R).
using PrefsReaderPy = ReaderPy<PrefsReader, PyQrels>;

using Source = std::optional<std::pair<std::string, py::bytes>>;  // (name, bytes) or None

/// The side inputs of (name, bytes) pairs, each read by the reader the CLI's --doc-lengths,
/// --sessions, --groups, --intents and --intent-types use (their checks and messages), the GIL
/// released.
PySideInputs side_inputs(const Source& doc_lengths, const Source& sessions, const Source& groups, const Source& intents,
                         const Source& intent_types) {
    auto text = [](const Source& s) {
        return s ? std::make_pair(s->first, std::string(s->second)) : std::make_pair(std::string(), std::string());
    };
    const auto [dl_name, dl] = text(doc_lengths);
    const auto [s_name, se] = text(sessions);
    const auto [g_name, g] = text(groups);
    const auto [i_name, in] = text(intents);
    const auto [t_name, ty] = text(intent_types);
    py::gil_scoped_release unlocked;
    PySideInputs side;
    if (doc_lengths) {
        DocLengthsReader reader(dl_name);
        reader.feed(dl);
        side.doc_lengths = reader.finish();
    }
    if (sessions) {
        SessionsReader reader(s_name);
        reader.feed(se);
        side.sessions = reader.finish();
    }
    if (groups) side.groups = std::make_shared<const RunGroups>(RunGroups::parse(g_name, g));
    if (intents || intent_types) {
        auto i = std::make_shared<Intents>();
        if (intents) i->read_probabilities(i_name, in);
        if (intent_types) i->read_types(t_name, ty);
        side.intents = std::move(i);
    }
    return side;
}

}  // namespace

void PySideInputs::apply(const PySideInputs* side, EvalOptions& eo) {
    if (!side) return;
    eo.doc_lengths = side->doc_lengths;
    eo.sessions = side->sessions;
    eo.groups = side->groups;
    eo.intents = side->intents;
}

void register_inputs(py::module_& m) {
    py::class_<PySideInputs>(m, "SideInputs")
        .def(py::init(&side_inputs), py::arg("doc_lengths") = py::none(), py::arg("sessions") = py::none(),
             py::arg("groups") = py::none(), py::arg("intents") = py::none(), py::arg("intent_types") = py::none());
    py::class_<PyQrels>(m, "Qrels")
        .def_property_readonly("name", [](const PyQrels& q) { return q.ptr->source(); })
        .def_property_readonly("plain", [](const PyQrels& q) { return q.ptr->format() == QrelsFormat::Plain; })
        .def_property_readonly("preferences", [](const PyQrels& q) { return bool(q.prefs); })
        .def_property_readonly("topics",
                               [](const PyQrels& q) {
                                   std::vector<std::string> t;
                                   for (std::size_t i = 0; i < q.ptr->num_topics(); ++i)
                                       t.emplace_back(q.ptr->topic_id(i));
                                   return t;
                               })
        .def_property_readonly("judgments", [](const PyQrels& q) { return q.ptr->num_judgments(); })
        .def_property_readonly("max_grade", [](const PyQrels& q) { return q.ptr->max_grade(); })
        .def_property_readonly("warnings",
                               [](const PyQrels& q) { return text::warnings(q.ptr->text_notes(), q.ptr->source()); });
    py::class_<PyRun>(m, "Run")
        .def_property_readonly("name", [](const PyRun& r) { return r.ptr->name(); })
        .def_property_readonly("tag", [](const PyRun& r) { return r.ptr->tag(); })
        .def_property_readonly("lines_read", [](const PyRun& r) { return r.ptr->lines_read(); })
        .def_property_readonly("topics_answered", [](const PyRun& r) { return r.ptr->num_topics_answered(); })
        .def_property_readonly("ignored_lines", [](const PyRun& r) { return r.ptr->ignored_lines(); })
        .def_property_readonly("ignored_topics", [](const PyRun& r) { return r.ptr->ignored_topics(); })
        .def_property_readonly("warnings",
                               [](const PyRun& r) { return text::warnings(r.ptr->text_notes(), r.ptr->name()); });
    py::class_<QrelsReaderPy>(m, "QrelsReader")
        .def(py::init([](const std::string& name, const std::string& format) {
                 return QrelsReaderPy(std::make_unique<AnyQrelsReader>(name, qrels_format_word(format)));
             }),
             py::arg("name"), py::arg("format") = "plain")
        .def("feed", &QrelsReaderPy::feed)
        .def("feed_file", &QrelsReaderPy::feed_file)
        .def("digest", &QrelsReaderPy::digest)
        .def("finish", &QrelsReaderPy::finish);
    py::class_<PrefsReaderPy>(m, "PrefsReader")
        .def(py::init([](const std::string& name, const std::string& format) {
                 if (format != "prefs" && format != "qrels_prefs")
                     throw UsageError("preferences format must be prefs or qrels_prefs, got '" + format + "'");
                 return PrefsReaderPy(std::make_unique<PrefsReader>(
                     name, format == "prefs" ? PrefsFormat::Prefs : PrefsFormat::QrelsPrefs));
             }),
             py::arg("name"), py::arg("format"))
        .def("feed", &PrefsReaderPy::feed)
        .def("feed_file", &PrefsReaderPy::feed_file)
        .def("digest", &PrefsReaderPy::digest)
        .def("finish", &PrefsReaderPy::finish);
    py::class_<RunReaderPy>(m, "RunReader")
        .def(py::init([](const PyQrels& qrels, const std::string& name, const std::string& order) {
                 return RunReaderPy(std::make_unique<AnyRunReader>(qrels.ptr, name, run_order_word(order)));
             }),
             py::arg("qrels"), py::arg("name"), py::arg("order") = "score")
        .def("feed", &RunReaderPy::feed)
        .def("feed_file", &RunReaderPy::feed_file)
        .def("digest", &RunReaderPy::digest)
        .def("finish", &RunReaderPy::finish);
}

}  // namespace irlens::python
