// The document-lengths reader: accepted variations, chunked input and every input error.
#include "fixture.hpp"

#include "irlens/readers/doc_lengths.hpp"
#include "irlens/error.hpp"

using irlens::DocLengths;
using irlens::DocLengthsReader;
using irlens::InputError;
using irlens::read_doc_lengths;

TEST_CASE("doc lengths: tabs or spaces, words optional, comments, CRLF") {
    auto d = read_doc_lengths("l.txt", "# doc chars words\r\na\t5000\t1000\r\n\n  b 600\nc\t50\t10");
    REQUIRE(d->size() == 3);
    REQUIRE(d->find("a"));
    CHECK(d->find("a")->characters == 5000);
    CHECK(d->find("a")->words == 1000);
    CHECK(d->find("a")->line == 2);
    CHECK(d->find("b")->characters == 600);
    CHECK(d->find("b")->words == -1);  // no words column
    CHECK(d->find("c")->words == 10);
    CHECK(d->find("zz") == nullptr);
    CHECK(d->find("") == nullptr);
}

TEST_CASE("doc lengths: fed one byte at a time, many documents") {
    std::string text;
    for (int i = 0; i < 3000; ++i)
        text += "doc" + std::to_string(i) + "\t" + std::to_string(i * 7) + "\t" + std::to_string(i) + "\n";
    DocLengthsReader reader("big.txt");
    for (char c : text) reader.feed(std::string_view(&c, 1));
    auto d = reader.finish();
    CHECK(d->size() == 3000);
    for (int i : {0, 1, 999, 2999}) {
        const DocLengths::Length* len = d->find("doc" + std::to_string(i));
        REQUIRE(len);
        CHECK(len->characters == static_cast<std::uint64_t>(i * 7));
        CHECK(len->words == i);
        CHECK(len->line == static_cast<std::uint64_t>(i + 1));
    }
    CHECK(d->find("doc3000") == nullptr);
}

TEST_CASE("doc lengths: input errors name file, line and problem") {
    CHECK_THROWS_WITH_AS(read_doc_lengths("l.txt", "a\n"),
                         "l.txt:1: expected 2 or 3 columns (doc characters [words]), found 1", InputError);
    CHECK_THROWS_WITH_AS(read_doc_lengths("l.txt", "a 1 2\nb 1 2 3\n"),
                         "l.txt:2: expected 2 or 3 columns (doc characters [words]), found more", InputError);
    CHECK_THROWS_WITH_AS(read_doc_lengths("l.txt", "a -5\n"), "l.txt:1: characters '-5' is not a non-negative integer",
                         InputError);
    CHECK_THROWS_WITH_AS(read_doc_lengths("l.txt", "a 1.5\n"),
                         "l.txt:1: characters '1.5' is not a non-negative integer", InputError);
    CHECK_THROWS_WITH_AS(read_doc_lengths("l.txt", "a 10 many\n"),
                         "l.txt:1: words 'many' is not a non-negative integer", InputError);
    CHECK_THROWS_WITH_AS(read_doc_lengths("l.txt", "a 10\nb 20\na 30\n"),
                         "l.txt:3: duplicate document 'a' (first at line 1)", InputError);
    CHECK_THROWS_WITH_AS(read_doc_lengths("l.txt", std::string("a\0 10\n", 6)),
                         "l.txt:1: NUL byte in line (binary file?)", InputError);
    CHECK_THROWS_WITH_AS(read_doc_lengths("l.txt", "# nothing\n\n"), "l.txt: no document lengths found (empty file?)",
                         InputError);
}
