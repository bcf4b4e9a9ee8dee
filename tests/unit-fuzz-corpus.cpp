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

TEST_CASE("the harness's value check: a non-finite value of a measure that defines none is a failure") {
    // Issue 13: without the parameter ranges, SetF(beta=1e400) reads beta as inf and gives
    // inf/inf = NaN, and gains of 1.7e308 sum to inf (nDCG NaN). The drop-ins' unchecked parse
    // still reaches such values; the measures target (checked parse) must refuse them first.
    using namespace irlens;
    for (const char* name : {"SetF(beta=1e400)", "nDCG(gains={0:0,1:1.7e308,2:1.7e308})@5"}) {
        CAPTURE(name);
        Evaluation ev =
            evaluate(fuzz::fuzz_qrels_fixture(), {fuzz::fuzz_run_fixture()}, {parse_measure(name, {}, false)});
        CHECK_THROWS_AS(fuzz::check_values(ev), fuzz::HarnessFailure);
        CHECK_THROWS_AS(parse_measure(name), UsageError);
    }
    // Finite values pass.
    Evaluation fine =
        evaluate(fuzz::fuzz_qrels_fixture(), {fuzz::fuzz_run_fixture()}, parse_measures("AP nDCG@5 SetF"));
    CHECK_NOTHROW(fuzz::check_values(fine));
}
