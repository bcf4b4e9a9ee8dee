// The inputs of irlens._core: streaming readers of qrels and runs (bytes fed in chunks, the GIL
// released while they are read; TREC, BEIR, MS MARCO or JSON as the CLI tells them apart), the
// handles they return, and the canonical TREC serialisation of columnar inputs (DataFrames, dicts,
// namedtuples: ids as category codes, numbers as numpy arrays), which the readers then read, so
// that in-memory inputs meet exactly the checks files do and the provenance can hash their bytes.
#include "common.hpp"

#include "irlens/error.hpp"
#include "irlens/frontends/input_words.hpp"
#include "irlens/readers/input_formats.hpp"
#include "irlens/readers/text.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string_view>

namespace irlens::python {

namespace {

using Int64s = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>;
using Doubles = py::array_t<double, py::array::c_style | py::array::forcecast>;

/// The bytes of a Python bytes-like object (bytes, bytearray, memoryview), borrowed.
std::string_view bytes_of(const py::buffer& b, py::buffer_info& info) {
    info = b.request();
    return {static_cast<const char*>(info.ptr), static_cast<std::size_t>(info.size * info.itemsize)};
}

/// A streaming reader (AnyQrelsReader, AnyRunReader) as Python holds it: feed(bytes), finish().
template <class Reader, class Handle>
struct ReaderPy {
    std::unique_ptr<Reader> reader;
    explicit ReaderPy(std::unique_ptr<Reader> r) : reader(std::move(r)) {}
    void feed(const py::buffer& chunk) {
        if (!reader) throw UsageError("this reader has finished");
        py::buffer_info info;
        std::string_view bytes = bytes_of(chunk, info);
        py::gil_scoped_release unlocked;
        reader->feed(bytes);
    }
    Handle finish() {
        if (!reader) throw UsageError("this reader has finished");
        py::gil_scoped_release unlocked;
        Handle h{reader->finish()};
        reader.reset();
        return h;
    }
};
using QrelsReaderPy = ReaderPy<AnyQrelsReader, PyQrels>;
using RunReaderPy = ReaderPy<AnyRunReader, PyRun>;

/// An id of a columnar input: non-empty, no whitespace (it becomes one column of a TREC line).
/// Returns the problem, or nullptr.
const char* id_problem(const std::string& id) {
    if (id.empty()) return "is empty";
    for (unsigned char c : id)
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') return "contains whitespace";
    return nullptr;
}

/// The codes of one id column, checked against its categories: InputError (source, row + 1) for a
/// missing value (code < 0, pandas' NaN) or an id that cannot be a TREC column.
struct IdColumn {
    const std::int64_t* codes;
    std::size_t n;
    const std::vector<std::string>& names;
    std::vector<const char*> problems;
    const char* what;
    IdColumn(const Int64s& c, const std::vector<std::string>& ids, const char* w) : codes(c.data()), n(c.size()), names(ids), what(w) {
        for (const std::string& id : names) problems.push_back(id_problem(id));
    }
    const std::string& at(std::size_t row, const std::string& source) const {
        const std::int64_t c = codes[row];
        if (c < 0 || static_cast<std::size_t>(c) >= names.size())
            throw InputError(source, row + 1, std::string("no ") + what + " (a missing value)");
        if (problems[c]) throw InputError(source, row + 1, std::string(what) + " '" + names[c] + "' " + problems[c]);
        return names[c];
    }
};

void append_number(std::string& out, double v) {
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, v);  // shortest form that reads back to v
    out.append(buf, r.ptr);
}

void append_int(std::string& out, std::int64_t v) {
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
}

/// `topic 0 doc rel` per row, in row order (line = row + 1).
py::bytes qrels_text(const std::string& source, const Int64s& topics, const std::vector<std::string>& topic_ids,
                     const Int64s& docs, const std::vector<std::string>& doc_ids, const Int64s& rels) {
    const std::size_t n = topics.size();
    if (docs.size() != static_cast<py::ssize_t>(n) || rels.size() != static_cast<py::ssize_t>(n))
        throw UsageError("qrels columns differ in length");
    IdColumn t(topics, topic_ids, "query id"), d(docs, doc_ids, "document id");
    const std::int64_t* rel = rels.data();
    std::string out;
    {
        py::gil_scoped_release unlocked;
        out.reserve(n * 32);
        for (std::size_t i = 0; i < n; ++i) {
            out += t.at(i, source);
            out += " 0 ";
            out += d.at(i, source);
            out += ' ';
            append_int(out, rel[i]);
            out += '\n';
        }
    }
    return py::bytes(out);
}

/// `topic Q0 doc rank score tag` per row, in row order (line = row + 1); rank: the given ranks, or
/// 0 without (irlens and trec_eval order by score). A score that is not finite is an InputError.
py::bytes run_text(const std::string& source, const Int64s& topics, const std::vector<std::string>& topic_ids,
                   const Int64s& docs, const std::vector<std::string>& doc_ids, const Doubles& scores,
                   const std::optional<Int64s>& ranks, const std::string& tag) {
    const std::size_t n = topics.size();
    if (docs.size() != static_cast<py::ssize_t>(n) || scores.size() != static_cast<py::ssize_t>(n) ||
        (ranks && ranks->size() != static_cast<py::ssize_t>(n)))
        throw UsageError("run columns differ in length");
    if (const char* p = id_problem(tag)) throw UsageError(std::string("run tag '") + tag + "' " + p);
    IdColumn t(topics, topic_ids, "query id"), d(docs, doc_ids, "document id");
    const double* score = scores.data();
    const std::int64_t* rank = ranks ? ranks->data() : nullptr;
    std::string out;
    {
        py::gil_scoped_release unlocked;
        out.reserve(n * 48);
        for (std::size_t i = 0; i < n; ++i) {
            if (!std::isfinite(score[i])) throw InputError(source, i + 1, "score is not a finite number");
            out += t.at(i, source);
            out += " Q0 ";
            out += d.at(i, source);
            out += ' ';
            append_int(out, rank ? rank[i] : 0);
            out += ' ';
            append_number(out, score[i]);
            out += ' ';
            out += tag;
            out += '\n';
        }
    }
    return py::bytes(out);
}

}  // namespace

void register_inputs(py::module_& m) {
    py::class_<PyQrels>(m, "Qrels")
        .def_property_readonly("name", [](const PyQrels& q) { return q.ptr->source(); })
        .def_property_readonly("plain", [](const PyQrels& q) { return q.ptr->format() == QrelsFormat::Plain; })
        .def_property_readonly("topics", [](const PyQrels& q) {
            std::vector<std::string> t;
            for (std::size_t i = 0; i < q.ptr->num_topics(); ++i) t.emplace_back(q.ptr->topic_id(i));
            return t;
        })
        .def_property_readonly("judgments", [](const PyQrels& q) { return q.ptr->num_judgments(); })
        .def_property_readonly("max_grade", [](const PyQrels& q) { return q.ptr->max_grade(); })
        .def_property_readonly("warnings", [](const PyQrels& q) { return text::warnings(q.ptr->text_notes(), q.ptr->source()); });
    py::class_<PyRun>(m, "Run")
        .def_property_readonly("name", [](const PyRun& r) { return r.ptr->name(); })
        .def_property_readonly("tag", [](const PyRun& r) { return r.ptr->tag(); })
        .def_property_readonly("lines_read", [](const PyRun& r) { return r.ptr->lines_read(); })
        .def_property_readonly("topics_answered", [](const PyRun& r) { return r.ptr->num_topics_answered(); })
        .def_property_readonly("ignored_lines", [](const PyRun& r) { return r.ptr->ignored_lines(); })
        .def_property_readonly("ignored_topics", [](const PyRun& r) { return r.ptr->ignored_topics(); })
        .def_property_readonly("warnings", [](const PyRun& r) { return text::warnings(r.ptr->text_notes(), r.ptr->name()); });
    py::class_<QrelsReaderPy>(m, "QrelsReader")
        .def(py::init([](const std::string& name, const std::string& format) {
                 return QrelsReaderPy(std::make_unique<AnyQrelsReader>(name, qrels_format_word(format)));
             }),
             py::arg("name"), py::arg("format") = "plain")
        .def("feed", &QrelsReaderPy::feed)
        .def("finish", &QrelsReaderPy::finish);
    py::class_<RunReaderPy>(m, "RunReader")
        .def(py::init([](const PyQrels& qrels, const std::string& name, const std::string& order) {
                 return RunReaderPy(std::make_unique<AnyRunReader>(qrels.ptr, name, run_order_word(order)));
             }),
             py::arg("qrels"), py::arg("name"), py::arg("order") = "score")
        .def("feed", &RunReaderPy::feed)
        .def("finish", &RunReaderPy::finish);
    m.def("qrels_text", &qrels_text);
    m.def("run_text", &run_text);
}

}  // namespace irlens::python
