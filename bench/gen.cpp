// Deterministic synthetic TREC collection for the benchmarks: TOPICS topics, each with a qrels
// pool of ~JUDGED graded judgments and a run of DEPTH documents (default 6,000 x 1,000 = 6M run
// lines, ~3M qrels lines). Same seed, same bytes, on every machine (own generator: splitmix64).
// usage: gen OUT_DIR [TOPICS] [DEPTH] [JUDGED] [RUNS]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace {

struct SplitMix64 {
    std::uint64_t s;
    std::uint64_t next() {
        std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    std::uint64_t below(std::uint64_t n) { return next() % n; }  // bias irrelevant for test data
};

FILE* open_out(const std::string& path) {
    FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) {
        std::perror(path.c_str());
        std::exit(1);
    }
    static std::vector<char> buf;
    buf.resize(1 << 22);
    std::setvbuf(f, buf.data(), _IOFBF, buf.size());
    return f;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: gen OUT_DIR [TOPICS=6000] [DEPTH=1000] [JUDGED=500] [RUNS=1]\n");
        return 2;
    }
    std::string dir = argv[1];
    std::error_code made;
    std::filesystem::create_directories(dir, made);  // a fresh clone has no bench/data
    if (made) {
        std::fprintf(stderr, "gen: cannot create %s: %s\n", dir.c_str(), made.message().c_str());
        return 1;
    }
    long topics = argc > 2 ? std::atol(argv[2]) : 6000;
    long depth = argc > 3 ? std::atol(argv[3]) : 1000;
    long judged = argc > 4 ? std::atol(argv[4]) : 500;
    long runs = argc > 5 ? std::atol(argv[5]) : 1;
    const std::uint64_t kCollection = 50000000;  // doc ids drawn from 50M documents

    // Each topic's pool: `judged` distinct-ish docs near a topic-specific offset, graded
    // 0 (60%), 1 (25%), 2 (10%), 3 (5%).
    FILE* q = open_out(dir + "/qrels.txt");
    SplitMix64 rq{12345};
    for (long t = 1; t <= topics; ++t) {
        std::uint64_t base = rq.below(kCollection - 4 * static_cast<std::uint64_t>(judged));
        for (long j = 0; j < judged; ++j) {
            std::uint64_t doc = base + 2 * static_cast<std::uint64_t>(j) + rq.below(2);
            std::uint64_t r = rq.below(100);
            int grade = r < 60 ? 0 : r < 85 ? 1 : r < 95 ? 2 : 3;
            std::fprintf(q, "%ld 0 doc%010llu %d\n", t, static_cast<unsigned long long>(doc), grade);
        }
    }
    std::fclose(q);

    // Runs: per topic DEPTH distinct docs, ~40% from the judged region (about half of those are
    // judged), scores descending with occasional ties.
    for (long k = 0; k < runs; ++k) {
        FILE* f = open_out(dir + "/run" + std::to_string(k + 1) + ".txt");
        SplitMix64 rr{777 + static_cast<std::uint64_t>(k)};
        SplitMix64 rpool{12345};
        for (long t = 1; t <= topics; ++t) {
            std::uint64_t base = rpool.below(kCollection - 4 * static_cast<std::uint64_t>(judged));
            for (long j = 0; j < judged; ++j) {
                rpool.next();
                rpool.next();
            }
            double score = 100.0;
            long picked = 0;  // judged-region picks so far: distinct positions via a prime stride
            for (long i = 0; i < depth; ++i) {
                std::uint64_t doc;
                if (rr.below(100) < 40 && picked < judged)
                    doc = base + 2 * static_cast<std::uint64_t>((picked++ * 7919) % judged) +
                          rr.below(2);  // judged half the time
                else
                    doc = kCollection + static_cast<std::uint64_t>(t) * 100000 + static_cast<std::uint64_t>(i);
                if (rr.below(10) != 0) score -= static_cast<double>(rr.below(1000)) / 10000.0;
                std::fprintf(f, "%ld Q0 doc%010llu %ld %.4f bench%ld\n", t, static_cast<unsigned long long>(doc), i + 1,
                             score, k + 1);
            }
        }
        std::fclose(f);
    }
    return 0;
}
