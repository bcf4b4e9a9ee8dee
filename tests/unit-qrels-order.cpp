// The qrels reader's shortcuts (issue 42, part 1): a topic whose docs come in strictly increasing
// byte order is known to hold no repeat without building its table of docs (QrelsReader::finish),
// and a one-digit relevance is read without parse_long. Neither may change an index or a message.
#include "fixture.hpp"

#include "irlens/error.hpp"

#include <string>
#include <vector>

using namespace irlens;

namespace {

/// Ids that differ from `base` in one byte: at each position, the byte one higher.
std::vector<std::string> one_byte_higher(const std::string& base) {
    std::vector<std::string> out;
    for (std::size_t p = 0; p < base.size(); ++p) {
        std::string id = base;
        id[p] = static_cast<char>(static_cast<unsigned char>(id[p]) + 1);
        out.push_back(id);
    }
    return out;
}

std::string line(const std::string& topic, const std::string& doc, int rel) {
    return topic + " 0 " + doc + " " + std::to_string(rel) + "\n";
}

}  // namespace

// Ids of 1 to 20 bytes (shorter than one 8-byte load, one or two loads, with a tail of each
// length), the lower of each pair differing at each position, in ASCII and above 0x7F (byte
// order is unsigned: 0x80 after 0x7F).
TEST_CASE("qrels: repeats are found whatever the docs' order, in ids of every length") {
    for (char first : {'d', '\x7f', '\xc3'}) {
        for (std::size_t len = 1; len <= 20; ++len) {
            std::string a(len, first);
            for (std::size_t p = 0; p < len; ++p) a[p] = static_cast<char>(first + static_cast<char>(p % 3));
            for (const std::string& b : one_byte_higher(a)) {
                CAPTURE(len);
                CAPTURE(b);
                // a < b: increasing, read whole, each doc found with its grade
                auto q = read_qrels("q.txt", line("1", a, 1) + line("1", b, 2));
                CHECK(q->judgment(static_cast<std::uint32_t>(q->find(0, a))).rel == 1);
                CHECK(q->judgment(static_cast<std::uint32_t>(q->find(0, b))).rel == 2);
                // a repeated next to itself, and after a larger id or a smaller one
                std::string dup = "q.txt:2: duplicate judgment of document '" + quote_bytes(a) + "' for topic '1'";
                CHECK_THROWS_WITH_AS(read_qrels("q.txt", line("1", a, 1) + line("1", a, 0)),
                                     (dup + " (first at line 1)").c_str(), InputError);
                std::string dup3 = "q.txt:3: duplicate judgment of document '";
                CHECK_THROWS_WITH_AS(read_qrels("q.txt", line("1", a, 1) + line("1", b, 1) + line("1", a, 0)),
                                     (dup3 + quote_bytes(a) + "' for topic '1' (first at line 1)").c_str(), InputError);
                CHECK_THROWS_WITH_AS(read_qrels("q.txt", line("1", b, 1) + line("1", a, 1) + line("1", b, 0)),
                                     (dup3 + quote_bytes(b) + "' for topic '1' (first at line 1)").c_str(), InputError);
            }
            // a prefix of a longer id sorts first: [a, a + "x", a] repeats a
            CHECK_THROWS_WITH_AS(
                read_qrels("q.txt", line("1", a, 1) + line("1", a + "x", 1) + line("1", a, 0)),
                ("q.txt:3: duplicate judgment of document '" + quote_bytes(a) + "' for topic '1' (first at line 1)")
                    .c_str(),
                InputError);
        }
    }
}

// The file's first repeat is reported, whichever topics are increasing: topic "1" increasing
// (b < c < d), topic "2" not (z then a) with a repeat on line 6, topic "3" increasing until its
// repeat on line 8.
TEST_CASE("qrels: increasing and other topics together; the first repeat in the file is reported") {
    std::string ok = line("1", "b", 1) + line("1", "c", 0) + line("1", "d", 2) + line("2", "z", 1) + line("2", "a", 1);
    auto q = read_qrels("q.txt", ok);
    CHECK(q->num_judgments() == 5);
    CHECK(q->judgment(static_cast<std::uint32_t>(q->find(1, "z"))).rel == 1);
    CHECK(q->find(0, "a") == -1);
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", ok + line("2", "z", 0) + line("3", "a", 1) + line("3", "a", 1)),
                         "q.txt:6: duplicate judgment of document 'z' for topic '2' (first at line 4)", InputError);
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", ok + line("3", "a", 1) + line("3", "b", 1) + line("3", "b", 0)),
                         "q.txt:8: duplicate judgment of document 'b' for topic '3' (first at line 7)", InputError);
}

// One digit is read as that digit; the bytes on either side of '0'..'9' ('/' and ':'), a sign, two
// digits and a grade above the highest go through parse_long and the checks as before.
TEST_CASE("qrels: relevance of one digit and of more") {
    for (int d = 0; d <= 9; ++d) {
        auto q = read_qrels("q.txt", line("1", "a", d));
        CHECK(q->judgment(0).rel == d);
        CHECK(q->max_grade() == d);
    }
    CHECK(read_qrels("q.txt", "1 0 a -1\n")->judgment(0).rel == -1);
    CHECK(read_qrels("q.txt", "1 0 a 10\n")->judgment(0).rel == 10);
    CHECK(read_qrels("q.txt", "1 0 a 1000\n")->judgment(0).rel == 1000);
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", "1 0 a /\n"), "q.txt:1: relevance '/' is not an integer", InputError);
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", "1 0 a :\n"), "q.txt:1: relevance ':' is not an integer", InputError);
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", "1 0 a -\n"), "q.txt:1: relevance '-' is not an integer", InputError);
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", "1 0 a 1001\n"),
                         "q.txt:1: relevance 1001 is above 1000, the highest grade irlens supports", InputError);
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", "1 0 a 1\n1 0 b 9999999999\n"),
                         "q.txt:2: relevance '9999999999' is not an integer", InputError);
}

// A topic in several stretches of the file (not contiguous): its docs in file order are checked as
// one sequence (the order is checked as each doc is added), so a repeat across stretches, or a doc
// lower than the last of the topic's previous stretch, is caught; increasing across them is not.
TEST_CASE("qrels: a topic in several stretches: the order and the repeats across them") {
    const std::string first = line("1", "a", 1) + line("1", "c", 1) + line("2", "b", 1);
    auto q = read_qrels("q.txt", first + line("1", "d", 2));  // 1: a c | d, increasing
    CHECK(q->num_judgments() == 4);
    CHECK(q->judgment(static_cast<std::uint32_t>(q->find(0, "d"))).rel == 2);
    q = read_qrels("q.txt", first + line("1", "b", 2));  // 1: a c | b, not increasing, no repeat
    CHECK(q->judgment(static_cast<std::uint32_t>(q->find(0, "b"))).rel == 2);
    CHECK(q->find(1, "a") == -1);
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", first + line("1", "d", 0) + line("2", "e", 1) + line("1", "a", 0)),
                         "q.txt:6: duplicate judgment of document 'a' for topic '1' (first at line 1)", InputError);
    CHECK_THROWS_WITH_AS(read_qrels("q.txt", first + line("1", "c", 0)),
                         "q.txt:4: duplicate judgment of document 'c' for topic '1' (first at line 2)", InputError);
}
