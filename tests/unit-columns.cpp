// Columnar input (irlens/readers/columns.hpp): QrelsReader / RunReader::feed_columns build what the
// text readers build from the rows' canonical TREC text, with their checks and messages (row i is
// line i + 1).
#include "irlens/error.hpp"
#include "irlens/readers/columns.hpp"
#include "irlens/readers/qrels.hpp"
#include "irlens/readers/run.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

using namespace irlens;

namespace {

// Topics "2" and "1" (codes 0, 1), documents a, b, c (codes 0, 1, 2).
const std::string_view kTopics[] = {"2", "1", "9"};
const std::string_view kDocs[] = {"a", "b", "c"};

IdColumn topics(const std::vector<std::int64_t>& codes) { return IdColumn{codes.data(), kTopics, 3}; }
IdColumn docs(const std::vector<std::int64_t>& codes) { return IdColumn{codes.data(), kDocs, 3}; }

std::shared_ptr<const Qrels> qrels_of(const std::vector<std::int64_t>& t, const std::vector<std::int64_t>& d,
                                      const std::vector<std::int64_t>& rel) {
    QrelsColumns c;
    c.rows = t.size();
    c.topics = topics(t);
    c.docs = docs(d);
    c.rel_ints = rel.data();
    QrelsReader reader("q", QrelsFormat::Plain);
    reader.feed_columns(c);
    return reader.finish();
}

const std::vector<std::int64_t> kQt{0, 0, 1}, kQd{0, 1, 2}, kQrel{1, 0, 2};  // 2 a 1, 2 b 0, 1 c 2

std::shared_ptr<const Run> run_of(const std::vector<std::int64_t>& t, const std::vector<std::int64_t>& d,
                                  const std::vector<double>& scores, RunOrder order = RunOrder::Score,
                                  const std::int64_t* ranks = nullptr) {
    RunColumns c;
    c.rows = t.size();
    c.topics = topics(t);
    c.docs = docs(d);
    c.scores = scores.data();
    c.ranks = ranks;
    c.tag = "x";
    RunReader reader(qrels_of(kQt, kQd, kQrel), "r", order);
    reader.feed_columns(c);
    return reader.finish();
}

}  // namespace

TEST_CASE("columns: the qrels and run the text readers build from the same rows") {
    auto from_columns = qrels_of(kQt, kQd, kQrel);
    auto from_text = read_qrels("q", "2 0 a 1\n2 0 b 0\n1 0 c 2\n");
    REQUIRE(from_columns->num_topics() == 2);
    CHECK(from_columns->topic_id(0) == "1");  // topics in byte order, as from text
    CHECK(from_columns->topic_id(1) == "2");
    for (std::size_t t = 0; t < 2; ++t) {
        REQUIRE(from_columns->num_judgments(t) == from_text->num_judgments(t));
        for (std::size_t k = 0; k < from_text->num_judgments(t); ++k) {
            CHECK(from_columns->doc(from_columns->begin(t)[k]) == from_text->doc(from_text->begin(t)[k]));
            CHECK(from_columns->begin(t)[k].rel == from_text->begin(t)[k].rel);
        }
    }
    CHECK(from_columns->max_grade() == 2);
    // Rows: 2 a 0.5, 9 c 1 (topic not in the qrels: dropped, counted), 2 c 0.25 (unjudged), 1 c 3.
    auto run = run_of({0, 2, 0, 1}, {0, 2, 2, 2}, {0.5, 1, 0.25, 3});
    CHECK(run->lines_read() == 4);
    CHECK(run->ignored_lines() == 1);
    CHECK(run->ignored_topics() == std::vector<std::string>{"9"});
    CHECK(run->tag() == "x");
    REQUIRE(run->entries(1).size() == 2);  // topic "2": rows 0 and 2, in row order
    CHECK(run->entries(1)[0].key == 0.5);
    CHECK(run->doc(run->entries(1)[1].doc) == "c");
    CHECK_FALSE(run->judged(run->entries(1)[1].doc));
    CHECK(run->line(1, 1) == 3);  // row 2 is line 3
    CHECK(run->line(0, 0) == 4);
    const std::int64_t ranks[] = {1, 1, 2, 1};
    auto by_rank = run_of({0, 2, 0, 1}, {0, 2, 2, 2}, {0.5, 1, 0.25, 3}, RunOrder::Rank, ranks);
    CHECK(by_rank->entries(1)[1].key == -2.0);  // minus the rank
}

TEST_CASE("columns: the text readers' checks, naming the row as a line") {
    CHECK_THROWS_WITH_AS(run_of({0, 0}, {0, 0}, {1, 2}), "r:2: duplicate document 'a' for topic '2' (first at line 1)",
                         InputError);
    CHECK_THROWS_WITH_AS(run_of({0}, {0}, {std::nan("")}), "r:1: score is NaN", InputError);
    CHECK_THROWS_WITH_AS(run_of({0}, {0}, {std::numeric_limits<double>::infinity()}), "r:1: score is infinite",
                         InputError);
    CHECK_THROWS_WITH_AS(run_of({0, -1}, {0, 1}, {1, 2}), "r:2: no query id (a missing value)", InputError);
    CHECK_THROWS_WITH_AS(run_of({0, 0}, {0, 3}, {1, 2}), "r:2: no document id (a missing value)", InputError);
    CHECK_THROWS_WITH_AS(run_of({0}, {0}, {1}, RunOrder::Rank), "ordering by rank needs a rank column", UsageError);
    CHECK_THROWS_WITH_AS(run_of({}, {}, {}), "r: no results found (empty file?)", InputError);
    CHECK_THROWS_WITH_AS(qrels_of({0, 1, 0}, {0, 2, 0}, {1, 1, 0}),
                         "q:3: duplicate judgment of document 'a' for topic '2' (first at line 1)", InputError);
    CHECK_THROWS_WITH_AS(qrels_of({0}, {0}, {1001}),
                         "q:1: relevance 1001 is above 1000, the highest grade irlens supports", InputError);
    CHECK_THROWS_WITH_AS(qrels_of({0}, {0}, {std::int64_t(1) << 31}), "q:1: relevance '2147483648' is not an integer",
                         InputError);
    const double reals[] = {1.0, 0.5};
    QrelsColumns c;
    c.rows = 2;
    const std::vector<std::int64_t> t{0, 1}, d{0, 1};
    c.topics = topics(t);
    c.docs = docs(d);
    c.rel_reals = reals;
    QrelsReader reader("q", QrelsFormat::Plain);
    CHECK_THROWS_WITH_AS(reader.feed_columns(c), "q:2: relevance '0.5' is not an integer", InputError);
    // An id a TREC line cannot hold.
    const std::string_view odd[] = {"", "a b", "#1", std::string_view("n\0", 2)};
    const std::vector<std::int64_t> zero{0}, one{1}, two{2}, three{3};
    const char* expected[] = {"q:1: query id is empty", "q:1: query id 'a b' contains whitespace",
                              "q:1: query id '#1' starts with '#': its TREC line would be a comment",
                              "q:1: query id 'n\\x00' contains a NUL byte"};
    const std::vector<std::int64_t>* codes[] = {&zero, &one, &two, &three};
    const std::int64_t rel[] = {1};
    for (int i = 0; i < 4; ++i) {
        QrelsColumns bad;
        bad.rows = 1;
        bad.topics = IdColumn{codes[i]->data(), odd, 4};
        bad.docs = docs(zero);
        bad.rel_ints = rel;
        QrelsReader r("q", QrelsFormat::Plain);
        CHECK_THROWS_WITH_AS(r.feed_columns(bad), expected[i], InputError);
    }
    // Text or columns, not both.
    QrelsReader mixed("q", QrelsFormat::Plain);
    mixed.feed("1 0 a 1\n");
    CHECK_THROWS_AS(mixed.feed_columns(c), UsageError);
}

TEST_CASE("columns: a run's rows whose topics interleave find their judgments all the same") {
    // Rows 2 a, 1 c, 2 b, 1 a: topic "2" comes back after "1" within one batch, so the reader
    // leaves the topic's own table for the whole index (as scan_run does); qrels 2 a 1, 2 b 0, 1 c 2.
    auto run = run_of({0, 1, 0, 1}, {0, 2, 1, 0}, {4, 3, 2, 1});
    REQUIRE(run->entries(1).size() == 2);  // topic "2": a (judged), b (judged)
    CHECK(run->judged(run->entries(1)[0].doc));
    CHECK(run->judged(run->entries(1)[1].doc));
    CHECK(run->doc(run->entries(1)[1].doc) == "b");
    REQUIRE(run->entries(0).size() == 2);  // topic "1": c (judged), a (not judged for topic "1")
    CHECK(run->judged(run->entries(0)[0].doc));
    CHECK_FALSE(run->judged(run->entries(0)[1].doc));
    CHECK(run->doc(run->entries(0)[1].doc) == "a");
}

TEST_CASE("columns: an id is checked when a row uses it, an id no row uses never") {
    // Table {"1", "a b"}: rows using only "1" read; a row using "a b" (twice: each time) fails.
    const std::string_view table[] = {"1", "a b"};
    const std::vector<std::int64_t> fine{0, 0}, second{0, 1}, d{0, 1};
    const std::int64_t rel[] = {1, 1};
    for (const auto* t : {&fine, &second}) {
        QrelsColumns c;
        c.rows = 2;
        c.topics = IdColumn{t->data(), table, 2};
        c.docs = docs(d);
        c.rel_ints = rel;
        QrelsReader reader("q", QrelsFormat::Plain);
        if (t == &fine) {
            reader.feed_columns(c);
            CHECK(reader.finish()->num_topics() == 1);
        } else {
            CHECK_THROWS_WITH_AS(reader.feed_columns(c), "q:2: query id 'a b' contains whitespace", InputError);
        }
    }
    IdColumnReader reader(IdColumn{second.data(), table, 2}, IdColumnReader::Kind::Topic);
    CHECK(reader.code(0, "s") == 0);
    CHECK_THROWS_WITH_AS(reader.code(1, "s"), "s:2: query id 'a b' contains whitespace", InputError);
    CHECK_THROWS_WITH_AS(reader.code(1, "s"), "s:2: query id 'a b' contains whitespace",
                         InputError);  // checked once, refused each time
}

TEST_CASE("columns: an id column without codes takes row i's id from ids[i]") {
    // Rows 2 a 1, 2 b 0, 1 c 2 with the documents one per row (no codes): the qrels of kQt, kQd.
    const std::string_view docs_by_row[] = {"a", "b", "c"};
    QrelsColumns c;
    c.rows = 3;
    c.topics = topics(kQt);
    c.docs = IdColumn{nullptr, docs_by_row, 3};
    c.rel_ints = kQrel.data();
    QrelsReader reader("q", QrelsFormat::Plain);
    reader.feed_columns(c);
    auto no_codes = reader.finish();
    auto with_codes = qrels_of(kQt, kQd, kQrel);
    REQUIRE(no_codes->num_topics() == 2);
    for (std::size_t t = 0; t < 2; ++t) {
        REQUIRE(no_codes->num_judgments(t) == with_codes->num_judgments(t));
        for (std::size_t k = 0; k < with_codes->num_judgments(t); ++k) {
            CHECK(no_codes->doc(no_codes->begin(t)[k]) == with_codes->doc(with_codes->begin(t)[k]));
            CHECK(no_codes->begin(t)[k].rel == with_codes->begin(t)[k].rel);
        }
    }
    // A run's row 1 repeats row 0's document: the check names row 1 as line 2, as with codes.
    const std::string_view repeated[] = {"a", "a"};
    const std::vector<std::int64_t> t{0, 0};
    const std::vector<double> scores{1, 2};
    RunColumns r;
    r.rows = 2;
    r.topics = topics(t);
    r.docs = IdColumn{nullptr, repeated, 2};
    r.scores = scores.data();
    r.tag = "x";
    RunReader run_reader(with_codes, "r", RunOrder::Score);
    auto read = [&] {
        run_reader.feed_columns(r);
        return run_reader.finish();
    };
    CHECK_THROWS_WITH_AS(read(), "r:2: duplicate document 'a' for topic '2' (first at line 1)", InputError);
    // An empty id in row 1: named as row 1's (line 2).
    const std::string_view empty[] = {"a", ""};
    r.docs = IdColumn{nullptr, empty, 2};
    RunReader again(with_codes, "r", RunOrder::Score);
    CHECK_THROWS_WITH_AS(again.feed_columns(r), "r:2: document id is empty", InputError);
}
