// A run tokenised without the qrels, then resolved (issue 26, lever 3; readers/run_tokens.hpp):
// the same Run and the same errors as RunReader::feed on the same bytes.
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/run_tokens.hpp"

#include <atomic>

using namespace irlens;

namespace {

/// The run read through RunTokens on its own thread, fed `chunk` bytes at a time.
std::shared_ptr<const Run> via_tokens(std::shared_ptr<const Qrels> q, const std::string& name, const std::string& text,
                                      std::size_t chunk = std::string::npos, RunOrder order = RunOrder::Score,
                                      text::ByteOrderMark bom = text::ByteOrderMark::Strip) {
    RunTokens tokens(name, order);
    tokens.set_byte_order_mark(bom);
    RunTokensThread thread(tokens, [&](const std::function<void(std::string_view)>& sink) {
        for (std::size_t at = 0; at < text.size(); at += chunk) sink(std::string_view(text).substr(at, chunk));
    });
    return thread.resolve(std::move(q));
}

/// The run read from text by RunReader::feed, in the same chunks.
std::shared_ptr<const Run> via_text(std::shared_ptr<const Qrels> q, const std::string& name, const std::string& text,
                                    std::size_t chunk = std::string::npos, RunOrder order = RunOrder::Score,
                                    text::ByteOrderMark bom = text::ByteOrderMark::Strip) {
    RunReader reader(std::move(q), name, order);
    reader.set_byte_order_mark(bom);
    for (std::size_t at = 0; at < text.size(); at += chunk) reader.feed(std::string_view(text).substr(at, chunk));
    return reader.finish();
}

void same_run(const Run& a, const Run& b) {
    CHECK(a.name() == b.name());
    CHECK(a.tag() == b.tag());
    CHECK(a.first_tag() == b.first_tag());
    CHECK(a.mixed_tags() == b.mixed_tags());
    CHECK(a.lines_read() == b.lines_read());
    CHECK(a.ignored_lines() == b.ignored_lines());
    CHECK(a.ignored_topics() == b.ignored_topics());
    CHECK(a.text_notes().byte_order_mark == b.text_notes().byte_order_mark);
    CHECK(a.text_notes().invalid_utf8_line == b.text_notes().invalid_utf8_line);
    REQUIRE(a.qrels().num_topics() == b.qrels().num_topics());
    for (std::size_t t = 0; t < a.qrels().num_topics(); ++t) {
        REQUIRE(a.entries(t).size() == b.entries(t).size());
        for (std::size_t k = 0; k < a.entries(t).size(); ++k) {
            const RunEntry x = a.entries(t)[k], y = b.entries(t)[k];
            CHECK(x.key == y.key);
            CHECK(a.judged(x.doc) == b.judged(y.doc));
            CHECK(a.doc(x.doc) == b.doc(y.doc));
            if (a.judged(x.doc)) CHECK(x.doc == y.doc);  // the same judgment
            CHECK(a.line(t, k) == b.line(t, k));
        }
    }
}

/// The error message of f(), or "" when it does not throw an InputError.
template <class F>
std::string error_of(F&& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("run tokens: the run resolved from tokens is the run read from text") {
    auto q = read_qrels("q", "1 0 a 1\n1 0 b 0\n2 0 c 1\n2 0 a 2\n");
    // Comments, blank lines, CRLF, extra columns, an ignored topic (9), topics interleaved (1
    // comes back on line 7), the tag changing, invalid UTF-8 on line 8.
    const std::string run =
        "# comment\r\n1 Q0 a 1 2.5 tagA\r\n\n1 Q0 x 2 1 tagA extra\n9 Q0 z 1 1 tagB\n2 Q0 a 1 3 tagB\n"
        "1 Q0 c 3 0.5 tagB\n2 Q0 \xFF 2 1e-3 tagA\n";
    auto text = read_run(q, "r.txt", run);
    for (std::size_t chunk : {std::string::npos, std::size_t(1), std::size_t(7)}) {
        CAPTURE(chunk);
        same_run(*via_tokens(q, "r.txt", run, chunk), *text);
    }
    CHECK(text->mixed_tags());
    CHECK(text->text_notes().invalid_utf8_line == 8);
    // By rank; a byte-order mark stripped, or kept as trec_eval does (then topic 1 is ignored).
    same_run(*via_tokens(q, "r", run, 5, RunOrder::Rank), *read_run(q, "r", run, RunOrder::Rank));
    const std::string bom = "\xEF\xBB\xBF";
    same_run(*via_tokens(q, "r", bom + "1 Q0 a 1 1 t\n", 1), *read_run(q, "r", bom + "1 Q0 a 1 1 t\n"));
    CHECK(read_run(q, "r", bom + "1 Q0 a 1 1 t\n")->text_notes().byte_order_mark);
    auto kept = via_text(q, "r", bom + "1 Q0 a 1 1 t\n", 4, RunOrder::Score, text::ByteOrderMark::Keep);
    CHECK(kept->ignored_lines() == 1);
    CHECK(kept->text_notes().byte_order_mark);
    same_run(*via_tokens(q, "r", bom + "1 Q0 a 1 1 t\n", 4, RunOrder::Score, text::ByteOrderMark::Keep), *kept);
}

TEST_CASE("run tokens: large inputs, many blocks and pieces, keep lines and entries") {
    // 3 x 150,000 lines (13 MB; the tokeniser cuts blocks into pieces of about 2 MB): topic 1
    // judged, topic 2 not in the qrels, then topic 3 judged.
    std::string qrels;
    const int n = 150000;
    for (int i = 1; i <= n; i += 2) qrels += "1 0 doc" + std::to_string(i) + " 1\n3 0 doc" + std::to_string(i) + " 0\n";
    auto q = read_qrels("q", qrels);
    std::string run;
    for (int topic : {1, 2, 3})
        for (int i = 1; i <= n; ++i)
            run += std::to_string(topic) + " Q0 doc" + std::to_string(i) + " " + std::to_string(i) + " " +
                   std::to_string(n - i) + " t\n";
    auto text = read_run(q, "big.run", run);
    for (std::size_t chunk : {std::string::npos, std::size_t(1) << 20, std::size_t(65536)}) {
        CAPTURE(chunk);
        same_run(*via_tokens(q, "big.run", run, chunk), *text);
    }
    CHECK(text->ignored_lines() == static_cast<std::uint64_t>(n));
    // An error on line 400,000 (topic 3, a later block): named as the text reader names it.
    std::string bad = run;
    std::size_t at = bad.find("3 Q0 doc100000 ");
    REQUIRE(at != std::string::npos);
    bad.replace(at, 15, "3 Q0 doc100000 1 NaN t\n#");
    CHECK(error_of([&] { read_run(q, "big.run", bad); }) == "big.run:400000: score is NaN");
    CHECK(error_of([&] { via_tokens(q, "big.run", bad, 1u << 20); }) == "big.run:400000: score is NaN");
    CHECK(error_of([&] { via_tokens(q, "big.run", bad); }) == "big.run:400000: score is NaN");
}

TEST_CASE("run tokens: every input error as the text reader gives it, in file order") {
    auto q = read_qrels("q", "1 0 a 1\n");
    const std::string long_id(70000, 'd');  // longer than 65535 bytes: an error for a judged topic only
    const std::vector<std::pair<std::string, RunOrder>> bad = {
        {"1 Q0 a 1 2.5\n", RunOrder::Score},
        {"1 Q0 a 1 high t\n", RunOrder::Score},
        {"1 Q0 a 1 nan t\n", RunOrder::Score},
        {"1 Q0 a 1 1e400 t\n", RunOrder::Score},
        {"1 Q0 a 1 1 t\n1 Q0 b 2 0.5 t\n1 Q0 a 3 0.2 t\n", RunOrder::Score},
        {"1 Q0 b 1 1 t\n\n1 Q0 b 3 0.2 t\n", RunOrder::Score},
        {"\n# nothing\n", RunOrder::Score},
        {"", RunOrder::Score},
        {"1 Q0 a one 1 t\n", RunOrder::Rank},
        {std::string("1 Q0 a\0 1 1 t\n", 14), RunOrder::Score},
        {"1 Q0 a 1 1 t\n1 Q0 " + long_id + " 2 1 t\n", RunOrder::Score},
        // The long id (line 2, needs the qrels) comes before the bad score (line 3, does not).
        {"1 Q0 a 1 1 t\n1 Q0 " + long_id + " 2 1 t\n1 Q0 c 3 x t\n", RunOrder::Score},
        // A bad score (line 2) before a long id (line 3).
        {"1 Q0 a 1 1 t\n1 Q0 c 3 x t\n1 Q0 " + long_id + " 2 1 t\n", RunOrder::Score},
        // A bad line after a duplicate: the bad line wins (duplicates are checked at the end).
        {"1 Q0 a 1 1 t\n1 Q0 a 2 1 t\n1 Q0 c 3 x t\n", RunOrder::Score},
        {"1 Q0 a 1 1 t\n" + std::string((1 << 20) + 10, 'x') + "\n", RunOrder::Score},
    };
    for (const auto& [run, order] : bad) {
        CAPTURE(run.substr(0, 60));
        for (std::size_t chunk : {std::string::npos, std::size_t(3)}) {  // (a long line is found sooner in chunks)
            const std::string expected = error_of([&] { via_text(q, "r.txt", run, chunk, order); });
            CHECK(!expected.empty());
            CHECK(error_of([&] { via_tokens(q, "r.txt", run, chunk, order); }) == expected);
        }
    }
    // A long id in a topic the qrels lack is no error (the line is ignored), as in the text reader.
    const std::string ignored = "9 Q0 " + long_id + " 1 1 t\n1 Q0 a 1 1 t\n";
    same_run(*via_tokens(q, "r.txt", ignored), *read_run(q, "r.txt", ignored));
}

TEST_CASE("run tokens: a tokeniser stopped before its input ends (a bad qrels) stops at once") {
    // The source never ends by itself: only cancel() (the destructor's stop) ends it.
    std::atomic<bool> stopped_by_feed{false};
    {
        RunTokens tokens("r.txt");
        RunTokensThread thread(tokens, [&](const std::function<void(std::string_view)>& sink) {
            try {
                for (;;) sink("1 Q0 a 1 1 t\n");
            } catch (...) {
                stopped_by_feed = true;
                throw;
            }
        });
        // No resolve(): the reader of the qrels failed; the destructor stops the tokeniser.
    }
    CHECK(stopped_by_feed);
    // The producer's own error reaches the consumer (a file that cannot be read).
    RunTokens tokens("r.txt");
    RunTokensThread thread(tokens, [&](const std::function<void(std::string_view)>& sink) {
        sink("1 Q0 a 1 1 t\n");
        throw InputError("r.txt", 0, "cannot open: No such file or directory");
    });
    CHECK(error_of([&] { thread.resolve(read_qrels("q", "1 0 a 1\n")); }) == "r.txt: cannot open: No such file or directory");
}
