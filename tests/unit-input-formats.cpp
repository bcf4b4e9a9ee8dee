// BEIR qrels, MS MARCO runs and ranx / ir_measures JSON (irlens/readers/input_formats.hpp):
// detected by content, the same numbers as the equivalent TREC files, errors naming line and
// problem (JSON: line, column and key path).
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/input_formats.hpp"

#include <string>
#include <string_view>

using namespace irlens;

namespace {

/// The text fed in pieces of `piece` bytes (1: byte by byte), so that detection and the JSON
/// scanner are checked across chunk boundaries.
std::shared_ptr<const Qrels> any_qrels(const std::string& text, InputFormat want, std::size_t piece = 3) {
    AnyQrelsReader r("q", QrelsFormat::Plain);
    for (std::size_t i = 0; i < text.size(); i += piece) r.feed(std::string_view(text).substr(i, piece));
    auto q = r.finish();
    CHECK(r.input_format() == want);
    return q;
}

std::shared_ptr<const Run> any_run(const std::shared_ptr<const Qrels>& q, const std::string& text, InputFormat want,
                                   std::size_t piece = 5) {
    AnyRunReader r(q, "r", RunOrder::Score);
    for (std::size_t i = 0; i < text.size(); i += piece) r.feed(std::string_view(text).substr(i, piece));
    auto run = r.finish();
    CHECK(r.input_format() == want);
    return run;
}

double mean(const std::shared_ptr<const Qrels>& q, const std::shared_ptr<const Run>& r, const char* measure) {
    return evaluate(q, {r}, {parse_measure(measure)}).runs.at(0).aggregate.at(0);
}

// Topic 101: d01 grade 2, d02 grade 1 (R = 2); topic 102: d05 grade 1.
const std::string kTrecQrels = "101 0 d01 2\n101 0 d02 1\n102 0 d05 1\n";
// The same judgments in BEIR's TSV (header first) and as a ranx / ir_measures dict of dicts.
const std::string kBeirQrels = "query-id\tcorpus-id\tscore\n101\td01\t2\n101\td02\t1\n102\td05\t1\n";
const std::string kJsonQrels = "{\"101\": {\"d01\": 2, \"d02\": 1},\n \"102\": {\"d05\": 1}}";

// The MS MARCO run ranks d02 first, then d01 and d09 tied at rank 2 (d01 listed first), and d05
// first for 102. Scores are minus the ranks: -1, -2, -2; trec_eval breaks the tie by doc id
// descending, so the order is d02 d09 d01 (not the file order d02 d01 d09).
const std::string kMsMarcoRun = "101\td02\t1\n101\td01\t2\n101\td09\t2\n102\td05\t1\n";
const std::string kTrecRun = "101 Q0 d02 1 -1 r\n101 Q0 d01 2 -2 r\n101 Q0 d09 2 -2 r\n102 Q0 d05 1 -1 r\n";
const std::string kJsonRun = "{\"101\": {\"d02\": 0.9, \"d01\": 0.2, \"d09\": 0.2}, \"102\": {\"d05\": 1e0}}";

}  // namespace

TEST_CASE("input formats: BEIR and JSON qrels, MS MARCO and JSON runs give the TREC files' numbers") {
    auto trec_q = read_qrels("q", kTrecQrels);
    auto trec_r = read_run(trec_q, "r", kTrecRun);
    // Hand-checked on the TREC files. Topic 101, order d02 d09 d01: AP = (1/1 + 2/3) / 2 = 5/6;
    // P@2 = 1/2. Topic 102: AP = 1, P@2 = 1/2. Means: AP (5/6 + 1) / 2 = 11/12, P@2 = 1/2.
    CHECK(mean(trec_q, trec_r, "AP") == doctest::Approx(11.0 / 12).epsilon(1e-15));
    CHECK(mean(trec_q, trec_r, "P@2") == doctest::Approx(0.5));
    for (std::size_t piece : {1, 3, 1000}) {
        CAPTURE(piece);
        auto beir = any_qrels(kBeirQrels, InputFormat::Beir, piece);
        auto json = any_qrels(kJsonQrels, InputFormat::Json, piece);
        auto trec = any_qrels(kTrecQrels, InputFormat::Trec, piece);
        for (const auto& q : {beir, json, trec}) {
            REQUIRE(q->num_topics() == 2);
            CHECK(q->num_judgments() == 3);
            CHECK(q->max_grade() == 2);
            auto ms = any_run(q, kMsMarcoRun, InputFormat::MsMarco, piece);
            // d09 before d01: the tie rule, not the file order (which would give AP 1 for 101).
            CHECK(mean(q, ms, "AP") == doctest::Approx(11.0 / 12).epsilon(1e-15));
            CHECK(mean(q, ms, "P@2") == doctest::Approx(0.5));
            CHECK(ms->tag() == "r");  // no tag column: the run's name
            auto js = any_run(q, kJsonRun, InputFormat::Json, piece);
            // d01 and d09 tie at 0.2 as well: the same order, the same numbers.
            CHECK(mean(q, js, "AP") == doctest::Approx(11.0 / 12).epsilon(1e-15));
            CHECK(mean(q, any_run(q, kTrecRun, InputFormat::Trec, piece), "AP") ==
                  doctest::Approx(11.0 / 12).epsilon(1e-15));
        }
    }
}

TEST_CASE("input formats: detection by content (BOM, comments, escapes, CRLF)") {
    // A byte-order mark and comment lines before the BEIR header; CRLF line ends.
    auto q =
        any_qrels("\xEF\xBB\xBF# judged by hand\r\n\r\nquery-id corpus-id score\r\n1\ta\t1\r\n", InputFormat::Beir, 2);
    CHECK(q->find(0, "a") >= 0);
    // A 3-column file without the BEIR header is no BEIR file: the TREC reader's error.
    CHECK_THROWS_WITH_AS(any_qrels("1\ta\t1\n", InputFormat::Trec),
                         "q:1: expected 4 columns (topic iter doc rel), found 3", InputError);
    // JSON keys with escapes: \u00e9 is é (UTF-8 C3 A9), a surrogate pair is one 4-byte character.
    auto j = any_qrels(" \n {\"t\\u00e9\": {\"\\ud83d\\ude00\": 1, \"a\\/b\": 0}}\n", InputFormat::Json, 1);
    CHECK(j->topic_id(0) == "t\xC3\xA9");
    CHECK(j->find(0, "\xF0\x9F\x98\x80") >= 0);
    CHECK(j->find(0, "a/b") >= 0);
    // Grouped (diversity) qrels are TREC only: the JSON is read as a TREC line and refused.
    AnyQrelsReader grouped("q", QrelsFormat::Grouped);
    grouped.feed("{\"1\": {\"a\": 1}}");
    CHECK_THROWS_AS(grouped.finish(), InputError);
    // A run: 6 columns is TREC even with a rank-like third column.
    auto trec = read_qrels("q", "1 0 a 1\n");
    CHECK(any_run(trec, "1 Q0 a 1 0.5 t\n", InputFormat::Trec)->tag() == "t");
}

TEST_CASE("input formats: errors name file, line and problem") {
    auto q = read_qrels("q", kTrecQrels);
    auto run = [&](const std::string& text) { return any_run(q, text, InputFormat::Unknown, 1000); };
    auto qrels = [&](const std::string& text) { return any_qrels(text, InputFormat::Unknown, 1000); };
    // Line-based formats keep the line numbers (the header is line 1).
    CHECK_THROWS_WITH_AS(qrels("query-id\tcorpus-id\tscore\n101\td01\n"),
                         "q:2: expected 3 columns (query-id corpus-id score), found 2", InputError);
    CHECK_THROWS_WITH_AS(qrels("query-id\tcorpus-id\tscore\n101\td01\t1\t2\n"),
                         "q:2: expected 3 columns (query-id corpus-id score), found more", InputError);
    CHECK_THROWS_WITH_AS(qrels("query-id\tcorpus-id\tscore\n\n101\td01\t0.5\n"),
                         "q:3: relevance '0.5' is not an integer", InputError);
    // A run's errors say that its first content line decided the format (issue 23).
    const std::string guessed =
        "; the file was read as an MS MARCO run (qid pid rank) because its first content line, line 1, has 3 columns: "
        "a "
        "TREC run has 6 (topic Q0 doc rank score tag); give the format to choose (irlens --run-format "
        "trec|msmarco|json)";
    CHECK_THROWS_WITH_AS(run("101\td01\t1\n101\td02\n"),
                         ("r:2: expected 3 columns (qid pid rank), found 2" + guessed).c_str(), InputError);
    CHECK_THROWS_WITH_AS(run("101\td01\t1\n101\td02\tx\n"), ("r:2: rank 'x' is not an integer" + guessed).c_str(),
                         InputError);
    CHECK_THROWS_WITH_AS(run("101\td01\t1\n101\td01\t2\n"),
                         "r:2: duplicate document 'd01' for topic '101' (first at line 1)", InputError);
    // JSON: line, column, problem and where in the dict of dicts.
    CHECK_THROWS_WITH_AS(qrels("{\"1\": {\"a\": 1,\n \"a\": 2}}"),
                         "q:2: column 2: document id \"a\" repeated (first at line 1, column 8) (in topic \"1\")",
                         InputError);
    CHECK_THROWS_WITH_AS(qrels("{\"1\": {\"a\": 1},\n\"1\": {\"b\": 1}}"),
                         "q:2: column 1: topic id \"1\" repeated (first at line 1, column 2)", InputError);
    CHECK_THROWS_WITH_AS(qrels("{\"1\": {\"a\": 1.5}}"),
                         "q:1: column 13: relevance '1.5' of \"a\" is not an integer (in topic \"1\", document \"a\")",
                         InputError);
    CHECK_THROWS_WITH_AS(qrels("{\"1\": {\"a\": 1001}}"),
                         "q:1: column 13: relevance 1001 is above 1000, the highest grade irlens supports (in topic "
                         "\"1\", document \"a\")",
                         InputError);
    CHECK_THROWS_WITH_AS(run("{\"1\": {\"a\": 01}}"),
                         "r:1: column 13: '01' is not a JSON number (in topic \"1\", document \"a\")", InputError);
    CHECK_THROWS_WITH_AS(run("{\"1\": {\"a\": \"0.5\"}}"),
                         "r:1: column 13: expected a number (the score), found '\"' (the JSON read is a dict of dicts: "
                         "{\"topic\": {\"doc\": number, ...}, ...}) (in topic \"1\", document \"a\")",
                         InputError);
    CHECK_THROWS_WITH_AS(
        run("{\"1\": [\"a\"]}"),
        "r:1: column 7: expected '{' (the documents of the topic), found '[' (the JSON read is a dict of "
        "dicts: {\"topic\": {\"doc\": number, ...}, ...}) (in topic \"1\")",
        InputError);
    CHECK_THROWS_WITH_AS(run("{\"1\": {\"a b\": 1}}"),
                         "r:1: column 8: document id \"a b\" holds whitespace or a control character (in topic \"1\")",
                         InputError);
    CHECK_THROWS_WITH_AS(run("{\"#1\": {\"a\": 1}}"),
                         "r:1: column 2: topic id \"#1\" starts with '#' (a comment in TREC files)", InputError);
    CHECK_THROWS_WITH_AS(run("{\"\\xff\": {\"a\": 1}}"), "r:1: column 4: invalid escape '\\x' in a key", InputError);
    CHECK_THROWS_WITH_AS(run("{\"\xff\": {\"a\": 1}}"), "r:1: column 2: topic id is not valid UTF-8", InputError);
    CHECK_THROWS_WITH_AS(
        run("{\"1\": {\"a\": 1}}\n,"),
        "r:2: column 1: expected nothing after the end of the JSON object, found ',' (the JSON read is a "
        "dict of dicts: {\"topic\": {\"doc\": number, ...}, ...})",
        InputError);
    CHECK_THROWS_WITH_AS(run("{\"1\": {\"a\": 1}\n"), "r:2: unexpected end of the file: the JSON object is not closed",
                         InputError);
    // A key is capped as a TREC document id is (the JSON may be one line of any length).
    CHECK_THROWS_WITH_AS(run("{\"1\": {\"" + std::string(70000, 'x') + "\": 1}}"),
                         "r:1: column 65544: key longer than 65535 bytes (in topic \"1\")", InputError);
    CHECK_THROWS_WITH_AS(run("{}"), "r: no results found (empty file?)", InputError);
}

// Issue 23: a format is chosen only with evidence, and says which and why.
TEST_CASE("input formats: MS MARCO only with the evidence of its ranks; a given format is used as given") {
    auto q = read_qrels("q", kTrecQrels);
    // Integer scores, best first (d01 3, d02 2): read as ranks they would be upside down.
    const std::string scores = "101 d01 3\n101 d02 2\n";
    const std::string guessed =
        "; the file was read as an MS MARCO run (qid pid rank) because its first content line, line 1, has 3 columns: "
        "a "
        "TREC run has 6 (topic Q0 doc rank score tag); give the format to choose (irlens --run-format "
        "trec|msmarco|json)";
    CHECK_THROWS_WITH_AS(
        any_run(q, scores, InputFormat::Unknown),
        ("r:1: the third column is not a rank: topic 101 starts at 3 (MS MARCO ranks start at 1 and increase "
         "within each topic)" +
         guessed)
            .c_str(),
        InputError);
    CHECK_THROWS_WITH_AS(
        any_run(q, "# ranks\n101 d01 1\n101 d02 3\n101 d03 2\n", InputFormat::Unknown),
        ("r:4: the third column is not a rank: 2 after 3 in topic 101 (MS MARCO ranks start at 1 and increase "
         "within each topic)" +
         std::string(guessed).replace(guessed.find("line 1"), 6, "line 2"))
            .c_str(),
        InputError);
    // Ties and gaps are ranks still (rank 1, 2, 2, 5); a topic may come back if its ranks go on.
    AnyRunReader ok(q, "r");
    ok.feed("101 d01 1\n101 d02 2\n102 d05 1\n101 d09 2\n101 d03 5\n");
    ok.finish();
    CHECK(ok.input_format() == InputFormat::MsMarco);
    CHECK(ok.format_evidence() == "line 1 has 3 columns, and the ranks start at 1 and increase within each topic");
    // Given: the scores read as ranks, as asked (d02 at rank 2 before d01 at rank 3).
    AnyRunReader given(q, "r", RunOrder::Score, InputFormat::MsMarco);
    given.feed(scores);
    auto run = given.finish();
    CHECK(given.format_evidence() == "given");
    CHECK(run->num_topics_answered() == 1);
    // TREC: 6 columns; JSON: '{'.
    AnyRunReader trec(q, "r");
    trec.feed("101 Q0 d01 1 0.5 t\n");
    trec.finish();
    CHECK(trec.format_evidence() == "line 1 has more than 3 columns");
    AnyRunReader json(q, "r");
    json.feed("\n {\"101\": {\"d01\": 1}}");
    json.finish();
    CHECK(json.format_evidence() == "the first content byte is '{'");
    AnyRunReader forced(q, "r", RunOrder::Score, InputFormat::Trec);
    forced.feed("101 d01 1\n");
    CHECK_THROWS_WITH_AS(forced.finish(), "r:1: expected 6 columns (topic Q0 doc rank score tag), found 3", InputError);
    CHECK(parse_run_format("auto") == InputFormat::Unknown);
    CHECK_THROWS_AS(parse_run_format("tsv"), UsageError);
}

TEST_CASE("input formats: scores beyond a double's range are refused (they would all tie at infinity)") {
    auto q = read_qrels("q", kTrecQrels);
    CHECK_THROWS_WITH_AS(
        any_run(q, "101 Q0 d01 1 1e400 t\n101 Q0 d02 2 1e401 t\n", InputFormat::Unknown),
        "r:1: score '1e400' is beyond a double's range (about 1.8e308): such scores would all tie; rescale the scores",
        InputError);
    CHECK_THROWS_WITH_AS(any_run(q, "{\"101\": {\"d01\": -1e400}}", InputFormat::Unknown, 1),
                         "r:1: column 17: score -1e400 of \"d01\" is beyond a double's range (about 1.8e308) (in topic "
                         "\"101\", document \"d01\")",
                         InputError);
    // An explicit inf is read (trec_eval's atof reads it) and ordered as written: d01 first.
    auto run = any_run(q, "101 Q0 d02 1 1 t\n101 Q0 d01 2 inf t\n", InputFormat::Trec);
    CHECK(mean(q, run, "P@1") == 1);  // 101: d01 (inf) first, relevant; 102 unanswered (skip)
}
