// Run validation (irlens/readers/run_check.hpp): every kind of finding on a tiny file, with the line it
// is reported at; chunking and the per-line memory bound; the per-kind listing cap; the JSON.
#include <doctest/doctest.h>

#include "irlens/frontends/json_documents.hpp"
#include "irlens/error.hpp"
#include "irlens/readers/qrels.hpp"
#include "irlens/readers/run_check.hpp"

#include <string>
#include <vector>

using namespace irlens;

namespace {

std::shared_ptr<const IdList> ids(const std::string& name, const std::string& text) {
    IdListReader r(name);
    r.feed(text);
    return r.finish();
}

/// The findings as "LINE kind" (LINE 0: whole file), in report order.
std::vector<std::string> kinds(const CheckReport& r) {
    std::vector<std::string> out;
    for (const CheckFinding& f : r.findings) out.push_back(std::to_string(f.line) + " " + f.kind);
    return out;
}

const CheckFinding& only(const CheckReport& r, const std::string& kind) {
    for (const CheckFinding& f : r.findings)
        if (f.kind == kind) return f;
    FAIL("no finding of kind " << kind);
    return r.findings.front();
}

}  // namespace

TEST_CASE("check: a clean run has no findings") {
    CheckReport r = check_run("r", "1 Q0 a 1 3 t\n1 Q0 b 2 2 t\n2 Q0 a 1 1 t\n", {});
    CHECK(r.findings.empty());
    CHECK(r.errors == 0);
    CHECK(r.warnings == 0);
    CHECK(r.lines == 3);
    CHECK(r.results == 3);
    CHECK(r.topics == 2);
}

TEST_CASE("check: format findings per line, and the line is skipped or kept as documented") {
    // line 1 fine; 2 five columns (skipped); 3 seven columns (kept: its first six are read);
    // 4 iteration '0'; 5 rank 'x'; 6 score 'NaN'; 7 score 'abc'; 8 NUL byte; 9 a comment (skipped).
    std::string text = std::string("1 Q0 a 1 9 t\n1 Q0 b 2 8\n1 Q0 c 3 7 t extra\n1 0 d 4 6 t\n1 Q0 e x 5 t\n") +
                       "1 Q0 f 6 NaN t\n1 Q0 g 7 abc t\n" + std::string("1 Q0 h\0 8 1 t\n", 14) + "# comment\n";
    CheckReport r = check_run("r", text, {});
    // The valid ranks 1 3 4 6 7 (lines 1 3 4 6 7) also miss rank 2: a warning at the topic's first line.
    CHECK(kinds(r) == std::vector<std::string>{"1 missing_rank", "2 columns", "3 columns", "4 iteration", "5 rank",
                                               "6 score", "7 score", "8 binary"});
    CHECK(r.findings[1].message == "expected 6 columns (topic Q0 doc rank score tag), found 5");
    CHECK(r.findings[2].message ==
          "expected 6 columns (topic Q0 doc rank score tag), found 7 (trec_eval ignores the columns past the sixth; "
          "TREC's checkers refuse them)");
    CHECK(r.findings[3].severity == Severity::Warning);
    CHECK(r.findings[3].message == "iteration column is '0', not Q0 (trec_eval ignores the column)");
    CHECK(r.findings[4].message == "rank 'x' is not an integer");
    CHECK(r.findings[5].message == "score is NaN");
    CHECK(r.findings[6].message == "score 'abc' is not a number");
    CHECK(r.findings[7].message == "NUL byte in line (binary file?)");
    // 9 lines; results: lines 1, 3, 4, 5, 6, 7 (2 has five columns, 8 is binary, 9 a comment).
    CHECK(r.lines == 9);
    CHECK(r.results == 6);
    CHECK(r.errors == 6);
    CHECK(r.warnings == 2);
}

TEST_CASE("check: per-topic findings - repeated documents and ranks, missing ranks, rank order, ties") {
    // Topic 1: ranks 1 2 2 4 (a repeat of 2, rank 3 missing); doc a twice (lines 1 and 3); rank 4
    // (line 4, score 5) scores higher than rank 2 (line 2, score 3): one disagreeing pair (the
    // repeated rank 2 of line 3 is skipped). Scores 9 3 3 5: lines 2 and 3 tie (2 results).
    CheckReport r = check_run("r", "1 Q0 a 1 9 t\n1 Q0 b 2 3 t\n1 Q0 a 2 3 t\n1 Q0 c 4 5 t\n", {});
    CHECK(kinds(r) == std::vector<std::string>{"1 missing_rank", "3 duplicate_document", "3 duplicate_rank",
                                               "3 tied_scores", "4 rank_order"});
    CHECK(only(r, "duplicate_document").message == "duplicate document 'a' for topic '1' (first at line 1)");
    CHECK(only(r, "duplicate_rank").message == "rank 2 repeats line 2's for topic '1'");
    CHECK(only(r, "missing_rank").message == "topic '1': rank 3 is missing (ranks should run 1, 2, ..., n)");
    CHECK(only(r, "missing_rank").severity == Severity::Warning);
    CHECK(
        only(r, "rank_order").message ==
        "topic '1': rank 4 has a higher score (5) than rank 2 (line 2, score 3); 1 pair of consecutive ranks disagree "
        "with the scores, and trec_eval evaluates in score order");
    CHECK(only(r, "tied_scores").message ==
          "topic '1': 2 results share their score with another (first: lines 2 and 3, score 3); trec_eval orders tied "
          "results by document id, descending, not by rank");
    CHECK(only(r, "tied_scores").severity == Severity::Warning);
    // Ranks starting at 0: below 1.
    CheckReport zero = check_run("r", "1 Q0 a 0 2 t\n1 Q0 b 1 1 t\n", {});
    CHECK(kinds(zero) == std::vector<std::string>{"1 rank_below_one"});
    CHECK(zero.findings[0].message == "topic '1': rank 0 (line 1) is below 1 (ranks should run 1, 2, ..., n)");
}

TEST_CASE("check: limits, topic and document lists, qrels, tags") {
    CheckOptions o;
    o.max_docs = 2;
    o.topics = ids("topics.txt", "1\n# comment\n2 extra words\n3\n");
    o.docs = ids("docs.txt", "a\nb\nc\n");
    o.qrels = read_qrels("qrels", "1 0 a 1\n4 0 a 1\n");
    o.tag = "t";
    // Topic 1 has 3 results (line 3 is the third, over the limit 2); doc z is not in the list;
    // topic 9 is neither in the topic list nor in the qrels; tag u differs from the expected t
    // (reported once, at its first line 4); topics 2 and 3 of the list have no results.
    CheckReport r = check_run("r", "1 Q0 a 1 3 t\n1 Q0 b 2 2 t\n1 Q0 z 3 1 t\n9 Q0 c 1 1 u\n9 Q0 b 2 0 u\n", o);
    CHECK(kinds(r) == std::vector<std::string>{"3 unknown_document", "3 too_many_documents", "4 tag", "4 unknown_topic",
                                               "4 unjudged_topic", "0 missing_topic", "0 missing_topic"});
    CHECK(only(r, "unknown_document").message == "document 'z' is not in the document list (docs.txt)");
    CHECK(only(r, "too_many_documents").message ==
          "topic '1' has 3 results, more than the limit of 2 (this line is result 3)");
    CHECK(only(r, "tag").message == "run tag 'u' is not the expected 't'");
    CHECK(only(r, "unknown_topic").message == "topic '9' is not in the topic list (topics.txt); 2 results");
    CHECK(only(r, "unjudged_topic").message ==
          "topic '9' is not in the qrels (qrels): evaluation ignores its 2 results");
    CHECK(only(r, "unjudged_topic").severity == Severity::Warning);
    CHECK(r.findings[5].message == "topic '2' of the topic list (topics.txt) has no results");
    CHECK(r.findings[6].message == "topic '3' of the topic list (topics.txt) has no results");
    // Errors: unknown_document, too_many_documents, tag, unknown_topic; warnings: unjudged_topic, 2 missing_topic.
    CHECK(r.errors == 4);
    CHECK(r.warnings == 3);

    // Without a topic list the qrels' topics are the expected ones (topic 4 has no results), and
    // without an expected tag the first line's tag is: 'u' differs from 't' (line 1).
    CheckOptions q;
    q.qrels = o.qrels;
    CheckReport r2 = check_run("r", "1 Q0 a 1 3 t\n1 Q0 b 2 2 u\n1 Q0 c 3 1 u\n", q);
    CHECK(kinds(r2) == std::vector<std::string>{"2 tag", "0 missing_topic"});
    CHECK(r2.findings[0].message == "run tag 'u' differs from 't' (line 1)");
    CHECK(r2.findings[1].message == "topic '4' of the qrels (qrels) has no results");
}

TEST_CASE("check: an empty file, and a line over 1 MiB is a finding without being stored") {
    CheckReport empty = check_run("r", "", {});
    CHECK(kinds(empty) == std::vector<std::string>{"0 empty"});
    CHECK(empty.findings[0].message == "no result lines (empty file?)");
    // The long line arrives in 64 KiB chunks: the checker holds at most 1 MiB of it.
    RunChecker c("r", {});
    c.feed("1 Q0 a 1 2 t\n1 Q0 ");
    std::string block(64 << 10, 'x');
    for (int i = 0; i < 20; ++i) c.feed(block);  // 1.25 MiB on line 2
    c.feed(" 2 1 t\n1 Q0 b 3 0 t");              // line 3 has no newline
    CheckReport r = c.finish();
    CHECK(kinds(r) == std::vector<std::string>{"1 missing_rank", "2 long_line"});  // ranks 1 and 3
    CHECK(r.lines == 3);
    CHECK(r.results == 2);
}

TEST_CASE("check: lines split across chunks at every byte read as one buffer") {
    std::string text = "1 Q0 a 1 3 t\r\n1 Q0 a 2 3 u\n2 0 b 1 1 t";
    CheckReport whole = check_run("r", text, {});
    for (std::size_t cut = 0; cut <= text.size(); ++cut) {
        RunChecker c("r", {});
        c.feed(std::string_view(text).substr(0, cut));
        c.feed(std::string_view(text).substr(cut));
        CheckReport r = c.finish();
        CHECK(kinds(r) == kinds(whole));  // the same findings
        CHECK(r.lines == 3);
    }
    CHECK(kinds(whole) == std::vector<std::string>{"2 tag", "2 duplicate_document", "2 tied_scores", "3 iteration"});
}

TEST_CASE("check: every finding is counted, only the first 100 of a kind listed") {
    std::string text;
    for (int i = 1; i <= 250; ++i)
        text += "1 Q0 d" + std::to_string(i) + " " + std::to_string(i) + " " + std::to_string(1000 - i) + "\n";
    CheckReport r = check_run("r", text, {});  // 250 lines of five columns
    CHECK(r.counts.at("columns") == 250);
    CHECK(r.errors == 251);  // and the file has no result lines: empty
    CHECK(r.findings.size() == 101);
    CHECK(r.findings[99].line == 100);
    CHECK(r.unlisted == 150);

    // Per-topic kinds too: doc 'same' on 151 lines (ranks 1..151, scores 999..849) repeats 150
    // times (lines 2..151): counted in full, the first 100 by line (lines 2..101) listed.
    std::string same;
    for (int i = 1; i <= 151; ++i) same += "1 Q0 same " + std::to_string(i) + " " + std::to_string(1000 - i) + " t\n";
    CheckReport d = check_run("r", same, {});
    CHECK(d.counts.at("duplicate_document") == 150);
    REQUIRE(d.findings.size() == 100);
    CHECK(d.findings.front().line == 2);
    CHECK(d.findings.back().line == 101);
    CHECK(d.findings.back().message == "duplicate document 'same' for topic '1' (first at line 1)");
    CHECK(d.unlisted == 50);
    CHECK(d.errors == 150);
}

TEST_CASE("check: id lists and the JSON document") {
    auto l = ids("l", "b\n\na x\nb\n");
    CHECK(l->size() == 2);
    CHECK(l->contains("a"));
    CHECK(!l->contains("x"));
    CHECK_THROWS_WITH_AS(ids("l", "# nothing\n"), "l: no ids found (empty file?)", InputError);
    CHECK_THROWS_WITH_AS(ids("l", std::string("a\n\0\n", 4)), "l:2: NUL byte in line (binary file?)", InputError);

    CheckOptions o;
    o.max_docs = 5;
    CheckReport r = check_run("r.txt", "1 0 a 1 1 t\n", o);
    std::string json = check_json({r}, o, -1);
    CHECK(
        json.find("\"command\":\"check\",\"options\":{\"qrels\":null,\"topics\":null,\"docs\":null,\"max_docs\":5,"
                  "\"tag\":null},\"errors\":0,\"warnings\":1,\"files\":[{\"file\":\"r.txt\",\"lines\":1,\"results\":1,"
                  "\"topics\":1,\"errors\":0,\"warnings\":1,\"counts\":{\"iteration\":1},\"unlisted\":0,\"findings\":["
                  "{\"line\":1,\"severity\":\"warning\",\"kind\":\"iteration\",\"topic\":\"1\",\"message\":") !=
        std::string::npos);
}
