// pytrec_eval's dict of dicts ({query: {doc: relevance or score}}) as the columns of
// python/bindings/columns.cpp, walked here in C++ (python/irlens/_inputs.py, issue 42): a Python
// walk appending to lists cost more than the core's read of the columns. No label per row: an error
// names row i (from 0, in the dicts' order) and Python finds its query and document then.
#include "common.hpp"

#include "irlens/error.hpp"

#include <pybind11/numpy.h>

#include <cstdint>
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

/// (topic codes, topic ids, doc codes, doc ids, values) of a dict of dicts, as _inputs._codes gives
/// a str column's: the queries' table holds each outer key once (str(key) for a non-str key), the
/// documents' table each row's key (codes 0, 1, 2 ...; the core checks and looks up each id as it
/// would read it from text). Values: float64 (scores), or for `integers` (relevance) int64 when
/// every value is an integer, else float64 (the core refuses a real that is not a whole number).
/// None when an outer value is not a dict (the caller's walk takes other mappings and names what
/// is wrong). A value that is not a number: InputError(source, row + 1, problem).
py::object dict_columns(const py::dict& d, const std::string& source, bool integers) {
    std::size_t rows = 0;
    {
        PyObject *key, *inner;
        Py_ssize_t pos = 0;
        while (PyDict_Next(d.ptr(), &pos, &key, &inner)) {
            if (!PyDict_Check(inner)) return py::none();
            rows += static_cast<std::size_t>(PyDict_GET_SIZE(inner));
        }
    }
    const std::size_t topics = static_cast<std::size_t>(PyDict_GET_SIZE(d.ptr()));
    py::array_t<std::int64_t> topic_codes(static_cast<py::ssize_t>(rows)), doc_codes(static_cast<py::ssize_t>(rows));
    py::array topic_ids = objects(topics), doc_ids = objects(rows);
    std::vector<std::int64_t> ints;
    std::vector<double> reals;
    bool all_ints = integers;
    if (all_ints)
        ints.reserve(rows);
    else
        reals.reserve(rows);
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
            std::int64_t i;
            double x;
            if (all_ints && as_integer(value, i)) {
                ints.push_back(i);
            } else if (as_double(value, x)) {
                if (all_ints) {  // the first value that is no integer: every value as a real
                    all_ints = false;
                    reals.assign(ints.begin(), ints.end());
                    ints = {};
                }
                reals.push_back(x);
            } else {
                throw InputError(source, row + 1,
                                 integers ? "relevance '" + text_of(value, false) + "' is not an integer"
                                          : "score " + text_of(value, true) + " is not a number");
            }
            ++row;
        }
        ++topic;
    }
    py::array values = all_ints ? py::array(py::array_t<std::int64_t>(static_cast<py::ssize_t>(rows), ints.data()))
                                : py::array(py::array_t<double>(static_cast<py::ssize_t>(rows), reals.data()));
    return py::make_tuple(topic_codes, topic_ids, doc_codes, doc_ids, values);
}

}  // namespace

void register_dict_columns(py::module_& m) {
    m.def("dict_columns", &dict_columns, py::arg("d"), py::arg("source"), py::arg("integers"));
}

}  // namespace irlens::python
