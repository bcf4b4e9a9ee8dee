// Counting measures (core/src/measures/counts.cpp) on a hand-checkable fixture: NumQ, NumRet,
// NumRel, NumRelRet, NumNonRelJudgedRet, Unjudged, Judged, RelString. Every expected value was
// also checked against trec_eval 10.0 (-c -q) where trec_eval has the measure.
#include "fixture.hpp"

#include "irlens/error.hpp"

using irlens::MissingTopics;
using irlens::UsageError;
using irlens::test::approx;
using irlens::test::Fixture;

namespace {

// Topic 1: judged a 2, b 0, c 1, d 1, e -1 (pooled but unjudged), f 12.
//   Ranking (score desc): f a x b e c  ->  12, 2, not in the qrels, 0, judged negative, 1.
// Topic 2: judged g 0, h -1: no relevant document. Ranking: g h y -> 0, judged negative, not in qrels.
// Topic 3: judged i 1, not answered by the run.
// Topic 9 is only in the run: ignored.
const char* kQrels = "1 0 a 2\n1 0 b 0\n1 0 c 1\n1 0 d 1\n1 0 e -1\n1 0 f 12\n2 0 g 0\n2 0 h -1\n3 0 i 1\n";
const char* kRun =
    "1 Q0 f 1 9 t\n1 Q0 a 2 8 t\n1 Q0 x 3 7 t\n1 Q0 b 4 6 t\n1 Q0 e 5 5 t\n1 Q0 c 6 4 t\n"
    "2 Q0 g 1 3 t\n2 Q0 h 2 2 t\n2 Q0 y 3 1 t\n9 Q0 z 1 1 t\n";

const MissingTopics kZero = MissingTopics::Zero;

/// The text of a text-valued measure for one topic ("<not scored>" when the topic is absent).
std::string text_of(const Fixture& f, const std::string& measure, const std::string& topic,
                    MissingTopics missing = MissingTopics::Skip) {
    irlens::Evaluation ev = f.eval(measure, missing);
    const irlens::RunScores& r = ev.runs.at(0);
    for (std::size_t t = 0; t < r.topics.size(); ++t)
        if (r.topics[t] == topic) return r.texts[0][t];
    return "<not scored>";
}

}  // namespace

TEST_CASE("NumQ counts scored topics; its aggregate is a sum") {
    Fixture f(kQrels, {kRun});
    CHECK(f.value("NumQ", "1") == 1);
    CHECK(f.mean("NumQ") == 2);            // topics 1 and 2 (topic 3 skipped, topic 9 ignored)
    CHECK(f.mean("NumQ", 0, kZero) == 3);  // trec_eval -c: every qrels topic
    CHECK(f.mean("NumQ(agg=mean)") == 1);  // 2 topics of value 1
}

TEST_CASE("NumRet: retrieved documents; with rel=N only those judged >= N") {
    Fixture f(kQrels, {kRun});
    CHECK(f.value("NumRet", "1") == 6);
    CHECK(f.value("NumRet", "2") == 3);
    CHECK(f.mean("NumRet") == 9);  // 6 + 3
    // rel=1: f (12), a (2), c (1); rel=2: f, a; rel=0 adds b (0) but never e (-1).
    CHECK(f.value("NumRet(rel=1)", "1") == 3);
    CHECK(f.value("NumRet(rel=2)", "1") == 2);
    CHECK(f.value("NumRet(rel=0)", "1") == 4);
    CHECK(f.value("NumRet(rel=0)", "2") == 1);  // g
    // A topic the run did not answer retrieves nothing (trec_eval -c zeroes num_ret).
    CHECK(f.value("NumRet", "3", 0, kZero) == 0);
    CHECK(f.mean("NumRet", 0, kZero) == 9);
}

TEST_CASE("NumRel: judgments >= rel of the topic, negative judgments never count") {
    Fixture f(kQrels, {kRun});
    CHECK(f.value("NumRel", "1") == 4);         // a c d f
    CHECK(f.value("NumRel(rel=2)", "1") == 2);  // a f
    CHECK(f.value("NumRel(rel=0)", "1") == 5);  // a b c d f; e (-1) is not a relevance level
    CHECK(f.value("NumRel", "2") == 0);         // empty relevant set
    CHECK(f.mean("NumRel") == 4);
    // Defined on the qrels alone: a topic without results still has its relevant documents
    // (trec_eval -c reports num_rel 5 = 4 + 1 here).
    CHECK(f.value("NumRel", "3", 0, kZero) == 1);
    CHECK(f.mean("NumRel", 0, kZero) == 5);
}

TEST_CASE("NumRelRet and NumNonRelJudgedRet") {
    Fixture f(kQrels, {kRun});
    CHECK(f.value("NumRelRet", "1") == 3);                    // f a c
    CHECK(f.value("NumRelRet(rel=2)", "1") == 2);             // f a
    CHECK(f.value("NumRelRet(judged_only=True)", "1") == 3);  // dropping x and e changes nothing
    CHECK(f.value("NumRelRet", "2") == 0);
    CHECK(f.value("NumRelRet", "3", 0, kZero) == 0);
    // retrieved - not in qrels - judged negative - relevant: 6 - 1 (x) - 1 (e) - 3 = 1 (b).
    CHECK(f.value("NumNonRelJudgedRet", "1") == 1);
    // rel=2: c (1) is now non-relevant: 6 - 1 - 1 - 2 = 2 (b, c).
    CHECK(f.value("NumNonRelJudgedRet(rel=2)", "1") == 2);
    CHECK(f.value("NumNonRelJudgedRet", "2") == 1);            // g; h is judged negative, y not in qrels
    CHECK(f.value("NumNonRelJudgedRet", "3", 0, kZero) == 0);  // the placeholder is not in the qrels
    CHECK(f.mean("NumNonRelJudgedRet") == 2);
}

TEST_CASE("Unjudged@k: not in the qrels or judged negative, over k (short rankings are padded)") {
    Fixture f(kQrels, {kRun});
    CHECK(f.value("Unjudged@2", "1") == approx(0.0));   // f a
    CHECK(f.value("Unjudged@5", "1") == approx(0.4));   // f a x b e: x, e -> 2/5
    CHECK(f.value("Unjudged@10", "1") == approx(0.2));  // still 2, over 10
    CHECK(f.value("Unjudged@2", "2") == approx(0.5));   // g h: h -> 1/2
    CHECK(f.value("Unjudged@10", "2") == approx(0.2));  // h y -> 2/10
    // trec_eval -c zeroes unj for a topic without results (the placeholder would count as unjudged).
    CHECK(f.value("Unjudged@5", "3", 0, kZero) == 0);
    // (0.4 + 0.4 + 0) / 3, as trec_eval -c's unj_5 (0.2667).
    CHECK(f.mean("Unjudged@5", 0, kZero) == approx(0.8 / 3));
    CHECK_THROWS_WITH_AS(irlens::parse_measure("Unjudged"),
                         "measure 'Unjudged': Unjudged needs a cutoff, e.g. Unjudged@10", UsageError);
}

TEST_CASE("Judged@k: judged (any judgment, even negative) among the top min(k, retrieved)") {
    Fixture f(kQrels, {kRun});
    CHECK(f.value("Judged@2", "1") == approx(1.0));         // f a
    CHECK(f.value("Judged@5", "1") == approx(0.8));         // f a x b e: all but x -> 4/5
    CHECK(f.value("Judged@10", "1") == approx(5.0 / 6.0));  // 5 of the 6 retrieved (not over 10)
    CHECK(f.value("Judged", "1") == approx(5.0 / 6.0));     // no cutoff: the whole ranking
    CHECK(f.value("Judged", "2") == approx(2.0 / 3.0));     // g h y: g and h are in the qrels
    // No results: the placeholder document is not judged.
    CHECK(f.value("Judged@10", "3", 0, kZero) == 0);
}

TEST_CASE("RelString: the judgments of the top k as characters") {
    Fixture f(kQrels, {kRun});
    // f 12 -> '>', a 2 -> '2', x -> '-', b 0 -> '0', e -1 -> '.', c 1 -> '1'.
    CHECK(text_of(f, "RelString", "1") == ">2-0.1");  // default length 10
    CHECK(text_of(f, "RelString@3", "1") == ">2-");
    CHECK(text_of(f, "RelString@3", "2") == "0.-");
    // Text-valued: the value slot is NaN and there is no aggregate.
    CHECK(std::isnan(f.value("RelString", "1")));
    CHECK(std::isnan(f.mean("RelString")));
    // trec_eval -c prints '' for a topic without results. (trec_eval 10.0 clears only the value
    // named exactly `relstring`, so its relstring.3 prints '-' there; irlens clears every length,
    // a deliberate difference pinned in unit-evaluate.cpp.)
    CHECK(text_of(f, "RelString", "3", kZero).empty());
    CHECK(text_of(f, "RelString@3", "3", kZero).empty());
}
