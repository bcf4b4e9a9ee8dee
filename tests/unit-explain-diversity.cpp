// Explain mode of the diversity measures of ndeval.cpp (ERR_IA, nERR_IA, alpha_DCG, alpha_nDCG,
// NRBP, nNRBP, AP_IA, P_IA, StRecall), intent_aware.cpp (ERR_IA(graded=True), P+Q, P+Q#) and
// d_measures.cpp (DIN-nDCG, DIN#-nDCG, S-RR): the recorded arithmetic on a hand-checkable fixture,
// and the explained value bit-identical to the evaluated one, here and on examples/diversity.
#include "fixture.hpp"

#include "irlens/evaluation/explain.hpp"
#include "irlens/readers/intents.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>

using irlens::test::approx;
using irlens::test::Fixture;
using namespace irlens;

namespace {

/// Topic 1: intent 1 judges a and b relevant, intent 2 b and c; the run ranks b a x c. Topic 2 has
/// a single intent and is not answered.
Fixture diversity_fixture() {
    return Fixture("1 1 a 1\n1 1 b 1\n1 2 b 1\n1 2 c 1\n1 1 d 0\n2 1 z 1\n",
                   {"1 Q0 b 1 4 t\n1 Q0 a 2 3 t\n1 Q0 x 3 2 t\n1 Q0 c 4 1 t\n",
                    "1 Q0 a 1 4 t\n1 Q0 x 2 3 t\n1 Q0 c 3 2 t\n1 Q0 b 4 1 t\n"},
                   QrelsFormat::Grouped);
}

Explanation ex(const Fixture& f, const std::string& measure, const std::string& topic = "1", std::size_t run = 0) {
    return explain(f.qrels, f.runs.at(run), topic, parse_measure(measure), f.options);
}

std::uint64_t bits(double v) {
    std::uint64_t b;
    std::memcpy(&b, &v, sizeof b);
    return b;
}

std::vector<double> column(const Explanation& e, const std::string& name) {
    for (std::size_t i = 0; i < e.columns.size(); ++i)
        if (e.columns[i] == name) {
            std::vector<double> out;
            for (const ExplainRow& r : e.rows) out.push_back(r.values.at(i));
            return out;
        }
    FAIL("no column " << name);
    return {};
}

double term(const Explanation& e, const std::string& name) {
    for (const auto& [n, v] : e.terms)
        if (n == name) return v;
    FAIL("no term " << name);
    return 0;
}

bool nan(double v) { return std::isnan(v); }

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in, "cannot read " << path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST_CASE("alpha-DCG, ERR-IA explained: per-intent novelty gains, ndeval's discounts, the ideal-ideal list") {
    // alpha = 0.5, m = 2 intents. Run b a x c:
    //   rank 1 b: intents 1 and 2, each (1 - 0.5)^0 = 1: gain 2;
    //   rank 2 a: intent 1 seen once: 0.5;  rank 3 x: 0.
    // ndeval's discount: 1, log 2 / log 3 = 0.6309297535714575, log 2 / log 4 = 0.5.
    // alpha-DCG@3 run sum 2 + 0.5 (0.63093) = 2.3154648767857287; ideal-ideal gains 2, 1, 0.5:
    //   2 + 0.63093 + 0.25 = 2.8809297535714573; alpha_DCG@3 = 0.803720...
    Fixture f = diversity_fixture();
    const double d2 = std::log(2.0) / std::log(3.0);
    const Explanation e = ex(f, "alpha_DCG@3");
    REQUIRE(e.rows.size() == 3);
    CHECK(e.rows[0].doc == "b");
    CHECK(e.rows[0].rel == 1);
    CHECK(e.rows[2].rel == kNotInPool);
    const std::vector<double> g1 = column(e, "gain for intent 1"), g2 = column(e, "gain for intent 2");
    CHECK(g1[0] == 1);
    CHECK(g1[1] == 0.5);
    CHECK(nan(g1[2]));
    CHECK(g2[0] == 1);
    CHECK(nan(g2[1]));
    CHECK(column(e, "novelty-biased gain") == std::vector<double>{2, 0.5, 0});
    CHECK(column(e, "ideal-ideal gain m (1-alpha)^(i-1)") == std::vector<double>{2, 1, 0.5});
    CHECK(column(e, "run sum so far")[2] == approx(2 + 0.5 * d2));
    CHECK(term(e, "ideal-ideal sum@k (m = 2 intents)") == approx(2 + d2 + 0.25));
    CHECK(e.value == approx((2 + 0.5 * d2) / (2 + d2 + 0.25)));
    // ERR-IA@3: gains over the rank: 2 + 0.5/2 = 2.25 over 2 + 1/2 + 0.5/3 = 2.6667: 0.84375.
    const Explanation err = ex(f, "ERR_IA@3");
    CHECK(column(err, "run discounted gain") == std::vector<double>{2, 0.25, 0});
    CHECK(err.value == approx(2.25 / (2 + 0.5 + 0.5 / 3)));
}

TEST_CASE("alpha-nDCG, nERR-IA explained: the greedy ideal ranking's documents and gains") {
    // The ideal: b (gain 2), then a and c tie at 0.5 and ndeval takes the larger id, c; then a
    // (intent 1 seen once: 0.5). Ideal sum 2 + 0.5 (0.63093) + 0.5 (0.5) = 2.5654648767857287;
    // alpha-nDCG@3 = (2.3154648767857287 / 2.8809) / (2.5654648767857287 / 2.8809) = 0.902551...
    Fixture f = diversity_fixture();
    const double d2 = std::log(2.0) / std::log(3.0), ii = 2 + d2 + 0.25;
    const Explanation e = ex(f, "alpha_nDCG@3");
    CHECK(term(e, "ideal rank 1: b") == 2);
    CHECK(term(e, "ideal rank 2: c") == 0.5);
    CHECK(term(e, "ideal rank 3: a") == 0.5);
    CHECK(column(e, "ideal gain") == std::vector<double>{2, 0.5, 0.5});
    CHECK(term(e, "ideal (normalised as the run)") == approx((2 + 0.5 * d2 + 0.25) / ii));
    CHECK(e.value == approx(((2 + 0.5 * d2) / ii) / ((2 + 0.5 * d2 + 0.25) / ii)));
    // graded=True: r(d,t) = (2^1 - 1) / 2^1 = 0.5 for every judgment, so every gain halves.
    const Explanation g = ex(f, "alpha_nDCG(graded=True)@3");
    CHECK(column(g, "novelty-biased gain") == std::vector<double>{1, 0.25, 0});
    // nERR-IA@2: run 2 + 0.5/2 = 2.25, ideal 2 + 0.5/2 = 2.25: 1.
    CHECK(ex(f, "nERR_IA@2").value == approx(1.0));
}

TEST_CASE("NRBP, nNRBP explained: beta^(i-1) per rank, (1 - (1 - alpha) beta) / m") {
    // Whole ranking b a x c, alpha = beta = 0.5: gains 2, 0.5, 0, 0.5 (c: intent 2 seen once).
    // sum = 2 + 0.5 (0.5) + 0 + 0.5 (0.125) = 2.3125; (1 - 0.25) / 2 = 0.375; NRBP = 0.8671875.
    // Ideal gains 2, 0.5, 0.5: 2 + 0.25 + 0.125 = 2.375, NRBP 0.890625; nNRBP = 0.973684...
    Fixture f = diversity_fixture();
    const Explanation e = ex(f, "NRBP");
    CHECK(column(e, "run beta^(i-1)") == std::vector<double>{1, 0.5, 0.25, 0.125});
    CHECK(column(e, "run sum so far") == std::vector<double>{2, 2.25, 2.25, 2.3125});
    CHECK(term(e, "(1 - (1 - alpha) beta) / m, m = 2") == 0.375);
    CHECK(e.value == 0.8671875);
    const Explanation n = ex(f, "nNRBP");
    CHECK(term(n, "ideal NRBP") == 0.890625);
    CHECK(n.value == approx(0.8671875 / 0.890625));
}

TEST_CASE("AP-IA, P-IA, I-rec and S-RR explained: per rank the intents the document covers") {
    Fixture f = diversity_fixture();
    // AP-IA, run b a x c: intent 1 (R = 2): b 1/1, a 2/2: AP 1; intent 2 (R = 2): b 1/1, c 2/4:
    // AP 0.75. AP-IA = 0.875.
    const Explanation ap = ex(f, "AP_IA");
    const std::vector<double> p2 = column(ap, "precision for intent 2");
    CHECK(p2[0] == 1);
    CHECK(nan(p2[1]));
    CHECK(p2[3] == 0.5);
    CHECK(term(ap, "AP of intent 1 (R = 2)") == 1);
    CHECK(term(ap, "AP of intent 2 (R = 2)") == 0.75);
    CHECK(ap.value == 0.875);
    // P-IA@2: pairs b (2) + a (1) = 3 over k m = 4.
    const Explanation p = ex(f, "P_IA@2");
    CHECK(column(p, "relevant intents") == std::vector<double>{2, 1});
    CHECK(column(p, "grade for intent 2")[0] == 1);
    CHECK(term(p, "k m") == 4);
    CHECK(p.value == 0.75);
    // Run a x c b: I-rec@1 = 1/2 (a covers intent 1), @3 = 1 (c covers intent 2 at rank 3).
    const Explanation irec = ex(f, "StRecall@3", "1", 1);
    CHECK(column(irec, "intents first covered here") == std::vector<double>{1, 0, 1});
    CHECK(column(irec, "intents covered so far") == std::vector<double>{1, 1, 2});
    CHECK(irec.value == 1);
    CHECK(ex(f, "StRecall@1", "1", 1).value == 0.5);
    // S-RR@100%: both intents covered first at rank 3: 1/3; S-RR@50%: at rank 1.
    const Explanation srr = ex(f, "S-RR@100%", "1", 1);
    CHECK(column(srr, "intents covered so far") == std::vector<double>{1, 1, 2});
    CHECK(term(srr, "first rank reaching x% of m") == 3);
    CHECK(srr.value == approx(1.0 / 3));
    CHECK(ex(f, "S-RR@50%", "1", 1).value == 1);
}

TEST_CASE("DIN-nDCG explained: a navigational intent gains at its first relevant document only") {
    // Intent 2 navigational, uniform Pr = 0.5, gains the grades. Run b a x c:
    //   GG_DIN: b 0.5 + 0.5 = 1, a 0.5, x 0, c 0 (intent 2 already seen: its 0.5 is not added).
    //   Globally ideal GG*: b 1, a 0.5, c 0.5.
    // DIN-nDCG@4 = (1 + 0.5 / log2 3) / (1 + 0.5 / log2 3 + 0.5 / 2).
    Fixture f = diversity_fixture();
    auto in = std::make_shared<Intents>();
    in->read_types("types", "1 2 nav\n");
    f.options.intents = in;
    const Explanation e = ex(f, "DIN-nDCG@4");
    CHECK(column(e, "GG_DIN") == std::vector<double>{1, 0.5, 0, 0});
    const std::vector<double> nav = column(e, "Pr(i|q) g_i, intent 2 (navigational)");
    CHECK(nav[0] == 0.5);
    CHECK(nan(nav[1]));
    CHECK(nav[3] == 0);
    CHECK(column(e, "ideal GG*")[0] == 1);
    const double l3 = std::log2(3.0);
    CHECK(e.value == approx((1 + 0.5 / l3) / (1 + 0.5 / l3 + 0.25)));
    // DIN#-nDCG@4 = 0.5 I-rec@4 (= 1) + 0.5 DIN-nDCG@4.
    const Explanation s = ex(f, "DIN#-nDCG@4");
    CHECK(term(s, "I-rec") == 1);
    CHECK(s.value == approx(0.5 + 0.5 * e.value));
}

TEST_CASE("P+Q, P+Q#, ERR-IA(graded) explained: each intent's weight and measure") {
    // Both intents informational: Q (beta = 1, gains 1) of each, Pr = 0.5 each. Run b a x c.
    //   Intent 1 (a, b; R = 2): rank 1 (1 + 1)/(1 + 1) = 1, rank 2 (2 + 2)/(2 + 2) = 1: Q = 1.
    //   Intent 2 (b, c): rank 1: 1, rank 4 (2 + 2)/(4 + 2) = 2/3: Q = (1 + 2/3) / 2 = 5/6.
    // P+Q@4 = 0.5 (1) + 0.5 (5/6) = 11/12; P+Q#@4 = 0.5 I-rec@4 (1) + 0.5 (11/12) = 23/24.
    Fixture f = diversity_fixture();
    const Explanation e = ex(f, "P+Q@4");
    CHECK(term(e, "Pr(1|q)") == 0.5);
    CHECK(term(e, "Q of intent 1") == 1);
    CHECK(term(e, "Q of intent 2") == approx(5.0 / 6));
    CHECK(e.value == approx(11.0 / 12));
    const Explanation s = ex(f, "P+Q#@4");
    CHECK(term(s, "I-rec") == 1);
    CHECK(s.value == approx(23.0 / 24));
    // ERR-IA(graded=True)@3, R = (2^1 - 1) / 2^1 = 0.5 per relevant document:
    //   intent 1: b, a at ranks 1, 2: 0.5 + 0.5 (0.5) / 2 = 0.625; intent 2: b at rank 1: 0.5.
    //   0.5 (0.625) + 0.5 (0.5) = 0.5625.
    const Explanation g = ex(f, "ERR_IA(graded=True)@3");
    CHECK(term(g, "ERR of intent 1") == 0.625);
    CHECK(term(g, "ERR of intent 2") == 0.5);
    CHECK(g.value == 0.5625);
}

namespace {

const char* const kDiversityMeasures[] = {"ERR_IA@5",
                                          "ERR_IA@20",
                                          "ERR_IA(alpha=0.2)@3",
                                          "nERR_IA@5",
                                          "nERR_IA@20",
                                          "alpha_DCG@5",
                                          "alpha_DCG(graded=True)@10",
                                          "alpha_nDCG@5",
                                          "alpha_nDCG@20",
                                          "alpha_nDCG(graded=True)@10",
                                          "alpha_nDCG(alpha=1)@5",
                                          "NRBP",
                                          "NRBP(beta=0.8)",
                                          "NRBP(graded=True)",
                                          "nNRBP",
                                          "nNRBP(alpha=0.3,beta=0.9)",
                                          "AP_IA",
                                          "AP_IA(rel=2)",
                                          "P_IA@5",
                                          "P_IA@10",
                                          "StRecall",
                                          "StRecall@3",
                                          "P+Q@5",
                                          "P+Q",
                                          "P+Q#@5",
                                          "DIN-nDCG@5",
                                          "DIN-nDCG",
                                          "DIN#-nDCG@5",
                                          "S-RR@100%",
                                          "S-RR@50%",
                                          "ERR_IA(graded=True)@5",
                                          "alpha_nDCG(judged_only=True)@5",
                                          "ERR_IA@1"};

}  // namespace

TEST_CASE("every explained diversity measure equals the evaluated value bit for bit (hand fixture)") {
    Fixture f = diversity_fixture();
    for (const char* m : kDiversityMeasures) {
        Evaluation ev = f.eval(m, MissingTopics::Zero);
        for (std::size_t run = 0; run < f.runs.size(); ++run) {
            const RunScores& r = ev.runs[run];
            for (std::size_t t = 0; t < r.topics.size(); ++t) {
                CAPTURE(m);
                CAPTURE(run);
                CAPTURE(r.topics[t]);
                const Explanation e = ex(f, m, r.topics[t], run);
                CHECK(bits(e.value) == bits(r.values[0][t]));
                CHECK(!e.formula.empty());
            }
        }
    }
}

TEST_CASE("every explained diversity measure equals the evaluated value bit for bit on examples/diversity") {
    const std::string dir = std::string(IRLENS_TESTS_DIR) + "/../examples/diversity/";
    Fixture f(slurp(dir + "qrels.txt"), {slurp(dir + "div-a.run"), slurp(dir + "div-b.run"), slurp(dir + "div-c.run")},
              QrelsFormat::Grouped);
    auto in = std::make_shared<Intents>();
    in->read_probabilities("intents.txt", slurp(dir + "intents.txt"));
    in->read_types("intent-types.txt", slurp(dir + "intent-types.txt"));
    f.options.intents = in;
    long compared = 0;
    for (const char* m : kDiversityMeasures) {
        Evaluation ev = f.eval(m, MissingTopics::Zero);
        for (std::size_t run = 0; run < f.runs.size(); ++run) {
            const RunScores& r = ev.runs[run];
            for (std::size_t t = 0; t < r.topics.size(); ++t) {
                CAPTURE(m);
                CAPTURE(run);
                CAPTURE(r.topics[t]);
                CHECK(bits(ex(f, m, r.topics[t], run).value) == bits(r.values[0][t]));
                ++compared;
            }
        }
    }
    // 33 measures x 3 runs x 2 topics (201, 202).
    CHECK(compared == 33 * 3 * 2);
}
