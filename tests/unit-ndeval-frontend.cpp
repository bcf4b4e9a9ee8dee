// The ndeval front-end (irlens/frontends/ndeval.hpp) on the topic of diversity_topic.hpp without the spam
// judgment, which ndeval refuses; every expected row was also checked against ndeval 4.5 itself.
#include "diversity_topic.hpp"
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/frontends/ndeval.hpp"

using namespace irlens;
using irlens::test::kDiversityQrels;

namespace {
const char* kNdevalQrels = "1 1 a 1\n1 2 a 1\n1 1 b 2\n1 3 c 1\n1 2 d 0\n1 3 d 0\n1 4 e 0\n2 1 f 1\n";
// By rank: b x a c d for topic 1; topic 2 is not answered; topic 9 is not in the qrels.
const char* kNdevalRun = "1 Q0 a 3 0 first\n1 Q0 b 1 0 t\n1 Q0 c 4 0 t\n1 Q0 d 5 0 t\n1 Q0 x 2 0 t\n9 Q0 y 1 0 t\n";
const char* kHeader =
    "runid,topic,ERR-IA@5,ERR-IA@10,ERR-IA@20,nERR-IA@5,nERR-IA@10,nERR-IA@20,alpha-DCG@5,alpha-DCG@10,alpha-DCG@20,"
    "alpha-nDCG@5,alpha-nDCG@10,alpha-nDCG@20,NRBP,nNRBP,MAP-IA,P-IA@5,P-IA@10,P-IA@20,strec@5,strec@10,strec@20\n";
std::string zeros(int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += ",0.000000";
    return s;
}
}  // namespace

TEST_CASE("ndeval front-end: rows, zero rows for unknown topics, the mean and -c") {
    auto q = read_qrels("q", kNdevalQrels, QrelsFormat::Grouped);
    auto run = read_run(q, "r", kNdevalRun, RunOrder::Rank);
    std::string out = ndeval(NdevalOptions(), q, run);
    // The run id is the first line's tag; topic 9 gets a row of zeros but is not averaged.
    REQUIRE(out.rfind(kHeader, 0) == 0);
    std::string body = out.substr(std::string(kHeader).size());
    std::string row1 = body.substr(0, body.find('\n'));
    // ERR-IA@5 = 1.75 / 4.13125 = 0.423601; MAP-IA = 17/36 = 0.472222; P-IA@5 = 4/15; strec@5 = 1.
    CHECK(row1.rfind("first,1,0.423601,", 0) == 0);
    CHECK(row1.find(",0.472222,0.266667,0.133333,0.066667,1.000000,1.000000,1.000000") != std::string::npos);
    CHECK(body.find("first,9" + zeros(21) + "\n") != std::string::npos);
    std::string amean = body.substr(body.find("first,amean"));
    CHECK(amean.rfind("first,amean,0.423601,", 0) == 0);  // one topic averaged
    NdevalOptions c;
    c.complete = true;  // two qrels topics: the mean halves
    std::string all = ndeval(c, q, run);
    CHECK(all.substr(all.find("first,amean")).rfind("first,amean,0.211800,", 0) == 0);
}

TEST_CASE("ndeval front-end: risk-sensitive evaluation against a baseline") {
    auto q = read_qrels("q", kNdevalQrels, QrelsFormat::Grouped);
    auto run = read_run(q, "r", kNdevalRun, RunOrder::Rank);
    // The baseline ranks c first and nothing else: strec@5 = 1/3 against the run's 1 (a win of
    // 2/3); its P-IA@5 = 1/15 against 4/15 (a win of 0.2); it answers topic 2 (f: StRecall 1),
    // where the run has no row: without -c that topic is skipped.
    auto base = read_run(q, "b", "1 Q0 c 1 0 base\n2 Q0 f 1 0 base\n", RunOrder::Rank);
    NdevalOptions o;
    o.risk_alpha = 2;
    o.risk_alpha_text = "2.0";
    std::string out = ndeval(o, q, run, base);
    CHECK(out.find("first (rel to. base; rs=1+a; a=2.0),1,") != std::string::npos);
    CHECK(out.find(",0.200000,0.100000,0.050000,0.666667,0.666667,0.666667\nfirst (rel to. base; rs=1+a; a=2.0),9,") !=
          std::string::npos);
    CHECK(out.find(",2,") == std::string::npos);
    // With -c topic 2 is a loss of 1 on strec, weighed 1 + 2 = 3: -3.
    o.complete = true;
    std::string all = ndeval(o, q, run, base);
    CHECK(all.find("a=2.0),2,") != std::string::npos);
    CHECK(all.find(",-3.000000,-3.000000,-3.000000\nfirst (rel to. base; rs=1+a; a=2.0),9,") != std::string::npos);
}

TEST_CASE("ndeval front-end: what ndeval refuses") {
    auto q = read_qrels("div.txt", kDiversityQrels, QrelsFormat::Grouped);
    auto run = read_run(q, "r", kNdevalRun, RunOrder::Rank);
    CHECK_THROWS_WITH_AS(
        ndeval(NdevalOptions(), q, run),
        "div.txt:6: negative judgment -2: ndeval refuses negative judgments (map them to 0 first, as the "
        "TREC Web track's qrels-for-ndeval.txt does, or use `irlens eval --qrels-format diversity`, which "
        "counts them as non-relevant)",
        InputError);
    auto q2 = read_qrels("q", kNdevalQrels, QrelsFormat::Grouped);
    auto dup = read_run(q2, "run.txt", "1 Q0 a 1 0 t\n1 Q0 b 2 0 t\n1 Q0 c 1 0 t\n", RunOrder::Rank);
    CHECK_THROWS_WITH_AS(ndeval(NdevalOptions(), q2, dup),
                         "run.txt:3: duplicate rank 1 for topic '1' (first at line 1; ndeval orders by rank: use "
                         "-traditional to order by score)",
                         InputError);
    // -traditional (by score) does not look at ranks.
    auto by_score = read_run(q2, "run.txt", "1 Q0 a 1 2 t\n1 Q0 b 2 1 t\n1 Q0 c 1 0 t\n", RunOrder::Score);
    CHECK_NOTHROW(ndeval(NdevalOptions(), q2, by_score));
    auto elsewhere = read_run(q2, "run.txt", "5 Q0 a 1 0 t\n", RunOrder::Rank);
    CHECK_THROWS_WITH_AS(ndeval(NdevalOptions(), q2, elsewhere),
                         "run.txt: no topic has both results and relevance judgments (ndeval would divide by 0)",
                         InputError);
    NdevalOptions bad;
    bad.alpha = 2;
    CHECK_THROWS_WITH_AS(ndeval(bad, q2, by_score), "ndeval: -alpha must be in [0,1], got 2", UsageError);
}
