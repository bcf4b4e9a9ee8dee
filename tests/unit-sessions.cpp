// The sessions reader and session DCG (Sakai, PROMISE 2013, Eq. 35), by hand.
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/sessions.hpp"

#include <cmath>

using irlens::InputError;
using irlens::read_sessions;
using irlens::UsageError;
using irlens::test::approx;
using irlens::test::Fixture;

TEST_CASE("sessions: positions order the queries; a topic belongs to one session") {
    auto s = read_sessions("s.txt", "# session position topic\r\ns1\t2\tq2\r\ns1\t1\tq1\n\ns2 1 q9\n");
    REQUIRE(s->sessions().size() == 2);
    CHECK(s->sessions()[0].id == "s1");
    CHECK(s->sessions()[0].topics == std::vector<std::string>{"q1", "q2"});
    CHECK(s->sessions()[0].line == 2);
    std::size_t index = 9;
    REQUIRE(s->find("q2", &index));
    CHECK(s->find("q2")->id == "s1");
    CHECK(index == 1);
    CHECK(s->find("q9")->id == "s2");
    CHECK(s->find("q3") == nullptr);
}

TEST_CASE("sessions: input errors name file, line and problem") {
    CHECK_THROWS_WITH_AS(read_sessions("s.txt", "s1 1 q1\ns1 2\n"),
                         "s.txt:2: expected 3 columns (session position topic), found 2", InputError);
    CHECK_THROWS_WITH_AS(read_sessions("s.txt", "s1 1 q1 x\n"),
                         "s.txt:1: expected 3 columns (session position topic), found more", InputError);
    CHECK_THROWS_WITH_AS(read_sessions("s.txt", "s1 first q1\n"), "s.txt:1: position 'first' is not a positive integer",
                         InputError);
    CHECK_THROWS_WITH_AS(read_sessions("s.txt", "s1 0 q1\n"), "s.txt:1: position '0' is not a positive integer",
                         InputError);
    CHECK_THROWS_WITH_AS(read_sessions("s.txt", "s1 1 q1\ns2 1 q2\ns2 2 q1\n"),
                         "s.txt:3: topic 'q1' is already a query of session 's1' (line 1)", InputError);
    CHECK_THROWS_WITH_AS(read_sessions("s.txt", "s1 1 q1\ns1 1 q2\n"),
                         "s.txt:2: session 's1' has a query at position 1 already (line 1)", InputError);
    CHECK_THROWS_WITH_AS(read_sessions("s.txt", "s1 1 q1\ns1 3 q3\n"),
                         "s.txt:1: session 's1' has no query at position 2 (positions must run 1..2)", InputError);
    CHECK_THROWS_WITH_AS(read_sessions("s.txt", "\n# none\n"), "s.txt: no sessions found (empty file?)", InputError);
}

namespace {
// Session s1 = q1 then q2 (same need: a 2, b 1; q2 also judges c 1); q3 is in no session.
const char* kQrels = "q1 0 a 2\nq1 0 b 1\nq2 0 a 2\nq2 0 b 1\nq2 0 c 1\nq3 0 d 1\n";
const char* kRun = "q1 Q0 x 1 2 t\nq1 Q0 a 2 1 t\nq2 Q0 a 1 3 t\nq2 Q0 c 2 2 t\nq2 Q0 b 3 1 t\nq3 Q0 d 1 1 t\n";
const char* kSessions = "s1\t1\tq1\ns1\t2\tq2\n";
const double kLog4of5 = std::log(5.0) / std::log(4.0);  // log4(qnum + 3) for qnum = 2

Fixture with_sessions(const std::vector<std::string>& runs, const char* sessions = kSessions) {
    Fixture f(kQrels, runs);
    f.options.sessions = read_sessions("sessions", sessions);
    return f;
}
}  // namespace

TEST_CASE("sDCG: concatenated lists discounted by rank and query number; duplicates removed") {
    Fixture f = with_sessions({kRun});
    // Concatenated (dedup): x (r1, q1, 0), a (r2, q1, 2), [a again from q2: dropped], c (r3, q2, 1), b (r4, q2, 1)
    double s1 = 2 / (1 * std::log2(3.0)) + 1 / (kLog4of5 * std::log2(4.0)) + 1 / (kLog4of5 * std::log2(5.0));
    CHECK(f.value("sDCG", "q1") == approx(s1));
    CHECK(std::isnan(f.value("sDCG", "q2")));       // reported on q1's row
    CHECK(f.value("sDCG", "q3") == approx(1.0));    // a one-query session: d at rank 1
    CHECK(f.mean("sDCG") == approx((s1 + 1) / 2));  // mean over the two sessions
    // dedup=False: a (r3, q2, 2), c (r4), b (r5)
    CHECK(f.value("sDCG(dedup=False)", "q1") ==
          approx(2 / std::log2(3.0) + 2 / (kLog4of5 * 2) + 1 / (kLog4of5 * std::log2(5.0)) +
                 1 / (kLog4of5 * std::log2(6.0))));
    // @1: x from q1, a from q2 (not a duplicate: q1's a is below the cutoff) at r2
    CHECK(f.value("sDCG@1", "q1") == approx(2 / (kLog4of5 * std::log2(3.0))));
    // gains={2:3}
    CHECK(f.value("sDCG(gains={2:3})@1", "q1") == approx(3 / (kLog4of5 * std::log2(3.0))));
}

TEST_CASE("sDCG: a query the run did not answer still counts in the query number") {
    // The run answers q2 only: the session is reported on q2's row; q1 is an empty list.
    Fixture f = with_sessions({"q2 Q0 a 1 3 t\nq2 Q0 c 2 2 t\nq2 Q0 b 3 1 t\n"});
    double s1 = 2 / (kLog4of5 * 1) + 1 / (kLog4of5 * std::log2(3.0)) + 1 / (kLog4of5 * 2);
    CHECK(f.value("sDCG", "q2") == approx(s1));
    CHECK(std::isnan(f.value("sDCG", "q1", 0, irlens::MissingTopics::Zero)));
    CHECK(f.value("sDCG", "q2", 0, irlens::MissingTopics::Zero) == approx(s1));
    CHECK(f.value("sDCG", "q3", 0, irlens::MissingTopics::Zero) == 0.0);
    CHECK(f.mean("sDCG", 0, irlens::MissingTopics::Zero) == approx(s1 / 2));
}

TEST_CASE("sDCG: errors") {
    Fixture none(kQrels, {kRun});
    CHECK_THROWS_WITH_AS(none.value("sDCG", "q1"),
                         "sDCG needs sessions: give a file of lines session<TAB>position<TAB>topic (irlens eval "
                         "--sessions FILE; EvalOptions::sessions in the library)",
                         UsageError);
    Fixture partial = with_sessions({kRun}, "s1 1 q1\ns1 2 q7\n");
    CHECK_THROWS_WITH_AS(partial.value("sDCG", "q1"),
                         "sDCG: query 'q7' of session 's1' (sessions) is not a topic of the qrels, so its results are "
                         "unknown; judge it or drop the session",
                         UsageError);
    // A session none of whose queries is judged is simply not scored.
    Fixture unrelated = with_sessions({kRun}, "s1 1 q1\ns1 2 q2\ns9 1 q7\ns9 2 q8\n");
    CHECK(unrelated.mean("sDCG") == approx(with_sessions({kRun}).mean("sDCG")));
}

TEST_CASE("aggregation leaves out NaN only for sparse measures (sDCG); elsewhere NaN propagates") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    CHECK(irlens::aggregate(irlens::parse_measure("sDCG"), {0.5, nan, 1.5}) == approx(1.0));
    CHECK(std::isnan(irlens::aggregate(irlens::parse_measure("sDCG"), {nan, nan})));
    CHECK(std::isnan(irlens::aggregate(irlens::parse_measure("AP"), {0.5, nan})));
    CHECK(irlens::aggregate(irlens::parse_measure("sDCG(agg=sum)"), {0.5, nan, 1.5}) == approx(2.0));
}
