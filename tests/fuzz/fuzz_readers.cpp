// libFuzzer target over every parser of irlens (see harness.hpp for the input layout and
// README.md for how to build, run and minimise the corpus). A crash, a sanitizer report or an
// exception other than InputError/UsageError escaping fuzz_one is a bug.
#include "fuzz/harness.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

// IRLENS_FUZZ_TARGET=N (0-12, harness.hpp) fuzzes one target only: the first byte of every input
// is replaced by N, so that a run of a few minutes is spent on that parser.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const int forced = [] {
        const char* t = std::getenv("IRLENS_FUZZ_TARGET");
        return t ? std::atoi(t) : -1;
    }();
    std::string_view input(reinterpret_cast<const char*>(data), size);
    if (forced >= 0 && size > 0) {
        std::string copy(input);
        copy[0] = static_cast<char>(forced);
        irlens::fuzz::fuzz_one(copy);
        return 0;
    }
    irlens::fuzz::fuzz_one(input);
    return 0;
}
