// The score-file readers (irlens/frontends/score_files.hpp): every format read to the numbers
// written, through the text front door, and everything that would change a number refused with
// file and line (JSON: line and column). Issue 23.
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/frontends/score_files.hpp"
#include "irlens/readers/text.hpp"

#include <cmath>
#include <string>
#include <vector>

using namespace irlens;

namespace {

ScoreFiles read(const std::string& text, const std::vector<MeasureSpec>& wanted = {}, const std::string& name = "s") {
    return read_score_files({{name, text}}, wanted);
}

/// Run r's values of measure m, topic by topic (topics in byte order).
std::vector<double> values(const ScoreFiles& sf, std::size_t r, std::size_t m = 0) {
    return sf.evaluation.runs.at(r).values.at(m);
}

}  // namespace

TEST_CASE("score files: each format, its evidence, the numbers written") {
    // trec_eval -q: two runs concatenated, each with its all block; runid names the second.
    ScoreFiles t = read("map\t1\t0.5\nmap\t2\t0.25\nmap\tall\t0.375\nmap\t1\t1\nmap\t2\tnan\nrunid\tall\tb\n");
    CHECK(t.formats.at(0).format == ScoreFormat::TrecEval);
    CHECK(t.formats.at(0).evidence == "'all' stands in column 2 of line 3");
    REQUIRE(t.evaluation.runs.size() == 2);
    CHECK(t.evaluation.runs[0].name == "s#1");
    CHECK(t.evaluation.runs[1].name == "b");
    CHECK(values(t, 0) == std::vector<double>{0.5, 0.25});
    CHECK(std::isnan(values(t, 1).at(1)));  // nan: topic 2 has no value
    // irlens eval -q -f csv, with its provenance and topics comments and a formula-guarded run name.
    ScoreFiles c = read("# provenance: {}\n# topics: all\nrun,measure,topic,value\n'-x,AP,1,0.5\n'-x,AP,all,0.5\n");
    CHECK(c.formats.at(0).format == ScoreFormat::IrlensCsv);
    CHECK(c.evaluation.runs.at(0).name == "-x");
    // A spreadsheet's matrix: a byte-order mark before the measure name, spaces after the commas.
    ScoreFiles m = read(
        "\xEF\xBB\xBF"
        "AP, bm25, dense\r\n101, 0.5, 0.25\r\n");
    CHECK(m.formats.at(0).format == ScoreFormat::Matrix);
    CHECK(m.text_notes.at(0).byte_order_mark);
    CHECK(m.evaluation.measures.at(0).name() == "AP");
    CHECK(values(m, 1) == std::vector<double>{0.25});
    // irlens JSON: the runs in the file's order.
    ScoreFiles j = read(
        "{\"runs\": {\"z\": {\"per_topic\": {\"1\": {\"AP\": 0.5}}}, \"a\": {\"per_topic\": {\"1\": {\"AP\": "
        "null}}}}}");
    CHECK(j.evaluation.runs.at(0).name == "z");
    CHECK(std::isnan(values(j, 1).at(0)));
}

TEST_CASE("score files: what would change a number is refused with file and line") {
    // A trec_eval -q file with a byte-order mark keeps its first topic (before: "\uFEFFmap" was no measure).
    CHECK(values(read("\xEF\xBB\xBFmap\t1\t0.5\nmap\t2\t0.25\nmap\tall\t0.375\n"), 0).size() == 2);
    // Rows after the last all block with none of their own: a phantom run.
    CHECK_THROWS_WITH_AS(
        read("map\t1\t0.5\nmap\tall\t0.5\nmap\t1\t1\n"),
        "s:3: per-topic lines after the last 'all' block, with no 'all' block of their own: trec_eval -q "
        "writes one after each run's topics (a truncated run, or lines appended to the file?) (read as "
        "trec_eval -q: 'all' stands in column 2 of line 2)",
        InputError);
    CHECK_THROWS_WITH_AS(
        read("map\t1\tinf\nmap\tall\t0.5\n"),
        "s:1: score 'inf' of map is infinite: a score must be a finite number (nan: the topic has no value) "
        "(read as trec_eval -q: 'all' stands in column 2 of line 2)",
        InputError);
    CHECK_THROWS_WITH_AS(
        read("map\t1\t1e400\nmap\tall\t0.5\n"),
        "s:1: score '1e400' of map is beyond a double's range: a score must be a finite number (nan: the "
        "topic has no value) (read as trec_eval -q: 'all' stands in column 2 of line 2)",
        InputError);
    CHECK_THROWS_WITH_AS(
        read("map\t1\t1.7\nmap\tall\t0.5\n"),
        "s:1: score '1.7' of map is outside its range, [0, 1] (irlens measures AP) (read as trec_eval -q: "
        "'all' stands in column 2 of line 2)",
        InputError);
    // JSON: a repeated key (topic, run) names both places; a DOM would keep the last.
    CHECK_THROWS_WITH_AS(
        read("{\"runs\": {\"a\": {\"per_topic\": {\"1\": {\"AP\": 0.5},\n \"1\": {\"AP\": 1}}}}}"),
        "s:2: column 4: key \"1\" repeated in one object (first at line 1, column 33): the last would silently "
        "win (read as irlens eval -q -f json: line 1 starts with '{')",
        InputError);
    CHECK_THROWS_WITH_AS(
        read("{\"runs\": {\"a\": {\"per_topic\": {}},\n\"a\": {\"per_topic\": {}}}}"),
        "s:2: column 3: key \"a\" repeated in one object (first at line 1, column 13): the last would silently "
        "win (read as irlens eval -q -f json: line 1 starts with '{')",
        InputError);
    // A qrels file, a run: not score files, at line 1.
    CHECK_THROWS_WITH_AS(
        read("101 0 d01 1\n"),
        "s:1: not a score file: column 2, '0', is not a measure name (irlens eval -q -f tsv lines are `run "
        "measure topic value`; a qrels file has 4 columns too)",
        InputError);
    CHECK_THROWS_AS(read("101 Q0 d01 1 0.5 t\n"), InputError);
    // Two files, one run name: refused.
    CHECK_THROWS_AS(read_score_files({{"a", "run\tAP\t1\t0.5\n"}, {"b", "run\tAP\t1\t0.5\n"}}, {}), UsageError);
}

TEST_CASE("score files: every run name irlens' CSV writer writes reads back as written (issue 37)") {
    // The writer's formula guard (text::csv_text) and the reader's un-guarding are inverses: "'=x"
    // was written as it is and read back as "=x" (the guard of "=x").
    for (const std::string name : {"=x.run", "'=x.run", "''+y", "'", "'x", "-", "'-", "a'=b", "@", "x,y", "\"q\""}) {
        const std::string text = "run,measure,topic,value\n" + text::csv_text(name) + ",AP,1,0.5\n";
        const ScoreFiles sf = read(text);
        REQUIRE(sf.evaluation.runs.size() == 1);
        CHECK_MESSAGE(sf.evaluation.runs[0].name == name, text);
    }
}

TEST_CASE("score files written without -q: the advice to write them with -q, in every format (issue 37)") {
    CHECK_THROWS_WITH_AS(
        read("run,measure,topic,value\nbm25,AP,all,0.5\nbm25,P@5,all,0.4\n"),
        "s:2: run 'bm25' has no per-topic scores, only 'all' rows (write them with irlens eval -q -f csv) "
        "(read as irlens eval -q -f csv: line 1 is the header run,measure,topic,value)",
        InputError);
    CHECK_THROWS_WITH_AS(
        read("bm25\tAP\tall\t0.5\n"),
        "s:1: run 'bm25' has no per-topic scores, only 'all' rows (write them with irlens eval -q -f tsv) "
        "(read as irlens eval -q -f tsv: line 1 has 4 columns, the second a measure name)",
        InputError);
    CHECK_THROWS_WITH_AS(
        read("map\tall\t0.5\nP_5\tall\t0.2\n"),
        "s:1: no per-topic scores, only 'all' lines (write them with trec_eval -q) (read as trec_eval -q: "
        "'all' stands in column 2 of line 1)",
        InputError);
    // A run with per-topic rows beside another without: the one without is named.
    CHECK_THROWS_WITH_AS(
        read("a\tAP\t1\t0.5\na\tAP\tall\t0.5\nb\tAP\tall\t0.5\n"),
        "s:3: run 'b' has no per-topic scores, only 'all' rows (write them with irlens eval -q -f tsv) "
        "(read as irlens eval -q -f tsv: line 1 has 4 columns, the second a measure name)",
        InputError);
}
