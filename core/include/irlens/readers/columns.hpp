// Columnar input: the rows of a qrels or a run already split into columns (the Python package's
// DataFrames: ids as category codes into tables of distinct ids, numbers as arrays), read by
// QrelsReader::feed_columns and RunReader::feed_columns instead of text.
//
// Contract: the rows meet the text readers' checks with the text readers' messages (relevance an
// integer of at most kMaxGrade, a NaN score, a document id of at most 65535 bytes, a repeated
// (topic, doc) pair, an empty input), plus what text cannot hold and a column can: a missing id
// (a negative code), an id that is empty or holds whitespace or a NUL byte, a topic id starting
// with '#' (a comment line in TREC text), a score that is infinite. Row i (from 0) is reported as
// line i + 1 of the reader's source, so that the result is the one the reader would build from
// the rows' canonical TREC text (`topic 0 doc rel`, `topic Q0 doc rank score tag`, one line per
// row in row order) and every error names the line of that text.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace irlens {

/// One id column: per row, an index into `ids` (a negative code: a missing value). No codes
/// (nullptr): row i's id is ids[i] (a column of ids as they are, one per row: no array of 0, 1,
/// 2 ... to hold).
struct IdColumn {
    const std::int64_t* codes = nullptr;
    const std::string_view* ids = nullptr;  // the distinct ids, each in any order
    std::size_t num_ids = 0;
    /// Row `row`'s code (of a column of num_ids rows when there are no codes).
    std::int64_t code(std::size_t row) const { return codes ? codes[row] : static_cast<std::int64_t>(row); }
};

/// A plain qrels (`topic 0 doc rel`) as columns: relevance as integers or as reals (exactly one
/// of the two; a real must be a whole number).
struct QrelsColumns {
    std::size_t rows = 0;
    IdColumn topics, docs;
    const std::int64_t* rel_ints = nullptr;
    const double* rel_reals = nullptr;
};

/// A run (`topic Q0 doc rank score tag`) as columns: ranks may be absent (nullptr: written as 0,
/// and RunOrder::Rank refused); every row has the same tag.
struct RunColumns {
    std::size_t rows = 0;
    IdColumn topics, docs;
    const double* scores = nullptr;
    const std::int64_t* ranks = nullptr;
    std::string_view tag;
};

/// An IdColumn whose distinct ids are each checked once, when a row first uses it (an id no row
/// uses is never checked, nor touched): an id must be something a TREC line can hold as one column
/// (non-empty, no whitespace or NUL byte; a topic id not starting with '#'; a document id of at
/// most 65535 bytes, as the text readers require). Checking on first use visits each id's bytes
/// while the row that uses it does (to hash or copy it), not in a pass of its own over millions of
/// ids in table order. The readers' feed_columns use it, and so does whoever writes columns as
/// TREC text.
class IdColumnReader {
public:
    enum class Kind { Topic, Doc };
    IdColumnReader(const IdColumn& column, Kind kind);
    /// The code of row `row` (0-based), checked: InputError(source, row + 1, problem) when the
    /// row has no id (a negative code) or its id cannot be a TREC column.
    std::size_t code(std::size_t row, const std::string& source) {
        const std::int64_t c = column_.code(row);
        if (c < 0 || static_cast<std::uint64_t>(c) >= column_.num_ids) fail(row, source);
        unsigned char& problem = problem_[static_cast<std::size_t>(c)];
        if (problem != kFine) {
            if (problem == kUnchecked) problem = check(static_cast<std::size_t>(c));
            if (problem != kFine) fail(row, source);
        }
        return static_cast<std::size_t>(c);
    }
    std::string_view id(std::size_t code) const { return column_.ids[code]; }
    std::size_t num_ids() const { return column_.num_ids; }

private:
    static constexpr unsigned char kUnchecked = 0, kFine = 1;
    unsigned char check(std::size_t code) const;  // kFine, or what is wrong (readers/columns.cpp)
    [[noreturn]] void fail(std::size_t row, const std::string& source) const;
    IdColumn column_;
    Kind kind_;
    std::vector<unsigned char> problem_;  // per id: kUnchecked, kFine, or what is wrong with it
};

}  // namespace irlens
