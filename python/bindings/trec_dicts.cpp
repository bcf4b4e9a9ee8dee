// pytrec_eval.parse_qrel / parse_run (python/irlens/pytrec_eval.py) of a text file, in C++: the
// lines split as pytrec_eval's Python loop splits them (`line.strip().split()`, exactly 4 or 6
// fields), into the same dict of dicts, with the same exceptions (ValueError for a wrong number of
// fields or a value int() / float() refuses, with their messages; AssertionError for a document
// twice in a query). The objects made per line are the result's own (a document id and a value);
// a query's dict is found once per run of lines with the same query (issue 42: pytrec_eval's own
// parse_run was most of the time its users spent).
#include "common.hpp"

#include <charconv>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace irlens::python {

namespace {

/// The characters str.split() splits at among ASCII (a line with another byte is split by Python).
bool is_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f); }

py::object checked(PyObject* o) {
    if (!o) throw py::error_already_set();
    return py::reinterpret_steal<py::object>(o);
}

class TrecDictParser {
public:
    /// out: the dict the lines go into (pytrec_eval's defaultdict(dict)); fields: 4 (qrels:
    /// topic, iteration, doc, relevance as int) or 6 (run: topic, Q0, doc, rank, score as float, tag).
    TrecDictParser(py::dict out, int fields) : out_(std::move(out)), fields_(fields) {
        if (fields != 4 && fields != 6) throw py::value_error("fields must be 4 or 6");
    }

    /// The next text of the file (str), its lines ended by '\n' (a text file's newlines).
    void feed(const py::str& chunk) {
        Py_ssize_t size;
        const char* p = PyUnicode_AsUTF8AndSize(chunk.ptr(), &size);
        if (!p) throw py::error_already_set();
        std::string_view text(p, static_cast<std::size_t>(size));
        std::size_t start = 0;
        for (std::size_t nl; (nl = text.find('\n', start)) != std::string_view::npos; start = nl + 1) {
            if (carry_.empty()) {
                line(text.substr(start, nl - start));
            } else {
                carry_.append(text.substr(start, nl - start));
                line(carry_);
                carry_.clear();
            }
        }
        carry_.append(text.substr(start));
    }

    /// The last line, when the file does not end with a newline.
    void finish() {
        if (!carry_.empty()) line(carry_);
        carry_.clear();
    }

private:
    void line(std::string_view s) {
        std::string_view token[7];
        int n = 0;
        bool ascii = true;
        for (std::size_t i = 0; i < s.size();) {
            const auto c = static_cast<unsigned char>(s[i]);
            if (c >= 0x80) {
                ascii = false;
                break;
            }
            if (is_space(c)) {
                ++i;
                continue;
            }
            std::size_t j = i;
            while (j < s.size() && !is_space(static_cast<unsigned char>(s[j])) &&
                   static_cast<unsigned char>(s[j]) < 0x80)
                ++j;
            if (j < s.size() && static_cast<unsigned char>(s[j]) >= 0x80) {
                ascii = false;
                break;
            }
            if (n < 7) token[n] = s.substr(i, j - i);
            ++n;
            i = j;
        }
        if (!ascii) return unicode_line(s);
        check_fields(n);
        py::object v = fast_value(token[value_field()]);
        add(token[0], new_str(token[2]), v, v ? py::object() : new_str(token[value_field()]));
    }

    /// A line with non-ASCII text: split by Python (str.split() splits at Unicode whitespace too).
    void unicode_line(std::string_view s) {
        py::object text = checked(PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "strict"));
        py::list parts = py::reinterpret_borrow<py::list>(checked(PyUnicode_Split(text.ptr(), nullptr, -1)));
        check_fields(static_cast<int>(parts.size()));
        py::str topic = parts[0];
        Py_ssize_t size;
        const char* p = PyUnicode_AsUTF8AndSize(topic.ptr(), &size);
        if (!p) throw py::error_already_set();
        add(std::string_view(p, static_cast<std::size_t>(size)), parts[2], py::object(), parts[value_field()]);
    }

    /// The value's field: relevance (the 4th of a qrels line), score (the 5th of a run line).
    int value_field() const { return fields_ == 4 ? 3 : 4; }

    /// Python's own messages for unpacking a wrong number of fields.
    void check_fields(int n) const {
        if (n < fields_)
            throw py::value_error("not enough values to unpack (expected " + std::to_string(fields_) + ", got " +
                                  std::to_string(n) + ")");
        if (n > fields_) throw py::value_error("too many values to unpack (expected " + std::to_string(fields_) + ")");
    }

    /// The value of an ASCII token without Python's str: a plain decimal integer (qrels) or what
    /// PyOS_string_to_double reads whole (runs: float()'s own parser, which float() calls after
    /// removing underscores); null for anything else, which value() then converts (and refuses).
    py::object fast_value(std::string_view token) {
        if (token.size() >= sizeof buf_ || token.find('_') != std::string_view::npos) return py::object();
        std::memcpy(buf_, token.data(), token.size());
        buf_[token.size()] = '\0';
        if (fields_ == 4) {
            const char* p = buf_ + (token[0] == '+' || token[0] == '-');
            std::int64_t v;
            if (token.size() > 18 || *p < '0' || *p > '9') return py::object();
            const auto [end, ec] = std::from_chars(p, buf_ + token.size(), v);
            if (ec != std::errc() || end != buf_ + token.size()) return py::object();
            return checked(PyLong_FromLongLong(token[0] == '-' ? -v : v));
        }
        char* end = nullptr;
        const double v = PyOS_string_to_double(buf_, &end, nullptr);
        if (v == -1.0 && PyErr_Occurred()) {
            PyErr_Clear();
            return py::object();
        }
        if (end != buf_ + token.size()) return py::object();
        return checked(PyFloat_FromDouble(v));
    }

    /// int(text) for qrels, float(text) for runs (Python's own parsers and messages).
    py::object value(const py::object& text) const {
        if (fields_ == 4) return checked(PyNumber_Long(text.ptr()));
        return checked(PyFloat_FromString(text.ptr()));
    }

    static py::object new_str(std::string_view s) {
        return checked(PyUnicode_FromStringAndSize(s.data(), static_cast<Py_ssize_t>(s.size())));
    }

    /// out[topic][doc] = the value (converted, or value(text)), unless doc is in out[topic]
    /// already (AssertionError, as pytrec_eval's assert, which comes before the value's
    /// conversion). A query's str and dict are made or looked up only when the query changes.
    void add(std::string_view topic_bytes, const py::object& doc, py::object converted, const py::object& text = {}) {
        if (!inner_ || topic_bytes != last_topic_) {
            py::object topic = new_str(topic_bytes);
            PyObject* found = PyDict_GetItemWithError(out_.ptr(), topic.ptr());
            if (!found) {
                if (PyErr_Occurred()) throw py::error_already_set();
                py::dict fresh;
                if (PyDict_SetItem(out_.ptr(), topic.ptr(), fresh.ptr()) < 0) throw py::error_already_set();
                found = fresh.ptr();
            }
            inner_ = py::reinterpret_borrow<py::object>(found);
            last_topic_.assign(topic_bytes);
        }
        const int seen = PyDict_Contains(inner_.ptr(), doc.ptr());
        if (seen < 0) throw py::error_already_set();
        if (seen) {
            PyErr_SetNone(PyExc_AssertionError);
            throw py::error_already_set();
        }
        if (!converted) converted = value(text);
        if (PyDict_SetItem(inner_.ptr(), doc.ptr(), converted.ptr()) < 0) throw py::error_already_set();
    }

    py::dict out_;
    int fields_;
    char buf_[64];
    std::string carry_;       // a line begun in one chunk and ended in a later one
    py::object inner_;        // the dict of the last line's query
    std::string last_topic_;  // that query's UTF-8 bytes
};

}  // namespace

void register_trec_dicts(py::module_& m) {
    py::class_<TrecDictParser>(m, "TrecDictParser")
        .def(py::init<py::dict, int>(), py::arg("out"), py::arg("fields"))
        .def("feed", &TrecDictParser::feed)
        .def("finish", &TrecDictParser::finish);
}

}  // namespace irlens::python
