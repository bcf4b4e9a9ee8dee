// libFuzzer target over every parser of irlens (see harness.hpp for the input layout and
// README.md for how to build, run and minimise the corpus). A crash, a sanitizer report or an
// exception other than InputError/UsageError escaping fuzz_one is a bug.
#include "fuzz/harness.hpp"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    irlens::fuzz::fuzz_one(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
