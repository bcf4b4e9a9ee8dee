// Intent-aware measures with graded per-intent relevance (measures/intent_aware.cpp) and the
// D-measures, DIN-measures and S-RR (measures/d_measures.cpp), on a hand-checkable topic.
#include "diversity_topic.hpp"
#include "fixture.hpp"

#include "irlens/error.hpp"
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

TEST_CASE("ERR_IA(graded=True) on a topic with one intent is ERR") {
    Fixture f("1 0 a 2\n1 0 b 1\n1 0 c 0\n1 0 d 3\n", {"1 Q0 a 1 4 t\n1 Q0 c 2 3 t\n1 Q0 b 3 2 t\n1 Q0 x 4 1 t\n"});
    for (const char* k : {"1", "3", "10"}) {
        CHECK(f.value(std::string("ERR_IA(graded=True)@") + k, "1") == approx(f.value(std::string("ERR@") + k, "1")));
        CHECK(f.value(std::string("ERR_IA(graded=True,gains=exp)@") + k, "1") ==
              approx(f.value(std::string("ERR(gains=exp)@") + k, "1")));
    }
    // ERR@3 by hand: a (grade 2 of max 3) stops 3/8 of users at rank 1, b (grade 1) 1/8 of the rest at rank 3.
    CHECK(f.value("ERR_IA(graded=True)@3", "1") == approx(0.375 + 0.625 * 0.125 / 3));
}

TEST_CASE("intent-aware measures: parameter errors") {
    Fixture f = weighted();
    CHECK_THROWS_WITH_AS(f.value("ERR_IA(graded=True,alpha=0.3)@5", "1"),
                         "ERR_IA(alpha=0.3,graded=True)@5: alpha applies only to ndeval's ERR_IA (graded=False)", UsageError);
    CHECK_THROWS_WITH_AS(f.value("ERR_IA(graded=True,max_grade=1)@5", "1"),
                         "ERR_IA: a gain of 2 gives the satisfaction probability (2^g - 1)/2^1 = 1.5, outside [0,1]; raise "
                         "max_grade or use gains >= 0",
                         UsageError);
    CHECK_THROWS_WITH_AS(f.value("RBP_IA(p=1)", "1"), "measure 'RBP_IA(p=1)': parameter p of RBP_IA must be [0, 1), got '1'", UsageError);
    auto partial = std::make_shared<Intents>();
    partial->read_probabilities("probs", "1 1 0.5\n1 2 0.5\n");
    f.options.intents = partial;
    CHECK_THROWS_WITH_AS(f.value("nDCG_IA@5", "1"),
                         "probs: topic '1': subtopic '3' has relevant documents in the qrels but no probability", InputError);
    CHECK_THROWS_WITH_AS(f.value("D-nDCG@5", "1"),
                         "probs: topic '1': subtopic '3' has relevant documents in the qrels but no probability", InputError);
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
    CHECK_THROWS_WITH_AS(f.value("D#-nDCG(gamma=2)@5", "1"), "measure 'D#-nDCG(gamma=2)@5': parameter gamma of D#-nDCG must be [0, 1], got '2'", UsageError);
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
                         "measure 'S-RR@100': the cutoff must be a percentage in (0,100], e.g. S-RR@100%, got '100'", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("S-RR@0%"),
                         "measure 'S-RR@0%': the cutoff must be a percentage in (0,100], e.g. S-RR@100%, got '0%'", UsageError);
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
    CHECK_THROWS_WITH_AS(f.value("P+Q#(gamma=2)", "1"), "measure 'P+Q#(gamma=2)': parameter gamma of P+Q# must be [0, 1], got '2'", UsageError);
}
