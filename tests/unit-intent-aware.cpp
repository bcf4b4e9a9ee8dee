// Intent-aware measures with graded per-intent relevance (measures/intent_aware.cpp) and the
// D-measures, DIN-measures and S-RR (measures/d_measures.cpp), on a hand-checkable topic.
#include "diversity_topic.hpp"
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/doc_lengths.hpp"
#include "irlens/evaluation/explain.hpp"
#include "irlens/readers/intents.hpp"

#include <cmath>

using namespace irlens;
using irlens::test::approx;
using irlens::test::Fixture;
using irlens::test::kDiversityQrels;
using irlens::test::kDiversityRun;

namespace {

// Pr(i|q): 0.4, 0.2, 0.2 for intents 1-3 (and 0.2 for the ignored 4): renormalised 0.5, 0.25, 0.25.
Fixture weighted(const char* types = nullptr) {
    Fixture f(kDiversityQrels, {kDiversityRun}, QrelsFormat::Grouped);
    auto in = std::make_shared<Intents>();
    in->read_probabilities("probs", "1 1 0.4\n1 2 0.2\n1 3 0.2\n1 4 0.2\n");
    if (types) in->read_types("types", types);
    f.options.intents = in;
    return f;
}
double lg(double x) { return std::log2(x); }
}  // namespace

TEST_CASE("nDCG_IA: each intent against its own ideal ranking, weighted") {
    Fixture f = weighted();
    // intent 1: b (2) at rank 1, a (1) at rank 3: DCG 2 + 1/2; ideal 2 + 1/log2(3).
    // intent 2: a at rank 3: 1/2 over 1.  intent 3: c at rank 4: 1/log2(5) over 1.
    double n1 = 2.5 / (2 + 1 / lg(3)), n2 = 0.5, n3 = 1 / lg(5);
    CHECK(f.value("nDCG_IA@5", "1") == approx(0.5 * n1 + 0.25 * n2 + 0.25 * n3));
    // gains={2:4}: intent 1's DCG 4 + 1/2 over 4 + 1/log2(3).
    CHECK(f.value("nDCG_IA(gains={2:4})@5", "1") == approx(0.5 * 4.5 / (4 + 1 / lg(3)) + 0.25 * n2 + 0.25 * n3));
    // gains=exp (2^g - 1): intent 1's DCG 3 + 1/2 over 3 + 1/log2(3); intents 2 and 3 as linear.
    CHECK(f.value("nDCG_IA(gains=exp)@5", "1") == approx(0.5 * 3.5 / (3 + 1 / lg(3)) + 0.25 * n2 + 0.25 * n3));
    // Uniform without probabilities.
    Fixture u(kDiversityQrels, {kDiversityRun}, QrelsFormat::Grouped);
    CHECK(u.value("nDCG_IA@5", "1") == approx((n1 + n2 + n3) / 3));
}

TEST_CASE("RR_IA, RBP_IA and graded ERR_IA") {
    Fixture f = weighted();
    // First relevant document per intent: ranks 1, 3, 4.
    CHECK(f.value("RR_IA", "1") == approx(0.5 + 0.25 / 3 + 0.25 / 4));
    CHECK(f.value("RR_IA@3", "1") == approx(0.5 + 0.25 / 3));
    CHECK(f.value("RR_IA(rel=2)", "1") == approx(0.5));  // only b (grade 2, intent 1) counts
    // gains=exp: gain (2^g - 1) / 3 -> b 1, a 1/3: intent 1: 0.2 (1 + 0.64 / 3); intents 2, 3: 0.2 / 3 * (0.64, 0.512).
    CHECK(f.value("RBP_IA(gains=exp)", "1") ==
          approx(0.5 * 0.2 * (1 + 0.64 / 3) + 0.25 * 0.2 * 0.64 / 3 + 0.25 * 0.2 * 0.512 / 3));
    // RBP_IA(p=0.8), gain = grade / 2 (the qrels' highest grade); 1 - p = 0.2:
    //   intent 1: 0.2 (1 * 1 + 0.5 * 0.64) = 0.264; intent 2: 0.2 * 0.5 * 0.64 = 0.064;
    //   intent 3: 0.2 * 0.5 * 0.512 = 0.0512.
    CHECK(f.value("RBP_IA", "1") == approx(0.5 * 0.264 + 0.25 * 0.064 + 0.25 * 0.0512));
    CHECK(f.value("RBP_IA(rel=1)", "1") == approx(0.5 * 0.2 * 1.64 + 0.25 * 0.2 * 0.64 + 0.25 * 0.2 * 0.512));
    // ERR_IA(graded=True)@5: R(1) = (2 - 1)/4 = 0.25, R(2) = 3/4.
    //   intent 1: 0.75 / 1 + (1 - 0.75) 0.25 / 3; intent 2: 0.25 / 3; intent 3: 0.25 / 4.
    double e1 = 0.75 + 0.25 * 0.25 / 3;
    CHECK(f.value("ERR_IA(graded=True)@5", "1") == approx(0.5 * e1 + 0.25 / 3 * 0.25 + 0.25 / 4 * 0.25));
    // max_grade=3: R(1) = 1/8, R(2) = 3/8.
    double e3 = 0.375 + 0.625 * 0.125 / 3;
    CHECK(f.value("ERR_IA(graded=True,max_grade=3)@5", "1") == approx(0.5 * e3 + 0.25 * 0.125 / 3 + 0.25 * 0.125 / 4));
    // gains={1:2}: grades 1 and 2 both gain 2, max 2: R = 3/4 for every relevant document.
    //   intent 1: 0.75 + 0.25 * 0.75 / 3; intent 2: 0.75 / 3; intent 3: 0.75 / 4.
    CHECK(f.value("ERR_IA(graded=True,gains={1:2})@5", "1") ==
          approx(0.5 * (0.75 + 0.0625) + 0.25 * 0.25 + 0.25 * 0.1875));
    // rel=2: only b (intent 1) counts: 0.5 * 0.75.
    CHECK(f.value("ERR_IA(graded=True,rel=2)@5", "1") == approx(0.375));
}

TEST_CASE("ERR_IA(graded=True) on a topic with one intent is ERR with the same max_grade") {
    // ERR_IA's max_grade defaults to the qrels' highest gain (3; 7 with gains=exp), ERR's to 4 (gdeval's).
    Fixture f("1 0 a 2\n1 0 b 1\n1 0 c 0\n1 0 d 3\n", {"1 Q0 a 1 4 t\n1 Q0 c 2 3 t\n1 Q0 b 3 2 t\n1 Q0 x 4 1 t\n"});
    for (const char* k : {"1", "3", "10"}) {
        CHECK(f.value(std::string("ERR_IA(graded=True)@") + k, "1") ==
              approx(f.value(std::string("ERR(max_grade=3)@") + k, "1")));
        CHECK(f.value(std::string("ERR_IA(graded=True,gains=exp)@") + k, "1") ==
              approx(f.value(std::string("ERR(gains=exp,max_grade=7)@") + k, "1")));
    }
    // ERR@3 by hand: a (grade 2 of max 3) stops 3/8 of users at rank 1, b (grade 1) 1/8 of the rest at rank 3.
    CHECK(f.value("ERR_IA(graded=True)@3", "1") == approx(0.375 + 0.625 * 0.125 / 3));
}

TEST_CASE("intent-aware measures: parameter errors") {
    Fixture f = weighted();
    CHECK_THROWS_WITH_AS(f.value("ERR_IA(graded=True,alpha=0.3)@5", "1"),
                         "ERR_IA(alpha=0.3,graded=True)@5: alpha applies only to ndeval's ERR_IA (graded=False)",
                         UsageError);
    CHECK_THROWS_WITH_AS(
        f.value("ERR_IA(graded=True,max_grade=1)@5", "1"),
        "ERR_IA: a gain of 2 gives the satisfaction probability (2^g - 1)/2^1 = 1.5, outside [0,1]; raise "
        "max_grade or use gains >= 0",
        UsageError);
    CHECK_THROWS_WITH_AS(f.value("RBP_IA(p=1)", "1"),
                         "measure 'RBP_IA(p=1)': parameter p of RBP_IA must be [0, 1), got '1'", UsageError);
    auto partial = std::make_shared<Intents>();
    partial->read_probabilities("probs", "1 1 0.5\n1 2 0.5\n");
    f.options.intents = partial;
    CHECK_THROWS_WITH_AS(f.value("nDCG_IA@5", "1"),
                         "probs: topic '1': subtopic '3' has relevant documents in the qrels but no probability",
                         InputError);
    CHECK_THROWS_WITH_AS(f.value("D-nDCG@5", "1"),
                         "probs: topic '1': subtopic '3' has relevant documents in the qrels but no probability",
                         InputError);
    // Measures that do not weigh intents do not need the probabilities.
    CHECK(f.value("StRecall@5", "1") == approx(1.0));
}

TEST_CASE("D-nDCG and D#-nDCG: global gains against the globally ideal list") {
    Fixture f = weighted();
    // Global gains: a 0.5 * 1 + 0.25 * 1 = 0.75, b 0.5 * 2 = 1, c 0.25 * 1 = 0.25, d and x 0.
    // Run b x a c d: 1 + 0.75/2 + 0.25/log2(5); ideal b a c: 1 + 0.75/log2(3) + 0.25/2.
    double run = 1 + 0.375 + 0.25 / lg(5), ideal = 1 + 0.75 / lg(3) + 0.125;
    CHECK(f.value("D-nDCG@5", "1") == approx(run / ideal));
    CHECK(f.value("D-nDCG", "1") == approx(run / ideal));
    CHECK(f.value("D_nDCG@1", "1") == approx(1.0));
    // D#: 0.5 I-rec + 0.5 D-nDCG; I-rec@5 = 1, I-rec@1 = 1/3.
    CHECK(f.value("D#-nDCG@5", "1") == approx(0.5 + 0.5 * run / ideal));
    CHECK(f.value("D#-nDCG@1", "1") == approx(0.5 / 3 + 0.5));
    CHECK(f.value("D#-nDCG(gamma=1)@3", "1") == approx(2.0 / 3));
    CHECK(f.value("D#-nDCG(gamma=0)@5", "1") == approx(run / ideal));
    // gains=exp: b gains 0.5 * 3 = 1.5, a 0.75, c 0.25 -> run 1.5 + 0.75/2 + 0.25/log2(5),
    // ideal 1.5 + 0.75/log2(3) + 0.25/2.
    CHECK(f.value("D-nDCG(gains=exp)@5", "1") == approx((1.5 + 0.375 + 0.25 / lg(5)) / (1.5 + 0.75 / lg(3) + 0.125)));
    CHECK_THROWS_WITH_AS(f.value("D#-nDCG(gamma=2)@5", "1"),
                         "measure 'D#-nDCG(gamma=2)@5': parameter gamma of D#-nDCG must be [0, 1], got '2'",
                         UsageError);
}

TEST_CASE("DIN-nDCG: a navigational intent gains only at its first relevant document") {
    // Intent 1 navigational: a (rank 3) no longer gains for it (b at rank 1 came first):
    // global gains b 1, a 0.25, c 0.25; the ideal list is unchanged.
    Fixture f = weighted("1 1 nav\n1 2 inf\n");
    double ideal = 1 + 0.75 / lg(3) + 0.125;
    double din = 1 + 0.25 / 2 + 0.25 / lg(5);
    CHECK(f.value("DIN-nDCG@5", "1") == approx(din / ideal));
    CHECK(f.value("DIN#-nDCG@5", "1") == approx(0.5 + 0.5 * din / ideal));
    // Without navigational intents DIN-nDCG is D-nDCG.
    Fixture g = weighted();
    CHECK(g.value("DIN-nDCG@5", "1") == approx(g.value("D-nDCG@5", "1")));
}

TEST_CASE("S-RR@x%: reciprocal of the rank where x% of the intents are covered") {
    Fixture f = weighted();
    // Intents covered after ranks 1..4: 1, 1, 2, 3 (of 3).
    CHECK(f.value("S-RR@100%", "1") == approx(0.25));
    CHECK(f.value("S-RR@50%", "1") == approx(1.0 / 3));  // 2 intents needed
    CHECK(f.value("S-RR@33%", "1") == approx(1.0));
    CHECK(parse_measure("S-RR@100%").name() == "S-RR@100%");
    CHECK(parse_measure("SRR@12.5%").name() == "S-RR@12.5%");
    Fixture miss(kDiversityQrels, {"1 Q0 a 1 1 t\n"}, QrelsFormat::Grouped);
    CHECK(miss.value("S-RR@100%", "1") == 0.0);  // intent 3 never covered
    CHECK_THROWS_WITH_AS(parse_measure("S-RR@100"),
                         "measure 'S-RR@100': the cutoff must be a percentage in (0,100], e.g. S-RR@100%, got '100'",
                         UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("S-RR@0%"),
                         "measure 'S-RR@0%': the cutoff must be a percentage in (0,100], e.g. S-RR@100%, got '0%'",
                         UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("S-RR@101%"),
                         "measure 'S-RR@101%': the cutoff must be a percentage in (0,100], e.g. S-RR@100%, got '101%'",
                         UsageError);
}

TEST_CASE("P+Q and P+Q#: Q for informational intents, P+ for navigational ones") {
    // BR(k) = (C(k) + cg(k)) / (k + cg*(k)) with beta = 1 and linear gains, per intent:
    //   intent 1 (b = 2 at rank 1, a = 1 at rank 3; ideal b a): BR(1) = (1 + 2)/(1 + 2) = 1,
    //     BR(3) = (2 + 3)/(3 + 3) = 5/6; Q = (1 + 5/6)/2 = 11/12. P+: r_p = 1 (b, the top grade),
    //     P+ = BR(1) / C(1) = 1.
    //   intent 2 (a = 1 at rank 3): BR(3) = (1 + 1)/(3 + 1) = 1/2 = Q.
    //   intent 3 (c = 1 at rank 4): BR(4) = (1 + 1)/(4 + 1) = 2/5 = Q.
    Fixture f = weighted();
    double q1 = 11.0 / 12;
    CHECK(f.value("P+Q", "1") == approx(0.5 * q1 + 0.25 * 0.5 + 0.25 * 0.4));
    // @3: intent 3 retrieves nothing in the top 3; intents 1 and 2 as above (min(3, R) = R).
    CHECK(f.value("P+Q@3", "1") == approx(0.5 * q1 + 0.25 * 0.5));
    // P+Q# = 0.5 I-rec + 0.5 P+Q; I-rec@3 = 2/3.
    CHECK(f.value("P+Q#@3", "1") == approx(0.5 * 2.0 / 3 + 0.5 * (0.5 * q1 + 0.25 * 0.5)));
    CHECK(f.value("P+Q#(gamma=1)", "1") == approx(1.0));
    // Intent 1 navigational: P+ = 1 replaces Q = 11/12.
    Fixture nav = weighted("1 1 nav\n");
    CHECK(nav.value("P+Q", "1") == approx(0.5 * 1 + 0.25 * 0.5 + 0.25 * 0.4));
    // beta = 0: BR is precision; intent 1's Q is AP = (1 + 2/3)/2.
    CHECK(f.value("P+Q(beta=0)", "1") == approx(0.5 * (5.0 / 6) + 0.25 * (1.0 / 3) + 0.25 * 0.25));
    CHECK(parse_measure("PplusQ@3").name() == "P+Q@3");
    CHECK_THROWS_WITH_AS(f.value("P+Q#(gamma=2)", "1"),
                         "measure 'P+Q#(gamma=2)': parameter gamma of P+Q# must be [0, 1], got '2'", UsageError);
}

TEST_CASE("standard measures on diversity qrels read a document's highest grade over its intents") {
    // d1 is judged 0 for intent 1 and 2 for intent 2: relevant, grade 2 (max over intents), R = 1.
    // Before the fix P@1 read the first judgment (intent 1: 0) and gave 0, and R counted one
    // judgment per (intent, doc).
    Fixture f("1 1 d1 0\n1 2 d1 2\n", {"1 Q0 d1 1 1 t\n"}, QrelsFormat::Grouped);
    CHECK(f.value("P@1", "1") == 1.0);
    CHECK(f.value("P(rel=2)@1", "1") == 1.0);
    CHECK(f.value("nDCG", "1") == 1.0);
    // kDiversityQrels: a max(1, 1) = 1, b 2, c 1, d max(0, -2) = 0, e 0; R = 3 (a, b, c counted once).
    // Run b x a c d: relevant at ranks 1, 3, 4: AP = (1 + 2/3 + 3/4) / 3; R@5 = 1.
    Fixture g(irlens::test::kDiversityQrels, {kDiversityRun}, QrelsFormat::Grouped);
    CHECK(g.value("AP", "1") == approx((1 + 2.0 / 3 + 0.75) / 3));
    CHECK(g.value("R@5", "1") == approx(1.0));
    CHECK(g.value("NumRel", "1") == 3);
    // nDCG: gains 2, 0, 1, 1, 0 against the ideal 2, 1, 1.
    CHECK(g.value("nDCG", "1") == approx((2 + 1 / lg(4) + 1 / lg(5)) / (2 + 1 / lg(3) + 1 / lg(4))));
    // The spam judgment (-2) of d is outweighed by its 0: judged, not "in the pool but unjudged".
    CHECK(g.value("Judged@5", "1") == approx(4.0 / 5));
}

TEST_CASE("generic IA forms: the base measure on each intent's judgments, weighted by Pr(i|q)") {
    Fixture f = weighted();
    // Weights 0.5, 0.25, 0.25. Run b x a c d; per intent: 1: b (2) rank 1, a (1) rank 3 (R = 2);
    // 2: a rank 3 (R = 1; d judged 0); 3: c rank 4 (R = 1).
    // wP_IA@3: P_1 = 2/3, P_2 = 1/3, P_3 = 0 -> 0.5 * 2/3 + 0.25 / 3. ndeval's P_IA@3 is unweighted:
    // (2 + 1 + 0) / (3 * 3) = 1/3.
    CHECK(f.value("wP_IA@3", "1") == approx(0.5 * 2.0 / 3 + 0.25 / 3));
    CHECK(f.value("P_IA@3", "1") == approx(1.0 / 3));
    // wAP_IA: AP_1 = (1 + 2/3)/2 = 5/6, AP_2 = 1/3, AP_3 = 1/4; ndeval's AP_IA is their plain mean.
    CHECK(f.value("wAP_IA", "1") == approx(0.5 * 5.0 / 6 + 0.25 / 3 + 0.25 / 4));
    CHECK(f.value("AP_IA", "1") == approx((5.0 / 6 + 1.0 / 3 + 0.25) / 3));
    // Q_IA is P+Q without navigational intents (Q_1 = 11/12, Q_2 = 1/2, Q_3 = 2/5; see the P+Q case).
    CHECK(f.value("Q_IA", "1") == approx(0.5 * 11.0 / 12 + 0.25 * 0.5 + 0.25 * 0.4));
    CHECK(f.value("Q_IA@3", "1") == approx(f.value("P+Q@3", "1")));
    // P+_IA: intent 1 P+ = 1 (r_p = 1); intents 2, 3 have one relevant document: P+ = BR(r_p) = Q.
    CHECK(f.value("P+_IA", "1") == approx(0.5 * 1 + 0.25 * 0.5 + 0.25 * 0.4));
    // R_IA@3: intent 1 2/2, intent 2 1/1, intent 3 0/1.
    CHECK(f.value("R_IA@3", "1") == approx(0.75));
    // wnERR_IA@5 (max_grade 2: Pr = 3/4 for grade 2, 1/4 for grade 1):
    //   intent 1: ERR 0.75 + 0.25 * 0.25/3 over its ideal b a: 0.75 + 0.25 * 0.25/2;
    //   intent 2: 0.25/3 over 0.25; intent 3: 0.25/4 over 0.25.
    CHECK(f.value("wnERR_IA(max_grade=2)@5", "1") ==
          approx(0.5 * (0.75 + 0.0625 / 3) / (0.75 + 0.0625 / 2) + 0.25 / 3 + 0.25 / 4));
    // Uniform without --intents.
    Fixture u(kDiversityQrels, {kDiversityRun}, QrelsFormat::Grouped);
    CHECK(u.value("wAP_IA", "1") == approx(u.value("AP_IA", "1")));
    CHECK(parse_measure("Q-IA@10").name() == "Q_IA@10");
    CHECK(parse_measure("MRR-IA").name() == "RR_IA");
}

TEST_CASE("generic IA forms: judged_only keeps a document judged for some intent") {
    // judged_only drops x (not in the qrels) only: b a c d; intent 3's c moves to rank 3.
    Fixture f = weighted();
    CHECK(f.value("RR_IA(judged_only=True)", "1") == approx(0.5 + 0.25 / 2 + 0.25 / 3));
}

TEST_CASE("explained IA and D forms: the explanation's value is the evaluated one, bit for bit") {
    Fixture f(kDiversityQrels, {kDiversityRun}, QrelsFormat::Grouped);
    for (const char* m : {"wP_IA@3", "wAP_IA", "Q_IA", "nDCG_IA@5", "RBP_IA", "RR_IA", "D-Q", "D#-Q@3", "D-nERR@5",
                          "D#-nERR", "D-nDCG@3", "D#-nDCG"}) {
        CAPTURE(m);
        Explanation e = explain(f.qrels, f.runs[0], "1", parse_measure(m));
        CHECK(e.value == f.value(m, "1"));
        CHECK(!e.terms.empty());
    }
    // The IA terms: Pr(i|q) and M_i per intent, uniform here.
    Explanation e = explain(f.qrels, f.runs[0], "1", parse_measure("wP_IA@3"));
    REQUIRE(e.terms.size() == 6);
    CHECK(e.terms[0].first == "Pr(1|q)");
    CHECK(e.terms[1].first == "M_1");
    CHECK(e.terms[1].second == approx(2.0 / 3));
    // D-nDCG is explained by nDCG's own rows on the global ranking: b (GG 2/3 uniform) at rank 1.
    Explanation d = explain(f.qrels, f.runs[0], "1", parse_measure("D-nDCG@3"));
    REQUIRE(d.rows.size() >= 3);
    CHECK(d.rows[0].doc == "b");
    CHECK(d.terms[0].first == "GG of level 1");
}

TEST_CASE("D-Q and D-nERR: the base measure on the global gains, against the globally ideal list") {
    Fixture f = weighted();
    // Global gains (see D-nDCG): b 1, a 0.75, c 0.25; R = 3 documents relevant to some intent.
    // Run b x a c d: I = 1 0 1 1 0; cg = 1, 1, 1.75, 2; ideal b a c: cg* = 1, 1.75, 2, 2.
    // BR(1) = (1 + 1)/(1 + 1) = 1; BR(3) = (2 + 1.75)/(3 + 2) = 0.75; BR(4) = (3 + 2)/(4 + 2) = 5/6.
    double dq = (1 + 0.75 + 5.0 / 6) / 3;
    CHECK(f.value("D-Q", "1") == approx(dq));
    // @3: BR(1) + BR(3) over min(3, R) = 3.
    CHECK(f.value("D-Q@3", "1") == approx((1 + 0.75) / 3));
    // beta = 0: AP of "relevant to some intent" = (1 + 2/3 + 3/4)/3.
    CHECK(f.value("D-Q(beta=0)", "1") == approx((1 + 2.0 / 3 + 0.75) / 3));
    CHECK(f.value("D#-Q", "1") == approx(0.5 * 1 + 0.5 * dq));   // I-rec = 1
    CHECK(f.value("D#-Q@1", "1") == approx(0.5 / 3 + 0.5 * 1));  // I-rec@1 = 1/3, D-Q@1 = BR(1)/1
    // D-nERR@5, max_grade 2: Pr = (2^GG - 1)/4: b (2 - 1)/4 = 1/4, a (2^0.75 - 1)/4, c (2^0.25 - 1)/4.
    double pb = 0.25, pa = (std::exp2(0.75) - 1) / 4, pc = (std::exp2(0.25) - 1) / 4;
    double run = pb + (1 - pb) * pa / 3 + (1 - pb) * (1 - pa) * pc / 4;
    double ideal = pb + (1 - pb) * pa / 2 + (1 - pb) * (1 - pa) * pc / 3;
    // (nERR's forms take nERR's default max_grade, 4 (gdeval's): the qrels' highest grade, 2, is given.)
    CHECK(f.value("D-nERR(max_grade=2)@5", "1") == approx(run / ideal));
    CHECK(f.value("D#-nERR(max_grade=2)@5", "1") == approx(0.5 + 0.5 * run / ideal));
}

TEST_CASE("graded alpha_nDCG and NRBP: r(d,t) = (2^g - 1)/2^max_grade in place of 1") {
    Fixture f(kDiversityQrels, {kDiversityRun}, QrelsFormat::Grouped);
    // max_grade 2: b (intent 1, grade 2) r = 3/4; a (intents 1, 2, grade 1) r = 1/4; c (intent 3) 1/4.
    // alpha = 0.5. Run b x a c d: gains b 3/4; a 1/4 * 0.5 (intent 1 seen once) + 1/4 = 3/8; c 1/4.
    // alpha_DCG@5 (ideal-ideal: 3 intents, gains 3, 1.5, 0.75, ... over log2(r+1)):
    double lg3 = std::log2(3.0), lg5 = std::log2(5.0);
    double dcg = 0.75 + 0.375 / 2 + 0.25 / lg5;
    double ideal_ideal = 3 + 1.5 / lg3 + 0.75 / 2 + 0.375 / lg5 + 0.1875 / std::log2(6.0);
    CHECK(f.value("alpha_DCG(graded=True)@5", "1") == approx(dcg / ideal_ideal));
    // Greedy ideal: b 3/4 first (a gives 1/2, c 1/4); then a 1/8 + 1/4 = 3/8 vs c 1/4: a; then c 1/4.
    double ideal = 0.75 + 0.375 / lg3 + 0.25 / 2;
    CHECK(f.value("alpha_nDCG(graded=True)@5", "1") == approx(dcg / ideal));
    // NRBP (beta = 0.5): (1 - 0.5 * 0.5) / 3 * (3/4 + 3/8 * 1/4 + 1/4 * 1/8).
    double nrbp = 0.75 / 3 * (0.75 + 0.375 * 0.25 + 0.25 * 0.125);
    CHECK(f.value("NRBP(graded=True)", "1") == approx(nrbp));
    CHECK(f.value("nNRBP(graded=True)", "1") == approx(nrbp / (0.75 / 3 * (0.75 + 0.375 * 0.5 + 0.25 * 0.25))));
    // The binary names are unchanged (unit-ndeval.cpp and the golden ndeval tests pin them).
    CHECK_THROWS_WITH_AS(f.value("NRBP(max_grade=3)", "1"),
                         "NRBP(max_grade=3): gains and max_grade apply only with graded=True", UsageError);
}

TEST_CASE("U_IA: U on each intent's own trailtext (Sakai Eq. 31)") {
    // Intent 1: a (grade 1); intent 2: c (grade 2); b judged 0. Run b a x c; snippets 200 characters,
    // 20% of each document relevant to the intent read (a 10000 characters, c 40000).
    Fixture f("1 1 a 1\n1 2 c 2\n1 1 b 0\n", {"1 Q0 b 1 4 t\n1 Q0 a 2 3 t\n1 Q0 x 3 2 t\n1 Q0 c 4 1 t\n"},
              QrelsFormat::Grouped);
    f.options.doc_lengths = read_doc_lengths("lengths", "a 10000\nc 40000\n");
    // Intent 1 reads snippets b, a (400) and 2000 of a: U_1 = 1 (1 - 2400/132000).
    // Intent 2 reads snippets b, a, x, c (800) and 8000 of c: U_2 = 2 (1 - 8800/132000).
    double u1 = 1 - 2400.0 / 132000, u2 = 2 * (1 - 8800.0 / 132000);
    CHECK(f.value("U_IA", "1") == approx((u1 + u2) / 2));
    // U on the topic (highest grade over intents) reads a's text before c's: c at 10800.
    CHECK(f.value("U", "1") == approx(u1 + 2 * (1 - 10800.0 / 132000)));
}

TEST_CASE("D-U: U-measure of the global gains, reading every document relevant to some intent") {
    // As the U_IA case; uniform weights: GG(a) = 1/2, GG(c) = 2/2 = 1. The trailtext reads 20% of a
    // (relevant to intent 1) and of c: a at 2400, c at 10800 (U_IA read c at 8800 for intent 2).
    Fixture f("1 1 a 1\n1 2 c 2\n1 1 b 0\n", {"1 Q0 b 1 4 t\n1 Q0 a 2 3 t\n1 Q0 x 3 2 t\n1 Q0 c 4 1 t\n"},
              QrelsFormat::Grouped);
    f.options.doc_lengths = read_doc_lengths("lengths", "a 10000\nc 40000\n");
    CHECK(f.value("D-U", "1") == approx(0.5 * (1 - 2400.0 / 132000) + (1 - 10800.0 / 132000)));
    // @2: only a.
    CHECK(f.value("D-U@2", "1") == approx(0.5 * (1 - 2400.0 / 132000)));
    // Explained with the evaluation's side inputs (the doc lengths): the same value, bit for bit.
    for (const char* m : {"D-U", "D-U@2", "U_IA"}) {
        CAPTURE(m);
        Explanation e = explain(f.qrels, f.runs[0], "1", parse_measure(m), f.options);
        CHECK(e.value == f.value(m, "1"));
        CHECK(!e.terms.empty());
    }
}
