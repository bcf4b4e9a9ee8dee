// The run's duplicates' check (core/src/readers/run.cpp, issue 42): a topic's lines are checked as
// they are read, by the hash the scanner computed for the qrels lookup; a topic whose lines come
// back after another topic's is checked whole at the end. Every way in (one buffer, small pieces,
// streaming, columns) reports the same duplicate: the one whose repeat comes first in the file.
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/columns.hpp"
#include "irlens/readers/qrels.hpp"
#include "irlens/readers/run.hpp"

#include <cstdint>
#include <cstdio>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

using namespace irlens;

namespace {

/// How reading `run` against `qrels` ends: "" when it reads, else the InputError's message.
/// `chunk`: feed in pieces of that many bytes (0: the whole buffer at once); `stream`: through
/// stream_topics, checking that each topic done holds the lines read for it.
std::string outcome(const std::string& qrels, const std::string& run, std::size_t chunk, bool stream) {
    RunReader reader(read_qrels("q", qrels), "r");
    std::size_t streamed = 0;
    if (stream) reader.stream_topics([&](const Run& r, std::size_t t) { streamed += r.entries(t).size(); });
    try {
        if (chunk == 0) {
            reader.feed(run);
        } else {
            for (std::size_t at = 0; at < run.size(); at += chunk) reader.feed(std::string_view(run).substr(at, chunk));
        }
        auto r = reader.finish();
        if (stream) CHECK(streamed == r->lines_read() - r->ignored_lines());
        return "";
    } catch (const InputError& e) {
        return e.what();
    }
}

/// outcome() the same every way (one buffer, small pieces, streamed in small pieces), returned.
std::string every_way(const std::string& qrels, const std::string& run) {
    const std::string whole = outcome(qrels, run, 0, false);
    CHECK(outcome(qrels, run, 1000, false) == whole);
    CHECK(outcome(qrels, run, 1000, true) == whole);
    CHECK(outcome(qrels, run, 7, true) == whole);
    return whole;
}

/// Two different ids "c<N>" whose hash_doc(0, id) agree in their high 32 bits (the fingerprint the
/// tables compare before fetching an id), found by search: about 2^16 ids hashed (birthday bound).
std::pair<std::string, std::string> same_fingerprint() {
    std::unordered_map<std::uint32_t, std::uint32_t> seen;
    for (std::uint32_t n = 0;; ++n) {
        const std::string id = "c" + std::to_string(n);
        const auto high = static_cast<std::uint32_t>(hash_doc(0, id) >> 32);
        auto [it, added] = seen.emplace(high, n);
        if (!added) return {"c" + std::to_string(it->second), id};
    }
}

std::string line(const std::string& topic, const std::string& doc) { return topic + " Q0 " + doc + " 1 1 t\n"; }

}  // namespace

TEST_CASE("run duplicates: two different docs with the same 32-bit fingerprint are not duplicates") {
    const auto [a, b] = same_fingerprint();
    REQUIRE(a != b);
    REQUIRE((hash_doc(0, a) >> 32) == (hash_doc(0, b) >> 32));
    // Unjudged, one after the other: b's probe meets a's slot (same fingerprint, same start slot in
    // the line-by-line table) and must compare the ids.
    const std::string qrels = "1 0 j 1\n2 0 k 1\n";
    CHECK(every_way(qrels, line("1", a) + line("1", b)) == "");
    // The real repeats behind them are still found: b again (line 3) passes over a's slot.
    CHECK(every_way(qrels, line("1", a) + line("1", b) + line("1", b)) ==
          "r:3: duplicate document '" + b + "' for topic '1' (first at line 2)");
    CHECK(every_way(qrels, line("1", a) + line("1", b) + line("1", a)) ==
          "r:3: duplicate document '" + a + "' for topic '1' (first at line 1)");
    // Topic 1's lines not together (checked whole at the end): the same answers.
    CHECK(outcome(qrels, line("1", a) + line("2", "k") + line("1", b), 0, false) == "");
    CHECK(outcome(qrels, line("1", a) + line("2", "k") + line("1", b) + line("1", b), 0, false) ==
          "r:4: duplicate document '" + b + "' for topic '1' (first at line 3)");
    // Judged a, unjudged b: the qrels' table finds a's fingerprint for b and must compare the ids.
    auto q = read_qrels("q", "1 0 " + a + " 1\n");
    auto r = read_run(q, "r", line("1", a) + line("1", b));
    REQUIRE(r->entries(0).size() == 2);
    CHECK(r->judged(r->entries(0)[0].doc));
    CHECK(!r->judged(r->entries(0)[1].doc));
    CHECK(r->doc(r->entries(0)[1].doc) == b);
}

TEST_CASE("run duplicates: a topic's repeats across the reader's blocks") {
    // One topic of 250,000 lines of 35 bytes (8.75 MB: the reader's blocks are 4 MiB, about 120,000
    // lines, scanned in 2 MiB parts), unjudged docs u000001..u250000 by line, but line 200000
    // repeats u000005 (line 5) and line 230000 repeats the judged doc j of line 3.
    std::string run;
    run.reserve(250000 * 35);
    char id[16];
    for (int k = 1; k <= 250000; ++k) {
        std::snprintf(id, sizeof id, "u%06d", k == 200000 ? 5 : k);
        run += "1 Q0 " + std::string(k == 3 || k == 230000 ? "j" : id) + std::string(" 1 1.5 a-run-tag-of-18\n");
    }
    REQUIRE(run.size() > (8u << 20));
    REQUIRE(run.rfind("u000005") > (5u << 20));  // the repeat: past the first block (4 MiB)
    const std::string qrels = "1 0 j 1\n";
    // The smallest second line wins: u000005's repeat; without it, j's.
    CHECK(every_way(qrels, run) == "r:200000: duplicate document 'u000005' for topic '1' (first at line 5)");
    const std::size_t at = run.find("u000005", run.find("u000005") + 1);
    run.replace(at, 7, "u200000");
    CHECK(every_way(qrels, run) == "r:230000: duplicate document 'j' for topic '1' (first at line 3)");
}

TEST_CASE("run duplicates: the first repeat in the file, whether its topic's lines are together or not") {
    const std::string qrels = "1 0 j 1\n2 0 k 1\n3 0 m 1\n";
    // Topic 1 comes back (line 3) and repeats a there: found by the whole check at the end, before
    // topic 3's repeat of y at line 5 (found line by line).
    const std::string back = line("1", "a") + line("2", "x") + line("1", "a") + line("3", "y") + line("3", "y");
    CHECK(outcome(qrels, back, 0, false) == "r:3: duplicate document 'a' for topic '1' (first at line 1)");
    CHECK(outcome(qrels, back, 5, false) == "r:3: duplicate document 'a' for topic '1' (first at line 1)");
    // Topic 3's repeat first (line 2), topic 1's (coming back) later (line 5).
    const std::string first = line("3", "y") + line("3", "y") + line("1", "a") + line("2", "x") + line("1", "a");
    CHECK(outcome(qrels, first, 0, false) == "r:2: duplicate document 'y' for topic '3' (first at line 1)");
    // A topic that comes back holds no repeat: the run reads (judged k twice in topic 2 would be one).
    CHECK(outcome(qrels, line("2", "k") + line("1", "a") + line("2", "x"), 0, false) == "");
    CHECK(outcome(qrels, line("2", "k") + line("1", "a") + line("2", "k"), 0, false) ==
          "r:3: duplicate document 'k' for topic '2' (first at line 1)");
}

TEST_CASE("run duplicates: columns report the repeat the text reports") {
    // Rows: (1, a), (1, b), (1, a): row 3 repeats row 1, as the text's line 3 would.
    auto q = read_qrels("q", "1 0 j 1\n");
    const std::string_view topics[] = {"1"}, docs[] = {"a", "b"};
    const std::int64_t topic_codes[] = {0, 0, 0}, doc_codes[] = {0, 1, 0};
    const double scores[] = {3, 2, 1};
    RunColumns c;
    c.rows = 3;
    c.topics = IdColumn{topic_codes, topics, 1};
    c.docs = IdColumn{doc_codes, docs, 2};
    c.scores = scores;
    c.tag = "t";
    RunReader reader(q, "r");
    reader.feed_columns(c);
    CHECK_THROWS_WITH_AS(reader.finish(), "r:3: duplicate document 'a' for topic '1' (first at line 1)", InputError);
}
