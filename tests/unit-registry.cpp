// The registry's rows beyond names and parameters: what front-ends read (direction, values, kind,
// needs, explainable) and trec_eval's names.
#include "irlens/measures/measure.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <set>

using namespace irlens;

namespace {

const MeasureInfo& info(const char* name) {
    const MeasureInfo* m = find_measure(name);
    REQUIRE_MESSAGE(m, name);
    return *m;
}

bool needs(const MeasureInfo& m, Need n) { return std::find(m.needs.begin(), m.needs.end(), n) != m.needs.end(); }

}  // namespace

TEST_CASE("explainable comes from the compiled measure: the families built with traced(...)") {
    // Every family uses traced(...) (or overrides explain(): RelString, the IA and D-forms); the test
    // over the whole registry is unit-explain-registry.cpp.
    for (const char* name :
         {"P",      "R",         "Success", "RelP",       "AP",  "RR",         "nDCG",   "DCG",  "IdealDCG",  "RBP",
          "Compat", "Bpref",     "infAP",   "Rprec",      "Q",   "ERR",        "NumRet", "SetP", "RelString", "TBG",
          "sDCG",   "PrefsSimp", "APAvgJG", "P_rareness", "NRG", "alpha_nDCG", "ERR_IA", "S-RR"})
        CHECK_MESSAGE(info(name).explainable(), name);
}

TEST_CASE("direction, values and kind of a few rows") {
    CHECK(info("P").direction == Direction::Higher);
    CHECK(info("P").values.text() == "[0, 1]");
    CHECK(info("P").kind == MeasureKind::Ranked);
    CHECK(info("E").direction == Direction::Lower);  // 1 - F
    CHECK(info("E").kind == MeasureKind::Set);
    CHECK(info("NumRet").direction == Direction::Neither);  // a count describes a run
    CHECK(info("NumRet").values.text() == Range::non_negative().text());
    CHECK(info("NumRet").kind == MeasureKind::Set);
    CHECK(info("RBPResid").direction == Direction::Neither);
    CHECK(info("DCG").values.text() == Range::non_negative().text());  // unnormalised
    CHECK(info("Utility").values.text() == Range().text());            // any number: b < 0 by default
    for (const MeasureInfo& m : registry()) {
        INFO(m.name);
        if (m.integer) CHECK(m.direction == Direction::Neither);  // counts
        if (m.text_valued) CHECK(m.direction == Direction::Neither);
    }
}

TEST_CASE("needs: what a measure reads besides one run and TREC qrels") {
    CHECK(info("P").needs.empty());
    CHECK(needs(info("TBG"), Need::DocLengths));
    CHECK(needs(info("U"), Need::DocLengths));
    CHECK(needs(info("sDCG"), Need::Sessions));
    CHECK(needs(info("NRG"), Need::OtherRuns));
    CHECK(needs(info("P_rareness"), Need::OtherRuns));
    CHECK(needs(info("PrefsSimp"), Need::Preferences));
    CHECK(needs(info("APAvgJG"), Need::JudgmentGroups));
    CHECK(needs(info("alpha_nDCG"), Need::DiversityQrels));
    CHECK(needs(info("RBU"), Need::DiversityQrels));
    CHECK(std::string(need_name(Need::DocLengths)) == "doc lengths");
    for (const MeasureInfo& m : registry()) {
        INFO(m.name);
        CHECK(needs(m, Need::Preferences) == (m.input == RelInput::Preferences));
        CHECK(needs(m, Need::JudgmentGroups) == (m.input == RelInput::JudgmentGroups));
    }
}

TEST_CASE("trec_eval's names: one row each of te_trec_measures[], in order 1..56 (0 is runid)") {
    std::set<int> orders;
    std::set<std::string> roots;
    for (const MeasureInfo& m : registry())
        for (const TrecEvalName& n : m.trec_eval) {
            INFO(m.name << " as " << n.root);
            CHECK(orders.insert(n.order).second);
            CHECK(roots.insert(n.root).second);
        }
    REQUIRE(orders.size() == 56);  // measures.c: 57 rows with runid
    CHECK(*orders.begin() == 1);
    CHECK(*orders.rbegin() == 56);
    CHECK(info("AP").trec_eval.size() == 3);  // map, gm_map, map_cut
    CHECK(info("AP").trec_eval[1].root == "gm_map");
    CHECK(info("AP").trec_eval[1].average == TrecAverage::GeoMean);
    CHECK(!info("AP").trec_eval[1].per_query);
    for (const MeasureGroup& g : trec_eval_groups())
        for (const std::string& root : g.measures) {
            INFO(g.name << ": " << root);
            CHECK((root == "runid" || roots.count(root) == 1));
        }
}

TEST_CASE("a word that selects what a measure reports gives each choice its direction and values") {
    for (const MeasureInfo& m : registry())
        for (const ParamInfo& p : m.params) {
            INFO(m.name << "'s " << p.name);
            CHECK((p.outputs.empty() || (p.kind == ParamKind::Word && p.outputs.size() == p.choices.size())));
        }
    // C/W/L's out: EU (the default) rates the run in [0, 1]; ETU rates it too; a cost, the depth
    // and a residual describe it, so no front-end marks a "best" run by them.
    const MeasureSpec eu = parse_measure("INST"), etu = parse_measure("INST(out=ETU)");
    CHECK(eu.direction() == Direction::Higher);
    CHECK(eu.values().text() == "[0, 1]");
    CHECK(etu.direction() == Direction::Higher);
    CHECK(etu.values().text() == Range::non_negative().text());
    for (const char* name : {"INST(out=EC)", "SDCG(out=ETC)@10", "RBP_CWL(out=ED)"}) {
        INFO(name);
        CHECK(parse_measure(name).direction() == Direction::Neither);
        CHECK(parse_measure(name).values().text() == Range::non_negative().text());
    }
    CHECK(parse_measure("BPM(out=ResEU)@10").direction() == Direction::Neither);
    CHECK(parse_measure("BPM(out=ResEC)@10").values().text() == Range().text());  // a residual of either sign
    // Every other measure: the row's.
    CHECK(parse_measure("Utility").direction() == info("Utility").direction);
    CHECK(parse_measure("E@5").direction() == Direction::Lower);
    CHECK(parse_measure("NumRet").values().text() == info("NumRet").values.text());
}
