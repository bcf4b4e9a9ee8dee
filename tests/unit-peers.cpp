// The peers' own unit tests, transcribed (tests/peers/cases.json): ranx's metric tests,
// ir_measures' provider tests and pytrec_eval's tests, each case a qrels, a run, the name as the
// peer's users type it and the peer's value. Each name is read by parse_measure, the path every
// front-end takes, must print back as the case's `irlens` name, and is evaluated by evaluate()
// over the qrels' topics (a topic without a ranking scores 0: --missing zero), as ranx and
// ir_measures average; pytrec_eval cases name a topic. A case with a `difference` (listed in
// docs/differences-from-reference-tools.md) must still differ, so that the list stays true.
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/measures/measure_list.hpp"
#include "irlens/measures/peer_names.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <sstream>

namespace {

nlohmann::json load_cases() {
    std::ifstream in(std::string(IRLENS_TESTS_DIR) + "/peers/cases.json", std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "tests/peers/cases.json is missing");
    return nlohmann::json::parse(in);
}

/// The case's value as irlens computes it; throws what the reading or the evaluation throws.
double irlens_value(const nlohmann::json& c) {
    auto qrels = irlens::read_qrels("qrels", c.at("qrels").get<std::string>(), irlens::QrelsFormat::Plain);
    auto run = irlens::read_run(qrels, "run", c.at("run").get<std::string>(), irlens::RunOrder::Score);
    irlens::MeasureSpec m = irlens::parse_measure(c.at("measure").get<std::string>());
    if (m.name() != c.at("irlens").get<std::string>())
        throw irlens::UsageError("read as " + m.name() + ", not " + c.at("irlens").get<std::string>());
    irlens::EvalOptions o;
    o.missing = irlens::MissingTopics::Zero;
    irlens::Evaluation ev = irlens::evaluate(qrels, {run}, {m}, o);
    const irlens::RunScores& r = ev.runs.at(0);
    if (c.at("topic").is_null()) return r.aggregate.at(0);
    for (std::size_t t = 0; t < r.topics.size(); ++t)
        if (r.topics[t] == c.at("topic").get<std::string>()) return r.values.at(0).at(t);
    throw irlens::UsageError("topic " + c.at("topic").get<std::string>() + " was not scored");
}

}  // namespace

TEST_CASE("peers: every transcribed unit test of ranx, ir_measures and pytrec_eval gives the peer's number") {
    nlohmann::json doc = load_cases();
    REQUIRE(doc.at("format") == 1);
    std::size_t agreed = 0, differ = 0;
    std::ostringstream failures;
    for (const nlohmann::json& c : doc.at("cases")) {
        const std::string where = c.at("tool").get<std::string>() + " " + c.at("version").get<std::string>() + ", " +
                                  c.at("source").get<std::string>() + ": " + c.at("measure").get<std::string>() +
                                  (c.at("topic").is_null() ? "" : " topic " + c.at("topic").get<std::string>());
        const double expected = c.at("expected").get<double>();
        const double tolerance = 0.5 * std::pow(10.0, -c.at("places").get<int>());
        std::string got;
        bool agrees = false;
        try {
            if (c.at("irlens").is_null()) throw irlens::UsageError("no irlens name");
            double v = irlens_value(c);
            agrees = std::fabs(v - expected) <= tolerance + 1e-12;
            got = irlens::format_number(v);
        } catch (const std::exception& e) {
            got = std::string("refused: ") + e.what();
        }
        if (c.at("difference").is_null()) {
            if (agrees)
                ++agreed;
            else
                failures << where << ": expected " << irlens::format_number(expected) << ", irlens " << got << "\n";
        } else {
            ++differ;
            if (agrees) failures << where << ": listed as a difference but agrees now; remove the difference\n";
        }
    }
    INFO(failures.str());
    CHECK(failures.str().empty());
    MESSAGE("peers: " << agreed << " cases agree, " << differ << " listed differences");
    CHECK(agreed > 100);
}

TEST_CASE("peers: what each name means, arithmetic by hand") {
    using irlens::test::approx;
    using irlens::test::Fixture;
    // Grades 0..3: d1 3, d2 1, d3 2, d4 0; the run ranks d2 d3 d1 d4.
    Fixture f("1 0 d1 3\n1 0 d2 1\n1 0 d3 2\n1 0 d4 0\n", {irlens::test::ranked("1", {"d2", "d3", "d1", "d4"})});
    // ranx's rbp.5: raw grades as gains, (1 - p) sum g_i p^(i-1) = 0.5 (1 + 2 * 0.5 + 3 * 0.25) = 1.375.
    CHECK(f.value("rbp.5", "1") == approx(1.375));
    CHECK(f.value("rbp@5", "1") == approx(1.375));
    // irlens' RBP(p=0.5) normalises by the highest grade 3: 1.375 / 3.
    CHECK(f.value("RBP(p=0.5)", "1") == approx(1.375 / 3));
    // rbp.5-l2: grade 1 (d2) dropped, the rest raw: 0.5 (0 + 2 * 0.5 + 3 * 0.25) = 0.875.
    CHECK(f.value("rbp.5-l2", "1") == approx(0.875));
    // ndcg@3-l2: gains 0, 2, 3 at ranks 1-3: 2/log2(3) + 3/2; ideal 3, 2: 3 + 2/log2(3).
    CHECK(f.value("ndcg@3-l2", "1") == approx((2 / std::log2(3.0) + 1.5) / (3 + 2 / std::log2(3.0))));
    // map-l2 is AP(rel=2): relevant d3 (rank 2), d1 (rank 3): (1/2 + 2/3) / 2.
    CHECK(f.value("map-l2", "1") == approx((0.5 + 2.0 / 3) / 2));
    // hits@2: 2 relevant (grade >= 1) in the top 2; hits@2-l3: none of grade 3 there.
    CHECK(f.value("hits@2", "1") == approx(2));
    CHECK(f.value("hits@2-l3", "1") == approx(0));
    // recall (ranx): the whole ranking, 3 of 3; precision: 3 relevant of 4 retrieved.
    CHECK(f.value("recall", "1") == approx(1));
    CHECK(f.value("precision", "1") == approx(0.75));
    // hit_rate without k: a relevant document anywhere.
    CHECK(f.value("hit_rate-l3", "1") == approx(1));
    // ir_measures' Accuracy: non-relevant d2? no: relevant (grade >= 1) d2, d3, d1 at ranks 1-3, d4 (grade 0) at 4:
    // no relevant document below a non-relevant one: 1 - 0 / (1 * 3) = 1. With rel=3: d1 at rank 3 has
    // 2 non-relevant above, of N = 3: 1 - 2 / (3 * 1) = 1/3.
    CHECK(f.value("Accuracy", "1") == approx(1.0));
    CHECK(f.value("Accuracy(rel=3)", "1") == approx(1.0 / 3));
    // @2 with rel=3: no relevant document in the top 2: no value (NaN), left out of the mean.
    CHECK(std::isnan(f.value("Accuracy(rel=3)@2", "1")));
    // ERR@k is gdeval's (max_grade 4): Pr = 1/16, 3/16, 7/16;
    // ERR = 1/16 + (15/16)(3/16)/2 + (15/16)(13/16)(7/16)/3.
    CHECK(f.value("ERR", "1") ==
          approx(1.0 / 16 + (15.0 / 16) * (3.0 / 16) / 2 + (15.0 / 16) * (13.0 / 16) * (7.0 / 16) / 3));
}

TEST_CASE("peers: the names as printed back") {
    auto name = [](const char* typed) { return irlens::parse_measure(typed).name(); };
    CHECK(name("ndcg@10-l2") == "nDCG(gains={1:0})@10");
    CHECK(name("ndcg_burges@10-l3") == "nDCG(gains={1:0,2:0},dcg=exp-log2)@10");
    CHECK(name("map-l2") == "AP(rel=2)");
    CHECK(name("rbp.95") == "RBP(p=0.95,norm=none)");
    CHECK(name("rbp@8") == "RBP(norm=none)");  // p = 0.8, RBP's default
    CHECK(name("RBP@8") == "RBP@8");           // irlens' RBP(p=0.8) truncated at rank 8: a different measure
    CHECK(name("hits@5") == "NumRelRet(agg=mean)@5");
    CHECK(name("hit_rate") == "Success");
    CHECK(name("recall") == "SetR");
    CHECK(name("precision") == "SetP");
    CHECK(name("r_precision") == "Rprec");
    CHECK(name("nDCG(dcg='exp-log2')@10") == "nDCG(dcg=exp-log2)@10");
    CHECK(name("nDCG(dcg=\"exp-log2\")@10") == "nDCG(dcg=exp-log2)@10");
    CHECK(name("Judged(cutoff=3)") == "Judged@3");
    CHECK(name("IPrec(recall=0.4)") == "IPrec@0.4");
    CHECK(name("SetP(relative=True)") == "SetRelP");
    CHECK(name("SetP(rel=2,relative=False)") == "SetP(rel=2)");
    CHECK(name("\xCE\xB1_nDCG@10") == "alpha_nDCG@10");
    CHECK(name("ERR@20") == "ERR@20");
    std::vector<std::string> list = irlens::split_measure_list("P_5,10 ndcg_cut.1,4");
    CHECK(list == std::vector<std::string>{"P_5", "P_10", "ndcg_cut.1", "ndcg_cut.4"});
}

TEST_CASE("peers: names irlens refuses say which tool defines them and what irlens offers") {
    auto refused = [](const char* typed) {
        try {
            irlens::parse_measure(typed);
        } catch (const irlens::UsageError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    CHECK(refused("NERR@10").find("irlens' normalised ERR is nERR") != std::string::npos);
    // Issue 41: cwl_eval's C/W/L measures, once refused here, are computed (tests/unit-cwl.cpp) under
    // ir_measures' spellings; `sdcg` names both SDCG (scaled) and sDCG (session), never only one.
    for (const char* n : {"SDCG(max_rel=2)@10", "NERR8(max_rel=1)@10", "NERR9@10", "NERR10(p=0.9)", "NERR11(T=1.0)",
                          "INST(T=2,min_rel=0,max_rel=3)", "INSQ", "BPM(T=1)@10"})
        CHECK_MESSAGE(refused(n) == "accepted", n);
    CHECK(refused("sdcg@10") == "unknown measure 'sdcg' (SDCG is scaled DCG, a C/W/L measure; sDCG is session DCG)");
    CHECK(refused("rbp").find("rbp.95") != std::string::npos);
    CHECK(refused("map-l0") ==
          "measure 'map-l0': ranx's level suffix -lN needs a whole number N >= 1 (judgments below N "
          "are dropped), got '-l0'");
    CHECK(refused("Judged(cutoff=3)@5") == "measure 'Judged(cutoff=3)@5': the cutoff is given twice");
    CHECK(irlens::find_measure_group("official") != nullptr);
    CHECK(irlens::find_measure_group("recall") == nullptr);
    CHECK(irlens::find_measure_group("recall_oriented") != nullptr);
    CHECK_FALSE(irlens::changed_name_note("recall").empty());
}
