#include "irlens/readers/columns.hpp"

#include "irlens/error.hpp"

#include "readers/block.hpp"

namespace irlens {

namespace {

// 0 and 1 are IdColumnReader's kUnchecked and kFine.
enum Problem : unsigned char { kFine = 1, kEmpty, kBlankByte, kNulByte, kComment, kTooLong };

Problem problem_of(std::string_view id, IdColumnReader::Kind kind) {
    if (id.empty()) return kEmpty;
    for (unsigned char c : id) {
        if (detail::kByteClass[c] == detail::kNul) return kNulByte;
        if (detail::kByteClass[c] != detail::kWord) return kBlankByte;  // a blank or a newline
    }
    if (kind == IdColumnReader::Kind::Topic && id[0] == '#') return kComment;
    if (kind == IdColumnReader::Kind::Doc && id.size() > 0xFFFF) return kTooLong;
    return kFine;
}

}  // namespace

IdColumnReader::IdColumnReader(const IdColumn& column, Kind kind)
    : column_(column), kind_(kind), problem_(column.num_ids, kUnchecked) {}

unsigned char IdColumnReader::check(std::size_t code) const { return problem_of(column_.ids[code], kind_); }

void IdColumnReader::fail(std::size_t row, const std::string& source) const {
    const std::string what = kind_ == Kind::Topic ? "query id" : "document id";
    const std::int64_t c = column_.code(row);
    if (c < 0 || static_cast<std::uint64_t>(c) >= column_.num_ids)
        throw InputError(source, row + 1, "no " + what + " (a missing value)");
    const std::string_view id = column_.ids[c];
    const std::string quoted = what + " '" + quote_bytes(id) + "'";
    switch (problem_[static_cast<std::size_t>(c)]) {
        case kEmpty: throw InputError(source, row + 1, what + " is empty");
        case kBlankByte: throw InputError(source, row + 1, quoted + " contains whitespace");
        case kNulByte: throw InputError(source, row + 1, quoted + " contains a NUL byte");
        case kComment: throw InputError(source, row + 1, quoted + " starts with '#': its TREC line would be a comment");
        default: throw InputError(source, row + 1, "document id longer than 65535 bytes");
    }
}

}  // namespace irlens
