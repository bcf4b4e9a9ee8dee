// Every registered measure is explainable, and its explanation's value is bit for bit the value
// evaluate() reports for the same (run, topic): on fixtures that give each measure the side inputs
// it needs (MeasureInfo::needs, MeasureInfo::input), on every topic of the qrels including one the
// run did not answer (scored as trec_eval -c scores it), with the measure's example parameters and,
// for measures with an integer cutoff, a short cutoff too.
#include "diversity_topic.hpp"
#include "fixture.hpp"

#include "irlens/evaluation/explain.hpp"
#include "irlens/readers/doc_lengths.hpp"
#include "irlens/readers/intents.hpp"
#include "irlens/readers/preferences.hpp"
#include "irlens/readers/run_groups.hpp"
#include "irlens/readers/sessions.hpp"

#include <algorithm>
#include <cstring>
#include <set>

using irlens::test::Fixture;
using namespace irlens;

namespace {

/// Same bits, or both NaN.
bool same(double a, double b) { return (std::isnan(a) && std::isnan(b)) || std::memcmp(&a, &b, sizeof a) == 0; }

// Plain qrels: topic 1 graded 0-3 with a judged-negative document (u, -2) and a relevant document
// not retrieved (d); topic 2 one relevant; topic 3 is answered by no run (scored on trec_eval -c's
// placeholder); topic 4 has only non-relevant judgments.
const char* kQrels = "1 0 a 3\n1 0 b 0\n1 0 c 1\n1 0 d 2\n1 0 e 1\n1 0 u -2\n2 0 z 1\n2 0 y 0\n3 0 m 1\n4 0 n 0\n";
const char* kRun0 =
    "1 Q0 b 1 9 t\n1 Q0 a 2 8 t\n1 Q0 x 3 7 t\n1 Q0 u 4 6 t\n1 Q0 c 5 5 t\n1 Q0 e 6 4 t\n"
    "2 Q0 y 1 2 t\n2 Q0 z 2 1 t\n4 Q0 n 1 1 t\n";
const char* kRun1 = "1 Q0 c 1 3 t\n1 Q0 d 2 2 t\n1 Q0 a 3 1 t\n2 Q0 z 1 1 t\n4 Q0 x 1 1 t\n";
// Every document any run retrieves, with characters and words (TBG, U, D-U).
const char* kLengths =
    "a 5000 1000\nb 600 120\nc 2000 400\nd 900 180\ne 300 60\nu 100 20\nx 4000 800\n"
    "y 700 140\nz 800 160\nn 50 10\nm 10 2\n";
// Topics 1 and 2 are one session; 3 and 4 are on their own.
const char* kSessions = "s1 1 1\ns1 2 2\n";

Fixture plain() {
    Fixture f(kQrels, {kRun0, kRun1});
    f.options.doc_lengths = read_doc_lengths("lengths", kLengths);
    f.options.sessions = read_sessions("sessions", kSessions);
    f.options.groups = std::make_shared<RunGroups>(RunGroups("groups", {{"run0", "g1"}, {"run1", "g2"}}));
    return f;
}

// Grouped qrels (diversity intents and judgment groups): the shared diversity topic 1, a topic 2
// judged by two groups, and topic 3 that the runs do not answer.
Fixture grouped() {
    std::string qrels = std::string(test::kDiversityQrels) + "2 u1 a 1\n2 u1 b 0\n2 u2 b 1\n2 u2 c 0\n3 g q 1\n";
    Fixture f(qrels,
              {std::string(test::kDiversityRun) + "2 Q0 a 1 3 t\n2 Q0 b 2 2 t\n2 Q0 c 3 1 t\n",
               "1 Q0 d 1 3 t\n1 Q0 a 2 2 t\n2 Q0 c 1 1 t\n"},
              QrelsFormat::Grouped);
    auto in = std::make_shared<Intents>();
    in->read_probabilities("probs", "1 1 0.4\n1 2 0.2\n1 3 0.2\n1 4 0.2\n2 u1 0.5\n2 u2 0.5\n3 g 1\n");
    f.options.intents = in;
    f.options.doc_lengths = read_doc_lengths("lengths", kLengths);
    return f;
}

// Preferences (trec_eval -R prefs): topic q1 two judgment groups, q2 one, q3 not answered.
Fixture preferences() {
    auto prefs = read_prefs("prefs",
                            "q1 g1 s1 a 3\nq1 g1 s1 b 2\nq1 g1 s1 c 0\nq1 g2 s1 b 2\nq1 g2 s1 a 1\n"
                            "q1 g2 s1 d 0\nq2 g1 s1 e 1\nq2 g1 s1 f 0\nq3 g1 s1 h 1\nq3 g1 s1 i 0\n");
    Fixture f("x 0 x 0\n", {});
    f.qrels = prefs->qrels();
    f.runs = {read_run(f.qrels, "run0", "q1 Q0 b 1 3 t\nq1 Q0 a 2 2 t\nq1 Q0 z 3 1 t\nq2 Q0 f 1 2 t\nq2 Q0 e 2 1 t\n"),
              read_run(f.qrels, "run1", "q1 Q0 d 1 2 t\nq1 Q0 a 2 1 t\n")};
    f.options.prefs = prefs;
    return f;
}

bool has(const MeasureInfo& m, Need n) { return std::find(m.needs.begin(), m.needs.end(), n) != m.needs.end(); }

/// Compares explain() with evaluate() for every run and topic; returns the comparisons made.
int compare(const Fixture& f, const MeasureSpec& spec) {
    EvalOptions o = f.options;
    o.missing = MissingTopics::Zero;
    Evaluation ev = evaluate(f.qrels, f.runs, {spec}, o);
    int n = 0;
    for (std::size_t r = 0; r < f.runs.size(); ++r) {
        const RunScores& s = ev.runs[r];
        for (std::size_t t = 0; t < s.topics.size(); ++t) {
            CAPTURE(spec.name());
            CAPTURE(s.name);
            CAPTURE(s.topics[t]);
            Explanation e = explain(f.qrels, f.runs[r], s.topics[t], spec, f.options,
                                    f.runs);  // the evaluation's runs (NRG, rareness)
            CHECK(same(e.value, s.values[0][t]));
            if (!same(e.value, s.values[0][t])) MESSAGE("explained " << e.value << ", evaluated " << s.values[0][t]);
            if (spec.info().text_valued) CHECK(e.text == s.texts[0][t]);
            CHECK(!e.formula.empty());
            CHECK(!e.terms.empty());
            for (const ExplainRow& row : e.rows) CHECK(row.values.size() == e.columns.size());
            ++n;
        }
    }
    return n;
}

}  // namespace

TEST_CASE("every registered measure explains its value bit for bit") {
    Fixture p = plain(), g = grouped(), q = preferences();
    for (const MeasureInfo& m : registry()) {
        CAPTURE(m.name);
        CHECK(m.explainable());
        const Fixture& f = m.input == RelInput::Preferences                                      ? q
                           : m.input == RelInput::JudgmentGroups || has(m, Need::DiversityQrels) ? g
                                                                                                 : p;
        std::vector<MeasureSpec> specs = {MeasureSpec::example(m)};
        if (m.cutoff == CutoffKind::Int) {  // the example's parameters (required ones too) at cutoff 2
            std::string name = specs[0].name();
            specs.push_back(parse_measure(name.substr(0, name.rfind('@')) + "@2"));
        }
        for (const MeasureSpec& spec : specs) {
            int n = compare(f, spec);
            CHECK(n >= 5);  // several topics of two runs, the unanswered one included
        }
        // The measures that read no side input are also explained on diversity qrels.
        if (m.needs.empty() && m.input == RelInput::Qrels) compare(g, MeasureSpec::example(m));
    }
}

TEST_CASE("count measures: one line naming what they count, and the count") {
    Fixture f = plain();
    // run0 retrieves 6 documents for topic 1: a (3), c (1) and e (1) are relevant.
    Explanation e = explain(f.qrels, f.runs[0], "1", parse_measure("NumRelRet"), f.options);
    CHECK(e.formula.find("relevant") != std::string::npos);
    REQUIRE(e.terms.size() == 1);
    CHECK(e.terms[0].second == 3.0);
    CHECK(e.value == 3.0);
    CHECK(e.rows.empty());
    // R = 4 (a, c, d, e).
    CHECK(explain(f.qrels, f.runs[0], "1", parse_measure("NumRel"), f.options).value == 4.0);
}

TEST_CASE("a zero_if_missing measure on an unanswered topic: 0, as trec_eval") {
    Fixture f = plain();
    for (const char* m : {"NumRet", "RBPResid", "Utility", "Unjudged@5"}) {
        CAPTURE(m);
        Explanation e = explain(f.qrels, f.runs[0], "3", parse_measure(m), f.options);
        CHECK(e.missing);
        CHECK(e.value == 0.0);
        CHECK(e.rows.empty());
    }
    Explanation rs = explain(f.qrels, f.runs[0], "3", parse_measure("RelString"), f.options);
    CHECK(std::isnan(rs.value));
    CHECK(rs.text.empty());
}

TEST_CASE("RelString: the text and one character code per rank") {
    Fixture f = plain();
    Explanation e = explain(f.qrels, f.runs[0], "1", parse_measure("RelString"), f.options);
    // b 0, a 3, x not in the qrels, u judged -2, c 1, e 1.
    CHECK(e.text == "03-.11");
    CHECK(std::isnan(e.value));
    REQUIRE(e.rows.size() == 6);
    CHECK(e.rows[2].values[0] == static_cast<double>('-'));
}

TEST_CASE("sDCG: rows are the session's concatenated list, each document from its own query") {
    Fixture f = plain();
    Explanation e = explain(f.qrels, f.runs[1], "1", parse_measure("sDCG@2"), f.options);
    // run1: query 1 (topic 1) c d, query 2 (topic 2) z: three ranks.
    REQUIRE(e.rows.size() == 3);
    CHECK(e.rows[0].doc == "c");
    CHECK(e.rows[1].doc == "d");
    CHECK(e.rows[2].doc == "z");
    CHECK(e.rows[2].rel == 1);
    CHECK(e.rows[2].values[0] == 2.0);  // query position
    // 1 / (1 * 1) + 2 / (1 * log2 3) + 1 / (log4 5 * 2)
    double expected = 1.0 + 2.0 / std::log2(3.0) + 1.0 / (std::log(5.0) / std::log(4.0) * 2.0);
    CHECK(e.value == irlens::test::approx(expected));
    // Topic 2 is the session's second query: no value there.
    CHECK(std::isnan(explain(f.qrels, f.runs[1], "2", parse_measure("sDCG@2"), f.options).value));
}
