// The measure-name language: parsing, canonical printing, error messages.
#include "irlens/error.hpp"
#include "irlens/measure.hpp"

#include <doctest/doctest.h>

using namespace irlens;

TEST_CASE("canonical names: cutoff, shown parameters, non-default parameters") {
    CHECK(parse_measure("P@10").name() == "P@10");
    CHECK(parse_measure("P(rel=2)@5").name() == "P(rel=2)@5");
    CHECK(parse_measure("P(rel=1)@5").name() == "P@5");           // default omitted
    CHECK(parse_measure(" nDCG @ 10 ").name() == "nDCG@10");
    CHECK(parse_measure("RBP").name() == "RBP(p=0.8)");            // p is always shown
    CHECK(parse_measure("RBP(p=0.50)").name() == "RBP(p=0.5)");
    CHECK(parse_measure("SetF").name() == "SetF(beta=1)");
    CHECK(parse_measure("MAP").name() == "AP");                    // alias -> canonical
    CHECK(parse_measure("AP(agg=gmean)").name() == "AP(agg=gmean)");
    CHECK(parse_measure("nDCG(gains={0:0,1:1,2:3})@10").name() == "nDCG(gains={0:0,1:1,2:3})@10");
    CHECK(parse_measure("IPrec@0.50").name() == "IPrec@0.5");
    CHECK(parse_measure("AP(judged_only=true)").name() == "AP(judged_only=True)");
    CHECK(parse_measure("P@10").full_name() == "P(rel=1,judged_only=False,agg=mean)@10");
    CHECK(parse_measure("RBP").full_name() == "RBP(p=0.8,norm=qrels,judged_only=False,agg=mean)");
}

TEST_CASE("parse_measures splits lists on spaces and top-level commas") {
    auto list = parse_measures("P@5 nDCG(gains={0:0, 1:1})@10,RR");
    REQUIRE(list.size() == 3);
    CHECK(list[1].name() == "nDCG(gains={0:0,1:1})@10");
    CHECK(list[2].name() == "RR");
}

TEST_CASE("measure-name errors say what is wrong") {
    CHECK_THROWS_WITH_AS(parse_measure("Foo@10"), "unknown measure 'Foo' (see `irlens measures` for the list)", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("ndcg_cut@10"), "unknown measure 'ndcg_cut' (see `irlens measures` for the list)",
                         UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("rr"), "unknown measure 'rr' (did you mean RR?)", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("P"), "measure 'P': P needs a cutoff, e.g. P@10", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("P@0"), "measure 'P@0': the cutoff must be a positive integer, got '0'", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("P@x"), "measure 'P@x': the cutoff must be a positive integer, got 'x'", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("Rprec@5"), "measure 'Rprec@5': Rprec takes no @cutoff", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("P(foo=1)@5"),
                         "measure 'P(foo=1)@5': P has no parameter 'foo' (parameters: rel, judged_only, agg)", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("P(rel=x)@5"), "measure 'P(rel=x)@5': parameter rel of P must be an integer, got 'x'",
                         UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("P(rel=1,rel=2)@5"), "measure 'P(rel=1,rel=2)@5': parameter rel given twice", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("P(rel=1@5"), "measure 'P(rel=1@5': missing ')'", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("RBP(norm=x)"),
                         "measure 'RBP(norm=x)': parameter norm of RBP must be one of qrels|topic, got 'x'", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("nDCG(gains={1:2,1:3})"),
                         "measure 'nDCG(gains={1:2,1:3})': parameter gains of nDCG lists level 1 twice, got '{1:2,1:3}'",
                         UsageError);
    CHECK_THROWS_WITH_AS(parse_measure(""), "empty measure name", UsageError);
}

TEST_CASE("every registry entry parses with its defaults and prints a name that parses back to itself") {
    for (const MeasureInfo& m : registry()) {
        std::string text = m.name;
        if (m.cutoff_required)
            text += m.cutoff == CutoffKind::Int ? "@10" : m.cutoff == CutoffKind::Percent ? "@50%" : "@0.5";
        bool needs_param = false;
        for (const ParamInfo& p : m.params) needs_param |= p.required;
        if (needs_param) continue;  // measures with required parameters have their own tests
        MeasureSpec s = parse_measure(text);
        CHECK_MESSAGE(parse_measure(s.name()).name() == s.name(), text);
        CHECK_MESSAGE(parse_measure(s.full_name()).full_name() == s.full_name(), text);
        CHECK_MESSAGE(!m.help.empty(), text);
        CHECK_MESSAGE(!m.citation.empty(), text);
    }
}
