// Explain mode of the relative measures (rareness.cpp, nrg.cpp): each retrieved relevant document's
// rarity, the prior rankings' contribution to its residual gain; the explanation sees the
// evaluation's other runs (explain(..., runs)), and its value is the evaluated one, bit for bit,
// here and on the example runs.
#include "fixture.hpp"

#include "irlens/evaluation/explain.hpp"
#include "irlens/readers/run_groups.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>

using irlens::test::approx;
using irlens::test::Fixture;
using namespace irlens;

namespace {

/// Topic 1: a, b, c relevant, d not. run0 ranks a b c, run1 a x y, run2 a b z.
Fixture relative_fixture() {
    return Fixture(
        "1 0 a 1\n1 0 b 1\n1 0 c 1\n1 0 d 0\n2 0 e 1\n",
        {"1 Q0 a 1 3 t\n1 Q0 b 2 2 t\n1 Q0 c 3 1 t\n2 Q0 e 1 1 t\n", "1 Q0 a 1 3 t\n1 Q0 x 2 2 t\n1 Q0 y 3 1 t\n",
         "1 Q0 a 1 3 t\n1 Q0 b 2 2 t\n1 Q0 z 3 1 t\n2 Q0 q 1 1 t\n"});
}

Explanation ex(const Fixture& f, const std::string& measure, const std::string& topic = "1", std::size_t run = 0) {
    return explain(f.qrels, f.runs.at(run), topic, parse_measure(measure), f.options, f.runs);
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

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in, "cannot read " << path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST_CASE("P_rareness, AP_rareness explained: each relevant document's rarity among the evaluation's runs") {
    // S = 3 runs. a is in all three (S_a = 3, R = 1 - 3/3 = 0), b in run0 and run2 (R = 1/3), c in
    // run0 only (R = 2/3). alpha = 1: weights 1, 4/3, 5/3.
    // P_rareness(alpha=1)@3 of run0 = (1 + 4/3 + 5/3) / 3 = 4/3.
    Fixture f = relative_fixture();
    const Explanation p = ex(f, "P_rareness(alpha=1)@3");
    REQUIRE(p.rows.size() == 3);
    CHECK(p.rows[1].doc == "b");
    CHECK(column(p, "S_d (pool runs that retrieved d)") == std::vector<double>{3, 2, 1});
    const std::vector<double> r = column(p, "R(d)"), w = column(p, "weight w(d)");
    CHECK(r[0] == 0);
    CHECK(r[1] == approx(1.0 / 3));
    CHECK(w[2] == approx(5.0 / 3));
    CHECK(term(p, "S (runs in the rarity pool)") == 3);
    CHECK(term(p, "the rarity pool: run0, run1, run2") == 3);
    CHECK(p.value == approx(4.0 / 3));
    // AP_rareness(alpha=1): weighted so far 1, 7/3, 4 at ranks 1-3: 1/1 + (7/3)/2 + 4/3 = 3.5;
    // over N_R = 3: 7/6.
    const Explanation ap = ex(f, "AP_rareness(alpha=1)");
    CHECK(column(ap, "P_rareness@i")[1] == approx(7.0 / 6));
    CHECK(column(ap, "sum so far")[2] == approx(3.5));
    CHECK(term(ap, "N_R (relevant documents of the topic)") == 3);
    CHECK(ap.value == approx(7.0 / 6));
    // Mixture (Eq. 4): R'(c) = 1 - (1 - 1)/(3 - 1) = 1, R'(b) = 1/2, R'(a) = 0; alpha = 0.5:
    // weights 0.5, 0.75, 1: P'@3 = 2.25 / 3 = 0.75.
    const Explanation mix = ex(f, "P_rareness(alpha=0.5,variant=mixture)@3");
    CHECK(column(mix, "R'(d)") == std::vector<double>{0, 0.5, 1});
    CHECK(mix.value == 0.75);
    // Without the other runs run0 is its own pool: every document's R is 0, P_rareness = P@3 = 1.
    CHECK(explain(f.qrels, f.runs[0], "1", parse_measure("P_rareness(alpha=1)@3")).value == 1);
}

TEST_CASE("NRG explained: the prior rankings' contribution to each document's residual gain") {
    // base nDCG@3, prior = others (run1, run2): seen(i) = 1/log2(i+1).
    //   a: rank 1 of run1 and run2: 1 - 1 = 0 each: G(a|R) = 0.
    //   b: rank 2 of run2: 1 - 1/log2 3 = 0.36907024642854247: G(b|R) = 0.369.
    //   c: in no prior ranking: G(c|R) = 1.
    // DCG = 0.369 / log2 3 + 1 / 2; the ideal ranks c (1), b (0.369): 1 + 0.369 / log2 3.
    Fixture f = relative_fixture();
    const double l3 = std::log2(3.0), fb = 1 - 1 / l3;
    const Explanation e = ex(f, "NRG@3");
    CHECK(term(e, "the prior set: run1, run2") == 2);
    CHECK(column(e, "G(d)") == std::vector<double>{1, 1, 1});
    CHECK(column(e, "prior rankings holding d") == std::vector<double>{2, 1, 0});
    const std::vector<double> run2 = column(e, "1 - seen in run2");
    CHECK(run2[0] == 0);
    CHECK(run2[1] == approx(fb));
    CHECK(std::isnan(run2[2]));
    CHECK(std::isnan(column(e, "1 - seen in run1")[1]));
    CHECK(column(e, "G(d|R)")[1] == approx(fb));
    CHECK(column(e, "ideal G(d|R)")[0] == 1);
    CHECK(column(e, "ideal G(d|R)")[1] == approx(fb));
    CHECK(term(e, "ideal DCG@K with residual gains") == approx(1 + fb / l3));
    CHECK(e.value == approx((fb / l3 + 0.5) / (1 + fb / l3)));
    // base P@3: a and b are fully seen (seen = 1 in a prior top 3): (0 + 0 + 1) / 3.
    CHECK(ex(f, "NRG(base=P)@3").value == approx(1.0 / 3));
    // base RR (cascade): a prior ranking is seen down to its first relevant document, a in both, so
    // b keeps its gain and the searcher stops at b: 1 / 2.
    const Explanation rr = ex(f, "NRG(base=RR)");
    CHECK(column(rr, "prior rankings holding d") == std::vector<double>{2, 0});
    CHECK(term(rr, "first rank with residual gain") == 2);
    CHECK(rr.value == 0.5);
    // Without the other runs the prior set is empty: NRG is the base nDCG@3 of run0, 1.
    const Explanation alone = explain(f.qrels, f.runs[0], "1", parse_measure("NRG@3"));
    CHECK(term(alone, "the prior set: none") == 0);
    CHECK(alone.value == 1);
}

TEST_CASE("TaSC explained: the run's nDCG@K and the best prior run's") {
    // nDCG@3 of topic 1 (three relevant, grade 1; ideal 1 + 1/log2 3 + 1/2 = 2.13093):
    //   run0 a b c: 1; run1 a x y: 1 / 2.13093 = 0.46928; run2 a b z: (1 + 1/log2 3) / 2.13093 = 0.76536.
    // run0 against the others: max 0.76536 (run2), TaSC = 1 (1 - 0.76536) = 0.23464.
    Fixture f = relative_fixture();
    const double ideal = 1 + 1 / std::log2(3.0) + 0.5, best = (1 + 1 / std::log2(3.0)) / ideal;
    const Explanation e = ex(f, "TaSC@3");
    CHECK(term(e, "nDCG@K of the run") == 1);
    CHECK(term(e, "runs in the prior set") == 2);
    CHECK(term(e, "max nDCG@K of the prior set (run2)") == approx(best));
    CHECK(term(e, "1 - max") == approx(1 - best));
    CHECK(e.value == approx(1 - best));
    CHECK(e.value == doctest::Approx(0.23464).epsilon(1e-4));
    // Without the other runs the prior set is empty: TaSC is nDCG@3.
    const Explanation alone = explain(f.qrels, f.runs[0], "1", parse_measure("TaSC@3"));
    CHECK(term(alone, "no prior run, so the max is") == 0);
    CHECK(alone.value == 1);
}

namespace {

const char* const kRelativeMeasures[] = {"P_rareness(alpha=1)@5",
                                         "P_rareness(alpha=0.5,variant=mixture)@3",
                                         "P_rareness(alpha=2,depth=3)@5",
                                         "AP_rareness(alpha=1)",
                                         "AP_rareness(alpha=0.5)@5",
                                         "AP_rareness(alpha=1,variant=mixture,rel=2)",
                                         "NRG@5",
                                         "NRG@10",
                                         "NRG(base=RBP)",
                                         "NRG(base=RBP,p=0.5,rel=2)@5",
                                         "NRG(base=P)@5",
                                         "NRG(base=RR)",
                                         "NRG(base=RR)@3",
                                         "NRG(prior=best_per_group)@5",
                                         "NRG(prior=other_groups,base=RBP)",
                                         "NRG(prior=list,runs=[bm25.run,dense.run])@5",
                                         "NRG(prior=chronological,runs=[bm25.run,dense.run,hybrid.run])@5",
                                         "P_rareness(alpha=1,pool=[bm25.run,dense.run])@5",
                                         "TaSC@10",
                                         "TaSC(prior=best_per_group)@10",
                                         "TaSC(prior=other_groups)@5",
                                         "TaSC(prior=list,runs=[bm25.run])@3"};

}  // namespace

TEST_CASE("every explained relative measure equals the evaluated value bit for bit (hand fixture and examples)") {
    Fixture f = relative_fixture();
    for (const char* m : {"P_rareness(alpha=1)@3", "AP_rareness(alpha=1)", "NRG@3", "NRG(base=RBP)", "NRG(base=P)@2",
                          "NRG(base=RR)", "TaSC@3"}) {
        Evaluation ev = f.eval(m, MissingTopics::Skip);
        for (std::size_t run = 0; run < f.runs.size(); ++run)
            for (std::size_t t = 0; t < ev.runs[run].topics.size(); ++t) {
                CAPTURE(m);
                CAPTURE(run);
                CHECK(bits(ex(f, m, ev.runs[run].topics[t], run).value) == bits(ev.runs[run].values[0][t]));
            }
    }

    const std::string dir = std::string(IRLENS_TESTS_DIR) + "/../examples/";
    Fixture e(slurp(dir + "qrels.txt"), {});
    for (const char* name : {"bm25.run", "dense.run", "hybrid.run", "shuffled.run"})
        e.runs.push_back(read_run(e.qrels, name, slurp(dir + name)));
    e.options.groups = std::make_shared<const RunGroups>(RunGroups::parse("groups.tsv", slurp(dir + "groups.tsv")));
    long compared = 0;
    for (const char* m : kRelativeMeasures) {
        Evaluation ev = e.eval(m, MissingTopics::Skip);
        for (std::size_t run = 0; run < e.runs.size(); ++run) {
            const RunScores& r = ev.runs[run];
            for (std::size_t t = 0; t < r.topics.size(); ++t) {
                CAPTURE(m);
                CAPTURE(r.name);
                CAPTURE(r.topics[t]);
                CHECK(bits(ex(e, m, r.topics[t], run).value) == bits(r.values[0][t]));
                ++compared;
            }
        }
    }
    // 22 measures; bm25, dense, hybrid answer topics 101-103, shuffled 101 and 102.
    CHECK(compared == 22 * 11);
}
