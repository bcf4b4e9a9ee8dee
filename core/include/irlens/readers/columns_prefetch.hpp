// Reading an IdColumn row by row without waiting on memory: rows reach their ids in no order (a
// categorical column's categories are sorted; the ids' bytes lie wherever their table put them),
// so each row would wait for two cache misses in turn (its id's view, then the id's bytes).
// Asking for them a few rows ahead overlaps the misses of several rows. Used by the readers'
// feed_columns and by the Python package's digest writer (python/bindings/columns.cpp).
#pragma once

#include "irlens/readers/columns.hpp"

#include <cstddef>
#include <cstdint>

namespace irlens {

/// Whether row `row` has a code within the column's table (a negative code: a missing id).
inline bool valid_code(const IdColumn& c, std::size_t row) {
    return c.code(row) >= 0 && static_cast<std::uint64_t>(c.code(row)) < c.num_ids;
}

/// Asks the cache for the view of row + 16's id and the bytes of row + 8's (of `rows`). A hint
/// only: codes out of range are skipped, nothing is read through them.
inline void prefetch_ids(const IdColumn& c, std::size_t row, std::size_t rows) {
    constexpr std::size_t kView = 16, kBytes = 8;
    if (row + kView < rows && valid_code(c, row + kView)) __builtin_prefetch(c.ids + c.code(row + kView));
    if (row + kBytes < rows && valid_code(c, row + kBytes)) __builtin_prefetch(c.ids[c.code(row + kBytes)].data());
}

}  // namespace irlens
