// Internal: runs fn(begin, end) over [0, n) split in contiguous ranges, on up to two threads
// natively (IRLENS_THREADS) and inline in WASM. The first exception (in range order) is rethrown.
#pragma once

#include <cstddef>
#include <exception>

#if IRLENS_THREADS
#include <thread>
#endif

namespace irlens::detail {

template <class Fn>
void parallel_ranges(std::size_t n, Fn&& fn) {
#if IRLENS_THREADS
    if (n >= 64) {
        std::size_t mid = n / 2;
        std::exception_ptr error_b;
        std::thread worker([&] {
            try {
                fn(mid, n);
            } catch (...) {
                error_b = std::current_exception();
            }
        });
        std::exception_ptr error_a;
        try {
            fn(std::size_t(0), mid);
        } catch (...) {
            error_a = std::current_exception();
        }
        worker.join();
        if (error_a) std::rethrow_exception(error_a);
        if (error_b) std::rethrow_exception(error_b);
        return;
    }
#endif
    fn(std::size_t(0), n);
}

}  // namespace irlens::detail
