// Subtopic coverage of a ranked list (irlens/evaluation/coverage.hpp): the data of the web app's coverage
// chart, checked by hand on a two-topic diversity fixture.
#include "fixture.hpp"

#include "irlens/evaluation/coverage.hpp"
#include "irlens/error.hpp"

using irlens::UsageError;
using irlens::test::Fixture;
using irlens::test::ranked;

namespace {
// Topic 1: subtopics 1 (a, b), 2 (b grade 2, c), 10 (d), 3 (nothing relevant: no intent), spam s
// (-2 for subtopic 1). Topic 2: subtopic x (e).
const char* kQrels = "1 1 a 1\n1 1 b 1\n1 2 b 2\n1 2 c 1\n1 10 d 1\n1 3 e 0\n1 1 s -2\n2 x e 1\n";
}  // namespace

TEST_CASE("subtopic coverage: grades per rank and intent, first rank, intents covered so far") {
    Fixture f(kQrels, {ranked("1", {"s", "b", "z", "a", "d", "c"})}, irlens::QrelsFormat::Grouped);
    irlens::SubtopicCoverage c = irlens::subtopic_coverage(f.runs[0], "1", 5);
    // Intents in ndeval's order: numeric ids ascending (1, 2, 10); subtopic 3 has no relevant doc.
    CHECK(c.intents == std::vector<std::string>{"1", "2", "10"});
    CHECK(c.docs == std::vector<std::string>{"s", "b", "z", "a", "d"});  // depth 5: c is left out
    // s is spam (covers nothing), b covers 1 and 2 (grade 2), z is not judged, a covers 1, d 10.
    CHECK(c.grades == std::vector<std::vector<int>>{{0, 0, 0}, {1, 2, 0}, {0, 0, 0}, {1, 0, 0}, {0, 0, 1}});
    CHECK(c.first_rank == std::vector<long>{2, 2, 5});
    CHECK(c.covered == std::vector<long>{0, 2, 2, 2, 3});
    // rel 2: only b's grade 2 for subtopic 2 counts.
    irlens::SubtopicCoverage strict = irlens::subtopic_coverage(f.runs[0], "1", 100, 2);
    CHECK(strict.docs.size() == 6);
    CHECK(strict.first_rank == std::vector<long>{0, 2, 0});
    // A topic the run did not answer: its intents, no documents.
    irlens::SubtopicCoverage none = irlens::subtopic_coverage(f.runs[0], "2", 5);
    CHECK(none.intents == std::vector<std::string>{"x"});
    CHECK(none.docs.empty());
    CHECK(none.first_rank == std::vector<long>{0});
    CHECK_THROWS_WITH_AS(irlens::subtopic_coverage(f.runs[0], "9", 5),
                         "subtopic coverage: topic '9' is not in the qrels", UsageError);
    CHECK_THROWS_WITH_AS(irlens::subtopic_coverage(f.runs[0], "1", 0),
                         "subtopic coverage: depth must be at least 1, got 0", UsageError);
}

TEST_CASE("subtopic coverage with plain qrels: one intent, documents looked up in file order") {
    // Plain qrels keep a topic's judgments in file order (c before a).
    Fixture f("1 0 c 1\n1 0 b 0\n1 0 a 2\n", {ranked("1", {"a", "b", "c"})});
    irlens::SubtopicCoverage c = irlens::subtopic_coverage(f.runs[0], "1", 10);
    CHECK(c.intents == std::vector<std::string>{"0"});
    CHECK(c.grades == std::vector<std::vector<int>>{{2}, {0}, {1}});
    CHECK(c.first_rank == std::vector<long>{1});
}
