// The run reader's doc lookups (core/src/readers/qrels.cpp, issue 42): detail::same_id, the
// 8-byte compare of a looked-up id with a judged one, against memcmp for every length and every
// differing byte; a topic's table (TopicTable) and the whole index (Qrels::find) answer alike with
// and without a hash the caller computed; Qrels::find_once, the one-off lookup without the tables.
#include "fixture.hpp"

#include "irlens/readers/qrels.hpp"

#include "readers/block.hpp"

#include <cstring>
#include <memory>
#include <string>

using namespace irlens;

TEST_CASE("same_id: equal to memcmp for ids of 0..40 bytes differing at any byte, reading no byte outside") {
    // Each id sits at the very end of its own allocation (a byte read past it would be outside it:
    // caught by the sanitizers' builds), b a copy of a; then each byte of b in turn is changed.
    for (std::size_t n = 0; n <= 40; ++n) {
        std::unique_ptr<char[]> a_store(new char[n + 1]), b_store(new char[n + 1]);
        char* a = a_store.get() + 1;
        char* b = b_store.get() + 1;
        for (std::size_t k = 0; k < n; ++k) a[k] = static_cast<char>('a' + (n + 3 * k) % 26);
        std::memcpy(b, a, n);
        CHECK(detail::same_id(a, b, n));
        for (std::size_t k = 0; k < n; ++k) {
            b[k] = static_cast<char>(b[k] ^ 0x20);  // 'a' -> 'A': one byte differs, at k
            CHECK_MESSAGE(!detail::same_id(a, b, n), "length ", n, ", byte ", k);
            b[k] = a[k];
        }
    }
}

TEST_CASE("TopicTable and Qrels::find: the same judgment with the caller's hash as without") {
    // Topic 1 judges a (line 1), b (2), c (3); topic 2 judges b (4). Judgments are indexed in file
    // order: a 0, b 1, c 2, topic 2's b 3.
    auto q = read_qrels("q", "1 0 a 1\n1 0 b 0\n1 0 c 2\n2 0 b 1\n");
    TopicTable table;
    table.build(*q, 0);
    for (const char* doc : {"a", "b", "c", "d", "bb", ""}) {
        const long want = std::string(doc) == "a" ? 0 : std::string(doc) == "b" ? 1 : std::string(doc) == "c" ? 2 : -1;
        CHECK(table.find(doc) == want);
        CHECK(table.find(doc, hash_doc(0, doc)) == want);
        CHECK(q->find(0, doc) == want);
        CHECK(q->find(0, doc, hash_doc(0, doc)) == want);
    }
    table.build(*q, 1);
    CHECK(table.find("b", hash_doc(0, "b")) == 3);
    CHECK(table.find("a", hash_doc(0, "a")) == -1);
    CHECK(q->find(1, "b", hash_doc(0, "b")) == 3);
}

TEST_CASE("Qrels::find_once: Qrels::find's judgment by a pass over the topic, plain and grouped") {
    // Plain: as above. Grouped (topic group doc rel): topic 1 judges a in groups 1 and 2 (lines
    // 1-2: judgments 0 and 1), b in group 1 (judgment 2); topic 2 judges a in group 2 (judgment 3).
    // find and find_once give a doc's first judgment in the topic: a 0, b 2 in topic 1; a 3 in 2.
    auto plain = read_qrels("q", "1 0 a 1\n1 0 b 0\n1 0 c 2\n2 0 b 1\n");
    auto grouped = read_qrels("g", "1 1 a 1\n1 2 a 0\n1 1 b 2\n2 2 a 1\n", QrelsFormat::Grouped);
    for (const auto& q : {plain, grouped})
        for (std::size_t t = 0; t < q->num_topics(); ++t)
            for (const char* doc : {"a", "b", "c", "d", "", "ceci_nest_pas_un_docno"})
                CHECK_MESSAGE(q->find_once(t, doc) == q->find(t, doc), "topic ", t, " doc '", doc, "'");
    CHECK(grouped->find_once(0, "a") == 0);
    CHECK(grouped->find_once(0, "b") == 2);
    CHECK(grouped->find_once(1, "a") == 3);
    CHECK(grouped->find_once(1, "b") == -1);
    CHECK(plain->find_once(1, "b") == 3);
}
