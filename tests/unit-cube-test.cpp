// The cube test as TREC Dynamic Domain scores it (ACT@K, CT_speed@K; measures/cube_test.cpp):
// hand-checked examples, and a golden check against cubeTest.pl's own outputs on its test data
// (tests/golden/cube_test/README.md).
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/doc_lengths.hpp"
#include "irlens/readers/intents.hpp"

#include <cmath>
#include <fstream>
#include <sstream>

using irlens::Intents;
using irlens::QrelsFormat;
using irlens::UsageError;
using irlens::test::approx;
using irlens::test::Fixture;

namespace {

std::shared_ptr<Intents> probabilities(const std::string& text) {
    auto in = std::make_shared<Intents>();
    in->read_probabilities("probabilities", text);
    return in;
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "cannot open " << path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST_CASE("CT_speed and ACT: a document relevant to two subtopics (boost), by hand") {
    // Topic 1: subtopic 1 judges m 4; subtopic 2 judges m 2 and n 4; areas 0.75 / 0.25 (given).
    // Run: n (100 words), m (200 words). gamma = 0.5, grades / 4.
    Fixture f("1 1 m 4\n1 2 m 2\n1 2 n 4\n", {"1 Q0 n 1 2 t\n1 Q0 m 2 1 t\n"}, QrelsFormat::Grouped);
    f.options.intents = probabilities("1 1 0.75\n1 2 0.25\n");
    f.options.doc_lengths = irlens::read_doc_lengths("lengths", "n 600 100\nm 1200 200\n");
    // Rank 1, n: subtopic 2, none above: height 0.5^1 * 4/4 * (boost 1) = 0.5; gain 0.25 * 0.5 = 0.125.
    //   Time(1) = 4.4 + (0.018 * 100 + 7.8) * 0.64 = 10.544; CT_speed@1 = 0.125 / 10.544 = 0.0118551.
    const double t1 = 4.4 + (0.018 * 100 + 7.8) * 0.64, s1 = 0.125 / t1;
    CHECK(f.value("CT_speed@1", "1") == approx(s1));
    CHECK(f.value("ACT@1", "1") == approx(s1));
    // Rank 2, m, subtopics in order 1, 2:
    //   subtopic 1: boost = 1 + area(2) H(2) = 1 + 0.25 * 0.5 = 1.125; height 0.5^1 * 1 * 1.125 = 0.5625;
    //               gain 0.75 * 0.5625 = 0.421875;
    //   subtopic 2: boost = 1 + 0.75 * 0.5625 = 1.421875; one above: height 0.5^2 * 2/4 * 1.421875 = 0.177734375;
    //               gain 0.25 * 0.177734375 = 0.04443359375.
    //   Time(2) = 10.544 + 4.4 + (0.018 * 200 + 7.8) * 0.64 = 22.24;
    //   CT_speed@2 = (0.125 + 0.421875 + 0.04443359375) / 22.24 = 0.0265876;
    //   ACT@2 = (0.0118551 + 0.0265876) / 2 = 0.0192214.
    const double t2 = t1 + 4.4 + (0.018 * 200 + 7.8) * 0.64, s2 = (0.125 + 0.421875 + 0.04443359375) / t2;
    CHECK(f.value("CT_speed@2", "1") == approx(s2));
    CHECK(f.value("CT_speed@2", "1") == doctest::Approx(0.0265876).epsilon(1e-5));
    CHECK(f.value("ACT@2", "1") == approx((s1 + s2) / 2));
    CHECK(f.value("ACT@2", "1") == doctest::Approx(0.0192214).epsilon(1e-5));
    // K beyond the ranking: n = 2.
    CHECK(f.value("ACT@10", "1") == f.value("ACT@2", "1"));
    CHECK(f.value("ct_accel@2", "1") == f.value("ACT@2", "1"));  // cubeTest.pl's column names
    CHECK(f.value("ct_speed@2", "1") == f.value("CT_speed@2", "1"));
}

TEST_CASE("CT_speed: the cube's top cover, a non-relevant document's time, the decay of subtopic importance") {
    // gamma = 1: a (grade 4) fills subtopic 1 to 1, so b (grade 4) pours nothing; x is not relevant.
    Fixture f("1 1 a 4\n1 1 b 4\n1 2 c 2\n", {"1 Q0 a 3 3 t\n1 Q0 x 2 2 t\n1 Q0 b 1 1 t\n"}, QrelsFormat::Grouped);
    f.options.doc_lengths = irlens::read_doc_lengths("lengths", "a 1 10\nb 1 10\nx 1 50\n");
    // Without intent probabilities, cubeTest.pl's decay: area(s) = (1/log2(1+s)) / (1/log2 2 + 1/log2 3):
    //   area(1) = 1 / 1.63093 = 0.61315.
    const double area1 = 1.0 / (1.0 + 1.0 / std::log2(3.0));
    // Time(3) = 3 * 4.4 + (0.018 * 10 + 7.8) 0.64 * 2 + (0.018 * 50 + 7.8) 0.39 = 13.2 + 10.2144 + 3.393 = 26.8074.
    const double time = 3 * 4.4 + (0.018 * 10 + 7.8) * 0.64 * 2 + (0.018 * 50 + 7.8) * 0.39;
    CHECK(f.value("CT_speed(gamma=1)@3", "1") == approx(area1 * 1.0 / time));
    // gamma = 0.5: a pours 0.5, b (one above) 0.5^2 = 0.25: (0.5 + 0.25) area(1) / Time(3).
    CHECK(f.value("CT_speed@3", "1") == approx((0.5 + 0.25) * area1 / time));
}

TEST_CASE("CT_speed and ACT refuse what cubeTest.pl cannot score") {
    Fixture f("1 1 a 5\n", {"1 Q0 a 1 1 t\n"}, QrelsFormat::Grouped);
    CHECK_THROWS_WITH_AS(
        f.value("ACT@5", "1"),
        "ACT@5 needs document lengths: give a file of lines doc<TAB>characters[<TAB>words] (irlens eval "
        "--doc-lengths FILE; EvalOptions::doc_lengths in the library)",
        UsageError);
    f.options.doc_lengths = irlens::read_doc_lengths("lengths", "a 10\n");
    CHECK_THROWS_WITH_AS(
        f.value("ACT@5", "1"),
        "ACT@5: the qrels have grade 5, above max_grade=4 (cubeTest.pl refuses grades above 4); give max_grade",
        UsageError);
    CHECK_THROWS_WITH_AS(f.value("ACT(max_grade=5)@5", "1"),
                         "lengths:1: document 'a' has no word count (third column), which ACT(max_grade=5)@5 needs",
                         irlens::InputError);
    Fixture g("1 x a 1\n", {"1 Q0 a 1 1 t\n"}, QrelsFormat::Grouped);
    g.options.doc_lengths = irlens::read_doc_lengths("lengths", "a 10 2\n");
    CHECK_THROWS_WITH_AS(
        g.value("ACT@5", "1"),
        "ACT@5: without intent probabilities the importance of a subtopic decays with its number (cubeTest.pl), "
        "which needs subtopic ids 1, 2, ...; topic 1 has subtopic 'x' (give --intents)",
        UsageError);
    g.options.intents = probabilities("1 x 1\n");
    CHECK(g.value("ACT@5", "1") > 0);
    CHECK_THROWS_AS(g.value("ACT", "1"), UsageError);  // K is required
}

TEST_CASE("ACT@K and CT_speed@K equal cubeTest.pl's on its test data (golden, 10 decimals)") {
    const std::string dir = std::string(IRLENS_TESTS_DIR) + "/golden/cube_test/";
    const std::string lengths = read_file(dir + "lengths.tsv");
    std::istringstream expected(read_file(dir + "expected.txt"));
    std::string line;
    int cases = 0;
    while (std::getline(expected, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream in(line);
        std::string qrels, run, area, gamma, k;
        double speed = 0, accel = 0;
        in >> qrels >> run >> area >> gamma >> k >> speed >> accel;
        Fixture f(read_file(dir + qrels + ".qrels"), {read_file(dir + run + ".run")}, QrelsFormat::Grouped);
        f.options.doc_lengths = irlens::read_doc_lengths("lengths.tsv", lengths);
        if (area == "weights") f.options.intents = probabilities(read_file(dir + qrels + ".probabilities"));
        const std::string params = "(gamma=" + gamma + ")@" + k;
        INFO(line);
        // cubeTest.pl prints 10 decimals: irlens' value rounds to the same.
        CHECK(std::fabs(f.mean("CT_speed" + params) - speed) <= 5e-11);
        CHECK(std::fabs(f.mean("ACT" + params) - accel) <= 5e-11);
        ++cases;
    }
    CHECK(cases == 60);
}
