// pytrec_eval's dict of dicts ({query: {doc: relevance or score}}) as the columns of
// python/bindings/columns.cpp, walked here in C++ (python/irlens/_inputs.py, issue 42): a Python
// walk appending to lists cost more than the core's read of the columns. No label per row: an error
// names row i (from 0, in the dicts' order) and Python finds its query and document then.
#include "common.hpp"

#include "irlens/error.hpp"
#include "irlens/frontends/input_words.hpp"
#include "irlens/readers/columns.hpp"

#include <pybind11/numpy.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace irlens::python {

namespace {

/// A new reference to `key` as a str: itself, or str(key) for another type (an int query id).
PyObject* str_of(PyObject* key) {
    if (PyUnicode_Check(key)) {
        Py_INCREF(key);
        return key;
    }
    PyObject* s = PyObject_Str(key);
    if (!s) throw py::error_already_set();
    return s;
}

/// str(v) or repr(v) for a message.
std::string text_of(PyObject* v, bool repr) {
    py::object s = py::reinterpret_steal<py::object>(repr ? PyObject_Repr(v) : PyObject_Str(v));
    if (!s) {
        PyErr_Clear();
        return "?";
    }
    return py::cast<std::string>(s);
}

/// The value of a row as a double (float(v): Python and numpy numbers, numeric text); false when
/// it is not a number.
bool as_double(PyObject* v, double& out) {
    if (PyFloat_CheckExact(v)) {
        out = PyFloat_AS_DOUBLE(v);
        return true;
    }
    PyObject* f = PyNumber_Float(v);
    if (!f) {
        PyErr_Clear();
        return false;
    }
    out = PyFloat_AS_DOUBLE(f);
    Py_DECREF(f);
    return true;
}

/// The value of a row as an integer, when it is one (a Python or numpy int within int64).
bool as_integer(PyObject* v, std::int64_t& out) {
    if (!PyLong_Check(v) && !(PyIndex_Check(v) && !PyFloat_Check(v))) return false;
    py::object i = py::reinterpret_steal<py::object>(PyNumber_Index(v));
    if (!i) {
        PyErr_Clear();
        return false;
    }
    int overflow = 0;
    const long long x = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
    if (overflow) return false;
    out = x;
    return true;
}

/// An object array of n entries, each set by the caller to a new reference.
py::array objects(std::size_t n) {
    return py::array(py::dtype("O"), std::vector<py::ssize_t>{static_cast<py::ssize_t>(n)});
}

/// The rows of a dict of dicts (the sizes of its inner dicts summed), or -1 when an outer value is
/// not a dict.
Py_ssize_t rows_of(const py::dict& d) {
    Py_ssize_t rows = 0;
    PyObject *key, *inner;
    Py_ssize_t pos = 0;
    while (PyDict_Next(d.ptr(), &pos, &key, &inner)) {
        if (!PyDict_Check(inner)) return -1;
        rows += PyDict_GET_SIZE(inner);
    }
    return rows;
}

/// The values of the rows, in walk order: for `integers` (relevance) int64 while every value is an
/// integer, else float64 (scores; relevance once a value is no integer: the core refuses a real
/// that is not a whole number). A value that is not a number: InputError(source, row + 1, problem).
struct RowValues {
    bool integers, all_ints;
    std::vector<std::int64_t> ints;
    std::vector<double> reals;
    RowValues(bool integers_, std::size_t rows) : integers(integers_), all_ints(integers_) {
        if (all_ints)
            ints.reserve(rows);
        else
            reals.reserve(rows);
    }
    void add(PyObject* value, const std::string& source, std::size_t row) {
        std::int64_t i;
        double x;
        if (all_ints && as_integer(value, i)) {
            ints.push_back(i);
        } else if (as_double(value, x)) {
            if (all_ints) {  // the first value that is no integer: every value as a real
                all_ints = false;
                std::vector<double> all(ints.begin(), ints.end());
                all.reserve(ints.capacity());
                reals = std::move(all);
                ints = {};
            }
            reals.push_back(x);
        } else {
            throw InputError(source, row + 1,
                             integers ? "relevance '" + text_of(value, false) + "' is not an integer"
                                      : "score " + text_of(value, true) + " is not a number");
        }
    }
};

/// (topic codes, topic ids, doc codes, doc ids, values) of a dict of dicts, as _inputs._codes gives
/// a str column's: the queries' table holds each outer key once (str(key) for a non-str key), the
/// documents' table each row's key (codes 0, 1, 2 ...; the core checks and looks up each id as it
/// would read it from text). Values: float64 (scores), or for `integers` (relevance) int64 when
/// every value is an integer, else float64 (the core refuses a real that is not a whole number).
/// None when an outer value is not a dict (the caller's walk takes other mappings and names what
/// is wrong). A value that is not a number: InputError(source, row + 1, problem).
py::object dict_columns(const py::dict& d, const std::string& source, bool integers) {
    const Py_ssize_t counted = rows_of(d);
    if (counted < 0) return py::none();
    const auto rows = static_cast<std::size_t>(counted);
    const std::size_t topics = static_cast<std::size_t>(PyDict_GET_SIZE(d.ptr()));
    py::array_t<std::int64_t> topic_codes(static_cast<py::ssize_t>(rows)), doc_codes(static_cast<py::ssize_t>(rows));
    py::array topic_ids = objects(topics), doc_ids = objects(rows);
    RowValues values(integers, rows);
    auto* tc = topic_codes.mutable_data();
    auto* dc = doc_codes.mutable_data();
    auto** tids = static_cast<PyObject**>(topic_ids.mutable_data());
    auto** dids = static_cast<PyObject**>(doc_ids.mutable_data());
    PyObject *q, *inner;
    Py_ssize_t qpos = 0;
    std::size_t row = 0, topic = 0;
    while (PyDict_Next(d.ptr(), &qpos, &q, &inner)) {
        tids[topic] = str_of(q);
        PyObject *doc, *value;
        Py_ssize_t dpos = 0;
        while (PyDict_Next(inner, &dpos, &doc, &value)) {
            tc[row] = static_cast<std::int64_t>(topic);
            dc[row] = static_cast<std::int64_t>(row);
            dids[row] = str_of(doc);
            values.add(value, source, row);
            ++row;
        }
        ++topic;
    }
    py::array out = values.all_ints
                        ? py::array(py::array_t<std::int64_t>(static_cast<py::ssize_t>(rows), values.ints.data()))
                        : py::array(py::array_t<double>(static_cast<py::ssize_t>(rows), values.reals.data()));
    return py::make_tuple(topic_codes, topic_ids, doc_codes, doc_ids, out);
}

/// The UTF-8 bytes of a str, a view of the object's own (compact ASCII: inline after its
/// header; another str: its cached UTF-8 form), valid while the object lives unchanged.
std::string_view utf8_of(PyObject* s) {
    if (PyUnicode_IS_COMPACT_ASCII(s))
        return {static_cast<const char*>(PyUnicode_DATA(s)), static_cast<std::size_t>(PyUnicode_GET_LENGTH(s))};
    Py_ssize_t size;
    const char* p = PyUnicode_AsUTF8AndSize(s, &size);
    if (!p) throw py::error_already_set();  // a lone surrogate: UnicodeEncodeError, as IdTable
    return {p, static_cast<std::size_t>(size)};
}

/// A dict of dicts' rows as the core's columns (readers/columns.hpp), in the dicts' order, with no
/// Python object made (but str() of a key that is not a str, kept here) and no array of objects:
/// the ids are views of the keys' own bytes, one per row for the documents (no codes), each query
/// once. Valid while the dict is unchanged: the core reads them with the GIL held (what
/// _inputs.load_qrels / load_run do with a dict when they keep no digest, i.e. the drop-in
/// modules: the columns of dict_columns and its array of objects were 4 arrays of the rows, 288 MB
/// for a 6M-row run, beyond what pytrec_eval itself holds).
struct DictView {
    std::vector<std::int64_t> topic_codes;
    std::vector<std::string_view> topic_ids, doc_ids;
    std::optional<RowValues> values;
    std::vector<py::object> made;  // str(key) of the keys that are not str

    /// False when an outer value is not a dict (the caller takes the other path). A value that is
    /// not a number: InputError(source, row + 1, problem), dict_columns' message.
    bool walk(const py::dict& d, const std::string& source, bool integers) {
        const Py_ssize_t counted = rows_of(d);
        if (counted < 0) return false;
        const auto rows = static_cast<std::size_t>(counted);
        topic_codes.reserve(rows);
        doc_ids.reserve(rows);
        topic_ids.reserve(static_cast<std::size_t>(PyDict_GET_SIZE(d.ptr())));
        values.emplace(integers, rows);
        PyObject *q, *inner;
        Py_ssize_t qpos = 0;
        std::size_t row = 0;
        while (PyDict_Next(d.ptr(), &qpos, &q, &inner)) {
            const auto topic = static_cast<std::int64_t>(topic_ids.size());
            topic_ids.push_back(id_of(q));
            PyObject *doc, *value;
            Py_ssize_t dpos = 0;
            while (PyDict_Next(inner, &dpos, &doc, &value)) {
                topic_codes.push_back(topic);
                doc_ids.push_back(id_of(doc));
                values->add(value, source, row++);
            }
        }
        return true;
    }
    IdColumn topics() const { return IdColumn{topic_codes.data(), topic_ids.data(), topic_ids.size()}; }
    IdColumn docs() const { return IdColumn{nullptr, doc_ids.data(), doc_ids.size()}; }

private:
    std::string_view id_of(PyObject* key) {
        if (PyUnicode_Check(key)) return utf8_of(key);
        made.push_back(py::reinterpret_steal<py::object>(str_of(key)));
        return utf8_of(made.back().ptr());
    }
};

/// The qrels of a dict {query: {doc: relevance}} read by the core (no digest), or None when it is
/// not a dict of dicts. Errors: the reader's, row i as line i + 1 of `source`.
py::object read_dict_qrels(const std::string& source, const std::string& format, const py::dict& d) {
    DictView v;
    if (!v.walk(d, source, true)) return py::none();
    QrelsColumns c;
    c.rows = v.doc_ids.size();
    c.topics = v.topics();
    c.docs = v.docs();
    if (v.values->all_ints)
        c.rel_ints = v.values->ints.data();
    else
        c.rel_reals = v.values->reals.data();
    QrelsReader reader(source, qrels_format_word(format));
    reader.feed_columns(c);  // the GIL held: the views are the dict's
    return py::cast(PyQrels{reader.finish()});
}

/// The run of a dict {query: {doc: score}} read by the core against qrels (no digest, no ranks),
/// or None when it is not a dict of dicts. Errors: the reader's, row i as line i + 1 of `name`.
py::object read_dict_run(const PyQrels& qrels, const std::string& name, const std::string& order, const py::dict& d,
                         const std::string& source, const std::string& tag) {
    DictView v;
    if (!v.walk(d, source, false)) return py::none();
    RunColumns c;
    c.rows = v.doc_ids.size();
    c.topics = v.topics();
    c.docs = v.docs();
    c.scores = v.values->reals.data();
    c.tag = tag;
    RunReader reader(qrels.ptr, name, run_order_word(order));
    reader.feed_columns(c);  // the GIL held: the views are the dict's
    return py::cast(PyRun{reader.finish()});
}

}  // namespace

void register_dict_columns(py::module_& m) {
    m.def("dict_columns", &dict_columns, py::arg("d"), py::arg("source"), py::arg("integers"));
    m.def("read_dict_qrels", &read_dict_qrels, py::arg("source"), py::arg("format"), py::arg("d"));
    m.def("read_dict_run", &read_dict_run, py::arg("qrels"), py::arg("name"), py::arg("order"), py::arg("d"),
          py::arg("source"), py::arg("tag"));
}

}  // namespace irlens::python
