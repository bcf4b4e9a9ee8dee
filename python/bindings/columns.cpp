// The columnar inputs of irlens._core (DataFrames, dicts, records as python/irlens/_inputs.py
// turns them into columns): ids as category codes (int64, -1 for a missing value) with their
// tables of distinct ids (numpy object arrays of str), numbers as numpy arrays. The core's readers
// build the qrels or run from them (QrelsReader / RunReader::feed_columns: the text readers'
// checks and messages, row i as line i + 1), with the GIL released; meanwhile a second thread
// writes the rows' canonical TREC text (`topic 0 doc rel`, `topic Q0 doc rank score tag`, one
// line per row in row order) into SHA-256, for the provenance: the size and hash of the bytes the
// text path wrote, without holding them.
#include "common.hpp"
#include "sha256.hpp"

#include "irlens/error.hpp"
#include "irlens/frontends/input_words.hpp"
#include "irlens/readers/columns.hpp"
#include "irlens/readers/columns_prefetch.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cstring>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace irlens::python {

namespace {

using Int64s = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>;
using Doubles = py::array_t<double, py::array::c_style | py::array::forcecast>;

/// The ids of a table (a numpy object array of str) as views of the str objects' own UTF-8 bytes,
/// not copied: a compact ASCII str (PyUnicode_IS_COMPACT_ASCII: every id of the usual collections)
/// holds them inline after its header, read with the API's layout macros and no call; any other
/// str gives them through PyUnicode_AsUTF8AndSize, which keeps its UTF-8 form in the object. So
/// the views live as long as the table's objects: the caller holds the table for the call, and
/// the table must not change during it (the readers run with the GIL released). Needs the GIL.
/// (A copy into one buffer, as before, cost more than it saved: a categorical column's rows reach
/// its sorted categories in no order, in a buffer as in the objects, and the copy added a pass
/// over every object and ~200 MB of pages for 6M ids.)
class IdTable {
public:
    IdTable(const py::array& table, const char* what) {
        if (table.ndim() != 1 || table.dtype().kind() != 'O')
            throw UsageError(std::string(what) + " table: expected a 1-d object array");
        held_ = table.strides(0) == static_cast<py::ssize_t>(sizeof(PyObject*))
                    ? table
                    : py::array(py::module_::import("numpy").attr("ascontiguousarray")(table));
        auto* objects = static_cast<PyObject* const*>(held_.data());
        const std::size_t n = static_cast<std::size_t>(held_.shape(0));
        ids_.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            // The objects lie scattered over the heap: ask for the ones a few ids ahead now, so
            // that their cache misses overlap instead of following one another.
            if (i + kAhead < n) __builtin_prefetch(objects[i + kAhead]);
            PyObject* o = objects[i];
            if (!PyUnicode_Check(o)) throw UsageError(std::string(what) + " table: expected str ids");
            if (PyUnicode_IS_COMPACT_ASCII(o)) {
                ids_[i] = std::string_view(static_cast<const char*>(PyUnicode_DATA(o)),
                                           static_cast<std::size_t>(PyUnicode_GET_LENGTH(o)));
                continue;
            }
            Py_ssize_t size;
            const char* s = PyUnicode_AsUTF8AndSize(o, &size);
            if (!s) throw py::error_already_set();  // a lone surrogate: UnicodeEncodeError
            ids_[i] = std::string_view(s, static_cast<std::size_t>(size));
        }
    }
    const std::vector<std::string_view>& ids() const { return ids_; }

private:
    static constexpr std::size_t kAhead = 16;
    py::array held_;                     // the table (a contiguous copy of a strided one)
    std::vector<std::string_view> ids_;  // into held_'s str objects
};

IdColumn id_column(const Int64s& codes, const IdTable& table, std::size_t rows, const char* what) {
    if (static_cast<std::size_t>(codes.size()) != rows) throw UsageError(std::string(what) + " column: length differs");
    return IdColumn{codes.data(), table.ids().data(), table.ids().size()};
}

/// Where canonical TREC text goes, a line at a time, written straight into a buffer: a string
/// (Text) or SHA-256 (Digest). A line starts with begin(n), n its most bytes.
class Sink {
public:
    virtual ~Sink() = default;
    void begin(std::size_t n) {
        if (static_cast<std::size_t>(end_ - p_) < n) room(n);
    }
    void id(const IdColumn& c, std::size_t row) { text(c.ids[c.code(row)]); }
    void text(std::string_view s) {
        std::memcpy(p_, s.data(), s.size());
        p_ += s.size();
    }
    void integer(std::int64_t v) { p_ = std::to_chars(p_, p_ + kMaxInteger, v).ptr; }
    void number(double v) { p_ = std::to_chars(p_, p_ + kMaxNumber, v).ptr; }  // the shortest text that reads back as v
    /// Ends a line; false when the writing should stop.
    virtual bool line() {
        *p_++ = '\n';
        return true;
    }
    static constexpr std::size_t kMaxInteger = 20,
                                 kMaxNumber = 32;  // "-9223372036854775808"; "-2.2250738585072014e-308"

protected:
    /// Makes room for n more bytes (at least).
    virtual void room(std::size_t n) { grow(n); }
    void grow(std::size_t n) {
        const std::size_t used = size();
        buf_.resize(std::max(buf_.size() * 2, used + n));
        p_ = buf_.data() + used;
        end_ = buf_.data() + buf_.size();
    }
    std::size_t size() const { return static_cast<std::size_t>(p_ - buf_.data()); }
    std::string buf_;
    char* p_ = buf_.data();
    char* end_ = p_;
};

/// The canonical lines of the rows, in row order; stops at a row with a code out of range or a
/// relevance that no integer holds (rows the readers refuse: the text is then not used).
void write_qrels(const QrelsColumns& c, Sink& out) {
    for (std::size_t i = 0; i < c.rows; ++i) {
        prefetch_ids(c.docs, i, c.rows);
        if (!valid_code(c.topics, i) || !valid_code(c.docs, i)) return;
        std::int64_t rel;
        if (c.rel_ints) {
            rel = c.rel_ints[i];
        } else {
            const double v = c.rel_reals[i];
            if (!(v >= -9e18 && v <= 9e18)) return;  // NaN or out of range: refused by the reader
            rel = static_cast<std::int64_t>(v);
        }
        out.begin(c.topics.ids[c.topics.code(i)].size() + c.docs.ids[c.docs.code(i)].size() + Sink::kMaxInteger + 5);
        out.id(c.topics, i);
        out.text(" 0 ");
        out.id(c.docs, i);
        out.text(" ");
        out.integer(rel);
        if (!out.line()) return;
    }
}

/// The canonical lines of the rows, in row order (as write_qrels).
void write_run(const RunColumns& c, Sink& out) {
    for (std::size_t i = 0; i < c.rows; ++i) {
        prefetch_ids(c.docs, i, c.rows);
        if (!valid_code(c.topics, i) || !valid_code(c.docs, i)) return;
        out.begin(c.topics.ids[c.topics.code(i)].size() + c.docs.ids[c.docs.code(i)].size() + c.tag.size() +
                  Sink::kMaxInteger + Sink::kMaxNumber + 8);
        out.id(c.topics, i);
        out.text(" Q0 ");
        out.id(c.docs, i);
        out.text(" ");
        out.integer(c.ranks ? c.ranks[i] : 0);
        out.text(" ");
        out.number(c.scores[i]);
        out.text(" ");
        out.text(c.tag);
        if (!out.line()) return;
    }
}

/// SHA-256 of the lines, hashed a buffer at a time; stops when told to (the reader failed).
class Digest : public Sink {
public:
    Digest() { grow(kBuffer + 4096); }
    std::atomic<bool> stop{false};
    bool line() override {
        *p_++ = '\n';
        if (size() >= kBuffer) flush();
        return !stop.load(std::memory_order_relaxed);
    }
    /// {bytes, sha256 (hex)}.
    std::pair<std::uint64_t, std::string> finish() {
        flush();
        return {sha_.bytes(), sha_.hex()};
    }

private:
    static constexpr std::size_t kBuffer = 1u << 20;
    void room(std::size_t n) override {
        flush();
        if (static_cast<std::size_t>(end_ - p_) < n) grow(n);  // a line longer than the buffer
    }
    void flush() {
        sha_.update(buf_.data(), size());
        p_ = buf_.data();
    }
    Sha256 sha_;
};

/// The lines as bytes (what irlens.check and the notebook views read).
class Text : public Sink {
public:
    py::bytes bytes() const { return py::bytes(buf_.data(), size()); }
};

/// Runs read() on this thread and digest(d) on another, the GIL released; returns what read()
/// returns with the digest's {bytes, sha256}. An exception of read() wins (the digest is stopped).
template <class Read, class Write>
auto read_and_digest(Read&& read, Write&& write) {
    py::gil_scoped_release unlocked;
    Digest digest;
    std::thread writer([&] { write(digest); });
    try {
        auto result = read();
        writer.join();
        auto [bytes, sha] = digest.finish();
        return std::make_tuple(std::move(result), bytes, std::move(sha));
    } catch (...) {
        digest.stop = true;
        writer.join();
        throw;
    }
}

/// A qrels' columns as Python passes them (kept alive for the views in `columns`).
struct QrelsArgs {
    IdTable topic_ids, doc_ids;
    std::optional<Int64s> ints;
    std::optional<Doubles> reals;
    QrelsColumns columns;
    QrelsArgs(const Int64s& topics, const py::array& topic_table, const Int64s& docs, const py::array& doc_table,
              const py::array& rels)
        : topic_ids(topic_table, "query id"), doc_ids(doc_table, "document id") {
        const std::size_t n = static_cast<std::size_t>(topics.size());
        columns.rows = n;
        columns.topics = id_column(topics, topic_ids, n, "query id");
        columns.docs = id_column(docs, doc_ids, n, "document id");
        if (rels.dtype().kind() == 'f') {
            reals = Doubles::ensure(rels);
            columns.rel_reals = reals->data();
        } else {
            ints = Int64s::ensure(rels);
            if (!*ints) throw py::error_already_set();
            columns.rel_ints = ints->data();
        }
        if (static_cast<std::size_t>(rels.size()) != n) throw UsageError("relevance column: length differs");
    }
};

/// A run's columns as Python passes them; ranks None: written as 0.
struct RunArgs {
    IdTable topic_ids, doc_ids;
    RunColumns columns;
    RunArgs(const Int64s& topics, const py::array& topic_table, const Int64s& docs, const py::array& doc_table,
            const Doubles& scores, const std::optional<Int64s>& ranks, const std::string& tag)
        : topic_ids(topic_table, "query id"), doc_ids(doc_table, "document id") {
        const std::size_t n = static_cast<std::size_t>(topics.size());
        columns.rows = n;
        columns.topics = id_column(topics, topic_ids, n, "query id");
        columns.docs = id_column(docs, doc_ids, n, "document id");
        if (static_cast<std::size_t>(scores.size()) != n || (ranks && static_cast<std::size_t>(ranks->size()) != n))
            throw UsageError("run columns differ in length");
        columns.scores = scores.data();
        columns.ranks = ranks ? ranks->data() : nullptr;
        columns.tag = tag;
    }
};

/// (Qrels, bytes, sha256) of a qrels' columns (relevance int64, or float64 holding whole numbers);
/// digest false: (Qrels, 0, "") (irlens.pytrec_eval and irlens.ir_measures, which keep no record).
py::tuple read_qrels_columns(const std::string& source, const std::string& format, const Int64s& topics,
                             const py::array& topic_table, const Int64s& docs, const py::array& doc_table,
                             const py::array& rels, bool digest) {
    QrelsArgs a(topics, topic_table, docs, doc_table, rels);
    const QrelsFormat fmt = qrels_format_word(format);
    auto read = [&] {
        QrelsReader reader(source, fmt);
        reader.feed_columns(a.columns);
        return reader.finish();
    };
    if (!digest) {
        QrelsPtr qrels;
        {
            py::gil_scoped_release unlocked;
            qrels = read();
        }
        return py::make_tuple(PyQrels{qrels}, 0, "");
    }
    auto [qrels, bytes, sha] = read_and_digest(read, [&](Digest& d) { write_qrels(a.columns, d); });
    return py::make_tuple(PyQrels{qrels}, bytes, sha);
}

/// (Run, bytes, sha256) of a run's columns; digest false: (Run, 0, "").
py::tuple read_run_columns(const PyQrels& qrels, const std::string& name, const std::string& order,
                           const Int64s& topics, const py::array& topic_table, const Int64s& docs,
                           const py::array& doc_table, const Doubles& scores, const std::optional<Int64s>& ranks,
                           const std::string& tag, bool digest) {
    RunArgs a(topics, topic_table, docs, doc_table, scores, ranks, tag);
    const RunOrder ord = run_order_word(order);
    auto read = [&] {
        RunReader reader(qrels.ptr, name, ord);
        reader.feed_columns(a.columns);
        return reader.finish();
    };
    if (!digest) {  // the read alone (bench/python_bench.py's steps; the drop-in modules): no bytes, no hash
        RunPtr run;
        {
            py::gil_scoped_release unlocked;
            run = read();
        }
        return py::make_tuple(PyRun{run}, 0, "");
    }
    auto [run, bytes, sha] = read_and_digest(read, [&](Digest& d) { write_run(a.columns, d); });
    return py::make_tuple(PyRun{run}, bytes, sha);
}

/// The canonical TREC text of a qrels' columns, checked as read_qrels_columns checks them.
py::bytes qrels_text(const std::string& source, const Int64s& topics, const py::array& topic_table, const Int64s& docs,
                     const py::array& doc_table, const py::array& rels) {
    QrelsArgs a(topics, topic_table, docs, doc_table, rels);
    Text text;
    {
        py::gil_scoped_release unlocked;
        QrelsReader reader(source, QrelsFormat::Plain);
        reader.feed_columns(a.columns);
        write_qrels(a.columns, text);
    }
    return text.bytes();
}

/// The canonical TREC text of a run's columns, its ids checked (irlens.check reads the text: its
/// findings are the text's).
py::bytes run_text(const std::string& source, const Int64s& topics, const py::array& topic_table, const Int64s& docs,
                   const py::array& doc_table, const Doubles& scores, const std::optional<Int64s>& ranks,
                   const std::string& tag) {
    RunArgs a(topics, topic_table, docs, doc_table, scores, ranks, tag);
    Text text;
    {
        py::gil_scoped_release unlocked;
        IdColumnReader t(a.columns.topics, IdColumnReader::Kind::Topic), d(a.columns.docs, IdColumnReader::Kind::Doc);
        for (std::size_t i = 0; i < a.columns.rows; ++i) t.code(i, source), d.code(i, source);
        write_run(a.columns, text);
    }
    return text.bytes();
}

}  // namespace

void register_columns(py::module_& m) {
    m.def("read_qrels_columns", &read_qrels_columns, py::arg("source"), py::arg("format"), py::arg("topics"),
          py::arg("topic_ids"), py::arg("docs"), py::arg("doc_ids"), py::arg("relevance"), py::arg("digest") = true);
    m.def("read_run_columns", &read_run_columns, py::arg("qrels"), py::arg("name"), py::arg("order"), py::arg("topics"),
          py::arg("topic_ids"), py::arg("docs"), py::arg("doc_ids"), py::arg("scores"), py::arg("ranks"),
          py::arg("tag"), py::arg("digest") = true);
    m.def("qrels_text", &qrels_text);
    m.def("run_text", &run_text);
}

}  // namespace irlens::python
