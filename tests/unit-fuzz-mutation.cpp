// A seeded randomized mutation test of the parsers (the quick, deterministic companion of the
// libFuzzer target in tests/fuzz/): valid qrels, runs, z-score files and measure lists are mutated
// with byte flips, insertions of bytes the parsers care about, deletions and repeated lines, then
// fed in random chunks through the fuzzing harness. Only InputError and UsageError may come out.
// A fixed number of iterations (no timing); irlens' own generator (Rng), so every platform (and
// WASM) runs exactly the same inputs.
#include "fuzz/harness.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <string>
#include <vector>

using irlens::Rng;
using irlens::fuzz::Outcome;

namespace {

const char* const kSeeds[irlens::fuzz::kNumTargets] = {
    // plain qrels: grades -1..12, a comment, CRLF, a blank line
    "# qrels\n1 0 a 2\n1 0 b 0\r\n1 0 c 1\n\n1 0 d -1\n10 0 a 12\n10 0 e 1\n2 0 f 0\n",
    // grouped qrels (subtopics)
    "1 1 a 1\n1 2 a 0\n1 2 b 1\n2 1 c 2\n2 3 c 1\n",
    // a run against kFuzzQrels: ties, an unjudged doc, an unknown topic, extra columns, exponents
    "1 Q0 a 1 3.5 tag\n1 Q0 b 2 3.5 tag\n1 Q0 x 3 -1e-3 tag\n10 Q0 a 1 inf tag extra\n10 Q0 f 2 2 tag\n9 Q0 z 1 1 "
    "tag\n",
    // z-scores
    "1 map 0.25 0.1\n1 P_5 0.4 0\n10 ndcg 0.5 0.2\n",
    // measure names in the measure language
    ("P@5 nDCG(gains={0:0,1:1,2:3})@10,RBP(p=0.5,norm=topic) IPrecAvg(recall=[0,0.5]) AP(agg=gmean) Utility(a=2,N=10) "
     "RprecMult(mult=1.4,rel=2) RelString@3 IPrec@0.3"),
    // document lengths: characters and words, one without words
    "a\t5000\t800\nb 300 50\r\nc\t1200\n# comment\nd 0 0\ne 9000 1500\nf 10 2\nx 400 70\n",
    // sessions: session, position, topic
    "s1\t1\t1\ns1\t2\t10\n# comment\ns2 1 2\r\n",
    // a trec_eval command line
    "-q -c -m all_trec -m P.5,10 -m ndcg.1=3,2=9 -m rbp.p=0.5 -m relstring.20 -m iprec_at_recall.0.3 -l2 -M3 -J -N 100",
    // preferences (prefs format: topic jg jsg doc rel_level; read as qrels_prefs half the time)
    "1 a 1 d1 2\n1 a 1 d2 1\n1 a 1 d3 0\n1 a 2 d2 0.5\n1 b 1 d3 3\n2 a 1 x 1\n2 a 1 y 0\n",
    // intent probabilities (or, half the time, read as a types file)
    "1 1 0.5\n1 2 0.25\n1 3 0.25\n# c\n2 1 1\n",
    // run groups, CSV with quotes (TSV when a mutation brings a tab to the first line)
    "run,team,other\n\"fuzz.run\",\"A \"\"x\"\"\",1\nb.txt.gz,B,2\n",
    // score files: trec_eval -q, two runs concatenated, each with its all block; a nan topic
    "map\t1\t0.5\nP_5\t1\t0.2\nmap\t10\tnan\nmap\tall\t0.5\nrunid\tall\ta\nmap\t1\t1\nP_5\t1\t0.4\nmap\tall\t1\n",
    // content detection: an MS MARCO run against kFuzzQrels (ranks from 1, a tie, a topic back)
    "1\ta\t1\n1\tb\t2\n1\tx\t2\n10\ta\t1\n1\tc\t3\n",
};

// Bytes the parsers branch on.
const char kInteresting[] = " \t\r\n#\x00-+.eE0129:,=@()[]{}\xff";

std::string mutate(std::string s, Rng& rng) {
    int edits = 1 + static_cast<int>(rng.below(8));
    for (int e = 0; e < edits; ++e) {
        std::size_t at = static_cast<std::size_t>(rng.below(s.size() + 1));
        switch (rng.below(5)) {
            case 0:  // flip one bit
                if (at < s.size()) s[at] = static_cast<char>(s[at] ^ (1 << rng.below(8)));
                break;
            case 1:  // insert an interesting byte
                s.insert(at, 1, kInteresting[rng.below(sizeof kInteresting - 1)]);
                break;
            case 2:  // insert a random byte
                s.insert(at, 1, static_cast<char>(rng.below(256)));
                break;
            case 3:  // delete a few bytes
                s.erase(at, static_cast<std::size_t>(1 + rng.below(4)));
                break;
            case 4: {  // repeat the line around `at` (duplicates) at the end
                std::size_t b = s.rfind('\n', at ? at - 1 : 0), end = s.find('\n', at);
                b = b == std::string::npos ? 0 : b + 1;
                if (b <= s.size()) s += s.substr(b, end == std::string::npos ? std::string::npos : end - b + 1);
                break;
            }
        }
    }
    return s;
}

std::string hex(const std::string& s) {
    std::string out;
    char buf[4];
    for (unsigned char c : s) {
        std::snprintf(buf, sizeof buf, "%02x", c);
        out += buf;
    }
    return out;
}

}  // namespace

TEST_CASE("seeded mutations of valid inputs only ever raise InputError or UsageError") {
    Rng rng(20240611);
    int counts[irlens::fuzz::kNumTargets][3] = {};
    for (int i = 0; i < 30000; ++i) {
        unsigned target = static_cast<unsigned>(rng.below(irlens::fuzz::kNumTargets));
        std::string input;
        input += static_cast<char>(target);
        input += static_cast<char>(rng.below(256));  // chunking and options seed
        input += mutate(kSeeds[target], rng);
        Outcome outcome = Outcome::Accepted;
        try {
            outcome = irlens::fuzz::fuzz_one(input);
        } catch (const std::exception& e) {
            // Reproduce with: printf '<hex>' | xxd -r -p > crash; irlens_fuzz_readers crash
            FAIL_CHECK("iteration " << i << ": " << e.what() << "\n  input (hex): " << hex(input));
        }
        counts[target][static_cast<int>(outcome)]++;
    }
    // Every parser saw inputs it accepted and inputs it rejected (the mutations are neither too
    // weak nor too strong to test anything).
    for (unsigned t = 0; t < irlens::fuzz::kNumTargets; ++t) {
        CAPTURE(t);
        CHECK(counts[t][static_cast<int>(Outcome::Accepted)] > 0);
        CHECK(counts[t][static_cast<int>(Outcome::InputError)] + counts[t][static_cast<int>(Outcome::UsageError)] > 0);
    }
}

TEST_CASE("the harness itself: feed_in_chunks delivers every byte once, in order, with empty chunks") {
    struct Collect {
        std::string got;
        int empty = 0;
        void feed(std::string_view s) {
            if (s.empty()) ++empty;
            got.append(s.data(), s.size());
        }
    } sink;
    std::string text(1000, 'x');
    for (std::size_t i = 0; i < text.size(); ++i) text[i] = static_cast<char>('a' + i % 26);
    Rng chunks(7);
    irlens::fuzz::feed_in_chunks(sink, text, chunks);
    CHECK(sink.got == text);
    CHECK(sink.empty > 0);
}
