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
// - the lines are scanned (tokens, numbers, the documents' hashes) a block of whole lines at a
//   time on a second thread (BlockScanner), which touches no Python object, while the parser's
//   thread, holding the GIL, makes the objects of the block before and puts them in order: an
//   error or a lone CR is met at its line, as by pytrec_eval's loop. One scan (scan_line) serves
//   every line, a line carried over a chunk's end being the next block's first.
#include "common.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
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

/// One line as the scan (scan_line) finds it: its tokens (the first 7, ASCII) and their number, or
/// why it is not split here: a byte >= 0x80 (split by Python, unicode_line) or, in a file's bytes,
/// a CR not followed by LF (a line break of the text: the caller parses the text instead).
struct LineTokens {
    enum Kind : unsigned char { kAscii, kUnicode, kLoneCr };
    std::string_view text;  // the line without its '\n'
    std::string_view token[7];
    int n = 0;
    Kind kind = kAscii;
};

/// What the parser's thread needs of a scanned line, small (the scan of a block is written by one
/// thread and read by the other: 40 bytes a line, not the 150 of LineTokens): the topic, document
/// and value tokens as offsets into the block (for a line not split here, `topic` is the line), and
/// the value when scan_value read it.
struct ScannedLine {
    std::uint32_t topic, topic_size, doc, doc_size, value, value_size;
    union {
        double real;
        std::int64_t integer;
    };
    Py_hash_t doc_hash;  // hash() of the document's str (doc_str)
    std::uint8_t n;      // tokens, at most 7 counted
    LineTokens::Kind kind;
    bool quick;       // the value read: real (runs) or integer (qrels)
    bool same_topic;  // the topic of the line before in the block (no comparison on the parser's thread)
};

/// The str of a document id's ASCII bytes with its hash() set as Python would compute it on the
/// dict's insertion (the hash of a compact ASCII str is _Py_HashBytes of its bytes, never -1),
/// computed on the scanning thread: a sixth of what was left on the parser's thread.
py::object doc_str(std::string_view s, Py_hash_t hash) {
    py::object o = ascii_str(s);
    reinterpret_cast<PyASCIIObject*>(o.ptr())->hash = hash;
    return o;
}

/// Scans the line at p (before end) into `out`: its tokens as str.split() finds them in ASCII;
/// a CR before LF is part of the line's end (a file's "\r\n"), one at the end of the data or in
/// text (cr_is_space) whitespace. Returns the next line's first byte (past the '\n', or end). The
/// one tokenizer of the parse, run on the scanning thread over whole lines.
const char* scan_line(const char* p, const char* end, bool cr_is_space, LineTokens& out) {
    const char* q = p;
    out.n = 0;
    out.kind = LineTokens::kAscii;
    for (;;) {
        while (q < end && kClasses.of[static_cast<unsigned char>(*q)] == kSpace) ++q;
        if (q == end) break;
        const unsigned char k = kClasses.of[static_cast<unsigned char>(*q)];
        if (k == kLf) break;
        if (k == kCr) {
            if (cr_is_space || q + 1 == end || q[1] == '\n') {
                ++q;
                continue;
            }
            out.kind = LineTokens::kLoneCr;
        } else if (k == kHigh) {
            out.kind = LineTokens::kUnicode;
        }
        if (out.kind != LineTokens::kAscii) {  // the rest of the line is not split here
            q = static_cast<const char*>(std::memchr(q, '\n', static_cast<std::size_t>(end - q)));
            if (!q) q = end;
            break;
        }
        const char* t = q;
        while (q < end && kClasses.of[static_cast<unsigned char>(*q)] == kToken) ++q;
        if (out.n < 7) out.token[out.n] = std::string_view(t, static_cast<std::size_t>(q - t));
        ++out.n;
    }
    out.text = std::string_view(p, static_cast<std::size_t>(q - p));
    return q == end ? end : q + 1;
}

/// The value of an ASCII token without Python: a plain decimal integer within 18 digits (qrels,
/// fields 4) or, for runs, what std::from_chars reads whole of a plain decimal (plain_decimal;
/// correctly rounded, so float()'s double). False for anything else, which the parse then gives
/// to Python's own parsers (and messages).
bool scan_value(std::string_view token, int fields, ScannedLine& out) {
    const char* end = token.data() + token.size();
    if (fields == 4) {
        if (token.empty() || token.size() > 18 || token.find('_') != std::string_view::npos) return false;
        const std::size_t sign = token[0] == '+' || token[0] == '-';
        if (sign == token.size() || token[sign] < '0' || token[sign] > '9') return false;
        std::int64_t v;
        const auto [stop, ec] = std::from_chars(token.data() + sign, end, v);
        if (ec != std::errc() || stop != end) return false;
        out.integer = token[0] == '-' ? -v : v;
        return true;
    }
    if (!plain_decimal(token)) return false;
    const auto [stop, ec] = std::from_chars(token.data(), end, out.real);
    return ec == std::errc() && stop == end;
}

/// Scans whole lines (a block ending with '\n', or the data's last line), on the calling thread
/// (each_line) or on a thread of its own (start) while the parser's thread makes the Python objects
/// of the block before (issue 42: the scan, the numbers' conversion and the ids' hashes were a
/// fifth of pytrec_eval.parse_run's time): no Python object is touched on that thread, and the
/// GIL is not needed by it. A block the thread has not begun when the parser needs it is taken
/// back (take) and scanned by the parser itself: on a loaded machine the second thread may wait
/// for a core longer than the scan takes.
class BlockScanner {
public:
    BlockScanner(int fields, bool cr_is_space) : fields_(fields), cr_is_space_(cr_is_space) {}
    ~BlockScanner() {
        if (!thread_.joinable()) return;
        {
            std::lock_guard<std::mutex> lock(mutex_);
            stop_ = true;
        }
        wake_.notify_all();
        thread_.join();
    }
    BlockScanner(const BlockScanner&) = delete;
    BlockScanner& operator=(const BlockScanner&) = delete;

    /// f(line) for each line of `block` in order, until f returns false or a lone CR's line (after
    /// which nothing is parsed from the bytes).
    template <class F>
    void each_line(std::string_view block, F&& f) const {
        const char* p = block.data();
        const char* const end = p + block.size();
        const int value = fields_ == 4 ? 3 : 4;
        const auto at = [&](std::string_view t, std::uint32_t& offset, std::uint32_t& size) {
            offset = static_cast<std::uint32_t>(t.data() - block.data());
            size = static_cast<std::uint32_t>(t.size());
        };
        LineTokens t;
        ScannedLine l;
        std::string_view topic;  // the last ASCII line's (empty: none before in the block)
        while (p < end) {
            p = scan_line(p, end, cr_is_space_, t);
            l.n = static_cast<std::uint8_t>(std::min(t.n, 7));
            l.kind = t.kind;
            l.quick = l.same_topic = false;
            if (t.kind != LineTokens::kAscii) {
                topic = {};
                at(t.text, l.topic, l.topic_size);
            } else if (t.n == fields_) {  // else refused by the parser, in order
                at(t.token[0], l.topic, l.topic_size);
                at(t.token[2], l.doc, l.doc_size);
                at(t.token[value], l.value, l.value_size);
                l.quick = scan_value(t.token[value], fields_, l);
                l.doc_hash = _Py_HashBytes(t.token[2].data(), static_cast<Py_ssize_t>(t.token[2].size()));
                l.same_topic = t.token[0] == topic;
                topic = t.token[0];
            }
            if (!f(l) || t.kind == LineTokens::kLoneCr) return;
        }
    }

    /// Starts scanning `block` (which stays unchanged and alive until take()) into `lines` on the
    /// scanner's thread.
    void start(std::string_view block, std::vector<ScannedLine>& lines) {
        if (!thread_.joinable()) thread_ = std::thread([this] { run(); });
        {
            std::lock_guard<std::mutex> lock(mutex_);
            block_ = block;
            lines_ = &lines;
            state_ = kPosted;
        }
        wake_.notify_all();
    }

    /// The block started last: true when scanned into its lines (waited for while the thread
    /// scans it), false when taken back before the thread began it (the caller scans it).
    bool take() {
        std::unique_lock<std::mutex> lock(mutex_);
        if (state_ == kPosted) {
            state_ = kIdle;
            return false;
        }
        const auto begin = std::chrono::steady_clock::now();
        done_.wait(lock, [this] { return state_ == kDone; });
        waited_ += std::chrono::steady_clock::now() - begin;
        state_ = kIdle;
        return true;
    }

    /// The time take() waited for the thread, in all.
    std::chrono::steady_clock::duration waited() const { return waited_; }

private:
    void run() {
        std::unique_lock<std::mutex> lock(mutex_);
        for (;;) {
            wake_.wait(lock, [this] { return state_ == kPosted || stop_; });
            if (stop_) return;
            state_ = kScanning;
            lock.unlock();
            lines_->clear();
            each_line(block_, [this](const ScannedLine& l) {
                lines_->push_back(l);
                return true;
            });
            lock.lock();
            state_ = kDone;
            done_.notify_all();
        }
    }

    const int fields_;
    const bool cr_is_space_;
    std::thread thread_;
    std::mutex mutex_;
    std::condition_variable wake_, done_;
    enum { kIdle, kPosted, kScanning, kDone } state_ = kIdle;
    std::string_view block_;
    std::vector<ScannedLine>* lines_ = nullptr;
    bool stop_ = false;
    std::chrono::steady_clock::duration waited_{};
};

class TrecDictParser {
public:
    /// out: the dict the lines go into (pytrec_eval's defaultdict(dict)); fields: 4 (qrels:
    /// topic, iteration, doc, relevance as int) or 6 (run: topic, Q0, doc, rank, score as float, tag);
    /// second_thread: whether blocks are scanned on a thread of their own (false: all here).
    TrecDictParser(py::dict out, int fields, bool second_thread)
        : out_(std::move(out)), fields_(fields), second_thread_(second_thread) {
        if (fields != 4 && fields != 6) throw py::value_error("fields must be 4 or 6");
    }

    /// The next text of the file (str), its lines ended by '\n' (a text file's newlines).
    void feed(const py::str& chunk) {
        Py_ssize_t size;
        const char* p = PyUnicode_AsUTF8AndSize(chunk.ptr(), &size);
        if (!p) throw py::error_already_set();
        if (bytes_) throw py::value_error("a parser takes text or bytes, not both");
        text_ = true;
        lines(std::string_view(p, static_cast<std::size_t>(size)));
    }

    /// The next bytes of a UTF-8 file (any buffer), its lines ended by '\n' or "\r\n". False when
    /// a CR not followed by '\n' was met (a line break in text mode, whitespace here: feed nothing
    /// more, the caller parses the file's text instead), true otherwise.
    bool feed_bytes(const py::buffer& chunk) {
        const py::buffer_info b = chunk.request();
        if (text_) throw py::value_error("a parser takes text or bytes, not both");
        bytes_ = true;
        lines(std::string_view(static_cast<const char*>(b.ptr), static_cast<std::size_t>(b.size * b.itemsize)));
        return !lone_cr_;
    }

    /// The lines still scanned or held, and the last line when the file does not end with a
    /// newline. False when a lone CR was met (as feed_bytes).
    bool finish() {
        put_pending();
        if (!carry_.empty() && !lone_cr_) put_scanned(carry_);
        carry_.clear();
        return !lone_cr_;
    }

private:
    /// What the parser may wait for the scanner's thread, in all, before it scans every later
    /// block itself: on a loaded machine that thread gets a core late, and each wait is a loss.
    static constexpr std::chrono::milliseconds kMaxWait{50};

    BlockScanner& scanner() {
        if (!scanner_) scanner_ = std::make_unique<BlockScanner>(fields_, !bytes_);
        return *scanner_;
    }

    /// The whole lines held (those begun in an earlier chunk) and those of `data`, as a block
    /// scanned on the scanner's thread while the block before becomes Python objects here; the
    /// line `data` ends in without its '\n' is held for the next chunk.
    void lines(std::string_view data) {
        if (lone_cr_) return;
        const std::size_t lf = data.rfind('\n');
        if (lf == std::string_view::npos) {
            carry_.append(data);
            return;
        }
        const char* last_lf = data.data() + lf;
        std::string& block = blocks_[next_];
        block.assign(carry_);
        block.append(data.data(), static_cast<std::size_t>(last_lf + 1 - data.data()));
        carry_.assign(last_lf + 1, static_cast<std::size_t>(data.data() + data.size() - (last_lf + 1)));
        BlockScanner& s = scanner();
        if (!second_thread_ || s.waited() > kMaxWait) {  // the thread is more wait than help here: one thread
            put_pending();
            if (!lone_cr_) put_scanned(block);
            return;
        }
        const bool before = pending_;
        const bool scanned = before && s.take();  // the block before: scanned, or taken back
        s.start(block, scanned_[next_]);
        pending_ = true;
        next_ = 1 - next_;
        if (before) put_started(next_, scanned);
    }

    /// The block started on the scanner last and not yet put, if any, put in the dicts.
    void put_pending() {
        if (!pending_) return;
        pending_ = false;
        put_started(1 - next_, scanner().take());
    }

    /// Block i, started on the scanner, put in the dicts: its lines as the scanner's thread scanned
    /// them (scanned), or scanned here (taken back before that thread began it).
    void put_started(int i, bool scanned) {
        if (scanned)
            put_lines(blocks_[i], scanned_[i]);
        else
            put_scanned(blocks_[i]);
    }

    /// `block` scanned here, each line put as it is scanned.
    void put_scanned(std::string_view block) {
        scanner().each_line(block, [&](const ScannedLine& l) {
            put_line(block, l);
            return !lone_cr_;
        });
    }

    /// The scanned lines of `block`: their objects put in the dicts, in order, until a lone CR.
    void put_lines(std::string_view block, const std::vector<ScannedLine>& scanned) {
        for (const ScannedLine& l : scanned) {
            put_line(block, l);
            if (lone_cr_) return;
        }
    }

    /// One scanned line of `block`.
    void put_line(std::string_view block, const ScannedLine& l) {
        if (l.kind == LineTokens::kLoneCr)
            lone_cr_ = true;
        else if (l.kind == LineTokens::kUnicode)
            unicode_line(block.substr(l.topic, l.topic_size));
        else
            tokens(block, l);
    }

    /// A line of ASCII tokens.
    void tokens(std::string_view block, const ScannedLine& l) {
        check_fields(l.n);
        const std::string_view topic = block.substr(l.topic, l.topic_size);
        if (!inner_ || (!l.same_topic && topic != topic_)) {
            inner_ = topic_dict(ascii_str(topic));
            topic_.assign(topic);
        }
        const std::string_view doc = block.substr(l.doc, l.doc_size), text = block.substr(l.value, l.value_size);
        py::object v = l.quick ? checked(fields_ == 4 ? PyLong_FromLongLong(l.integer) : PyFloat_FromDouble(l.real))
                               : python_value(text);
        if (v)
            put(doc_str(doc, l.doc_hash), v);
        else
            add(inner_, ascii_str(doc), ascii_str(text));
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

    /// A run's score token that scan_value left, read by PyOS_string_to_double (float()'s own
    /// parser, which float() calls after removing underscores; correctly rounded, so float()'s
    /// double): `+1.5`, `inf`, `nan`, `1e999`. Null for anything else (and any qrels token), which
    /// value() then converts (and refuses).
    py::object python_value(std::string_view token) {
        if (fields_ == 4 || token.size() >= sizeof buf_ || token.find('_') != std::string_view::npos)
            return py::object();
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
    bool second_thread_;
    bool bytes_ = false;    // fed bytes (feed_bytes): a lone CR stops the parse
    bool text_ = false;     // fed text (feed)
    bool lone_cr_ = false;  // one was met
    char buf_[64];
    std::string carry_;  // a line begun in one chunk and ended in a later one
    py::object inner_;   // the dict of the last line's query (null: look it up)
    std::string topic_;  // that query's bytes
    // Two blocks of whole lines and their scans: one scanned on the scanner's thread while the
    // other's lines are put here; next_ is the one the next chunk goes to.
    std::string blocks_[2];
    std::vector<ScannedLine> scanned_[2];
    int next_ = 0;
    bool pending_ = false;                   // the block before next_ is started on the scanner, not yet put
    std::unique_ptr<BlockScanner> scanner_;  // last member: its thread stops before the blocks go
};

}  // namespace

void register_trec_dicts(py::module_& m) {
    py::class_<TrecDictParser>(m, "TrecDictParser")
        .def(py::init<py::dict, int, bool>(), py::arg("out"), py::arg("fields"), py::arg("second_thread") = true)
        .def("feed", &TrecDictParser::feed)
        .def("feed_bytes", &TrecDictParser::feed_bytes)
        .def("finish", &TrecDictParser::finish);
}

}  // namespace irlens::python
