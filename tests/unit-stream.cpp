// The streaming evaluation (core/src/evaluation/stream.cpp, RunReader::stream_topics): the same
// values, warnings and errors as the in-memory path on runs fed in chunks of any size; NotGrouped
// for a run whose topics are not together; measures that need other runs or topics refused; the
// trec_eval front-end's streamed output byte-identical to its in-memory output.
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/evaluation/stream.hpp"
#include "irlens/frontends/trec_eval.hpp"

#include <cstring>

using irlens::Evaluation;
using irlens::MissingTopics;
using irlens::NotGrouped;
using irlens::parse_measure;
using irlens::StreamEvaluation;

namespace {

// Topic 1: a 1, b 0, c 1; topic 2: x 1; topic 3: y 1 (no results); topic 9 is not in the qrels and
// its lines sit between topics 1 and 2 (dropped, wherever they are).
const char* kQrels = "1 0 a 1\n1 0 b 0\n1 0 c 1\n2 0 x 1\n3 0 y 1\n";
const char* kRun =
    "1 Q0 a 1 3 t\n1 Q0 b 2 2 t\n1 Q0 d 3 1 t\n"
    "9 Q0 q 1 1 t\n"
    "2 Q0 x 1 2 t\n# a comment\n2 Q0 z 2 1 t\n";

std::vector<irlens::MeasureSpec> measures(const std::vector<std::string>& names) {
    std::vector<irlens::MeasureSpec> out;
    for (const std::string& n : names) out.push_back(parse_measure(n));
    return out;
}

/// The run streamed in chunks of `chunk` bytes.
Evaluation streamed(const std::string& qrels_text, const std::string& run, const std::vector<std::string>& names,
                    MissingTopics missing, std::size_t chunk) {
    auto qrels = irlens::read_qrels("qrels", qrels_text);
    irlens::EvalOptions o;
    o.missing = missing;
    StreamEvaluation s(qrels, "run0", measures(names), o);
    for (std::size_t i = 0; i < run.size(); i += chunk) s.feed(std::string_view(run).substr(i, chunk));
    return s.finish();
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

void check_same(const Evaluation& a, const Evaluation& b) {
    REQUIRE(a.runs.size() == 1);
    REQUIRE(b.runs.size() == 1);
    CHECK(a.warnings == b.warnings);
    CHECK(a.runs[0].tag == b.runs[0].tag);
    CHECK(a.runs[0].topics == b.runs[0].topics);
    REQUIRE(a.runs[0].values.size() == b.runs[0].values.size());
    for (std::size_t m = 0; m < a.runs[0].values.size(); ++m) {
        REQUIRE(a.runs[0].values[m].size() == b.runs[0].values[m].size());
        for (std::size_t k = 0; k < a.runs[0].values[m].size(); ++k)
            CHECK(same_bits(a.runs[0].values[m][k], b.runs[0].values[m][k]));
        CHECK(same_bits(a.runs[0].aggregate[m], b.runs[0].aggregate[m]));
    }
}

}  // namespace

TEST_CASE("stream: per-topic values and means as the in-memory path, whatever the chunk size") {
    irlens::test::Fixture f(kQrels, {kRun});
    const std::vector<std::string> names = {"P@2", "AP", "NumRet", "nDCG@3", "RelString@3"};
    for (MissingTopics missing : {MissingTopics::Skip, MissingTopics::Zero}) {
        Evaluation memory = evaluate(f.qrels, f.runs, measures(names), [&] {
            irlens::EvalOptions o;
            o.missing = missing;
            return o;
        }());
        for (std::size_t chunk : {std::size_t(1), std::size_t(7), std::size_t(1) << 20})
            check_same(streamed(kQrels, kRun, names, missing, chunk), memory);
    }
    // By hand: P@2 topic 1 = a (rel), b (0) -> 1/2; topic 2 = x (rel), z (unjudged) -> 1/2.
    // AP topic 1 = (1/1) / R=2 = 0.5; topic 2 = 1/1 = 1. Skip: mean AP 0.75; zero: topic 3 scores
    // 0, mean P@2 = (0.5 + 0.5 + 0) / 3.
    Evaluation skip = streamed(kQrels, kRun, names, MissingTopics::Skip, 5);
    CHECK(skip.runs[0].topics == std::vector<std::string>{"1", "2"});
    CHECK(skip.runs[0].values[0] == std::vector<double>{0.5, 0.5});
    CHECK(skip.runs[0].aggregate[1] == 0.75);
    Evaluation zero = streamed(kQrels, kRun, names, MissingTopics::Zero, 5);
    CHECK(zero.runs[0].topics == std::vector<std::string>{"1", "2", "3"});
    CHECK(zero.runs[0].values[0][2] == 0.0);
    CHECK(zero.runs[0].aggregate[0] == (0.5 + 0.5 + 0) / 3);
    // The warnings name the ignored topic 9 and the unanswered topic 3, as evaluate()'s do.
    REQUIRE(skip.warnings.size() == 2);
    CHECK(skip.warnings[0] == "run0: 1 lines for 1 topic(s) not in the qrels were ignored (9)");
    CHECK(skip.warnings[1] == "run0: 1 of 3 qrels topics have no results (skipped; --missing zero scores them 0)");
}

TEST_CASE("stream: a topic that appears again is NotGrouped, naming both topics and how to sort") {
    const std::string run = "1 Q0 a 1 3 t\n2 Q0 x 1 2 t\n9 Q0 q 1 1 t\n1 Q0 b 2 2 t\n";
    CHECK_THROWS_WITH_AS(streamed(kQrels, run, {"P@2"}, MissingTopics::Skip, 3),
                         "run0:4: topic '1' appears again (its lines from line 1 on stopped at topic '2'): the run is "
                         "not grouped by topic, so it cannot be read one topic at a time; group it with "
                         "`LC_ALL=C sort -s -k1,1 RUN > SORTED`",
                         NotGrouped);
    // Topics not in the qrels may come back: their lines are dropped anyway.
    CHECK_NOTHROW(
        streamed(kQrels, "9 Q0 q 1 1 t\n1 Q0 a 1 3 t\n9 Q0 r 1 1 t\n2 Q0 x 1 2 t\n", {"P@2"}, MissingTopics::Skip, 3));
}

TEST_CASE("stream: bad lines and duplicates give the in-memory path's messages") {
    auto qrels = irlens::read_qrels("qrels", kQrels);
    // A duplicate in topic 1 and a bad line later: the bad line first, as reading into memory does.
    const std::string both = "1 Q0 a 1 3 t\n1 Q0 a 2 2 t\n2 Q0 x 1 2 t\n2 Q0 z 2 zz t\n";
    CHECK_THROWS_WITH_AS(irlens::read_run(qrels, "run0", both), "run0:4: score 'zz' is not a number",
                         irlens::InputError);
    CHECK_THROWS_WITH_AS(streamed(kQrels, both, {"P@2"}, MissingTopics::Skip, 4), "run0:4: score 'zz' is not a number",
                         irlens::InputError);
    const std::string dups = "1 Q0 a 1 3 t\n1 Q0 b 2 2 t\n1 Q0 a 3 1 t\n2 Q0 x 1 2 t\n2 Q0 x 2 1 t\n";
    const char* msg = "run0:3: duplicate document 'a' for topic '1' (first at line 1)";
    CHECK_THROWS_WITH_AS(irlens::read_run(qrels, "run0", dups), msg, irlens::InputError);
    CHECK_THROWS_WITH_AS(streamed(kQrels, dups, {"P@2"}, MissingTopics::Skip, 2), msg, irlens::InputError);
    CHECK_THROWS_WITH_AS(streamed(kQrels, "", {"P@2"}, MissingTopics::Skip, 2), "run0: no results found (empty file?)",
                         irlens::InputError);
}

TEST_CASE("stream: measures that need other runs or topics are refused") {
    auto qrels = irlens::read_qrels("qrels", kQrels);
    CHECK(irlens::stream_obstacle(measures({"P@2", "AP"})).empty());
    CHECK_THROWS_WITH_AS(StreamEvaluation(qrels, "run0", measures({"P@2", "NRG(base=nDCG,prior=others)@10"})),
                         "NRG@10 needs every run at once, so the run cannot be evaluated one "
                         "topic at a time",
                         irlens::UsageError);
}

TEST_CASE("stream: trec_eval's bytes as in memory (-q, -c, -D, -M)") {
    auto qrels = irlens::read_qrels("qrels", kQrels);
    auto run = irlens::read_run(qrels, "run0", kRun);
    std::vector<irlens::TrecEvalOptions> cases(5);
    cases[1].per_query = true;
    cases[2].per_query = cases[2].complete = true;
    cases[2].measures = {"all_trec"};
    cases[3].only_topic = "2";
    cases[3].per_query = true;
    cases[4].max_docs = 1;
    cases[4].complete = true;
    for (const irlens::TrecEvalOptions& o : cases) {
        irlens::TrecEvalStream s(o, qrels, "run0");
        for (std::size_t i = 0; i < std::strlen(kRun); i += 3) s.feed(std::string_view(kRun).substr(i, 3));
        std::string out = s.finish();
        CHECK(out == irlens::trec_eval(o, qrels, run));
        CHECK(out.find("runid                 \tall\tt\n") != std::string::npos);
    }
}
