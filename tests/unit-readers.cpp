// Qrels and run readers: accepted variations and every input error, with pinned messages.
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/doc_lengths.hpp"
#include "irlens/evaluation/ranking.hpp"
#include "irlens/readers/text.hpp"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

using namespace irlens;

TEST_CASE("qrels: comments, blank lines, CRLF, topics sorted by id, max grade") {
    auto q = read_qrels("q.txt", "# header\r\n\r\n2 0 d1 1\r\n10 0 d1 0\n1 x d2 3\n1 x d3 -1\n");
    REQUIRE(q->num_topics() == 3);
    CHECK(q->topic_id(0) == "1");  // byte order: "1" < "10" < "2"
    CHECK(q->topic_id(1) == "10");
    CHECK(q->topic_id(2) == "2");
    CHECK(q->max_grade() == 3);
    CHECK(q->num_judgments(0) == 2);
    long j = q->find(0, "d3");
    REQUIRE(j >= 0);
    CHECK(q->judgment(static_cast<std::uint32_t>(j)).rel == -1);
    CHECK(q->find(0, "d1") == -1);
    CHECK(q->find_topic("10") == 1);
    CHECK(q->find_topic("3") == -1);
}

TEST_CASE("qrels: input errors name file, line and problem") {
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", "1 0 d1\n"), "q.txt:1: expected 4 columns (topic iter doc rel), found 3",
                         InputError);
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", "1 0 d1 1 x\n"),
                         "q.txt:1: expected 4 columns (topic iter doc rel), found more", InputError);
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", "1 0 d1 1\n1 0 d2 0.5\n"), "q.txt:2: relevance '0.5' is not an integer",
                         InputError);
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", "1 0 d1 1\n\n1 0 d1 2\n"),
                         "q.txt:3: duplicate judgment of document 'd1' for topic '1' (first at line 1)", InputError);
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", ""), "q.txt: no judgments found (empty file?)", InputError);
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", "# only a comment\n"), "q.txt: no judgments found (empty file?)",
                         InputError);
    // A fifth word: too many columns; a NUL ending it is still reported as a NUL byte.
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", "1 0 d 1 x\n"),
                         "q.txt:1: expected 4 columns (topic iter doc rel), found more", InputError);
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", std::string("1 0 d 1 x\0\n", 11)),
                         "q.txt:1: NUL byte in line (binary file?)", InputError);
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", std::string("1 0 d\0x 1\n", 10)),
                         "q.txt:1: NUL byte in line (binary file?)", InputError);
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", "1 0 d\xff\xfe 1\n1 0 d\xff\xfe 0\n"),
                         "q.txt:2: duplicate judgment of document 'd\\xff\\xfe' for topic '1' (first at line 1)",
                         InputError);
}

TEST_CASE("grouped qrels allow a document once per group") {
    auto q = read_qrels("div.txt", "1 1 d1 1\n1 2 d1 0\n1 2 d2 1\n", QrelsFormat::Grouped);
    CHECK(q->num_judgments(0) == 3);
    CHECK_THROWS_WITH_AS(read_qrels("div.txt", "1 1 d1 1\n1 1 d1 0\n", QrelsFormat::Grouped),
                         "div.txt:2: duplicate judgment of document 'd1' for topic '1' in group '1' (first at line 1)",
                         InputError);
}

// The qrels reader keeps each judgment's line as stretches of consecutive lines of one topic
// (QrelsReader::Raw::Segment): a comment or blank line, or another topic, starts a new stretch.
TEST_CASE("qrels: the lines of duplicates and negative judgments across comments and interleaved topics") {
    // Topic 2's lines are 2 and 6 (topic 1 and a comment between): a non-contiguous file.
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", "1 0 a 1\n2 0 b 1\n# c\n1 0 c 1\n\n2 0 b 0\n"),
                         "q.txt:6: duplicate judgment of document 'b' for topic '2' (first at line 2)", InputError);
    // Contiguous topics: lines 1, (comment), 3, 4, (blank), 6.
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", "1 0 a 1\n# c\n1 0 b 1\n1 0 c 1\n\n1 0 b 0\n"),
                         "q.txt:6: duplicate judgment of document 'b' for topic '1' (first at line 3)", InputError);
    // Two duplicates: the one whose repeat comes first in the file (line 5, topic 2) is reported,
    // although topic 1 comes first in byte order.
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", "2 0 x 1\n1 0 y 1\n#\n2 0 z 1\n2 0 x 1\n1 0 y 0\n"),
                         "q.txt:5: duplicate judgment of document 'x' for topic '2' (first at line 1)", InputError);
    // The first negative judgment in file order: line 3 (rel -1), before line 5 (rel -2).
    auto q = read_qrels("q.txt", "1 0 a 1\n# c\n2 0 b -1\n\n1 0 c -2\n");
    CHECK(q->first_negative_line() == 3);
    CHECK(q->first_negative_rel() == -1);
    auto contiguous = read_qrels("q.txt", "1 0 a 1\n# c\n1 0 c -2\n2 0 b -1\n");
    CHECK(contiguous->first_negative_line() == 3);
    CHECK(contiguous->first_negative_rel() == -2);
    // Grouped qrels (sorted by doc within a topic): lines 1, (comment), 3, (blank), 5.
    CHECK_THROWS_WITH_AS(read_qrels("div.txt", "1 1 d2 1\n# c\n1 1 d1 0\n\n1 1 d1 1\n", QrelsFormat::Grouped),
                         "div.txt:5: duplicate judgment of document 'd1' for topic '1' in group '1' (first at line 3)",
                         InputError);
}

// expect_bytes only sizes the judgments' storage: a hint far too small, exact or far too large
// gives the same index and the same messages.
TEST_CASE("qrels: expect_bytes is a hint; the index and the errors do not depend on it") {
    std::string qrels;
    for (int t = 1; t <= 8; ++t)
        for (int i = 1; i <= 60000; ++i)  // 8 topics x 60000 judgments, 7.2 MB: two 4 MiB blocks
            // (the storage is reserved after the first)
            qrels += std::to_string(t) + " 0 doc" + std::to_string(i) + " " + std::to_string((i + t) % 3) + "\n";
    std::string dup = qrels;
    std::size_t at = dup.find("2 0 doc50000 ");
    REQUIRE(at != std::string::npos);
    dup.replace(at, 12, "2 0 doc7");  // line 60000 + 50000 repeats line 60007
    for (std::uint64_t hint :
         {std::uint64_t(0), std::uint64_t(1), std::uint64_t(qrels.size()), std::uint64_t(qrels.size()) * 8}) {
        CAPTURE(hint);
        auto read = [&](const std::string& bytes) {
            QrelsReader reader("h.txt", QrelsFormat::Plain);
            reader.expect_bytes(hint);
            for (std::size_t p = 0; p < bytes.size(); p += 1u << 20)
                reader.feed(std::string_view(bytes).substr(p, 1u << 20));
            return reader.finish();
        };
        auto q = read(qrels);
        REQUIRE(q->num_topics() == 8);
        CHECK(q->num_judgments() == 480000);
        long j = q->find(7, "doc59999");  // topic "8" (the second block): rel (59999 + 8) % 3 = 60007 % 3 = 1
        REQUIRE(j >= 0);
        CHECK(q->judgment(static_cast<std::uint32_t>(j)).rel == 1);
        j = q->find(1, "doc30000");  // topic "2": rel (30000 + 2) % 3 = 2
        REQUIRE(j >= 0);
        CHECK(q->judgment(static_cast<std::uint32_t>(j)).rel == 2);
        CHECK(q->doc(q->judgment(static_cast<std::uint32_t>(j))) == "doc30000");
        CHECK_THROWS_WITH_AS(read(dup),
                             "h.txt:110000: duplicate judgment of document 'doc7' for topic '2' (first at line 60007)",
                             InputError);
    }
}
TEST_CASE("runs: accepted variations") {
    auto q = read_qrels("q", "1 0 a 1\n1 0 b 0\n2 0 c 1\n");
    auto r = read_run(q, "r.txt",
                      "# comment\r\n1 Q0 a 1 2.5 tagA\r\n\n1 Q0 x 2 1 tagA extra columns ignored\n9 Q0 z 1 1 tagB\n");
    CHECK(r->tag() == "tagB");  // trec_eval reports the last line's tag
    CHECK(r->mixed_tags());
    CHECK(r->has_topic(0));
    CHECK(!r->has_topic(1));
    CHECK(r->entries(0).size() == 2);
    CHECK(r->ignored_lines() == 1);
    REQUIRE(r->ignored_topics().size() == 1);
    CHECK(r->ignored_topics()[0] == "9");
    CHECK(r->doc(r->entries(0)[1].doc) == "x");
    CHECK(r->judged(r->entries(0)[0].doc));
    CHECK(!r->judged(r->entries(0)[1].doc));
}

TEST_CASE("runs: each entry's line, with topics interleaved, comments and ignored lines between") {
    auto q = read_qrels("q", "1 0 a 1\n2 0 c 1\n");
    // lines: 1 t1 a | 2 t1 b | 3 comment | 4 t1 c | 5 t2 c | 6 t1 d | 7 t9 (ignored) | 8 t1 e | 9 t2 d
    auto r = read_run(q, "r.txt",
                      "1 Q0 a 1 5 t\n1 Q0 b 2 4 t\n# c\n1 Q0 c 3 3 t\n2 Q0 c 1 9 t\n1 Q0 d 4 2 t\n"
                      "9 Q0 z 1 1 t\n1 Q0 e 5 1 t\n2 Q0 d 2 8 t\n");
    std::vector<std::uint32_t> lines;
    for (std::size_t k = 0; k < r->entries(0).size(); ++k) lines.push_back(r->line(0, k));
    CHECK(lines == std::vector<std::uint32_t>{1, 2, 4, 6, 8});
    CHECK(r->line(1, 0) == 5);
    CHECK(r->line(1, 1) == 9);
    // A duplicate is reported with both real lines across such gaps.
    CHECK_THROWS_WITH_AS(read_run(q, "r.txt", "1 Q0 a 1 5 t\n2 Q0 c 1 9 t\n# c\n\n1 Q0 b 2 4 t\n1 Q0 a 3 3 t\n"),
                         "r.txt:6: duplicate document 'a' for topic '1' (first at line 1)", InputError);
}

TEST_CASE("runs: with many topics, the duplicate reported is the one whose repeat comes first in the file") {
    // 100 topics (the check runs over halves of the topics natively). Lines 1-100: doc a for
    // topics 1..100; line 101: topic 90 repeats a (in the second half); line 102: topic 10
    // repeats a (first half). The earliest repeat is line 101.
    std::string qrels, run;
    for (int t = 1; t <= 100; ++t) qrels += std::to_string(t) + " 0 a 1\n";
    for (int t = 1; t <= 100; ++t) run += std::to_string(t) + " Q0 a 1 1 t\n";
    auto q = read_qrels("q", qrels);
    CHECK_THROWS_WITH_AS(read_run(q, "r.txt", run + "90 Q0 a 2 0.5 t\n10 Q0 a 2 0.5 t\n"),
                         "r.txt:101: duplicate document 'a' for topic '90' (first at line 90)", InputError);
    CHECK_THROWS_WITH_AS(read_run(q, "r.txt", run + "10 Q0 a 2 0.5 t\n90 Q0 a 2 0.5 t\n"),
                         "r.txt:101: duplicate document 'a' for topic '10' (first at line 10)", InputError);
}

TEST_CASE("runs: input errors name file, line and problem") {
    auto q = read_qrels("q", "1 0 a 1\n");
    CHECK_THROWS_WITH_AS(read_run(q, "r.txt", "1 Q0 a 1 2.5\n"),
                         "r.txt:1: expected 6 columns (topic Q0 doc rank score tag), found 5", InputError);
    CHECK_THROWS_WITH_AS(read_run(q, "r.txt", "1 Q0 a 1 high t\n"), "r.txt:1: score 'high' is not a number",
                         InputError);
    CHECK_THROWS_WITH_AS(read_run(q, "r.txt", "1 Q0 a 1 nan t\n"), "r.txt:1: score is NaN", InputError);
    CHECK_THROWS_WITH_AS(read_run(q, "r.txt", "1 Q0 a 1 1 t\n1 Q0 b 2 0.5 t\n1 Q0 a 3 0.2 t\n"),
                         "r.txt:3: duplicate document 'a' for topic '1' (first at line 1)", InputError);
    CHECK_THROWS_WITH_AS(read_run(q, "r.txt", "1 Q0 b 1 1 t\n\n1 Q0 b 3 0.2 t\n"),
                         "r.txt:3: duplicate document 'b' for topic '1' (first at line 1)", InputError);
    CHECK_THROWS_WITH_AS(read_run(q, "r.txt", "\n# nothing\n"), "r.txt: no results found (empty file?)", InputError);
    CHECK_THROWS_WITH_AS(read_run(q, "r.txt", "1 Q0 a one 1 t\n", RunOrder::Rank),
                         "r.txt:1: rank 'one' is not an integer", InputError);
}

TEST_CASE("ranking: score descending, ties by doc id descending; -1 not in pool, -2 judged negative") {
    auto q = read_qrels("q", "1 0 a 2\n1 0 b 0\n1 0 c -1\n1 0 z 1\n");
    // b and d tie on 1.0: "d" > "b" so d ranks first.
    auto r = read_run(q, "r", "1 Q0 b 3 1.0 t\n1 Q0 a 1 3 t\n1 Q0 c 2 2 t\n1 Q0 d 4 1.0 t\n");
    auto order = order_topic(*r, 0);
    std::vector<std::string> docs;
    for (auto ref : order) docs.emplace_back(r->doc(ref));
    CHECK(docs == std::vector<std::string>{"a", "c", "d", "b"});
    Ranking k = make_ranking(*r, 0, order, RankingOptions{});
    CHECK(k.rels == std::vector<int>{2, kUnjudged, kNotInPool, 0});
    CHECK(k.num_ret == 4);
    CHECK(k.num_rel == 2);      // a (2) and z (1)
    CHECK(k.num_rel_ret == 1);  // a
    CHECK(k.num_nonpool == 1);
    CHECK(k.num_unjudged_in_pool == 1);
    CHECK(k.rel_levels == std::vector<long>{1, 1, 1});
    RankingOptions judged;
    judged.judged_only = true;
    CHECK(make_ranking(*r, 0, order, judged).rels == std::vector<int>{2, 0});
    RankingOptions top2;
    top2.max_docs = 2;
    CHECK(make_ranking(*r, 0, order, top2).rels == std::vector<int>{2, kUnjudged});
    // With the rank column instead: b(3) after c(2).
    auto rr = read_run(q, "r", "1 Q0 b 3 1.0 t\n1 Q0 a 1 3 t\n1 Q0 c 2 2 t\n1 Q0 d 4 1.0 t\n", RunOrder::Rank);
    docs.clear();
    for (auto ref : order_topic(*rr, 0)) docs.emplace_back(rr->doc(ref));
    CHECK(docs == std::vector<std::string>{"a", "c", "b", "d"});
}

TEST_CASE("ranking: the order and its prefixes equal a sort by (score, doc id) descending, ties and all") {
    // order_topic sorts by score alone and breaks each tie by doc id afterwards; a prefix (limit)
    // must take the tied items cut off at its end into account. Checked against one std::sort
    // with the whole comparator on runs with many ties (scores from 4 values), in key order with
    // shuffled ties (the is_sorted path) and shuffled (the sort and partial-sort paths).
    auto q = read_qrels("q", "1 0 d03 1\n1 0 d07 0\n1 0 d11 2\n");
    std::uint32_t seed = 7;
    auto next = [&seed] { return (seed = seed * 1103515245u + 12345u) >> 16; };
    for (int shuffled = 0; shuffled < 2; ++shuffled) {
        for (int trial = 0; trial < 20; ++trial) {
            std::vector<std::pair<double, std::string>> lines;
            for (int d = 0; d < 15; ++d)
                lines.emplace_back(static_cast<double>(next() % 4), (d < 10 ? "d0" : "d") + std::to_string(d));
            // key order with the ties in random order, or all in random order
            for (std::size_t i = lines.size(); i > 1; --i) std::swap(lines[i - 1], lines[next() % i]);
            if (!shuffled)
                std::stable_sort(lines.begin(), lines.end(), [](auto& a, auto& b) { return a.first > b.first; });
            std::string text;
            for (auto& [score, doc] : lines) text += "1 Q0 " + doc + " 1 " + std::to_string(score) + " t\n";
            auto r = read_run(q, "r", text);
            auto expected = lines;
            std::sort(expected.begin(), expected.end(),
                      [](auto& a, auto& b) { return a.first != b.first ? a.first > b.first : a.second > b.second; });
            for (std::size_t limit : {std::size_t{0}, std::size_t{1}, std::size_t{3}, std::size_t{7}, std::size_t{15},
                                      std::size_t{20}, static_cast<std::size_t>(-1)}) {
                std::vector<std::string> docs, want;
                for (auto ref : order_topic(*r, 0, limit)) docs.emplace_back(r->doc(ref));
                for (std::size_t i = 0; i < std::min(limit, expected.size()); ++i) want.push_back(expected[i].second);
                CHECK_MESSAGE(docs == want, "shuffled ", shuffled, " trial ", trial, " limit ", limit);
            }
        }
    }
}

TEST_CASE("ranking: ties the reader compared (Run::ties) order stretches without a lookup, the same order") {
    auto q = read_qrels("q", "1 0 b 1\n");
    // Lines 1-3 tie on 1: c after a goes up (entry 1: 1 << 1 | 1 = 3), b after c down (2 << 1 = 4);
    // line 4 (0.5) ties with nothing; lines 5-6 tie on 0.2: e after d goes up (5 << 1 | 1 = 11).
    auto r =
        read_run(q, "r", "1 Q0 a 1 1 t\n1 Q0 c 2 1 t\n1 Q0 b 3 1 t\n1 Q0 x 4 0.5 t\n1 Q0 d 5 0.2 t\n1 Q0 e 6 0.2 t\n");
    CHECK(r->ties(0) == std::vector<std::uint32_t>{3, 4, 11});
    std::vector<std::string> docs;
    for (auto ref : order_topic(*r, 0)) docs.emplace_back(r->doc(ref));
    CHECK(docs == std::vector<std::string>{"c", "b", "a", "x", "e", "d"});  // mixed: sorted; all up: reversed
    // Every line ties with its neighbour across the pieces a large block is cut into (natively,
    // two threads): a tie whose lines were scanned apart is not listed and is looked up instead.
    std::string run;
    const int n = 150000;  // 4 MB
    for (int i = 1; i <= n; ++i) run += "1 Q0 doc" + std::to_string(i) + " 1 " + std::to_string((n - i) / 3) + " t\n";
    auto big = read_run(q, "big.run", run);
    std::vector<std::uint32_t> order = order_topic(*big, 0);
    REQUIRE(order.size() == static_cast<std::size_t>(n));
    CHECK(big->ties(0).size() >= static_cast<std::size_t>(n / 2));
    std::size_t wrong = 0;  // neighbours out of (score, doc id) descending order; scores from the doc's number
    for (std::size_t k = 1; k < order.size(); ++k) {
        auto number = [&](std::uint32_t ref) { return std::stoi(std::string(big->doc(ref).substr(3))); };
        int before = (n - number(order[k - 1])) / 3, after = (n - number(order[k])) / 3;
        if (before < after || (before == after && big->doc(order[k - 1]) <= big->doc(order[k]))) ++wrong;
    }
    CHECK(wrong == 0);
}

TEST_CASE("qrels: grades above kMaxGrade are refused (per-level counts would not fit)") {
    CHECK(read_qrels("q.txt", "1 0 d1 1000\n")->max_grade() == 1000);
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", "1 0 d1 1\n1 0 d2 1001\n"),
                         "q.txt:2: relevance 1001 is above 1000, the highest grade irlens supports", InputError);
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", "1 0 d1 2147483647\n"),
                         "q.txt:1: relevance 2147483647 is above 1000, the highest grade irlens supports", InputError);
    CHECK(read_qrels("q.txt", "1 0 d1 -2147483648\n")->max_grade() == 0);  // negative: pooled-but-unjudged
}

TEST_CASE("large inputs: blocks split across parser threads, and many blocks, keep line numbers") {
    // A large block is cut into pieces of about 2 MB, scanned natively by two threads and absorbed
    // in file order (core/src/readers/block.hpp has the sizes); errors found in a later piece must still
    // name their real line, and run entries keep file order.
    std::string qrels;
    const int n = 150000;  // qrels 2.3 MB, run 4.3 MB
    for (int i = 1; i <= n; ++i) qrels += "1 0 doc" + std::to_string(i) + " " + std::to_string(i % 3) + "\n";
    auto q = read_qrels("big.txt", qrels);
    REQUIRE(q->num_judgments(0) == static_cast<std::size_t>(n));
    long j = q->find(0, "doc100000");
    REQUIRE(j >= 0);
    CHECK(q->judgment(static_cast<std::uint32_t>(j)).rel == 100000 % 3);
    // An error on line 110000 (second piece) and a duplicate of line 5 on line 115000.
    std::string bad = qrels;
    std::size_t at = bad.find("1 0 doc110000 ");
    REQUIRE(at != std::string::npos);
    bad.replace(at, 14, "1 0 doc110000 x");
    CHECK_THROWS_WITH_AS(read_qrels("big.txt", bad), "big.txt:110000: relevance 'x2' is not an integer", InputError);
    std::string dup = qrels;
    at = dup.find("1 0 doc115000 ");
    dup.replace(at, 13, "1 0 doc5");
    CHECK_THROWS_WITH_AS(read_qrels("big.txt", dup),
                         "big.txt:115000: duplicate judgment of document 'doc5' for topic '1' (first at line 5)",
                         InputError);
    // The same holds for runs.
    std::string run;
    for (int i = 1; i <= n; ++i)
        run += "1 Q0 doc" + std::to_string(i) + " " + std::to_string(i) + " " + std::to_string(n - i) + " t\n";
    auto r = read_run(q, "big.run", run);
    CHECK(r->entries(0).size() == static_cast<std::size_t>(n));
    CHECK(r->line(0, 99999) == 100000);
    std::string badrun = run;
    at = badrun.find("1 Q0 doc110000 ");
    badrun.replace(at, 15, "1 Q0 doc110000 110000 NaN t\n#");
    CHECK_THROWS_WITH_AS(read_run(q, "big.run", badrun), "big.run:110000: score is NaN", InputError);
    // Several blocks (13 MB fed in 1 MB chunks): the line count carries across blocks.
    // 3 x 150000 lines (13 MB); the copies are for topic 2, which the qrels lack (ignored lines).
    std::string other = run;
    for (std::size_t p = 0; (p = other.find("1 Q0 ", p)) != std::string::npos; p += 5) other[p] = '2';
    std::string huge = run + other + other;
    at = huge.find("2 Q0 doc100000 ", 2 * run.size());  // line 300000 + 100000
    huge.replace(at, 15, "2 Q0 doc100000 1 NaN t\n#");
    RunReader reader(q, "huge.run");
    auto feed_all = [&] {
        for (std::size_t pos = 0; pos < huge.size(); pos += 1u << 20)
            reader.feed(std::string_view(huge).substr(pos, 1u << 20));
        reader.finish();
    };
    CHECK_THROWS_WITH_AS(feed_all(), "huge.run:400000: score is NaN", InputError);
}

TEST_CASE("a leading UTF-8 byte-order mark is stripped, fed whole or byte by byte; drop-ins keep it") {
    // Issue 13: it became part of the first topic id ("\xEF\xBB\xBF" "1"), so that topic's run
    // lines were ignored and AP changed without a word.
    const std::string bom = "\xEF\xBB\xBF", qrels = "1 0 a 1\n2 0 b 1\n";
    auto plain = read_qrels("q.txt", qrels);
    auto with = read_qrels("q.txt", bom + qrels);
    REQUIRE(with->num_topics() == 2);
    CHECK(with->topic_id(0) == "1");
    QrelsReader bytes("q.txt", QrelsFormat::Plain);
    for (char c : bom + qrels) bytes.feed(std::string_view(&c, 1));
    CHECK(bytes.finish()->topic_id(0) == "1");
    QrelsReader kept("q.txt", QrelsFormat::Plain);
    kept.set_byte_order_mark(text::ByteOrderMark::Keep);
    kept.feed(bom + qrels);
    CHECK(kept.finish()->topic_id(1) == bom + "1");  // as trec_eval reads it (sorted after "2")
    // Only a whole mark at the very start is one: a partial mark and a later one stay data.
    CHECK(read_qrels("q.txt",
                     "\xEF\xBB"
                     "1 0 a 1\n")
              ->topic_id(0) ==
          "\xEF\xBB"
          "1");
    CHECK(read_qrels("q.txt", "1 0 a 1\n" + bom + "2 0 b 1\n")->topic_id(1) == bom + "2");
    RunReader run(plain, "r");
    for (char c : bom + "1 Q0 a 1 1 t\n") run.feed(std::string_view(&c, 1));
    CHECK(run.finish()->entries(0).size() == 1);
    // Side inputs read by lines.
    CHECK(read_doc_lengths("l.tsv", bom + "a\t10\n")->size() == 1);
}

TEST_CASE("a line longer than 1 MiB stops reading at once, whatever the chunking") {
    // Issue 13: input without newlines (/dev/zero, a gzip bomb) grew memory without bound. Fed
    // 64 KiB at a time, the reader must fail after about 1 MiB, naming the line.
    const std::string chunk(1 << 16, 'a');
    auto feed_until_error = [&](auto& reader, const std::string& head) {
        reader.feed(head);
        for (int i = 0; i < 100; ++i) reader.feed(chunk);  // 6.4 MiB: never reached
        reader.finish();
    };
    const std::string too_long = "line longer than 1 MiB (1048576 bytes; a binary file or no newlines?)";
    QrelsReader q("q.txt", QrelsFormat::Plain);
    CHECK_THROWS_WITH_AS(feed_until_error(q, "1 0 a 1\n1 0 b 1\n"), ("q.txt:3: " + too_long).c_str(), InputError);
    auto qrels = read_qrels("q.txt", "1 0 a 1\n");
    RunReader r(qrels, "r.txt");
    CHECK_THROWS_WITH_AS(feed_until_error(r, "1 Q0 a 1 1 t\n"), ("r.txt:2: " + too_long).c_str(), InputError);
    DocLengthsReader d("l.tsv");
    CHECK_THROWS_WITH_AS(feed_until_error(d, "a\t1\n"), ("l.tsv:2: " + too_long).c_str(), InputError);
    // In one piece (a block scanned in place, or a whole buffer): the same message.
    std::string one = "1 0 a 1\n1 0 b" + std::string((1 << 20) + 1, ' ') + "1\n";
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", one), ("q.txt:2: " + too_long).c_str(), InputError);
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", one + std::string(5u << 20, '#')), ("q.txt:2: " + too_long).c_str(),
                         InputError);
    // Exactly 1 MiB is accepted (a comment line of kMaxLineBytes bytes).
    CHECK(read_qrels("q.txt", "#" + std::string(text::kMaxLineBytes - 1, 'x') + "\n1 0 a 1\n")->num_topics() == 1);
    CHECK(text::kMaxLineBytes == 1048576);
}

TEST_CASE("read in step: a topic's own table finds what the whole index finds") {
    // Topic 1: a (line 1), b (2), c (3); topic 2: a (4). Grouped: d1 in groups 1 and 2 -> the
    // table points at d1's first judgment (sorted by doc, then group: index 0).
    auto q = read_qrels("q", "1 0 a 1\n1 0 b 0\n1 0 c 2\n2 0 a 1\n");
    TopicTable table;
    table.build(*q, 0);
    for (const char* doc : {"a", "b", "c", "x", ""}) CHECK(table.find(doc) == q->find(0, doc));
    CHECK(table.find("c") == 2);   // judgments of topic 1 are 0, 1, 2 in file order
    CHECK(table.find("x") == -1);  // not judged
    table.build(*q, 1);            // the previous topic's table is dropped
    CHECK(table.find("a") == 3);
    CHECK(table.find("b") == -1);
    auto g = read_qrels("g", "1 2 d2 1\n1 2 d1 1\n1 1 d1 0\n", QrelsFormat::Grouped);
    table.build(*g, 0);
    CHECK(table.find("d1") == 0);  // (d1, 1), (d1, 2), (d2, 2)
    CHECK(table.find("d2") == 2);
    CHECK(table.find("d1") == g->find(0, "d1"));
}

TEST_CASE("read in step: runs whose topics come back within a block resolve as runs in blocks") {
    // Qrels: topic 1 judges a (index 0) and b (1); topic 2 judges a (2). The first run lists its
    // topics in blocks (one table per topic); the second interleaves them (topic 1 comes back on
    // line 3, so its scanner takes the whole index from there): the same docs resolve the same.
    auto q = read_qrels("q", "1 0 a 1\n1 0 b 0\n2 0 a 1\n");
    auto in_blocks = read_run(q, "r1", "1 Q0 a 1 3 t\n1 Q0 z 2 2 t\n2 Q0 a 1 3 t\n2 Q0 b 2 2 t\n");
    auto interleaved = read_run(q, "r2", "1 Q0 a 1 3 t\n2 Q0 a 1 3 t\n1 Q0 z 2 2 t\n2 Q0 b 2 2 t\n");
    for (const auto& r : {in_blocks, interleaved}) {
        REQUIRE(r->entries(0).size() == 2);
        REQUIRE(r->entries(1).size() == 2);
        CHECK(r->entries(0)[0].doc == 0u);  // topic 1's a: judgment 0
        CHECK(!r->judged(r->entries(0)[1].doc));
        CHECK(r->doc(r->entries(0)[1].doc) == "z");
        CHECK(r->entries(1)[0].doc == 2u);        // topic 2's a: judgment 2, not topic 1's
        CHECK(!r->judged(r->entries(1)[1].doc));  // b is judged for topic 1 only
    }
}

TEST_CASE("words of every length up to 19 bytes, with control and high bytes inside, end at the right byte") {
    // The scan finds a word's end 8 bytes at a time (block.hpp skip_word: the first byte below
    // 0x21 by its position in a 64-bit word); a control byte such as 0x01 or 0x1F is below 0x21 yet
    // part of the word (trec_eval's isspace() is false for it), and \v, \f, \r, \t end a word. Doc
    // ids of length 1..19, with the odd byte at each position: every one must come back whole.
    const std::string odd[] = {"\x01", "\x1f", "\x7f", "\xc3\xa9", "!"};
    const char* blanks[] = {" ", "\t", "\v", "\f", " \r\t "};
    std::string qrels, run;
    std::vector<std::string> docs;
    int line = 0;
    for (int len = 1; len <= 19; ++len)
        for (int at = 0; at < len; ++at) {
            const std::string& o = odd[(len + at) % 5];
            std::string doc = std::string(static_cast<std::size_t>(at), 'd') + o +
                              std::string(static_cast<std::size_t>(len - at - 1), 'x');
            docs.push_back(doc);
            const char* b = blanks[(len * 7 + at) % 5];
            ++line;
            qrels += std::string("1") + b + "0" + b + doc + b + std::to_string(line % 2) + "\n";
            run += std::string("1") + b + "Q0" + b + doc + b + std::to_string(line) + b + "1" + b + "t\n";
        }
    auto q = read_qrels("q.txt", qrels);
    REQUIRE(q->num_judgments(0) == docs.size());
    auto r = read_run(q, "r.txt", run);
    REQUIRE(r->entries(0).size() == docs.size());
    for (std::size_t k = 0; k < docs.size(); ++k) {
        CAPTURE(k);
        const RunEntry e = r->entries(0)[k];
        CHECK(r->judged(e.doc));  // found in the qrels: the same bytes as the qrels' word
        CHECK(r->doc(e.doc) == docs[k]);
        CHECK(q->judgment(e.doc).rel == static_cast<int>((k + 1) % 2));
    }
}
