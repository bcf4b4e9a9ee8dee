// What the qrels and run readers notice about their text (issue 13): a byte-order mark, and the
// first line with invalid UTF-8 (ids only in the qrels, a run tag), whatever the chunking; the
// warning texts every front-end prints; a run's name from its file name (run_key).
#include <doctest/doctest.h>

#include "irlens/readers/qrels.hpp"
#include "irlens/readers/run.hpp"
#include "irlens/readers/run_groups.hpp"
#include "irlens/readers/text.hpp"

#include <string>

using namespace irlens;

namespace {
/// The notes of a qrels file fed in chunks of `size` bytes.
text::TextNotes qrels_notes(const std::string& bytes, std::size_t size) {
    QrelsReader r("q.txt", QrelsFormat::Plain);
    for (std::size_t i = 0; i < bytes.size(); i += size) r.feed(std::string_view(bytes).substr(i, size));
    return r.finish()->text_notes();
}
}  // namespace

TEST_CASE("the readers note the first line with invalid UTF-8, whatever the chunking") {
    // Line 3 holds e<FF> (FF is never UTF-8), line 4 f<C3>( (C3 needs a continuation byte): line 3.
    const std::string qrels = "1 0 a 1\n1 0 b\xC3\xA9 1\n2 0 e\xFF 1\n2 0 f\xC3( 1\n";
    for (std::size_t size : {std::size_t(1), std::size_t(2), std::size_t(5), qrels.size()}) {
        CAPTURE(size);
        text::TextNotes n = qrels_notes(qrels, size);
        CHECK(n.invalid_utf8_line == 3);  // line 2's e-acute (C3 A9) is valid
        CHECK(!n.byte_order_mark);
    }
    CHECK(qrels_notes("\xEF\xBB\xBF"
                      "1 0 a 1\n",
                      1)
              .byte_order_mark);
    CHECK(qrels_notes("1 0 a\xF0\x9F\x98\x80 1\n", 3).invalid_utf8_line == 0);  // an emoji, cut across chunks
    // Far into a large file (several 4 MiB blocks): still the right line.
    std::string big;
    for (int i = 0; i < 400000; ++i) big += "7 0 document-" + std::to_string(i) + " 1\n";
    big += "8 0 bad\x80 1\n9 0 worse\xFF 1\n";
    CHECK(qrels_notes(big, 1 << 20).invalid_utf8_line == 400001);
    // A run: only the tag of line 2 is invalid.
    auto q = read_qrels("q.txt", "1 0 a 1\n");
    RunReader run(q, "r");
    run.feed("1 Q0 a 1 2 t\n1 Q0 b 2 1 bm\xC3");
    run.feed("(tag\n");
    CHECK(run.finish()->text_notes().invalid_utf8_line == 2);
    CHECK(read_run(q, "r", "1 Q0 a 1 2 t\n")->text_notes().invalid_utf8_line == 0);
}

TEST_CASE("the readers' warnings, one text for every front-end") {
    CHECK(text::warnings({}, "q.txt").empty());
    CHECK(text::warnings({true, 7}, "q.txt") ==
          std::vector<std::string>{"q.txt starts with a UTF-8 byte-order mark; it was ignored",
                                   "q.txt:7: invalid UTF-8 (the file's first such line); outputs show U+FFFD for "
                                   "each invalid byte sequence"});
}

TEST_CASE("valid_utf8_prefix: the first invalid byte, on either side of an 8-byte ASCII stride") {
    for (std::size_t lead = 0; lead < 20; ++lead) {
        CAPTURE(lead);
        const std::string ascii(lead, 'a');
        CHECK(text::valid_utf8_prefix(ascii) == lead);
        CHECK(text::valid_utf8_prefix(ascii + "\xFF" + "bcdefghijk") == lead);
        CHECK(text::valid_utf8_prefix(ascii + "\xC3\xA9" + "bcdefghijk\x80") == lead + 12);
    }
}

TEST_CASE("a run's name from its file name: without .gz, then without .txt or .tsv") {
    CHECK(run_key("bm25.txt.gz") == "bm25");
    CHECK(run_key("dense.tsv") == "dense");
    CHECK(run_key("hybrid.run") == "hybrid.run");
    CHECK(run_key("a.trec.gz") == "a.trec");
    CHECK(run_key("x.txt.txt") == "x.txt");  // one text extension only
}
