// Replays the committed libFuzzer corpus (tests/fuzz/corpus, minimised with -merge=1; see
// tests/fuzz/README.md) through the fuzzing harness: no crash, and no exception but InputError and
// UsageError. Run natively, under the sanitizers of an IRLENS_FUZZ=ON build, and in WASM (node's
// file system through NODERAWFS).
#include "fuzz/harness.hpp"

#include <doctest/doctest.h>

#include <dirent.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#ifndef IRLENS_FUZZ_CORPUS
#error "IRLENS_FUZZ_CORPUS (the corpus directory) is set in tests/CMakeLists.txt"
#endif

namespace {

std::vector<std::string> corpus_files(const std::string& dir) {
    std::vector<std::string> files;
    if (DIR* d = opendir(dir.c_str())) {
        while (dirent* e = readdir(d))
            if (e->d_name[0] != '.') files.push_back(dir + "/" + e->d_name);
        closedir(d);
    }
    std::sort(files.begin(), files.end());
    return files;
}

std::string read_bytes(const std::string& path) {
    std::string out;
    if (std::FILE* f = std::fopen(path.c_str(), "rb")) {
        char buf[4096];
        std::size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
        std::fclose(f);
    }
    return out;
}

}  // namespace

TEST_CASE("the fuzz corpus replays without a crash or an unexpected exception") {
    std::vector<std::string> files = corpus_files(IRLENS_FUZZ_CORPUS);
    // The corpus is part of the repository: an empty or missing directory is a failure, not a skip.
    REQUIRE(files.size() >= 10);
    std::vector<int> per_target(irlens::fuzz::kNumTargets, 0);
    int accepted = 0, rejected = 0;
    for (const std::string& path : files) {
        std::string input = read_bytes(path);
        CAPTURE(path);
        irlens::fuzz::Outcome outcome = irlens::fuzz::Outcome::Accepted;
        CHECK_NOTHROW(outcome = irlens::fuzz::fuzz_one(input));
        if (input.size() >= 2) per_target[static_cast<unsigned char>(input[0]) % irlens::fuzz::kNumTargets]++;
        (outcome == irlens::fuzz::Outcome::Accepted ? accepted : rejected)++;
    }
    // The corpus exercises every parser, with inputs each accepts and rejects.
    for (int n : per_target) CHECK(n > 0);
    CHECK(accepted > 0);
    CHECK(rejected > 0);
}
