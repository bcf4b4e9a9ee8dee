// Intent probabilities and types (intents.hpp): accepted input, weights, and every input error.
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/intents.hpp"

using namespace irlens;
using irlens::test::approx;

TEST_CASE("intents: probabilities are renormalised over the intents that count") {
    Intents in;
    in.read_probabilities("p.txt", "# topic subtopic prob\r\n1 1 0.4\n1 2 0.2\n\n1 3 0.2\n1 4 0.2\n2 1 1\n");
    CHECK(in.has_probabilities());
    // Intents 1, 2, 3 count (4 has no relevant document): 0.4 + 0.2 + 0.2 = 0.8 -> 0.5, 0.25, 0.25.
    std::vector<double> w = in.weights("1", {"1", "2", "3"});
    REQUIRE(w.size() == 3);
    CHECK(w[0] == approx(0.5));
    CHECK(w[1] == approx(0.25));
    CHECK(w[2] == approx(0.25));
    // Without a probabilities file: uniform.
    std::vector<double> u = Intents().weights("1", {"a", "b", "c", "d"});
    CHECK(u == std::vector<double>{0.25, 0.25, 0.25, 0.25});
    CHECK(Intents().weights("1", {}).empty());
}

TEST_CASE("intents: probabilities that do not cover a topic's intents are errors naming the file") {
    Intents in;
    in.read_probabilities("p.txt", "1 1 0.5\n1 2 0\n1 3 0\n");
    CHECK_THROWS_WITH_AS(in.weights("2", {"1"}), "p.txt: no probabilities for topic '2'", InputError);
    CHECK_THROWS_WITH_AS(in.weights("1", {"1", "5"}),
                         "p.txt: topic '1': subtopic '5' has relevant documents in the qrels but no probability",
                         InputError);
    CHECK_THROWS_WITH_AS(in.weights("1", {"2", "3"}),
                         "p.txt: topic '1': the probabilities of its intents with relevant documents are all 0",
                         InputError);
}

TEST_CASE("intents: types default to informational") {
    Intents in;
    CHECK(in.type("1", "1") == IntentType::Informational);
    in.read_types("t.txt", "1 1 nav\n1 2 inf\n");
    CHECK(in.type("1", "1") == IntentType::Navigational);
    CHECK(in.type("1", "2") == IntentType::Informational);
    CHECK(in.type("1", "3") == IntentType::Informational);  // not listed
    CHECK(in.type("9", "1") == IntentType::Informational);
    CHECK(!in.has_probabilities());
}

TEST_CASE("intents: input errors name file, line and problem") {
    Intents in;
    CHECK_THROWS_WITH_AS(in.read_probabilities("p.txt", "1 1\n"),
                         "p.txt:1: expected 3 columns (topic subtopic probability), found 2", InputError);
    CHECK_THROWS_WITH_AS(in.read_probabilities("p.txt", "1 1 0.5 x\n"),
                         "p.txt:1: expected 3 columns (topic subtopic probability), found more", InputError);
    CHECK_THROWS_WITH_AS(in.read_probabilities("p.txt", "1 1 0.5\n1 2 half\n"),
                         "p.txt:2: probability 'half' is not a number", InputError);
    CHECK_THROWS_WITH_AS(in.read_probabilities("p.txt", "1 1 1.5\n"), "p.txt:1: probability '1.5' is not in [0,1]",
                         InputError);
    CHECK_THROWS_WITH_AS(in.read_probabilities("p.txt", "1 1 -0.1\n"), "p.txt:1: probability '-0.1' is not in [0,1]",
                         InputError);
    CHECK_THROWS_WITH_AS(in.read_probabilities("p.txt", "1 1 nan\n"), "p.txt:1: probability 'nan' is not a number",
                         InputError);
    CHECK_THROWS_WITH_AS(in.read_probabilities("p.txt", "1 1 0.5\n# c\n1 1 0.5\n"),
                         "p.txt:3: subtopic '1' of topic '1' listed twice (first at line 1)", InputError);
    CHECK_THROWS_WITH_AS(in.read_probabilities("p.txt", "# nothing\n"), "p.txt: no intents found (empty file?)",
                         InputError);
    CHECK_THROWS_WITH_AS(in.read_probabilities("p.txt", std::string("1 1\0 0.5\n", 9)),
                         "p.txt:1: NUL byte in line (binary file?)", InputError);
    CHECK_THROWS_WITH_AS(in.read_types("t.txt", "1 1 navigational\n"),
                         "t.txt:1: intent type 'navigational' is neither inf nor nav", InputError);
    CHECK_THROWS_WITH_AS(in.read_types("t.txt", "1 1 nav\n1 1 inf\n"),
                         "t.txt:2: subtopic '1' of topic '1' listed twice (first at line 1)", InputError);
    CHECK_THROWS_WITH_AS(in.read_types("t.txt", "1 1\n"),
                         "t.txt:1: expected 3 columns (topic subtopic inf|nav), found 2", InputError);
    // A failed read leaves the earlier state alone.
    CHECK(!in.has_probabilities());
}
