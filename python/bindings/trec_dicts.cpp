// pytrec_eval.parse_qrel / parse_run (python/irlens/pytrec_eval.py) of a text file, in C++: the
// lines split as pytrec_eval's Python loop splits them (`line.strip().split()`, exactly 4 or 6
// fields), into the same dict of dicts, with the same exceptions (ValueError for a wrong number of
// fields or a value int() / float() refuses, with their messages; AssertionError for a document
// twice in a query). The objects made per line are the result's own (a document id and a value).
// Issue 42: pytrec_eval's own parse_run was most of the time its users spent, so:
// - the file's UTF-8 bytes are read (feed_bytes), not its decoded text (TextIOWrapper's decoding
//   and newline translation cost 7x reading the bytes); a line with a byte >= 0x80 is decoded
//   and split by Python; a lone CR (a line break in text mode, whitespace here) stops it, and the
//   caller parses the text instead;
// - one pass over an ASCII line finds its end and its tokens (a byte class table); a query's dict
//   is looked up once per run of its lines, and a document put with one dict lookup (the dict's
//   size tells a duplicate);
// - a plain decimal number is converted by std::from_chars (correctly rounded, as float()).
#include "common.hpp"

#include <charconv>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace irlens::python {

namespace {

/// The characters str.split() splits at among ASCII (a line with another byte is split by Python).
constexpr bool is_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f); }

py::object checked(PyObject* o) {
    if (!o) throw py::error_already_set();
    return py::reinterpret_steal<py::object>(o);
}

/// The str of ASCII bytes.
py::object ascii_str(std::string_view s) {
    PyObject* o = PyUnicode_New(static_cast<Py_ssize_t>(s.size()), 127);
    if (!o) throw py::error_already_set();
    std::memcpy(PyUnicode_DATA(o), s.data(), s.size());
    return py::reinterpret_steal<py::object>(o);
}

/// A token float() reads as std::from_chars does: an optional '-', then a digit or '.' (no '+',
/// no '_', no inf or nan, which take Python's own parser).
bool plain_decimal(std::string_view t) {
    const std::size_t i = !t.empty() && t[0] == '-';
    return i < t.size() && ((t[i] >= '0' && t[i] <= '9') || t[i] == '.') && t.find('_') == std::string_view::npos;
}

/// What a byte is to the scan of a line: part of a token, whitespace of str.split() (ASCII, but
/// CR), CR, LF, or a byte >= 0x80 (the line is then split by Python).
enum : unsigned char { kToken, kSpace, kCr, kLf, kHigh };
struct ByteClasses {
    unsigned char of[256];
    constexpr ByteClasses() : of() {
        for (int c = 0; c < 256; ++c)
            of[c] = c >= 0x80                                 ? kHigh
                    : c == '\n'                               ? kLf
                    : c == '\r'                               ? kCr
                    : is_space(static_cast<unsigned char>(c)) ? kSpace
                                                              : kToken;
    }
};
constexpr ByteClasses kClasses;

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
        lines(std::string_view(p, static_cast<std::size_t>(size)));
    }

    /// The next bytes of a UTF-8 file (any buffer), its lines ended by '\n' or "\r\n". False when
    /// a CR not followed by '\n' was met (a line break in text mode, whitespace here: feed nothing
    /// more, the caller parses the file's text instead), true otherwise.
    bool feed_bytes(const py::buffer& chunk) {
        const py::buffer_info b = chunk.request();
        bytes_ = true;
        lines(std::string_view(static_cast<const char*>(b.ptr), static_cast<std::size_t>(b.size * b.itemsize)));
        return !lone_cr_;
    }

    /// The last line, when the file does not end with a newline. False when a lone CR was met
    /// (as feed_bytes).
    bool finish() {
        if (!carry_.empty() && !lone_cr_) line(carry_);
        carry_.clear();
        return !lone_cr_;
    }

private:
    void lines(std::string_view text) {
        const char* p = text.data();
        const char* const end = p + text.size();
        if (!carry_.empty()) {  // the line begun in an earlier chunk
            const auto* nl = static_cast<const char*>(std::memchr(p, '\n', text.size()));
            carry_.append(p, nl ? nl : end);
            if (!nl) return;
            line(carry_);
            carry_.clear();
            p = nl + 1;
        }
        std::string_view token[7];
        while (p < end && !lone_cr_) {
            // One pass over an ASCII line: its tokens and its end; anything else (a byte >= 0x80,
            // a CR but before LF) is left to line().
            const char* q = p;
            int n = 0;
            bool plain = true;
            for (;;) {
                while (q < end && kClasses.of[static_cast<unsigned char>(*q)] == kSpace) ++q;
                if (q == end) break;
                const unsigned char k = kClasses.of[static_cast<unsigned char>(*q)];
                if (k == kLf) break;
                if (k == kCr && q + 1 < end && q[1] == '\n') {
                    ++q;
                    continue;
                }
                if (k != kToken) {
                    plain = false;
                    q = static_cast<const char*>(std::memchr(q, '\n', static_cast<std::size_t>(end - q)));
                    if (!q) q = end;
                    break;
                }
                const char* t = q;
                while (q < end && kClasses.of[static_cast<unsigned char>(*q)] == kToken) ++q;
                if (n < 7) token[n] = std::string_view(t, static_cast<std::size_t>(q - t));
                ++n;
            }
            if (q == end) {  // no LF: the line ends in a later chunk
                carry_.assign(p, end);
                return;
            }
            if (plain)
                tokens(token, n);
            else
                line(std::string_view(p, static_cast<std::size_t>(q - p)));
            p = q + 1;
        }
    }

    /// One line, without its '\n'.
    void line(std::string_view s) {
        std::string_view token[7];
        int n = 0;
        for (std::size_t i = 0; i < s.size();) {
            const auto c = static_cast<unsigned char>(s[i]);
            if (c >= 0x80) return unicode_line(s);
            if (is_space(c)) {
                if (c == '\r' && bytes_ && i + 1 < s.size()) {
                    lone_cr_ = true;
                    return;
                }
                ++i;
                continue;
            }
            std::size_t j = i;
            while (j < s.size() && !is_space(static_cast<unsigned char>(s[j])) &&
                   static_cast<unsigned char>(s[j]) < 0x80)
                ++j;
            if (j < s.size() && static_cast<unsigned char>(s[j]) >= 0x80) return unicode_line(s);
            if (n < 7) token[n] = s.substr(i, j - i);
            ++n;
            i = j;
        }
        tokens(token, n);
    }

    /// The n ASCII tokens of a line (the first 7).
    void tokens(const std::string_view* token, int n) {
        check_fields(n);
        const std::string_view topic = token[0];
        if (!inner_ || topic != topic_) {
            inner_ = topic_dict(ascii_str(topic));
            topic_.assign(topic);
        }
        py::object v = fast_value(token[value_field()]);
        if (v)
            put(ascii_str(token[2]), v);
        else
            add(inner_, ascii_str(token[2]), ascii_str(token[value_field()]));
    }

    /// A line with non-ASCII text: split by Python (str.split() splits at Unicode whitespace too).
    void unicode_line(std::string_view s) {
        if (bytes_) {
            const std::size_t cr = s.find('\r');
            if (cr != std::string_view::npos && cr + 1 < s.size()) {
                lone_cr_ = true;
                return;
            }
        }
        py::object text = checked(PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "strict"));
        py::list parts = py::reinterpret_borrow<py::list>(checked(PyUnicode_Split(text.ptr(), nullptr, -1)));
        check_fields(static_cast<int>(parts.size()));
        inner_ = py::object();  // the next line looks its query up again
        add(topic_dict(parts[0]), parts[2], parts[value_field()]);
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

    /// The value of an ASCII token without Python's str: a plain decimal integer (qrels) or, for
    /// runs, what std::from_chars reads whole of a plain decimal (plain_decimal) or else
    /// PyOS_string_to_double (float()'s own parser, which float() calls after removing
    /// underscores); both correctly rounded, so float()'s double. Null for anything else, which
    /// value() then converts (and refuses).
    py::object fast_value(std::string_view token) {
        if (fields_ == 4) {
            if (token.size() > 18 || token.find('_') != std::string_view::npos) return py::object();
            const std::size_t sign = token[0] == '+' || token[0] == '-';
            if (sign == token.size() || token[sign] < '0' || token[sign] > '9') return py::object();
            std::int64_t v;
            const char* end = token.data() + token.size();
            const auto [stop, ec] = std::from_chars(token.data() + sign, end, v);
            if (ec != std::errc() || stop != end) return py::object();
            return checked(PyLong_FromLongLong(token[0] == '-' ? -v : v));
        }
        if (plain_decimal(token)) {
            double v;
            const char* end = token.data() + token.size();
            const auto [stop, ec] = std::from_chars(token.data(), end, v);
            if (ec == std::errc() && stop == end) return checked(PyFloat_FromDouble(v));
        }
        if (token.size() >= sizeof buf_ || token.find('_') != std::string_view::npos) return py::object();
        std::memcpy(buf_, token.data(), token.size());
        buf_[token.size()] = '\0';
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

    /// out[topic], made when absent (as the defaultdict's out[topic]).
    py::object topic_dict(const py::object& topic) {
        PyObject* found = PyDict_GetItemWithError(out_.ptr(), topic.ptr());
        if (found) return py::reinterpret_borrow<py::object>(found);
        if (PyErr_Occurred()) throw py::error_already_set();
        py::object fresh = checked(PyDict_New());
        if (PyDict_SetItem(out_.ptr(), topic.ptr(), fresh.ptr()) < 0) throw py::error_already_set();
        return fresh;
    }

    /// The current query's dict [doc] = v, unless doc is in it already (AssertionError, as
    /// pytrec_eval's assert): one lookup, the dict's size telling a new key from one it held.
    void put(const py::object& doc, const py::object& v) {
        const Py_ssize_t before = PyDict_GET_SIZE(inner_.ptr());
        if (PyDict_SetItem(inner_.ptr(), doc.ptr(), v.ptr()) < 0) throw py::error_already_set();
        if (PyDict_GET_SIZE(inner_.ptr()) == before) {
            PyErr_SetNone(PyExc_AssertionError);
            throw py::error_already_set();
        }
    }

    /// inner[doc] = value(text) (a value the fast path does not read), unless doc is in inner
    /// already (AssertionError, as pytrec_eval's assert, which comes before the conversion).
    void add(const py::object& inner, const py::object& doc, const py::object& text) {
        const int seen = PyDict_Contains(inner.ptr(), doc.ptr());
        if (seen < 0) throw py::error_already_set();
        if (seen) {
            PyErr_SetNone(PyExc_AssertionError);
            throw py::error_already_set();
        }
        py::object v = value(text);
        if (PyDict_SetItem(inner.ptr(), doc.ptr(), v.ptr()) < 0) throw py::error_already_set();
    }

    py::dict out_;
    int fields_;
    bool bytes_ = false;    // fed bytes (feed_bytes): a lone CR stops the parse
    bool lone_cr_ = false;  // one was met
    char buf_[64];
    std::string carry_;  // a line begun in one chunk and ended in a later one
    py::object inner_;   // the dict of the last line's query (null: look it up)
    std::string topic_;  // that query's bytes
};

}  // namespace

void register_trec_dicts(py::module_& m) {
    py::class_<TrecDictParser>(m, "TrecDictParser")
        .def(py::init<py::dict, int>(), py::arg("out"), py::arg("fields"))
        .def("feed", &TrecDictParser::feed)
        .def("feed_bytes", &TrecDictParser::feed_bytes)
        .def("finish", &TrecDictParser::finish);
}

}  // namespace irlens::python
