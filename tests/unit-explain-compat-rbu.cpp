// Explain mode of Compat (compat.cpp) and of the utility diversity measures EU, CT and RBU in both
// forms (diversity_utility.cpp): the recorded arithmetic on hand-checkable fixtures, and that the
// explained value is bit-identical to the evaluated one.
#include "fixture.hpp"

#include "irlens/evaluation/explain.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>

using irlens::test::approx;
using irlens::test::Fixture;
using namespace irlens;

namespace {

Explanation ex(const Fixture& f, const std::string& measure, const std::string& topic = "1", std::size_t run = 0) {
    return explain(f.qrels, f.runs.at(run), topic, parse_measure(measure));
}

/// The bits of a double: equal bits, bit-identical values (NaN included).
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

}  // namespace

TEST_CASE("Compat explained: overlaps of the run with the ideal ranking, value bit for bit") {
    // Topic 1: a grade 2, c and d grade 1, b grade 0. run0 ranks a b c x, so R = a b c x and the
    // ideal I = a c d (grade 2 first; c before d, as the run scores c and leaves d unretrieved).
    // A_i = |R[1..i] & I[1..i]|: {a}&{a} = 1, {a,b}&{a,c} = 1, {a,b,c}&{a,c,d} = 2, then 2.
    Fixture f(
        "1 0 a 2\n1 0 b 0\n1 0 c 1\n1 0 d 1\n2 0 z 1\n",
        {"1 Q0 a 1 4 t\n1 Q0 b 2 3 t\n1 Q0 c 3 2 t\n1 Q0 x 4 1 t\n2 Q0 z 1 1 t\n", "1 Q0 b 1 3 t\n1 Q0 c 2 2 t\n"});
    const Explanation e = ex(f, "Compat");
    CHECK(column(e, "overlap A_i") == std::vector<double>{1, 1, 2, 2});
    REQUIRE(e.rows.size() == 4);
    CHECK(e.rows[0].doc == "a");
    CHECK(e.rows[0].rel == 2);
    CHECK(e.terms.back().first == "Compat = RBO(R, I) / RBO(I, I)");
    for (const char* m : {"Compat", "Compat(p=0.8)", "Compat(normalize=False)", "Compat(p=0.5)"})
        for (std::size_t run = 0; run < 2; ++run)
            for (const char* topic : {"1", "2"}) {
                CAPTURE(m);
                CAPTURE(run);
                CAPTURE(topic);
                const double evaluated = f.value(m, topic, run, MissingTopics::Zero);
                CHECK(bits(ex(f, m, topic, run).value) == bits(evaluated));
            }
}

TEST_CASE("RBU(form=authors) explained: the authors' weights and gains per rank, value bit for bit") {
    // As tests/unit-rbu-authors.cpp: intent 1: a (grade 1); intent 2: b (grade 2); run a n b,
    // uniform weights 0.5, p = 0.8, e = 0.03. authors: r'(a, 1) = 1/2, r'(b, 2) = 3/4.
    //   rank 1: p^0 = 1,    gain 0.5 * 0.5 = 0.25,   1 (0.25 - 0.03) = 0.22,       sum 0.22
    //   rank 2: p^1 = 0.8,  gain 0,                  0.8 (0 - 0.03) = -0.024,      sum 0.196
    //   rank 3: p^2 = 0.64, gain 0.5 * 0.75 = 0.375, 0.64 (0.375 - 0.03) = 0.2208, sum 0.4168
    //   RBU = (1 - 0.8) 0.4168 = 0.08336.
    Fixture f("1 1 a 1\n1 2 b 2\n2 1 z 1\n", {"1 Q0 a 1 3 t\n1 Q0 n 2 2 t\n1 Q0 b 3 1 t\n"}, QrelsFormat::Grouped);
    const Explanation e = ex(f, "RBU(form=authors)");
    CHECK(column(e, "r(d, intent 1)") == std::vector<double>{0.5, 0, 0});
    CHECK(column(e, "r(d, intent 2)") == std::vector<double>{0, 0, 0.75});
    const std::vector<double> weight = column(e, "p^(i-1)"), gain = column(e, "gain"), sum = column(e, "sum so far");
    REQUIRE(weight.size() == 3);
    CHECK(weight[0] == 1);
    CHECK(weight[2] == approx(0.64));
    CHECK(gain[0] == approx(0.25));
    CHECK(gain[2] == approx(0.375));
    CHECK(sum[1] == approx(0.196));
    CHECK(sum[2] == approx(0.4168));
    CHECK(e.terms.back().first == "RBU = (1 - p) sum");
    CHECK(e.value == approx(0.08336));
    // The judgment shown per rank is the document's highest grade over the intents.
    CHECK(e.rows[0].doc == "a");
    CHECK(e.rows[0].rel == 1);
    CHECK(e.rows[1].rel == kNotInPool);
    CHECK(e.rows[2].rel == 2);
    // Eq. 11 weighs rank i by p^i (0.8, 0.64, 0.512) with the file's highest grade (2).
    CHECK(column(ex(f, "RBU"), "p^i") == std::vector<double>{0.8, 0.8 * 0.8, 0.8 * 0.8 * 0.8});
    for (const char* m : {"RBU(form=authors)", "RBU(form=authors)@2", "RBU(p=0.5,form=authors)", "RBU", "RBU@2",
                          "RBU(e=0)", "EU@3", "CT@2"})
        for (const char* topic : {"1", "2"}) {
            CAPTURE(m);
            CAPTURE(topic);
            const double evaluated = f.value(m, topic, 0, MissingTopics::Zero);
            CHECK(bits(ex(f, m, topic).value) == bits(evaluated));
        }
    // Topic 2 is not answered: the authors' code scores it 0, and the explanation says why.
    const Explanation missing = ex(f, "RBU(form=authors)", "2");
    CHECK(missing.missing);
    CHECK(missing.value == 0.0);
    CHECK(missing.terms.back().first == "RBU (no ranking: the topic was not answered)");
}
